package injection

import (
	"testing"

	"github.com/memlint/memlint/rules/internal/rulebench"
)

// BenchmarkInjection measures the rule's own work on the generated tree
// of the project's benchmarks: the rule's ns/file less load's.
func BenchmarkInjection(b *testing.B) { rulebench.Run(b, Rule, 10, 200) }
