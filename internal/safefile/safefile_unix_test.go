//go:build unix

package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// within runs f and fails the test when it has not returned in 5 s: a
// read that blocks must fail, not hang the suite.
func within(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("still blocked after 5s")
	}
}

// TestReadFileHostile: opening a FIFO with no writer blocks forever and
// /dev/zero never ends, so either planted where a settings, baseline or
// .git file is expected is refused (this test would hang otherwise); a
// sparse file of 1 GB is refused from its size, not read.
func TestReadFileHostile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	sparse := filepath.Join(dir, "sparse")
	if err := os.WriteFile(sparse, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(sparse, 1<<30); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, path string
		err        error
		text       string
	}{
		{"a FIFO", fifo, ErrNotRegular, "read " + fifo + ": not a regular file"},
		{"a link to /dev/zero", zero, ErrNotRegular, "read " + zero + ": not a regular file"},
		{"a sparse 1 GB file", sparse, ErrTooLarge, "read " + sparse + ": too large: larger than 5 bytes"},
	}
	for _, c := range cases {
		within(t, func() {
			got, err := ReadFile(c.path, 5)
			if !errors.Is(err, c.err) || got != nil || err.Error() != c.text {
				t.Errorf("%s: got %q, %v; want %q", c.name, got, err, c.text)
			}
		})
	}
}

// TestOpenCheckedFIFO: a FIFO swapped in after the look by name does not
// block the open (O_NONBLOCK) and is refused from the descriptor's fstat.
func TestOpenCheckedFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	within(t, func() {
		f, _, err := openChecked(fifo, 5)
		if !errors.Is(err, ErrNotRegular) || f != nil {
			t.Errorf("got %v, %v; want ErrNotRegular", f, err)
		}
	})
}
