package markdown

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestUTF16Len(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"", 0},
		{"abc", 3},
		{"记忆", 2}, // 6 bytes, 2 units
		{"😀", 2},  // 4 bytes, a surrogate pair
		{"é", 1},
		{"\xff\xfe", 2}, // invalid bytes decode to one U+FFFD each
		{"a\r\nb", 4},
	} {
		if got := UTF16Len([]byte(tc.in)); got != tc.want {
			t.Errorf("UTF16Len(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestUTF16Offset(t *testing.T) {
	s := []byte("a😀b记")
	for _, tc := range []struct{ units, want int }{
		{0, 0}, {1, 1}, {2, 1}, {3, 5}, {4, 6}, {5, 9}, {9, 9},
	} {
		if got := UTF16Offset(s, tc.units); got != tc.want {
			t.Errorf("UTF16Offset(%d) = %d, want %d", tc.units, got, tc.want)
		}
	}
}

func TestLineIndex(t *testing.T) {
	li := NewLineIndex([]byte("ab\r\n记c\n\nlast"))
	if li.Lines() != 4 {
		t.Fatalf("Lines = %d, want 4", li.Lines())
	}
	for _, tc := range []struct {
		off  int
		want Pos
	}{
		{0, Pos{1, 1}}, {2, Pos{1, 3}}, {4, Pos{2, 1}}, {7, Pos{2, 2}}, {9, Pos{3, 1}}, {10, Pos{4, 1}}, {14, Pos{4, 5}}, {99, Pos{4, 5}},
	} {
		if got := li.Pos(tc.off); got != tc.want {
			t.Errorf("Pos(%d) = %v, want %v", tc.off, got, tc.want)
		}
	}
	if got := string(li.Line(1)); got != "ab" {
		t.Errorf("Line(1) = %q, want %q (no \\r)", got, "ab")
	}
	if n := NewLineIndex([]byte("a\n")).Lines(); n != 1 {
		t.Errorf("a trailing newline starts no line: got %d lines", n)
	}
	if n := NewLineIndex(nil).Lines(); n != 0 {
		t.Errorf("empty content has %d lines", n)
	}
}

func TestJSTrim(t *testing.T) {
	in := "\uFEFF\u00a0 \n text \u3000\n\t"
	s, e := JSTrimBounds([]byte(in))
	if got := in[s:e]; got != "text" {
		t.Errorf("jsTrim = %q", got)
	}
	if s, e := JSTrimBounds([]byte(" \n ")); s != e {
		t.Errorf("all-space trims to empty, got %d..%d", s, e)
	}
}

// newLineIndexRef is NewLineIndex one byte at a time, as it was written
// first: the reference the fast one must equal.
func newLineIndexRef(src []byte) *LineIndex {
	li := &LineIndex{src: src, starts: []int{0}, wide: []bool{false}}
	for i, b := range src {
		switch {
		case b == '\n':
			li.starts = append(li.starts, i+1)
			li.wide = append(li.wide, false)
		case b >= 0x80:
			li.wide[len(li.wide)-1] = true
		}
	}
	return li
}

func FuzzLineIndex(f *testing.F) {
	for _, s := range []string{"", "\n", "a", "ab\r\n记c\n\nlast", "12345678\n12345678é\n", "0123456789abcdef\x80", "\n\n\nx\n", strings.Repeat("long ascii line ", 20) + "\nü"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		got, want := NewLineIndex(src), newLineIndexRef(src)
		if !slices.Equal(got.starts, want.starts) || !slices.Equal(got.wide, want.wide) {
			t.Fatalf("NewLineIndex(%q):\nstarts %v, want %v\nwide %v, want %v", src, got.starts, want.starts, got.wide, want.wide)
		}
		// Repeated past colStep, its lines have marks.
		if len(src) > 0 && len(src) < 64 {
			checkPositions(t, bytes.Repeat(src, 2*colStep/len(src)+1))
		}
	})
}

// posRef is LineIndex.Pos counting every character from the line's
// start, as it did before lines had marks.
func posRef(li *LineIndex, off int) Pos {
	off = min(max(off, 0), len(li.src))
	line := li.LineOf(off)
	return Pos{Line: line, Col: utf8.RuneCount(li.src[li.starts[line-1]:off]) + 1}
}

// offsetRef is LineIndex.Offset stepping from the line's start.
func offsetRef(li *LineIndex, p Pos) int {
	if p.Line < 1 {
		return 0
	}
	if p.Line > len(li.starts) {
		return len(li.src)
	}
	off, end := li.LineStart(p.Line), li.LineEnd(p.Line)
	for col := 1; col < p.Col && off < end; col++ {
		_, size := utf8.DecodeRune(li.src[off:end])
		off += size
	}
	return off
}

// checkPositions compares Pos and Offset with their references at every
// offset of src and every column of its lines.
func checkPositions(t *testing.T, src []byte) {
	t.Helper()
	li := NewLineIndex(src)
	for off := 0; off <= len(src); off++ {
		if got, want := li.Pos(off), posRef(li, off); got != want {
			t.Fatalf("Pos(%d) = %v, want %v", off, got, want)
		}
	}
	for line := 1; line <= len(li.starts); line++ {
		n := li.LineEnd(line) - li.LineStart(line) + 2
		for col := 0; col <= n; col++ {
			p := Pos{Line: line, Col: col}
			if got, want := li.Offset(p), offsetRef(li, p); got != want {
				t.Fatalf("Offset(%v) = %d, want %d", p, got, want)
			}
		}
	}
}

// TestLineIndexLongWideLines: on lines of other scripts longer than
// colStep, where positions count from the marks along the line, Pos and
// Offset give what counting from the line's start gives: across
// characters of every length, invalid bytes, a character cut by the end
// of the line and a CRLF.
func TestLineIndexLongWideLines(t *testing.T) {
	for _, unit := range []string{"记忆", "a😀b", "é\xffx\xe4\xb8", "\u200b", "aaaaaaa记", "\xf0\x9f"} {
		line := strings.Repeat(unit, 3*colStep/len(unit)+7)
		for _, src := range []string{line, line + "\r\n" + line + "\xe4\nascii\n" + line[:colStep+1], "short\n" + line + "\n"} {
			checkPositions(t, []byte(src))
		}
	}
}

func TestFenceRun(t *testing.T) {
	for line, want := range map[string]string{
		"```go": "```", "~~~~": "~~~~", "``": "", "`~`": "", "x```": "", "": "", "````` x ```": "`````",
	} {
		if got := string(FenceRun([]byte(line))); got != want {
			t.Errorf("FenceRun(%q) = %q, want %q", line, got, want)
		}
	}
}
