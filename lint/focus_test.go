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

// TestFocusSameFindings checks the promise of Plan.Focus that the Claude
// Code hook relies on: a run focused on one file and MEMORY.md reports,
// for those files, exactly what a full run reports for them (messages,
// positions, flagged text, fixes, suppressions, fingerprints), for every
// file of every rule fixture dir and of a generated dir.
func TestFocusSameFindings(t *testing.T) {
	var cases []dirCase
	gen := benchgen.GenerateFS(1, 40, 1)
	for _, d := range findDirs(t, gen) {
		cases = append(cases, dirCase{"generated/" + d, lint.FSSource{Root: "/focus", FS: gen}, d})
	}
	cases = append(cases, fixtureCases(t)...)
	compared := 0
	for _, c := range cases {
		src := c.src
		src.Dirs = []string{c.dir}
		full := run(t, src, nil)
		dirAbs := filepath.Join(src.Root, filepath.FromSlash(c.dir))
		index := filepath.Join(dirAbs, memory.IndexName)
		files := []string{index}
		err := fs.WalkDir(src.FS, c.dir, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && path.Ext(p) == ".md" && path.Base(p) != memory.IndexName {
				files = append(files, filepath.Join(src.Root, filepath.FromSlash(p)))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			focus := []string{file, index}
			keep := map[string]bool{filepath.ToSlash(file): true, filepath.ToSlash(index): true}
			got := run(t, src, focus)
			for _, list := range []struct {
				what      string
				want, got []lint.Diagnostic
			}{
				{"findings", full.Diagnostics, got.Diagnostics},
				{"suppressed findings", full.Suppressed, got.Suppressed},
			} {
				want := only(list.want, keep)
				have := only(list.got, keep)
				if !reflect.DeepEqual(want, have) {
					t.Errorf("%s, focus %s: %s differ\nfull run: %+v\nfocused:  %+v", c.name, file, list.what, want, have)
					continue
				}
				for i := range want {
					if fw, fg := lint.Fingerprint(want[i], want[i].Path, 0), lint.Fingerprint(have[i], have[i].Path, 0); fw != fg {
						t.Errorf("%s, focus %s: fingerprint %s, want %s", c.name, file, fg, fw)
					}
				}
				compared += len(want)
			}
		}
	}
	if compared < 100 {
		t.Fatalf("only %d findings compared: the test lost its input", compared)
	}
}

// dirCase is one memory dir to lint: dir, a path of src.FS.
type dirCase struct {
	name string
	src  lint.FSSource
	dir  string
}

// fixtureCases returns the memory dirs of every rule fixture folder.
func fixtureCases(t *testing.T) []dirCase {
	t.Helper()
	fixtures, err := filepath.Glob("../rules/*/testdata")
	if err != nil || len(fixtures) == 0 {
		t.Fatalf("no rule fixtures found: %v", err)
	}
	var cases []dirCase
	for _, root := range fixtures {
		abs, err := filepath.Abs(root)
		if err != nil {
			t.Fatal(err)
		}
		fsys := os.DirFS(abs)
		for _, d := range findDirs(t, fsys) {
			cases = append(cases, dirCase{root + "/" + d, lint.FSSource{Root: abs, FS: fsys}, d})
		}
	}
	return cases
}

// findDirs returns the memory dirs of fsys.
func findDirs(t *testing.T, fsys fs.FS) []string {
	t.Helper()
	dirs, err := memory.FindDirs(fsys, ".", nil)
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

// run lints src with every rule, focused on focus (nil: every file), as
// the hook does.
func run(t *testing.T, src lint.FSSource, focus []string) *lint.Result {
	t.Helper()
	res, err := lint.Run(src, lint.Plan{Setup: lint.Setup{Registry: rules.Registry(), Redact: rules.Redact, Now: benchNow}, Focus: focus}, withPreview())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) > 0 {
		t.Fatalf("rule failed: %v", res.Errors[0])
	}
	return res
}

// only returns the findings of ds in the files of keep.
func only(ds []lint.Diagnostic, keep map[string]bool) []lint.Diagnostic {
	out := []lint.Diagnostic{}
	for _, d := range ds {
		if keep[d.Path] {
			out = append(out, d)
		}
	}
	return out
}
