package wikilink

import (
	"testing"

	"github.com/memlint/memlint/rules/internal/rulebench"
)

// BenchmarkDangling measures wikilink-dangling's own work on the
// generated tree of the project's benchmarks: the rule's ns/file less
// load's.
func BenchmarkDangling(b *testing.B) { rulebench.Run(b, Dangling, 10, 200) }
