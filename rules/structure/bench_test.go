package structure

import (
	"testing"

	"github.com/memlint/memlint/rules/internal/rulebench"
)

// BenchmarkFeedback measures feedback-structure's own work on the
// generated tree of the project's benchmarks: the rule's ns/file less
// load's.
func BenchmarkFeedback(b *testing.B) { rulebench.Run(b, Feedback, 10, 200) }
