package frontmatter

import (
	"regexp"
	"testing"
)

// slugRef is the regular expression isSlug is written from.
var slugRef = regexp.MustCompile(`^[\p{Ll}\p{Lo}\p{Nd}]+(?:[-_][\p{Ll}\p{Lo}\p{Nd}]+)*$`)

var slugCases = []string{
	"", "a", "run-tests", "run_tests", "feedback_run-tests2", "Run-tests", "run--tests", "-run", "run-", "_", "run tests",
	"测试-先行", "テスト", "ß-straße", "ǅ", "٣-arabic-digit", "Ⅻ", "a\xffb", "\ufffd", "é", "e\u0301", "run.tests", "ⅰ",
}

// TestIsSlug compares isSlug with the regular expression on names that
// stress each class: ASCII, caseless scripts, title case, non-ASCII
// digits, letter numbers, combining marks and invalid UTF-8.
func TestIsSlug(t *testing.T) {
	yes := 0
	for _, name := range slugCases {
		got, want := isSlug(name), slugRef.MatchString(name)
		if got != want {
			t.Errorf("isSlug(%q) = %v, the regular expression says %v", name, got, want)
		}
		if want {
			yes++
		}
	}
	if yes == 0 || yes == len(slugCases) {
		t.Fatalf("%d of %d cases are slugs: the cases do not tell the two apart", yes, len(slugCases))
	}
}

func FuzzIsSlug(f *testing.F) {
	for _, name := range slugCases {
		f.Add(name)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if got, want := isSlug(name), slugRef.MatchString(name); got != want {
			t.Fatalf("isSlug(%q) = %v, the regular expression says %v", name, got, want)
		}
	})
}
