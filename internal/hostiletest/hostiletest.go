// Package hostiletest helps tests of hostile input: a read of a planted
// FIFO or device that blocks must fail the test, not hang the suite.
package hostiletest

import (
	"testing"
	"time"
)

// Within runs f and fails the test when it has not returned after limit.
// f keeps running in its goroutine (a blocked read cannot be stopped);
// the test binary ends with the test.
func Within(t testing.TB, limit time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatalf("still blocked after %v", limit)
	}
}
