package markdown

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Span is a half-open range of byte offsets into a file's content.
type Span struct {
	Start, End int
}

// Contains reports whether the byte offset off lies inside the span.
func (s Span) Contains(off int) bool { return off >= s.Start && off < s.End }

// Covers reports whether t lies entirely inside s.
func (s Span) Covers(t Span) bool { return t.Start >= s.Start && t.End <= s.End }

// BlockKind says what a Markdown leaf block is.
type BlockKind int

// Leaf block kinds.
const (
	BlockParagraph BlockKind = iota
	BlockHeading
	BlockCode    // fenced or indented code
	BlockHTML    // raw HTML other than a comment
	BlockComment // an HTML block that is a comment (<!-- ... -->)
	BlockThematicBreak
)

// Container says what a leaf block sits in.
type Container int

// Containers of leaf blocks.
const (
	InDocument Container = iota
	InListItem
	InQuote
)

// Block is a leaf block of the Markdown body: a paragraph, heading, code
// block, HTML block or thematic break.
type Block struct {
	Kind BlockKind
	Span
	StartLine, EndLine int
	Container          Container
	// Item is the index in Markdown.Items of the list item whose own text
	// this block is (its first block), or -1.
	Item int
	// TopLevel is true for comment blocks that are direct children of the
	// document: only those are stripped from MEMORY.md by Claude Code.
	TopLevel bool
	// Level is the level of a heading (1 for #), 0 for other blocks.
	Level int
}

// ListItem is one item of a bullet or ordered list.
type ListItem struct {
	// Span and lines cover the item's own first block, not nested lists.
	Span
	StartLine, EndLine int
	Depth              int // 0 for an item of a top-level list
	Parent             int // index of the enclosing list item, or -1
	HasSublist         bool
	Ordered            bool
	Empty              bool // "-" with nothing after it
}

// Link is an inline link or image, [text](destination).
type Link struct {
	Span             // from "[" (or "![") to after ")"
	Text      string // the link text as plain text
	Dest      string // destination after unescaping, as goldmark parsed it
	Image     bool
	Reference bool // [text][ref] resolved through a reference definition
	Auto      bool // an autolink, <https://…>: Text and Dest are the URL
}

// WikiLink is an Obsidian-style [[target]] link.
type WikiLink struct {
	Span
	Target   string // before any "#" or "|"
	Fragment string
	Label    string
}

// CodeBlock is a fenced or indented code block.
type CodeBlock struct {
	Span               // from the opening fence to after the closing fence
	StartLine, EndLine int
	Fenced             bool
	// Closed says a fenced block has its closing fence: an unclosed one
	// runs to the end of its container and takes in any line added there.
	Closed       bool
	Info         string // the info string of a fenced block
	ContentLines int    // lines between the fences
	// Content spans those lines; it is empty, at the block's start, when
	// there are none.
	Content Span
}

// Comment is an HTML comment, either a block of its own or inline.
type Comment struct {
	Span
	Block bool
}

// Markdown is the model of a Markdown body that rules share. All offsets are
// into the whole file's content, so positions can be computed with the
// file's LineIndex. Every list is in document order, so rules may search
// them by offset.
type Markdown struct {
	Start      int // offset where the body starts (after any frontmatter)
	Blocks     []Block
	Items      []ListItem
	Links      []Link
	WikiLinks  []WikiLink
	CodeBlocks []CodeBlock
	CodeSpans  []Span // inline code, backticks included
	Comments   []Comment
	// Prose holds the runs of text a reader sees as prose: outside code,
	// HTML, and link destinations. Rules that look for words use it as a
	// mask over the raw source.
	Prose []Span
}

// InProse reports whether the span s lies within one prose run.
func (m *Markdown) InProse(s Span) bool {
	i := searchSpans(m.Prose, s.Start)
	return i >= 0 && m.Prose[i].Covers(s)
}

// InCode reports whether off lies inside a code block or code span.
func (m *Markdown) InCode(off int) bool {
	// Code blocks are in document order and do not overlap.
	i := sort.Search(len(m.CodeBlocks), func(i int) bool { return m.CodeBlocks[i].Start > off }) - 1
	if i >= 0 && m.CodeBlocks[i].Contains(off) {
		return true
	}
	j := searchSpans(m.CodeSpans, off)
	return j >= 0 && m.CodeSpans[j].Contains(off)
}

// searchSpans returns the index of the last span starting at or before off
// in spans sorted by start, or -1.
func searchSpans(spans []Span, off int) int {
	lo, hi := 0, len(spans)
	for lo < hi {
		mid := (lo + hi) / 2
		if spans[mid].Start <= off {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo - 1
}

// wikiLinkNode is the AST node of a [[wikilink]]; goldmark itself treats
// them as text.
type wikiLinkNode struct {
	ast.BaseInline
	end int
}

var kindWikiLink = ast.NewNodeKind("WikiLink")

func (n *wikiLinkNode) Kind() ast.NodeKind { return kindWikiLink }

func (n *wikiLinkNode) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// wikiLinkParser recognises [[target]], [[target|label]], [[target#frag]]
// and the embedded form ![[target]] on a single line. It runs before
// goldmark's link parser so that [[x]] is not taken for a bracketed link.
type wikiLinkParser struct{}

func (wikiLinkParser) Trigger() []byte { return []byte{'[', '!'} }

func (wikiLinkParser) Parse(_ ast.Node, block text.Reader, _ parser.Context) ast.Node {
	line, seg := block.PeekLine()
	open := 2
	if bytes.HasPrefix(line, []byte("![[")) {
		open = 3
	} else if !bytes.HasPrefix(line, []byte("[[")) {
		return nil
	}
	// The target holds no bracket and no line break: the first of those
	// after the opening must be the closing "]]". Looking no further
	// keeps a line of "[[" without one linear: each is read up to the
	// next bracket, not to the end of the line.
	stop := bytes.IndexAny(line[open:], "[]\n")
	if stop <= 0 || line[open+stop] != ']' || open+stop+1 >= len(line) || line[open+stop+1] != ']' {
		return nil
	}
	inner := line[open : open+stop]
	if len(bytes.TrimSpace(inner)) == 0 {
		return nil
	}
	n := &wikiLinkNode{end: seg.Start + open + stop + 2}
	n.SetPos(seg.Start)
	n.AppendChild(n, ast.NewTextSegment(text.NewSegment(seg.Start+open, seg.Start+open+stop)))
	block.Advance(open + stop + 2)
	return n
}

// markdownParser is goldmark's CommonMark parser without emphasis: no rule
// needs to know what is bold, the delimiter matching costs a good share of
// parse time, and links and code spans bind tighter than emphasis anyway,
// so they come out the same.
var markdownParser = parser.NewParser(
	parser.WithBlockParsers(parser.DefaultBlockParsers()...),
	parser.WithInlineParsers(
		util.Prioritized(parser.NewCodeSpanParser(), 100),
		util.Prioritized(wikiLinkParser{}, 199),
		util.Prioritized(parser.NewLinkParser(), 200),
		util.Prioritized(parser.NewAutoLinkParser(), 300),
		util.Prioritized(parser.NewRawHTMLParser(), 400),
	),
	parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
)

// ParseMarkdown builds the Markdown model of src[start:]. Offsets in the
// result are relative to src.
func ParseMarkdown(src []byte, start int, lines *LineIndex) (md *Markdown, err error) {
	defer func() {
		// goldmark is well tested, but a linter must survive any input:
		// turn a parser panic into an error the caller reports.
		if r := recover(); r != nil {
			md, err = &Markdown{Start: start}, fmt.Errorf("markdown parser failed: %v", r)
		}
	}()
	body := src[start:]
	if why := markdownTooCostly(body); why != "" {
		return &Markdown{Start: start}, errors.New(why)
	}
	if md, ok := fastMarkdown(src, start, lines); ok {
		return md, nil
	}
	return goldmarkMarkdown(src, start, lines), nil
}

// goldmarkMarkdown builds the Markdown model of src[start:] from goldmark's
// AST: the reference for every body, and the parser for those fastMarkdown
// declines.
func goldmarkMarkdown(src []byte, start int, lines *LineIndex) *Markdown {
	body := src[start:]
	doc := markdownParser.Parse(text.NewReader(body))
	b := &markdownBuilder{src: body, base: start, lines: lines, md: &Markdown{Start: start}}
	b.walkBlocks(doc, InDocument, -1, 0)
	return b.md
}

// Limits on Markdown memlint will parse. goldmark's block parser costs
// lines × open containers, and its link parser rescans the rest of a
// paragraph for every unclosed "[a](": hostile input of a few megabytes
// (10,000 nested list levels, a paragraph of unclosed links) would take
// minutes. Real memory is nowhere near either limit.
const (
	maxContainerDepth = 64 // > quotes and list markers opening one line
	maxIndent         = 256
	// maxParagraphCost bounds the sum of squared paragraph lengths: about
	// two seconds of the worst case (unclosed links), while a 1 MB index
	// of ordinary lines costs a thousandth of it.
	maxParagraphCost = 1 << 33
	// maxBracketCost bounds the sum, over paragraphs, of a paragraph's
	// length times the "[" in it: the link parser rescans the rest of a
	// paragraph from each unclosed "[a](", so that is what it costs.
	// Within the bound above alone, 90 KB of "[a](" took six seconds a
	// file (issue 27); within this one, at most 23 KB of it parse, in
	// about a third of a second. A paragraph of 2 KB with 50 links costs
	// a thousandth of it, and a table of 900 rows of 100 bytes (the
	// longest paragraph the bound above lets through) with a link in
	// each, 60 %.
	maxBracketCost = 1 << 27
)

// markdownTooCostly says why a body is not worth parsing, or "". It looks
// at each line once.
func markdownTooCostly(body []byte) string {
	var cost, para, brackets, bracketCost uint64
	for len(body) > 0 {
		line := body
		if i := bytes.IndexByte(body, '\n'); i >= 0 {
			line, body = body[:i], body[i+1:]
		} else {
			body = nil
		}
		indent, depth := containerDepth(line)
		if trimmed := bytes.TrimSpace(line); len(trimmed) == 0 || depth > 0 || trimmed[0] == '#' {
			// A blank line, a list item, a quote or a heading starts a
			// new paragraph: the link parser's rescans stop there.
			cost += para * para
			bracketCost += para * brackets
			para, brackets = 0, 0
		}
		para += uint64(len(line)) + 1
		brackets += uint64(bytes.Count(line, []byte{'['}))
		switch {
		case indent > maxIndent:
			return fmt.Sprintf("a line is indented %d columns: Markdown this deeply nested is not parsed", indent)
		case depth > maxContainerDepth:
			return fmt.Sprintf("a line opens %d nested quotes or lists: Markdown this deeply nested is not parsed", depth)
		}
	}
	if cost += para * para; cost > maxParagraphCost {
		return "paragraphs this long cost the Markdown parser too much"
	}
	if bracketCost += para * brackets; bracketCost > maxBracketCost {
		return "paragraphs this long with this many brackets cost the Markdown parser too much"
	}
	return ""
}

// containerDepth returns a line's indentation (tabs count 4) and how many
// blockquote and list markers open it.
func containerDepth(line []byte) (indent, depth int) {
	i := 0
	for i < len(line) {
		switch c := line[i]; {
		case c == ' ':
			indent++
		case c == '\t':
			indent += 4
		case c == '>':
			depth++
		case (c == '-' || c == '*' || c == '+') && i+1 < len(line) && (line[i+1] == ' ' || line[i+1] == '\t'):
			depth++
		case c >= '0' && c <= '9':
			j := i
			for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j < len(line)-1 && (line[j] == '.' || line[j] == ')') && (line[j+1] == ' ' || line[j+1] == '\t') {
				depth++
				i = j
			} else {
				return indent, depth
			}
		default:
			return indent, depth
		}
		i++
	}
	return indent, depth
}

type markdownBuilder struct {
	src   []byte // the body
	base  int    // offset of the body in the file
	lines *LineIndex
	md    *Markdown
}

func (b *markdownBuilder) lineOf(off int) int { return b.lines.LineOf(b.base + off) }

// linesSpan returns the span covered by a block's lines, or ok false when
// it has none.
func linesSpan(n ast.Node) (Span, bool) {
	ls := n.Lines()
	if ls == nil || ls.Len() == 0 {
		return Span{}, false
	}
	return Span{ls.At(0).Start, ls.At(ls.Len() - 1).Stop}, true
}

// blockSpan returns the source range of a block from its recorded start to
// the end of its last line.
func (b *markdownBuilder) blockSpan(n ast.Node) Span {
	s, ok := linesSpan(n)
	start := min(n.Pos(), len(b.src))
	if start < 0 {
		if !ok {
			return Span{0, 0}
		}
		start = s.Start
	}
	if ok && start > s.Start {
		// goldmark counts the columns a tab expands to in Pos: after a
		// tab in a list item it may point past the block's own text.
		start = s.Start
	}
	if !ok || s.End < start {
		// A block without lines (an ATX heading with no text, a thematic
		// break): it spans its own line.
		// The marker comes before the next block, whatever Pos says.
		limited := min(start, max(nextBlockPos(n)-1, 0))
		switch n.Kind() {
		case ast.KindHeading:
			start = b.markerBefore(limited, "#", b.sameMarker)
		case ast.KindThematicBreak:
			start = b.markerBefore(limited, "*-_", b.spacedMarker)
		}
		end := bytes.IndexByte(b.src[start:], '\n')
		if end < 0 {
			return Span{start, len(b.src)}
		}
		return Span{start, start + end}
	}
	return Span{start, s.End}
}

// markerBefore returns where the marker of a block starts (the '#' of an
// empty ATX heading, a thematic break's first character, a list item's
// bullet or number), given goldmark's Pos for it. Pos counts the columns
// tabs expand to, so after tabs it overshoots by up to three bytes a tab,
// even past the end of the marker's line ("*\n\t#\n" gives 5, not 3); the
// marker is then the nearest one before that couldStartBlock accepts, or
// failing that the nearest one on Pos's line or the line before. A marker
// is taken with the bytes before it that extend it ("###", "12.").
func (b *markdownBuilder) markerBefore(pos int, markers string, extends func(at, i int) bool) int {
	nearest := -1
	newlines := 0
	for i := min(pos, len(b.src)-1); i >= 0 && pos-i <= 64; i-- {
		c := b.src[i]
		if c == '\n' {
			newlines++
			continue
		}
		if strings.IndexByte(markers, c) < 0 {
			continue
		}
		first := i
		for j := i - 1; j >= 0 && extends(i, j); j-- {
			if strings.IndexByte(markers, b.src[j]) >= 0 {
				first = j
			}
		}
		if nearest < 0 && newlines <= 1 {
			nearest = first
		}
		if b.couldStartBlock(first, pos) {
			return first
		}
		i = first
	}
	if nearest < 0 {
		return pos
	}
	return nearest
}

// couldStartBlock reports whether a marker at src[at] fits goldmark's Pos
// pos for it: only indentation and container markers before it on its
// line, and no more overshoot than its line's tabs explain ("0#0" after
// "\t\t#" is not the heading's '#').
func (b *markdownBuilder) couldStartBlock(at, pos int) bool {
	lineStart := bytes.LastIndexByte(b.src[:at], '\n') + 1
	tabs := 0
	for i := lineStart; i < at; i++ {
		switch c := b.src[i]; {
		case c == '\t':
			tabs++
		case c == ' ' || c == '>':
		case c == '-' || c == '*' || c == '+':
			if i+1 >= at || (b.src[i+1] != ' ' && b.src[i+1] != '\t') {
				return false // a bullet is followed by white space
			}
		case c >= '0' && c <= '9':
			for i < at && b.src[i] >= '0' && b.src[i] <= '9' {
				i++
			}
			if i+1 >= at || (b.src[i] != '.' && b.src[i] != ')') || (b.src[i+1] != ' ' && b.src[i+1] != '\t') {
				return false // a number that is not a list marker
			}
		default:
			return false
		}
	}
	return pos-at <= 3*tabs
}

// sameMarker extends a marker over more of its own character ("###").
func (b *markdownBuilder) sameMarker(at, i int) bool { return b.src[i] == b.src[at] }

// spacedMarker extends a thematic break's marker over more of its own
// character, spaced or not ("- - -").
func (b *markdownBuilder) spacedMarker(at, i int) bool {
	return b.src[i] == b.src[at] || b.src[i] == ' ' || b.src[i] == '\t'
}

// digitsBefore extends an ordered list item's delimiter over its number.
func (b *markdownBuilder) digitsBefore(_, i int) bool { return b.src[i] >= '0' && b.src[i] <= '9' }

func noExtension(_, _ int) bool { return false }

// trimSpanEnd drops trailing line breaks so a span ends on its last line.
func (b *markdownBuilder) trimSpanEnd(s Span) Span {
	for s.End > s.Start && (b.src[s.End-1] == '\n' || b.src[s.End-1] == '\r') {
		s.End--
	}
	return s
}

func (b *markdownBuilder) addBlock(kind BlockKind, s Span, c Container, item int, top bool) {
	s = b.trimSpanEnd(s)
	end := s.End
	if end > s.Start {
		end--
	}
	b.md.Blocks = append(b.md.Blocks, Block{
		Kind: kind, Span: Span{s.Start + b.base, s.End + b.base},
		StartLine: b.lineOf(s.Start), EndLine: b.lineOf(end),
		Container: c, Item: item, TopLevel: top,
	})
}

func (b *markdownBuilder) walkBlocks(parent ast.Node, c Container, item int, depth int) {
	first := true
	for n := parent.FirstChild(); n != nil; n = n.NextSibling() {
		own := -1
		if first && c == InListItem {
			own = item
		}
		first = false
		switch n := n.(type) {
		case *ast.Paragraph, *ast.TextBlock:
			b.addBlock(BlockParagraph, b.blockSpan(n), c, own, false)
			b.walkInlines(n)
			if own >= 0 {
				it := &b.md.Items[own]
				last := b.md.Blocks[len(b.md.Blocks)-1]
				it.Span, it.StartLine, it.EndLine = last.Span, last.StartLine, last.EndLine
				it.Empty = false
			}
		case *ast.Heading:
			b.addBlock(BlockHeading, b.blockSpan(n), c, own, false)
			b.md.Blocks[len(b.md.Blocks)-1].Level = n.Level
			b.walkInlines(n)
		case *ast.ThematicBreak:
			b.addBlock(BlockThematicBreak, b.blockSpan(n), c, own, false)
		case *ast.FencedCodeBlock:
			b.addCode(n, true, c, own)
		case *ast.CodeBlock:
			b.addCode(n, false, c, own)
		case *ast.HTMLBlock:
			b.addHTML(n, c, own, parent.Kind() == ast.KindDocument)
		case *ast.Blockquote:
			b.walkBlocks(n, InQuote, -1, depth)
		case *ast.List:
			if item >= 0 {
				b.md.Items[item].HasSublist = true
			}
			for li := n.FirstChild(); li != nil; li = li.NextSibling() {
				// goldmark may place an item after a tab past its
				// marker, even past the end of the text ("*\n\t*").
				pos := min(max(li.Pos(), 0), len(b.src))
				if n.IsOrdered() {
					pos = b.markerBefore(pos, "0123456789"+string(n.Marker), b.digitsBefore)
				} else {
					pos = b.markerBefore(pos, string(n.Marker), noExtension)
				}
				line := b.lineOf(pos)
				b.md.Items = append(b.md.Items, ListItem{
					Span:      Span{pos + b.base, pos + b.base},
					StartLine: line, EndLine: line,
					Depth: depth, Parent: item, Ordered: n.IsOrdered(), Empty: true,
				})
				b.walkBlocks(li, InListItem, len(b.md.Items)-1, depth+1)
			}
		default:
			b.walkBlocks(n, c, item, depth)
		}
	}
}

func (b *markdownBuilder) addCode(n ast.Node, fenced bool, c Container, item int) {
	s := b.blockSpan(n)
	cb := CodeBlock{Fenced: fenced, ContentLines: n.Lines().Len()}
	if cs, ok := linesSpan(n); ok {
		cb.Content = Span{cs.Start + b.base, cs.End + b.base}
		// goldmark starts an indented block at its first non-space, but
		// the code begins four columns in: "     x" is " x".
		s.Start = min(s.Start, cs.Start)
	}
	if f, ok := n.(*ast.FencedCodeBlock); ok {
		if f.Info != nil {
			cb.Info = string(f.Info.Segment.Value(b.src))
		}
		// The block runs to the closing fence, if there is one: the line
		// after the content (or after the opening fence when empty).
		after := s.End
		if cb.ContentLines == 0 {
			after = s.Start
		}
		if cb.ContentLines == 0 {
			// The line after the opening fence, if there is one.
			if nl := bytes.IndexByte(b.src[after:], '\n'); nl >= 0 {
				after += nl + 1
			} else {
				after = len(b.src)
			}
		}
		if after < len(b.src) {
			closeLine := b.src[after:]
			end := bytes.IndexByte(closeLine, '\n')
			if end < 0 {
				end = len(closeLine)
			}
			// A fence on the line where the next block starts opens that
			// block ("> ~~~\n ~~~"): it does not close this one.
			if isClosingFence(closeLine) && nextBlockPos(n) > after+end {
				s.End = after + end
				cb.Closed = true
			}
		}
		if cb.ContentLines == 0 && s.End < s.Start {
			s.End = s.Start
		}
	}
	s = b.trimSpanEnd(s)
	end := s.End
	if end > s.Start {
		end--
	}
	cb.Span = Span{s.Start + b.base, s.End + b.base}
	if cb.Content == (Span{}) {
		cb.Content = Span{cb.Start, cb.Start}
	}
	// The block's span leaves out the final line break of an unclosed
	// block (and its blank last lines); so does its content.
	cb.Content.End = min(cb.Content.End, cb.End)
	cb.Content.Start = min(cb.Content.Start, cb.Content.End)
	cb.StartLine, cb.EndLine = b.lineOf(s.Start), b.lineOf(end)
	b.md.CodeBlocks = append(b.md.CodeBlocks, cb)
	b.addBlock(BlockCode, s, c, item, false)
}

// isClosingFence reports whether line starts with a run of at least three
// backticks or tildes, after white space and block quote markers.
func isClosingFence(line []byte) bool {
	// The fence may sit behind the markers of the block quotes and the
	// indentation of the list items the block is in. Which fence closes
	// the block is goldmark's decision; the caller only asks whether the
	// line after the content, when it is still the block's, is one.
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '>') {
		i++
	}
	if i >= len(line) || (line[i] != '`' && line[i] != '~') {
		return false
	}
	ch, n := line[i], 0
	for i < len(line) && line[i] == ch {
		i++
		n++
	}
	return n >= 3
}

func (b *markdownBuilder) addHTML(n *ast.HTMLBlock, c Container, item int, top bool) {
	s, ok := linesSpan(n)
	if !ok {
		return
	}
	if n.HasClosure() {
		s.End = n.ClosureLine.Stop
	}
	kind := BlockHTML
	if n.HTMLBlockType == ast.HTMLBlockType2 {
		kind = BlockComment
		b.md.Comments = append(b.md.Comments, Comment{Span: Span{s.Start + b.base, s.End + b.base}, Block: true})
	}
	b.addBlock(kind, s, c, item, top)
}

func (b *markdownBuilder) walkInlines(parent ast.Node) {
	for n := parent.FirstChild(); n != nil; n = n.NextSibling() {
		switch n := n.(type) {
		case *ast.Text:
			b.addProse(Span{n.Segment.Start, n.Segment.Stop})
		case *ast.String:
			// Produced for entity and escape replacements; they carry no
			// position, so they are not prose a rule can point at.
		case *ast.CodeSpan:
			b.addCodeSpan(n)
		case *ast.RawHTML:
			segs := n.Segments
			if segs.Len() > 0 {
				s := Span{segs.At(0).Start, segs.At(segs.Len() - 1).Stop}
				if bytes.HasPrefix(b.src[s.Start:], []byte("<!--")) {
					b.md.Comments = append(b.md.Comments, Comment{Span: Span{s.Start + b.base, s.End + b.base}})
				}
			}
		case *ast.Link:
			b.addLink(n, string(n.Destination), false, n.Reference != nil)
		case *ast.Image:
			b.addLink(n, string(n.Destination), true, n.Reference != nil)
		case *ast.AutoLink:
			// <https://…>: the URL is a link, not prose.
			if start := n.Pos(); start >= 0 {
				url := string(n.URL(b.src))
				if n.AutoLinkType == ast.AutoLinkEmail && !strings.HasPrefix(url, "mailto:") {
					url = "mailto:" + url
				}
				end := start
				if i := bytes.IndexByte(b.src[start:], '>'); i >= 0 {
					end = start + i + 1
				}
				b.md.Links = append(b.md.Links, Link{Span: Span{start + b.base, end + b.base}, Text: url, Dest: url, Auto: true})
			}
		case *wikiLinkNode:
			b.addWikiLink(n)
		default:
			b.walkInlines(n)
		}
	}
}

func (b *markdownBuilder) addProse(s Span) {
	if s.End <= s.Start {
		return
	}
	s = Span{s.Start + b.base, s.End + b.base}
	if k := len(b.md.Prose); k > 0 && b.md.Prose[k-1].End == s.Start {
		b.md.Prose[k-1].End = s.End
		return
	}
	b.md.Prose = append(b.md.Prose, s)
}

// nextBlockPos returns where the block after n in document order starts
// (n's next sibling, or its nearest ancestor's), or the largest int when
// none does. A fence that would close n but lies there belongs to another
// container: in ">~~~\n~~~" the second fence opens a block of its own.
func nextBlockPos(n ast.Node) int {
	for m := n; m != nil && m.Kind() != ast.KindDocument; m = m.Parent() {
		for sib := m.NextSibling(); sib != nil; sib = sib.NextSibling() {
			if p := sib.Pos(); p >= 0 {
				return p
			}
			if ls, ok := linesSpan(sib); ok {
				return ls.Start
			}
		}
	}
	return math.MaxInt
}

func (b *markdownBuilder) addCodeSpan(n *ast.CodeSpan) {
	start := n.Pos()
	end := start
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok && t.Segment.Stop > end {
			end = t.Segment.Stop
		}
	}
	if start < 0 {
		return
	}
	// Extend over the closing backticks.
	for end < len(b.src) && b.src[end] == '`' {
		end++
	}
	b.md.CodeSpans = append(b.md.CodeSpans, Span{start + b.base, end + b.base})
}

func (b *markdownBuilder) addLink(n ast.Node, dest string, image, ref bool) {
	start := n.Pos()
	if start < 0 {
		return
	}
	var txt bytes.Buffer
	collectText(n, b.src, &txt)
	end := linkEnd(b.src, start, ref)
	b.md.Links = append(b.md.Links, Link{
		Span: Span{start + b.base, end + b.base}, Text: txt.String(),
		Dest: dest, Image: image, Reference: ref,
	})
	b.walkInlines(n)
}

func (b *markdownBuilder) addWikiLink(n *wikiLinkNode) {
	start := n.Pos()
	inner := n.FirstChild().(*ast.Text).Segment.Value(b.src)
	b.md.WikiLinks = append(b.md.WikiLinks, newWikiLink(Span{start + b.base, n.end + b.base}, inner))
}

// newWikiLink splits the text inside a wikilink's brackets into target,
// fragment and label.
func newWikiLink(s Span, inner []byte) WikiLink {
	w := WikiLink{Span: s}
	target := string(inner)
	if i := bytes.IndexByte(inner, '|'); i >= 0 {
		target, w.Label = string(inner[:i]), string(inner[i+1:])
	}
	if i := bytes.LastIndexByte([]byte(target), '#'); i >= 0 {
		target, w.Fragment = target[:i], target[i+1:]
	}
	w.Target = target
	return w
}

// collectText appends the plain text of n's descendants.
func collectText(n ast.Node, src []byte, buf *bytes.Buffer) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			buf.Write(c.Segment.Value(src))
			if c.SoftLineBreak() {
				buf.WriteByte(' ')
			}
		case *ast.String:
			buf.Write(c.Value)
		default:
			collectText(c, src, buf)
		}
	}
}

// linkEnd finds the end of the link starting at start: after the ")"
// closing an inline link's destination, or after the "]" of a reference
// link's text or label. ref says which goldmark found: "[r](0" may be a
// shortcut reference followed by text.
func linkEnd(src []byte, start int, ref bool) int {
	i := start
	if i < len(src) && src[i] == '!' {
		i++
	}
	i = matchBrackets(src, i, '[', ']')
	if i >= len(src) {
		return len(src)
	}
	switch {
	case src[i] == '(' && !ref:
		if end, ok := inlineLinkTail(src, i); ok {
			return end
		}
		return matchBrackets(src, i, '(', ')')
	case src[i] == '[' && ref:
		// A full reference's label: no unescaped bracket inside, else
		// the link is a shortcut reference that ends here ("[r][[").
		for j := i + 1; j < len(src) && j-i <= 1000; j++ {
			switch src[j] {
			case '\\':
				j++
			case '[':
				return i
			case ']':
				return j + 1
			case '\n':
				if j+1 < len(src) && src[j+1] == '\n' {
					return i
				}
			}
		}
	}
	return i
}

// inlineLinkTail returns the offset just after the ")" that closes the
// "(destination "title")" part of an inline link at src[i], read the way
// goldmark reads it: parentheses balance inside a bare destination only,
// which ends at white space ("[](() )" closes at its second ")"), and a
// backslash escapes only punctuation. ok is false when the text does not
// have that form (a link inside a block quote that spans lines, whose
// "> " goldmark strips first).
func inlineLinkTail(src []byte, i int) (end int, ok bool) {
	i++ // (
	skipSpace := func() {
		for i < len(src) && linkSpace(src[i]) {
			i++
		}
	}
	escaped := func() bool { return src[i] == '\\' && i+1 < len(src) && asciiPunct(src[i+1]) }
	skipSpace()
	switch {
	case i < len(src) && src[i] == ')':
	case i < len(src) && src[i] == '<':
		for i++; i < len(src) && src[i] != '>' && src[i] != '\n'; i++ {
			if escaped() {
				i++
			}
		}
		if i >= len(src) || src[i] != '>' {
			return 0, false
		}
		i++
	default:
		for depth := 0; i < len(src) && !linkSpace(src[i]); i++ {
			if escaped() {
				i++
			} else if src[i] == '(' {
				depth++
			} else if src[i] == ')' {
				if depth == 0 {
					break
				}
				depth--
			}
		}
	}
	skipSpace()
	if i < len(src) && (src[i] == '"' || src[i] == '\'' || src[i] == '(') {
		closer := src[i]
		if closer == '(' {
			closer = ')'
		}
		for i++; i < len(src) && src[i] != closer; i++ {
			if escaped() {
				i++
			}
		}
		if i >= len(src) {
			return 0, false
		}
		i++
		skipSpace()
	}
	if i < len(src) && src[i] == ')' {
		return i + 1, true
	}
	return 0, false
}

// linkSpace reports whether goldmark takes c for white space in a link:
// tab, line feed, carriage return and space (not vertical tab or form
// feed).
func linkSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// asciiPunct reports whether c is ASCII punctuation, which a backslash
// escapes.
func asciiPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// matchBrackets returns the offset just after the closer that balances the
// opener at src[i], skipping backslash escapes; it stops at a blank line,
// which ends any inline construct.
func matchBrackets(src []byte, i int, opener, closer byte) int {
	depth := 0
	for ; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case opener:
			depth++
		case closer:
			depth--
			if depth == 0 {
				return i + 1
			}
		case '`':
			// A code span binds tighter than brackets: "[`[`]()".
			i = codeSpanEnd(src, i) - 1
		case '\n':
			if i+1 < len(src) && src[i+1] == '\n' {
				return i
			}
		}
	}
	return len(src)
}

// codeSpanEnd returns the offset after the code span whose opening
// backticks start at src[i]: after the next run of as many backticks,
// within the paragraph. Without one, the backticks are literal text and
// the offset after them is returned.
func codeSpanEnd(src []byte, i int) int {
	n := 0
	for i+n < len(src) && src[i+n] == '`' {
		n++
	}
	for j := i + n; j < len(src); {
		switch {
		case src[j] == '`':
			k := j
			for k < len(src) && src[k] == '`' {
				k++
			}
			if k-j == n {
				return k
			}
			j = k
		case src[j] == '\n' && j+1 < len(src) && src[j+1] == '\n':
			return i + n
		default:
			j++
		}
	}
	return i + n
}
