package lint

import (
	"bytes"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// LineIndex converts byte offsets in a file's content into positions. Lines
// end at "\n"; a "\r" before it belongs to the line break, not the line.
type LineIndex struct {
	src    []byte
	starts []int // byte offset where each line starts; starts[0] == 0
}

// NewLineIndex indexes src.
func NewLineIndex(src []byte) *LineIndex {
	starts := make([]int, 1, bytes.Count(src, []byte{'\n'})+1)
	for i, b := range src {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &LineIndex{src: src, starts: starts}
}

// Lines is the number of lines. A final line without a newline counts; a
// trailing newline does not start another line.
func (li *LineIndex) Lines() int {
	n := len(li.starts)
	if n > 1 && li.starts[n-1] == len(li.src) {
		n--
	}
	if len(li.src) == 0 {
		return 0
	}
	return n
}

// LineOf returns the 1-based line holding byte offset off.
func (li *LineIndex) LineOf(off int) int {
	return sort.Search(len(li.starts), func(i int) bool { return li.starts[i] > off })
}

// Pos returns the position of byte offset off (clamped to the content).
func (li *LineIndex) Pos(off int) Pos {
	if off < 0 {
		off = 0
	}
	if off > len(li.src) {
		off = len(li.src)
	}
	line := li.LineOf(off)
	start := li.starts[line-1]
	return Pos{Line: line, Col: utf8.RuneCount(li.src[start:off]) + 1}
}

// LineStart returns the byte offset where 1-based line n starts.
func (li *LineIndex) LineStart(n int) int {
	if n < 1 {
		return 0
	}
	if n > len(li.starts) {
		return len(li.src)
	}
	return li.starts[n-1]
}

// LineEnd returns the byte offset of the end of line n's text, before its
// "\r\n" or "\n".
func (li *LineIndex) LineEnd(n int) int {
	end := len(li.src)
	if n < len(li.starts) {
		end = li.starts[n] - 1
	}
	if end > li.LineStart(n) && li.src[end-1] == '\r' {
		end--
	}
	return end
}

// Line returns the text of 1-based line n without its line break.
func (li *LineIndex) Line(n int) []byte {
	if n < 1 || n > len(li.starts) {
		return nil
	}
	return li.src[li.LineStart(n):li.LineEnd(n)]
}

// LineEndPos returns the position just after the last character of line n.
func (li *LineIndex) LineEndPos(n int) Pos { return li.Pos(li.LineEnd(n)) }

// UTF16Len returns the length of b as a JavaScript string: the number of
// UTF-16 code units, which is what Claude Code measures. Characters outside
// the Basic Multilingual Plane count twice; each byte of invalid UTF-8 decodes
// to U+FFFD and counts once.
func UTF16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		if b[0] < utf8.RuneSelf {
			n++
			b = b[1:]
			continue
		}
		r, size := utf8.DecodeRune(b)
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		b = b[size:]
	}
	return n
}

// UTF16Offset returns the byte offset in b at which the first units UTF-16
// code units end, never splitting a character. If b is shorter, len(b).
func UTF16Offset(b []byte, units int) int {
	n, i := 0, 0
	for i < len(b) {
		w := 1
		size := 1
		if b[i] >= utf8.RuneSelf {
			var r rune
			r, size = utf8.DecodeRune(b[i:])
			if r >= 0x10000 {
				w = 2
			}
		}
		if n+w > units {
			return i
		}
		n += w
		i += size
	}
	return i
}

// isJSSpace reports whether JavaScript's String.prototype.trim removes r.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0xFEFF, 0x2028, 0x2029:
		return true
	}
	return unicode.Is(unicode.Zs, r)
}

// jsTrimBounds returns the start and end of b with leading and trailing
// whitespace removed as JavaScript's trim does.
func jsTrimBounds(b []byte) (start, end int) {
	start, end = 0, len(b)
	for start < end {
		r, size := utf8.DecodeRune(b[start:end])
		if !isJSSpace(r) {
			break
		}
		start += size
	}
	for end > start {
		r, size := utf8.DecodeLastRune(b[start:end])
		if !isJSSpace(r) {
			break
		}
		end -= size
	}
	return start, end
}

// Closest returns the candidate nearest to s by edit distance, ignoring
// case, when it is near enough to be a likely typo (or s abbreviates it:
// "desc" for "description"); otherwise "". Ties go to the earlier
// candidate.
func Closest(s string, candidates []string) string {
	s = strings.ToLower(s)
	best, bestDist := "", max(3, utf8.RuneCountInString(s)/4)+1
	for _, c := range candidates {
		lc := strings.ToLower(c)
		d := editDistance(s, lc)
		if utf8.RuneCountInString(s) >= 3 && strings.HasPrefix(lc, s) {
			d = min(d, 1)
		}
		if d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
