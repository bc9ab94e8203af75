package suggest

import (
	"fmt"
	"strings"
	"testing"
)

func TestClosest(t *testing.T) {
	ids := []string{"index-entry-length", "index-line-limit", "relative-date"}
	if got := Closest("index-entry-lenght", ids); got != "index-entry-length" {
		t.Errorf("got %q", got)
	}
	if got := Closest("something-else-entirely", ids); got != "" {
		t.Errorf("far names must not match, got %q", got)
	}
	for s, want := range map[string]string{
		"index-line-limt": "index-line-limit",
		"relative":        "relative-date", // an abbreviation
		"relativ-dat":     "relative-date",
		"zzz":             "",
		"memory":          "",
	} {
		if got := Closest(s, ids); got != want {
			t.Errorf("Closest(%q) = %q, want %q", s, got, want)
		}
	}
	if got := Closest(strings.ToUpper("relative-date"), ids); got != "relative-date" {
		t.Errorf("case is ignored, got %q", got)
	}
	// The truly closest wins over an abbreviated longer name and over
	// the order of the candidates.
	names := []string{"feedback-testing", "feedback-tests"}
	if got := Closest("feedback-test", names); got != "feedback-tests" {
		t.Errorf("Closest(feedback-test) = %q, want feedback-tests", got)
	}
	if got := Closest("feedback-tst", []string{"feedback-testing-policy", "feedback-test"}); got != "feedback-test" {
		t.Errorf("Closest(feedback-tst) = %q, want feedback-test", got)
	}
	sg := New(names)
	if got := sg.ClosestExcept("feedback-test", func(c string) bool { return c == "feedback-tests" }); got != "feedback-testing" {
		t.Errorf("ClosestExcept = %q, want feedback-testing", got)
	}
	if got := sg.ClosestExcept("feedback-test", func(string) bool { return true }); got != "" {
		t.Errorf("ClosestExcept with every candidate skipped = %q", got)
	}
}

func TestBoundedDistance(t *testing.T) {
	words := []string{"", "a", "ab", "kitten", "sitting", "feedback-testing", "feedback_testing", "fedback-tseting", "índex", "index", "記憶テスト", "記憶のテスト"}
	for _, a := range words {
		for _, b := range words {
			want := editDistance(a, b)
			for limit := 1; limit <= 6; limit++ {
				got := boundedDistance([]rune(a), []rune(b), limit)
				if (want < limit && got != want) || (want >= limit && got < limit) {
					t.Errorf("boundedDistance(%q, %q, %d) = %d, exact %d", a, b, limit, got, want)
				}
			}
		}
	}
}

// editDistance is the plain Levenshtein distance, the reference the
// banded one is checked against.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}

// TestSuggesterBounded: a Suggester weighs at most maxLooked candidates
// over all its look-ups (issue 27: a did-you-mean for each dangling link
// of a dir of 10,000 memories weighed every name for each, the square of
// the dir); a look-up past the bound suggests nothing, and one within it
// suggests what an unbounded one does.
func TestSuggesterBounded(t *testing.T) {
	var names []string
	for i := range 10_000 {
		names = append(names, fmt.Sprintf("feedback-topic-%05d", i))
	}
	sg := New(names)
	served := 0
	for i := range 2_000 {
		got := sg.Closest(fmt.Sprintf("feedbak-topic-%05d", i))
		if sg.looked > maxLooked {
			t.Fatalf("after %d look-ups %d candidates weighed, bound %d", i+1, sg.looked, maxLooked)
		}
		if got != "" {
			served++
		}
		if i%500 == 0 && i < maxLooked/len(names) {
			if want := fmt.Sprintf("feedback-topic-%05d", i); got != want {
				t.Errorf("look-up %d within the bound: %q, unbounded %q", i, got, want)
			}
		}
	}
	if want := maxLooked / len(names); served != want {
		t.Errorf("%d look-ups served, want %d (the bound over the candidates)", served, want)
	}
}
