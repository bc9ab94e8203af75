package injection

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/internal/testcorpus"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules/internal/rulebench"
)

// BenchmarkInjection measures the rule's own work on the generated tree
// of the project's benchmarks: the rule's ns/file less load's.
func BenchmarkInjection(b *testing.B) { rulebench.Run(b, Rule, 10, 200) }

// BenchmarkScanCorpus measures scanFile on the real memory of the shared
// corpus (when it is there), bodies parsed beforehand: real memory holds
// more non-ASCII text than the generated tree, which the normaliser reads.
func BenchmarkScanCorpus(b *testing.B) {
	dir := testcorpus.Dir()
	if dir == "" {
		b.Skip("no corpus")
	}
	var files []*memory.File
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || !strings.HasSuffix(p, ".md") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		kind := memory.KindTopic
		if d.Name() == "MEMORY.md" {
			kind = memory.KindIndex
		}
		f := &memory.File{Path: p, Src: src, Lines: markdown.NewLineIndex(src), Kind: kind}
		f.Body()
		files = append(files, f)
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	rulebench.Measure(b, func() int {
		for _, f := range files {
			scanFile(f, 200)
		}
		return len(files)
	})
}
