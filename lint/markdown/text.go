package markdown

import (
	"bytes"
	"encoding/binary"
	"sort"
	"unicode"
	"unicode/utf8"
)

// LineIndex converts byte offsets in a file's content into positions. Lines
// end at "\n"; a "\r" before it belongs to the line break, not the line.
type LineIndex struct {
	src    []byte
	starts []int // byte offset where each line starts; starts[0] == 0
	// wide marks lines holding non-ASCII bytes: only on those does a
	// column need counting characters, so positions on long ASCII lines
	// stay O(1).
	wide []bool
	// marks holds, for each wide line longer than colStep bytes (by its
	// index in starts), the column every colStep bytes along it: a
	// position on such a line counts the characters from the mark before
	// it, not from the line's start, so that the findings of a long line
	// of another script cost no more each than those of a short one.
	marks map[int][]colMark
}

// colMark is a known column on a wide line: the character at byte off
// is in column col.
type colMark struct{ off, col int }

// colStep is the distance in bytes between the marks of a long wide
// line.
const colStep = 128

// NewLineIndex indexes src. It finds each line's end with IndexByte and
// looks for non-ASCII bytes eight at a time: it runs over every byte of
// every file a run reads.
func NewLineIndex(src []byte) *LineIndex {
	n := bytes.Count(src, []byte{'\n'}) + 1
	li := &LineIndex{src: src, starts: make([]int, 1, n), wide: make([]bool, 1, n)}
	for start := 0; ; {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		if !isASCII(src[start:end]) {
			li.wide[len(li.wide)-1] = true
			if end-start > colStep {
				li.markColumns(len(li.starts)-1, start, end)
			}
		}
		if end == len(src) {
			return li
		}
		start = end + 1
		li.starts = append(li.starts, start)
		li.wide = append(li.wide, false)
	}
}

// markColumns records the marks of wide line n, src[start:end]: the
// first character boundary at or after every colStep bytes, as
// utf8.RuneCount steps through the line (an invalid byte is one column).
func (li *LineIndex) markColumns(n, start, end int) {
	if li.marks == nil {
		li.marks = map[int][]colMark{}
	}
	marks := make([]colMark, 0, (end-start)/colStep)
	col, next := 1, start+colStep
	for i := start; i < end; col++ {
		if i >= next {
			marks = append(marks, colMark{off: i, col: col})
			next = i - (i-start)%colStep + colStep
		}
		if c := li.src[i]; c < utf8.RuneSelf {
			i++
			continue
		}
		_, size := utf8.DecodeRune(li.src[i:end])
		i += size
	}
	li.marks[n] = marks
}

// lineMark returns the last mark of line n (0-based) at or before byte
// off, or the line's start.
func (li *LineIndex) lineMark(n, off int) colMark {
	marks := li.marks[n]
	k := sort.Search(len(marks), func(i int) bool { return marks[i].off > off }) - 1
	if k < 0 {
		return colMark{off: li.starts[n], col: 1}
	}
	return marks[k]
}

// colMarkBefore returns the last mark of line n (0-based) whose column is
// at or before col, or the line's start.
func (li *LineIndex) colMarkBefore(n, col int) colMark {
	marks := li.marks[n]
	k := sort.Search(len(marks), func(i int) bool { return marks[i].col > col }) - 1
	if k < 0 {
		return colMark{off: li.starts[n], col: 1}
	}
	return marks[k]
}

// isASCII reports whether b holds ASCII bytes alone.
func isASCII(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
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
	if !li.wide[line-1] {
		return Pos{Line: line, Col: off - start + 1}
	}
	m := li.lineMark(line-1, off)
	return Pos{Line: line, Col: m.col + utf8.RuneCount(li.src[m.off:off])}
}

// Offset converts a position back into a byte offset, clamped to the
// line's text.
func (li *LineIndex) Offset(p Pos) int {
	if p.Line < 1 {
		return 0
	}
	if p.Line > len(li.starts) {
		return len(li.src)
	}
	off, end := li.LineStart(p.Line), li.LineEnd(p.Line)
	if !li.wide[p.Line-1] {
		return min(off+max(p.Col-1, 0), end)
	}
	m := li.colMarkBefore(p.Line-1, p.Col)
	off = m.off
	for col := m.col; col < p.Col && off < end; col++ {
		_, size := utf8.DecodeRune(li.src[off:end])
		off += size
	}
	return off
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
func IsJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0xFEFF, 0x2028, 0x2029:
		return true
	}
	return unicode.Is(unicode.Zs, r)
}

// jsTrimBounds returns the start and end of b with leading and trailing
// whitespace removed as JavaScript's trim does.
func JSTrimBounds(b []byte) (start, end int) {
	start, end = 0, len(b)
	for start < end {
		r, size := utf8.DecodeRune(b[start:end])
		if !IsJSSpace(r) {
			break
		}
		start += size
	}
	for end > start {
		r, size := utf8.DecodeLastRune(b[start:end])
		if !IsJSSpace(r) {
			break
		}
		end -= size
	}
	return start, end
}

// Pos is a position in a file: 1-based line and 1-based column counted in
// characters (Unicode code points). Line 0 means the finding concerns the
// whole file or directory rather than a place in it.
type Pos struct {
	Line, Col int
}

// IsValid reports whether the position points into a file.
func (p Pos) IsValid() bool { return p.Line > 0 }

// Before reports whether p comes strictly before q.
func (p Pos) Before(q Pos) bool {
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}

// FenceRun returns the run of three or more backticks or tildes a line
// starts with, the marker of a fenced code block it opens, or nil.
func FenceRun(line []byte) []byte {
	if len(line) == 0 || (line[0] != '`' && line[0] != '~') {
		return nil
	}
	n := 0
	for n < len(line) && line[n] == line[0] {
		n++
	}
	if n < 3 {
		return nil
	}
	return line[:n]
}
