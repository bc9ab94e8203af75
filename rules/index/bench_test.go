package index

import (
	"testing"

	"github.com/memlint/memlint/rules/internal/rulebench"
)

// The index rules' own work on the generated memory dirs, each beside
// the cost of loading them (rulebench.Run).

func BenchmarkEntryFormat(b *testing.B)    { rulebench.Run(b, EntryFormat, 10, 200) }
func BenchmarkEntryLength(b *testing.B)    { rulebench.Run(b, EntryLength, 10, 200) }
func BenchmarkDuplicateEntry(b *testing.B) { rulebench.Run(b, DuplicateEntry, 10, 200) }
func BenchmarkDanglingLink(b *testing.B)   { rulebench.Run(b, DanglingLink, 10, 200) }
func BenchmarkOrphanMemory(b *testing.B)   { rulebench.Run(b, OrphanMemory, 10, 200) }
