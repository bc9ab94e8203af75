//go:build unix

package source_test

import (
	"io"
	"io/fs"
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
	"github.com/memlint/memlint/lint/memory"
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

// TestStagedGitFilesNotRegular: a planted repository whose HEAD, branch
// ref, config, packed-refs or objects/info/alternates is a FIFO (go-git or
// git would wait for a writer forever) or a link to /dev/zero (read
// forever) is refused at once, with an error naming the file.
func TestStagedGitFilesNotRegular(t *testing.T) {
	for _, rel := range []string{"HEAD", "refs/heads/main", "config", "packed-refs", "objects/info/alternates"} {
		for _, kind := range []string{"fifo", "zero"} {
			t.Run(rel+"/"+kind, func(t *testing.T) {
				r := newRepo(t)
				r.Write("memory/MEMORY.md", goodIndex)
				r.Git("add", ".")
				r.Git("commit", "-q", "-m", "one")
				r.Git("symbolic-ref", "HEAD", "refs/heads/main")
				r.Git("update-ref", "refs/heads/main", "HEAD@{0}")
				file := filepath.Join(r.Dir, ".git", filepath.FromSlash(rel))
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Remove(file); err != nil && !os.IsNotExist(err) {
					t.Fatal(err)
				}
				if kind == "fifo" {
					if err := syscall.Mkfifo(file, 0o644); err != nil {
						t.Fatal(err)
					}
				} else if err := os.Symlink("/dev/zero", file); err != nil {
					t.Fatal(err)
				}
				hostiletest.Within(t, 10*time.Second, func() {
					s, err := source.OpenStaged(r.Dir, func(string) string { return "" })
					if err == nil {
						s.Close()
						t.Fatal("no error")
					}
					if want := "read the git repository: read " + file + ": not a regular file"; err.Error() != want {
						t.Errorf("error %q, want %q", err, want)
					}
				})
			})
		}
	}
}

// TestStagedConfigCap: a staged .memlint.yaml over lint.MaxConfigSize is
// refused as the one on disk is (read config: … too large), not read with
// the memory files' 8 MiB cap.
func TestStagedConfigCap(t *testing.T) {
	r := newRepo(t)
	r.Write("memory/MEMORY.md", goodIndex)
	r.Write(".memlint.yaml", "# padding\n"+strings.Repeat("#", 2<<20)+"\n")
	r.Git("add", ".")
	s, err := source.OpenStaged(r.Dir, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = lint.ResolveConfig(&source.Index{Staged: s}, r.Dir, "", nil)
	want := "read config: read " + filepath.Join(r.Dir, ".memlint.yaml") + " (staged): too large: larger than 1048576 bytes"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// TestStagedOversizedBlobNotRead: a staged loose blob over the size limit
// is refused from its header: reading it costs nothing like its size
// (go-git's EncodedObject would inflate all of it first).
func TestStagedOversizedBlobNotRead(t *testing.T) {
	r := newRepo(t)
	r.Write("memory/MEMORY.md", goodIndex)
	hash := writeSparseBlob(t, r, r.Dir)
	r.Git("add", "memory/MEMORY.md")
	r.Git("update-index", "--add", "--cacheinfo", "100644,"+hash+",memory/big.md")
	assertBlobNotRead(t, r.Dir, "memory/big.md")
}

// TestStagedOversizedAlternateBlobNotRead: the same for a blob only an
// alternate object store holds (objects/info/alternates, as `git clone
// --shared` writes it): go-git's own fallback to alternates would load it
// whole.
func TestStagedOversizedAlternateBlobNotRead(t *testing.T) {
	shared := newRepo(t)
	hash := writeSparseBlob(t, shared, shared.Dir)
	r := newRepo(t)
	r.Write("memory/MEMORY.md", goodIndex)
	alternates := filepath.Join(r.Dir, ".git", "objects", "info", "alternates")
	if err := os.MkdirAll(filepath.Dir(alternates), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(alternates, []byte(filepath.Join(shared.Dir, ".git", "objects")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r.Git("add", "memory/MEMORY.md")
	r.Git("update-index", "--add", "--cacheinfo", "100644,"+hash+",memory/big.md")
	if _, err := os.Stat(filepath.Join(r.Dir, ".git", "objects", hash[:2], hash[2:])); !os.IsNotExist(err) {
		t.Fatalf("the blob is in the repository's own store (%v); the test needs it only in the alternate", err)
	}
	assertBlobNotRead(t, r.Dir, "memory/big.md")
}

// writeSparseBlob writes a 64 MB blob of zeros into r's object store as a
// loose object and returns its name.
func writeSparseBlob(t *testing.T, r *gitRepo, dir string) string {
	t.Helper()
	const size = 64 << 20
	big := filepath.Join(t.TempDir(), "big.md")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, size); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("git", "hash-object", "-w", big)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), r.Env...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}

// assertBlobNotRead opens the staged file p of the repository at dir and
// checks it is reported over the size limit with nothing read, and that
// doing so allocated under 4 MiB.
func assertBlobNotRead(t *testing.T, dir, p string) {
	t.Helper()
	s, err := source.OpenStaged(dir, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f, err := s.FS.Open(p)
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
	if info.Size() <= memory.DefaultMaxFileSize || n != 0 {
		t.Errorf("size %d, %d bytes read; want a size over %d and nothing read", info.Size(), n, memory.DefaultMaxFileSize)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
		t.Errorf("reading the oversized blob allocated %d bytes; want under 4 MiB", alloc)
	}
}

// TestStagedSharedCloneReadsAlternates: in a `git clone --shared` every
// blob lives in the origin's object store only; memlint's own alternates
// lookup reads them (a blob under the cap, whole and unchanged).
func TestStagedSharedCloneReadsAlternates(t *testing.T) {
	origin := newRepo(t)
	origin.Write("memory/MEMORY.md", goodIndex)
	origin.Write("memory/feedback_testing.md", goodFeedback)
	origin.Git("add", ".")
	origin.Git("commit", "-q", "-m", "one")
	clone := filepath.Join(t.TempDir(), "clone")
	origin.Git("clone", "-q", "--shared", origin.Dir, clone)
	if b, err := os.ReadFile(filepath.Join(clone, ".git", "objects", "info", "alternates")); err != nil || len(b) == 0 {
		t.Fatalf("the clone has no alternates (%v)", err)
	}
	s, err := source.OpenStaged(clone, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for p, want := range map[string]string{"memory/MEMORY.md": goodIndex, "memory/feedback_testing.md": goodFeedback} {
		got, err := fs.ReadFile(s.FS, p)
		if err != nil || string(got) != want {
			t.Errorf("%s: %q (%v), want %q", p, got, err, want)
		}
	}
}
