// Package gittest makes throwaway git repositories for tests that need
// real git: the staged-content reader's and the hooks' tests.
package gittest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Repo is a throwaway repository; git runs with no user or system
// configuration of the machine.
type Repo struct {
	T   testing.TB
	Dir string
	// Env is what git runs with on top of the test's environment.
	Env []string
}

// New makes an empty repository, on branch main, in a temporary folder;
// initArgs go to git init. It skips the test when git is not installed.
func New(t testing.TB, initArgs ...string) *Repo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	home := t.TempDir()
	r := &Repo{T: t, Dir: filepath.Join(t.TempDir(), "repo"), Env: []string{
		"HOME=" + home, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=" + filepath.Join(home, "gitconfig"),
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
	}}
	if err := os.MkdirAll(r.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	r.Git(append([]string{"init", "-q", "-b", "main"}, initArgs...)...)
	return r
}

// Git runs a git command in the repository and returns its output.
func (r *Repo) Git(args ...string) string {
	r.T.Helper()
	return r.GitIn(r.Dir, args...)
}

// GitIn runs a git command in dir and returns its output.
func (r *Repo) GitIn(dir string, args ...string) string {
	r.T.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), r.Env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.T.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// Write writes a file of the work tree, rel a slash path.
func (r *Repo) Write(rel, content string) {
	r.T.Helper()
	p := filepath.Join(r.Dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.T.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		r.T.Fatal(err)
	}
}

// A memory the tests commit: an index entry and its topic file, and the
// topic file with an error (type: Feedback, capitalised).
const (
	GoodIndex    = "- [Testing](feedback_testing.md) — integration tests hit a real database\n"
	GoodFeedback = "---\nname: feedback-testing\ndescription: Integration tests must hit a real database, not mocks\ntype: feedback\n---\n\nUse a real database.\n\n**Why:** mocks hid a broken migration.\n**How to apply:** every change under db/.\n"
	BadFeedback  = "---\nname: feedback-testing\ndescription: Integration tests must hit a real database, not mocks\ntype: Feedback\n---\n\nUse a real database.\n"
)
