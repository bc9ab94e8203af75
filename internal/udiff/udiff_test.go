package udiff

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestUnifiedExact(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n"
	new := "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\n"
	want := `--- a/x.md
+++ b/x.md
@@ -1,4 +1,4 @@
 a
-b
+B
 c
 d
@@ -9,2 +9,3 @@
 i
 j
+k
`
	if got := Unified("a/x.md", "b/x.md", []byte(old), []byte(new), 2); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if got := Unified("a", "b", []byte(old), []byte(old), 3); got != "" {
		t.Errorf("equal texts give no diff, got %q", got)
	}
}

// TestUnifiedAppliesWithGit checks generated diffs with git apply, the
// strictest reader at hand.
func TestUnifiedAppliesWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cases := []struct{ old, new string }{
		{"x\n", "y\n"},
		{"", "new file content\n"},
		{"one\ntwo\nthree", "one\n2\nthree"}, // no final newline
		{"keep\n", "keep\nadded"},            // newline lost at the end
		{strings.Repeat("line\n", 30), "first\n" + strings.Repeat("line\n", 15) + "middle\n" + strings.Repeat("line\n", 15) + "last\n"},
		{"- [a](a.md)\n- [b](b.md)\n- [a](./a.md)\n", "- [a](a.md)\n- [b](b.md)\n"},
		{"a\nb\nc\n", "c\nb\na\n"},
	}
	for i, tc := range cases {
		dir := t.TempDir()
		p := filepath.Join(dir, "f.md")
		if err := os.WriteFile(p, []byte(tc.old), 0o644); err != nil {
			t.Fatal(err)
		}
		patch := Unified("a/f.md", "b/f.md", []byte(tc.old), []byte(tc.new), 3)
		cmd := exec.Command("git", "apply", "--unidiff-zero", "-")
		cmd.Dir = dir
		cmd.Stdin = strings.NewReader(patch)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("case %d: git apply: %v\n%s\npatch:\n%s", i, err, out, patch)
			continue
		}
		got, _ := os.ReadFile(p)
		if string(got) != tc.new {
			t.Errorf("case %d: applied patch gives %q, want %q\npatch:\n%s", i, got, tc.new, patch)
		}
	}
}
