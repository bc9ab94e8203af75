// Package rulebench measures one rule's own work through the engine, on
// the generated memory dirs of the project's benchmarks
// (internal/benchgen). The runs share their parsing (lint.Reuse), so each
// one costs loading the files plus the rule; a run of a rule that does
// nothing (file-unreadable) is the cost of loading, and the difference
// between the two is what the rule costs a file. It also gathers the
// texts on which the differential tests of the rules compare an optimised
// matcher with the reference it replaced (Texts).
package rulebench

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/memlint/memlint/internal/benchgen"
	"github.com/memlint/memlint/internal/testcorpus"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
)

// now is later than every generated modified timestamp.
var now = time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)

// Run runs two sub-benchmarks over dirs generated dirs of filesPerDir
// topic files: "load" (file-unreadable) and rule's ID, each reporting
// ns/file. The body and frontmatter of every file are parsed once,
// before either. setup, when given, prepares each linter of the runs
// measured from the generated tree (claude-md-overlap's instructions).
func Run(b *testing.B, rule *lint.Rule, dirs, filesPerDir int, setup ...func(*lint.Linter, fs.FS)) {
	fsys := benchgen.GenerateFS(dirs, filesPerDir, 1)
	found, err := memory.FindDirs(fsys, ".", nil)
	if err != nil {
		b.Fatal(err)
	}
	reg, err := lint.NewRegistry(rule, lint.FileUnreadable)
	if err != nil {
		b.Fatal(err)
	}
	reuse := memory.NewReuse()
	// parse parses every file, so that the runs measured share it.
	parse := &lint.Rule{ID: "rulebench-parse", Severity: lint.Info, Summary: "parses every file", Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Files() {
			f.Body()
			f.Frontmatter()
		}
	}}
	preg, err := lint.NewRegistry(parse)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := (&lint.Linter{Setup: lint.Setup{Registry: preg, Reuse: reuse, Now: now}}).Lint(fsys, found); err != nil {
		b.Fatal(err)
	}
	for _, only := range []string{lint.FileUnreadable.ID, rule.ID} {
		b.Run(map[bool]string{true: "load", false: only}[only == lint.FileUnreadable.ID], func(b *testing.B) {
			l := &lint.Linter{Setup: lint.Setup{Registry: reg, Only: []string{only}, Reuse: reuse, Now: now}}
			for _, f := range setup {
				f(l, fsys)
			}
			var files int
			Measure(b, func() int {
				res, err := l.Lint(fsys, found)
				if err != nil {
					b.Fatal(err)
				}
				files = res.Files
				return files
			})
		})
	}
}

// Measure runs op in b's loop; op returns how many files it went through.
// Besides allocations it reports ns/file, and cpu-ns/file, the CPU time
// the process used a file (which a machine busy with other work inflates
// less than the time on the clock).
func Measure(b *testing.B, op func() (files int)) { MeasurePer(b, "file", op) }

// MeasurePer is Measure for op returning how many of unit it went through
// (bytes, dirs): it reports ns/unit and cpu-ns/unit.
func MeasurePer(b *testing.B, unit string, op func() (n int)) {
	b.ReportAllocs()
	cpu0, cpuOK := cpuTime()
	n := 0
	for b.Loop() {
		n += op()
	}
	if n == 0 {
		return
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/"+unit)
	if cpu1, ok := cpuTime(); ok && cpuOK {
		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(n), "cpu-ns/"+unit)
	}
}

// Texts returns the texts a differential test runs an optimised matcher
// and its reference on: every Markdown file of the rules' fixtures
// (rules/*/testdata), the generated tree of the benchmarks, and the real
// memory dirs of the shared corpus when it is there ($MEMLINT_CORPUS, or
// ../shared/corpus beside the repository; never copied into it).
func Texts(t testing.TB) [][]byte {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("no caller: cannot find the rules' fixtures")
	}
	rulesDir := filepath.Join(filepath.Dir(file), "..", "..")
	var out [][]byte
	walk := func(root string) {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() || !strings.HasSuffix(p, ".md") {
				return err
			}
			b, err := os.ReadFile(p)
			if err == nil {
				out = append(out, b)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	fixtures, err := filepath.Glob(filepath.Join(rulesDir, "*", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range fixtures {
		walk(d)
	}
	if len(out) == 0 {
		t.Fatalf("no fixtures found under %s", rulesDir)
	}
	names := []string{}
	gen := benchgen.Files(4, 50, 1)
	for p := range gen {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		out = append(out, gen[p])
	}
	if corpus := testcorpus.Dir(); corpus != "" {
		walk(corpus)
	}
	return out
}
