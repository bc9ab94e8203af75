package markdown

import "bytes"

// The fast path of the Markdown model. Most memory is plain: ATX headings,
// paragraphs, bullet and ordered lists, fenced code at the top level, code
// spans, inline links and wikilinks. For that subset one pass over the
// lines builds the same model as goldmark and the builder (about a tenth of
// the cost: goldmark builds an AST of a node per text run first). The pass
// gives up the moment a line or a run of text could mean something it does
// not model exactly, and goldmark parses the body as before; the
// differential test and FuzzFastMarkdown check that whatever it accepts
// comes out reflect.DeepEqual to goldmark's model.

// Limits of the fast path. Deeper or longer input is rare and goes to
// goldmark, whose limits (markdownTooCostly) still apply first.
const (
	fastMaxDepth     = 16  // nested list levels
	fastMaxLinkLabel = 500 // bytes of link text (goldmark's limit is 999)
)

// fastItem is an open list item of the fast path.
type fastItem struct {
	ci     int  // content indent: the column its content starts at
	idx    int  // index in Markdown.Items
	marker byte // '-', '*' or '+' for a bullet, '.' or ')' for a number
}

// fastScanner is the state of one fast pass. It builds through a
// markdownBuilder over the whole file (base 0), so offsets are the file's.
type fastScanner struct {
	markdownBuilder
	items []fastItem // open list items, outermost first

	// The open paragraph, if para: where it starts and ends, its lines,
	// the depth of the container it is in (len(items) when it opened)
	// and the item whose own text it is, or -1.
	para               bool
	paraStart, paraEnd int
	paraFrom, paraTo   int
	paraDepth, paraOwn int
	paraQuote          bool // the paragraph is in a block quote
}

// fastMarkdown builds the Markdown model of src[start:] in one pass when the
// body keeps to the subset the pass models exactly; ok is false otherwise,
// and the caller parses with goldmark.
func fastMarkdown(src []byte, start int, lines *LineIndex) (md *Markdown, ok bool) {
	body := src[start:]
	if bytes.IndexByte(body, 0) >= 0 || loneCR(body) {
		return nil, false
	}
	// Size the two longest lists from the line count: appending to them
	// one by one was a fifth of the pass.
	n := bytes.Count(body, []byte{'\n'}) + 1
	md = &Markdown{Start: start, Blocks: make([]Block, 0, n/2+1), Prose: make([]Span, 0, n)}
	s := &fastScanner{markdownBuilder: markdownBuilder{src: src, lines: lines, md: md}}
	lineNo := lines.LineOf(start)
	for off := start; off < len(src); lineNo++ {
		end, next := lineEnd(src, off)
		var ok bool
		if isFence(src[off:end]) {
			next, lineNo, ok = s.fence(off, end, next, lineNo)
		} else {
			ok = s.line(off, end, lineNo)
		}
		if !ok {
			return nil, false
		}
		off = next
	}
	s.closePara()
	// goldmark's model has nil, not empty, lists.
	if len(md.Blocks) == 0 {
		md.Blocks = nil
	}
	if len(md.Prose) == 0 {
		md.Prose = nil
	}
	return md, true
}

// lineEnd returns the end of the line starting at off, before its "\n"
// or "\r\n", and where the next line starts.
func lineEnd(src []byte, off int) (end, next int) {
	i := bytes.IndexByte(src[off:], '\n')
	if i < 0 {
		return len(src), len(src)
	}
	end, next = off+i, off+i+1
	if end > off && src[end-1] == '\r' {
		end--
	}
	return end, next
}

// loneCR reports whether body holds a "\r" that does not end a line
// with the "\n" after it: an old Mac line end, left to goldmark.
func loneCR(body []byte) bool {
	for i := bytes.IndexByte(body, '\r'); i >= 0; {
		if i+1 >= len(body) || body[i+1] != '\n' {
			return true
		}
		j := bytes.IndexByte(body[i+1:], '\r')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// isFence reports whether a line opens (or could close) a fenced code
// block: three backticks or tildes at its start.
func isFence(line []byte) bool {
	return len(line) >= 3 && (line[0] == '`' || line[0] == '~') && line[1] == line[0] && line[2] == line[0]
}

// line handles one line outside fenced code: src[off:end], line lineNo.
func (s *fastScanner) line(off, end, lineNo int) bool {
	src := s.src
	// goldmark trims trailing spaces off paragraph and heading lines (a
	// thematic break spans them).
	full := end
	for end > off && src[end-1] == ' ' {
		end--
	}
	if off == end {
		s.closePara() // a blank line; list items stay open
		return true
	}
	ind := 0
	for off+ind < end && src[off+ind] == ' ' {
		ind++
	}
	// The line belongs to the container whose content starts exactly at
	// its indentation; any other indentation (lazy continuation, indented
	// code, a sublist at an odd column) is left to goldmark.
	depth := -1
	if ind == 0 {
		depth = 0
	} else {
		for t := len(s.items) - 1; t >= 0; t-- {
			if s.items[t].ci == ind {
				depth = t + 1
				break
			}
		}
	}
	if depth < 0 {
		return false
	}
	c := src[off+ind : end]
	if ind == 0 && c[0] == '>' {
		return s.quote(off, end, lineNo)
	}
	if s.para && s.paraQuote {
		return false // lazy continuation of a quoted paragraph, or what ends it
	}
	if onlyBreakChars(c) {
		if ind == 0 && !s.para && thematicBreak(c) {
			s.items = s.items[:0]
			s.md.Blocks = append(s.md.Blocks, Block{
				Kind: BlockThematicBreak, Span: Span{off, full}, StartLine: lineNo, EndLine: lineNo,
				Container: InDocument, Item: -1,
			})
			return true
		}
		return false // setext underlines, empty items, spaced breaks
	}
	if w, num, marker := listMarker(c); w > 0 {
		return s.item(ind, off+ind, end, lineNo, depth, w, num, marker)
	}
	if atxStart(c) {
		return s.heading(off+ind, end, lineNo, depth)
	}
	if !plainStart(c) {
		return false
	}
	if s.para {
		// A line of a container the paragraph is in (lazy continuation
		// when that container is further out) continues it.
		s.paraEnd, s.paraTo = end, lineNo
		return s.inline(off+ind, end)
	}
	s.items = s.items[:depth]
	return s.openPara(off+ind, end, lineNo, -1) && s.inline(off+ind, end)
}

// thematicBreak reports whether a line of break characters is a thematic
// break the fast path models: three or more of one of them, unspaced.
func thematicBreak(c []byte) bool {
	if len(c) < 3 || c[0] == '=' {
		return false
	}
	for _, b := range c {
		if b != c[0] {
			return false
		}
	}
	return true
}

// quote handles a line src[off:end] that starts a block quote at the top
// level ("> text", or ">" alone for a blank line in it). Only paragraphs
// are modelled in a quote, and no lazy continuation of one.
func (s *fastScanner) quote(off, end, lineNo int) bool {
	text := off + 1
	if text < end && s.src[text] == ' ' {
		text++
	}
	s.items = s.items[:0]
	if text == end {
		s.closePara()
		return true
	}
	c := s.src[text:end]
	if c[0] == ' ' || onlyBreakChars(c) || atxStart(c) || !plainStart(c) {
		return false
	}
	if w, _, _ := listMarker(c); w > 0 {
		return false
	}
	if s.para && s.paraQuote {
		s.paraEnd, s.paraTo = end, lineNo
		return s.inline(text, end)
	}
	s.closePara()
	if !s.openPara(text, end, lineNo, -1) {
		return false
	}
	s.paraQuote = true
	return s.inline(text, end)
}

// onlyBreakChars reports whether a line holds only characters that make
// thematic breaks and setext underlines ("---", "* * *", "==", "-").
func onlyBreakChars(c []byte) bool {
	for _, b := range c {
		if b != '-' && b != '*' && b != '_' && b != '=' && b != ' ' {
			return false
		}
	}
	return true
}

// listMarker returns the width of a list marker followed by one space and
// text at the start of c ("- ", "12. "), or 0; for an ordered marker also
// its number's digits, and the marker's character (the bullet, or the
// delimiter after the number).
func listMarker(c []byte) (w int, num []byte, marker byte) {
	switch c[0] {
	case '-', '*', '+':
		w = 1
	default:
		for w < len(c) && w < 9 && c[w] >= '0' && c[w] <= '9' {
			w++
		}
		if w == 0 || w >= len(c) || (c[w] != '.' && c[w] != ')') {
			return 0, nil, 0
		}
		num = c[:w]
		w++
	}
	if w+1 >= len(c) || c[w] != ' ' || c[w+1] == ' ' {
		return 0, nil, 0
	}
	return w, num, c[w-1]
}

// plainStart reports whether text at the start of a container's content
// can only be paragraph text: no block marker the fast path does not
// model, and no list marker without text.
func plainStart(c []byte) bool {
	switch c[0] {
	case '>', '<', ' ':
		return false
	case '#':
		return !atxStart(c)
	case '-', '*', '+':
		return len(c) > 1 && c[1] != ' '
	}
	if isFence(c) {
		return false
	}
	i := 0
	for i < len(c) && c[i] >= '0' && c[i] <= '9' {
		i++
	}
	if i > 0 && i < len(c) && (c[i] == '.' || c[i] == ')') && (i+1 == len(c) || c[i+1] == ' ') {
		return false
	}
	return true
}

// atxStart reports whether c starts like an ATX heading: one to six '#'
// and then a space or the end of the line.
func atxStart(c []byte) bool {
	n := 0
	for n < len(c) && c[n] == '#' {
		n++
	}
	return n >= 1 && n <= 6 && (n == len(c) || c[n] == ' ')
}

// item opens a list item whose marker starts at at, in the container at
// depth, with its text as its first paragraph.
func (s *fastScanner) item(ind, at, end, lineNo, depth, w int, num []byte, marker byte) bool {
	sibling := depth < len(s.items) && s.items[depth].marker == marker
	if s.para && num != nil && string(num) != "1" && !sibling {
		// Only a list starting at 1 interrupts a paragraph.
		return false
	}
	text := at + w + 1
	if !plainStart(s.src[text:end]) || depth >= fastMaxDepth {
		return false
	}
	s.closePara()
	s.items = s.items[:depth]
	parent := -1
	if depth > 0 {
		parent = s.items[depth-1].idx
		s.md.Items[parent].HasSublist = true
	}
	s.md.Items = append(s.md.Items, ListItem{Depth: depth, Parent: parent, Ordered: num != nil})
	idx := len(s.md.Items) - 1
	s.items = append(s.items, fastItem{ci: ind + w + 1, idx: idx, marker: marker})
	return s.openPara(text, end, lineNo, idx) && s.inline(text, end)
}

// heading adds an ATX heading whose '#' is at at.
func (s *fastScanner) heading(at, end, lineNo, depth int) bool {
	src := s.src
	level := 0
	for at+level < end && src[at+level] == '#' {
		level++
	}
	text := at + level + 1
	if level > 6 || text >= end || src[text-1] != ' ' || src[text] == ' ' || src[end-1] == '#' {
		return false
	}
	s.closePara()
	s.items = s.items[:depth]
	s.md.Blocks = append(s.md.Blocks, Block{
		Kind: BlockHeading, Span: Span{at, end}, StartLine: lineNo, EndLine: lineNo,
		Container: containerAt(depth), Item: -1, Level: level,
	})
	return s.inline(text, end)
}

func containerAt(depth int) Container {
	if depth > 0 {
		return InListItem
	}
	return InDocument
}

// openPara opens a paragraph whose first line is src[start:end]. It
// declines one that may start with a link reference definition.
func (s *fastScanner) openPara(start, end, lineNo, own int) bool {
	if s.src[start] == '[' && bytes.Contains(s.src[start:end], []byte("]:")) {
		return false
	}
	s.para = true
	s.paraStart, s.paraEnd = start, end
	s.paraFrom, s.paraTo = lineNo, lineNo
	s.paraDepth, s.paraOwn = len(s.items), own
	s.paraQuote = false
	return true
}

func (s *fastScanner) closePara() {
	if !s.para {
		return
	}
	s.para = false
	b := Block{
		Kind: BlockParagraph, Span: Span{s.paraStart, s.paraEnd}, StartLine: s.paraFrom, EndLine: s.paraTo,
		Container: containerAt(s.paraDepth), Item: s.paraOwn,
	}
	if s.paraQuote {
		b.Container = InQuote
	}
	s.md.Blocks = append(s.md.Blocks, b)
	if s.paraOwn >= 0 {
		it := &s.md.Items[s.paraOwn]
		it.Span, it.StartLine, it.EndLine = b.Span, b.StartLine, b.EndLine
	}
}

// fence reads a fenced code block at the top level whose opening fence is
// the line src[off:end], line lineNo, with its content from the offset
// content (the next line); it returns the offset of the line after the
// closing fence and the closing fence's line number.
func (s *fastScanner) fence(off, end, content, lineNo int) (next, nextLine int, ok bool) {
	src := s.src
	ch := src[off]
	n := 0
	for off+n < end && src[off+n] == ch {
		n++
	}
	info := src[off+n : end]
	for _, c := range info {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '+' || c == '.') {
			return 0, 0, false
		}
	}
	s.closePara()
	s.items = s.items[:0]
	cb := CodeBlock{StartLine: lineNo, Fenced: true, Closed: true, Info: string(info)}
	for at, l := content, lineNo+1; at < len(src); l++ {
		e, after := lineEnd(src, at)
		if closing, could := closesFence(src[at:e], ch, n); closing {
			cb.Span = Span{off, e}
			cb.EndLine = l
			cb.Content = Span{off, off}
			if cb.ContentLines > 0 {
				cb.Content = Span{content, at}
			}
			s.md.CodeBlocks = append(s.md.CodeBlocks, cb)
			s.md.Blocks = append(s.md.Blocks, Block{
				Kind: BlockCode, Span: cb.Span, StartLine: lineNo, EndLine: l, Container: InDocument, Item: -1,
			})
			return after, l, true
		} else if could {
			return 0, 0, false
		}
		cb.ContentLines++
		at = after
	}
	return 0, 0, false // unclosed: it runs to the end of the document
}

// closesFence reports whether a line in a fenced code block of n fence
// characters ch is its closing fence, and whether it could be one in a
// form the fast path does not model (indented, followed by spaces).
func closesFence(line []byte, ch byte, n int) (closing, could bool) {
	i := 0
	for i < len(line) && i < 3 && line[i] == ' ' {
		i++
	}
	j := i
	for j < len(line) && line[j] == ch {
		j++
	}
	if j-i < 3 {
		return false, false
	}
	return i == 0 && j == len(line) && j >= n, true
}

// inline reads the inline content of one line of a paragraph or heading,
// src[start:end]: code spans, links and wikilinks, the rest prose.
func (s *fastScanner) inline(start, end int) bool {
	src := s.src
	run := start
	var stops markupStops
	for i := start; i < end; {
		if !inlineSpecial[src[i]] {
			i++
			continue
		}
		switch c := src[i]; c {
		case '`':
			close, ok := fastCodeSpan(src, i, end)
			if !ok {
				return false
			}
			s.addProse(Span{run, i})
			s.md.CodeSpans = append(s.md.CodeSpans, Span{i, close})
			i, run = close, close
		case '!':
			if i+1 < end && src[i+1] == '[' {
				// An embedded wikilink, or an image (goldmark's).
				if i+2 >= end || src[i+2] != '[' {
					return false
				}
				close, ok := s.fastWikiLink(i, 3, end)
				if !ok {
					return false
				}
				s.addProse(Span{run, i})
				i, run = close, close
				continue
			}
			i++
		case '[':
			var close int
			var ok bool
			s.addProse(Span{run, i})
			if i+1 < end && src[i+1] == '[' {
				close, ok = s.fastWikiLink(i, 2, end)
			} else {
				close, ok = s.fastLink(i, end)
			}
			if !ok {
				return false
			}
			if close < 0 {
				// Bracketed text that is no link: prose, brackets included.
				i, run = -close, i
				continue
			}
			i, run = close, close
		case '\\':
			// An escaped character never starts anything; a backslash
			// at the end of a line is a hard line break.
			if i+1 >= end || src[i+1] < ' ' || src[i+1] == 0x7f {
				return false
			}
			i += 2
		case '<':
			if i+1 < end && stops.mayBeMarkup(src, i+1, end) {
				// An open or closing tag without attributes ("<date>",
				// "</b>", "<br/>") is raw HTML, not prose; anything else
				// that may be markup goes to goldmark.
				close := simpleTag(src, i, end)
				if close < 0 {
					return false
				}
				s.addProse(Span{run, i})
				i, run = close, close
				continue
			}
			i++
		default:
			if c < ' ' || c == 0x7f {
				return false
			}
			i++
		}
	}
	s.addProse(Span{run, end})
	return true
}

// markupStops remembers the first space or ">" found after a "<" of a
// line, and from where it was looked for: a run of "<" then looks for it
// once, not to the end of the line from each (issue 27).
type markupStops struct {
	from, at int // the first space or ">" of src[from:] is at at (end: none)
	known    bool
}

// mayBeMarkup reports whether the text src[j:end] after a "<" could make
// it raw HTML (a letter, '/', '!' or '?' next) or an autolink (a '>'
// before the next space: "<https://x.y>", "<me@x.y>").
func (m *markupStops) mayBeMarkup(src []byte, j, end int) bool {
	switch c := src[j]; {
	case c == ' ':
		return false
	case c|0x20 >= 'a' && c|0x20 <= 'z', c == '/', c == '!', c == '?':
		return true
	}
	// The stop found from m.from is the first from j too while j lies
	// between them: nothing between is a space or ">".
	if !m.known || j < m.from || j > m.at {
		m.known, m.from, m.at = true, j, end
		if k := bytes.IndexAny(src[j:end], " >"); k >= 0 {
			m.at = j + k
		}
	}
	return m.at < end && src[m.at] == '>'
}

// simpleTag returns the offset after the HTML tag without attributes
// that opens at src[i] and closes before end ("<name>", "<name/>",
// "<name />", "</name>", "</name >"), or -1.
func simpleTag(src []byte, i, end int) int {
	j := i + 1
	closing := j < end && src[j] == '/'
	if closing {
		j++
	}
	if j >= end || src[j]|0x20 < 'a' || src[j]|0x20 > 'z' {
		return -1
	}
	for j < end && (src[j]|0x20 >= 'a' && src[j]|0x20 <= 'z' || src[j] >= '0' && src[j] <= '9' || src[j] == '-') {
		j++
	}
	for j < end && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if !closing && j < end && src[j] == '/' {
		j++
	}
	if j >= end || src[j] != '>' {
		return -1
	}
	return j + 1
}

// inlineSpecial marks the bytes inline looks at: the rest is prose.
var inlineSpecial = func() (t [256]bool) {
	for c := range ' ' {
		t[c] = true
	}
	for _, c := range []byte("`![\\<\x7f") {
		t[c] = true
	}
	return t
}()

// fastCodeSpan returns the offset after the code span opening at src[i],
// when it closes on its line with no backtick or surrounding space inside.
func fastCodeSpan(src []byte, i, end int) (int, bool) {
	n := 0
	for i+n < end && src[i+n] == '`' {
		n++
	}
	from := i + n
	k := bytes.IndexByte(src[from:end], '`')
	if k <= 0 {
		return 0, false
	}
	k += from
	m := 0
	for k+m < end && src[k+m] == '`' {
		m++
	}
	if m != n || src[from] == ' ' || src[k-1] == ' ' {
		return 0, false
	}
	for _, c := range src[from:k] {
		if c < ' ' || c == 0x7f {
			return 0, false
		}
	}
	return k + m, true
}

// fastWikiLink adds the wikilink opening at src[i] with open bytes ("[[" or
// "![["), the way wikiLinkParser reads it, and returns the offset after it.
func (s *fastScanner) fastWikiLink(i, open, end int) (int, bool) {
	src := s.src
	stop := bytes.Index(src[i+open:end], []byte("]]"))
	if stop <= 0 {
		return 0, false
	}
	inner := src[i+open : i+open+stop]
	if bytes.ContainsAny(inner, "[]") || len(bytes.TrimSpace(inner)) == 0 {
		return 0, false
	}
	for _, c := range inner {
		if c < ' ' || c == 0x7f {
			return 0, false
		}
	}
	close := i + open + stop + 2
	s.md.WikiLinks = append(s.md.WikiLinks, newWikiLink(Span{i, close}, inner))
	return close, true
}

// fastLink adds the inline link [text](destination) opening at src[i]
// when its text is plain and its destination bare, and returns the offset
// after it. Plain text in brackets that no "(" follows is no link (there
// are no reference definitions: openPara declines them): for it fastLink
// returns minus the offset after the "]".
func (s *fastScanner) fastLink(i, end int) (int, bool) {
	src := s.src
	j := i + 1
	for j < end && j-i <= fastMaxLinkLabel {
		c := src[j]
		if c == ']' || c == '[' || c == '`' || c == '\\' || c == '<' || c < ' ' || c == 0x7f {
			break
		}
		j++
	}
	if j >= end || src[j] != ']' || j-i > fastMaxLinkLabel {
		return 0, false
	}
	if j+1 == end || src[j+1] != '(' {
		// "[text][label]" would be a reference link, but a body the fast
		// path takes has no definitions: openPara declines them.
		return -(j + 1), true
	}
	if j == i+1 {
		return 0, false
	}
	k := j + 2
	for k < end {
		c := src[k]
		if c <= ' ' || c == 0x7f || c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '\\' || c == '`' {
			break
		}
		k++
	}
	if k == j+2 || k >= end || src[k] != ')' {
		return 0, false
	}
	s.md.Links = append(s.md.Links, Link{Span: Span{i, k + 1}, Text: string(src[i+1 : j]), Dest: string(src[j+2 : k])})
	s.addProse(Span{i + 1, j})
	return k + 1, true
}
