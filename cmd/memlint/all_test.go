package main

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/memlint/memlint/internal/claudecode"
)

// TestDecodeKey decodes project keys against real folders: one folder
// with the key is the answer; none, or two that share it, is "".
func TestDecodeKey(t *testing.T) {
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
