package main

import (
	"testing"

	"github.com/memlint/memlint/internal/benchgen"
)

// allocsPer is the number of allocations one `memlint check --format json`
// run over root makes, divided by units. Allocation counts, unlike times,
// do not depend on the machine or its load.
func allocsPer(t *testing.T, root string, units int) float64 {
	t.Helper()
	return testing.AllocsPerRun(2, func() { checkJSON(t, root) }) / float64(units)
}

// TestLinearInDirsAndEntries proves by ratios within one run that a check
// costs the same per file however many memory dirs hold the files, and the
// same per index entry however long MEMORY.md is: allocations per unit may
// not grow by more than a quarter when the tree grows eightfold. It guards
// the allocations only (a loop that allocates per dir and finding, or per
// link and entry, fails it); CPU time is measured, never asserted, by
// BenchmarkCheckDirs and BenchmarkCheckIndex (docs/benchmarks.md).
func TestLinearInDirsAndEntries(t *testing.T) {
	if testing.Short() {
		t.Skip("lints a few thousand generated files")
	}
	const maxGrowth = 1.25
	perDir := func(dirs int) float64 {
		root := t.TempDir()
		if err := benchgen.Generate(root, dirs, 5, 1); err != nil {
			t.Fatal(err)
		}
		return allocsPer(t, root, dirs*6)
	}
	small, large := perDir(10), perDir(80)
	t.Logf("allocations per file: %.0f at 10 dirs, %.0f at 80", small, large)
	if large > small*maxGrowth {
		t.Errorf("allocations per file grew %.2f times from 10 to 80 memory dirs; a linear run keeps them flat", large/small)
	}
	perEntry := func(kib int) float64 {
		root := t.TempDir()
		return allocsPer(t, root, bigIndexDir(t, root, kib))
	}
	small, large = perEntry(32), perEntry(256)
	t.Logf("allocations per index entry: %.0f at 32 KiB, %.0f at 256 KiB", small, large)
	if large > small*maxGrowth {
		t.Errorf("allocations per index entry grew %.2f times from a 32 KiB to a 256 KiB MEMORY.md; a linear run keeps them flat", large/small)
	}
}
