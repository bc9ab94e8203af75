package memory

import (
	"regexp"
	"testing"
)

// The regular expressions hasURLScheme and isWindowsPath replace: the
// reference they are compared with.
var (
	refURLScheme   = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]+:`)
	refWindowsPath = regexp.MustCompile(`^[a-zA-Z]:[/\\]`)
)

var schemeCases = []string{
	"", "h", "h:", "ht:", "https://x", "mailto:a@b", "a+b.c-d:x", "C:/x", `c:\x`, "C:", "C:x",
	"1a:", "a1:", "-a:", "a-:", "a b:", "ab", "ab/:", "é:x", "aé:", "x:/", "Z:\\", "[:", "ab::",
	"./a:b", "a.md", "topic.md#x:y",
}

func TestHasURLSchemeMatchesRegexp(t *testing.T) {
	for _, s := range schemeCases {
		checkScheme(t, s)
	}
}

func FuzzHasURLScheme(f *testing.F) {
	for _, s := range schemeCases {
		f.Add(s)
	}
	f.Fuzz(checkScheme)
}

// checkScheme compares the hand-written matchers with the regexps on s.
func checkScheme(t *testing.T, s string) {
	if got, want := hasURLScheme(s), refURLScheme.MatchString(s); got != want {
		t.Errorf("hasURLScheme(%q) = %v, the regexp says %v", s, got, want)
	}
	if got, want := isWindowsPath(s), refWindowsPath.MatchString(s); got != want {
		t.Errorf("isWindowsPath(%q) = %v, the regexp says %v", s, got, want)
	}
}

// BenchmarkURLScheme compares the hand-written matchers with the regexps
// they replaced, on the destinations of the cases.
func BenchmarkURLScheme(b *testing.B) {
	b.Run("regexp", func(b *testing.B) {
		for b.Loop() {
			for _, s := range schemeCases {
				_ = refWindowsPath.MatchString(s) || refURLScheme.MatchString(s)
			}
		}
	})
	b.Run("hand", func(b *testing.B) {
		for b.Loop() {
			for _, s := range schemeCases {
				_ = isWindowsPath(s) || hasURLScheme(s)
			}
		}
	})
}
