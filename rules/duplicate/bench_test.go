package duplicate_test

import (
	"testing"

	"github.com/memlint/memlint/internal/benchgen"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/linttest"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules/duplicate"
)

// BenchmarkDuplicate runs memory-duplicate alone over one generated memory
// dir of 10,000 topic files (see docs/benchmarks.md for the whole run).
func BenchmarkDuplicate(b *testing.B) {
	fsys := benchgen.GenerateFS(1, 10000, 1)
	dirs, err := memory.FindDirs(fsys, ".", nil)
	if err != nil {
		b.Fatal(err)
	}
	reg, err := lint.NewRegistry(duplicate.Rules...)
	if err != nil {
		b.Fatal(err)
	}
	l := &lint.Linter{Setup: lint.Setup{Registry: reg, Now: linttest.Now}, Config: (*lint.Config)(nil).WithPreview()}
	for b.Loop() {
		if _, err := l.Lint(fsys, dirs); err != nil {
			b.Fatal(err)
		}
	}
}
