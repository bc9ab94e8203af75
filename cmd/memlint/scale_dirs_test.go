package main

import (
	"testing"

	"github.com/memlint/memlint/internal/benchgen"
)

// TestLinearInDirs proves by ratios within one run that a memory dir
// costs the same however many dirs a run covers: at 100 and at 1,000
// dirs of two files (an index and one topic file), where the work per dir
// (discovery, kind, configuration, owners, recall, the merge and sort of
// findings) outweighs the work per file, the allocations per dir may not
// grow by more than a quarter. A lookup that walks every dir per dir or
// per finding allocates as it goes and fails it; times are measured by
// BenchmarkCheckDirs, never asserted.
func TestLinearInDirs(t *testing.T) {
	if testing.Short() {
		t.Skip("lints 2,000 generated files")
	}
	const maxGrowth = 1.25
	perDir := func(dirs int) float64 {
		root := t.TempDir()
		if err := benchgen.Generate(root, dirs, 1, 1); err != nil {
			t.Fatal(err)
		}
		return allocsPer(t, root, dirs)
	}
	small, large := perDir(100), perDir(1000)
	t.Logf("allocations per dir: %.0f at 100 dirs, %.0f at 1,000", small, large)
	if large > small*maxGrowth {
		t.Errorf("allocations per dir grew %.2f times from 100 to 1,000 memory dirs; a linear run keeps them flat", large/small)
	}
}
