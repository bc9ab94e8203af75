package claudemd

import (
	"bytes"

	"github.com/memlint/memlint/lint/markdown"
)

// region is a paragraph, list item or heading of a Markdown text.
type region struct {
	markdown.Span
	item bool // a list item's text, its marker left out
	// section counts the headings and thematic breaks before the region:
	// regions of one section share it.
	section int
}

// proseRegions appends to out the paragraphs and list items of Markdown
// src from offset start, a list item's marker left out: fenced code, tables, HTML
// comments, thematic breaks and blank lines end a region and are no part
// of one; headings are regions of their own when headings is set, else
// left out. A line scan, not a Markdown parse: the rule runs over every
// topic file, and parsing each would cost more than every other rule of a
// run.
func proseRegions(src []byte, start int, headings bool, out []region) []region {
	cur, item, section := -1, false, 0
	end := func(at int) {
		if cur >= 0 && at > cur {
			out = append(out, region{Span: markdown.Span{Start: cur, End: at}, item: item, section: section})
		}
		cur = -1
	}
	var fence byte
	fenceLen := 0
	inComment := false
	for ls := start; ls < len(src); {
		le := len(src)
		if i := bytes.IndexByte(src[ls:], '\n'); i >= 0 {
			le = ls + i
		}
		line := src[ls:le]
		t := bytes.TrimLeft(line, " \t")
		at := ls + len(line) - len(t)
		switch {
		case inComment:
			inComment = !bytes.Contains(t, []byte("-->"))
		case fence != 0:
			if n := runOf(t, fence); n >= fenceLen && len(bytes.TrimSpace(t[n:])) == 0 {
				fence = 0
			}
		case len(bytes.TrimSpace(t)) == 0 || t[0] == '|':
			end(ls)
		case (t[0] == '`' || t[0] == '~') && runOf(t, t[0]) >= 3:
			end(ls)
			fence, fenceLen = t[0], runOf(t, t[0])
		case bytes.HasPrefix(t, []byte("<!--")):
			end(ls)
			inComment = !bytes.Contains(t[4:], []byte("-->"))
		case isHeading(t):
			end(ls)
			section++
			if headings {
				out = append(out, region{Span: markdown.Span{Start: at, End: le}, section: section})
			}
		case isThematicBreak(t):
			end(ls)
			section++
		default:
			if n := listMarker(t); n > 0 {
				end(ls)
				cur, item = at+n, true
			} else if cur < 0 {
				cur, item = at, false
			}
		}
		ls = le + 1
	}
	end(len(src))
	return out
}

// runOf is the length of the run of c that t starts with.
func runOf(t []byte, c byte) int {
	n := 0
	for n < len(t) && t[n] == c {
		n++
	}
	return n
}

// isHeading reports whether a trimmed line is an ATX heading.
func isHeading(t []byte) bool {
	n := runOf(t, '#')
	return n >= 1 && n <= 6 && (n == len(t) || t[n] == ' ' || t[n] == '\t')
}

// isThematicBreak reports whether a trimmed line is a thematic break:
// three or more of one of - * _, spaces between them allowed.
func isThematicBreak(t []byte) bool {
	n := 0
	for _, c := range t {
		switch {
		case c == t[0] && (c == '-' || c == '*' || c == '_'):
			n++
		case c == ' ' || c == '\t' || c == '\r':
		default:
			return false
		}
	}
	return n >= 3
}

// listMarker is the length of the list marker a trimmed line starts with
// ("- ", "* ", "+ ", "1. ", "2) ", with a task box "[ ] " after it), or 0.
func listMarker(t []byte) int {
	n := 0
	switch {
	case len(t) >= 2 && (t[0] == '-' || t[0] == '*' || t[0] == '+') && (t[1] == ' ' || t[1] == '\t'):
		n = 2
	default:
		d := 0
		for d < len(t) && d < 9 && t[d] >= '0' && t[d] <= '9' {
			d++
		}
		if d == 0 || d+1 >= len(t) || (t[d] != '.' && t[d] != ')') || (t[d+1] != ' ' && t[d+1] != '\t') {
			return 0
		}
		n = d + 2
	}
	if rest := t[n:]; len(rest) >= 4 && rest[0] == '[' && rest[2] == ']' && rest[3] == ' ' {
		n += 4
	}
	return n
}
