//go:build unix

package memory

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestDirFSNamesNotUTF8: discovery through DirFS finds a memory dir below
// a folder whose name is not UTF-8 (os.DirFS refuses to list it), and
// opens its files; the other rules of io/fs paths still hold.
func TestDirFSNamesNotUTF8(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "notes-\xff", "mem")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Skipf("this file system refuses the name: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, IndexName), []byte("- [A](a.md) — a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if found, err := FindDirs(os.DirFS(root), ".", nil); err != nil || len(found) != 0 {
		t.Fatalf("os.DirFS was expected to pass over the folder: %q, %v", found, err)
	}
	fsys := DirFS(root)
	found, err := FindDirs(fsys, ".", nil)
	if err != nil || !reflect.DeepEqual(found, []string{"notes-\xff/mem"}) {
		t.Fatalf("FindDirs(DirFS) = %q, %v", found, err)
	}
	if data, err := fs.ReadFile(fsys, "notes-\xff/mem/"+IndexName); err != nil || len(data) == 0 {
		t.Errorf("read through DirFS: %q, %v", data, err)
	}
	if info, err := fs.Stat(fsys, "notes-\xff/mem"); err != nil || !info.IsDir() {
		t.Errorf("stat through DirFS: %v, %v", info, err)
	}
	for _, bad := range []string{"notes-\xff/../..", "/notes-\xff", "notes-\xff//mem", "notes-\xff/./mem", "notes-\xff/"} {
		if _, err := fsys.Open(bad); err == nil {
			t.Errorf("Open(%q) succeeded: not a valid path", bad)
		}
		if ValidBytesPath(bad) {
			t.Errorf("ValidBytesPath(%q) = true", bad)
		}
	}
	if _, err := fs.ReadDir(fsys, "notes-\xff/gone"); err == nil {
		t.Errorf("ReadDir of a missing folder succeeded")
	}
}
