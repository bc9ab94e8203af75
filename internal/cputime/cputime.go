// Package cputime reads the CPU time the process has used, for benchmarks
// that report CPU beside wall time (a 2-core CI machine runs other work
// beside them, which wall time counts and CPU time does not).
package cputime
