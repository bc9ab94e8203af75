package hooks_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestPreCommitFramework runs memlint through the real pre-commit framework
// (`pre-commit try-repo`), built from this module by pre-commit's golang
// support from .pre-commit-hooks.yaml: bad staged memory fails the hook,
// good memory passes. .ci/run installs pre-commit and sets
// MEMLINT_REQUIRE_PRECOMMIT so that CI never skips this.
func TestPreCommitFramework(t *testing.T) {
	t.Parallel()
	lab := newPreCommitLab(t)
	r := newRepo(t)
	r.Env = append(r.Env, lab.env...)
	tryRepo := func() (string, error) {
		cmd := exec.Command("pre-commit", "try-repo", lab.hookRepo, "memlint")
		cmd.Dir = r.Dir
		cmd.Env = append(os.Environ(), r.Env...)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}

	r.Write(".memlint.yaml", previewConfig) // memory-type, which fails the hook, is a preview rule
	r.Write(".claude/memory/MEMORY.md", goodIndex)
	r.Write(".claude/memory/feedback_testing.md", badFeedback)
	r.Git("add", ".")
	out, err := tryRepo()
	if err == nil || !strings.Contains(out, "memory-type") || !strings.Contains(out, "Failed") {
		t.Fatalf("bad staged memory must fail the hook (err=%v):\n%s", err, out)
	}

	r.Write(".claude/memory/feedback_testing.md", goodFeedback)
	r.Git("add", ".")
	if out, err := tryRepo(); err != nil || !strings.Contains(out, "Passed") {
		t.Fatalf("good staged memory must pass (err=%v):\n%s", err, out)
	}
}

// TestPreCommitFiles commits through hooks installed by `pre-commit
// install`, with each hook id, a change to one file memlint reads that
// is not a memory file: the hook's files pattern must let it run (not
// "(no files to check) Skipped") and memlint must fail the commit.
// memlint-system runs the memlint on PATH.
func TestPreCommitFiles(t *testing.T) {
	t.Parallel()
	lab := newPreCommitLab(t)
	bin := memlintBinary(t)
	cases := []struct {
		name, file, content, want string
	}{
		{"settings", ".claude/settings.json", `{"autoMemoryDirectory": "~/.ssh"}` + "\n", "[settings-memory-directory]"},
		{"config", ".memlint.yaml", "rules: [\n", ".memlint.yaml (staged):1: invalid YAML"},
		{"baseline", ".memlint-baseline.json", "nope\n", ".memlint-baseline.json:1: invalid baseline"},
	}
	for _, id := range []string{"memlint", "memlint-system"} {
		for _, tc := range cases {
			t.Run(id+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				r := newRepo(t)
				r.Env = append(r.Env, lab.env...)
				if id == "memlint-system" {
					// No memlint on PATH but the one built here.
					r.Env = append(r.Env, "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
				}
				r.Write(".pre-commit-config.yaml", "repos:\n  - repo: "+lab.hookRepo+"\n    rev: "+lab.rev+"\n    hooks:\n      - id: "+id+"\n")
				if tc.name == "settings" {
					r.Write(".memlint.yaml", previewConfig) // settings-memory-directory is a preview rule
				}
				r.Git("add", ".")
				r.Git("commit", "-q", "--no-verify", "-m", "pre-commit config")
				lab.run(t, r, "install")

				r.Write(tc.file, tc.content)
				r.Git("add", ".")
				ok, out := r.commit(r.Dir, "-m", "only "+tc.file)
				if ok || strings.Contains(out, "Skipped") || !strings.Contains(out, "Failed") || !strings.Contains(out, tc.want) {
					t.Fatalf("a commit of only %s must run the hook and fail with %q (committed=%v):\n%s", tc.file, tc.want, ok, out)
				}
			})
		}
	}
}

// preCommitLab is what the tests with the real pre-commit share: this
// module as a hook repository and the environment pre-commit runs in.
type preCommitLab struct {
	hookRepo, rev string
	env           []string
}

// The lab is made once for the package's tests: the module is
// snapshotted, and pre-commit clones it and builds the hook, once for
// all. labDir holds it; TestMain removes it.
var (
	labOnce sync.Once
	lab     *preCommitLab
	labErr  string // why the lab could not be made: every test fails with it
	labDir  string
)

// newPreCommitLab skips the test without pre-commit (fails it when
// MEMLINT_REQUIRE_PRECOMMIT is set) and returns the lab, made on first
// use. Its tests may run in parallel: pre-commit locks its home while it
// clones and builds.
func newPreCommitLab(t *testing.T) *preCommitLab {
	t.Helper()
	if testing.Short() {
		t.Skip("builds memlint through pre-commit")
	}
	if _, err := exec.LookPath("pre-commit"); err != nil {
		if os.Getenv("MEMLINT_REQUIRE_PRECOMMIT") != "" {
			t.Fatal("pre-commit is not installed (Debian package pre-commit)")
		}
		t.Skip("pre-commit is not installed")
	}
	labOnce.Do(func() { lab, labErr = makePreCommitLab() })
	if labErr != "" {
		t.Fatal(labErr)
	}
	return lab
}

// makePreCommitLab snapshots the module into labDir and sets up the
// environment pre-commit runs in.
func makePreCommitLab() (*preCommitLab, string) {
	dir, err := os.MkdirTemp("", "memlint-precommit-")
	if err != nil {
		return nil, err.Error()
	}
	labDir = dir
	hookRepo, err := snapshotModule(dir)
	if err != nil {
		return nil, err.Error()
	}
	goenv, err := exec.Command("go", "env", "GOMODCACHE", "GOCACHE").Output()
	if err != nil {
		return nil, fmt.Sprintf("go env: %v", err)
	}
	caches := strings.Fields(string(goenv))
	rev, err := exec.Command("git", "-C", hookRepo, "rev-parse", "HEAD").Output()
	if err != nil {
		return nil, fmt.Sprintf("git rev-parse: %v", err)
	}
	return &preCommitLab{hookRepo: hookRepo, rev: strings.TrimSpace(string(rev)), env: []string{
		// One pre-commit home for the tests: the hook is built once.
		"PRE_COMMIT_HOME=" + filepath.Join(dir, "pre-commit"),
		// Reuse the downloaded modules and the build cache: the test
		// checks the hook, not how fast pre-commit compiles.
		"GOMODCACHE=" + caches[0], "GOCACHE=" + caches[1],
		"GOFLAGS=-mod=mod", "GOTOOLCHAIN=local",
	}}, ""
}

// run runs pre-commit with args in r and fails the test if it fails.
func (l *preCommitLab) run(t *testing.T, r *gitRepo, args ...string) {
	t.Helper()
	cmd := exec.Command("pre-commit", args...)
	cmd.Dir = r.Dir
	cmd.Env = append(os.Environ(), r.Env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pre-commit %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// snapshotModule commits the module as it is on disk (tracked and
// untracked files, not ignored ones) into a fresh repository in dir:
// pre-commit clones hook repositories from their commits.
func snapshotModule(dir string) (string, error) {
	root, err := filepath.Abs("..")
	if err != nil {
		return "", err
	}
	list := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	list.Dir = root
	names, err := list.Output()
	if err != nil {
		return "", fmt.Errorf("the module is not a git checkout: %v", err)
	}
	dst := filepath.Join(dir, "memlint")
	for _, name := range bytes.Split(names, []byte{0}) {
		if len(name) == 0 {
			continue
		}
		src := filepath.Join(root, string(name))
		info, err := os.Lstat(src)
		if err != nil || !info.Mode().IsRegular() {
			continue // deleted in the working tree, or a symlink fixture
		}
		data, err := os.ReadFile(src)
		if err != nil {
			return "", err
		}
		p := filepath.Join(dst, string(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(p, data, info.Mode().Perm()); err != nil {
			return "", err
		}
	}
	home := filepath.Join(dir, "home")
	env := append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+filepath.Join(home, "gitconfig"),
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "--no-verify", "-m", "snapshot"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dst, env
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	return dst, nil
}
