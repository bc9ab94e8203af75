//go:build unix

package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/memlint/memlint/internal/hostiletest"
)

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
		hostiletest.Within(t, 5*time.Second, func() {
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
	hostiletest.Within(t, 5*time.Second, func() {
		f, _, err := openChecked(fifo, 5)
		if !errors.Is(err, ErrNotRegular) || f != nil {
			t.Errorf("got %v, %v; want ErrNotRegular", f, err)
		}
	})
}
