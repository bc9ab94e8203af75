//go:build unix

package safefile

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadFileFIFO: opening a FIFO with no writer blocks forever, so a
// FIFO planted where a settings or .git file is expected is refused
// without being opened (this test would hang otherwise).
func TestReadFileFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadFile(fifo, 5); !errors.Is(err, ErrNotRegular) || got != nil {
		t.Errorf("got %q, %v; want ErrNotRegular", got, err)
	}
}
