package session

import (
	"sort"
	"strings"
	"testing"
)

func TestFindDates(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"shipped 2026-04-30", "2026-04-30"},
		{"on 2026/4/3 and 2026.12.01", "2026-04-03 2026-12-01"},
		{"April 30, 2026", "2026-04-30"},
		{"Apr. 3rd 2026", "2026-04-03"},
		{"30 Apr 2026, 1st of September, 2026", "2026-04-30 2026-09-01"},
		{"2026年4月30日截止", "2026-04-30"},
		{"2026년 4월 30일까지", "2026-04-30"},
		{"2026-02-30 and 2026-13-01 are no dates", ""},
		{"version 2026.1 and April 2026", ""},
		{"no digits here", ""},
	} {
		var got []string
		for _, d := range findDates([]byte(tc.text), nil) {
			got = append(got, d.date.Format("2006-01-02"))
		}
		sort.Strings(got)
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("findDates(%q) = %q, want %q", tc.text, g, tc.want)
		}
	}
}

func TestIsDeadline(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"due 2026-04-30", true},
		{"No merges until 2026-04-30", true},
		{"**Deadline:** 2026-04-30", true},
		{"ship by (2026-04-30)", true},
		{"报名2026-04-30截止", true},
		{"2026-04-30まで", true},
		{"2026-04-30까지", true},
		{"shipped on 2026-04-30", false},
		{"fixed by Bob on 2026-04-30", false},
		{"nearby 2026-04-30", false},
	} {
		text := []byte(tc.text)
		ds := findDates(text, nil)
		if len(ds) != 1 {
			t.Fatalf("%q: %d dates", tc.text, len(ds))
		}
		if got := isDeadline(text, ds[0].start, ds[0].end); got != tc.want {
			t.Errorf("isDeadline(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
