//go:build unix

package lint_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestFIFONamedMarkdownIsNeverOpened(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.md"), 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	writeFile(t, dir, "ok.md", []byte(validMemory))
	// Opening a FIFO for reading blocks until a writer comes: a hang here
	// fails the test through its time limit.
	res := lintWithin(t, os.DirFS(dir), 10*time.Second)
	if got := findings(res, "pipe.md", "file-unreadable"); len(got) != 1 || !strings.Contains(got[0].Message, "named pipe") {
		t.Errorf("findings = %+v", res.Diagnostics)
	}
}
