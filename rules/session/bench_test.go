package session

import (
	"testing"

	"github.com/memlint/memlint/rules/internal/rulebench"
)

// BenchmarkEphemeral and BenchmarkStale measure the rules' own work on
// the generated tree of the project's benchmarks: the rule's ns/file less
// load's.
func BenchmarkEphemeral(b *testing.B) { rulebench.Run(b, EphemeralContent, 10, 200) }

func BenchmarkStale(b *testing.B) { rulebench.Run(b, StaleProjectMemory, 10, 200) }
