//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/internal/gittest"
)

// TestRootsLeavingTheRepository: a committed .memlint.yaml whose roots
// name a symlink to a folder outside the repository (directly, or as the
// start of a glob) is refused with an error naming the root and where it
// leads (exit 2); nothing of the outside folder is linted or shown, and
// --fix leaves every file there byte-identical.
func TestRootsLeavingTheRepository(t *testing.T) {
	for _, tc := range []struct{ root, link string }{
		{"team", "team"},
		{"shared/*", "shared"},
	} {
		t.Run(tc.link, func(t *testing.T) {
			hostileHome(t)
			outside := t.TempDir()
			victim := filepath.Join(outside, "mem")
			if tc.link == "shared" {
				victim = filepath.Join(outside, "team", "mem")
			}
			must(t, os.MkdirAll(victim, 0o755))
			files := map[string]string{
				"MEMORY.md":           gittest.GoodIndex,
				"feedback_testing.md": gittest.GoodFeedback,
				// An orphan: --fix would add it to MEMORY.md.
				"outside_secret_topic.md": strings.Replace(gittest.GoodFeedback, "feedback-testing", "outside-secret-topic", 1),
			}
			for name, content := range files {
				must(t, os.WriteFile(filepath.Join(victim, name), []byte(content), 0o644))
			}
			dir := t.TempDir()
			gitInit(t, dir)
			must(t, os.WriteFile(filepath.Join(dir, ".memlint.yaml"), []byte("roots: [\""+tc.root+"\"]\n"), 0o644))
			must(t, os.Symlink(outside, filepath.Join(dir, tc.link)))
			for _, args := range [][]string{{"add", "."}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "planted"}} {
				cmd := exec.Command("git", args...)
				cmd.Dir = dir
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("git %v: %v\n%s", args, err, out)
				}
			}
			code, stdout, stderr := hostileRun(t, dir, "--fix")
			realOutside, err := filepath.EvalSymlinks(outside)
			must(t, err)
			realDir, err := filepath.EvalSymlinks(dir)
			must(t, err)
			want := "memlint: roots in .memlint.yaml: root \"" + tc.link + "\" leads to " + realOutside + ", outside " + realDir +
				": memlint lints no folder outside the repository through its configuration (name the folder on the command line to lint it)\n"
			if code != exitUsage || stdout != "" || stderr != want {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, nothing, %q", code, stdout, stderr, exitUsage, want)
			}
			if strings.Contains(stdout+stderr, "outside_secret_topic") {
				t.Errorf("the outside folder's files reached the output")
			}
			for name, content := range files {
				got, err := os.ReadFile(filepath.Join(victim, name))
				if err != nil || string(got) != content {
					t.Errorf("%s outside the repository changed (%v): %q", name, err, got)
				}
			}
			if entries, _ := os.ReadDir(victim); len(entries) != len(files) {
				t.Errorf("the outside folder holds %d entries, want %d", len(entries), len(files))
			}
		})
	}
}
