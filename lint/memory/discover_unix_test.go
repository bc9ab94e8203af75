//go:build unix

package memory

import (
	"syscall"
	"testing"
)

// mkfifo plants a named pipe at p.
func mkfifo(t *testing.T, p string) {
	t.Helper()
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Fatal(err)
	}
}
