package memory

import (
	"bytes"
	"strings"

	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/lint/markdown"
)

// Claude Code before 2.1.330 (claudecode.LinkDefinitionsKept) builds the
// index of a MEMORY.md that holds "<!--" by joining the raw text of the
// top-level tokens of its Markdown lexer, marked. marked makes no token of
// a link reference definition, so every top-level definition is lost,
// with the blank lines its pattern takes after it.

// markedDefinition is marked's pattern for a link reference definition
// (block.def), with JavaScript's classes spelled out for Go: "\s" is
// JavaScript white space, "." anything but a line terminator, and a line
// break is any of "\r\n", "\r", "\n" (marked turns them all into "\n"
// before it lexes). Its lookahead, a label that is not all white space,
// is checked after the match: it could only fail the match, never move it.
var markedDefinition = lazyre.New(`^ {0,3}\[((?:\\` + jsDot + `|[^\[\]\\])+)\]: *(?:` + nl + `[ \t]*)?` +
	`([^<` + jsSpace + `][^` + jsSpace + `]*|<` + jsDot + `*?>)` +
	`(?:(?: +(?:` + nl + `[ \t]*)?| *` + nl + `[ \t]*)` +
	`(?:"(?:\\"?|[^"\\])*"|'[^'\r\n]*(?:` + nl + `[^'\r\n]+)*(?:` + nl + `)?'|\([^()]*\)))? *(?:(?:` + nl + `)+|$)`)

const (
	nl      = `(?:\r\n|\r|\n)`
	jsSpace = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`
	jsDot   = `[^\r\n\x{2028}\x{2029}]`
)

// linkDefinitionRemovals returns the file spans of the top-level link
// reference definitions marked finds in f's body, each with the line
// breaks its pattern takes after it. A definition can only start a
// top-level token: on a line no block of the body covers (goldmark takes
// definitions out of paragraphs too), that does not continue an open list
// item, after a heading, a comment or other block, or after another
// definition.
func linkDefinitionRemovals(f *File) []markdown.Span {
	md := f.Body()
	src := f.Src
	if !bytes.Contains(src[md.Start:], []byte("]:")) {
		return nil
	}
	var out []markdown.Span
	// before is the last block that ends at or before the line; item the
	// last list item that starts at or before before does.
	var before *markdown.Block
	next, item := 0, -1
	for off := md.Start; off < len(src); {
		for next < len(md.Blocks) && md.Blocks[next].End <= off {
			before = &md.Blocks[next]
			next++
		}
		for before != nil && item+1 < len(md.Items) && md.Items[item+1].Start <= before.Start {
			item++
		}
		lineEnd := off + lineLength(src[off:])
		covered := next < len(md.Blocks) && md.Blocks[next].Start <= off
		if covered || !startsDefinition(src[off:lineEnd]) || continuesItem(md, before, item, src, off) {
			off = nextLine(src, lineEnd)
			continue
		}
		// A definition is a few lines; the window keeps a title that
		// never closes from reading the rest of a hostile file again for
		// every line.
		window := src[off:min(len(src), off+maxDefinitionBytes)]
		loc := markedDefinition.FindSubmatchIndex(window)
		if loc == nil || (loc[1] == len(window) && off+len(window) < len(src)) ||
			strings.TrimFunc(string(window[loc[2]:loc[3]]), markdown.IsJSSpace) == "" {
			off = nextLine(src, lineEnd)
			continue
		}
		out = append(out, markdown.Span{Start: off, End: off + loc[1]})
		off += max(loc[1], 1)
	}
	return out
}

// startsDefinition reports whether a line may open a definition: at most
// three spaces, then "[". It keeps the pattern off most lines.
func startsDefinition(line []byte) bool {
	i := 0
	for i < len(line) && i < 3 && line[i] == ' ' {
		i++
	}
	return i < len(line) && line[i] == '['
}

// continuesItem reports whether the line at off, indented, belongs to the
// list item of the block before it: marked's list takes a line after a
// blank line when it is indented as far as the item's text.
func continuesItem(md *markdown.Markdown, before *markdown.Block, item int, src []byte, off int) bool {
	if before == nil || before.Container != markdown.InListItem {
		return false
	}
	indent := 0
	for off+indent < len(src) && src[off+indent] == ' ' {
		indent++
	}
	if indent == 0 {
		return false
	}
	if item < 0 {
		return false
	}
	// The text column of the top-level item that holds the block.
	it := md.Items[item]
	for it.Parent >= 0 {
		it = md.Items[it.Parent]
	}
	lineStart := bytes.LastIndexAny(src[:it.Start], "\r\n") + 1
	return indent >= it.Start-lineStart
}

// maxDefinitionBytes bounds what the definition pattern reads from a line.
const maxDefinitionBytes = 1 << 16

func lineLength(b []byte) int {
	if i := bytes.IndexAny(b, "\r\n"); i >= 0 {
		return i
	}
	return len(b)
}

func nextLine(src []byte, lineEnd int) int {
	if lineEnd < len(src) && src[lineEnd] == '\r' && lineEnd+1 < len(src) && src[lineEnd+1] == '\n' {
		return lineEnd + 2
	}
	return lineEnd + 1
}
