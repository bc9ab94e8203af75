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

// Finish runs f and returns what it returns, failing the test (naming
// what) when f returns an error, or has not returned after limit: work
// whose cost a hostile input could make grow faster than the input is
// bounded by its outcome, never by a timing assertion. f keeps running in
// its goroutine after a failure; the test binary ends with the test.
func Finish[T any](t testing.TB, limit time.Duration, what string, f func() (T, error)) T {
	t.Helper()
	type outcome struct {
		v   T
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		v, err := f()
		done <- outcome{v, err}
	}()
	select {
	case o := <-done:
		if o.err != nil {
			t.Fatalf("%s: %v", what, o.err)
		}
		return o.v
	case <-time.After(limit):
		t.Fatalf("%s did not finish within %v", what, limit)
	}
	panic("unreachable")
}
