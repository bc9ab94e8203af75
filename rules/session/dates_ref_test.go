package session

import (
	"regexp"
	"slices"
	"testing"

	"github.com/memlint/memlint/rules/internal/rulebench"
)

// regexp returns the pattern as it matches anywhere in a text, the form
// findDates once ran over every paragraph.
func (p *datePattern) regexp() *regexp.Regexp {
	b := ""
	if p.bounded {
		b = `\b`
	}
	return regexp.MustCompile(p.flags + b + p.body)
}

// refDatePatterns are datePatterns as findDates ran them before it tried
// them only where a match can begin: each regexp over the whole text.
var refDatePatterns = func() []*regexp.Regexp {
	var out []*regexp.Regexp
	for _, p := range datePatterns {
		out = append(out, p.regexp())
	}
	return out
}()

// refDateMatches returns every pattern's submatch indexes in text, by
// pattern and then position, as the reference finds them.
func refDateMatches(text []byte) [][]int {
	var out [][]int
	for _, re := range refDatePatterns {
		out = append(out, re.FindAllSubmatchIndex(text, -1)...)
	}
	return out
}

// dateMatches is refDateMatches by datePattern.each.
func dateMatches(text []byte) [][]int {
	var out [][]int
	for _, p := range datePatterns {
		if !p.mayMatch(text) {
			continue
		}
		p.each(text, func(m []int) { out = append(out, slices.Clone(m)) })
	}
	return out
}

// sameDateMatches fails t when each and the reference regexps find
// different matches in text, or findDates different dates.
func sameDateMatches(t *testing.T, text []byte) int {
	t.Helper()
	got, want := dateMatches(text), refDateMatches(text)
	if !slices.EqualFunc(got, want, slices.Equal[[]int]) {
		t.Fatalf("date matches in %q: %v, the reference finds %v", text, got, want)
	}
	return len(got)
}

func TestDateMatchesReference(t *testing.T) {
	total := 0
	for _, text := range rulebench.Texts(t) {
		total += sameDateMatches(t, text)
	}
	for _, text := range dateEdgeCases {
		total += sameDateMatches(t, []byte(text))
	}
	if total < 50 {
		t.Errorf("%d matches in all the texts: too few to compare the two", total)
	}
}

// dateEdgeCases are texts at the edges of each: boundaries, long runs of
// whitespace, the long s, ordinal suffixes, dates back to back and cut.
var dateEdgeCases = []string{
	"2026-04-30", "x2026-04-30", "_2026-04-30", "12026-04-30", "2026-04-301", "2026-04-30x", "2026-04-30_",
	"2026-4-3", "2026-12-31", "2026-1-12", "2026-10-1", "2026-13-01", "1999/09/09", "2026.04.30.", "2026-04-30-2026-05-01",
	"2026-04-302026-05-01", "é2026-04-30", "2026-04-30é", "2026-04", "2026-04-", "202", "20",
	"April 30, 2026", "APRIL 30TH 2026", "Apr.  \t\n 30th,\r\f 2026", "Apr 30 20261", "xApr 30 2026", "_May 1 2026",
	"May 1st, 2026 and May 2nd, 2026", "Sept 3 2026", "ſept 3 2026", "Sep 3ſt 2026", "auguſt 3 2026", "xſep 3 2026", "ſep 3 2026",
	"Mayday 1 2026", "may 123 2026", "Dec. 31st,                                  2026", "Jan 1, 2026May 2, 2026",
	"30 Apr 2026", "1st of September, 2026", "30th April, 2026", "30 of April 2026", "30    of    April.,   2026", "330 Apr 2026",
	"3 Apr 20261", "3ſt Apr 2026", "3 ſep 2026", "03 Dec 1999", "99 Dec 1999", "1 Janu 2026", "1 January 2026x",
	"2026年4月30日", "2026 年 4 月 30 日", "12026年4月30号", "2026年\n4月\t30日", "2026年4月30", "2026年 4月 301日",
	"2026년 4월 30일", "2026 년 4 월 30 일", "2026년4월30일까지", "2026년 4월",
	"on 2026-04-30, April 30, 2026, 30 April 2026, 2026年4月30日 and 2026년 4월 30일",
}

func FuzzDateMatches(f *testing.F) {
	for _, s := range dateEdgeCases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) { sameDateMatches(t, text) })
}

// TestMonthPrefixes keeps monthStart's table in step with dateMonths.
func TestMonthPrefixes(t *testing.T) {
	var want []string
	for name := range dateMonths {
		if p := name[:3]; !slices.Contains(want, p) {
			want = append(want, p)
		}
	}
	var got []string
	for k := 0; k < len(monthPrefixes); k += 3 {
		got = append(got, monthPrefixes[k:k+3])
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("monthPrefixes holds %v, dateMonths begins with %v", got, want)
	}
}

// BenchmarkFindDates compares findDates's anchored tries with the
// reference regexps run over each whole text.
func BenchmarkFindDates(b *testing.B) {
	texts := rulebench.Texts(b)
	for _, c := range []struct {
		name  string
		match func([]byte) [][]int
	}{{"reference", refDateMatches}, {"anchored", dateMatches}} {
		b.Run(c.name, func(b *testing.B) {
			rulebench.Measure(b, func() int {
				n := 0
				for _, t := range texts {
					n += len(c.match(t))
				}
				return n
			})
		})
	}
}
