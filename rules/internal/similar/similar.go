// Package similar finds texts that say nearly the same thing, in time
// near-linear in the number of texts: each text is read once into a
// Sketch (its MinHash signature over hashed shingles), and only the pairs
// whose signatures agree on a band (locality-sensitive hashing) have their
// exact Jaccard similarity computed (PairsOf), from the texts' sets of
// hashed shingles (Features), which a caller makes for those texts alone.
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

// Reader reads one text, given in pieces, and hashes its shingles as it
// goes: into a signature (Sketch) and, when collecting, into the set
// Features returns. The pieces read as if joined by white space: a piece
// ends a word, and the caller need not build the text (a file's body with
// its comments cut out, after its description). The zero value sketches
// alone; NewReader(true) also collects.
type Reader struct {
	collect  bool
	set      []uint64
	sig      [bins]uint64
	filter   filter
	shingles int // with repeats

	// The hashes of the last two words (w2 the older): the shingle a word
	// ends is those and it.
	w1, w2 uint64
	nWords int
	// wordsBefore counts the words read before the last Break, which no
	// shingle joins to those after it.
	wordsBefore int
	c1, c2      rune // the last two CJK characters (c2 the older)
	cjkChars    int
	started     bool
}

// NewReader returns a Reader; with collect, it keeps the shingles for
// Features.
func NewReader(collect bool) *Reader {
	r := &Reader{collect: collect}
	r.start()
	return r
}

func (r *Reader) start() {
	if r.started {
		return
	}
	r.started = true
	for i := range r.sig {
		r.sig[i] = emptyBin
	}
}

// AddString reads one piece of the text.
func (r *Reader) AddString(piece string) { r.start(); read(r, piece) }

// Add reads one piece of the text.
func (r *Reader) Add(piece []byte) { r.start(); read(r, piece) }

// read hashes text's shingles: the one scanner of both piece types. The
// word being read is in locals, which the compiler keeps in registers; a
// piece ends a word, so nothing of it outlives the call. A run of ASCII
// word bytes, most of most texts, is hashed by an inner loop that looks
// each byte up once (byteWord). The hashes of the words read go to a
// buffer that endWords turns into shingles a batch at a time: a word's
// end is a branch the processor mispredicts, and the shingle's hashing
// behind it, a long chain of multiplications, would be thrown away and
// begun again at each; in a loop of its own it overlaps from one word to
// the next.
func read[T string | []byte](r *Reader, text T) {
	word, inWord := uint64(fnvOffset), false
	var words wordBuffer
	nCJK := 0 // length of the current CJK run
	for i := 0; i < len(text); {
		if l := byteWord[text[i]]; l-1 < asciiWordMax {
			// A run of ASCII letters and digits: in one word with what came
			// before it (a non-ASCII letter) and what comes after.
			nCJK = 0
			inWord = true
			word = (word ^ uint64(l)) * fnvPrime
			for i++; i < len(text); i++ {
				l = byteWord[text[i]]
				if l-1 >= asciiWordMax {
					break
				}
				word = (word ^ uint64(l)) * fnvPrime
			}
			continue
		}
		if text[i] < utf8.RuneSelf { // ASCII that is no part of a word
			i++
			nCJK = 0
			if inWord {
				words.add(r, word)
				word, inWord = fnvOffset, false
			}
			continue
		}
		ch, size := utf8.DecodeRuneInString(string(text[i:min(i+utf8.UTFMax, len(text))]))
		i += size
		switch {
		case isCJK(ch):
			if inWord {
				words.add(r, word)
				word, inWord = fnvOffset, false
			}
			nCJK++
			r.cjkChars++
			if nCJK >= cjkGram {
				h := mix(uint64(cjkSeed) ^ uint64(r.c2))
				h = mix(h ^ uint64(r.c1))
				r.add(mix(h ^ uint64(ch)))
			}
			r.c2, r.c1 = r.c1, ch
		case unicode.IsLetter(ch) || unicode.IsDigit(ch) || unicode.Is(unicode.Mn, ch):
			nCJK = 0
			inWord = true
			var buf [utf8.UTFMax]byte
			for _, b := range buf[:utf8.EncodeRune(buf[:], unicode.ToLower(ch))] {
				word = (word ^ uint64(b)) * fnvPrime
			}
		default:
			nCJK = 0
			if inWord {
				words.add(r, word)
				word, inWord = fnvOffset, false
			}
		}
	}
	if inWord {
		words.add(r, word)
	}
	r.endWords(words.hashes[:words.n])
}

// wordBuffer holds the hashes of words read and not yet counted.
type wordBuffer struct {
	hashes [wordBatch]uint64
	n      int
}

// add buffers the hash of a word, handing the buffer to r.endWords when
// it is full.
func (b *wordBuffer) add(r *Reader, w uint64) {
	b.hashes[b.n] = w
	if b.n++; b.n == len(b.hashes) {
		r.endWords(b.hashes[:])
		b.n = 0
	}
}

// wordBatch is how many words read buffers for endWords.
const wordBatch = 64

// byteWord maps a byte to itself lowercased when it is an ASCII letter or
// digit, and to 0 otherwise (other ASCII, and every byte of a multi-byte
// character). A word byte minus one is below asciiWordMax and 0 minus one
// is not, so one comparison tells a word byte.
var byteWord = func() (t [256]byte) {
	for c := range utf8.RuneSelf {
		switch {
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
			t[c] = byte(c)
		case 'A' <= c && c <= 'Z':
			t[c] = byte(c) + 'a' - 'A'
		}
	}
	return t
}()

// asciiWordMax bounds byteWord's values less one: 'z' is the largest.
const asciiWordMax = 'z'

// endWords counts words, of hashes ws, in the order read, and adds the
// shingles they end. The order of shingles does not matter: a bin keeps
// its smallest value, and Features sorts the set.
func (r *Reader) endWords(ws []uint64) {
	w1, w2, n := r.w1, r.w2, r.nWords
	for _, w := range ws {
		if n++; n >= ShingleWords {
			// Each word's hash times an odd constant of its place, so that
			// "a b c" and "c b a" differ, then one mix.
			r.add(mix((w2*placeFactor^w1)*placeFactor ^ w))
		}
		w2, w1 = w1, w
	}
	r.w1, r.w2, r.nWords = w1, w2, n
}

// add adds one shingle's hash: to the signature's bin of its top bits,
// which keeps its smallest value (one-permutation MinHash), and to the
// set when collecting.
func (r *Reader) add(f uint64) {
	r.shingles++
	if r.collect {
		r.set = append(r.set, f)
	}
	h := mix(f ^ binSeed)
	b := (h >> 32) * bins >> 32 // bin from the top 32 bits
	r.sig[b] = min(r.sig[b], h&0xffffffff)
	r.filter.add(f)
}

// filter is a one-hash Bloom filter of a text's shingles, 2,048 bits: it
// answers "may the text hold this shingle?" without the text, false
// positives only, so that a short text (a line of MEMORY.md) can be looked
// for among many memories by reading again only those that may hold it.
// A memory of 300 shingles sets about 14 % of the bits, one of 1,000 about
// 39 %.
type filter [filterWords]uint64

// filterWords is the filter's size in 64-bit words, a power of two.
const filterWords = 32

// add sets the bit of the shingle f: a mixed hash, whose low bits are as
// good as any.
func (fl *filter) add(f uint64) { fl[(f>>6)&(filterWords-1)] |= 1 << (f & 63) }

// has reports whether the bit of f is set.
func (fl *filter) has(f uint64) bool { return fl[(f>>6)&(filterWords-1)]&(1<<(f&63)) != 0 }

// Restart begins another text whose shingles go to the same filter (see
// Sketch.MayHold): what was read before stays in the filter alone, and
// the signature, the set, the word count and the words in progress start
// afresh, as after a Break. A memory's description is read before its
// body so: a line of the index may repeat either, but only the body is
// compared with other memories.
func (r *Reader) Restart() {
	*r = Reader{collect: r.collect, set: r.set[:0], filter: r.filter}
	r.start()
}

// Words is the number of words read so far, two CJK characters counting
// as one word (a CJK word is about two characters long).
func (r *Reader) Words() int { return r.wordsBefore + r.nWords + r.cjkChars/2 }

// Break ends a run of words: no shingle joins the words read before it to
// those read after (a piece alone ends a word, not a shingle). A CJK run
// never spans pieces.
func (r *Reader) Break() {
	r.wordsBefore += r.nWords
	r.nWords, r.w1, r.w2 = 0, 0, 0
}

// Sketch returns the signature of the text read.
func (r *Reader) Sketch() Sketch {
	r.start()
	s := Sketch{sig: r.sig, filter: r.filter, empty: r.shingles == 0}
	densify(&s.sig)
	return s
}

// Features returns the set of the text's shingles, hashed, sorted and
// unique, as Features does; nil unless the Reader collects.
func (r *Reader) Features() []uint64 { return unique(r.set) }

// Features returns the set of text's shingles, hashed, sorted and unique,
// and the number of its words (two CJK characters counting as one word,
// as a CJK word is about two characters long). A text of fewer than
// ShingleWords words (and no CJK run of cjkGram characters) has no
// shingles.
func Features(text string) (set []uint64, words int) {
	r := NewReader(true)
	r.AddString(text)
	return r.Features(), r.Words()
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
	// binSeed rehashes a shingle for the signature.
	binSeed = 0x5851f42d4c957f2d
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
// That is linear where slices.Sort's comparisons are n log n. Equal values
// (a sentence said twice) stay where they fall, so the worst case is a
// bucket of distinct values that share their top bits, which mixing makes
// rare.
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

// emptyBin marks a bin no shingle fell into: above every 32-bit value.
const emptyBin = ^uint64(0)

// maxPeers bounds how many earlier members of one bucket a text is
// compared with: a dir of a hundred copies of one template would otherwise
// compare every copy with every other. A text still meets the first
// members of each of its buckets, so a cluster of near duplicates is
// found (each member paired with one of the first), at a cost linear in
// the number of texts.
const maxPeers = 8

// Sketch is what PairsOf compares of a text to find the pairs worth an
// exact comparison: its MinHash signature, and whether it has shingles.
type Sketch struct {
	sig    [bins]uint64
	filter filter
	empty  bool
}

// Empty reports whether the text has no shingles.
func (s *Sketch) Empty() bool { return s.empty }

// MayHold reports whether the text may hold at least n of the shingles of
// set (as Features returns them): true whenever it holds them, and at
// times when it does not (the filter's false positives). It stops as soon
// as too many shingles are missing, which for an unrelated text is soon.
func (s *Sketch) MayHold(set []uint64, n int) bool {
	missing := len(set) - n // how many may be missing
	for _, k := range set {
		if !s.filter.has(k) {
			if missing--; missing < 0 {
				return false
			}
		}
	}
	return missing >= 0
}

// Pairs returns the pairs of sets whose Jaccard similarity is at least
// min, sorted by A then B. Sets with fewer than minFeatures features are
// left out: short texts share too little to tell a copy from a common
// phrase. A pair whose similarity is at least min may be missed with a
// small probability (see rows and bands), the same one on every run.
func Pairs(sets [][]uint64, min float64, minFeatures int) []Pair {
	sketches := make([]*Sketch, len(sets))
	for i, set := range sets {
		if len(set) >= minFeatures {
			s := sketchOf(set)
			sketches[i] = &s
		}
	}
	return PairsOf(sketches, min, func(a, b int) (float64, bool) { return Jaccard(sets[a], sets[b]), true })
}

// sketchOf returns the sketch of a text by its set of shingles, as a
// Reader makes it as it reads the text.
func sketchOf(set []uint64) Sketch {
	var r Reader
	r.start()
	for _, f := range set {
		r.add(f)
	}
	return r.Sketch()
}

// PairsOf returns the pairs of texts, by their sketches, whose similarity
// is at least min, sorted by A then B: the pairs whose signatures agree on
// a band, scored by similarity(A, B) (the exact Jaccard similarity of
// their Features, which the caller makes for those texts alone); a pair
// it returns false for is left out, its score not wanted. Texts whose
// sketch is nil or empty are left out. A pair whose similarity is at
// least min may be missed with a small probability (see rows and bands),
// the same one on every run.
func PairsOf(sketches []*Sketch, min float64, similarity func(a, b int) (float64, bool)) []Pair {
	// A bucket holds its first maxPeers members, the only ones a later
	// text is compared with, in the map's own memory.
	type bucket struct {
		n       int32
		members [maxPeers]int32 // indexes into sketches
	}
	buckets := make(map[uint64]bucket, len(sketches)*bands)
	seen := map[[2]int]bool{}
	var out []Pair
	for i, s := range sketches {
		if s == nil || s.Empty() {
			continue
		}
		for band := 0; band < bands; band++ {
			key := uint64(band) + 1
			for _, v := range s.sig[band*rows : band*rows+rows] {
				key = mix(key ^ v)
			}
			b := buckets[key]
			for _, j32 := range b.members[:b.n] {
				j := int(j32)
				if seen[[2]int{j, i}] {
					continue
				}
				seen[[2]int{j, i}] = true
				if score, ok := similarity(j, i); ok && score >= min {
					out = append(out, Pair{A: j, B: i, Score: score})
				}
			}
			if b.n < maxPeers {
				b.members[b.n] = int32(i)
				b.n++
				buckets[key] = b
			}
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

// densify fills each empty bin of sig with the value of the next full one
// (rotation densification), mixed with the distance, so two sets agree
// on it about as often as on a full bin.
func densify(sig *[bins]uint64) {
	for i := range sig {
		if sig[i] != emptyBin {
			continue
		}
		for d := 1; d < bins; d++ {
			if v := sig[(i+d)%bins]; v != emptyBin && v <= 0xffffffff {
				sig[i] = (1<<32 | uint64(d)) ^ bits.RotateLeft64(v, 32)
				break
			}
		}
	}
}

// Probe finds, for a few sets of shingles (a line of text, the phrases two
// texts share), which other texts hold them: each text read through it is
// hashed as a Reader hashes it, and each of its shingles looked up in a
// table of the sets' shingles, with no sort. It tells, for each text read,
// how many of each set's shingles the text holds, and for each shingle of
// the sets how many texts held it (Texts). The Reader's own scan, which
// every memory goes through, is not slowed by it.
type Probe struct {
	// slots is an open-addressing table of the sets' shingles: a
	// power-of-two size at least twice their number, probed linearly from
	// the shingle's low bits (shingles are mixed hashes).
	slots []probeSlot
	// owners lists, for each slot's shingle, the sets holding it:
	// owners[slot.owners:slot.owners+slot.nOwners].
	owners []int32
	text   int32   // the number of the text being read, from 1
	counts []int32 // per set, its shingles the text being read holds
	// touched are the sets counts holds a value for, in the order met.
	touched []int32
	reader  Reader // collects the shingles of the text being read
}

type probeSlot struct {
	key      uint64
	used     bool
	lastText int32 // the last text that held the shingle: each counts once a text
	texts    int32 // how many texts held it
	owners   int32
	nOwners  int32
}

// NewProbe returns a Probe of sets, each sorted and unique as Features
// returns them.
func NewProbe(sets [][]uint64) *Probe {
	total := 0
	for _, s := range sets {
		total += len(s)
	}
	size := 2
	for size < 2*total {
		size <<= 1
	}
	p := &Probe{slots: make([]probeSlot, size), counts: make([]int32, len(sets))}
	// Two passes: count each shingle's owners, then place them in one
	// slice.
	for _, s := range sets {
		for _, k := range s {
			p.slots[p.find(k)].nOwners++
		}
	}
	n := int32(0)
	for i := range p.slots {
		if p.slots[i].used {
			p.slots[i].owners = n
			n += p.slots[i].nOwners
			p.slots[i].nOwners = 0
		}
	}
	p.owners = make([]int32, n)
	for set, s := range sets {
		for _, k := range s {
			sl := &p.slots[p.find(k)]
			p.owners[sl.owners+sl.nOwners] = int32(set)
			sl.nOwners++
		}
	}
	return p
}

// find returns the slot of k, claiming an empty one when k is not there.
func (p *Probe) find(k uint64) int {
	mask := uint64(len(p.slots) - 1)
	for i := k & mask; ; i = (i + 1) & mask {
		sl := &p.slots[i]
		if !sl.used {
			sl.used, sl.key = true, k
			return int(i)
		}
		if sl.key == k {
			return int(i)
		}
	}
}

// lookup returns the slot of k, or -1.
func (p *Probe) lookup(k uint64) int {
	mask := uint64(len(p.slots) - 1)
	for i := k & mask; ; i = (i + 1) & mask {
		sl := &p.slots[i]
		if !sl.used {
			return -1
		}
		if sl.key == k {
			return int(i)
		}
	}
}

// SetHits is how many of one set's shingles a text holds.
type SetHits struct {
	Set, Shingles int
}

// Read reads one text, which read gives to the Reader in pieces, and
// returns the sets it shares shingles with and how many of each set's
// shingles it holds, in the order the text met them (valid until the next
// Read).
func (p *Probe) Read(read func(r *Reader)) []SetHits {
	for _, set := range p.touched {
		p.counts[set] = 0
	}
	p.touched = p.touched[:0]
	p.text++
	set := p.reader.set[:0] // its room is kept from text to text
	p.reader = Reader{collect: true, set: set}
	p.reader.start()
	read(&p.reader)
	for _, k := range p.reader.set {
		p.visit(k)
	}
	out := make([]SetHits, len(p.touched))
	for i, s := range p.touched {
		out[i] = SetHits{Set: int(s), Shingles: int(p.counts[s])}
	}
	return out
}

// Count reads one text as Read does, counting only which of the sets'
// shingles it holds (Texts), not how many of each set's: a shingle that
// many sets share, a phrase every memory of a series repeats, is one
// lookup and not one per set, so that reading every memory of a dir with
// many pairs of sets stays linear in the dir.
func (p *Probe) Count(read func(r *Reader)) {
	p.text++
	set := p.reader.set[:0]
	p.reader = Reader{collect: true, set: set}
	p.reader.start()
	read(&p.reader)
	for _, k := range p.reader.set {
		if i := p.lookup(k); i >= 0 {
			if sl := &p.slots[i]; sl.lastText != p.text {
				sl.lastText = p.text
				sl.texts++
			}
		}
	}
}

// Texts returns how many of the texts read hold the shingle k (0 for a
// shingle of no set).
func (p *Probe) Texts(k uint64) int {
	if i := p.lookup(k); i >= 0 {
		return int(p.slots[i].texts)
	}
	return 0
}

// visit counts one shingle of the text being read.
func (p *Probe) visit(k uint64) {
	i := p.lookup(k)
	if i < 0 {
		return
	}
	sl := &p.slots[i]
	if sl.lastText == p.text {
		return // a repeat within the text
	}
	sl.lastText = p.text
	sl.texts++
	for _, set := range p.owners[sl.owners : sl.owners+sl.nOwners] {
		if p.counts[set] == 0 {
			p.touched = append(p.touched, set)
		}
		p.counts[set]++
	}
}
