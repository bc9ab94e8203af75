package lint_test

// Benchmarks of the engine on generated memory dirs (internal/benchgen).
// They measure; they assert nothing about time. See docs/benchmarks.md.
//
//	go test -run '^$' -bench . -benchmem ./lint/

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/memlint/memlint/internal/benchgen"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules"
)

const benchSeed = 1

// benchNow is later than every generated modified timestamp.
var benchNow = time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)

func lintOnce(b *testing.B, fsys fs.FS) *lint.Result {
	b.Helper()
	dirs, err := memory.FindDirs(fsys, ".", nil)
	if err != nil {
		b.Fatal(err)
	}
	l := &lint.Linter{Setup: lint.Setup{Registry: rules.Registry(), Now: benchNow}, Config: withPreview()}
	res, err := l.Lint(fsys, dirs)
	if err != nil {
		b.Fatal(err)
	}
	return res
}

func totalBytes(fsys fstest.MapFS) int64 {
	var n int64
	for _, f := range fsys {
		n += int64(len(f.Data))
	}
	return n
}

// benchLint runs discovery plus the whole engine with every built-in rule,
// as `memlint check` does, without the output formatting.
func benchLint(b *testing.B, fsys fs.FS, size int64) {
	res := lintOnce(b, fsys) // warm up, and count what one run sees
	if res.Files == 0 || len(res.Diagnostics) == 0 {
		b.Fatalf("generated tree gave %d files and %d findings; the benchmark would measure nothing", res.Files, len(res.Diagnostics))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		lintOnce(b, fsys)
	}
	b.StopTimer()
	ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(float64(res.Files), "files/op")
	b.ReportMetric(ns/float64(res.Files), "ns/file")
	b.ReportMetric(float64(len(res.Diagnostics)), "findings/op")
}

// BenchmarkLint lints 10 generated memory dirs of 200 topic files each
// (2,010 files, about 5.8 MB), from memory and from disk.
func BenchmarkLint(b *testing.B) {
	fsys := benchgen.GenerateFS(10, 200, benchSeed)
	b.Run("mapfs", func(b *testing.B) { benchLint(b, fsys, totalBytes(fsys)) })
	b.Run("disk", func(b *testing.B) {
		root := b.TempDir()
		if err := benchgen.Generate(root, 10, 200, benchSeed); err != nil {
			b.Fatal(err)
		}
		benchLint(b, os.DirFS(root), totalBytes(fsys))
	})
}

// BenchmarkLintScaling lints 50 memory dirs of 20, 100 and 200 topic files
// (the shapes bench/run.sh times) from memory: ns/file stays flat when the
// cost grows linearly with the number of files.
func BenchmarkLintScaling(b *testing.B) {
	for _, shape := range []struct{ dirs, files int }{{50, 20}, {50, 100}, {50, 200}} {
		fsys := benchgen.GenerateFS(shape.dirs, shape.files, benchSeed)
		b.Run(fmt.Sprintf("files=%d", shape.dirs*shape.files), func(b *testing.B) {
			benchLint(b, fsys, totalBytes(fsys))
		})
	}
}

// bodyStart returns the offset after a leading frontmatter block, or 0.
func bodyStart(src []byte) int {
	if !bytes.HasPrefix(src, []byte("---\n")) {
		return 0
	}
	if end := bytes.Index(src[4:], []byte("\n---\n")); end >= 0 {
		return 4 + end + len("\n---\n")
	}
	return 0
}

// BenchmarkParseMarkdown parses the bodies of 2,000 generated topic files
// into the Markdown model every body rule shares (goldmark plus the model
// builder), with the line index it needs.
func BenchmarkParseMarkdown(b *testing.B) {
	fsys := benchgen.GenerateFS(10, 200, benchSeed)
	var names []string
	var size int64
	for p, f := range fsys {
		if !strings.HasSuffix(p, "/"+memory.IndexName) {
			names = append(names, p)
			size += int64(len(f.Data))
		}
	}
	sort.Strings(names)
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range names {
			src := fsys[p].Data
			if _, err := markdown.ParseMarkdown(src, bodyStart(src), markdown.NewLineIndex(src)); err != nil {
				b.Fatal(err)
			}
		}
	}
	ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(float64(len(names)), "files/op")
	b.ReportMetric(ns/float64(len(names)), "ns/file")
}

// tinyFilesFS is one memory dir of n tiny topic files (a four-line
// frontmatter and a one-line body) with an index listing only the first:
// the shape where per-file overhead, not text, sets the cost.
func tinyFilesFS(n int) fstest.MapFS {
	fsys := fstest.MapFS{"memory/" + memory.IndexName: {Data: []byte("# Index\n- [t0](t0.md) — first\n")}}
	for i := range n {
		fsys[fmt.Sprintf("memory/t%d.md", i)] = &fstest.MapFile{Data: fmt.Appendf(nil,
			"---\nname: t%d\ndescription: tiny memory number %d for the benchmark\ntype: user\n---\nbody %d\n", i, i, i)}
	}
	return fsys
}

// BenchmarkLintTinyFiles lints 100,000 tiny topic files in one memory dir
// from memory, and reports the heap the result keeps alive per file
// (live-B/file, after a GC): the cost cliff of issue 11.
func BenchmarkLintTinyFiles(b *testing.B) {
	const n = 100_000
	fsys := tinyFilesFS(n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res := lintOnce(b, fsys)
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(res)
	benchLint(b, fsys, totalBytes(fsys))
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/n, "live-B/file")
}
