package lint_test

import (
	"io/fs"
	"os"
	"path"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/memlint/memlint/internal/benchgen"
	"github.com/memlint/memlint/internal/testcorpus"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules"
)

// lintWithProcs lints dir of fsys alone with GOMAXPROCS procs: with one,
// the rules run one after the other and nothing is prepared; with more,
// the dir's files are read and prepared, and its rules run, side by side.
func lintWithProcs(t *testing.T, procs int, l *lint.Linter, fsys fs.FS, dir string) *lint.Result {
	t.Helper()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
	res, err := l.Lint(fsys, []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestSpreadSameFindings lints each memory dir alone one rule after the
// other and spread over the CPUs (Rule.Prepare, rules side by side): the
// findings must be the same, in the same order. On the corpus when it is
// there, and on a generated dir of 200 memories.
func TestSpreadSameFindings(t *testing.T) {
	trees := map[string]fs.FS{"generated": benchgen.GenerateFS(1, 200, 1)}
	if dir := testcorpus.Dir(); dir != "" {
		trees["corpus"] = os.DirFS(dir)
	}
	now := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	compared := 0
	for name, fsys := range trees {
		dirs, err := memory.FindDirs(fsys, ".", func(string) bool { return false })
		if err != nil {
			t.Fatal(err)
		}
		for _, dir := range dirs {
			// The whole dir, and focused as the Claude Code hook focuses it:
			// on one memory and the index.
			focuses := []map[string]bool{nil}
			if topics, _ := fs.Glob(fsys, path.Join(dir, "*.md")); len(topics) > 1 {
				focuses = append(focuses, map[string]bool{topics[len(topics)-1]: true, path.Join(dir, memory.IndexName): true})
			}
			for _, focus := range focuses {
				l := func() *lint.Linter {
					return &lint.Linter{Setup: lint.Setup{Registry: rules.Registry(), Now: now}, Config: withPreview(), Focus: focus}
				}
				seq, spread := lintWithProcs(t, 1, l(), fsys, dir), lintWithProcs(t, 4, l(), fsys, dir)
				if !reflect.DeepEqual(seq.Diagnostics, spread.Diagnostics) || !reflect.DeepEqual(seq.Suppressed, spread.Suppressed) {
					t.Errorf("%s %s (focus %v): spread over the CPUs, the findings differ:\none by one: %v\nspread:     %v", name, dir, focus, seq.Diagnostics, spread.Diagnostics)
				}
				compared += len(seq.Diagnostics)
			}
		}
	}
	if compared == 0 {
		t.Fatal("no findings compared: the test compares nothing")
	}
}

// TestPrepareFailureIsAnError shows a rule whose Prepare panics, for the
// dir or for one of its files, fails the run with an error naming the
// rule's dir or the file, never a finding.
func TestPrepareFailureIsAnError(t *testing.T) {
	fsys := fstest.MapFS{"mem/MEMORY.md": {Data: []byte("- [A](a.md) — a\n")}, "mem/a.md": {Data: []byte("---\nname: a\n---\nA.\n")}}
	for _, c := range []struct {
		name    string
		prepare func(*lint.Pass) func(*memory.File)
		want    string
	}{
		{"dir", func(*lint.Pass) func(*memory.File) { panic("boom") }, "in rule test-preparing preparing mem: boom"},
		{"file", func(*lint.Pass) func(*memory.File) {
			return func(f *memory.File) { panic("boom on " + f.Rel) }
		}, "parsing mem/MEMORY.md: boom on MEMORY.md"},
	} {
		t.Run(c.name, func(t *testing.T) {
			reg, err := rules.Registry().With(&lint.Rule{ID: "test-preparing", Severity: lint.Error, Summary: "fails to prepare, for tests",
				Run: func(*lint.Pass) {}, Prepare: c.prepare})
			if err != nil {
				t.Fatal(err)
			}
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
			_, err = (&lint.Linter{Setup: lint.Setup{Registry: reg}}).Lint(fsys, []string{"mem"})
			if err == nil || !strings.Contains(err.Error(), "internal error") || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Lint error = %v, want an internal error with %q", err, c.want)
			}
		})
	}
}
