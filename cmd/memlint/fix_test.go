package main

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileAtomicKeepsModeAndContent(t *testing.T) {
	p := filepath.Join(t.TempDir(), "m.md")
	if err := os.WriteFile(p, []byte("old\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := writeFileAtomic(p, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	info, _ := os.Stat(p)
	if string(got) != "new\n" || info.Mode().Perm() != 0o640 {
		t.Errorf("content %q mode %v", got, info.Mode().Perm())
	}
}

// TestWriteFileAtomicFailureLeavesOriginal makes the final rename fail:
// the file keeps its old content and no temporary file is left behind.
func TestWriteFileAtomicFailureLeavesOriginal(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "m.md")
	if err := os.WriteFile(p, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rename = func(string, string) error { return errors.New("disk full") }
	defer func() { rename = os.Rename }()
	if err := writeFileAtomic(p, []byte("new\n")); err == nil {
		t.Fatal("the write must fail")
	}
	got, _ := os.ReadFile(p)
	if string(got) != "old\n" {
		t.Errorf("original changed to %q", got)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
}
