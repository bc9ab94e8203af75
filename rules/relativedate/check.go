package relativedate

import (
	"bytes"
	"sort"
	"unicode/utf8"

	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// Where expressions are looked for: the description and the body's prose,
// under headings, list items and bold labels that may give a date.

// rdCheckDescription scans the frontmatter description.
func rdCheckDescription(f *memory.File, scanners func([]byte) int, report func(start, end int, m dateMeaning)) {
	fm := f.Frontmatter()
	if fm == nil || fm.Doc == nil {
		return
	}
	k, v := fm.Field("description")
	value := markdown.ScalarValue(v)
	if k == nil || value == "" {
		return
	}
	text := []byte(value)
	need := scanners(text)
	if need == 0 {
		return
	}
	// The value's source: from the value node to the next key, or to the
	// closing delimiter.
	regionEnd := f.Lines.LineStart(fm.CloseLine)
	for i := 0; i+1 < len(fm.Doc.Content); i += 2 {
		if fm.Doc.Content[i] == k && i+2 < len(fm.Doc.Content) {
			regionEnd = f.Lines.LineStart(fm.Pos(fm.Doc.Content[i+2]).Line)
		}
	}
	pos := fm.Pos(v)
	regionStart := f.Lines.LineStart(pos.Line)
	for col := 1; col < pos.Col && regionStart < len(f.Src); col++ {
		_, size := utf8.DecodeRune(f.Src[regionStart:])
		regionStart += size
	}
	if regionEnd < regionStart {
		regionEnd = regionStart
	}
	region := f.Src[regionStart:regionEnd]
	cursor := 0
	t := &rdText{text: text, need: need, inCode: rdBacktickCode(text)}
	for _, c := range t.scan() {
		// Map the match back to the source; a match broken over lines by
		// YAML folding is reported at the start of the value.
		start, end := regionStart, regionStart
		if i := bytes.Index(region[cursor:], text[c.start:c.end]); i >= 0 {
			start = regionStart + cursor + i
			end = start + c.end - c.start
			cursor += i + c.end - c.start
		}
		report(start, end, c.m)
	}
}

// rdBacktickCode returns a test for whether a span of a plain string lies in
// `code`, or nil when it has no backticks.
func rdBacktickCode(text []byte) func(s, e int) bool {
	ticks := rdPositions(text, "`")
	if len(ticks) == 0 {
		return nil
	}
	return func(s, e int) bool { return sort.SearchInts(ticks, s)%2 == 1 }
}

// rdCheckBody scans the prose of the Markdown body, block by block.
func rdCheckBody(f *memory.File, scanners func([]byte) int, report func(start, end int, m dateMeaning)) {
	md := f.Body()
	if md == nil {
		return
	}
	ctx := &rdContext{f: f, md: md, memo: map[rdAnchorKey]bool{}, schedule: -1, label: -1}
	for bi, b := range md.Blocks {
		if b.Kind == markdown.BlockHeading {
			ctx.pushHeading(bi)
			ctx.label = -1
		}
		if b.Kind == markdown.BlockParagraph && b.Item < 0 && rdBoldLabel(f.Src[b.Start:b.End]) &&
			rdHasAnchor(f.Src[b.Start:b.End], rdGrainYear, nil) {
			ctx.label = bi
		}
		if b.Kind != markdown.BlockParagraph && b.Kind != markdown.BlockHeading {
			continue
		}
		text := f.Src[b.Start:b.End]
		need := scanners(text)
		if need == 0 {
			continue
		}
		base := b.Start
		t := &rdText{
			text: text,
			need: need,
			inCode: func(s, e int) bool {
				return !rdInProse(md, text, base, s, e) || rdInSpans(md.WikiLinks, base+s, func(w markdown.WikiLink) markdown.Span { return w.Span })
			},
			hidden:          func(s, e int) bool { return ctx.inComment(base + s) },
			weeklySchedule:  ctx.weeklySchedule,
			scheduleContext: func(s, _ int) bool { return ctx.scheduleContext(bi, base+s) },
		}
		for _, c := range t.scan() {
			if ctx.anchored(bi, c.m.grain()) {
				continue
			}
			report(base+c.start, base+c.end, c.m)
		}
	}
}

// rdInProse reports whether every word of text[s:e] lies in the body's
// prose: a multi-word expression may span a soft line break.
func rdInProse(md *markdown.Markdown, text []byte, base, s, e int) bool {
	i := s
	for i < e {
		for i < e && rdSpace(text[i]) {
			i++
		}
		j := i
		for j < e && !rdSpace(text[j]) {
			j++
		}
		if j > i && !md.InProse(markdown.Span{Start: base + i, End: base + j}) {
			return false
		}
		i = j
	}
	return true
}

func rdSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// rdInSpans reports whether off lies in one of the spans of list, which
// are in document order and do not overlap.
func rdInSpans[T any](list []T, off int, span func(T) markdown.Span) bool {
	i := sort.Search(len(list), func(i int) bool { return span(list[i]).Start > off }) - 1
	return i >= 0 && span(list[i]).Contains(off)
}

// rdContext is what the checks of one body share: the headings above the
// current block and memoised answers, so that no input costs more than
// linear time.
type rdContext struct {
	f        *memory.File
	md       *markdown.Markdown
	headings []int // block indexes of the headings enclosing the current block, outermost first
	memo     map[rdAnchorKey]bool
	schedule int // whether the body is a weekly schedule: -1 unknown, 0, 1
	// label is the block index of the last paragraph that is a bold label
	// with a date ("**Update 2026-03-25:**") since the last heading, or -1.
	// Such a label heads what follows it as a heading would.
	label int
	// listOf holds, for each block, the index in lists of the list it is
	// part of, or -1; lists holds each list's source from its lead-in
	// paragraph on. Both are made on first use.
	listOf []int
	lists  []markdown.Span
	// schedules memoises rdScheduleContext by heading (its block index)
	// and by list (-1 - its index in lists), lineSchedules by line (its
	// start), so that no line, heading or list is read twice.
	schedules, lineSchedules map[int]bool
}

// rdAnchorKey names a heading (its block index), a list item's own text
// (-1 - 2×item) or a list item with its parents (-2 - 2×item), and a grain.
type rdAnchorKey struct {
	node  int
	grain dateGrain
}

func (c *rdContext) pushHeading(bi int) {
	level := rdHeadingLevel(c.f.Src, c.md.Blocks[bi])
	for len(c.headings) > 0 && rdHeadingLevel(c.f.Src, c.md.Blocks[c.headings[len(c.headings)-1]]) >= level {
		c.headings = c.headings[:len(c.headings)-1]
	}
	c.headings = append(c.headings, bi)
}

func (c *rdContext) inComment(off int) bool {
	return rdInSpans(c.md.Comments, off, func(x markdown.Comment) markdown.Span { return x.Span })
}

func (c *rdContext) weeklySchedule() bool {
	if c.schedule < 0 {
		c.schedule = 0
		if rdWeeklySchedule(c.f.Src[c.md.Start:]) {
			c.schedule = 1
		}
	}
	return c.schedule == 1
}

// scheduleContext reports whether the expression at offset off of block
// bi sits in a recurring-schedule context: its line, the list it is part
// of (every item, and the paragraph that leads into the list), or a
// heading above it sets a schedule (rdScheduleContext). Its weekdays are
// then recurring days, not dates.
func (c *rdContext) scheduleContext(bi, off int) bool {
	b := c.md.Blocks[bi]
	lineStart := bytes.LastIndexByte(c.f.Src[b.Start:off], '\n') + 1 + b.Start
	lineEnd := b.End
	if i := bytes.IndexByte(c.f.Src[off:b.End], '\n'); i >= 0 {
		lineEnd = off + i
	}
	if c.schedules == nil {
		c.schedules, c.lineSchedules = map[int]bool{}, map[int]bool{}
	}
	line, ok := c.lineSchedules[lineStart]
	if !ok {
		line = rdScheduleContext(c.f.Src[lineStart:lineEnd])
		c.lineSchedules[lineStart] = line
	}
	if line {
		return true
	}
	memo := func(key int, s markdown.Span) bool {
		v, ok := c.schedules[key]
		if !ok {
			v = rdScheduleContext(c.f.Src[s.Start:s.End])
			c.schedules[key] = v
		}
		return v
	}
	for _, h := range c.headings {
		if h != bi && memo(h, c.md.Blocks[h].Span) {
			return true
		}
	}
	if c.listOf == nil {
		c.listOf, c.lists = rdLists(c.md)
	}
	if l := c.listOf[bi]; l >= 0 && memo(-1-l, c.lists[l]) {
		return true
	}
	return false
}

// rdLists finds the lists of a body: each run of blocks inside list items
// that no block outside a list interrupts, with the paragraph right before
// it, which often says what the list is ("Sprint rituals:"). It returns
// the list of each block (-1 outside lists) and each list's span.
func rdLists(md *markdown.Markdown) (listOf []int, lists []markdown.Span) {
	listOf = make([]int, len(md.Blocks))
	current := -1
	for i, b := range md.Blocks {
		if b.Container != markdown.InListItem {
			current = -1
			listOf[i] = -1
			continue
		}
		if current < 0 {
			start := b.Start
			if i > 0 && md.Blocks[i-1].Kind == markdown.BlockParagraph && md.Blocks[i-1].Container == markdown.InDocument {
				start = md.Blocks[i-1].Start
			}
			lists = append(lists, markdown.Span{Start: start, End: b.End})
			current = len(lists) - 1
		}
		lists[current].End = b.End
		listOf[i] = current
	}
	return listOf, lists
}

// anchored reports whether block bi sits under a heading or a parent list
// item that gives an absolute date precise enough for g: a log-style
// "## 2026-03-05" section says what "today" below it meant.
func (c *rdContext) anchored(bi int, g dateGrain) bool {
	b := c.md.Blocks[bi]
	if b.Item >= 0 && c.itemAnchored(c.md.Items[b.Item].Parent, g) {
		return true
	}
	for _, h := range c.headings {
		if h != bi && c.spanAnchors(h, c.md.Blocks[h].Span, g) {
			return true
		}
	}
	return c.label >= 0 && c.label != bi && c.spanAnchors(c.label, c.md.Blocks[c.label].Span, g)
}

// rdBoldLabel reports whether a paragraph's first line is bold text and
// nothing else, the way people write a heading without Markdown headings:
// "**UPDATE 2026-03-25 — the funnel is live:**".
func rdBoldLabel(p []byte) bool {
	if i := bytes.IndexByte(p, '\n'); i >= 0 {
		p = p[:i]
	}
	p = bytes.TrimRight(bytes.TrimSpace(p), ":")
	for _, d := range [][]byte{[]byte("**"), []byte("__")} {
		if len(p) > 2*len(d) && bytes.HasPrefix(p, d) && bytes.HasSuffix(p, d) {
			return !bytes.Contains(p[len(d):len(p)-len(d)], d)
		}
	}
	return false
}

// itemAnchored reports whether list item p or one of its parents gives an
// absolute date.
func (c *rdContext) itemAnchored(p int, g dateGrain) bool {
	var chain []int
	result := false
	for ; p >= 0; p = c.md.Items[p].Parent {
		key := rdAnchorKey{-2 - 2*p, g}
		if v, ok := c.memo[key]; ok {
			result = v
			break
		}
		chain = append(chain, p)
		if c.spanAnchors(-1-2*p, c.md.Items[p].Span, g) {
			result = true
			break
		}
	}
	for _, q := range chain {
		c.memo[rdAnchorKey{-2 - 2*q, g}] = result
	}
	return result
}

// spanAnchors reports, memoised, whether the text of a heading or list
// item holds an absolute date precise enough for g.
func (c *rdContext) spanAnchors(node int, s markdown.Span, g dateGrain) bool {
	key := rdAnchorKey{node, g}
	if v, ok := c.memo[key]; ok {
		return v
	}
	v := rdHasAnchor(c.f.Src[s.Start:s.End], g, func(as, _ int) bool { return c.inComment(s.Start + as) })
	c.memo[key] = v
	return v
}

// rdHeadingLevel returns the level of an ATX heading ("## x"), or of a
// setext heading from its underline.
func rdHeadingLevel(src []byte, h markdown.Block) int {
	t := bytes.TrimLeft(src[h.Start:h.End], " ")
	n := 0
	for n < len(t) && t[n] == '#' {
		n++
	}
	if n > 0 {
		return n
	}
	rest := src[h.End:]
	if i := bytes.IndexByte(rest, '\n'); i >= 0 && bytes.HasPrefix(bytes.TrimLeft(rest[i+1:], " "), []byte("=")) {
		return 1
	}
	return 2
}
