package session

import (
	"regexp"
	"strconv"
	"strings"
	"time"
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

// datePatterns are the date forms; y, m and d are the group numbers of
// the year, month and day (the month a number or a name).
var datePatterns = []struct {
	re      *regexp.Regexp
	y, m, d int
}{
	// 2026-04-30, 2026/04/30, 2026.04.30
	{regexp.MustCompile(`\b((?:19|20)\d\d)[-/.](0?[1-9]|1[0-2])[-/.](0?[1-9]|[12]\d|3[01])\b`), 1, 2, 3},
	// April 30, 2026; Apr 30 2026; Apr. 30th, 2026
	{regexp.MustCompile(`(?i)\b` + dateMonthRE + `\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+((?:19|20)\d\d)\b`), 3, 1, 2},
	// 30 Apr 2026, 30 April, 2026
	{regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?` + dateMonthRE + `\.?,?\s+((?:19|20)\d\d)\b`), 3, 2, 1},
	// 2026年4月30日
	{regexp.MustCompile(`((?:19|20)\d\d)\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]`), 1, 2, 3},
	// 2026년 4월 30일
	{regexp.MustCompile(`((?:19|20)\d\d)\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일`), 1, 2, 3},
}

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
		for _, m := range p.re.FindAllSubmatchIndex(text, -1) {
			if keep != nil && !keep(m[0], m[1]) {
				continue
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
				continue // 2026-02-30 is no date
			}
			out = append(out, foundDate{date: t, start: m[0], end: m[1]})
		}
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
