//go:build unix

package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestStagedPlantedGitHead: `memlint --staged` in a repository whose
// .git/HEAD is a FIFO (go-git and git would wait for a writer forever) or
// a link to /dev/zero exits 2 at once with an error naming the file.
func TestStagedPlantedGitHead(t *testing.T) {
	for _, kind := range []string{"fifo", "zero"} {
		t.Run(kind, func(t *testing.T) {
			hostileHome(t)
			dir := t.TempDir()
			gitInit(t, dir)
			head := filepath.Join(dir, ".git", "HEAD")
			must(t, os.Remove(head))
			plant(t, head, kind)
			code, stdout, stderr := hostileRun(t, dir, "--staged")
			if want := "memlint: read the git repository: read " + head + ": not a regular file\n"; code != exitUsage || stdout != "" || stderr != want {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, nothing, %q", code, stdout, stderr, exitUsage, want)
			}
		})
	}
}
