package duplicate_test

import (
	"os"
	"path"
	"regexp"
	"strconv"
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/linttest"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules"
)

// TestSuggestion checks which memory the suggestion keeps, which the
// fixtures' wants (messages only) do not show.
func TestSuggestion(t *testing.T) {
	tests := []struct {
		fixture, file string // file is path:line for a file with several findings
		want          string
	}{
		{"index-repeats", "MEMORY.md:9", `^delete this text: feedback_lint.md, which the index links, holds all of it$`},
		{"index-repeats", "MEMORY.md:12", `^replace this text with an entry linking feedback_naming.md, which holds all of it: - \[branch-naming\]\(feedback_naming.md\) — Branches are named after their ticket$`},
		{"index-repeats", "MEMORY.md:14", `^move what this text adds into project_deploy.md \(the index links it\), then delete the text here$`},
		{"fires", "feedback_test_before_commit.md", `^keep feedback_tests_first.md \(the index links it\): merge into it what feedback_test_before_commit.md adds, then delete feedback_test_before_commit.md`},
		{"fires", "feedback_kept_older.md", `^keep feedback_table_tests.md \(it is the older\)`},
		{"private-and-team", "project_staging.md", `^delete project_staging.md and its index entry: Claude Code loads team/project_release.md from the team memory as well`},
		{"private-and-team/team", "project_release_copy.md", `^keep project_release.md \(it is the older\)`},
	}
	found := map[string]string{}
	for _, fixture := range []string{"fires", "private-and-team", "index-repeats"} {
		fsys := os.DirFS(path.Join("testdata", "memory-duplicate", fixture))
		dirs, err := memory.FindDirs(fsys, ".", nil)
		if err != nil {
			t.Fatal(err)
		}
		l := &lint.Linter{Setup: lint.Setup{Registry: rules.Registry(), Now: linttest.Now}, Config: (*lint.Config)(nil).WithPreview()}
		res, err := l.Lint(fsys, dirs)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range res.Diagnostics {
			if d.Rule == "memory-duplicate" {
				found[path.Join(fixture, d.Path)] = d.Suggestion
				found[path.Join(fixture, d.Path)+":"+strconv.Itoa(d.Start.Line)] = d.Suggestion
			}
		}
	}
	for _, tt := range tests {
		got, ok := found[path.Join(tt.fixture, tt.file)]
		if !ok {
			t.Errorf("%s/%s: no finding (found: %v)", tt.fixture, tt.file, found)
			continue
		}
		if !regexp.MustCompile(tt.want).MatchString(got) {
			t.Errorf("%s/%s: suggestion %q, want it to match %q", tt.fixture, tt.file, got, tt.want)
		}
	}
}
