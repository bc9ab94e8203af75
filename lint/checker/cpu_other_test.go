//go:build !unix

package checker_test

import "time"

// cpuTime cannot be read here: benchmarks report wall time only.
func cpuTime() time.Duration { return 0 }
