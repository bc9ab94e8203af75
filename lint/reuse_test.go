package lint_test

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/memlint/memlint/internal/benchgen"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules"
)

// TestReuseSameFindings checks the promise of Plan.Reuse that the Claude
// Code hook relies on: runs that share the parse of unchanged files
// report exactly what runs of their own report, whether nothing changed
// between them (every rule fixture dir, suppressions included: one run's
// used suppressions must not leak into the next) or one topic file or
// the index did (a generated dir on disk).
func TestReuseSameFindings(t *testing.T) {
	compared := 0
	for _, c := range fixtureCases(t) {
		src := c.src
		src.Dirs = []string{c.dir}
		want := runReuse(t, src, nil)
		reuse := memory.NewReuse()
		for round := range 2 {
			compareRuns(t, c.name, round, want, runReuse(t, src, reuse))
		}
		compared += len(want.Diagnostics)
	}

	// A generated dir written to disk, changed between the runs.
	dir := t.TempDir()
	gen := benchgen.GenerateFS(1, 40, 1)
	err := fs.WalkDir(gen, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		data, err := fs.ReadFile(gen, p)
		if err != nil {
			return err
		}
		out := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		return os.WriteFile(out, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	fsys := os.DirFS(dir)
	dirs := findDirs(t, fsys)
	if len(dirs) != 1 {
		t.Fatalf("generated %d memory dirs, want 1", len(dirs))
	}
	src := lint.FSSource{Root: dir, FS: fsys, Dirs: dirs}
	topics, err := fs.Glob(fsys, path.Join(dirs[0], "*.md"))
	if err != nil || len(topics) < 3 {
		t.Fatalf("generated topics: %v, %v", topics, err)
	}
	reuse := memory.NewReuse()
	runReuse(t, src, reuse)
	for i, change := range []struct{ file, add string }{
		{topics[1], "\nSee yesterday's notes, and [gone](missing.md).\n\n<!-- memlint-disable-next-line -->\nTODO: check this tomorrow\n"},
		{path.Join(dirs[0], memory.IndexName), "\n- [Gone](missing.md) - a memory that is not there\n"},
	} {
		p := filepath.Join(dir, filepath.FromSlash(change.file))
		old, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, append(old, change.add...), 0o644); err != nil {
			t.Fatal(err)
		}
		want := runReuse(t, src, nil)
		got := runReuse(t, src, reuse)
		compareRuns(t, "generated, changed "+change.file, i, want, got)
		compared += len(want.Diagnostics)
	}
	if compared < 100 {
		t.Fatalf("only %d findings compared: the test lost its input", compared)
	}
}

// runReuse lints src with every rule as the hook does, sharing parses
// through reuse (nil: none).
func runReuse(t *testing.T, src lint.FSSource, reuse *memory.Reuse) *lint.Result {
	t.Helper()
	res, err := lint.Run(src, lint.Plan{Setup: lint.Setup{Registry: rules.Registry(), Redact: rules.Redact, Now: benchNow, Reuse: reuse}}, withPreview())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) > 0 {
		t.Fatalf("rule failed: %v", res.Errors[0])
	}
	return res
}

// compareRuns fails when a run sharing parses differs from its own run.
func compareRuns(t *testing.T, name string, round int, want, got *lint.Result) {
	t.Helper()
	if !reflect.DeepEqual(want.Diagnostics, got.Diagnostics) {
		t.Errorf("%s, round %d: findings differ\nown parse: %+v\nshared:    %+v", name, round, want.Diagnostics, got.Diagnostics)
	}
	if !reflect.DeepEqual(want.Suppressed, got.Suppressed) {
		t.Errorf("%s, round %d: suppressed findings differ\nown parse: %+v\nshared:    %+v", name, round, want.Suppressed, got.Suppressed)
	}
}

// unchangedFS is an fs.FS that says which files hold what a run before
// read, as the Claude Code hook's view of a dir before a write does.
type unchangedFS struct {
	fs.FS
	unchanged map[string]bool
}

func (u unchangedFS) Unchanged(name string) bool { return u.unchanged[name] }

// TestReuseUnchangedFS shows that a run over an FS with Unchanged (memory.unchangedFS) takes the
// files it calls unchanged from the run before without reading them: the
// test changes one on disk behind the FS's back, and the run still sees
// it as it was (the hook's state before a write is what the files held
// then), while a file the FS calls changed is read again.
func TestReuseUnchangedFS(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(memory.IndexName, "- [A](a.md) — a\n- [B](b.md) — b\n")
	write("a.md", "---\nname: a\ndescription: what memory a says about testing\ntype: user\n---\n\nA.\n")
	write("b.md", "---\nname: b\ndescription: what memory b says about testing\ntype: user\n---\n\nB.\n")
	reuse := memory.NewReuse()
	src := lint.FSSource{Root: dir, FS: os.DirFS(dir), Dirs: []string{"."}}
	if res := runReuse(t, src, reuse); len(res.Diagnostics) != 0 {
		t.Fatalf("the clean dir has findings: %+v", res.Diagnostics)
	}
	// Both files lose their type; the FS calls a.md unchanged.
	write("a.md", "---\nname: a\ndescription: what memory a says about testing\n---\n\nA.\n")
	write("b.md", "---\nname: b\ndescription: what memory b says about testing\n---\n\nB.\n")
	src.FS = unchangedFS{FS: os.DirFS(dir), unchanged: map[string]bool{"a.md": true}}
	var got []string
	for _, d := range runReuse(t, src, reuse).Diagnostics {
		got = append(got, d.Rule+" "+filepath.Base(d.Path))
	}
	if want := []string{"frontmatter-required b.md"}; !reflect.DeepEqual(got, want) {
		t.Errorf("findings %q, want %q: a.md read again, or b.md not", got, want)
	}
}
