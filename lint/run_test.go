package lint_test

import (
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
)

// acceptRule is a baseline that accepts every finding of one rule and has
// one entry matching nothing, about the path stale.
type acceptRule struct {
	rule, stale string
	scoped      []string
}

func (a *acceptRule) Apply(ds []lint.Diagnostic, inScope func(string) bool) []lint.Diagnostic {
	var out []lint.Diagnostic
	for _, d := range ds {
		if d.Rule != a.rule {
			out = append(out, d)
		}
	}
	if inScope(a.stale) {
		a.scoped = append(a.scoped, a.stale)
		out = append(out, lint.Diagnostic{Rule: "baseline-stale", Severity: lint.Info, Path: filepath.ToSlash(a.stale), Message: "stale"})
	}
	return out
}

// TestRunOverFS runs a whole run over test input: the dirs a PATH names,
// each linted once, paths made absolute, a rule that fails in Errors, and
// the baseline applied last over what the run could judge.
func TestRunOverFS(t *testing.T) {
	root := filepath.FromSlash("/repo")
	fsys := fstest.MapFS{
		"a/MEMORY.md": {Data: []byte("- [Gone](gone.md) — a memory that is gone\n- [Gone](gone.md) — a memory that is gone\n")},
		"b/MEMORY.md": {Data: []byte("- [Gone](gone.md) — a memory that is gone\n")},
	}
	reg, err := rules.Registry().With(&lint.Rule{ID: "test-failing", Severity: lint.Error, Summary: "fails", Run: func(*lint.Pass) { panic("boom") }})
	if err != nil {
		t.Fatal(err)
	}
	b := &acceptRule{rule: "index-duplicate-entry", stale: filepath.Join(root, "a", "old.md")}
	src := lint.FSSource{Root: root, FS: fsys, Dirs: []string{"a", "b", "a"}}
	plan := lint.Plan{Cwd: root, Paths: []string{"a"}, Registry: reg, Baseline: func(*lint.Config) (lint.Baseline, error) { return b, nil }}
	res, err := lint.Run(src, plan, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := filepath.ToSlash(filepath.Join(root, "a"))
	if len(res.Dirs) != 1 || res.Dirs[0].Path != a || len(res.Targets) != 1 {
		t.Fatalf("dirs %+v, targets %d: want %s once", res.Dirs, len(res.Targets), a)
	}
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, d.Rule+" "+d.Path)
	}
	want := []string{"index-dangling-link " + a + "/MEMORY.md", "index-dangling-link " + a + "/MEMORY.md", "baseline-stale " + filepath.ToSlash(b.stale)}
	if !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}
	// Without the baseline, the finding it accepts is there.
	plan.Baseline = nil
	all, err := lint.Run(src, plan, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(all.Diagnostics, func(d lint.Diagnostic) bool { return d.Rule == b.rule }) {
		t.Errorf("no %s finding for the baseline to accept: %+v", b.rule, all.Diagnostics)
	}
	if len(res.Errors) != 1 || res.Errors[0].Rule != "test-failing" || res.Errors[0].Dir != a {
		t.Errorf("errors %+v, want test-failing on %s", res.Errors, a)
	}
}
