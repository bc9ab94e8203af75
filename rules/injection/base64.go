package injection

import (
	"bytes"
	"math"
	"sort"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint/markdown"
)

// blobEntropy is the least Shannon entropy, in bits a character, of a run
// reported as a blob. Random base64 and base64 of text measure above 5;
// long identifiers, paths and words without spaces stay near 4.
const blobEntropy = 4.5

// keyPrefixes precede base64 that is a public key, which the secret rule
// and the reader know: "ssh-ed25519 AAAAC3Nza…".
var keyPrefixes = [][]byte{[]byte("ssh-rsa "), []byte("ssh-ed25519 "), []byte("ssh-dss "), []byte("ecdsa-sha2-"), []byte("sk-ssh-"), []byte("sk-ecdsa-")}

// base64Chars are the characters of standard and URL-safe base64.
var base64Chars = func() (t [256]bool) {
	for _, c := range []byte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_") {
		t[c] = true
	}
	return t
}()

func isBase64Char(c byte) bool { return base64Chars[c] }

// blobs reports runs of at least minLen base64 characters outside code
// that look like data: mixed case and digits, high entropy. Image data
// URIs (data:image/…;base64,) are pictures, and keys and PEM blocks belong
// to the secret rule: neither is reported.
func (s *scan) blobs(minLen int) []hit {
	var hits []hit
	src := s.src
	for i := 0; ; {
		start, j, end, ok := nextBase64Run(src, i, minLen)
		if !ok {
			break
		}
		if s.isBlob(start, j) {
			// A blob that reads as steering text is reported as that
			// (encoded), which sorts first on the line.
			h := hit{span: markdown.Span{Start: start, End: end}, family: famBlob, comment: within(s.seen, start), trigger: maxTriggers}
			h.decoded = decodedText(src[start:end])
			hits = append(hits, h)
		}
		i = j
	}
	return hits
}

// nextBase64Run finds the next run of at least minLen base64 characters
// that ends at or after i+minLen-1: [start, j), and end after up to two
// "=" of padding; ok is false when there is none. A run of minLen
// characters from i ends at p = i+minLen-1, and scanning back from p for a
// character outside the alphabet skips most text in a few steps: the next
// run can start only after it. Linear in src over a scan.
func nextBase64Run(src []byte, i, minLen int) (start, j, end int, ok bool) {
	for i+minLen <= len(src) {
		p := i + minLen - 1
		q := p
		for q >= i && isBase64Char(src[q]) {
			q--
		}
		if q >= i {
			i = q + 1
			continue
		}
		// The run may have started before i.
		start = i
		for start > 0 && isBase64Char(src[start-1]) {
			start--
		}
		j = p + 1
		for j < len(src) && isBase64Char(src[j]) {
			j++
		}
		end = j
		for end < len(src) && end-j < 2 && src[end] == '=' {
			end++
		}
		return start, j, end, true
	}
	return 0, 0, 0, false
}

// isBlob judges the run [i, j).
func (s *scan) isBlob(i, j int) bool {
	run := s.src[i:j]
	s.work += len(run)
	var upper, lowerc, digit bool
	for _, c := range run {
		switch {
		case 'A' <= c && c <= 'Z':
			upper = true
		case 'a' <= c && c <= 'z':
			lowerc = true
		case '0' <= c && c <= '9':
			digit = true
		}
	}
	if !upper || !lowerc || !digit || entropy(run) < blobEntropy {
		return false
	}
	ls, _ := s.line(i)
	before := asciiLower(nil, s.src[max(ls, i-64):i])
	if bytes.Contains(before, []byte("data:image/")) {
		return false
	}
	for _, p := range keyPrefixes {
		if bytes.Contains(before, p) {
			return false
		}
	}
	// Inside a PEM block: the last armour line before the run opens one.
	if s.inPEM(i) {
		return false
	}
	// Last, as it parses the body: code, and comments Claude Code strips.
	md := s.markdown()
	return !within(s.stripped, i) && (within(s.seen, i) || !md.InCode(i))
}

// Armour lines of a PEM block.
var (
	pemBegin = []byte("-----BEGIN ")
	pemEnd   = []byte("-----END ")
)

// inPEM reports whether the last armour line ending before off opens a
// PEM block. The armour lines are found once per file: looked for back
// from each run, a line of runs would read the file once for each.
func (s *scan) inPEM(off int) bool {
	if !s.pemKnown {
		s.pemKnown = true
		s.work += 2 * len(s.src)
		s.pemBegins = indexAll(s.src, pemBegin)
		s.pemEnds = indexAll(s.src, pemEnd)
	}
	begin := lastBefore(s.pemBegins, off-len(pemBegin))
	return begin >= 0 && begin > lastBefore(s.pemEnds, off-len(pemEnd))
}

// indexAll returns the offsets of every occurrence of sep in b.
func indexAll(b, sep []byte) []int {
	var out []int
	for from := 0; ; {
		k := bytes.Index(b[from:], sep)
		if k < 0 {
			return out
		}
		out = append(out, from+k)
		from += k + 1
	}
}

// lastBefore returns the largest offset of sorted offs at or before at,
// or -1.
func lastBefore(offs []int, at int) int {
	i := sort.SearchInts(offs, at+1)
	if i == 0 {
		return -1
	}
	return offs[i-1]
}

// entropy is the Shannon entropy of b in bits a byte.
func entropy(b []byte) float64 {
	var counts [256]int
	for _, c := range b {
		counts[c]++
	}
	h := 0.0
	for _, n := range counts {
		if n > 0 {
			p := float64(n) / float64(len(b))
			h -= p * math.Log2(p)
		}
	}
	return h
}

// decodedText is what the blob decodes to when that is readable text, or
// "".
func decodedText(b []byte) string {
	trimmed := bytes.TrimRight(b, "=")
	for _, enc := range base64Encodings(trimmed) {
		out, err := enc.DecodeString(string(trimmed))
		if err != nil || !utf8.Valid(out) {
			continue
		}
		printable, total := 0, 0
		for _, r := range string(out) {
			total++
			if unicode.IsPrint(r) || r == '\n' || r == '\t' {
				printable++
			}
		}
		if total > 0 && printable*10 >= total*9 {
			return string(out)
		}
	}
	return ""
}
