//go:build !unix

package rulebench

import "time"

// cpuTime cannot be read here: Measure reports wall time only.
func cpuTime() (time.Duration, bool) { return 0, false }
