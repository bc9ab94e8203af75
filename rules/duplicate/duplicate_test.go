package duplicate_test

import (
	"os"
	"path"
	"regexp"
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/linttest"
	"github.com/memlint/memlint/rules"
)

// TestSuggestion checks which memory the suggestion keeps, which the
// fixtures' wants (messages only) do not show.
func TestSuggestion(t *testing.T) {
	tests := []struct {
		fixture, file string
		want          string
	}{
		{"fires", "feedback_test_before_commit.md", `^keep feedback_tests_first.md \(the index links it\): merge into it what feedback_test_before_commit.md adds, then delete feedback_test_before_commit.md`},
		{"fires", "feedback_kept_older.md", `^keep feedback_table_tests.md \(it is the older\)`},
		{"fires", "project_deploy_notes.md", `^say in each description what that memory alone holds`},
		{"private-and-team", "project_staging.md", `^delete project_staging.md and its index entry: Claude Code loads team/project_release.md from the team memory as well`},
		{"private-and-team/team", "project_release_copy.md", `^keep project_release.md \(it is the older\)`},
	}
	found := map[string]string{}
	for _, fixture := range []string{"fires", "private-and-team"} {
		fsys := os.DirFS(path.Join("testdata", "memory-duplicate", fixture))
		dirs, err := lint.FindMemoryDirs(fsys, ".", nil)
		if err != nil {
			t.Fatal(err)
		}
		l := &lint.Linter{Registry: rules.Registry(), Now: linttest.Now}
		res, err := l.Lint(fsys, dirs)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range res.Diagnostics {
			if d.Rule == "memory-duplicate" {
				found[path.Join(fixture, d.Path)] = d.Suggestion
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
