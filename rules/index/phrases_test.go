package index

import (
	"bytes"
	"strings"
	"testing"

	"github.com/memlint/memlint/rules/internal/rulebench"
)

// containsAny is the reference phraseIndex.in replaces: a search of the
// whole text for every phrase.
func containsAny(text string, phrases []string) bool {
	for _, p := range phrases {
		if strings.Contains(text, p) {
			return true
		}
	}
	return false
}

// TestPhraseIndexReference compares phraseIndex.in with containsAny on
// every line of the rules' fixtures, lowercased as index-entry-format
// reads them, and on the phrases themselves inside other text.
func TestPhraseIndexReference(t *testing.T) {
	hits := 0
	check := func(text string) {
		got, want := metaPhraseIndex.in(text), containsAny(text, metaPhrases)
		if got != want {
			t.Fatalf("metaPhraseIndex.in(%q) = %v, the reference says %v", text, got, want)
		}
		if got {
			hits++
		}
	}
	for _, text := range rulebench.Texts(t) {
		for line := range bytes.Lines(text) {
			check(strings.ToLower(string(line)))
		}
	}
	for _, p := range metaPhrases {
		check("x " + p + " y")
		check(p[:len(p)-1])
	}
	check("")
	t.Logf("%d texts hold a phrase", hits)
	if hits < len(metaPhrases) {
		t.Errorf("%d texts hold a phrase: too few to compare the index with its reference", hits)
	}
}
