package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/memlint/memlint/internal/claudecode"
)

// TestDecodeKey decodes project keys against real folders: one folder
// with the key is the answer; none, or two that share it, is "".
func TestDecodeKey(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("keys of POSIX paths")
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"src/.config/app", "src/my_app", "src/web-ui", "src/web/ui", "src/file.txt.d"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// A file with a folder's key is no project.
	if err := os.WriteFile(filepath.Join(root, "src", "my.app"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// A link to a folder is one.
	if err := os.Symlink(filepath.Join(root, "src", "my_app"), filepath.Join(root, "linked")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ dir, want string }{
		{"src/.config/app", "src/.config/app"},
		{"src/my_app", "src/my_app"},
		{"src/file.txt.d", "src/file.txt.d"},
		{"linked", "linked"},
		{"src/web-ui", ""}, // src/web/ui has the same key
		{"src/gone", ""},
		{"src", "src"},
	} {
		key := claudecode.ProjectKey(filepath.Join(root, tc.dir))
		want := ""
		if tc.want != "" {
			want = filepath.Join(root, tc.want)
		}
		if got := decodeKey(key); got != want {
			t.Errorf("decodeKey(%q) = %q, want %q", key, got, want)
		}
	}
	for _, key := range []string{"", "-", "--", "C--Users-me", "no-dash-first"} {
		if got := decodeKey(key); got != "" {
			t.Errorf("decodeKey(%q) = %q, want none", key, got)
		}
	}
}

// TestAllLinkedKeyNote: a key folder that is a symbolic link is named in
// the note with its control characters escaped, so that a name holding a
// newline cannot forge a line of memlint's own.
func TestAllLinkedKeyNote(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	home, outside := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, "projects"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outside, "MEMORY.md"), []byte("- [x](x.md) — gone\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(home, "projects", "-evil\nmemlint: forged")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("CLAUDE_CONFIG_DIR", home)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--all"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d; stdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	if strings.Contains(stderr.String(), "\nmemlint: forged") || !strings.Contains(stderr.String(), `-evil\nmemlint: forged is a symbolic link; not followed`) {
		t.Errorf("stderr:\n%s", stderr.String())
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout (nothing linted):\n%s", stdout.String())
	}
}
