package rules_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
)

// TestRulesDoc fails when docs/rules.md no longer matches the registry.
func TestRulesDoc(t *testing.T) {
	t.Parallel()
	want := rules.Markdown(rules.All())
	got, err := os.ReadFile(filepath.Join("..", "docs", "rules.md"))
	if err != nil {
		t.Fatalf("%v (run go generate ./...)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("docs/rules.md is stale: run go generate ./...")
	}
}

// TestReadmeRules fails when the README's table of rules by area no
// longer matches the registry: a rule in no area, or one that is gone.
func TestReadmeRules(t *testing.T) {
	t.Parallel()
	table, err := rules.ReadmeTable(rules.All())
	if err != nil {
		t.Fatalf("%v (then run go generate ./...)", err)
	}
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := rules.SpliceReadme(readme, table)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(readme, want) {
		t.Errorf("the table of rules in README.md is stale: run go generate ./...")
	}
}

// TestRuleDocs keeps every rule documented the way memlint rules ID shows
// it: a summary, and a doc with a bad and a good example and a fix.
func TestRuleDocs(t *testing.T) {
	for _, r := range rules.All() {
		if r.Summary == "" || strings.Contains(r.Summary, "TODO") {
			t.Errorf("%s: no summary", r.ID)
		}
		for _, part := range []string{"Bad", "Good", "Fix"} {
			if !strings.Contains(r.Doc, part) {
				t.Errorf("%s: doc has no %q part", r.ID, part)
			}
		}
	}
}

// TestRuleDocFormats checks that the terminal and the Markdown reference
// of a rule say the same things: its documentation, fix and every option
// with its default and choices.
func TestRuleDocFormats(t *testing.T) {
	for _, r := range rules.All() {
		want := []string{strings.TrimSpace(r.Doc), r.Severity.String()}
		if r.Fix != "" {
			want = append(want, "Automatic fix: "+r.Fix)
		}
		for _, o := range r.Options {
			want = append(want, o.Name, lint.FormatOptionDefault(o), o.Doc)
			want = append(want, o.Choices...)
		}
		for _, f := range []rules.DocFormat{rules.DocMarkdown, rules.DocText} {
			doc := rules.RuleDoc(r, f)
			for _, w := range want {
				if !strings.Contains(doc, w) {
					t.Errorf("%s (format %d) does not say %q", r.ID, f, w)
				}
			}
		}
	}
}
