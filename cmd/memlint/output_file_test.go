package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteReportFileThroughLink: --output names a symbolic link, and the
// report goes where it points, the link staying a link, as with a shell's >.
func TestWriteReportFileThroughLink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "reports", "memlint.json")
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "report.json")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("cannot make symbolic links here:", err)
	}
	if err := writeReportFile(link, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); string(got) != "new\n" {
		t.Errorf("target holds %q", got)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v, %v", info, err)
	}
	if info, err := os.Stat(target); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("target mode %v, %v; want 0600 kept", info.Mode().Perm(), err)
	}
}
