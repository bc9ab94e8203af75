package structure

import (
	"bytes"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/rules/internal/rulebench"
)

// refHasLabel is hasLabel as it was before the tables were compiled into
// phrases: the reference the compiled tables are compared with.
func refHasLabel(label string, phrases []string) bool {
	for _, p := range phrases {
		if whole, ok := strings.CutSuffix(p, "$"); ok {
			if label == whole {
				return true
			}
			continue
		}
		if !strings.HasPrefix(label, p) {
			continue
		}
		next, _ := utf8.DecodeRuneInString(label[len(p):])
		last, _ := utf8.DecodeLastRuneInString(p)
		if len(label) == len(p) || !(unicode.IsLetter(next) || unicode.IsDigit(next)) || unspaced(last) {
			return true
		}
	}
	return false
}

// sameLabels fails t when labelEnd or hasLabel sees s otherwise than
// their references do, and reports whether s holds a label.
func sameLabels(t *testing.T, s string) bool {
	t.Helper()
	if got, want := labelEnd(s), strings.IndexAny(s, ":：?？"); got != want {
		t.Fatalf("labelEnd(%q) = %d, strings.IndexAny says %d", s, got, want)
	}
	found := false
	for _, label := range []string{s, normaliseLabel(s)} {
		for _, tables := range []struct {
			phrases phraseTable
			labels  []string
		}{{reasonPhrases, reasonLabels}, {scopePhrases, scopeLabels}} {
			got, want := hasLabel(label, tables.phrases), refHasLabel(label, tables.labels)
			if got != want {
				t.Fatalf("hasLabel(%q) = %v, the reference says %v", label, got, want)
			}
			found = found || got
		}
	}
	return found
}

func TestLabelsReference(t *testing.T) {
	labels := 0
	for _, text := range rulebench.Texts(t) {
		for line := range bytes.Lines(text) {
			line = bytes.TrimRight(line, "\n")
			for _, s := range []string{string(line), strings.Trim(string(line), "*_#>-: \t")} {
				if sameLabels(t, s) {
					labels++
				}
			}
		}
	}
	t.Logf("%d lines with a label", labels)
	if labels < 50 {
		t.Errorf("%d lines with a label in all the texts: too few to compare hasLabel with its reference", labels)
	}
}

func FuzzLabelsReference(f *testing.F) {
	for _, s := range []string{
		"why", "Why: x", "how to apply", "scope", "scope of", "原因分析", "理由：", "왜곡된", "왜", "Pourquoi : ",
		"réponse？", "\xef\xbc", "\xef\xbc\x9a", "a\xffb:", "application state", "because", "because of",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { sameLabels(t, s) })
}
