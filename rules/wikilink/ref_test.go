package wikilink

import (
	"strings"
	"testing"

	"github.com/memlint/memlint/rules/internal/rulebench"
)

// refLinkKey is linkKey as it was before its ASCII pass: the reference
// that pass is compared with.
func refLinkKey(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimSuffix(s, ".md")
	if !strings.ContainsAny(s, "_ ") && !strings.Contains(s, "--") && !strings.HasPrefix(s, "-") && !strings.HasSuffix(s, "-") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	sep := false
	for _, r := range s {
		if r == '-' || r == '_' || r == ' ' {
			sep = true
			continue
		}
		if sep && b.Len() > 0 {
			b.WriteByte('-')
		}
		sep = false
		b.WriteRune(r)
	}
	return b.String()
}

func sameKey(t *testing.T, s string) {
	t.Helper()
	if got, want := linkKey(s), refLinkKey(s); got != want {
		t.Fatalf("linkKey(%q) = %q, the reference says %q", s, got, want)
	}
}

func TestLinkKeyReference(t *testing.T) {
	for _, s := range linkKeyCases {
		sameKey(t, s)
	}
	words := 0
	for _, text := range rulebench.Texts(t) {
		for _, w := range strings.Fields(string(text)) {
			sameKey(t, w)
			words++
		}
	}
	if words < 1000 {
		t.Errorf("%d words in all the texts: too few to compare linkKey with its reference", words)
	}
}

var linkKeyCases = []string{
	"", " ", "-", "--", "a--b", "-a", "a-", "Feedback_Todo Triage.MD", "x.md", ".md", "a.Md", "a .md", "é_X",
	"ÉCOLE.MD", "a\u00a0b", "  a__b  ", "A-B-C", "a\tb", "İ.md",
}

func FuzzLinkKeyReference(f *testing.F) {
	for _, s := range linkKeyCases {
		f.Add(s)
	}
	f.Fuzz(sameKey)
}
