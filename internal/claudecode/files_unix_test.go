//go:build unix

package claudecode

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestClaudeFilesBounded: the settings and state files memlint reads for
// Claude Code (where memory lives, whether recall is on) are read only
// when they are regular files of bounded size. A FIFO, a link to
// /dev/zero or an oversized file is treated as absent, promptly; a
// symlink to a real file is followed, as dotfile managers make them.
func TestClaudeFilesBounded(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.json")
	if err := os.WriteFile(real, []byte(`{"autoMemoryDirectory":"/srv/memory","cachedGrowthBookFeatures":{"tengu_moth_copse":true}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	zero := filepath.Join(dir, "zero.json")
	link := filepath.Join(dir, "link.json")
	big := filepath.Join(dir, "big.json")
	for _, l := range [][2]string{{"/dev/zero", zero}, {real, link}} {
		if err := os.Symlink(l[0], l[1]); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"autoMemoryDirectory":"/srv/memory"}`)
	if err := f.Truncate(MaxStateSize + 1); err != nil { // sparse
		t.Fatal(err)
	}
	f.Close()

	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, c := range []struct {
			file string
			want bool
		}{{real, true}, {link, true}, {fifo, false}, {zero, false}, {big, false}} {
			_, gotDir := AutoMemoryDirectory(c.file)
			gotFlag := CachedRecallFlag(c.file)
			if gotDir != c.want || gotFlag != c.want {
				t.Errorf("%s: autoMemoryDirectory read %v, recall flag %v; want %v", filepath.Base(c.file), gotDir, gotFlag, c.want)
			}
			// The hook installer's editor reads through the same bound.
			if _, err := OpenSettings(c.file); (err == nil) != c.want {
				t.Errorf("%s: OpenSettings error %v; want one: %v", filepath.Base(c.file), err, !c.want)
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("reading a FIFO or device as a Claude Code file did not return")
	}
}
