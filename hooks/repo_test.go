package hooks_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gitRepo is a throwaway repository; git runs with no user or system
// configuration of the machine.
type gitRepo struct {
	t   *testing.T
	dir string
	env []string
}

func newRepo(t *testing.T, initArgs ...string) *gitRepo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	home := t.TempDir()
	r := &gitRepo{t: t, dir: filepath.Join(t.TempDir(), "repo"), env: []string{
		"HOME=" + home, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=" + filepath.Join(home, "gitconfig"),
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
	}}
	if err := os.MkdirAll(r.dir, 0o755); err != nil {
		t.Fatal(err)
	}
	r.git(append([]string{"init", "-q", "-b", "main"}, initArgs...)...)
	return r
}

// git runs a git command in the repository and returns its output.
func (r *gitRepo) git(args ...string) string {
	r.t.Helper()
	return r.gitIn(r.dir, args...)
}

func (r *gitRepo) gitIn(dir string, args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), r.env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (r *gitRepo) write(rel, content string) {
	r.t.Helper()
	p := filepath.Join(r.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

const (
	goodIndex    = "- [Testing](feedback_testing.md) — integration tests hit a real database\n"
	goodFeedback = "---\nname: feedback-testing\ndescription: Integration tests must hit a real database, not mocks\ntype: feedback\n---\n\nUse a real database.\n\n**Why:** mocks hid a broken migration.\n**How to apply:** every change under db/.\n"
	badFeedback  = "---\nname: feedback-testing\ndescription: Integration tests must hit a real database, not mocks\ntype: Feedback\n---\n\nUse a real database.\n"
)
