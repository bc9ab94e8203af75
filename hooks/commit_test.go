package hooks_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var (
	buildOnce   sync.Once
	memlintPath string
	buildErr    error
)

// memlintBinary builds cmd/memlint once for the tests that run real git
// commits through a pre-commit hook.
func memlintBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "memlint-bin-")
		if err != nil {
			buildErr = err
			return
		}
		memlintPath = filepath.Join(dir, "memlint")
		out, err := exec.Command("go", "build", "-o", memlintPath, "../cmd/memlint").CombinedOutput()
		if err != nil {
			buildErr = err
			t.Logf("%s", out)
		}
	})
	if buildErr != nil {
		t.Fatalf("build memlint: %v", buildErr)
	}
	return memlintPath
}

// withHook gives the repository (or the git dir gitDir, for submodules
// and worktrees sharing hooks) a pre-commit hook that runs memlint the way
// the installed shim does.
func (r *gitRepo) withHook(hooksDir string) {
	r.T.Helper()
	bin := memlintBinary(r.T)
	if err := os.MkdirAll(hooksDir, 0o755); err != nil {
		r.T.Fatal(err)
	}
	hook := "#!/bin/sh\nexec '" + bin + "' hooks run pre-commit\n"
	if err := os.WriteFile(filepath.Join(hooksDir, "pre-commit"), []byte(hook), 0o755); err != nil {
		r.T.Fatal(err)
	}
}

// commit runs git commit and reports whether it succeeded, with output.
func (r *gitRepo) commit(dir string, args ...string) (bool, string) {
	r.T.Helper()
	cmd := exec.Command("git", append([]string{"commit", "-q"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), r.Env...)
	out, err := cmd.CombinedOutput()
	return err == nil, string(out)
}

// committedMemory makes a repository with a good memory dir and a
// .memlint.yaml that runs every rule (previewConfig; the hook reads the
// one the commit holds) committed, and the hook installed.
func committedMemory(t *testing.T) *gitRepo {
	r := newRepo(t)
	r.Write(".memlint.yaml", previewConfig)
	r.Write(".claude/memory/MEMORY.md", goodIndex+"- [Plan](project_plan.md) — release plan\n")
	r.Write(".claude/memory/feedback_testing.md", goodFeedback)
	r.Write(".claude/memory/project_plan.md", "---\nname: project-plan\ndescription: The release plan for the auth rewrite and its legal deadline\ntype: project\n---\n\nShip on 2026-03-05.\n\n**Why:** legal deadline.\n**How to apply:** freeze auth/ after 2026-02-20.\n")
	r.Write("README.md", "# project\n")
	r.Git("add", ".")
	r.Git("commit", "-q", "--no-verify", "-m", "first")
	r.withHook(filepath.Join(r.Dir, ".git", "hooks"))
	return r
}

func TestCommitStagedBadWorktreeGood(t *testing.T) {
	t.Parallel()
	r := committedMemory(t)
	r.Write(".claude/memory/feedback_testing.md", badFeedback)
	r.Git("add", ".")
	r.Write(".claude/memory/feedback_testing.md", goodFeedback)
	ok, out := r.commit(r.Dir, "-m", "bad staged")
	if ok || !strings.Contains(out, "memory-type") {
		t.Fatalf("the commit of bad memory must be blocked:\n%s", out)
	}
	// The hook never touches the index or the working tree.
	if st := r.Git("status", "--porcelain"); !strings.Contains(st, "MM .claude/memory/feedback_testing.md") {
		t.Errorf("index or working tree changed by the hook: %q", st)
	}
}

func TestCommitStagedGoodWorktreeBad(t *testing.T) {
	t.Parallel()
	r := committedMemory(t)
	r.Write(".claude/memory/feedback_testing.md", strings.Replace(goodFeedback, "Use a real", "Always use a real", 1))
	r.Git("add", ".")
	r.Write(".claude/memory/feedback_testing.md", badFeedback)
	if ok, out := r.commit(r.Dir, "-m", "good staged"); !ok {
		t.Fatalf("good staged memory must commit, whatever the working tree holds:\n%s", out)
	}
}

func TestCommitAll(t *testing.T) {
	t.Parallel()
	// git commit -a stages tracked changes into a temporary index.
	r := committedMemory(t)
	r.Write(".claude/memory/feedback_testing.md", badFeedback)
	if ok, out := r.commit(r.Dir, "-a", "-m", "all"); ok || !strings.Contains(out, "memory-type") {
		t.Fatalf("git commit -a of bad memory must be blocked:\n%s", out)
	}
}

func TestCommitPaths(t *testing.T) {
	t.Parallel()
	// git commit <paths> commits those paths as they are in the working
	// tree, through a temporary index holding only them.
	r := committedMemory(t)
	r.Write(".claude/memory/feedback_testing.md", badFeedback)
	r.Write("README.md", "# project, edited\n")
	if ok, out := r.commit(r.Dir, "-m", "readme only", "README.md"); !ok {
		t.Fatalf("committing README.md alone must pass; the bad memory is not part of it:\n%s", out)
	}
	if ok, out := r.commit(r.Dir, "-m", "memory", ".claude/memory/feedback_testing.md"); ok || !strings.Contains(out, "memory-type") {
		t.Fatalf("git commit <path> of bad memory must be blocked:\n%s", out)
	}
}

func TestCommitDeletedTopicStillLinked(t *testing.T) {
	t.Parallel()
	r := committedMemory(t)
	r.Git("rm", "-q", ".claude/memory/project_plan.md")
	if ok, out := r.commit(r.Dir, "-m", "drop plan"); ok || !strings.Contains(out, "index-dangling-link") {
		t.Fatalf("deleting a memory the index still links must be blocked:\n%s", out)
	}
}

func TestCommitInLinkedWorktree(t *testing.T) {
	t.Parallel()
	r := committedMemory(t)
	wt := filepath.Join(filepath.Dir(r.Dir), "linked")
	r.Git("worktree", "add", "-q", "-b", "side", wt)
	if err := os.WriteFile(filepath.Join(wt, ".claude", "memory", "feedback_testing.md"), []byte(badFeedback), 0o644); err != nil {
		t.Fatal(err)
	}
	r.GitIn(wt, "add", ".")
	if ok, out := r.commit(wt, "-m", "bad in worktree"); ok || !strings.Contains(out, "memory-type") {
		t.Fatalf("a bad commit in a linked worktree must be blocked:\n%s", out)
	}
}

func TestCommitInSubmodule(t *testing.T) {
	t.Parallel()
	sub := newRepo(t)
	sub.Write(".memlint.yaml", previewConfig)
	sub.Write("memory/MEMORY.md", goodIndex)
	sub.Write("memory/feedback_testing.md", goodFeedback)
	sub.Git("add", ".")
	sub.Git("commit", "-q", "--no-verify", "-m", "sub")
	r := newRepo(t)
	r.Write("README.md", "# super\n")
	r.Git("add", ".")
	r.Git("commit", "-q", "--no-verify", "-m", "first")
	r.Git("-c", "protocol.file.allow=always", "submodule", "add", "-q", sub.Dir, "sub")
	r.Git("commit", "-q", "--no-verify", "-m", "add sub")
	subDir := filepath.Join(r.Dir, "sub")
	gitDir := strings.TrimSpace(r.GitIn(subDir, "rev-parse", "--absolute-git-dir"))
	r.withHook(filepath.Join(gitDir, "hooks"))
	if err := os.WriteFile(filepath.Join(subDir, "memory", "feedback_testing.md"), []byte(badFeedback), 0o644); err != nil {
		t.Fatal(err)
	}
	r.GitIn(subDir, "add", ".")
	if ok, out := r.commit(subDir, "-m", "bad in submodule"); ok || !strings.Contains(out, "memory-type") {
		t.Fatalf("a bad commit in a submodule must be blocked:\n%s", out)
	}
}
