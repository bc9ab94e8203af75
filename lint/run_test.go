package lint_test

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

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
	plan := lint.Plan{Cwd: root, Paths: []string{"a"}, Setup: lint.Setup{Registry: reg}, Baseline: func(*lint.Config) (lint.Baseline, error) { return b, nil }}
	res, err := lint.Run(src, plan, withPreview())
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
	all, err := lint.Run(src, plan, withPreview())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(all.Diagnostics, func(d lint.Diagnostic) bool { return d.Rule == b.rule }) {
		t.Errorf("no %s finding for the baseline to accept: %+v", b.rule, all.Diagnostics)
	}
	if len(res.Errors) != 1 || res.Errors[0].Rule != "test-failing" || res.Errors[0].Dir != a {
		t.Errorf("errors %+v, want test-failing on %s", res.Errors, a)
	}

	// baseline-stale is settled by configuration like any rule.
	plan.Baseline = func(*lint.Config) (lint.Baseline, error) { return b, nil }
	for _, c := range []struct {
		config string
		want   []lint.Severity
	}{
		{"rules:\n  baseline-stale: warning\n", []lint.Severity{lint.Warning}},
		{"rules:\n  baseline-stale: off\n", nil},
	} {
		cfg, err := lint.ParseConfig([]byte(c.config), filepath.Join(root, ".memlint.yaml"), reg)
		if err != nil {
			t.Fatal(err)
		}
		res, err := lint.Run(src, plan, cfg)
		if err != nil {
			t.Fatal(err)
		}
		var got []lint.Severity
		for _, d := range res.Diagnostics {
			if d.Rule == "baseline-stale" {
				got = append(got, d.Severity)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: baseline-stale severities %v, want %v", c.config, got, c.want)
		}
	}
}

// TestRelintMatchesRun changes a file after a run, as --fix does, and
// lints again the dir holding it: the result is what a whole new run
// gives, a nested dir (team/, with no index of its own) still told
// apart
// and the other dirs' findings kept.
func TestRelintMatchesRun(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"mem/MEMORY.md":           "- [Gone](gone.md) — a memory that is gone\n",
		"mem/user_role.md":        "---\nname: role\ndescription: the user's role, in a sentence\ntype: User\n---\nA role.\n",
		"mem/team/t.md":           "---\nname: t\ndescription: a nested memory, in a sentence\ntype: project\n---\nNested.\n",
		"other/memory/MEMORY.md":  "- [Gone](gone.md) — gone too\n",
		"other/memory/project.md": "---\nname: p\ndescription: a project memory, in a sentence\ntype: project\n---\nP.\n",
	}
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	plan := lint.Plan{Cwd: root, Paths: []string{root}, Setup: lint.Setup{Registry: rules.Registry(), Now: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)}}
	src := lint.WorkingTree{}
	first, err := lint.Run(src, plan, withPreview())
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Targets) != 3 {
		t.Fatalf("targets %d, want mem, mem/team and other/memory", len(first.Targets))
	}
	changed := filepath.Join(root, "mem", "user_role.md")
	if err := os.WriteFile(changed, []byte(strings.Replace(files["mem/user_role.md"], "type: User", "type: user", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	again, err := lint.Relint(src, plan, withPreview(), first, []string{filepath.ToSlash(changed)})
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := lint.Run(src, plan, withPreview())
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(first.Diagnostics, fresh.Diagnostics) {
		t.Fatal("the change changed no finding: the test shows nothing")
	}
	sortDiags := func(ds []lint.Diagnostic) []lint.Diagnostic {
		out := slices.Clone(ds)
		slices.SortStableFunc(out, func(a, b lint.Diagnostic) int {
			if a.Less(b) {
				return -1
			}
			if b.Less(a) {
				return 1
			}
			return 0
		})
		return out
	}
	if got, want := sortDiags(again.Diagnostics), sortDiags(fresh.Diagnostics); !reflect.DeepEqual(got, want) {
		t.Errorf("Relint found\n%v\nwant, as a new run,\n%v", got, want)
	}
	if !reflect.DeepEqual(again.Dirs, fresh.Dirs) || again.Files != fresh.Files || !reflect.DeepEqual(again.Suppressed, fresh.Suppressed) {
		t.Errorf("Relint dirs %+v (%d files), want %+v (%d files)", again.Dirs, again.Files, fresh.Dirs, fresh.Files)
	}
}
