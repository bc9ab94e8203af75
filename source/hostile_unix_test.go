//go:build unix

package source_test

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memlint/memlint/internal/hostiletest"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/source"
)

// TestStagedIndexNotRegular: GIT_INDEX_FILE naming a FIFO (opening it
// would wait for a writer forever) or a device (/dev/zero never ends) is
// an error naming it, given at once.
func TestStagedIndexNotRegular(t *testing.T) {
	r := newRepo(t)
	r.Write("memory/MEMORY.md", goodIndex)
	r.Git("add", ".")
	fifo := filepath.Join(r.Dir, ".git", "fifo-index")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, index := range []string{fifo, "/dev/zero"} {
		hostiletest.Within(t, 10*time.Second, func() {
			s, err := source.OpenStaged(r.Dir, func(k string) string {
				if k == "GIT_INDEX_FILE" {
					return index
				}
				return ""
			})
			if err == nil {
				s.Close()
				t.Fatalf("GIT_INDEX_FILE=%s: no error", index)
			}
			if want := "read git index: read " + index + ": not a regular file"; err.Error() != want {
				t.Errorf("GIT_INDEX_FILE=%s: error %q, want %q", index, err, want)
			}
		})
	}
}

// TestStagedOversizedBlobNotRead: a staged loose blob over the size limit
// is refused from its header: reading it costs nothing like its size
// (go-git's EncodedObject would inflate all of it first).
func TestStagedOversizedBlobNotRead(t *testing.T) {
	r := newRepo(t)
	r.Write("memory/MEMORY.md", goodIndex)
	const size = 64 << 20
	big := filepath.Join(t.TempDir(), "big.md")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, size); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("git", "hash-object", "-w", big)
	cmd.Dir = r.Dir
	cmd.Env = append(os.Environ(), r.Env...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	r.Git("add", "memory/MEMORY.md")
	r.Git("update-index", "--add", "--cacheinfo", "100644,"+strings.TrimSpace(string(out))+",memory/big.md")
	s, err := source.OpenStaged(r.Dir, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f, err := s.FS.Open("memory/big.md")
	if err != nil {
		t.Fatal(err)
	}
	info, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	n, _ := io.Copy(io.Discard, io.LimitReader(f, 1))
	f.Close()
	runtime.ReadMemStats(&after)
	if info.Size() <= lint.DefaultMaxFileSize || n != 0 {
		t.Errorf("size %d, %d bytes read; want a size over %d and nothing read", info.Size(), n, lint.DefaultMaxFileSize)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
		t.Errorf("reading the oversized blob allocated %d bytes; want under 4 MiB", alloc)
	}
}
