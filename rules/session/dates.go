package session

import (
	"bytes"
	"strconv"
	"strings"
	"time"

	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/rules/internal/ruleutil"
)

// Absolute dates at day precision, in the forms memories are written in.
// Each pattern's groups are year, month and day, in the order named by its
// entry's fields.

// dateMonths maps English month names and abbreviations to months.
var dateMonths = map[string]time.Month{
	"jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3,
	"apr": 4, "april": 4, "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7,
	"aug": 8, "august": 8, "sep": 9, "sept": 9, "september": 9, "oct": 10,
	"october": 10, "nov": 11, "november": 11, "dec": 12, "december": 12,
}

const dateMonthRE = `(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`

// datePattern is one date form. Its regexp is never run over a whole
// text: regexps without a literal to search for cost a step per byte
// and pattern, which on real memory (dates in most paragraphs) made this
// rule a third of memlint's time. Instead the few places a match can
// begin (start) are tried with the pattern anchored there, on a window
// long enough for any match and the byte after it.
type datePattern struct {
	flags, body string // the pattern is flags + `\b` (when bounded) + body
	bounded     bool   // the pattern begins with \b
	y, m, d     int    // group numbers of the year, month and day
	// first holds the bytes a match can begin with; start reports whether
	// a match can begin at text[i] (the \b aside). Both may say yes where
	// no match begins, never no where one does.
	first string
	start func(text []byte, i int) bool
	// solid bounds the bytes other than whitespace in a match, plus one
	// for the byte after it (the closing \b looks at it); whitespace
	// runs (\s+, \s*) are unbounded, so the window spans them whole.
	solid int
	// needs, when set, is a string every match holds (the text is
	// skipped without it).
	needs []byte

	anchored *lazyre.Regexp // flags + ^(?:body)
	begins   [256]bool      // first as a table
}

// datePatterns are the date forms.
var datePatterns = []*datePattern{
	// 2026-04-30, 2026/04/30, 2026.04.30
	{body: `((?:19|20)\d\d)[-/.](0?[1-9]|1[0-2])[-/.](0?[1-9]|[12]\d|3[01])\b`, bounded: true,
		y: 1, m: 2, d: 3, first: "12", start: yearStart, solid: 11},
	// April 30, 2026; Apr 30 2026; Apr. 30th, 2026
	{flags: `(?i)`, body: dateMonthRE + `\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+((?:19|20)\d\d)\b`, bounded: true,
		y: 3, m: 1, d: 2, first: "jfmasondJFMASOND" + longS[:1], start: monthStart, solid: 23},
	// 30 Apr 2026, 30 April, 2026
	{flags: `(?i)`, body: `(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?` + dateMonthRE + `\.?,?\s+((?:19|20)\d\d)\b`, bounded: true,
		y: 3, m: 2, d: 1, first: "0123456789", start: dayStart, solid: 27},
	// 2026年4月30日
	{body: `((?:19|20)\d\d)\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]`,
		y: 1, m: 2, d: 3, first: "12", start: yearStart, solid: 17, needs: []byte("年")},
	// 2026년 4월 30일
	{body: `((?:19|20)\d\d)\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일`,
		y: 1, m: 2, d: 3, first: "12", start: yearStart, solid: 17, needs: []byte("년")},
}

func init() {
	for _, p := range datePatterns {
		p.anchored = lazyre.New(p.flags + `^(?:` + p.body + `)`)
		for _, c := range []byte(p.first) {
			p.begins[c] = true
		}
	}
}

// mayMatch reports whether text holds what every match of p holds.
func (p *datePattern) mayMatch(text []byte) bool {
	return p.needs == nil || bytes.Contains(text, p.needs)
}

// each calls found with the submatch indexes of p's matches in text, as
// p.regexp().FindAllSubmatchIndex would return them: leftmost first,
// each search resuming where the last match ended.
func (p *datePattern) each(text []byte, found func(m []int)) {
	for i := 0; i < len(text); {
		if !p.begins[text[i]] || p.bounded && !wordBoundary(text, i) || !p.start(text, i) {
			i++
			continue
		}
		m := p.anchored.FindSubmatchIndex(text[i:p.window(text, i)])
		if m == nil {
			i++
			continue
		}
		for k := range m {
			if m[k] >= 0 {
				m[k] += i
			}
		}
		found(m)
		i = max(m[1], i+1)
	}
}

// window returns the end of the bytes a match beginning at i can span:
// p.solid bytes other than whitespace, and every whitespace byte between
// and after them.
func (p *datePattern) window(text []byte, i int) int {
	for n := 0; i < len(text); i++ {
		if !isRESpace(text[i]) {
			if n == p.solid {
				break
			}
			n++
		}
	}
	return i
}

// isRESpace reports whether c is in the regexp class \s.
func isRESpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// isREWord reports whether c is in the regexp class \w; \b is a change
// between \w and anything else, bytes of non-ASCII characters included.
func isREWord(c byte) bool { return reWord[c] }

var reWord = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
	}
	return t
}()

// wordBoundary reports whether \b holds before text[i].
func wordBoundary(text []byte, i int) bool {
	before := i > 0 && isREWord(text[i-1])
	return before != (i < len(text) && isREWord(text[i]))
}

// yearStart: a match begins with a year, 19xx or 20xx.
func yearStart(text []byte, i int) bool {
	return i+1 < len(text) && (text[i] == '1' && text[i+1] == '9' || text[i] == '2' && text[i+1] == '0')
}

// dayStart: a match begins with a day of one or two digits, then an
// ordinal suffix or whitespace.
func dayStart(text []byte, i int) bool {
	j := i
	for j < len(text) && j-i < 3 && text[j] >= '0' && text[j] <= '9' {
		j++
	}
	if j == i || j-i > 2 || j == len(text) {
		return false
	}
	switch c := text[j]; c | 0x20 {
	case 's', 'n', 'r', 't':
		return true
	default:
		return isRESpace(c) || c == longS[0]
	}
}

// monthStart: a match begins with a month's name, matched ignoring case,
// where the long s “ſ” (U+017F) is an s.
func monthStart(text []byte, i int) bool {
	if i+3 > len(text) {
		return false
	}
	if text[i] == longS[0] {
		return i+4 <= len(text) && text[i+1] == longS[1] && text[i+2]|0x20 == 'e' && text[i+3]|0x20 == 'p'
	}
	return ruleutil.TrigramAt(text, i, monthPrefixes)
}

// longS is “ſ”, which case-insensitive regexps take for an s.
const longS = "\u017f"

// monthPrefixes are the first three letters of each month, lowercase
// (TestMonthPrefixes checks them against dateMonths).
const monthPrefixes = "janfebmaraprmayjunjulaugsepoctnovdec"

// foundDate is an absolute date and where it was found in a text.
type foundDate struct {
	date       time.Time
	start, end int
}

// findDates returns the valid dates in text, in no particular order; keep,
// when set, drops matches it rejects (dates in code).
func findDates(text []byte, keep func(start, end int) bool) []foundDate {
	if !mayHoldDate(text) {
		return nil
	}
	var out []foundDate
	for _, p := range datePatterns {
		if !p.mayMatch(text) {
			continue
		}
		p.each(text, func(m []int) {
			if keep != nil && !keep(m[0], m[1]) {
				return
			}
			year, _ := strconv.Atoi(string(text[m[2*p.y]:m[2*p.y+1]]))
			day, _ := strconv.Atoi(string(text[m[2*p.d]:m[2*p.d+1]]))
			ms := strings.ToLower(string(text[m[2*p.m]:m[2*p.m+1]]))
			month, ok := dateMonths[ms]
			if !ok {
				n, _ := strconv.Atoi(ms)
				month = time.Month(n)
			}
			t := time.Date(year, month, day, 0, 0, 0, 0, time.UTC)
			if month < 1 || month > 12 || t.Day() != day {
				return // 2026-02-30 is no date
			}
			out = append(out, foundDate{date: t, start: m[0], end: m[1]})
		})
	}
	return out
}

// mayHoldDate is the cheap test that spares the patterns a text with no
// four-digit year.
func mayHoldDate(text []byte) bool {
	run := 0
	for _, c := range text {
		if c >= '0' && c <= '9' {
			run++
			if run == 4 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}
