package claude

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestLookAbsolute: the version probe runs a claude only from an absolute
// PATH entry, and only one that can be run.
func TestLookAbsolute(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows has no executable bit; PATHEXT names the programs")
	}
	dir := t.TempDir()
	plain, exe := filepath.Join(dir, "plain"), filepath.Join(dir, "exe")
	for _, d := range []string{plain, exe} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(plain, "claude"), []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(exe, "claude"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, tc := range []struct{ path, want string }{
		{"exe" + string(os.PathListSeparator) + plain, ""}, // relative, then not executable
		{plain + string(os.PathListSeparator) + exe, filepath.Join(exe, "claude")},
		{"", ""},
	} {
		got, err := lookAbsolute("claude", tc.path)
		if got != tc.want || (tc.want == "") != (err != nil) {
			t.Errorf("lookAbsolute(%q) = %q, %v; want %q", tc.path, got, err, tc.want)
		}
	}
}
