package memory

import (
	"bytes"
	"net/url"
	"path"
	"sort"
	"strings"

	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/lint/markdown"
)

// Limits Claude Code applies to MEMORY.md, and the targets its own
// write-time check asks for (70 %).
const (
	IndexMaxLines  = 200
	IndexMaxUnits  = 25000
	IndexWarnLines = 140
	IndexWarnUnits = 17500
	// IndexMaxBytes is the largest MEMORY.md Claude Code reads; a larger
	// one is skipped silently and nothing is loaded (SPEC §1.3).
	IndexMaxBytes = 4 << 20
)

// Index is the model of MEMORY.md.
type Index struct {
	Budget  IndexBudget
	Entries []IndexEntry
}

// IndexBudget describes what Claude Code loads of MEMORY.md: leading
// frontmatter and top-level HTML comment blocks stripped, the rest trimmed,
// cut to 200 lines and then to 25,000 UTF-16 units at the last newline.
type IndexBudget struct {
	Lines int // lines loaded before any cut
	Units int // UTF-16 units loaded before any cut
	// LineCut is the file offset where text hidden by the 200-line cut
	// starts, or -1 when the index is within the limit.
	LineCut int
	// SizeCut is the file offset where text hidden by the 25,000-unit cut
	// starts (measured on the text before the line cut, as Claude Code's
	// size check is), or -1.
	SizeCut int
	// SizeCutMidLine is set when no newline precedes the size limit, so
	// the cut falls inside a line.
	SizeCutMidLine bool
	// LoadedLines maps each loaded line (0-based) to its 1-based line in
	// the file.
	LoadedLines []int
	// TooLarge is set when the file is over IndexMaxBytes: Claude Code
	// loads none of it, and Lines and Units are 0.
	TooLarge bool
}

// Hidden returns the file offset from which Claude Code sees nothing, or
// -1 when it sees the whole index.
func (b IndexBudget) Hidden() int {
	switch {
	case b.LineCut < 0:
		return b.SizeCut
	case b.SizeCut < 0:
		return b.LineCut
	}
	return min(b.LineCut, b.SizeCut)
}

// EntryKind says what an index entry is.
type EntryKind int

// Kinds of index entries.
const (
	EntryItem      EntryKind = iota // a list item
	EntryParagraph                  // prose outside a list, or a continuation paragraph
	EntryCode                       // a code block
	EntryHTML                       // raw HTML
)

// Kinds of index entries cut from a paragraph that is a GFM table.
const (
	EntryTableHeader = EntryHTML + 1 + iota // the header and delimiter rows
	EntryTableRow                           // one body row
)

// IndexEntry is one non-blank, non-heading unit of the index: a list item
// (its own text, without nested items) or a paragraph, code block or HTML
// block outside list items' first lines.
type IndexEntry struct {
	Kind EntryKind
	markdown.Span
	StartLine, EndLine int
	// Item is the list item's index in the body model, or -1.
	Item int
	// Links are the links inside the entry's own text.
	Links []markdown.Link
	// Group is set for a list item with no link of its own whose nested
	// items carry the entries: a label, not content.
	Group bool
	// InQuote is set for a paragraph inside a blockquote.
	InQuote bool
}

// Text returns the entry's source text.
func (e IndexEntry) Text(f *File) string { return string(f.Src[e.Start:e.End]) }

// indexBodyStart returns where the content Claude Code loads starts: after
// leading frontmatter (a byte order mark before it included) as its pattern
// finds it (jsFrontmatterEnd, shared with claude's loadIndex).
func indexBodyStart(src []byte) int { return markdown.JSFrontmatterEnd(src) }

// buildIndex computes the budget and entries of MEMORY.md from its parsed
// body.
func buildIndex(f *File, dropDefs func() bool) *Index {
	ix := &Index{Budget: measureIndex(f, dropDefs)}
	md := f.Body()
	// Links are in document order: the links of a span are a run found
	// by binary search (an index may hold tens of thousands of entries).
	linksIn := func(s markdown.Span) []markdown.Link {
		from := sort.Search(len(md.Links), func(i int) bool { return md.Links[i].Start >= s.Start })
		to := from
		for to < len(md.Links) && md.Links[to].Start < s.End {
			to++
		}
		return md.Links[from:to:to]
	}
	for i, it := range md.Items {
		e := IndexEntry{Kind: EntryItem, Span: it.Span, StartLine: it.StartLine, EndLine: it.EndLine, Item: i}
		e.Links = linksIn(it.Span)
		e.Group = len(e.Links) == 0 && it.HasSublist
		ix.Entries = append(ix.Entries, e)
	}
	for _, b := range md.Blocks {
		if b.Item >= 0 {
			continue // a list item's own text, covered above
		}
		var kind EntryKind
		switch b.Kind {
		case markdown.BlockParagraph:
			if b.Container == markdown.InDocument {
				if rows := tableEntries(f, b, linksIn); rows != nil {
					ix.Entries = append(ix.Entries, rows...)
					continue
				}
			}
			kind = EntryParagraph
		case markdown.BlockCode:
			kind = EntryCode
		case markdown.BlockHTML:
			kind = EntryHTML
		default:
			continue
		}
		ix.Entries = append(ix.Entries, IndexEntry{
			Kind: kind, Span: b.Span, StartLine: b.StartLine, EndLine: b.EndLine,
			Item: -1, Links: linksIn(b.Span), InQuote: b.Container == markdown.InQuote,
		})
	}
	sort.Slice(ix.Entries, func(i, j int) bool { return ix.Entries[i].Start < ix.Entries[j].Start })
	return ix
}

// loadedText is the text Claude Code loads from MEMORY.md, with a map back
// to file offsets.
type loadedText struct {
	buf  []byte
	segs []loadedSeg // sorted by loaded offset
}

// loadedSeg says that buf[at:] corresponds byte for byte to the file from
// offset orig, up to the next segment.
type loadedSeg struct{ at, orig int }

func (t *loadedText) emit(src []byte, from, to int) {
	if to <= from {
		return
	}
	t.segs = append(t.segs, loadedSeg{len(t.buf), from})
	t.buf = append(t.buf, src[from:to]...)
}

// orig maps an offset in the loaded text to a file offset.
func (t *loadedText) orig(at int) int {
	i := sort.Search(len(t.segs), func(i int) bool { return t.segs[i].at > at }) - 1
	if i < 0 {
		return 0
	}
	return t.segs[i].orig + at - t.segs[i].at
}

// measureIndex reproduces Claude Code's loading of MEMORY.md.
func measureIndex(f *File, dropDefs func() bool) IndexBudget {
	if len(f.Src) > IndexMaxBytes {
		return IndexBudget{LineCut: -1, SizeCut: -1, TooLarge: true}
	}
	src := f.Src
	start := f.Body().Start
	t := indexText(f, src, start, dropDefs)
	ts, te := markdown.JSTrimBounds(t.buf)
	text := t.buf[ts:te]
	b := IndexBudget{LineCut: -1, SizeCut: -1}
	if len(text) == 0 {
		return b
	}
	return t.budget(f, b, ts, text)
}

// indexLoadedBytes returns the text Claude Code measures in MEMORY.md
// before trimming (SPEC §1.3, steps 2 and 3): frontmatter stripped, top-
// level comment blocks removed, line breaks normalised when the file holds
// "<!--", top-level link reference definitions dropped when dropDefs says
// so (before 2.1.330; nil keeps them). claude's loadIndex builds the
// loaded text from it; measureIndex maps it back to the file.
func IndexLoadedBytes(f *File, dropDefs func() bool) []byte {
	return indexText(f, f.Src, f.Body().Start, dropDefs).buf
}

// linkDefsUse records what an index model did with link reference
// definitions, so that a model built for one Claude Code release is not
// reused for another (Reuse).
type linkDefsUse int8

const (
	linkDefsUnasked linkDefsUse = iota // the index has none that could go
	linkDefsDropped
	linkDefsKept
)

func indexText(f *File, src []byte, start int, dropDefs func() bool) loadedText {
	var t loadedText
	if bytes.Contains(src[start:], []byte("<!--")) {
		// Claude Code strips comments by re-joining the tokens of a
		// Markdown lexer, which first normalises line breaks to "\n".
		removed := commentRemovals(f)
		if defs := linkDefinitionRemovals(f); len(defs) > 0 {
			f.linkDefs = linkDefsKept
			if dropDefs != nil && dropDefs() {
				f.linkDefs = linkDefsDropped
				removed = append(removed, defs...)
				sort.Slice(removed, func(i, j int) bool { return removed[i].Start < removed[j].Start })
			}
		}
		t.buf = make([]byte, 0, len(src)-start)
		for i := start; i < len(src); {
			if len(removed) > 0 && i >= removed[0].Start {
				i = max(i, removed[0].End)
				removed = removed[1:]
				continue
			}
			end := len(src)
			if len(removed) > 0 {
				end = removed[0].Start
			}
			emitNormalised(&t, src, i, end)
			i = end
		}
	} else {
		t.emit(src, start, len(src))
	}
	return t
}

// budget measures the trimmed loaded text (starting at ts in t.buf) and
// maps its cuts back to f.
func (t *loadedText) budget(f *File, b IndexBudget, ts int, text []byte) IndexBudget {
	b.Units = markdown.UTF16Len(text)
	b.Lines = bytes.Count(text, []byte{'\n'}) + 1
	b.LoadedLines = make([]int, 0, b.Lines)
	lineStart := 0
	for lineStart <= len(text) {
		b.LoadedLines = append(b.LoadedLines, f.Lines.LineOf(t.orig(ts+lineStart)))
		nl := bytes.IndexByte(text[lineStart:], '\n')
		if nl < 0 {
			break
		}
		lineStart += nl + 1
	}
	if b.Lines > IndexMaxLines {
		// The hidden text starts after the 200th newline.
		off := 0
		for i := 0; i < IndexMaxLines; i++ {
			off += bytes.IndexByte(text[off:], '\n') + 1
		}
		b.LineCut = t.orig(ts + off)
	}
	if b.Units > IndexMaxUnits {
		// JavaScript: cutAt = s.lastIndexOf('\n', 25000); the character at
		// unit 25,000 may itself be that newline.
		limit := markdown.UTF16Offset(text, IndexMaxUnits)
		at := bytes.LastIndexByte(text[:min(limit+1, len(text))], '\n')
		if at > 0 {
			b.SizeCut = t.orig(ts + at + 1)
		} else {
			b.SizeCut = t.orig(ts + limit)
			b.SizeCutMidLine = true
		}
	}
	return b
}

// emitNormalised copies src[from:to] turning "\r\n" and lone "\r" into
// "\n".
func emitNormalised(t *loadedText, src []byte, from, to int) {
	for from < to {
		cr := bytes.IndexByte(src[from:to], '\r')
		if cr < 0 {
			t.emit(src, from, to)
			return
		}
		t.emit(src, from, from+cr)
		at := from + cr
		if at+1 < len(src) && src[at+1] == '\n' {
			from = at + 1 // drop the "\r"; the "\n" is copied next
			continue
		}
		t.segs = append(t.segs, loadedSeg{len(t.buf), at})
		t.buf = append(t.buf, '\n')
		from = at + 1
	}
}

var commentSpan = lazyre.New(`(?s)<!--.*?-->`)

// commentBlocksUnparsed finds the top-level comment blocks of a body the
// Markdown parser was not given (markdownTooCostly), such as a MEMORY.md
// that is mostly one comment of megabytes: a line that starts with
// "<!--" outside fenced code, to the end of the line that holds "-->".
// Containers are not recognised; in a body this costly, that is the
// price of reading it at all.
func commentBlocksUnparsed(src []byte, start int) []markdown.Block {
	var out []markdown.Block
	var fence []byte // the marker of the open fenced code block
	for off := start; off < len(src); {
		lineEnd := off + lineLength(src[off:])
		line := src[off:lineEnd]
		indent := 0
		for indent < len(line) && indent < 4 && line[indent] == ' ' {
			indent++
		}
		t := line[indent:]
		switch {
		case indent > 3:
		case fence != nil:
			if m := markdown.FenceRun(t); len(m) >= len(fence) && m[0] == fence[0] && len(bytes.TrimSpace(t[len(m):])) == 0 {
				fence = nil
			}
		case len(markdown.FenceRun(t)) > 0:
			fence = markdown.FenceRun(t)
		case bytes.HasPrefix(t, []byte("<!--")):
			closeAt := bytes.Index(src[off+indent:], []byte("-->"))
			if closeAt < 0 {
				return out
			}
			end := off + indent + closeAt
			end += lineLength(src[end:])
			out = append(out, markdown.Block{Kind: markdown.BlockComment, TopLevel: true, Span: markdown.Span{Start: off, End: end}})
			lineEnd = end
		}
		off = nextLine(src, lineEnd)
	}
	return out
}

// commentRemovals returns the file spans Claude Code drops from MEMORY.md:
// each top-level HTML comment block that contains "-->"; when only
// whitespace remains around the comments the block goes with the newlines
// that follow it, otherwise only the comments themselves go.
func commentRemovals(f *File) []markdown.Span {
	var out []markdown.Span
	blocks := f.Body().Blocks
	if f.ParseError() != nil {
		blocks = commentBlocksUnparsed(f.Src, f.Body().Start)
	}
	for _, b := range blocks {
		if b.Kind != markdown.BlockComment || !b.TopLevel {
			continue
		}
		raw := f.Src[b.Start:b.End]
		if !bytes.Contains(raw, []byte("-->")) {
			continue // an unclosed comment stays
		}
		residue := commentSpan.ReplaceAll(raw, nil)
		if s, e := markdown.JSTrimBounds(residue); s < e {
			for _, loc := range commentSpan.FindAllIndex(raw, -1) {
				out = append(out, markdown.Span{Start: b.Start + loc[0], End: b.Start + loc[1]})
			}
			continue
		}
		end := b.End
		for end < len(f.Src) && (f.Src[end] == '\n' || (f.Src[end] == '\r' && end+1 < len(f.Src) && f.Src[end+1] == '\n')) {
			end++
		}
		out = append(out, markdown.Span{Start: b.Start, End: end})
	}
	return out
}

// LinkKind classifies a link destination.
type LinkKind int

// Link kinds.
const (
	LinkLocal    LinkKind = iota // a path inside the memory dir
	LinkExternal                 // a URL with a scheme, or mailto:
	LinkAnchor                   // "#heading" in the same file
	LinkEscape                   // a path that leaves the memory dir
	LinkEmpty                    // no destination
)

// hasURLScheme reports whether s starts with a URL scheme and its colon:
// a letter, one or more letters, digits, "+", "." or "-", then ":". Written
// by hand (it runs for every link): index_scheme_test.go compares it with
// the regular expression `^[a-zA-Z][a-zA-Z0-9+.-]+:`.
func hasURLScheme(s string) bool {
	if len(s) == 0 || !isASCIILetter(s[0]) {
		return false
	}
	i := 1
	for i < len(s) && (isASCIILetter(s[i]) || '0' <= s[i] && s[i] <= '9' || s[i] == '+' || s[i] == '.' || s[i] == '-') {
		i++
	}
	return i >= 2 && i < len(s) && s[i] == ':'
}

// isWindowsPath reports whether s starts with a drive letter, a colon and
// a separator (`^[a-zA-Z]:[/\\]`).
func isWindowsPath(s string) bool {
	return len(s) >= 3 && isASCIILetter(s[0]) && s[1] == ':' && (s[2] == '/' || s[2] == '\\')
}

// plainName reports whether dest is a relative slash path that
// ResolveLink's general path would return as it is: ASCII letters,
// digits, '-', '_' and '.' in segments none of which is empty, "." or
// "..".
func plainName(dest string) bool {
	seg := 0  // length of the segment so far
	dots := 0 // how many of its bytes are dots
	for i := 0; i < len(dest); i++ {
		switch c := dest[i]; {
		case c == '/':
			if seg == 0 || seg == dots && seg <= 2 {
				return false
			}
			seg, dots = 0, 0
			continue
		case c == '.':
			dots++
		case isASCIILetter(c) || '0' <= c && c <= '9' || c == '-' || c == '_':
		default:
			return false
		}
		seg++
	}
	return seg > 0 && !(seg == dots && seg <= 2)
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// ResolveLink classifies a link destination written in a file at fromRel
// (relative to the memory dir) and, for local links, returns the target
// relative to the memory dir: percent-decoded, without "#fragment" or
// "?query", cleaned.
func ResolveLink(fromRel, dest string) (string, LinkKind) {
	dest = strings.TrimSpace(dest)
	if target, kind, ok := nonLocalLink(dest); ok {
		return target, kind
	}
	if plainName(dest) && path.Dir(fromRel) == "." {
		// Most links: a name with nothing to cut, decode or clean, from a
		// file at the top of the dir. Index rules resolve every entry's
		// links, and resolveRelative allocates at each step.
		return dest, LinkLocal
	}
	return resolveRelative(fromRel, dest)
}

// nonLocalLink classifies a trimmed destination that names no file
// inside the memory dir by its form alone: empty, an anchor, a path that
// leaves the dir, or a URL. ok is false for every other destination.
func nonLocalLink(dest string) (target string, kind LinkKind, ok bool) {
	switch {
	case dest == "":
		return "", LinkEmpty, true
	case strings.HasPrefix(dest, "#"):
		return "", LinkAnchor, true
	case isWindowsPath(dest), strings.HasPrefix(dest, "/"), strings.HasPrefix(dest, `\`),
		strings.HasPrefix(dest, "~"), strings.HasPrefix(strings.ToLower(dest), "file:"):
		return dest, LinkEscape, true
	case hasURLScheme(dest):
		return "", LinkExternal, true
	}
	return "", 0, false
}

// resolveRelative resolves a relative destination written in the file at
// fromRel: without "#fragment" or "?query", percent-decoded, joined to
// fromRel's folder and cleaned; LinkEscape when that leaves the dir.
func resolveRelative(fromRel, dest string) (string, LinkKind) {
	if i := strings.IndexAny(dest, "#?"); i >= 0 {
		dest = dest[:i]
	}
	// A raw \ is a Windows separator; an encoded one (%5C) is a byte of
	// the file name, so the separator is replaced before decoding.
	dest = strings.ReplaceAll(dest, `\`, "/")
	if u, err := url.PathUnescape(dest); err == nil {
		dest = u
	}
	target := path.Join(path.Dir(fromRel), dest)
	if target == ".." || strings.HasPrefix(target, "../") {
		return target, LinkEscape
	}
	return target, LinkLocal
}
