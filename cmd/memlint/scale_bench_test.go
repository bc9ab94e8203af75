package main

// Benchmarks of a whole `memlint check --format json` run (planning, the
// engine, the report) over generated trees on disk, by size: a flat per-unit
// metric (ns/file, ns/entry) across sizes means linear cost. They measure;
// they assert nothing about time (docs/benchmarks.md, "Linearity").
//
//	go test -run '^$' -bench 'BenchmarkCheck(Dirs|Index)' -benchtime 1x ./cmd/memlint/

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/internal/benchgen"
	"github.com/memlint/memlint/internal/cputime"
)

// checkJSON runs `memlint check --format json root` as CI would, the
// output discarded, and fails unless the run completed (exit 0 or 1).
func checkJSON(tb testing.TB, root string) {
	tb.Helper()
	if code := run([]string{"check", "--format", "json", root}, io.Discard, io.Discard); code != exitOK && code != exitFindings {
		tb.Fatalf("memlint check %s: exit %d, want %d or %d", root, code, exitOK, exitFindings)
	}
}

// benchCheck times checkJSON over root and reports the cost per unit
// (files or index entries) under the name unit.
func benchCheck(b *testing.B, root string, units int, unit string) {
	checkJSON(b, root) // warm the page cache
	b.ReportAllocs()
	cpu0 := cputime.Used()
	b.ResetTimer()
	for b.Loop() {
		checkJSON(b, root)
	}
	b.StopTimer()
	ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(ns/float64(units), "ns/"+unit)
	if cpu := cputime.Used() - cpu0; cpu > 0 {
		// On a loaded machine wall time measures the load; CPU time
		// (user + system, every goroutine) measures memlint.
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(units), "cpu-ns/"+unit)
	}
}

// BenchmarkCheckDirs checks 1, 10, 100 and 500 generated memory dirs of
// 200 topic files each (201 to 100,500 files): ns/file stays flat when the
// cost is linear in the number of dirs. 500 dirs cost 438 times one dir
// when the owner of each finding was found by scanning every dir.
func BenchmarkCheckDirs(b *testing.B) {
	for _, dirs := range []int{1, 10, 100, 500} {
		b.Run(fmt.Sprintf("dirs=%d", dirs), func(b *testing.B) {
			root := b.TempDir()
			if err := benchgen.Generate(root, dirs, 200, 1); err != nil {
				b.Fatal(err)
			}
			benchCheck(b, root, dirs*201, "file")
		})
	}
}

// bigIndexDir writes into root one memory dir of three topic files and a
// MEMORY.md of just under kib KiB: entries that link a topic file, one that does
// not exist, or one already listed, so that index-dangling-link and
// index-duplicate-entry both report (and offer fixes) all along. It
// returns the number of entries.
func bigIndexDir(tb testing.TB, root string, kib int) int {
	tb.Helper()
	dir := filepath.Join(root, "memory")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	for i := range 3 {
		topic := fmt.Sprintf("---\nname: topic %d\ndescription: a topic\ntype: project\n---\n\nBody %d.\n", i, i)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("topic_%d.md", i)), []byte(topic), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	var sb strings.Builder
	sb.WriteString("# Memory\n\n")
	n := 0
	for ; sb.Len() < kib<<10-100; n++ { // under the size limit, 8 MiB
		target := fmt.Sprintf("note_%d.md", n)
		switch n % 3 {
		case 1:
			target = fmt.Sprintf("topic_%d.md", n%9/3)
		case 2:
			target = fmt.Sprintf("note_%d.md", n%30)
		}
		fmt.Fprintf(&sb, "- [Note %d](%s) — what happened on step %d of the run\n", n, target, n)
	}
	if err := os.WriteFile(filepath.Join(dir, "MEMORY.md"), []byte(sb.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return n
}

// BenchmarkCheckIndex checks one memory dir whose MEMORY.md is 1, 2, 4 and
// 8 MiB: ns/entry stays flat when the cost is linear in index entries.
func BenchmarkCheckIndex(b *testing.B) {
	for _, mb := range []int{1, 2, 4, 8} {
		b.Run(fmt.Sprintf("MiB=%d", mb), func(b *testing.B) {
			root := b.TempDir()
			n := bigIndexDir(b, root, mb<<10)
			benchCheck(b, root, n, "entry")
		})
	}
}
