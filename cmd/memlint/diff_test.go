package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestUnifiedDiffExact(t *testing.T) {
	t.Parallel()
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n"
	new := "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n"
	want := `--- a/x.md
+++ b/x.md
@@ -1,5 +1,5 @@
 a
-b
+B
 c
 d
 e
@@ -10,3 +10,4 @@
 j
 k
 l
+m
`
	if got := unifiedDiff("x.md", []byte(old), []byte(new)); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if got := unifiedDiff("x.md", []byte(old), []byte(old)); got != "" {
		t.Errorf("equal texts give no diff, got %q", got)
	}
}

// TestUnifiedDiffApplies checks generated diffs with git apply, the
// strictest reader at hand, and with patch -p1 when it is installed.
func TestUnifiedDiffApplies(t *testing.T) {
	cases := []struct{ old, new string }{
		{"x\n", "y\n"},
		{"", "new file content\n"},
		{"one\ntwo\nthree", "one\n2\nthree"}, // no final newline
		{"keep\n", "keep\nadded"},            // newline lost at the end
		{"keep", "keep\n"},                   // newline added at the end
		{strings.Repeat("line\n", 30), "first\n" + strings.Repeat("line\n", 15) + "middle\n" + strings.Repeat("line\n", 15) + "last\n"},
		{"- [a](a.md)\n- [b](b.md)\n- [a](./a.md)\n", "- [a](a.md)\n- [b](b.md)\n"},
		{"a\nb\nc\n", "c\nb\na\n"},
		{"a\nb\nc\n", ""},
	}
	tools := [][]string{{"git", "apply", "--unidiff-zero", "-"}, {"patch", "-s", "-p1"}}
	ran := 0
	for _, tool := range tools {
		if _, err := exec.LookPath(tool[0]); err != nil {
			continue
		}
		ran++
		for i, tc := range cases {
			dir := t.TempDir()
			p := filepath.Join(dir, "f.md")
			if err := os.WriteFile(p, []byte(tc.old), 0o644); err != nil {
				t.Fatal(err)
			}
			patch := unifiedDiff("f.md", []byte(tc.old), []byte(tc.new))
			cmd := exec.Command(tool[0], tool[1:]...)
			cmd.Dir = dir
			cmd.Stdin = strings.NewReader(patch)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("case %d: %s: %v\n%s\npatch:\n%s", i, tool[0], err, out, patch)
				continue
			}
			got, err := os.ReadFile(p)
			if err != nil && !(tc.new == "" && os.IsNotExist(err)) { // patch removes a file it empties
				t.Fatal(err)
			}
			if string(got) != tc.new {
				t.Errorf("case %d: %s applies the patch as %q, want %q\npatch:\n%s", i, tool[0], got, tc.new, patch)
			}
		}
	}
	if ran == 0 {
		t.Skip("neither git nor patch is installed")
	}
}

// BenchmarkFixDiff20k diffs a 20,000-line file with 1,000 lines changed
// and 40 deleted, scattered, as --diff does for a fix that touches it. It
// measures; it asserts nothing about time. The shortest-edit-script diff
// memlint had before (internal/udiff) took 2.9 s and 1.3 GB here.
func BenchmarkFixDiff20k(b *testing.B) {
	var old, new strings.Builder
	for i := range 20_000 {
		line := fmt.Sprintf("- [Note %d](note_%d.md) — what happened on step %d\n", i, i, i)
		old.WriteString(line)
		switch {
		case i%20 == 7:
			new.WriteString(strings.ToUpper(line))
		case i%500 == 11:
		default:
			new.WriteString(line)
		}
	}
	a, c := []byte(old.String()), []byte(new.String())
	if unifiedDiff("x.md", a, c) == "" {
		b.Fatal("no diff: the benchmark would measure nothing")
	}
	b.ReportAllocs()
	for b.Loop() {
		unifiedDiff("x.md", a, c)
	}
}
