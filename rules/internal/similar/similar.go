// Package similar finds texts that say nearly the same thing, in time
// near-linear in the number of texts: each text becomes a set of hashed
// shingles (Features), each set a MinHash signature, and only the pairs
// whose signatures agree on a band (locality-sensitive hashing) have their
// exact Jaccard similarity computed (Pairs).
//
// Words are runs of letters and digits, lowercased; their shingles are
// runs of ShingleWords words. Chinese, Japanese and Korean text, which has
// no spaces between words (or, in Korean, words too inflected to match),
// contributes its character trigrams instead. Punctuation and Markdown
// markup are not words, so "**Why:**" and "Why" are the same.
//
// The API is small on purpose: memory-duplicate uses it, and other rules
// that compare texts may.
package similar

import (
	"math/bits"
	"slices"
	"sort"
	"unicode"
	"unicode/utf8"
)

// ShingleWords is the number of words in a shingle: three words keep
// texts that share a vocabulary but not sentences apart, and still match
// sentences that were reworded in places.
const ShingleWords = 3

// cjkGram is the number of characters in a CJK shingle.
const cjkGram = 3

// Features returns the set of text's shingles, hashed, sorted and unique,
// and the number of its words (two CJK characters counting as one word,
// as a CJK word is about two characters long). A text of fewer than
// ShingleWords words (and no CJK run of cjkGram characters) has no
// shingles.
func Features(text string) (set []uint64, words int) {
	var out []uint64
	var ring [ShingleWords]uint64 // the hashes of the last words
	nWords := 0
	var cjk [cjkGram]rune
	nCJK := 0
	word := uint64(fnvOffset)
	inWord := false
	endWord := func() {
		if !inWord {
			return
		}
		inWord = false
		ring[nWords%ShingleWords] = word
		nWords++
		word = fnvOffset
		if nWords >= ShingleWords {
			// Each word's hash times an odd constant of its place, so
			// that "a b c" and "c b a" differ, then one mix.
			h := uint64(0)
			for i := nWords - ShingleWords; i < nWords; i++ {
				h = h*placeFactor ^ ring[i%ShingleWords]
			}
			out = append(out, mix(h))
		}
	}
	cjkChars := 0
	for i := 0; i < len(text); {
		if c := text[i]; c < utf8.RuneSelf { // ASCII, most of most texts
			i++
			switch {
			case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
			case 'A' <= c && c <= 'Z':
				c += 'a' - 'A'
			default:
				endWord()
				nCJK = 0
				continue
			}
			nCJK = 0
			inWord = true
			word = (word ^ uint64(c)) * fnvPrime
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		switch {
		case isCJK(r):
			endWord()
			cjkChars++
			cjk[nCJK%cjkGram] = r
			nCJK++
			if nCJK >= cjkGram {
				h := uint64(cjkSeed)
				for j := nCJK - cjkGram; j < nCJK; j++ {
					h = mix(h ^ uint64(cjk[j%cjkGram]))
				}
				out = append(out, h)
			}
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			nCJK = 0
			inWord = true
			var buf [utf8.UTFMax]byte
			for _, b := range buf[:utf8.EncodeRune(buf[:], unicode.ToLower(r))] {
				word = (word ^ uint64(b)) * fnvPrime
			}
		default:
			endWord()
			nCJK = 0
		}
	}
	endWord()
	return unique(out), nWords + cjkChars/2
}

// isCJK reports whether r is a character of a script written without
// spaces between words, or Hangul.
func isCJK(r rune) bool {
	return r >= 0x1100 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r))
}

// FNV-1a constants for hashing a word's bytes, and a seed that keeps CJK
// trigrams apart from word shingles.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
	cjkSeed   = 0x9e3779b97f4a7c15
	// placeFactor weighs a word by its place in a shingle.
	placeFactor = 0xff51afd7ed558ccd
)

// mix is a 64-bit finaliser (SplitMix64's): it spreads every input bit
// over the output, which MinHash's bins need.
func mix(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return h
}

func unique(s []uint64) []uint64 {
	sortHashes(s)
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// sortHashes sorts s, whose values are mixed hashes and so spread evenly:
// a counting pass puts each in the bucket of its top bits (about two per
// bucket), then an insertion sort orders the few values of each bucket.
// That is linear where slices.Sort's comparisons are n log n, and the
// features of every memory of a run are sorted. Equal values (a sentence
// said twice) stay where they fall, so the worst case is a bucket of
// distinct values that share their top bits, which mixing makes rare.
func sortHashes(s []uint64) {
	n := len(s)
	if n < minBucketSort {
		slices.Sort(s)
		return
	}
	shift := uint(64 - bits.Len(uint(n)))
	count := make([]int32, 1<<(64-shift)+1)
	for _, v := range s {
		count[v>>shift+1]++
	}
	for i := 1; i < len(count); i++ {
		count[i] += count[i-1]
	}
	buf := make([]uint64, n)
	for _, v := range s {
		b := v >> shift
		buf[count[b]] = v
		count[b]++
	}
	for i := 1; i < n; i++ {
		v := buf[i]
		j := i
		for j > 0 && buf[j-1] > v {
			buf[j] = buf[j-1]
			j--
		}
		buf[j] = v
	}
	copy(s, buf)
}

// minBucketSort is the fewest values sortHashes sorts by bucket: fewer
// sort faster by comparison.
const minBucketSort = 64

// Jaccard returns |a ∩ b| / |a ∪ b| of two sorted sets of unique values
// (as Features returns them); 0 when both are empty.
func Jaccard(a, b []uint64) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 0
	}
	common := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			common++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return float64(common) / float64(len(a)+len(b)-common)
}

// Pair is two texts, by their index in the slice given to Pairs (A < B),
// and their Jaccard similarity.
type Pair struct {
	A, B  int
	Score float64
}

// The signature has bins values (one-permutation MinHash: each feature
// is hashed once, into one of the bins); bands of rows values are bucketed.
// With 21 bands of 3 rows, a pair of similarity 0.6 becomes a candidate
// with probability 1-(1-0.6³)²¹ ≈ 0.994, one of 0.5 with 0.94, one of 0.2
// with 0.16: the exact Jaccard then settles it.
const (
	rows  = 3
	bands = 21
	bins  = rows * bands
)

// maxPeers bounds how many earlier members of one bucket a text is
// compared with: a dir of a hundred copies of one template would otherwise
// compare every copy with every other. A text still meets the first
// members of each of its buckets, so a cluster of near duplicates is
// found (each member paired with one of the first), at a cost linear in
// the number of texts.
const maxPeers = 8

// Pairs returns the pairs of sets whose Jaccard similarity is at least
// min, sorted by A then B. Sets with fewer than minFeatures features are
// left out: short texts share too little to tell a copy from a common
// phrase. A pair whose similarity is at least min may be missed with a
// small probability (see rows and bands), the same one on every run.
func Pairs(sets [][]uint64, min float64, minFeatures int) []Pair {
	buckets := map[uint64][]int{}
	seen := map[[2]int]bool{}
	var out []Pair
	sig := make([]uint64, bins)
	for i, set := range sets {
		if len(set) < minFeatures || len(set) == 0 {
			continue
		}
		signature(set, sig)
		for band := 0; band < bands; band++ {
			key := uint64(band) + 1
			for _, v := range sig[band*rows : band*rows+rows] {
				key = mix(key ^ v)
			}
			peers := buckets[key]
			for k, j := range peers {
				if k >= maxPeers {
					break
				}
				if seen[[2]int{j, i}] {
					continue
				}
				seen[[2]int{j, i}] = true
				if s := Jaccard(sets[j], set); s >= min {
					out = append(out, Pair{A: j, B: i, Score: s})
				}
			}
			buckets[key] = append(peers, i)
		}
	}
	sort.Slice(out, func(x, y int) bool {
		if out[x].A != out[y].A {
			return out[x].A < out[y].A
		}
		return out[x].B < out[y].B
	})
	return out
}

// signature fills sig with set's one-permutation MinHash: each feature,
// rehashed, goes to the bin of its top bits, which keeps its smallest
// value. An empty bin borrows the value of the next full one (rotation
// densification), mixed with the distance, so two sets agree on it about
// as often as on a full bin.
func signature(set []uint64, sig []uint64) {
	const empty = ^uint64(0)
	for i := range sig {
		sig[i] = empty
	}
	for _, f := range set {
		h := mix(f ^ 0x5851f42d4c957f2d)
		b := int((h >> 32) * uint64(bins) >> 32) // bin from the top 32 bits
		if v := h & 0xffffffff; v < sig[b] {
			sig[b] = v
		}
	}
	for i := range sig {
		if sig[i] != empty {
			continue
		}
		for d := 1; d < bins; d++ {
			if v := sig[(i+d)%bins]; v != empty && v <= 0xffffffff {
				sig[i] = (1<<32 | uint64(d)) ^ bits.RotateLeft64(v, 32)
				break
			}
		}
	}
}
