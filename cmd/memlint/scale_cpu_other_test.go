//go:build !unix

package main

import "time"

// cpuTime is 0 where getrusage is missing: the benchmarks then report
// wall time only.
func cpuTime() time.Duration { return 0 }
