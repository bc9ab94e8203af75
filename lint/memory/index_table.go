package memory

import (
	"bytes"

	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/lint/markdown"
)

// A GFM table's delimiter row: cells of dashes with optional alignment
// colons, separated by pipes.
var tableDelimiter = lazyre.New(`^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$`)

// tableEntries splits a paragraph of the index that is a GFM table (the
// parser reads tables as paragraphs) into entries: the text before the
// table, one EntryTableHeader for the header and delimiter rows, and one
// EntryTableRow per body row. It returns nil when the paragraph holds no
// table.
func tableEntries(f *File, b markdown.Block, linksIn func(markdown.Span) []markdown.Link) []IndexEntry {
	if b.EndLine <= b.StartLine || bytes.IndexByte(f.Src[b.Start:b.End], '|') < 0 {
		return nil
	}
	line := func(n int) markdown.Span {
		return markdown.Span{Start: max(f.Lines.LineStart(n), b.Start), End: min(f.Lines.LineEnd(n), b.End)}
	}
	header := 0
	for n := b.StartLine; n < b.EndLine; n++ {
		h, d := line(n), line(n+1)
		delim := f.Src[d.Start:d.End]
		if bytes.IndexByte(delim, '|') >= 0 && tableDelimiter.Match(delim) && tableCells(f.Src[h.Start:h.End]) == tableCells(delim) {
			header = n
			break
		}
	}
	if header == 0 {
		return nil
	}
	var out []IndexEntry
	add := func(kind EntryKind, from, to int) {
		s := markdown.Span{Start: line(from).Start, End: line(to).End}
		var links []markdown.Link
		for _, l := range linksIn(s) {
			if s.Covers(l.Span) { // a link wrapped onto the next row belongs to neither
				links = append(links, l)
			}
		}
		out = append(out, IndexEntry{Kind: kind, Span: s, StartLine: from, EndLine: to, Item: -1, Links: links})
	}
	if header > b.StartLine {
		add(EntryParagraph, b.StartLine, header-1)
	}
	add(EntryTableHeader, header, header+1)
	for n := header + 2; n <= b.EndLine; n++ {
		add(EntryTableRow, n, n)
	}
	return out
}

// tableCells counts the cells of a table row: the parts between unescaped
// pipes, without the optional outer pipes.
func tableCells(row []byte) int {
	row = bytes.TrimSpace(row)
	row = bytes.TrimPrefix(row, []byte("|"))
	if bytes.HasSuffix(row, []byte("|")) && !bytes.HasSuffix(row, []byte(`\|`)) {
		row = row[:len(row)-1]
	}
	n := 1
	for i := 0; i < len(row); i++ {
		switch row[i] {
		case '\\':
			i++
		case '|':
			n++
		}
	}
	return n
}
