package rules

import (
	"github.com/memlint/memlint/rules/internal/ruleutil"

	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
)

// RelativeDate reports relative date expressions in memories that are read
// long after they were written.
var RelativeDate = &lint.Rule{
	ID:       "relative-date",
	Severity: lint.Warning, // it rests on reading prose: never an error by default (SPEC §2)
	Summary:  "a relative date (tomorrow, next week, Thursday, 下周四, 来週, 다음 주) that means nothing once time has passed",
	Doc: `Memories are recalled weeks or months after they were written. "The demo is
next Thursday" then says nothing: next Thursday from when? Claude Code asks for
absolute dates in project memories for this reason.

memlint looks for relative dates in the description and in the body, outside
code, HTML comments and link destinations: today, tomorrow, yesterday, tonight,
this/next/last week, month, year or quarter, weekdays (next Thursday, a bare
Friday), in 3 days, 2 weeks ago, end of next week; Chinese 今天 明天 下周四
上个月 三天后; Japanese 今日 明日 来週 先月 3日後; Korean 오늘 내일 다음 주 지난달
3일 후. It leaves alone what is not a date of the memory: recurring days (every
Monday, Mondays, Monday–Friday, planning on Mondays and review by Tuesday,
due Tuesday each week, the backup runs Sunday, a weekly schedule, 每周一,
毎週月曜, 매주 월요일), durations, rates and retention periods (took 3 days,
finished in 2 weeks, within 3 days, tokens expire in 30 days, five fixes in a
week, 7일 후 삭제, 30天后自动删除, 作成から30日後), what a program does each day
(the job exports yesterday's orders), names and labels (Black Friday, the
"Today" tab, the Next Week view, a flag named tomorrow, Yesterday's Hits
playlist, quoted text; compounds such as 오늘의발견, 내일배움카드, 오늘의 추천
카드, 今日推荐模块, 今日のおすすめ欄), weekday abbreviations, and any
expression whose sentence also gives an absolute date (2026-03-05, March 5,
3月5日, 3월 5일; for month or year expressions also 2026-04, April 2026 or a
year) or that sits under a heading, a list item or a bold label line giving
one ("## 2026-03-05", "**Update 2026-03-05:**").

"Today" that means "currently" is left alone where the wording says so:
"(today: scripts/x.py)", "slower than today", "as it works today", "still
today", "the only caller today is x", "Today, most users …". Such a sentence
describes the state the memory was written in, as every sentence of a memory
does; a date would add nothing. "Today" that dates an event or a status
(deployed today, the demo is today, blocked today) is reported, and the
suggestion offers "as of <date>".

Nor are these dates: examples and lists of choices (dates like tomorrow or
next week; filter options: today, this week, this month), defaults and
command-line values (the default range is last month, --since yesterday),
talk about the calendar (Sunday is the first day of the week in the US
locale), preferences and rules (prefers meetings on Tuesday afternoons, 不要在
周五发版, 금요일 배포는 피한다), terms (invoices are due in 30 days, respond in 2
days, convert in 14 days on average), and the day a program works on (the
tests mock today, 每天凌晨跑昨天的数据, 今日の日付, 오늘 날짜).

When the memory has a ` + "`modified`" + ` timestamp, the message says which date the
expression meant, counted from it; without one, a date in the file name
(project_launch_2026-03-24.md) is counted from instead.

Bad: ` + "`The auth rewrite ships next Thursday.`" + `
Good: ` + "`The auth rewrite ships on 2026-03-05.`" + `

Fix: replace the expression with the absolute date, or add the date to the
same sentence. When "today" means "currently", write "as of 2026-03-05".
Option ` + "`types`" + ` (default ` + "`[project]`" + `) lists the memory types that are
checked.`,
	Options: lint.OptionsOf(relativeDateOptions{Types: []string{"project"}}),
	Fix:     "unsafe (--unsafe-fixes): replaces the expression with the date it meant, counted from modified, when the memory has one and the date is unambiguous",
	Run:     runRelativeDate,
}

func runRelativeDate(pass *lint.Pass) {
	for _, f := range pass.Dir.Topics {
		if !rdHas(lint.OptionsFor[relativeDateOptions](pass, f).Types, f.MemoryType()) {
			continue
		}
		base, hasBase := f.ModifiedTime()
		source := "its modified date"
		if hasBase {
			base = time.Date(base.Year(), base.Month(), base.Day(), 0, 0, 0, 0, time.UTC)
		}
		// Without modified, a date in the file name
		// (project_launch_2026-03-24.md) says when the memory was
		// written: the message counts from it, but no fix does.
		named, hasNamed := rdFileNameDate(f.Path)
		if !hasBase && hasNamed {
			source = "the date in its file name"
		}
		found := 0
		report := func(start, end int, m dateMeaning) {
			found++
			if found > rdMaxFindings {
				return
			}
			expr := strings.Join(strings.Fields(string(f.Src[start:end])), " ")
			msg, suggestion := relativeDateMessage(expr, m, base, hasBase, source)
			if !hasBase && hasNamed {
				msg, suggestion = relativeDateMessage(expr, m, named, true, source)
			}
			from, to := f.SpanPos(lint.Span{Start: start, End: end})
			d := lint.Diagnostic{Path: f.Path, Start: from, End: to, Message: msg, Suggestion: suggestion}
			if abs, alt := m.resolve(base); hasBase && alt == "" && !rdMeansNow(expr) {
				// Unsafe: the date is computed from modified, which may
				// not be when the sentence was written.
				d.Fix = &lint.Fix{Message: "write the absolute date", Unsafe: true,
					Edits: []lint.TextEdit{f.Replace(lint.Span{Start: start, End: end}, abs)}}
			}
			pass.Report(d)
		}
		rdCheckDescription(f, report)
		rdCheckBody(f, report)
		if found > rdMaxFindings {
			pass.ReportFile(f, fmt.Sprintf("%d more relative dates in this file are not listed (memlint lists the first %d)", found-rdMaxFindings, rdMaxFindings),
				"replace the relative dates with absolute dates (YYYY-MM-DD)")
		}
	}
}

// rdMaxFindings bounds the findings listed per file: a file with more has
// a problem a list will not help with, and the list would cost time.
const rdMaxFindings = 100

func rdHas(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// relativeDateMessage words a finding: the expression, and the date it
// meant when the memory's modified date is known.
func relativeDateMessage(expr string, m dateMeaning, base time.Time, hasBase bool, source string) (msg, suggestion string) {
	if !hasBase {
		abs := m.placeholder()
		msg = fmt.Sprintf("relative date %s will mean nothing when this memory is read later: write the absolute date (%s)", ruleutil.Quote(expr), abs)
		suggestion = fmt.Sprintf("replace %s with the absolute date (%s), or add the date to the same sentence", ruleutil.Quote(expr), abs)
		if rdMeansNow(expr) {
			suggestion += fmt.Sprintf("; when it means “currently”, write %s", ruleutil.Quote("as of "+abs))
		}
		return msg, suggestion
	}
	abs, alt := m.resolve(base)
	when := abs
	if alt != "" {
		when += ", or " + alt
	}
	msg = fmt.Sprintf("relative date %s will mean nothing when this memory is read later: counted from %s (%s) it is %s", ruleutil.Quote(expr), source, rdISO(base), when)
	suggestion = fmt.Sprintf("replace %s with %s", ruleutil.Quote(expr), ruleutil.Quote(abs))
	switch {
	case alt != "":
		suggestion += fmt.Sprintf(" (or %s)", alt)
	case rdMeansNow(expr):
		suggestion += fmt.Sprintf(" (or %s when it means “currently”)", ruleutil.Quote("as of "+abs))
	}
	return msg, suggestion
}

// rdMeansNow reports whether an expression is "today", which often means
// "currently" rather than a day.
func rdMeansNow(expr string) bool {
	switch strings.ToLower(expr) {
	case "today", "今天", "今日", "오늘":
		return true
	}
	return false
}

// ---------------------------------------------------------------------------
// What an expression means

// dateUnit says how a relative expression counts from the date it was
// written.
type dateUnit int

const (
	rdDay           dateUnit = iota // n days from the base date
	rdWeek                          // the week n weeks from the base date's week
	rdWeekdayOfWeek                 // weekday wd of the week n weeks away
	rdNextWeekday                   // the first wd after the base date
	rdThisWeekday                   // the first wd on or after the base date
	rdLastWeekday                   // the last wd before the base date
	rdNearWeekday                   // a bare weekday: the coming one or the past one
	rdWeekend                       // the weekend n weekends away
	rdEndOfWeek                     // Friday of the week n weeks away
	rdMonth                         // the month n months away
	rdEndOfMonth                    // the last day of the month n months away
	rdQuarter                       // the quarter n quarters away
	rdYear                          // the year n years away
)

// dateMeaning is what a relative date expression refers to.
type dateMeaning struct {
	unit  dateUnit
	n     int
	wd    time.Weekday
	vague bool // "a few days ago": the date is approximate
}

// dateGrain is how precise an expression is, which decides what absolute date
// in the same sentence anchors it.
type dateGrain int

const (
	rdGrainDay dateGrain = iota
	rdGrainWeek
	rdGrainMonth
	rdGrainYear
)

func (m dateMeaning) grain() dateGrain {
	switch m.unit {
	case rdWeek, rdWeekend:
		return rdGrainWeek
	case rdMonth, rdEndOfMonth, rdQuarter:
		return rdGrainMonth
	case rdYear:
		return rdGrainYear
	}
	return rdGrainDay
}

func rdISO(t time.Time) string { return t.Format("2006-01-02") }

// rdMonday returns the Monday of t's week (weeks start on Monday).
func rdMonday(t time.Time) time.Time {
	return t.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7))
}

// resolve returns the absolute date the expression meant when written on
// base, and an alternative reading when the expression is ambiguous.
func (m dateMeaning) resolve(base time.Time) (abs, alt string) {
	switch m.unit {
	case rdDay:
		abs = rdISO(base.AddDate(0, 0, m.n))
		if m.vague {
			abs = "around " + abs
		}
	case rdWeek:
		abs = "the week of " + rdISO(rdMonday(base).AddDate(0, 0, 7*m.n))
	case rdWeekdayOfWeek:
		abs = rdISO(rdMonday(base).AddDate(0, 0, 7*m.n+(int(m.wd)+6)%7))
	case rdNextWeekday:
		d := base.AddDate(0, 0, 1+(int(m.wd)-int(base.Weekday())+6)%7)
		abs = rdISO(d)
		if rdMonday(d).Equal(rdMonday(base)) {
			alt = fmt.Sprintf("%s if it meant the %s of the following week", rdISO(d.AddDate(0, 0, 7)), m.wd)
		}
	case rdThisWeekday:
		abs = rdISO(base.AddDate(0, 0, (int(m.wd)-int(base.Weekday())+7)%7))
	case rdLastWeekday:
		abs = rdISO(base.AddDate(0, 0, -1-(int(base.Weekday())-int(m.wd)+6)%7))
	case rdNearWeekday:
		next := base.AddDate(0, 0, 1+(int(m.wd)-int(base.Weekday())+6)%7)
		past := base.AddDate(0, 0, -((int(base.Weekday()) - int(m.wd) + 7) % 7))
		abs = rdISO(next)
		which := "the " + m.wd.String() + " before"
		if past.Equal(base) {
			which = "the same day"
		}
		alt = fmt.Sprintf("%s if it meant %s", rdISO(past), which)
	case rdWeekend:
		sat := base.AddDate(0, 0, (int(time.Saturday)-int(base.Weekday())+7)%7)
		if base.Weekday() == time.Sunday {
			sat = base.AddDate(0, 0, -1)
		}
		abs = "the weekend of " + rdISO(sat.AddDate(0, 0, 7*m.n))
	case rdEndOfWeek:
		abs = rdISO(rdMonday(base).AddDate(0, 0, 7*m.n+4))
	case rdMonth:
		abs = time.Date(base.Year(), base.Month()+time.Month(m.n), 1, 0, 0, 0, 0, time.UTC).Format("2006-01")
	case rdEndOfMonth:
		abs = rdISO(time.Date(base.Year(), base.Month()+time.Month(m.n)+1, 0, 0, 0, 0, 0, time.UTC))
	case rdQuarter:
		q := int(base.Month()-1)/3 + m.n
		y := base.Year() + rdFloorDiv(q, 4)
		abs = fmt.Sprintf("%d-Q%d", y, q-4*rdFloorDiv(q, 4)+1)
	case rdYear:
		abs = strconv.Itoa(base.Year() + m.n)
	}
	if m.vague && m.unit != rdDay {
		abs = "around " + abs
	}
	return abs, alt
}

func rdFloorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// placeholder is the shape of the absolute date to write, for memories
// without a modified timestamp.
func (m dateMeaning) placeholder() string {
	switch m.unit {
	case rdWeek:
		return "the week of YYYY-MM-DD"
	case rdWeekend:
		return "the weekend of YYYY-MM-DD"
	case rdMonth:
		return "YYYY-MM"
	case rdQuarter:
		return "YYYY-Qn"
	case rdYear:
		return "YYYY"
	}
	return "YYYY-MM-DD"
}

// ---------------------------------------------------------------------------
// Where expressions are looked for

// rdCheckDescription scans the frontmatter description.
func rdCheckDescription(f *lint.File, report func(start, end int, m dateMeaning)) {
	fm := f.Frontmatter
	if fm == nil || fm.Doc == nil {
		return
	}
	k, v := fm.Field("description")
	value := lint.ScalarValue(v)
	if k == nil || value == "" {
		return
	}
	text := []byte(value)
	need := rdScanners(text)
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
func rdCheckBody(f *lint.File, report func(start, end int, m dateMeaning)) {
	md := f.Body
	if md == nil {
		return
	}
	ctx := &rdContext{f: f, md: md, memo: map[rdAnchorKey]bool{}, schedule: -1, label: -1}
	for bi, b := range md.Blocks {
		if b.Kind == lint.BlockHeading {
			ctx.pushHeading(bi)
			ctx.label = -1
		}
		if b.Kind == lint.BlockParagraph && b.Item < 0 && rdBoldLabel(f.Src[b.Start:b.End]) &&
			rdHasAnchor(f.Src[b.Start:b.End], rdGrainYear, nil) {
			ctx.label = bi
		}
		if b.Kind != lint.BlockParagraph && b.Kind != lint.BlockHeading {
			continue
		}
		text := f.Src[b.Start:b.End]
		need := rdScanners(text)
		if need == 0 {
			continue
		}
		base := b.Start
		t := &rdText{
			text: text,
			need: need,
			inCode: func(s, e int) bool {
				return !rdInProse(md, text, base, s, e) || rdInSpans(md.WikiLinks, base+s, func(w lint.WikiLink) lint.Span { return w.Span })
			},
			hidden:         func(s, e int) bool { return ctx.inComment(base + s) },
			weeklySchedule: ctx.weeklySchedule,
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
func rdInProse(md *lint.Markdown, text []byte, base, s, e int) bool {
	i := s
	for i < e {
		for i < e && rdSpace(text[i]) {
			i++
		}
		j := i
		for j < e && !rdSpace(text[j]) {
			j++
		}
		if j > i && !md.InProse(lint.Span{Start: base + i, End: base + j}) {
			return false
		}
		i = j
	}
	return true
}

func rdSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// rdInSpans reports whether off lies in one of the spans of list, which
// are in document order and do not overlap.
func rdInSpans[T any](list []T, off int, span func(T) lint.Span) bool {
	i := sort.Search(len(list), func(i int) bool { return span(list[i]).Start > off }) - 1
	return i >= 0 && span(list[i]).Contains(off)
}

// rdContext is what the checks of one body share: the headings above the
// current block and memoised answers, so that no input costs more than
// linear time.
type rdContext struct {
	f        *lint.File
	md       *lint.Markdown
	headings []int // block indexes of the headings enclosing the current block, outermost first
	memo     map[rdAnchorKey]bool
	schedule int // whether the body is a weekly schedule: -1 unknown, 0, 1
	// label is the block index of the last paragraph that is a bold label
	// with a date ("**Update 2026-03-25:**") since the last heading, or -1.
	// Such a label heads what follows it as a heading would.
	label int
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
	return rdInSpans(c.md.Comments, off, func(x lint.Comment) lint.Span { return x.Span })
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
func (c *rdContext) spanAnchors(node int, s lint.Span, g dateGrain) bool {
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
func rdHeadingLevel(src []byte, h lint.Block) int {
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

// Which scanners a text needs.
const (
	rdNeedEnglish = 1 << iota
	rdNeedCJK
	rdNeedKorean
)

// rdScanners is the cheap test run before the regular expressions: it
// tokenises the text once and says which scanners could find anything.
// English needs a word that is a date on its own (today, Friday, ago) or a
// unit after a modifier or a count ("next week", "in 3 days"); Chinese and
// Japanese need a CJK character, Korean a Hangul syllable.
func rdScanners(text []byte) int {
	need := 0
	var word [16]byte
	n := 0
	// The classes of the last four words, nearest first.
	var prev [4]byte
	// The last two CJK characters, and the last Hangul syllable with the
	// number of spaces since it.
	var cjk1, cjk2, ko rune
	koGap := 0
	for i := 0; i <= len(text); {
		// The hot path: a run of ASCII letters inside a word.
		for i < len(text) && rdASCIILetter[text[i]] != 0 {
			if n < len(word) {
				word[n] = rdASCIILetter[text[i]]
			}
			n++
			i++
			cjk1, cjk2, ko = 0, 0, 0
		}
		var c byte = ' '
		size := 1
		if i < len(text) {
			c = text[i]
		}
		if c >= utf8.RuneSelf {
			var r rune
			r, size = utf8.DecodeRune(text[i:])
			switch {
			case r >= 0xAC00 && r <= 0xD7A3:
				if need&rdNeedKorean == 0 && ko != 0 && koGap <= 1 && rdKoreanPair(ko, r, koGap) {
					need |= rdNeedKorean
				}
				ko, koGap = r, 0
				cjk1, cjk2 = 0, 0
			case r >= 0x3000:
				if need&rdNeedCJK == 0 && rdCJKPair(cjk2, cjk1, r) {
					need |= rdNeedCJK
				}
				cjk2, cjk1 = cjk1, r
				ko = 0
			default:
				cjk1, cjk2, ko = 0, 0, 0
			}
			c = ' ' // a non-ASCII character ends an English word
		} else if c == ' ' {
			koGap++
			cjk1, cjk2 = 0, 0
		} else if '0' <= c && c <= '9' {
			cjk1, cjk2, ko = 0, 0, '0' // "3일 후": a count before a Korean unit
		} else {
			cjk1, cjk2, ko = 0, 0, 0
		}
		i += size
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' {
			if n < len(word) {
				word[n] = c
			}
			n++
			continue
		}
		if n == 0 {
			continue
		}
		class := dwOther
		switch {
		case n > len(word):
		case '0' <= word[0] && word[0] <= '9':
			class = dwCount
		case rdWordLengths[word[0]-'a']&(1<<n) != 0:
			class = rdWordClass(word[:n])
		}
		n = 0
		switch class {
		case dwDate:
			need |= rdNeedEnglish
		case dwUnit:
			// "next week", "end of week", "by the end of the month".
			if prev[0] == dwModifier || prev[0] == dwCount && prev[1] == dwEnd ||
				prev[0] == dwThe && prev[1] == dwCount && prev[2] == dwEnd {
				need |= rdNeedEnglish
			}
			// "in 3 days", "in a few weeks", "in a couple of months".
			for k := 0; k < len(prev) && prev[k] == dwCount; k++ {
				if k+1 < len(prev) && prev[k+1] == dwIn {
					need |= rdNeedEnglish
				}
			}
		}
		prev[3], prev[2], prev[1], prev[0] = prev[2], prev[1], prev[0], class
	}
	return need
}

// rdCJKPair reports whether the CJK characters c2 c1 r end something
// the Chinese and Japanese expressions need: 今天, 下周, 星期三, 个月,
// 3天后, 三天以后, 来週, 月曜, 3日後.
func rdCJKPair(c2, c1, r rune) bool {
	has := strings.ContainsRune
	switch r {
	case '天':
		return has("今明昨后前周週期拜", c1)
	case '日':
		return has("今明昨後周週期拜曜", c1)
	case '晚', '早', '夜', '晩':
		return c1 == '今'
	case '年':
		return has("今明去来昨", c1)
	case '月':
		return has("今来先本个個", c1)
	case '周', '週':
		return has("下上这這本今来先", c1)
	case '期':
		return c1 == '星'
	case '拜':
		return c1 == '礼' || c1 == '禮'
	case '一', '二', '三', '四', '五', '六':
		return has("周週期拜", c1)
	case '曜':
		return has("月火水木金土日", c1)
	case '後', '前', '后':
		return has("天日周週間月年", c1) || has("以之", c1) && has("天周週月年期拜", c2)
	}
	return false
}

func rdPair(a, b rune) uint64 { return uint64(a)<<32 | uint64(b) }

// rdKoreanPair reports whether the Hangul syllables prev r (gap spaces
// apart) end something the Korean expressions need: 오늘, 다음 주, 3일 후,
// 금요일.
func rdKoreanPair(prev, r rune, gap int) bool {
	if gap == 0 {
		switch uint64(prev)<<32 | uint64(r) {
		case rdPair('오', '늘'), rdPair('내', '일'), rdPair('어', '제'), rdPair('모', '레'), rdPair('저', '께'),
			rdPair('올', '해'), rdPair('내', '년'), rdPair('작', '년'), rdPair('난', '해'), rdPair('요', '일'),
			rdPair('주', '일'):
			return true
		}
	}
	switch r {
	case '주', '달':
		return strings.ContainsRune("번음난", prev)
	case '후', '전', '뒤':
		return strings.ContainsRune("일주월년루틀흘달", prev)
	}
	return false
}

// rdWordLengths has, per first letter, a bit for each length of the
// words in rdWords: most words are rejected without a map lookup.
var rdWordLengths = func() (l [26]uint32) {
	for w := range rdWords {
		l[w[0]-'a'] |= 1 << len(w)
	}
	return l
}()

// rdASCIILetter maps ASCII letters to lowercase and everything else to 0.
var rdASCIILetter = func() (t [256]byte) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = byte(c), byte(c)
	}
	return t
}()

// rdWordClass returns the class of a lowercase word; the most frequent
// ones are compared directly.
func rdWordClass(w []byte) byte {
	switch len(w) {
	case 1:
		if w[0] == 'a' {
			return dwCount
		}
		return dwOther
	case 2:
		switch {
		case w[0] == 'i' && w[1] == 'n':
			return dwIn
		case w[0] == 'o' && w[1] == 'f', w[0] == 'a' && w[1] == 'n':
			return dwCount
		}
		return dwOther
	case 3:
		if w[0] == 't' && w[1] == 'h' && w[2] == 'e' {
			return dwThe
		}
	}
	return rdWords[string(w)]
}

// Word classes for rdScanners.
const (
	dwOther    byte = iota
	dwDate          // a date on its own: today, Friday, ago
	dwUnit          // week, month, morning
	dwModifier      // this, next, last
	dwCount         // 3, three, a, few, couple, of (a couple of; end of)
	dwIn            // in, about, around
	dwEnd           // end
	dwThe           // the
)

var rdWords = map[string]byte{
	"today": dwDate, "tonight": dwDate, "tomorrow": dwDate, "yesterday": dwDate, "ago": dwDate,
	"monday": dwDate, "tuesday": dwDate, "wednesday": dwDate, "thursday": dwDate,
	"friday": dwDate, "saturday": dwDate, "sunday": dwDate,
	"day": dwUnit, "days": dwUnit, "week": dwUnit, "weeks": dwUnit, "weekend": dwUnit,
	"month": dwUnit, "months": dwUnit, "year": dwUnit, "years": dwUnit, "quarter": dwUnit,
	"morning": dwUnit, "afternoon": dwUnit, "evening": dwUnit, "night": dwUnit,
	"this": dwModifier, "next": dwModifier, "last": dwModifier,
	"a": dwCount, "an": dwCount, "one": dwCount, "two": dwCount, "three": dwCount,
	"four": dwCount, "five": dwCount, "six": dwCount, "seven": dwCount, "eight": dwCount,
	"nine": dwCount, "ten": dwCount, "eleven": dwCount, "twelve": dwCount, "few": dwCount,
	"couple": dwCount, "of": dwCount,
	"in": dwIn, "about": dwIn, "around": dwIn, "roughly": dwIn, "approximately": dwIn,
	"another": dwIn, "end": dwEnd, "the": dwThe,
}

// ---------------------------------------------------------------------------
// Scanning one text

// rdText is one text to scan: a Markdown block's source or the
// description value.
type rdText struct {
	text []byte
	need int // the scanners rdScanners asked for
	// inCode reports whether text[s:e] is not prose (code, link
	// destinations); nil when everything is prose.
	inCode func(s, e int) bool
	// hidden reports whether an offset lies in an HTML comment, whose
	// dates do not anchor.
	hidden    func(s, e int) bool
	quotes    [][]int         // offsets of each of rdQuoteKinds, computed on demand
	sentences []int           // sentence boundaries, computed on demand
	anchors   map[[2]int]bool // whether sentence i anchors grain g
	// weeklySchedule reports whether the text belongs to a weekly schedule
	// ("- Monday: gym"), whose weekdays are not dates.
	weeklySchedule func() bool
}

type rdCandidate struct {
	start, end int
	m          dateMeaning
}

func (t *rdText) scan() []rdCandidate {
	var matches []rdMatch
	if t.need&rdNeedEnglish != 0 {
		for _, loc := range rdEnglishRe.FindAllIndex(t.text, -1) {
			matches = append(matches, rdMatch{loc[0], loc[1], t.english})
		}
	}
	if t.need&rdNeedCJK != 0 {
		for _, loc := range rdCJKRe.FindAllIndex(t.text, -1) {
			matches = append(matches, rdMatch{loc[0], loc[1], t.cjk})
		}
	}
	if t.need&rdNeedKorean != 0 {
		for _, loc := range rdKoreanRe.FindAllIndex(t.text, -1) {
			matches = append(matches, rdMatch{loc[0], loc[1], t.korean})
		}
	}
	if len(matches) > 1 {
		sort.SliceStable(matches, func(i, j int) bool { return matches[i].start < matches[j].start })
	}
	if len(matches) > 2 {
		matches = rdDropOptionLists(t.text, matches)
	}
	var out []rdCandidate
	for _, m := range matches {
		out = t.consider(out, m.start, m.end, m.classify)
	}
	if len(out) > 1 {
		rdSortCandidates(out)
	}
	return out
}

// rdMatch is an expression one of the languages' patterns found, before
// its language classifies it.
type rdMatch struct {
	start, end int
	classify   func(s, e, ss, se int) (int, int, dateMeaning, bool)
}

// rdDropOptionLists drops expressions that stand in a list of three or
// more ("filter options: today, this week, this month"; "Today / Last 7
// days / Last month"): such a list names choices a program offers, which
// nobody writes as the dates of a memory.
func rdDropOptionLists(text []byte, c []rdMatch) []rdMatch {
	drop := make([]bool, len(c))
	for i := 0; i < len(c); {
		j := i
		for j+1 < len(c) && c[j].end <= c[j+1].start && rdListGap(text[c[j].end:c[j+1].start]) {
			j++
		}
		if j-i >= 2 {
			for k := i; k <= j; k++ {
				drop[k] = true
			}
		}
		i = j + 1
	}
	out := c[:0]
	for i, x := range c {
		if !drop[i] {
			out = append(out, x)
		}
	}
	return out
}

// rdListGap reports whether gap only separates two items of a list.
func rdListGap(gap []byte) bool {
	g := strings.ToLower(strings.TrimSpace(string(gap)))
	g = strings.Trim(g, "*_`\"“”")
	g = strings.TrimSpace(g)
	switch g {
	case ",", "/", "|", "、", "，", "or", "and", ", or", ", and", "·", "-", "–", "—":
		return true
	}
	return false
}

func rdSortCandidates(c []rdCandidate) {
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && c[j].start < c[j-1].start; j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
}

// consider runs the checks shared by all languages around a language's
// own classification. The language checks see at most rdNear bytes of the
// sentence on either side of the expression, so that no input costs more
// than linear time.
func (t *rdText) consider(out []rdCandidate, s, e int, classify func(s, e, ss, se int) (int, int, dateMeaning, bool)) []rdCandidate {
	ss, se, sentence := t.sentence(s, e)
	s, e, m, ok := classify(s, e, max(ss, s-rdNear), min(se, e+rdNear))
	if !ok || s >= e {
		return out
	}
	if t.inCode != nil && t.inCode(s, e) {
		return out
	}
	if rdQuotedExactly(t.text, s, e) || t.insideQuotes(s, e) {
		return out
	}
	if t.anchored(sentence, ss, se, m.grain()) {
		return out
	}
	return append(out, rdCandidate{start: s, end: e, m: m})
}

// rdNear is how far around an expression the language checks look.
const rdNear = 200

// sentence returns the sentence around text[s:e] and its index in
// t.sentences, or -1 when the expression crosses a sentence boundary.
func (t *rdText) sentence(s, e int) (ss, se, index int) {
	if t.sentences == nil {
		t.sentences = rdSentences(t.text)
	}
	b := t.sentences
	i := sort.SearchInts(b, s+1) - 1
	j := sort.SearchInts(b, e)
	if j <= i+1 {
		return b[i], b[i+1], i
	}
	return b[i], b[j], -1
}

// anchored reports whether sentence text[ss:se] holds an absolute date
// precise enough for an expression of grain g.
func (t *rdText) anchored(sentence, ss, se int, g dateGrain) bool {
	key := [2]int{sentence, int(g)}
	if v, ok := t.anchors[key]; ok && sentence >= 0 {
		return v
	}
	v := rdHasAnchor(t.text[ss:se], g, func(s, e int) bool {
		return t.hidden != nil && t.hidden(ss+s, ss+e)
	})
	if t.anchors == nil {
		t.anchors = map[[2]int]bool{}
	}
	t.anchors[key] = v
	return v
}

const rdMonthNames = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`

var (
	// rdAnchorDay matches a full absolute date.
	rdAnchorDay = regexp.MustCompile(`(?i)\b(?:19|20)\d\d[-/.](?:0?[1-9]|1[0-2])[-/.](?:0?[1-9]|[12]\d|3[01])\b` +
		`|\b` + rdMonthNames + `\.?\s+\d{1,2}(?:st|nd|rd|th)?\b` +
		`|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?` + rdMonthNames + `\b` +
		`|\b\d{1,2}/\d{1,2}/(?:19|20)\d\d\b` +
		`|[0-9０-９]{1,2}\s*月\s*[0-9０-９]{1,2}\s*[日号號]` +
		`|[0-9]{1,2}\s*월\s*[0-9]{1,2}\s*일`)
	// rdAnchorMonth matches a year-month, a month name or a quarter.
	rdAnchorMonth = regexp.MustCompile(`(?i)\b(?:19|20)\d\d[-/.](?:0[1-9]|1[0-2])\b` +
		`|\b(?:january|february|march|april|june|july|august|september|october|november|december)\b` +
		`|\b` + rdMonthNames + `\.?\s+(?:of\s+)?(?:19|20)\d\d\b` +
		`|\b[QH][1-4]\s*(?:19|20)\d\d\b|\b(?:19|20)\d\d\s*-?\s*[QH][1-4]\b` +
		`|[0-9０-９]{1,2}\s*月|[0-9]{1,2}\s*월`)
	// rdAnchorYear matches a year.
	rdAnchorYear = regexp.MustCompile(`\b(?:19|20)\d\d\b`)
)

// rdHasAnchor reports whether text holds an absolute date that anchors an
// expression of grain g; skip, when set, discards matches it reports.
func rdHasAnchor(text []byte, g dateGrain, skip func(s, e int) bool) bool {
	res := []*regexp.Regexp{rdAnchorDay}
	if g >= rdGrainMonth {
		res = append(res, rdAnchorMonth)
	}
	if g == rdGrainYear {
		res = append(res, rdAnchorYear)
	}
	for _, re := range res {
		for _, loc := range re.FindAllIndex(text, -1) {
			if skip == nil || !skip(loc[0], loc[1]) {
				return true
			}
		}
	}
	return false
}

// rdSentences splits a text into sentences and returns their boundaries,
// from 0 to len(text). A sentence ends at . ! ? followed by a space, at
// 。！？, and at a line that starts a list item, a table row or a bold
// label. A sentence longer than rdMaxSentence bytes is cut into pieces of
// that size.
func rdSentences(text []byte) []int {
	b := []int{0}
	add := func(end int) {
		for end-b[len(b)-1] > rdMaxSentence {
			b = append(b, b[len(b)-1]+rdMaxSentence)
		}
		if end > b[len(b)-1] {
			b = append(b, end)
		}
	}
	for i := range text {
		if end := rdSentenceEndAt(text, i); end > 0 {
			add(end)
		}
	}
	add(len(text))
	return b
}

const rdMaxSentence = 1000

// rdSentenceEndAt returns the offset after the sentence end at text[i], or 0
// when text[i] ends no sentence. For a line break that starts a new unit it
// returns i+1.
func rdSentenceEndAt(text []byte, i int) int {
	switch c := text[i]; c {
	case '.', '!', '?':
		if i+1 < len(text) && !rdSpace(text[i+1]) || c == '.' && i > 0 && text[i-1] == '.' {
			return 0 // "v1.2", or an ellipsis...
		}
		if c == '.' && rdIsAbbreviation(text[:i]) {
			return 0
		}
		return i + 1
	case '\n':
		if rdStartsUnit(text[i+1:]) {
			return i + 1
		}
	case 0x82, 0x81, 0x9F: // last byte of 。 ！ ？
		if i >= 2 {
			if s := string(text[i-2 : i+1]); s == "。" || s == "！" || s == "？" {
				return i + 1
			}
		}
	}
	return 0
}

var rdAbbreviations = map[string]bool{
	"e.g": true, "i.e": true, "etc": true, "vs": true, "approx": true, "mr": true, "mrs": true,
	"ms": true, "dr": true, "cf": true, "fig": true, "al": true, "inc": true, "ltd": true, "no": true,
	"jan": true, "feb": true, "mar": true, "apr": true, "jun": true, "jul": true, "aug": true,
	"sep": true, "sept": true, "oct": true, "nov": true, "dec": true, "est": true, "ca": true,
}

// rdIsAbbreviation reports whether before ends with an abbreviation whose
// period does not end a sentence (e.g., Mar. 5, a single initial).
func rdIsAbbreviation(before []byte) bool {
	i := len(before)
	for i > 0 && len(before)-i < 8 && (rdLetter(before[i-1]) || before[i-1] == '.') {
		i--
	}
	w := strings.ToLower(string(before[i:]))
	return len(w) == 1 && rdLetter(w[0]) || rdAbbreviations[w]
}

func rdLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// rdStartsUnit reports whether a line starts a list item, a table row or a
// bold label ("**Why:**").
func rdStartsUnit(line []byte) bool {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '>') {
		i++
	}
	line = line[i:]
	switch {
	case len(line) == 0:
		return false
	case line[0] == '|':
		return true
	case (line[0] == '-' || line[0] == '*' || line[0] == '+') && len(line) > 1 && line[1] == ' ':
		return true
	case bytes.HasPrefix(line, []byte("**")):
		end := bytes.IndexByte(line, '\n')
		if end < 0 {
			end = len(line)
		}
		if end > 80 {
			end = 80
		}
		return bytes.Contains(line[:end], []byte(":**")) || bytes.Contains(line[:end], []byte("**:"))
	}
	j := 0
	for j < len(line) && '0' <= line[j] && line[j] <= '9' {
		j++
	}
	return j > 0 && j+1 < len(line) && (line[j] == '.' || line[j] == ')') && line[j+1] == ' '
}

var rdQuotePairs = map[rune]rune{'"': '"', '\'': '\'', '“': '”', '‘': '’', '«': '»', '「': '」', '『': '』', '《': '》'}

// rdQuotedExactly reports whether text[s:e] is enclosed in quotes of its
// own: a quoted "Today" is a label, not a date.
func rdQuotedExactly(text []byte, s, e int) bool {
	open, _ := utf8.DecodeLastRune(text[:s])
	close, _ := utf8.DecodeRune(text[e:])
	want, ok := rdQuotePairs[open]
	return ok && close == want
}

// rdInsideQuotes reports whether text[s:e] lies inside a double-quoted
// string of its block: a quoted UI string ("Updated 3 days ago") or
// someone's quoted words are text, not a date the memory states. Single
// quotes are left out: they double as apostrophes.
func (t *rdText) insideQuotes(s, e int) bool {
	if t.quotes == nil {
		t.quotes = make([][]int, len(rdQuoteKinds))
		for k, q := range rdQuoteKinds {
			t.quotes[k] = rdPositions(t.text, q)
		}
	}
	for k := 0; k < len(rdQuoteKinds); k += 2 {
		open, close := t.quotes[k], t.quotes[k+1]
		if rdQuoteKinds[k] == rdQuoteKinds[k+1] {
			if n := sort.SearchInts(open, s); n%2 == 1 && n < len(open) && open[n] >= e {
				return true
			}
			continue
		}
		i := sort.SearchInts(open, s) - 1
		if i < 0 {
			continue
		}
		j := sort.SearchInts(close, open[i])
		if j < len(close) && close[j] < s {
			continue // closed before the expression
		}
		if k := sort.SearchInts(close, e); k < len(close) {
			return true
		}
	}
	return false
}

// rdQuoteKinds are pairs of opening and closing quotes.
var rdQuoteKinds = []string{`"`, `"`, "“", "”", "「", "」", "『", "』"}

// rdPositions returns the offsets of sep in text.
func rdPositions(text []byte, sep string) []int {
	var out []int
	for i := 0; ; {
		j := bytes.Index(text[i:], []byte(sep))
		if j < 0 {
			return out
		}
		out = append(out, i+j)
		i += j + len(sep)
	}
}

// ---------------------------------------------------------------------------
// English

const (
	rdEnWeekday = `(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)`
	rdEnNumber  = `(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+few|a\s+couple(?:\s+of)?|a)`
	rdEnUnit    = `(?:day|week|month|year)s?`
)

var rdEnglishRe = regexp.MustCompile(`(?i)\b(?:` +
	`the\s+day\s+(?:after\s+tomorrow|before\s+yesterday)` +
	`|(?:earlier|later)\s+this\s+(?:week|month|year)` +
	`|(?:the\s+)?end\s+of\s+(?:(?:this|next|the)\s+)?(?:week|month)` +
	`|` + rdEnWeekday + `\s+(?:of\s+)?(?:this|next|last)\s+week` +
	`|(?:this|next|last)\s+(?:weekend|week|month|year|quarter|` + rdEnWeekday + `)` +
	`|this\s+(?:morning|afternoon|evening)|last\s+night` +
	`|today|tonight|tomorrow|yesterday` +
	`|in\s+(?:(?:about|around|roughly|approximately|another)\s+)?` + rdEnNumber + `\s+` + rdEnUnit +
	`|` + rdEnNumber + `\s+` + rdEnUnit + `\s+ago` +
	`|` + rdEnWeekday +
	`)\b`)

var rdWeekdayByName = map[string]time.Weekday{
	"monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
	"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday, "sunday": time.Sunday,
}

var rdNumberWords = map[string]int{
	"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
	"seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}

// english classifies and filters an English match.
func (t *rdText) english(s, e, ss, se int) (int, int, dateMeaning, bool) {
	text := t.text
	words := strings.Fields(strings.ToLower(string(text[s:e])))
	m, ok := rdClassifyEnglish(words)
	if !ok || rdInIdentifier(text, s, e) {
		return s, e, m, false
	}
	if rdCapitalisedLabel(text, ss, s, e, se) {
		return s, e, m, false
	}
	prev := rdWordsBefore(text, ss, s, 4)
	next := rdWordsAfter(text, e, se, 2)
	prev0, next0 := rdAt(prev, 0), rdAt(next, 0)
	if rdLabelNoun[next0] || rdNameIntro[prev0] || prev0 == "called" && rdStartsUpper(text[s:e]) ||
		rdPossessiveLabel(text, e, se) ||
		rdExample(prev) || rdFlag(prev0) || rdDefaultValue(prev) {
		return s, e, m, false
	}
	_, firstIsWeekday := rdWeekdayByName[words[0]]
	switch {
	case len(words) == 1 && (words[0] == "today" || words[0] == "tomorrow" || words[0] == "yesterday"):
		if rdGenericDay(text, e, prev) || rdGenericDay(text, e, rdPastCoordination(prev)) {
			return s, e, m, false
		}
		if words[0] == "today" && rdTodayMeansCurrently(text, ss, s, e, prev, next) ||
			rdHasWord(text[ss:s], rdHabitualWords) && rdHasWord(rdClause(text[ss:s], nil), rdHabitualWords) ||
			rdPossessivePronoun[prev0] || rdDateVerb[prev0] || rdPossessiveNoun(prev, next) {
			return s, e, m, false
		}
	case len(words) == 1 && firstIsWeekday:
		if rdWeekdaySkipBefore[prev0] || rdHolidayPrefix[prev0] || rdWeekdaySkipAfter[next0] ||
			!rdDatePreposition[prev0] && rdWeekdayInName(text, e, se) ||
			rdAnyIn(prev, rdRecurringCue) || (rdAnyIn(prev, rdWeekdayGenericCue) && !rdDeadlineWord[prev0]) || rdWeekdayRange(text, ss, s, e, se) ||
			rdJobVerb[prev0] || prev0 == "on" && rdJobVerb[rdAt(prev, 1)] ||
			rdRecurringSentence(text, ss, s, e, se) || rdMayTalkCalendar(text[ss:se]) && rdCalendarTalk.Match(text[ss:se]) ||
			(t.weeklySchedule != nil && t.weeklySchedule()) {
			return s, e, m, false
		}
	case firstIsWeekday: // "Monday next week"
		if rdAnyIn(prev, rdRecurringCue) || prev0 == "the" {
			return s, e, m, false
		}
	case words[0] == "this" || words[0] == "next" || words[0] == "last":
		// "the last week of March", "the next year" (a rolling window),
		// "every last Friday".
		if prev0 == "the" || next0 == "of" || rdAnyIn(prev, rdRecurringCue) {
			return s, e, m, false
		}
	case words[0] == "in":
		// "due in 30 days from the invoice date": counted from an event.
		fromEvent := (next0 == "from" || next0 == "after") && rdAt(next, 1) != "now" && rdAt(next, 1) != "today"
		if rdInDuration(prev, next) || rdPolicyDue(prev) || rdHasWord(text[ss:se], rdHabitualCount) || fromEvent {
			return s, e, m, false
		}
	case words[0] == "end" || (words[0] == "the" && words[1] == "end"):
		// "end of the month" is often a recurring time ("invoices go out
		// at the end of the month"); only a deadline is a date.
		if !rdHas(words, "this") && !rdHas(words, "next") && !rdDeadlineWord[prev0] {
			return s, e, m, false
		}
	}
	return s, e, m, true
}

func rdAt(words []string, i int) string {
	if i < len(words) {
		return words[i]
	}
	return ""
}

func rdAnyIn(words []string, set map[string]bool) bool {
	for _, w := range words {
		if set[w] {
			return true
		}
	}
	return false
}

// rdClassifyEnglish turns the lowercased words of a match into a meaning.
func rdClassifyEnglish(w []string) (dateMeaning, bool) {
	offset := map[string]int{"this": 0, "next": 1, "last": -1}
	switch w[0] {
	case "today", "tonight":
		return dateMeaning{unit: rdDay}, true
	case "tomorrow":
		return dateMeaning{unit: rdDay, n: 1}, true
	case "yesterday":
		return dateMeaning{unit: rdDay, n: -1}, true
	case "earlier", "later":
		return rdUnitMeaning(w[2], 0), true
	case "end", "the":
		if w[0] == "the" && w[1] == "day" {
			if w[2] == "after" {
				return dateMeaning{unit: rdDay, n: 2}, true
			}
			return dateMeaning{unit: rdDay, n: -2}, true
		}
		n := 0
		if rdHas(w, "next") {
			n = 1
		}
		if w[len(w)-1] == "month" {
			return dateMeaning{unit: rdEndOfMonth, n: n}, true
		}
		return dateMeaning{unit: rdEndOfWeek, n: n}, true
	case "this", "next", "last":
		n := offset[w[0]]
		switch x := w[1]; x {
		case "weekend":
			return dateMeaning{unit: rdWeekend, n: n}, true
		case "morning", "afternoon", "evening":
			return dateMeaning{unit: rdDay}, true
		case "night":
			return dateMeaning{unit: rdDay, n: -1}, true
		case "week", "month", "year", "quarter":
			return rdUnitMeaning(x, n), true
		default:
			wd := rdWeekdayByName[x]
			switch w[0] {
			case "this":
				return dateMeaning{unit: rdThisWeekday, wd: wd}, true
			case "next":
				return dateMeaning{unit: rdNextWeekday, wd: wd}, true
			}
			return dateMeaning{unit: rdLastWeekday, wd: wd}, true
		}
	case "in":
		rest := w[1:]
		switch rest[0] {
		case "about", "around", "roughly", "approximately", "another":
			rest = rest[1:]
		}
		n, vague, rest, ok := rdParseNumber(rest)
		if !ok || len(rest) == 0 {
			return dateMeaning{}, false
		}
		m := rdCountMeaning(rest[0], n)
		m.vague = m.vague || vague
		return m, true
	}
	if wd, ok := rdWeekdayByName[w[0]]; ok {
		if len(w) == 1 {
			return dateMeaning{unit: rdNearWeekday, wd: wd}, true
		}
		return dateMeaning{unit: rdWeekdayOfWeek, wd: wd, n: offset[w[len(w)-2]]}, true
	}
	n, vague, rest, ok := rdParseNumber(w)
	if !ok || len(rest) < 2 {
		return dateMeaning{}, false
	}
	m := rdCountMeaning(rest[0], -n)
	m.vague = m.vague || vague
	return m, true
}

// rdUnitMeaning is "this/next/last <unit>".
func rdUnitMeaning(unit string, n int) dateMeaning {
	switch unit {
	case "week":
		return dateMeaning{unit: rdWeek, n: n}
	case "month":
		return dateMeaning{unit: rdMonth, n: n}
	case "quarter":
		return dateMeaning{unit: rdQuarter, n: n}
	}
	return dateMeaning{unit: rdYear, n: n}
}

// rdCountMeaning is "in n <unit>s" (n > 0) or "n <unit>s ago" (n < 0).
func rdCountMeaning(unit string, n int) dateMeaning {
	switch strings.TrimSuffix(unit, "s") {
	case "week":
		return dateMeaning{unit: rdDay, n: 7 * n}
	case "month":
		return dateMeaning{unit: rdMonth, n: n}
	case "year":
		return dateMeaning{unit: rdYear, n: n}
	}
	return dateMeaning{unit: rdDay, n: n}
}

// rdParseNumber reads a count: digits, a number word, "a", "a few",
// "a couple (of)".
func rdParseNumber(w []string) (n int, vague bool, rest []string, ok bool) {
	if len(w) == 0 {
		return 0, false, nil, false
	}
	if len(w) > 1 && w[0] == "a" && w[1] == "few" {
		return 3, true, w[2:], true
	}
	if len(w) > 1 && w[0] == "a" && w[1] == "couple" {
		rest = w[2:]
		if len(rest) > 0 && rest[0] == "of" {
			rest = rest[1:]
		}
		return 2, true, rest, true
	}
	if v, ok := rdNumberWords[w[0]]; ok {
		return v, false, w[1:], true
	}
	v, err := strconv.Atoi(w[0])
	if err != nil || v == 0 {
		return 0, false, nil, false
	}
	return v, false, w[1:], true
}

var (
	// Words before a bare weekday that make it generic or not a date:
	// "every Monday", "a Friday deploy", "the Monday after launch".
	rdWeekdaySkipBefore = rdSet("every", "each", "a", "an", "any", "some", "one", "which", "what", "other",
		"first", "second", "third", "fourth", "fifth", "1st", "2nd", "3rd", "4th", "5th", "patch",
		"alternate", "alternating", "the", "most", "all", "no", "whichever", "per", "on-call")
	// Words shortly before a weekday that make it recurring.
	rdRecurringCue = rdSet("every", "each", "weekly", "biweekly", "bi-weekly", "fortnightly", "usually",
		"typically", "normally", "generally", "always", "recurring", "regularly", "never", "avoid",
		"don't", "don’t", "dont", "mondays", "tuesdays",
		"wednesdays", "thursdays", "fridays", "saturdays", "sundays")
	// Words shortly before a bare weekday that make it any such day: a
	// preference ("prefers meetings on Tuesday"), a cron line.
	rdWeekdayGenericCue = rdSet("prefer", "prefers", "preferred", "preferably", "ideally", "favour", "favours",
		"favor", "favors", "whenever", "cron", "crontab")
	// Names of days that are not the next or last such weekday.
	rdHolidayPrefix = rdSet("black", "good", "cyber", "easter", "blue", "super", "ash", "holy", "maundy",
		"palm", "giving", "fat", "shrove", "whit", "plough", "mothering", "manic", "casual", "freaky",
		"throwback", "taco", "travel", "girl", "man", "bowl", "business", "election")
	// Words after a weekday that make it recurring or a name: "Monday
	// mornings", "the Monday standup", "Friday the 13th".
	rdWeekdaySkipAfter = rdSet("mornings", "afternoons", "evenings", "nights", "standup", "standups",
		"stand-up", "stand-ups", "meeting", "meetings", "sync", "syncs", "retro", "retros", "cadence",
		"schedule", "routine", "ritual", "rotation", "the", "through", "thru", "to", "till", "until",
		// what comes out on that day each week: "the Sunday tracker post"
		"tracker", "post", "posts", "report", "reports", "digest", "newsletter", "recap", "roundup",
		"check-in", "check-ins", "livestream", "stream", "episode", "edition", "batch", "run", "runs")
	// Words before "in 3 days" that make it a duration or a time to live:
	// "finished in 2 weeks", "tokens expire in 30 days", "twice in a week".
	rdDurationBefore = rdSet("done", "finished", "finish", "finishes", "complete", "completes", "built",
		"build", "builds", "written", "wrote", "write", "implemented", "shipped", "delivered", "made",
		"did", "do", "does", "doable", "possible", "feasible", "achievable", "manageable", "took", "takes",
		"take", "taking", "ran", "runs", "run", "learned", "learnt", "read", "grew", "grown", "expire",
		"expires", "expiring", "expiry", "expiration", "lapse", "lapses", "renew", "renews", "reset",
		"resets", "refresh", "refreshes", "rotate", "rotates", "purge", "purges", "delete", "deletes",
		"timeout", "valid", "decay", "decays", "close", "closes", "once", "twice", "thrice",
		"times", "it", "them", "that", "everything", "lot", "more", "much", "less", "together", "alone",
		"happen", "happens", "occur", "occurs", "propagate", "propagates", "converge", "converges",
		"settle", "settles", "heal", "heals", "recover", "recovers", "respond", "responds", "reply", "replies",
		"answer", "answers", "acknowledge", "acknowledges", "triage", "triaged", "sla", "slo", "convert", "converts")
	// Past participles that announce a future date, not a duration:
	// "needed in 2 weeks", "scheduled in 3 days".
	rdFutureParticiple = rdSet("needed", "expected", "scheduled", "planned", "required", "wanted", "slated",
		"promised", "booked", "supposed", "revisited", "reviewed", "rechecked", "reassessed",
		"reevaluated", "re-evaluated", "resumed", "continued", "released", "decided", "due")
	// Words before "in 3 days" that make it a future date whatever
	// follows: "will be done in 2 weeks".
	rdFutureCue = rdSet("will", "'ll", "shall", "going", "gonna", "due", "scheduled", "planned", "expected",
		"slated", "deadline", "launch", "launches", "release", "releases", "eta")
	// Words after "in 3 days" that make it a duration: "in 2 weeks or
	// less", "in 3 days total".
	rdDurationAfter = rdSet("or", "flat", "total", "each", "per", "apiece", "max", "maximum", "tops", "at",
		"of", "worth", "straight", "running")
	// Quantities before "in 3 days" that make it a rate: "several fixes
	// in a week".
	rdQuantity = rdSet("several", "many", "multiple", "dozens", "hundreds", "thousands", "few", "most")
	// Auxiliaries that put "in 3 days" in the past: a duration.
	rdPastAuxiliary = rdSet("was", "were", "had", "did")
	// Nouns after an expression that make it the name of a view or a
	// control: "the today view", "Next Week tab".
	rdLabelNoun = rdSet("view", "views", "tab", "tabs", "page", "button", "filter", "list", "section",
		"column", "widget", "screen", "panel", "menu", "label", "option", "mode", "feature", "shelf",
		"row", "card", "field", "sheet", "board", "folder", "category", "playlist", "bucket", "lane",
		"header", "heading", "link", "preset", "template", "extension", "app", "carousel", "rail", "banner",
		"module", "tile", "tiles", "slot", "feed", "digest", "widgets", "buttons", "filters", "sections",
		"cards", "shelves", "lists", "pages", "screens", "tabs")
	// Verbs of what a job does, just before a bare weekday: "the backup
	// runs Sunday", "the key rotates on Monday". A job's day recurs.
	rdJobVerb = rdSet("runs", "fires", "triggers", "executes", "recurs", "repeats", "rotates", "resets",
		"refreshes", "renews", "syncs")
	// Prepositions that make a weekday a date adverbial even before a
	// Capitalised word: "on Friday Alex presents".
	rdDatePreposition = rdSet("on", "by", "until", "till", "before", "after", "since", "from", "next", "this", "last")
	// Words before an expression that make it a name: "a flag named
	// tomorrow", "the shelf called Recently Added".
	// "Called" only introduces a Capitalised name: "the client called
	// today" is a date.
	rdNameIntro = rdSet("named", "titled", "labelled", "labeled", "dubbed", "entitled")
	// Words before "end of the week" that make it a deadline.
	rdDeadlineWord = rdSet("by", "before", "until", "till", "through", "thru")
)

func rdSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// rdGenericDay reports whether today, tomorrow or yesterday is not a
// date of the memory: figurative ("the tools of tomorrow", "today's
// world"), or what a program does every day ("the cron checks tomorrow's
// loads", "shows tasks due today", "uses today's date").
func rdGenericDay(text []byte, e int, prev []string) bool {
	prev0, prev1 := rdAt(prev, 0), rdAt(prev, 1)
	if prev0 == "of" && !rdOfDay[prev1] {
		return true
	}
	if prev0 == "due" && strings.HasSuffix(prev1, "s") && !rdVerbS[prev1] {
		return true // "tasks due today"
	}
	rest := text[e:]
	if !bytes.HasPrefix(rest, []byte("'s ")) && !bytes.HasPrefix(rest, []byte("’s ")) {
		return false
	}
	if rdProgramVerb[prev0] {
		return true
	}
	next := strings.Fields(strings.ToLower(string(rest[bytes.IndexByte(rest, ' '):min(len(rest), 64)])))
	return len(next) > 0 && rdGenericNoun[strings.Trim(next[0], ".,;:!?)")]
}

var (
	// Words before "of today" that keep it a date: "as of today", "the
	// end of today".
	rdOfDay = rdSet("as", "end", "rest", "morning", "afternoon", "evening", "night", "start", "beginning")
	// Words ending in s that are not plural nouns.
	rdVerbS = rdSet("is", "was", "has", "does", "this", "its", "his", "thus", "always", "plus", "as", "us")
	// Verbs that describe what a program does with "today's" data.
	rdProgramVerb = rdSet("show", "shows", "showing", "display", "displays", "load", "loads", "loading",
		"fetch", "fetches", "return", "returns", "list", "lists", "compute", "computes", "send", "sends",
		"export", "exports", "import", "imports", "pull", "pulls", "include", "includes", "read", "reads",
		"write", "writes", "sync", "syncs", "filter", "filters", "check", "checks", "render", "renders",
		"get", "gets", "build", "builds", "generate", "generates", "process", "processes", "aggregate",
		"aggregates", "query", "queries", "select", "selects", "count", "counts", "highlight",
		"highlights", "use", "uses", "using", "compare", "compares", "for")
	// Nouns after "today's" that make it figurative or generic.
	rdGenericNoun = rdSet("world", "market", "markets", "standards", "standard", "age", "society", "era",
		"economy", "landscape", "technology", "tools", "developers", "web", "internet", "generation",
		"date", "hardware", "software", "models", "browsers", "users", "youth", "children", "kids")
)

// rdInDuration reports whether "in N units" is a duration rather than a
// date: what precedes says the work took or takes that long, or counts
// what happened in that time ("three instances in one day").
func rdInDuration(prev, next []string) bool {
	if rdAnyIn(prev, rdFutureCue) {
		return false
	}
	for i, p := range prev {
		if i == 3 {
			break
		}
		if n, err := strconv.Atoi(p); err == nil && n > 0 || rdNumberWords[p] > 0 && p != "a" && p != "an" ||
			rdQuantity[p] {
			return true
		}
	}
	if rdDurationAfter[rdAt(next, 0)] && !(rdAt(next, 0) == "or" && rdAt(next, 1) == "so") {
		return true
	}
	if rdAt(prev, 0) == "out" && strings.HasPrefix(rdAt(prev, 1), "time") {
		return true // "times out in 30 days"
	}
	for i, p := range prev {
		if i == 3 {
			break
		}
		if rdDurationBefore[p] || rdPastAuxiliary[p] || (strings.HasSuffix(p, "ed") && !rdFutureParticiple[p]) {
			return true
		}
	}
	return false
}

// rdWeekdayRange reports whether a weekday is one end of a range of days
// ("Monday–Friday", "Mon to Fri"): a recurring span, not a date.
func rdWeekdayRange(text []byte, ss, s, e, se int) bool {
	return rdWeekdayRangeAfter.Match(text[e:se]) || rdWeekdayRangeBefore.Match(text[ss:s])
}

var (
	rdWeekdayRangeAfter  = regexp.MustCompile(`(?i)^\s*(?:-|–|—|~|to|through|thru|till|until)\s*(?:mon|tue|wed|thu|fri|sat|sun)`)
	rdWeekdayRangeBefore = regexp.MustCompile(`(?i)(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*(?:-|–|—|~|to|through|thru|till|until|from)\s*$`)
)

// rdInIdentifier reports whether a match is part of a file name, an
// identifier, a URL or a query: today.md, due:tomorrow, monday.com,
// next_week, today().
func rdInIdentifier(text []byte, s, e int) bool {
	if s > 0 {
		r, size := utf8.DecodeLastRune(text[:s])
		switch r {
		case '/', '@', '#', '$', '\\', '=', '<', '{':
			return true
		case '_', '-', '.', ':':
			if s-size > 0 {
				if r2, _ := utf8.DecodeLastRune(text[:s-size]); rdAlnum(r2) {
					return true
				}
			}
		}
	}
	if e < len(text) {
		r, size := utf8.DecodeRune(text[e:])
		switch r {
		case '(', '@', '=', '>', '}':
			return true
		case '_', '-', '.', '/', ':':
			if e+size < len(text) {
				if r2, _ := utf8.DecodeRune(text[e+size:]); rdAlnum(r2) {
					return true
				}
			}
		}
	}
	return false
}

func rdAlnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// rdCapitalisedLabel reports whether an English expression is a name or a
// label: its normally-lowercase words are Capitalised in mid-sentence ("the
// Next Week view", "Recently Added"). Weekday names are always capitalised
// and do not count.
func rdCapitalisedLabel(text []byte, ss, s, e, se int) bool {
	words := 0
	for _, w := range bytes.Fields(text[s:e]) {
		if !rdLetter(w[0]) {
			continue
		}
		if _, ok := rdWeekdayByName[strings.ToLower(string(w))]; ok {
			continue
		}
		if w[0] < 'A' || w[0] > 'Z' {
			return false
		}
		words++
	}
	if words == 0 {
		return false
	}
	if !atSentenceStart(text[ss:s]) {
		return true
	}
	// At the start of a sentence capitals say nothing, unless the words
	// after continue a title ("Today I Learned") or a list of labels
	// ("Yesterday, Today, Blockers").
	next := bytes.FieldsFunc(text[e:se], func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == '/' })
	if len(next) == 0 || !rdStartsUpper(next[0]) {
		return false
	}
	if c := rdWords[strings.ToLower(string(bytes.TrimRight(next[0], ".:;!?")))]; c == dwDate || c == dwUnit {
		return true
	}
	return len(next) > 1 && rdStartsUpper(next[1]) && !bytes.ContainsAny(text[e:e+1], ",")
}

func rdStartsUpper(w []byte) bool {
	r, _ := utf8.DecodeRune(w)
	return unicode.IsUpper(r)
}

// atSentenceStart reports whether what precedes an expression in its
// sentence is only markup and punctuation, a table cell boundary, or a
// short label ending in a colon ("**Why:**", "Status:").
func atSentenceStart(prefix []byte) bool {
	if i := bytes.LastIndexByte(prefix, '|'); i >= 0 {
		prefix = prefix[i+1:]
	}
	p := bytes.TrimRight(prefix, " \t\r\n*_")
	if len(p) > 0 && p[len(p)-1] == ':' {
		words := 0
		for _, f := range bytes.Fields(p) {
			if bytes.IndexFunc(f, unicode.IsLetter) >= 0 {
				words++
			}
		}
		return words <= 3
	}
	return bytes.IndexFunc(prefix, unicode.IsLetter) < 0
}

// rdWordsBefore returns up to n lowercased words before text[s] within the
// sentence starting at ss, nearest first.
func rdWordsBefore(text []byte, ss, s, n int) []string {
	fields := strings.Fields(strings.ToLower(string(text[ss:s])))
	out := make([]string, 0, n)
	for i := len(fields) - 1; i >= 0 && len(out) < n; i-- {
		w := strings.Trim(fields[i], "*_()[]\"“”‘’,;:")
		if w == "" {
			break
		}
		out = append(out, w)
		if w != fields[i] && strings.ContainsAny(fields[i][len(fields[i])-1:], ",;:") {
			break // a clause boundary
		}
	}
	return out
}

// rdWordsAfter returns up to n lowercased words after text[e] within the
// sentence ending at se.
func rdWordsAfter(text []byte, e, se, n int) []string {
	rest := text[e:se]
	if len(rest) > 0 && !rdSpace(rest[0]) {
		return nil // "Friday," or "today's": punctuation ends the phrase
	}
	fields := strings.Fields(strings.ToLower(string(rest)))
	out := make([]string, 0, n)
	for _, f := range fields {
		w := strings.Trim(f, "*_()[]\"“”‘’,;:.!?")
		if w == "" || len(out) == n {
			break
		}
		out = append(out, w)
		if w != strings.TrimLeft(f, "*_([\"“‘") {
			break
		}
	}
	return out
}

// rdWeeklySchedule reports whether a body lays out a weekly schedule: at
// least two different weekdays used as labels ("- Monday: gym", "Tuesday —
// swim", "| Friday | rest |", "## Thursday"). Its weekdays are recurring
// days, not dates.
func rdWeeklySchedule(body []byte) bool {
	var first string
	for _, loc := range rdScheduleLabel.FindAllSubmatchIndex(body, -1) {
		day := strings.ToLower(string(body[loc[2]:loc[3]]))
		if first == "" {
			first = day
		} else if day != first {
			return true
		}
	}
	return false
}

var rdScheduleLabel = regexp.MustCompile(`(?im)^[ \t>]*(?:[-*+][ \t]+|\d+[.)][ \t]+|\|[ \t]*|#{1,6}[ \t]+)?(?:\*\*|__)?(` + rdEnWeekday + `)s?(?:\*\*|__)?[ \t]*(?::|\||—|–|-[ \t]|\r?$)`)

// ---------------------------------------------------------------------------
// Chinese and Japanese

const (
	rdZhNumber = `(?:[0-9０-９]{1,3}|[一二两兩三四五六七八九十百]{1,3})`
	rdZhDay    = `[一二三四五六日天]`
	rdJaDay    = `[月火水木金土日]`
)

var rdCJKRe = regexp.MustCompile(`下下(?:个)?(?:周|星期|礼拜)` +
	`|再来週` +
	`|(?:下|上|这|這|本)(?:个|個)?(?:周|週|星期|礼拜|禮拜)(?:末|` + rdZhDay + `)?` +
	`|(?:(?:这|這|下|上)(?:个|個)月|本月)(?:底|末)?` +
	`|今天|明天|昨天|后天|前天|今晚|今早` +
	`|今年|明年|去年|来年|一昨年|昨年` +
	`|(?:今週|来週|先週)(?:末|の?` + rdJaDay + `曜日?)?` +
	`|(?:今月|来月|先月)末?` +
	`|今日|明後日|明日|一昨日|昨日|今夜|今晩` +
	`|` + rdZhNumber + ` ?(?:天|周|週|[个個]星期|个礼拜|個禮拜|[个個]月|年)(?:以[后後]|之[后後]|以前|之前|[后後前])` +
	`|` + rdZhNumber + ` ?(?:日|週間|[ヶケカか箇ヵ]月|年)(?:後|前)` +
	`|(?:周|週|星期|礼拜|禮拜)` + rdZhDay +
	`|` + rdJaDay + `曜日`)

var (
	rdZhWeekday = map[rune]time.Weekday{'一': time.Monday, '二': time.Tuesday, '三': time.Wednesday,
		'四': time.Thursday, '五': time.Friday, '六': time.Saturday, '日': time.Sunday, '天': time.Sunday}
	rdJaWeekday = map[rune]time.Weekday{'月': time.Monday, '火': time.Tuesday, '水': time.Wednesday,
		'木': time.Thursday, '金': time.Friday, '土': time.Saturday, '日': time.Sunday}
	rdCJKFixed = map[string]dateMeaning{
		"今天": {unit: rdDay}, "明天": {unit: rdDay, n: 1}, "昨天": {unit: rdDay, n: -1},
		"后天": {unit: rdDay, n: 2}, "前天": {unit: rdDay, n: -2}, "今晚": {unit: rdDay},
		"今早": {unit: rdDay}, "今年": {unit: rdYear}, "明年": {unit: rdYear, n: 1},
		"去年": {unit: rdYear, n: -1}, "来年": {unit: rdYear, n: 1}, "昨年": {unit: rdYear, n: -1},
		"一昨年": {unit: rdYear, n: -2}, "今月": {unit: rdMonth}, "来月": {unit: rdMonth, n: 1},
		"先月": {unit: rdMonth, n: -1}, "本月": {unit: rdMonth}, "这个月": {unit: rdMonth},
		"下个月": {unit: rdMonth, n: 1}, "上个月": {unit: rdMonth, n: -1}, "今日": {unit: rdDay},
		"這個月": {unit: rdMonth}, "下個月": {unit: rdMonth, n: 1}, "上個月": {unit: rdMonth, n: -1},
		"明日": {unit: rdDay, n: 1}, "昨日": {unit: rdDay, n: -1}, "明後日": {unit: rdDay, n: 2},
		"一昨日": {unit: rdDay, n: -2}, "今夜": {unit: rdDay}, "今晩": {unit: rdDay},
	}
	rdCJKWeekOffset = map[string]int{"下": 1, "上": -1, "这": 0, "這": 0, "本": 0, "今週": 0, "来週": 1, "先週": -1, "再来週": 2}
)

// Characters before a word's first character that make them one longer
// word: 说明天 (说明 + 天), 如今天 (如今 + 天), 将来月 (将来 + 月).
const (
	rdBeforeJin  = "如迄古现現当當而昨只即"
	rdBeforeMing = "说說证證透聪聰英发發表声聲简簡阐闡申标標注查失清开開高精鲜鮮分光文神黎指写寫载載讲講点點挑言澄昌辨严嚴公贤賢修圣聖阳陽晶通照松昭廉"
	rdBeforeLai  = "将將本元従从以出未到由往伝传外家古近旧舊生爾尔在如渡襲袭舶飛飞招去年后後看起归歸回过過进進带帶原向素越"
	rdBeforeXian = "優优祖最率機机行宛送届取得連连勤出旅手口筆笔鼻指爪舌穂店庭軒轩春矢切首事領领先目眼真一今相売卖仕移預预引派遣納纳転转赴訪访問问接請请争抢原"
	rdBeforeQu   = "过過失出回上下进進离離死除删減减抹撤拿送跑逝归歸飞飛走带帶搬"
	rdBeforeHou  = "先然之最背此落以其而随隨前事午身幕往今"
	rdBeforeQian = "提之以目当當事从從向往眼面跟空超先此生日年月会會饭飯睡考战戰赛賽线線午门門胸额額身上前不史阵陣台幕席期节節天"
	// Characters before 上, 下 or 本 that make a word ending in it (线上,
	// 一下, 版本): 线上周报 is "online weekly report", not "last week".
	rdBeforeShang = "线線以之晚早马馬网網世天地面往向至楼樓手头頭身路桌顶頂北加"
	rdBeforeXia   = "以之一地底南天手部乡鄉陛阁閣殿足私眼当當落剩楼樓脚腳水树樹桌床山屋云雲低往向朝留放写寫记記拿打按"
	rdBeforeBen   = "基根成资資样樣版日文剧劇课課账賬原范範副脚腳书書标標读讀话話蓝藍底血老股院画畫稿抄秘孤善刻唱台译譯珍残殘手笔筆簿一两兩三几幾每"
	// Function words and pronouns after which a prefix reads as the start
	// of a time expression even where the rest is ambiguous (上周末 after
	// 我们; 早上周会 is a morning meeting).
	rdAfterPrefixOK = "在于於从從到至自由等将將会會要的了是和与與及或把被让讓给給对對就都也还還再才又已需计計划劃算备備取迟遲止直我你他她它们們您咱家说說约約定起始截即"
	// Characters after 周 that make a word a preceding 上/下 may also
	// belong to: 上周末 (last weekend) or 早上 + 周会 (morning meeting).
	rdAfterZhouAmbiguous = "报報会會末刊例"
	// Characters after 周 that make another word: 周期, 周年, 周边.
	rdAfterZhou = "期年岁歲刊边邊围圍到全知转轉密旋游遊长長遭波率正易公朝恩"
	// Characters after 月 in 这个月/本月 that make another word: 月饼.
	rdAfterYue = "饼餅亮光球台臺票薪刊"
	// Characters after 后/前 that make another word: 后续, 前端.
	rdAfterHou  = "续續端台面者缀綴果悔遗遺勤备備盾路门門代辈輩人事患劲勁援手撤退方置记記序部卫衛腿背院边邊世宫宮妈媽"
	rdAfterQian = "后後端台面者缀綴提景途程线線方置辈輩人言任身期沿锋鋒卫衛进進往列夕科嫌瞻奏额額胸门門厅廳院排例所车車兆"
	// Characters before a bare weekday that make it a count or a
	// recurrence: 两周一次, 每周一, 一个星期.
	rdBeforeBareWeekday = "每一二两兩三四五六七八九十几幾数數半隔个個全整当當同次前该該哪首周週圆圓上下本这這那逢某多第末余餘近头頭0123456789０１２３４５６７８９"
)

// rdAfterWeekdayChar lists, per weekday character, characters after it that
// make another word: 一直, 一样; 日志, 日期; 天气.
var rdAfterWeekdayChar = map[rune]string{
	'一': "直样樣致起切般定共些点點旦边邊次遍回个個片半月年份段条條项項轮輪部声聲体體类類套种種",
	'二': "手者次遍回个個",
	'三': "次遍回个個角",
	'四': "次遍回个個",
	'五': "次遍回个個",
	'六': "次遍回个個",
	'日': "志誌期常报報程历歷记記均益子光出落夜化用语語文本系",
	'天': "气氣数數内內下上地然空",
}

// cjk classifies and filters a Chinese or Japanese match.
func (t *rdText) cjk(s, e, ss, se int) (int, int, dateMeaning, bool) {
	text := t.text
	m := string(text[s:e])
	before := rdRuneBefore(text, s)
	var after rune
	if e < len(text) {
		after, _ = utf8.DecodeRune(text[e:])
	}
	first, _ := utf8.DecodeRuneInString(m)
	last, _ := utf8.DecodeLastRuneInString(m)
	mm, ok := rdCJKFixed[m]
	if end := strings.TrimRight(m, "底末"); !ok && end != m && rdCJKFixed[end].unit == rdMonth && end != "今年" {
		// 本月底, 下个月末, 来月末: the end of that month.
		if mm, ok = rdCJKFixed[end]; ok {
			mm.unit = rdEndOfMonth
		}
	}
	if ok {
		switch first {
		case '今':
			// 今日では, 今日的: "nowadays", not a date.
			// 今日头条 is an app.
			if strings.ContainsRune(rdBeforeJin, before) || m == "今日" && (strings.ContainsRune("的头頭", after) || bytes.HasPrefix(text[e:], []byte("では"))) {
				return s, e, mm, false
			}
		case '明':
			// 明日香 (a name), 明日之星 ("rising star"), 明日方舟 (a game).
			if strings.ContainsRune(rdBeforeMing, before) || m == "明日" && strings.ContainsRune("香之方", after) {
				return s, e, mm, false
			}
		case '来':
			if strings.ContainsRune(rdBeforeLai, before) {
				return s, e, mm, false
			}
		case '先':
			if strings.ContainsRune(rdBeforeXian, before) {
				return s, e, mm, false
			}
		case '去':
			if strings.ContainsRune(rdBeforeQu, before) {
				return s, e, mm, false
			}
		case '后':
			if strings.ContainsRune(rdBeforeHou, before) || strings.ContainsRune("性生赋賦形获獲培努习習因缺免疾", after) ||
				bytes.HasSuffix(text[:s], []byte("先天")) {
				return s, e, mm, false
			}
		case '前':
			if strings.ContainsRune(rdBeforeQian, before) || strings.ContainsRune("数數气氣然下赋賦使空地", after) {
				return s, e, mm, false
			}
		case '上', '下', '本':
			if !rdPrefixMayFollow(first, before, 0) {
				return s, e, mm, false
			}
		}
		if last == '月' && strings.ContainsRune(rdAfterYue, after) {
			return s, e, mm, false
		}
		if mm.unit == rdDay && (rdCJKLabel(text[e:]) || rdCJKGenericDay(text, ss, s, e, se)) {
			return s, e, mm, false
		}
		return s, e, mm, true
	}
	// Counts: 3天后, 两周前, 三个月以后, 3日後, 2週間前.
	if n, rest, ok := rdLeadingCJKNumber(m); ok {
		// 作成から30日後: counted from an event, not from today.
		if !rdCountMayFollow(text, s) || bytes.HasSuffix(bytes.TrimRight(text[ss:s], " "), []byte("から")) ||
			rdRetention(text[e:se], rdCJKRetention) {
			return s, e, dateMeaning{}, false
		}
		rest = strings.TrimLeft(rest, " ")
		ago := strings.HasSuffix(rest, "前")
		// 3天前后 is "about 3 days"; 3天后续 is "3 days, follow-up".
		if ago && strings.ContainsRune(rdAfterQian, after) || !ago && strings.ContainsRune(rdAfterHou, after) {
			return s, e, dateMeaning{}, false
		}
		if ago {
			n = -n
		}
		switch {
		case strings.HasPrefix(rest, "天"), strings.HasPrefix(rest, "日"):
			return s, e, dateMeaning{unit: rdDay, n: n}, true
		case strings.HasPrefix(rest, "周"), strings.HasPrefix(rest, "週"), strings.Contains(rest, "星期"), strings.Contains(rest, "拜"):
			return s, e, dateMeaning{unit: rdDay, n: 7 * n}, true
		case strings.HasPrefix(rest, "年"):
			return s, e, dateMeaning{unit: rdYear, n: n}, true
		}
		return s, e, dateMeaning{unit: rdMonth, n: n}, true
	}
	// Japanese weeks: 来週, 来週の月曜日.
	for _, p := range []string{"再来週", "今週", "来週", "先週"} {
		if !strings.HasPrefix(m, p) {
			continue
		}
		if first == '来' && strings.ContainsRune(rdBeforeLai, before) || first == '先' && strings.ContainsRune(rdBeforeXian, before) ||
			first == '今' && strings.ContainsRune(rdBeforeJin, before) {
			return s, e, dateMeaning{}, false
		}
		n := rdCJKWeekOffset[p]
		rest := strings.TrimPrefix(strings.TrimPrefix(m, p), "の")
		if rest == "末" {
			return s, e, dateMeaning{unit: rdWeekend, n: n}, true
		}
		if rest == "" {
			if strings.ContainsRune(rdAfterZhou, after) {
				return s, e, dateMeaning{}, false
			}
			return s, e, dateMeaning{unit: rdWeek, n: n}, true
		}
		r, _ := utf8.DecodeRuneInString(rest)
		return s, e, dateMeaning{unit: rdWeekdayOfWeek, n: n, wd: rdJaWeekday[r]}, true
	}
	// Chinese weeks: 下周, 上个星期, 本周三, 下下周.
	if strings.HasPrefix(m, "下下") {
		if !rdPrefixMayFollow('下', before, after) {
			return s, e, dateMeaning{}, false
		}
		return s, e, dateMeaning{unit: rdWeek, n: 2}, true
	}
	if p := string(first); rdCJKWeekOffset[p] != 0 || p == "这" || p == "這" || p == "本" {
		zhouNext := after
		if _, ok := rdZhWeekday[last]; ok || last == '末' {
			zhouNext = last
		}
		if (p == "上" || p == "下" || p == "本") && !rdPrefixMayFollow(first, before, zhouNext) {
			return s, e, dateMeaning{}, false
		}
		n := rdCJKWeekOffset[p]
		if last == '末' {
			return s, e, dateMeaning{unit: rdWeekend, n: n}, true
		}
		if wd, ok := rdZhWeekday[last]; ok && !strings.HasSuffix(m, "星期") && !strings.HasSuffix(m, "拜") {
			if strings.ContainsRune(rdAfterWeekdayChar[last], after) {
				// 本周一直: 本周 + 一直; the weekday was part of a word.
				_, size := utf8.DecodeLastRuneInString(m)
				return s, e - size, dateMeaning{unit: rdWeek, n: n}, true
			}
			return s, e, dateMeaning{unit: rdWeekdayOfWeek, n: n, wd: wd}, true
		}
		if (strings.HasSuffix(m, "周") || strings.HasSuffix(m, "週")) && strings.ContainsRune(rdAfterZhou, after) {
			return s, e, dateMeaning{}, false
		}
		return s, e, dateMeaning{unit: rdWeek, n: n}, true
	}
	// Bare weekdays: 周三, 星期五, 金曜日.
	if rdRecurringWordCJK.Match(text[ss:se]) {
		return s, e, dateMeaning{}, false
	}
	if strings.HasSuffix(m, "曜日") {
		if rdRecurringCJK(text, ss, s, e, se, "毎隔", "から〜～-–—・、") || bytes.HasPrefix(text[e:], []byte("ごと")) || after == '毎' {
			return s, e, dateMeaning{}, false
		}
		return s, e, dateMeaning{unit: rdNearWeekday, wd: rdJaWeekday[first]}, true
	}
	wd, ok := rdZhWeekday[last]
	if !ok || strings.ContainsRune(rdBeforeBareWeekday, before) || strings.ContainsRune(rdAfterWeekdayChar[last], after) ||
		rdRecurringCJK(text, ss, s, e, se, "每逢隔", "至到~～-–—、") {
		return s, e, dateMeaning{}, false
	}
	return s, e, dateMeaning{unit: rdNearWeekday, wd: wd}, true
}

// rdRecurringWordCJK matches words that make the weekdays of a sentence
// recurring: 每周, 毎週, 定例 (regular meeting), 例会, 定期.
var rdRecurringWordCJK = regexp.MustCompile(`每|毎|隔週|隔周|定例|例会|例會|定期|例行|ごと|매주|매월|격주|정기|마다` +
	// Preferences and rules about a weekday, not one date: 用户喜欢周五下午开会,
	// 不要在周五发版, 金曜日のデプロイは避ける, 금요일 배포는 피한다.
	`|喜欢|喜歡|偏好|倾向|傾向|不要|避免|禁止|尽量|盡量|从不|從不|总是|總是|通常` +
	`|避け|好む|原則|いつも|通常|基本的|피한다|피하|피해|금지|선호|좋아|보통|항상|주로` +
	// Talk about the calendar: 一周的第一天是周一, 月曜日始まり, 平日, 工作日.
	`|工作日|平日|始まり|一周的第一天|每周的第一天|週の初め|평일|주의 첫날`)

// rdPrefixMayFollow reports whether a 上/下/本 prefix starts a time
// expression after the character before: not when the two make a word
// (线上, 一下, 版本), and only after a function word when what follows 周
// could make another word (早上周会).
func rdPrefixMayFollow(prefix, before, afterZhou rune) bool {
	if !unicode.Is(unicode.Han, before) {
		return true
	}
	block := map[rune]string{'上': rdBeforeShang, '下': rdBeforeXia, '本': rdBeforeBen}[prefix]
	if strings.ContainsRune(block, before) {
		return false
	}
	return !strings.ContainsRune(rdAfterZhouAmbiguous, afterZhou) || strings.ContainsRune(rdAfterPrefixOK, before)
}

// rdCountMayFollow reports whether a count such as 3天后 stands on its own:
// after the start, punctuation, a space or a function word, not after a
// noun or verb it counts from (上线3天后: 3 days after launch; リリースの3日後).
func rdCountMayFollow(text []byte, s int) bool {
	i := s
	for i > 0 && text[i-1] == ' ' {
		i--
	}
	r := rdRuneBefore(text, i)
	switch {
	case r == 0:
		return true
	case r == 'の' || r == '的':
		return false
	case unicode.Is(unicode.Han, r):
		return strings.ContainsRune(rdAfterPrefixOK+"约約概预預过過最", r)
	case unicode.Is(unicode.Katakana, r):
		return false
	}
	return true
}

// rdRecurringCJK reports whether a weekday is recurring: a marker such as 每
// shortly before it in the sentence, or a range/list with another weekday.
func rdRecurringCJK(text []byte, ss, s, e, se int, markers, joins string) bool {
	prefix := text[ss:s]
	n := 0
	for i := len(prefix); i > 0 && n < 6; n++ {
		r, size := utf8.DecodeLastRune(prefix[:i])
		if strings.ContainsRune(markers, r) {
			return true
		}
		i -= size
	}
	isDay := func(r rune) bool { _, z := rdZhWeekday[r]; _, j := rdJaWeekday[r]; return z || j }
	rest := bytes.TrimLeft(text[e:se], " ")
	if r, size := utf8.DecodeRune(rest); r != utf8.RuneError && strings.ContainsRune(joins, r) {
		next := bytes.TrimLeft(rest[size:], " ")
		for _, p := range []string{"周", "週", "星期", "礼拜", "禮拜"} {
			next = bytes.TrimPrefix(next, []byte(p))
		}
		if r2, _ := utf8.DecodeRune(next); isDay(r2) {
			return true
		}
	}
	if bytes.HasPrefix(rest, []byte("から")) {
		if r2, _ := utf8.DecodeRune(rest[len("から"):]); isDay(r2) {
			return true
		}
	}
	before := bytes.TrimRight(prefix, " ")
	if r, size := utf8.DecodeLastRune(before); r != utf8.RuneError && (strings.ContainsRune(joins, r) || bytes.HasSuffix(before, []byte("から"))) {
		if bytes.HasSuffix(before, []byte("から")) {
			size = len("から")
		}
		prev := bytes.TrimRight(before[:len(before)-size], " ")
		prev = bytes.TrimSuffix(bytes.TrimSuffix(prev, []byte("日")), []byte("曜"))
		if r2, _ := utf8.DecodeLastRune(prev); isDay(r2) {
			return true
		}
	}
	return false
}

// rdLeadingCJKNumber parses the count at the start of 3天后 or 三个月前.
func rdLeadingCJKNumber(m string) (int, string, bool) {
	i := 0
	for i < len(m) {
		r, size := utf8.DecodeRuneInString(m[i:])
		if !(r >= '0' && r <= '9' || r >= '０' && r <= '９' || strings.ContainsRune("一二两兩三四五六七八九十百", r)) {
			break
		}
		i += size
	}
	if i == 0 {
		return 0, "", false
	}
	n := rdParseCJKNumber(m[:i])
	return n, m[i:], n > 0
}

func rdParseCJKNumber(s string) int {
	digits := map[rune]int{'一': 1, '二': 2, '两': 2, '兩': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9}
	n, cur := 0, 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			cur = cur*10 + int(r-'0')
		case r >= '０' && r <= '９':
			cur = cur*10 + int(r-'０')
		case r == '十':
			if cur == 0 {
				cur = 1
			}
			n += cur * 10
			cur = 0
		case r == '百':
			if cur == 0 {
				cur = 1
			}
			n += cur * 100
			cur = 0
		default:
			cur = cur*10 + digits[r]
		}
	}
	return n + cur
}

func rdRuneBefore(text []byte, i int) rune {
	if i <= 0 {
		return 0
	}
	r, _ := utf8.DecodeLastRune(text[:i])
	return r
}

// ---------------------------------------------------------------------------
// Korean

const rdKoDay = `[월화수목금토일]`

var rdKoreanRe = regexp.MustCompile(`오늘|내일|어제|모레|그저께|올해|내년|작년|지난해` +
	`|(?:이번|다음|지난)\s?(?:주말|주|달)(?:\s?` + rdKoDay + `요일)?` +
	`|[0-9]{1,3}\s?(?:일|주|개월|년)\s?(?:후|전|뒤)` +
	`|(?:일주일|하루|이틀|사흘|한\s?달|두\s?달|세\s?달)\s?(?:후|전|뒤)` +
	`|` + rdKoDay + `요일`)

var (
	rdKoWeekday = map[rune]time.Weekday{'월': time.Monday, '화': time.Tuesday, '수': time.Wednesday,
		'목': time.Thursday, '금': time.Friday, '토': time.Saturday, '일': time.Sunday}
	rdKoFixed = map[string]dateMeaning{
		"오늘": {unit: rdDay}, "내일": {unit: rdDay, n: 1}, "어제": {unit: rdDay, n: -1},
		"모레": {unit: rdDay, n: 2}, "그저께": {unit: rdDay, n: -2}, "올해": {unit: rdYear},
		"내년": {unit: rdYear, n: 1}, "작년": {unit: rdYear, n: -1}, "지난해": {unit: rdYear, n: -1},
	}
	rdKoOffset = map[string]int{"이번": 0, "다음": 1, "지난": -1}
	rdKoCount  = map[string]int{"일주일": 7, "하루": 1, "이틀": 2, "사흘": 3, "한": 1, "두": 2, "세": 3}
)

// Particles and words that may follow 주 (week) and 달 (month): 다음 주에,
// 지난달부터, 이번 주말; not 다음 주제 (next topic) or 다음 달성.
const (
	rdAfterKoWeek  = "에는은의도부까내중말동가를만와랑보엔초께쯤"
	rdAfterKoMonth = "에는은의도부까내중말동가을만와랑보엔초께쯤"
	// Endings of the word before a count that let it stand on its own:
	// "배포는 3일 후" (the release is in 3 days); "배포 3일 후" (3 days after
	// the release) counts from an event.
	rdKoParticleEnd = "은는이가도에서고"
)

// korean classifies and filters a Korean match.
func (t *rdText) korean(s, e, ss, se int) (int, int, dateMeaning, bool) {
	text := t.text
	m := string(text[s:e])
	if unicode.Is(unicode.Hangul, rdRuneBefore(text, s)) {
		return s, e, dateMeaning{}, false
	}
	var after rune
	if e < len(text) {
		after, _ = utf8.DecodeRune(text[e:])
	}
	if mm, ok := rdKoFixed[m]; ok {
		if bytes.HasPrefix(text[e:], []byte("오늘")) {
			return s, e, mm, false // 어제오늘: lately
		}
		// 오늘의발견, 내일배움카드, 오늘날 (nowadays): the word goes on
		// past what a particle can be, so it is a compound or a name;
		// 오늘의 추천 카드 names a part of a product.
		if rdKoreanCompound(text[e:]) || rdKoreanLabel(text[e:se]) ||
			mm.unit == rdDay && rdCJKGenericDay(text, ss, s, e, se) {
			return s, e, mm, false
		}
		return s, e, mm, true
	}
	if strings.HasSuffix(m, "요일") {
		r, _ := utf8.DecodeLastRuneInString(strings.TrimSuffix(m, "요일"))
		wd := rdKoWeekday[r]
		if len(m) == len("월요일") {
			prev := rdHangulWordsBefore(text, ss, s, 2)
			for _, w := range prev {
				if strings.HasPrefix(w, "매") || strings.HasPrefix(w, "격주") {
					return s, e, dateMeaning{}, false
				}
			}
			// 매주 금요일 배포, 목요일 코드 프리즈: one 매주 makes the
			// sentence a weekly schedule, as 每周 does in Chinese.
			if bytes.HasPrefix(text[e:], []byte("마다")) || rdKoreanWeekdayRange(text, ss, s, e, se) ||
				rdRecurringWordCJK.Match(text[ss:se]) {
				return s, e, dateMeaning{}, false
			}
			return s, e, dateMeaning{unit: rdNearWeekday, wd: wd}, true
		}
		n := rdKoOffset[m[:len("이번")]]
		if rdAt(rdHangulWordsBefore(text, ss, s, 1), 0) == "그" {
			return s, e, dateMeaning{}, false
		}
		return s, e, dateMeaning{unit: rdWeekdayOfWeek, n: n, wd: wd}, true
	}
	if n, ok := rdKoOffset[m[:min(len(m), len("이번"))]]; ok {
		if rdAt(rdHangulWordsBefore(text, ss, s, 1), 0) == "그" { // 그 다음 주: the week after that
			return s, e, dateMeaning{}, false
		}
		if strings.HasSuffix(m, "주말") {
			return s, e, dateMeaning{unit: rdWeekend, n: n}, true
		}
		if strings.HasSuffix(m, "주") {
			if unicode.Is(unicode.Hangul, after) && !strings.ContainsRune(rdAfterKoWeek, after) {
				return s, e, dateMeaning{}, false
			}
			return s, e, dateMeaning{unit: rdWeek, n: n}, true
		}
		if unicode.Is(unicode.Hangul, after) && !strings.ContainsRune(rdAfterKoMonth, after) {
			return s, e, dateMeaning{}, false
		}
		return s, e, dateMeaning{unit: rdMonth, n: n}, true
	}
	// Counts: 3일 후, 2주 전, 일주일 뒤, 한 달 전.
	if !rdKoreanCountMayFollow(text, ss, s) || (strings.HasSuffix(m, "전") && after == '후') ||
		rdRetention(text[e:se], rdKoRetention) {
		return s, e, dateMeaning{}, false
	}
	sign := 1
	if strings.HasSuffix(m, "전") {
		sign = -1
	}
	fields := strings.Fields(m)
	head := strings.TrimRight(strings.Join(fields, ""), "후전뒤")
	if c, ok := rdKoCount[strings.TrimRight(head, "달")]; ok {
		if strings.HasSuffix(head, "달") {
			return s, e, dateMeaning{unit: rdMonth, n: sign * c}, true
		}
		return s, e, dateMeaning{unit: rdDay, n: sign * c}, true
	}
	i := 0
	for i < len(head) && head[i] >= '0' && head[i] <= '9' {
		i++
	}
	n, err := strconv.Atoi(head[:i])
	if err != nil || n == 0 {
		return s, e, dateMeaning{}, false
	}
	switch head[i:] {
	case "일":
		return s, e, dateMeaning{unit: rdDay, n: sign * n}, true
	case "주":
		return s, e, dateMeaning{unit: rdDay, n: sign * 7 * n}, true
	case "개월":
		return s, e, dateMeaning{unit: rdMonth, n: sign * n}, true
	}
	return s, e, dateMeaning{unit: rdYear, n: sign * n}, true
}

// rdHangulWordsBefore returns up to n space-separated words before text[s]
// in the sentence, nearest first.
func rdHangulWordsBefore(text []byte, ss, s, n int) []string {
	fields := strings.Fields(string(text[ss:s]))
	var out []string
	for i := len(fields) - 1; i >= 0 && len(out) < n; i-- {
		out = append(out, fields[i])
	}
	return out
}

// rdKoreanCountMayFollow reports whether "3일 후" stands on its own rather
// than counting from the event named just before it.
func rdKoreanCountMayFollow(text []byte, ss, s int) bool {
	i := s
	for i > ss && text[i-1] == ' ' {
		i--
	}
	r := rdRuneBefore(text, i)
	if r == 0 || i <= ss || !unicode.Is(unicode.Hangul, r) {
		return true
	}
	w := rdAt(rdHangulWordsBefore(text, ss, i, 1), 0)
	switch w {
	case "약", "대략", "대강", "지금", "지금부터", "오늘부터", "오늘로부터", "앞으로":
		return true
	}
	return strings.ContainsRune(rdKoParticleEnd, r) && w != "그"
}

// rdKoreanWeekdayRange reports whether a weekday is one end of a range:
// 월요일부터 금요일까지, 월요일~금요일.
func rdKoreanWeekdayRange(text []byte, ss, s, e, se int) bool {
	return rdKoRangeAfter.Match(text[e:se]) || rdKoRangeBefore.Match(text[ss:s])
}

var (
	rdKoRangeAfter  = regexp.MustCompile(`^\s*(?:부터|에서|~|～|-|–|—)\s*` + rdKoDay)
	rdKoRangeBefore = regexp.MustCompile(rdKoDay + `(?:요일)?\s*(?:부터|에서|~|～|-|–|—)\s*$`)
)

// rdKoTails are what may follow 오늘, 내일, 어제 or 올해 inside one word
// when it is the date: particles and copulas (오늘은, 내일까지, 어제였다),
// parts of the day (오늘밤, 내일오전) and time words (오늘중, 내일이후).
// Longer entries come first, so that the longest one is taken.
var rdKoTails = rdByLength("까지는", "까지도", "까지만", "까지", "부터는", "부터", "에는", "에도", "에만", "에서",
	"으로", "이나", "이랑", "처럼", "보다", "이면", "이라", "입니다", "이에요", "이었다", "였다", "이다",
	"중에", "중으로", "안에", "내로", "이후", "이전", "하루", "아침", "저녁", "오전", "오후", "새벽",
	"에", "은", "는", "이", "가", "을", "를", "도", "만", "의", "로", "과", "와", "나", "랑", "엔", "께",
	"쯤", "중", "내", "안", "밤", "낮", "자", "면", "다", "인", "일", "부", "요", "야", "만큼")

// rdKoLabelNouns name parts of a product: 오늘의 추천 카드, 어제의 인기글
// 목록 (a word that starts with one of them, particles included).
var rdKoLabelNouns = []string{"카드", "섹션", "탭", "페이지", "화면", "위젯", "메뉴", "버튼", "배너", "목록",
	"리스트", "코너", "기능", "피드", "영역", "필드", "뷰", "모듈", "알림", "추천", "랭킹", "컬렉션"}

func rdByLength(words ...string) []string {
	sort.SliceStable(words, func(i, j int) bool { return len(words[i]) > len(words[j]) })
	return words
}

// rdKoreanCompound reports whether the Hangul run at the start of rest
// (what follows a Korean date word in its word) is more than particles
// and time words: 오늘의발견, 내일배움카드 and 오늘날 are words of their
// own.
func rdKoreanCompound(rest []byte) bool {
	n := 0
	for n < len(rest) {
		r, size := utf8.DecodeRune(rest[n:])
		if !unicode.Is(unicode.Hangul, r) {
			break
		}
		n += size
	}
	word := string(rest[:n])
	for steps := 0; word != "" && steps < 4; steps++ {
		cut := false
		for _, t := range rdKoTails {
			if strings.HasPrefix(word, t) {
				word, cut = word[len(t):], true
				break
			}
		}
		if !cut {
			break
		}
	}
	return word != ""
}

// rdKoreanLabel reports whether "의" and the next two words after a Korean
// date word name a part of a product: 오늘의 추천 카드가, 내일의 날씨 위젯.
func rdKoreanLabel(rest []byte) bool {
	if !bytes.HasPrefix(rest, []byte("의 ")) {
		return false
	}
	words := strings.Fields(string(rest[len("의 "):]))
	for i := 0; i < len(words) && i < 2; i++ {
		for _, n := range rdKoLabelNouns {
			if strings.HasPrefix(words[i], n) {
				return true
			}
		}
	}
	return false
}

// rdCJKLabelNouns name parts of a product or a program: 今日推荐模块,
// 今天吃什么小程序, 今日のおすすめ欄.
var rdCJKLabelNouns = rdByLength("模块", "模塊", "页面", "頁面", "板块", "栏目", "欄目", "频道", "頻道", "卡片",
	"组件", "組件", "按钮", "按鈕", "入口", "标签", "標籤", "弹窗", "列表", "榜单", "榜", "栏", "欄", "接口",
	"小程序", "插件", "专区", "專區", "专栏", "專欄", "字段", "菜单", "菜單", "模板", "视图", "視圖",
	"タブ", "画面", "ページ", "ボタン", "メニュー", "ウィジェット", "機能", "セクション", "カード", "一覧",
	"リスト", "枠", "コーナー", "項目", "フィールド", "ビュー", "モジュール")

// rdCJKNotInName are characters that cannot sit between a day word and
// the label noun of a name: verbs and function words that make the day
// the time of something done (今天上线新页面, 明天修复列表, 今日の作業でボタン).
const rdCJKNotInName = "上下修改发發加增删刪部做写寫完开開测測提合处處更重调調接迁遷替换換把将將要会會需得去来來有是在给給用的了和与與及或就都也还還再又已被让讓对對从從到" +
	"建搭装裝配跑试試搞弄交买買卖賣定订訂排" +
	"でにをはがともへや、。，"

// rdCJKVerbsNotInName are verbs whose first character also starts nouns
// of names (推出 "launch" but 推荐 "recommended").
var rdCJKVerbsNotInName = []string{"推出", "推送", "出售", "出了", "出现", "出現"}

// rdCJKLabel reports whether what follows a Chinese or Japanese day word
// (今日, 今天, 明日) runs, within a few characters and without a verb, into a
// label noun: 今日推荐模块 is a module, 今日のおすすめ欄 a box on a page.
func rdCJKLabel(rest []byte) bool {
	rest = bytes.TrimPrefix(rest, []byte("の"))
	for i, k := 0, 0; i < len(rest) && k <= 6; k++ {
		for _, n := range rdCJKLabelNouns {
			if k > 0 && bytes.HasPrefix(rest[i:], []byte(n)) {
				return true
			}
		}
		r, size := utf8.DecodeRune(rest[i:])
		if r < 0x3040 || strings.ContainsRune(rdCJKNotInName, r) {
			return false
		}
		for _, v := range rdCJKVerbsNotInName {
			if bytes.HasPrefix(rest[i:], []byte(v)) {
				return false
			}
		}
		i += size
	}
	return false
}

// rdPossessiveLabel reports whether "today's" or "Yesterday's" starts the
// name of a part of a product: a Capitalised word, then a label noun
// within three words ("Yesterday's Hits playlist", "the Today's Top Picks
// rail").
func rdPossessiveLabel(text []byte, e, se int) bool {
	rest := text[e:se]
	for _, p := range []string{"'s ", "’s "} {
		if !bytes.HasPrefix(rest, []byte(p)) {
			continue
		}
		words := bytes.Fields(rest[len(p):])
		if len(words) == 0 || !rdStartsUpper(words[0]) {
			return false
		}
		for i := 1; i < len(words) && i <= 3; i++ {
			if rdLabelNoun[strings.ToLower(strings.Trim(string(words[i]), ".,;:!?)\"”"))] {
				return true
			}
		}
	}
	return false
}

// rdRecurringSentence reports whether the sentence around a bare weekday
// makes it recurring: another weekday in the plural ("planning on
// Mondays, review by Tuesday"), or, in the same clause after it, "each
// week", "every week", "weekly" ("invoices are due Tuesday each week").
func rdRecurringSentence(text []byte, ss, s, e, se int) bool {
	if rdPluralWeekday.Match(text[ss:s]) || rdPluralWeekday.Match(text[e:se]) {
		return true
	}
	clause := text[e:se]
	if i := bytes.IndexAny(clause, ",;:()"); i >= 0 {
		clause = clause[:i]
	}
	return rdRecurringAfter.Match(clause)
}

var (
	rdPluralWeekday  = regexp.MustCompile(`(?i)\b` + rdEnWeekday + `(?:s|\s+(?:mornings|afternoons|evenings|nights))\b`)
	rdRecurringAfter = regexp.MustCompile(`(?i)\b(?:(?:each|every|per)\s+(?:other\s+)?week|(?:bi-?)?weekly|fortnightly|of\s+(?:each|every)\s+(?:week|month))\b`)
)

// What a count such as 7일 후, 30天后 or 30日後 is followed by when it is a
// retention or waiting period, not a date: 7일 후 삭제된다 (deleted after 7
// days), 30天后自动删除, 30日後に失効. rdRetentionGlue may come between.
var (
	rdKoRetention = []string{"삭제", "만료", "폐기", "파기", "소멸", "자동", "제거", "비활성", "정리", "익명", "휴면",
		"말소", "영구", "잠금", "잠긴", "초기화"}
	rdCJKRetention = []string{"删除", "刪除", "过期", "過期", "失效", "清理", "清除", "销毁", "銷毀", "作废", "作廢",
		"回收", "归档", "歸檔", "注销", "註銷", "匿名", "自动", "自動", "削除", "失効", "消去", "破棄", "期限切れ",
		"無効", "消え", "匿名化", "アーカイブ", "ロック"}
	rdRetentionGlue = []string{"에는", "에", "に", "には", "で", "即", "会", "會", "将", "將", "就", "再", "被", "可", "、", "，", ","}
)

// rdRetention reports whether rest, what follows a count, starts with a
// retention verb, after spaces and glue, or names what is kept and then
// the verb within three words: 7일 후 문의 항목 자동 익명화.
func rdRetention(rest []byte, verbs []string) bool {
	rest = bytes.TrimLeft(rest, " ")
	for _, g := range rdRetentionGlue {
		if bytes.HasPrefix(rest, []byte(g)) {
			rest = bytes.TrimLeft(rest[len(g):], " ")
			break
		}
	}
	for w := 0; w < 4 && len(rest) > 0; w++ {
		for _, v := range verbs {
			if bytes.HasPrefix(rest, []byte(v)) {
				return true
			}
		}
		i := bytes.IndexAny(rest, " ,.;:，。、")
		if i < 0 || rest[i] != ' ' {
			return false // the clause ends
		}
		rest = bytes.TrimLeft(rest[i:], " ")
	}
	return false
}

// rdTodayMeansCurrently reports whether "today" says how things are, not
// on which day something happened: "(today: scripts/x.py)", "faster than
// today", "as it works today", "still today", "the only caller today is
// x". Such a sentence describes the state the memory was written in, as
// every sentence of a memory does, and a date would add nothing a reader
// needs. "Today" that dates an event or a status ("deployed today", "the
// demo is today", "blocked today") is still reported.
func rdTodayMeansCurrently(text []byte, ss, s, e int, prev, next []string) bool {
	prev0, prev2 := rdAt(prev, 0), rdAt(prev, 2)
	switch {
	case e < len(text) && text[e] == ':' && (rdRuneBefore(text, s) == '(' || !atSentenceStart(text[ss:s])):
		return true // "the callers (today: a and b)"
	case rdComparedWith[prev0], rdStillToday[prev0]:
		return true // "slower than today", "even today"
	case rdStateVerb[prev0], (prev0 == "is" || prev0 == "are") && prev2 == "as":
		return true // "how it works today", "as it is today"
	case prev0 == "running" && !rdBe[rdAt(prev, 1)]:
		return true // "the sync layer running today"; not "the migration is running today"
	case rdRoleNoun[prev0] && (rdAt(next, 0) == "is" || rdAt(next, 0) == "are"):
		return true // "the only consumer today is x"
	case atSentenceStart(text[ss:s]) && bytes.HasPrefix(text[e:], []byte(", ")) && rdQuantifier[rdFirstWord(text[e+2:])]:
		return true // "Today, most users sign in with Google": nowadays
	}
	return false
}

// rdFirstWord returns the first word of text, lowercased.
func rdFirstWord(text []byte) string {
	f := bytes.Fields(text[:min(len(text), 40)])
	if len(f) == 0 {
		return ""
	}
	return strings.ToLower(string(f[0]))
}

var (
	rdBe = rdSet("is", "are", "was", "were", "be", "been", "being", "'s", "’s")
	// Quantifiers that make a sentence after "Today," a generalisation.
	rdQuantifier = rdSet("most", "many", "all", "few", "every", "nobody", "everyone", "everybody", "everything",
		"nearly", "almost", "nothing", "no", "none")
	// Words before "today" that compare with how things are now.
	rdComparedWith = rdSet("than", "unlike", "versus", "vs")
	// Words before "today" that mean "to this day".
	rdStillToday = rdSet("still", "even")
	// Verbs of a state before "today": "how the cache works today".
	// Event verbs ("read", "go live", "is available") are left out.
	rdStateVerb = rdSet("works", "exists", "exist", "looks", "behaves", "behave", "sits", "stands", "stand")
	// Nouns for a part of a system, before "today is": "the only caller
	// today is x".
	rdRoleNoun = rdSet("caller", "callers", "consumer", "consumers", "client", "clients", "user", "users", "usage",
		"implementation", "implementations", "setup", "layout", "behaviour", "behavior", "default", "design",
		"architecture", "flow", "pipeline", "approach", "owner", "owners", "source", "sources", "limit", "state")
)

var (
	// Words before an expression that make it an example of a word, not a
	// date: "dates like tomorrow", "such as next week", "e.g. today".
	rdExampleIntro = rdSet("e.g.", "e.g", "eg", "i.e.", "i.e", "ex", "example", "examples", "sample")
	// Nouns for words and values, before "like": "dates like tomorrow".
	rdWordNoun = rdSet("dates", "words", "phrases", "expressions", "terms", "strings", "values", "inputs",
		"keywords", "queries", "names", "options", "formats", "tokens", "labels", "filters", "ranges")
	// Pronouns before "today", "tomorrow": the word used as a noun ("their
	// today starts early").
	rdPossessivePronoun = rdSet("my", "your", "his", "her", "our", "their", "its", "whose")
	// Verbs a program or a test does to the current day: "the tests mock
	// today", "parse tomorrow as a date".
	rdDateVerb = rdSet("mock", "mocks", "mocking", "stub", "stubs", "stubbing", "fake", "fakes", "faking",
		"parse", "parses", "parsing", "format", "formats", "formatting", "compute", "computes", "computing",
		"resolve", "resolves", "resolving", "treat", "treats", "treating", "interpret", "interprets")
	// Talk about the calendar itself, in whose sentence weekdays are
	// names of days: "Sunday is the first day of the week in the US
	// locale", "Saturday and Sunday are weekends".
	rdCalendarTalk = regexp.MustCompile(`(?i)\b(?:weekends|weekdays|working\s+days|business\s+days|workdays|days?\s+of\s+(?:the\s+)?week|day-of-week|(?:first|last)\s+day\s+of\s+(?:the|a)\s+week|week\s+(?:starts|begins|ends)\s+on|(?:week)?day\s+names|names\s+of\s+(?:the\s+)?days)\b`)
)

// rdExample reports whether the words before an expression introduce an
// example: "like" after a plural noun ("dates like tomorrow"), "such as",
// "e.g.".
func rdExample(prev []string) bool {
	prev = rdPastCoordination(prev)
	prev0, prev1 := rdAt(prev, 0), rdAt(prev, 1)
	switch {
	case rdExampleIntro[prev0]:
		return true
	case prev0 == "as" && prev1 == "such":
		return true
	case prev0 == "like" && rdWordNoun[prev1]:
		return true // "phrases like next week"; not "users like today's build"
	}
	return false
}

// rdDefaultValue reports whether an expression is the value of a default
// ("the default range is last month", "defaults to today").
func rdDefaultValue(prev []string) bool {
	p0 := rdAt(prev, 0)
	if p0 != "is" && p0 != "to" && p0 != "of" {
		return false
	}
	for i := 1; i < len(prev) && i <= 3; i++ {
		if prev[i] == "default" || prev[i] == "defaults" {
			return true
		}
	}
	return false
}

// rdCJKGenericDay reports whether 今天, 昨日 or 어제 is the day a program
// works on, not a date of the memory: "today's date" (今天的日期, 今日の日付,
// 오늘 날짜), a day in a sentence about what runs every day (每天凌晨跑昨天的
// 数据, 昨日のデータを毎朝集計する, 매일 어제 데이터를 집계한다), or the object
// of a program's verb (接口返回今天的汇率).
func rdCJKGenericDay(text []byte, ss, s, e, se int) bool {
	rest := bytes.TrimLeft(text[e:se], " ")
	for _, p := range []string{"的", "の", "의", "자"} {
		if bytes.HasPrefix(rest, []byte(p)) {
			rest = bytes.TrimLeft(rest[len(p):], " ")
			break
		}
	}
	for _, n := range []string{"日期", "日付", "날짜", "日时", "日時"} {
		if bytes.HasPrefix(rest, []byte(n)) {
			return true
		}
	}
	// The cue is looked for in the sentence first: cutting the clause
	// costs more, and most sentences have no cue.
	if rdContainsAny(text[ss:se], rdDailyCJK) && rdContainsAny(rdClause(text[ss:s], text[e:se]), rdDailyCJK) &&
		!rdCJKEvent.Match(rdClauseAfter(text[e:se])) {
		return true
	}
	before := text[ss:s]
	for _, v := range rdProgramVerbCJK {
		if bytes.HasSuffix(before, []byte(v)) {
			return true
		}
	}
	return false
}

var (
	// Words that say something happens every day.
	rdDailyCJK = []string{"每天", "每日", "毎日", "毎朝", "毎晩", "每晚", "每早", "每夜", "매일", "날마다", "定时任务", "定時任務", "日次", "日批"}
	// Chinese verbs of a program, before the day it works on.
	rdProgramVerbCJK = []string{"返回", "显示", "顯示", "获取", "獲取", "读取", "讀取", "拉取", "导出", "導出", "同步",
		"计算", "計算", "统计", "統計", "查询", "查詢", "处理", "處理", "加载", "載入", "展示", "列出", "生成"}
)

// rdPolicyDue reports "invoices are due in 30 days": a plural subject
// that is due, a term of payment or a rule, not one deadline.
func rdPolicyDue(prev []string) bool {
	if rdAt(prev, 0) != "due" {
		return false
	}
	subject := rdAt(prev, 1)
	if subject == "are" || subject == "is" {
		subject = rdAt(prev, 2)
	}
	return len(subject) > 3 && strings.HasSuffix(subject, "s") && !rdVerbS[subject]
}

// rdHabitualCount are words that make the counts of a sentence typical
// durations: "trials convert in 14 days on average", "a typical review
// lands in a week".
var rdHabitualCount = rdSet("average", "typical", "typically", "usually", "normally", "generally", "median",
	"p50", "p90", "p95", "p99")

// rdWeekdayInName reports whether a weekday starts a name: the next word
// is Capitalised and is no month, time zone or abbreviation ("the Sunday
// Times", "Friday Night Lights"; not "Friday March 5", "Monday EOD").
func rdWeekdayInName(text []byte, e, se int) bool {
	rest := text[e:se]
	if len(rest) < 2 || rest[0] != ' ' {
		return false
	}
	f := bytes.Fields(rest)
	if len(f) == 0 {
		return false
	}
	w := bytes.TrimRight(f[0], ".,;:!?)")
	if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' || bytes.ToUpper(w)[1] == w[1] {
		return false // not Capitalised, or ALL CAPS (EOD, PST, AM)
	}
	return !rdAnchorMonth.Match(bytes.ToLower(w)) && rdWeekdayByName[strings.ToLower(string(w))] == 0 &&
		strings.ToLower(string(w)) != "sunday"
}

// rdPastCoordination skips, in the words before the second expression of
// "today or tomorrow" or "tomorrow or next week", the first one and the
// conjunction: what comes before them governs both ("dates like tomorrow
// or next week", "instead of today or tomorrow").
func rdPastCoordination(prev []string) []string {
	if p := rdAt(prev, 0); p != "or" && p != "and" {
		return prev
	}
	rest := prev[1:]
	for len(rest) > 1 && (rdWords[rest[0]] == dwDate || rdWords[rest[0]] == dwUnit || rdWords[rest[0]] == dwModifier) {
		rest = rest[1:]
	}
	if len(rest) == len(prev)-1 {
		return prev // no expression before the conjunction
	}
	return rest
}

// rdFlag reports whether w is a command-line option ("--since", "-d"),
// whose argument the expression is: a value a program reads.
func rdFlag(w string) bool {
	rest := strings.TrimPrefix(strings.TrimPrefix(w, "-"), "-")
	if len(rest) == len(w) || len(rest) == 0 || !rdLetter(rest[0]) {
		return false
	}
	// Only an option that takes a date: "--dry-run today" is a date.
	return rdDateOption.MatchString(rest)
}

var rdDateOption = regexp.MustCompile(`^(?:since|until|till|date|from|to|after|before|day|when|period|range|start|end|time|as-of|asof|at|on|d)\b`)

// rdHabitualWords, before "today", "tomorrow" or "yesterday", make the
// sentence say what usually happens, so that the day is any day: "the day
// usually happened yesterday", "you almost always run this the next
// morning, so it happened yesterday".
var rdHabitualWords = rdSet("usually", "typically", "normally", "generally", "always", "often", "mostly", "whenever")

// rdHasWord reports whether text has a word of set, compared in lower
// case. It reads ASCII words only, as the English scanner does.
func rdHasWord(text []byte, set map[string]bool) bool {
	var word [16]byte
	n := 0
	for i := 0; i <= len(text); i++ {
		var c byte
		if i < len(text) {
			c = rdASCIILetter[text[i]]
		}
		if c != 0 || i < len(text) && (text[i] == '-' || '0' <= text[i] && text[i] <= '9') && n > 0 {
			if c == 0 {
				c = text[i]
			}
			if n < len(word) {
				word[n] = c
			}
			n++
			continue
		}
		if n > 0 && n <= len(word) && set[string(word[:n])] {
			return true
		}
		n = 0
	}
	return false
}

// rdContainsAny reports whether text contains one of words.
func rdContainsAny(text []byte, words []string) bool {
	for _, w := range words {
		if bytes.Contains(text, []byte(w)) {
			return true
		}
	}
	return false
}

// rdMayTalkCalendar is the cheap test before rdCalendarTalk: every phrase
// it matches has "week" or "days" or "day" before "names" in it.
func rdMayTalkCalendar(text []byte) bool {
	return rdContainsFold(text, "week") || rdContainsFold(text, "days") || rdContainsFold(text, "names")
}

// rdContainsFold reports whether text contains the lowercase ASCII word w
// in any case.
func rdContainsFold(text []byte, w string) bool {
	for i := 0; i+len(w) <= len(text); i++ {
		if text[i]|0x20 != w[0] {
			continue
		}
		j := 1
		for j < len(w) && text[i+j]|0x20 == w[j] {
			j++
		}
		if j == len(w) {
			return true
		}
	}
	return false
}

// rdContrast matches what turns a sentence from what usually happens to
// what happened once: "we usually deploy on Mondays, but today …", 每天
// 都部署，但是昨天….
var rdContrast = regexp.MustCompile(`(?i)\bbut\b|\bhowever\b|\bexcept\b|\bthis time\b|;|但|不过|不過|可是|却|卻|でも|しかし|けど|が、|하지만|그런데|지만|그러나`)

// rdCJKEvent matches the marks of something that happened once, in the
// clause of a day word: the perfective 了 (今天终于修好了), the Japanese past
// た, the Korean past 었다/았다/했다. Such a day is a date even in a sentence
// about what happens every day.
var rdCJKEvent = regexp.MustCompile(`了|た[。、]|た$|ました|었다|았다|했다|였다|었습니다|했습니다`)

// rdClauseAfter returns what follows an expression up to the end of its
// clause.
func rdClauseAfter(after []byte) []byte {
	if i := bytes.IndexAny(after, ",;，；、"); i >= 0 {
		return after[:i]
	}
	return after
}

// rdClause returns the text around an expression up to the nearest
// contrast on either side: before is the sentence before it, after the
// sentence after it.
func rdClause(before, after []byte) []byte {
	if locs := rdContrast.FindAllIndex(before, -1); len(locs) > 0 {
		before = before[locs[len(locs)-1][1]:]
	}
	if loc := rdContrast.FindIndex(after); loc != nil {
		after = after[:loc[0]]
	}
	out := make([]byte, 0, len(before)+1+len(after))
	out = append(out, before...)
	out = append(out, ' ')
	return append(out, after...)
}

// rdFileNameDate returns the date a file name holds
// (project_launch_2026-03-24.md), when it is a real day.
func rdFileNameDate(p string) (time.Time, bool) {
	name := p[strings.LastIndexByte(p, '/')+1:]
	m := rdNameDate.FindStringSubmatch(name)
	if m == nil {
		return time.Time{}, false
	}
	t, err := time.Parse("2006-01-02", m[1]+"-"+m[2]+"-"+m[3])
	return t, err == nil
}

var rdNameDate = regexp.MustCompile(`(?:^|[^0-9])((?:19|20)\d\d)[-_.]?(0[1-9]|1[0-2])[-_.]?(0[1-9]|[12]\d|3[01])(?:[^0-9]|$)`)

// rdPossessiveNoun reports "the user's today starts early": a possessive
// noun after an article, with the sentence going on, which makes the day
// a noun. "It's today" and "the demo's tomorrow." are contractions of
// "is" and stay dates.
func rdPossessiveNoun(prev, next []string) bool {
	p0 := rdAt(prev, 0)
	if len(next) == 0 || !strings.HasSuffix(p0, "'s") && !strings.HasSuffix(p0, "’s") {
		return false
	}
	switch rdAt(prev, 1) {
	case "the", "a", "an", "our", "my", "your", "their", "his", "her", "its", "each", "every":
		return true
	}
	return false
}

// relativeDateOptions are relative-date's options.
type relativeDateOptions struct {
	Types []string `option:"types" doc:"memory types whose relative dates are reported" choices:"user,feedback,project,reference"`
}
