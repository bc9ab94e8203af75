package index_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/linttest"
	"github.com/memlint/memlint/rules"
)

// TestLinkEscapeSuggestion checks that index-link-escape never proposes
// moving the linked file into the memory dir (a repository's design doc
// belongs to the repository), and that it names a file the repository
// tracks by its path in the repository.
func TestLinkEscapeSuggestion(t *testing.T) {
	fsys := fstest.MapFS{
		".claude/memory/MEMORY.md": {Data: []byte("- [Design](../../docs/design.md) — the architecture\n" +
			"- [Scratch](../../notes/scratch.md) — untracked notes\n" +
			"- [Plan](/home/dev/plans/plan.md) — the plan\n" +
			"- [Source](../../src/) — the code\n")},
	}
	repo := &lint.FileList{RootDir: "/repo", Paths: []string{"docs/design.md", "src/main.go"}}
	linter := &lint.Linter{Setup: lint.Setup{Registry: rules.Registry(), Now: linttest.Now, Only: []string{"index-link-escape"},
		Repos: func(string) lint.Repository { return repo }}, Root: "/repo"}
	res, err := linter.Lint(fsys, []string{".claude/memory"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{1: "`docs/design.md`", 2: "`../../notes/scratch.md`", 3: "`/home/dev/plans/plan.md`", 4: "`src/`"}
	if len(res.Diagnostics) != len(want) {
		t.Fatalf("got %d findings, want %d: %v", len(res.Diagnostics), len(want), res.Diagnostics)
	}
	for _, d := range res.Diagnostics {
		s := strings.ToLower(d.Suggestion)
		if strings.Contains(s, "move the file") || strings.Contains(s, "move it into") {
			t.Errorf("line %d: suggestion proposes moving the file: %q", d.Start.Line, d.Suggestion)
		}
		if !strings.Contains(d.Suggestion, "leave the file where it is") || !strings.Contains(d.Suggestion, want[d.Start.Line]) {
			t.Errorf("line %d: suggestion %q does not keep the file and name %s", d.Start.Line, d.Suggestion, want[d.Start.Line])
		}
	}
}

// TestDuplicateEntryNeverDropsText checks, over every case of
// index-duplicate-entry, that each fix deletes an entry whose every word
// another entry of the same file still holds.
func TestDuplicateEntryNeverDropsText(t *testing.T) {
	for _, tc := range []struct {
		name, index string
		fixes       int
	}{
		{"same words", "- [A](a.md) — tests hit a real database\n- [A](a.md) — real database\n", 1},
		{"title is the file name", "- [Tests](feedback_tests.md) — hit a real database\n- [feedback_tests](feedback_tests.md)\n", 1},
		{"later adds", "- [A](a.md) — tests hit a real database\n- [A](a.md) — and the staging one\n", 0},
		{"earlier adds nothing", "- [A](a.md)\n- [A](a.md) — tests hit a real database\n", 1},
		{"a comment is text", "- [A](a.md) — real database <!-- was: fake -->\n- [A](a.md) — real database\n", 1},
		{"a comment is text, later", "- [A](a.md) — real database\n- [A](a.md) — real database <!-- was: fake -->\n", 1},
		{"nested items go with their entry", "- [A](a.md) — real database\n  - nested detail\n- [A](a.md) — real database\n", 1},
		{"nested items go with their entry, later", "- [A](a.md) — real database\n- [A](a.md) — real database\n  - nested detail\n", 1},
		{"both nest", "- [A](a.md) — db\n  - one detail\n- [A](a.md) — db\n  - another\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{"MEMORY.md": {Data: []byte(tc.index)}}
			linter := &lint.Linter{Setup: lint.Setup{Registry: rules.Registry(), Now: linttest.Now, Only: []string{"index-duplicate-entry"}}, Root: "/m"}
			res, err := linter.Lint(fsys, []string{"."})
			if err != nil {
				t.Fatal(err)
			}
			fixes := 0
			for _, d := range res.Diagnostics {
				if d.Fix == nil {
					if strings.Contains(d.Suggestion, "delete this entry") && !strings.Contains(d.Suggestion, "merge") {
						t.Errorf("no fix, but the suggestion deletes: %q", d.Suggestion)
					}
					continue
				}
				fixes++
				for _, e := range d.Fix.Edits {
					removed := tc.index[e.Start:e.End]
					kept := tc.index[:e.Start] + e.NewText + tc.index[e.End:]
					for _, w := range strings.FieldsFunc(strings.ToLower(removed), func(r rune) bool {
						return !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '_')
					}) {
						if !strings.Contains(strings.ToLower(kept), w) {
							t.Errorf("the fix deletes %q, and with it the word %q, which no other line holds", removed, w)
						}
					}
				}
			}
			if fixes != tc.fixes {
				t.Errorf("%d fixes, want %d", fixes, tc.fixes)
			}
		})
	}
}
