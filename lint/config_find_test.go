package lint

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestFindConfigStops checks where the walk for .memlint.yaml ends: at a
// git repository's top level, and outside one before a folder others may
// write to (a shared /tmp), so a file planted above is never used.
func TestFindConfigStops(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	root := t.TempDir()
	write := func(rel, text string) string {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	above := write("outer/.memlint.yaml", "ignore: ['**']\n")
	write("outer/repo/mem/MEMORY.md", "")
	if out, err := exec.Command("git", "init", "-q", filepath.Join(root, "outer", "repo")).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v: %s", err, out)
	}
	write("outer/plain/mem/MEMORY.md", "")
	write("shared/sub/mem/MEMORY.md", "")
	write("shared/.memlint.yaml", "ignore: ['**']\n")
	if err := os.Chmod(filepath.Join(root, "shared"), 0o777|os.ModeSticky); err != nil {
		t.Fatal(err)
	}
	inRepo := write("outer/repo/.memlint.yaml", "rules: {}\n")

	for _, tc := range []struct{ from, want string }{
		{"outer/repo/mem", inRepo},
		{"outer/plain/mem", above},
		{"shared/sub/mem", ""},
		{"shared", ""},
	} {
		got, err := findConfig(filepath.Join(root, tc.from))
		if err != nil || got != tc.want {
			t.Errorf("FindConfig(%s) = %q, %v; want %q", tc.from, got, err, tc.want)
		}
	}
	if err := os.Remove(inRepo); err != nil {
		t.Fatal(err)
	}
	if got, err := findConfig(filepath.Join(root, "outer/repo/mem")); err != nil || got != "" {
		t.Errorf("in the repository without its own file: got %q, %v; want none (not %s)", got, err, above)
	}

	// A symlinked .memlint.yaml is an error naming it, never followed.
	if err := os.Symlink(above, inRepo); err != nil {
		t.Fatal(err)
	}
	_, err := findConfig(filepath.Join(root, "outer/repo/mem"))
	if !errors.Is(err, ErrConfigSymlink) || err.Error() != inRepo+": "+ErrConfigSymlink.Error() {
		t.Errorf("symlinked config: got %v", err)
	}
}
