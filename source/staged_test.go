package source_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
	"github.com/memlint/memlint/source"
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

// lintStaged lints what the index holds, as the pre-commit hook does, with
// env (GIT_INDEX_FILE, GIT_DIR) as git would set it, and returns the
// findings as "path rule" strings.
func lintStaged(t *testing.T, cwd string, env map[string]string) []string {
	t.Helper()
	got, _ := lintStagedVia(t, cwd, env)
	return got
}

// lintStagedVia is lintStaged that also says why the git command line
// read the repository ("" when go-git and memlint's index reader did).
func lintStagedVia(t *testing.T, cwd string, env map[string]string) ([]string, string) {
	t.Helper()
	s, err := source.OpenStaged(cwd, func(k string) string { return env[k] })
	if err != nil {
		t.Fatalf("OpenStaged: %v", err)
	}
	defer s.Close()
	dirs, earlier, err := s.ChangedMemoryDirs(nil)
	if err != nil {
		t.Fatalf("ChangedMemoryDirs: %v", err)
	}
	l := &lint.Linter{Registry: rules.Registry(), Root: s.Root, Earlier: earlier, Now: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)}
	res, err := l.Lint(s.FS, dirs)
	if err != nil {
		t.Fatalf("Lint: %v", err)
	}
	out := []string{}
	for _, d := range res.Diagnostics {
		out = append(out, d.Path+" "+d.Rule)
	}
	sort.Strings(out)
	return out, s.Fallback
}

func has(list []string, want string) bool {
	for _, s := range list {
		if s == want {
			return true
		}
	}
	return false
}

func TestStagedBadWorktreeGood(t *testing.T) {
	r := newRepo(t)
	r.write(".claude/memory/MEMORY.md", goodIndex)
	r.write(".claude/memory/feedback_testing.md", badFeedback)
	r.git("add", ".")
	r.write(".claude/memory/feedback_testing.md", goodFeedback) // fixed, but not staged
	got := lintStaged(t, r.dir, nil)
	if !has(got, ".claude/memory/feedback_testing.md memory-type") {
		t.Errorf("the staged (bad) content must be linted, got %v", got)
	}
}

func TestStagedGoodWorktreeBad(t *testing.T) {
	r := newRepo(t)
	r.write(".claude/memory/MEMORY.md", goodIndex)
	r.write(".claude/memory/feedback_testing.md", goodFeedback)
	r.git("add", ".")
	r.write(".claude/memory/feedback_testing.md", badFeedback) // broken, but not staged
	r.write(".claude/memory/notes.md", "not staged at all\n")
	if got := lintStaged(t, r.dir, nil); len(got) != 0 {
		t.Errorf("unstaged edits must neither hide nor cause findings, got %v", got)
	}
}

func TestStagedOnlyChangedDirs(t *testing.T) {
	r := newRepo(t)
	r.write("a/memory/MEMORY.md", goodIndex)
	r.write("a/memory/feedback_testing.md", badFeedback)
	r.write("b/memory/MEMORY.md", goodIndex)
	r.write("b/memory/feedback_testing.md", goodFeedback)
	r.git("add", ".")
	r.git("commit", "-q", "--no-verify", "-m", "first")
	r.write("b/memory/feedback_testing.md", strings.Replace(goodFeedback, "Use a real", "Use a real, local", 1))
	r.git("add", ".")
	if got := lintStaged(t, r.dir, nil); len(got) != 0 {
		t.Errorf("a/memory has no staged change and must not be linted, got %v", got)
	}
}

func TestStagedFirstCommit(t *testing.T) {
	r := newRepo(t)
	r.write("memory/MEMORY.md", goodIndex+"- [Gone](project_gone.md) — missing\n")
	r.write("memory/feedback_testing.md", goodFeedback)
	r.git("add", ".")
	if got := lintStaged(t, r.dir, nil); !has(got, "memory/MEMORY.md index-dangling-link") {
		t.Errorf("with an unborn HEAD every staged file counts as added, got %v", got)
	}
}

func TestStagedDeletedTopicStillLinked(t *testing.T) {
	r := newRepo(t)
	r.write("memory/MEMORY.md", goodIndex)
	r.write("memory/feedback_testing.md", goodFeedback)
	r.git("add", ".")
	r.git("commit", "-q", "--no-verify", "-m", "first")
	r.git("rm", "-q", "memory/feedback_testing.md")
	if got := lintStaged(t, r.dir, nil); !has(got, "memory/MEMORY.md index-dangling-link") {
		t.Errorf("deleting a linked topic file must be caught, got %v", got)
	}
}

func TestStagedRename(t *testing.T) {
	r := newRepo(t)
	r.write("memory/MEMORY.md", goodIndex)
	r.write("memory/feedback_testing.md", goodFeedback)
	r.git("add", ".")
	r.git("commit", "-q", "--no-verify", "-m", "first")
	r.git("mv", "memory/feedback_testing.md", "memory/feedback_tests.md")
	got := lintStaged(t, r.dir, nil)
	if !has(got, "memory/MEMORY.md index-dangling-link") || !has(got, "memory/feedback_tests.md orphan-memory") {
		t.Errorf("a rename without updating the index must be caught, got %v", got)
	}
}

func TestStagedAlternateIndexFile(t *testing.T) {
	// git commit <paths> and git commit -a run the hook with
	// GIT_INDEX_FILE naming a temporary index: that one is the truth.
	r := newRepo(t)
	r.write("memory/MEMORY.md", goodIndex)
	r.write("memory/feedback_testing.md", goodFeedback)
	r.git("add", ".")
	r.git("commit", "-q", "--no-verify", "-m", "first")
	r.write("memory/feedback_testing.md", badFeedback)
	tmp := filepath.Join(r.dir, ".git", "next-index-test.lock")
	cmd := exec.Command("git", "add", "memory/feedback_testing.md")
	cmd.Dir = r.dir
	cmd.Env = append(append(os.Environ(), r.env...), "GIT_INDEX_FILE="+tmp)
	r.git("read-tree", "--index-output="+tmp, "HEAD")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git add: %v\n%s", err, out)
	}
	if got := lintStaged(t, r.dir, nil); len(got) != 0 {
		t.Errorf("the repository's own index has nothing staged, got %v", got)
	}
	got := lintStaged(t, r.dir, map[string]string{"GIT_INDEX_FILE": ".git/next-index-test.lock"})
	if !has(got, "memory/feedback_testing.md memory-type") {
		t.Errorf("the index named by GIT_INDEX_FILE must be linted, got %v", got)
	}
}

func TestStagedLogAppendOnly(t *testing.T) {
	r := newRepo(t)
	r.write("memory/MEMORY.md", goodIndex)
	r.write("memory/feedback_testing.md", goodFeedback)
	r.write("memory/logs/2026/03/2026-03-05.md", "- 09:00 one\n- 10:00 two\n")
	r.write("memory/logs/2026/03/2026-03-06.md", "- 09:00 one\n")
	r.git("add", ".")
	r.git("commit", "-q", "--no-verify", "-m", "first")
	r.write("memory/logs/2026/03/2026-03-05.md", "- 09:00 one, edited\n- 10:00 two\n")
	r.write("memory/logs/2026/03/2026-03-06.md", "- 09:00 one\n- 11:00 appended\n")
	r.git("add", ".")
	got := lintStaged(t, r.dir, nil)
	if !has(got, "memory/logs/2026/03/2026-03-05.md log-append-only") || has(got, "memory/logs/2026/03/2026-03-06.md log-append-only") {
		t.Errorf("an edited log must be caught and an appended one pass, got %v", got)
	}
}

func TestStagedRepositoryFormats(t *testing.T) {
	for _, tc := range []struct {
		name     string
		init     []string
		setup    func(r *gitRepo)
		fallback string // why the git command line is used; "" for go-git
	}{
		{"index-v4", nil, func(r *gitRepo) { r.git("update-index", "--index-version", "4") }, ""},
		{"split-index", nil, func(r *gitRepo) { r.git("update-index", "--split-index") }, "split index"},
		{"worktree-config", nil, func(r *gitRepo) {
			r.git("config", "core.repositoryformatversion", "1")
			r.git("config", "extensions.worktreeConfig", "true")
		}, ""},
		{"sha256", []string{"--object-format=sha256"}, nil, "sha256"},
		{"skip-hash", nil, func(r *gitRepo) {
			// index.skipHash (git 2.40) leaves the trailing checksum zero.
			p := filepath.Join(r.dir, ".git", "index")
			b, err := os.ReadFile(p)
			if err != nil {
				r.t.Fatal(err)
			}
			copy(b[len(b)-20:], make([]byte, 20))
			if err := os.WriteFile(p, b, 0o644); err != nil {
				r.t.Fatal(err)
			}
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRepo(t, tc.init...)
			r.write("notes/readme.md", "# other Markdown, staged too\n")
			r.write("memory/MEMORY.md", goodIndex)
			r.write("memory/feedback_testing.md", goodFeedback)
			r.git("add", ".")
			r.git("commit", "-q", "--no-verify", "-m", "first")
			r.write("memory/feedback_testing.md", badFeedback)
			r.git("add", ".")
			if tc.setup != nil {
				tc.setup(r)
			}
			got, fallback := lintStagedVia(t, r.dir, nil)
			if !has(got, "memory/feedback_testing.md memory-type") {
				t.Errorf("got %v", got)
			}
			if (tc.fallback == "") != (fallback == "") || !strings.Contains(fallback, tc.fallback) {
				t.Errorf("read through the git command line because %q, want %q", fallback, tc.fallback)
			}
		})
	}
}

func TestStagedLinkedWorktree(t *testing.T) {
	r := newRepo(t)
	r.write("memory/MEMORY.md", goodIndex)
	r.write("memory/feedback_testing.md", goodFeedback)
	r.git("add", ".")
	r.git("commit", "-q", "--no-verify", "-m", "first")
	wt := filepath.Join(filepath.Dir(r.dir), "linked")
	r.git("worktree", "add", "-q", "-b", "side", wt)
	if err := os.WriteFile(filepath.Join(wt, "memory", "feedback_testing.md"), []byte(badFeedback), 0o644); err != nil {
		t.Fatal(err)
	}
	r.gitIn(wt, "add", ".")
	if got := lintStaged(t, r.dir, nil); len(got) != 0 {
		t.Errorf("the main worktree has nothing staged, got %v", got)
	}
	got := lintStaged(t, wt, nil)
	if !has(got, "memory/feedback_testing.md memory-type") {
		t.Errorf("the linked worktree's own index must be linted, got %v", got)
	}
	// Inside a hook git sets GIT_DIR for linked worktrees.
	gitDir := strings.TrimSpace(r.gitIn(wt, "rev-parse", "--absolute-git-dir"))
	got = lintStaged(t, wt, map[string]string{"GIT_DIR": gitDir})
	if !has(got, "memory/feedback_testing.md memory-type") {
		t.Errorf("with GIT_DIR set, got %v", got)
	}
}

func TestNotARepository(t *testing.T) {
	_, err := source.OpenStaged(t.TempDir(), func(string) string { return "" })
	if err != source.ErrNotARepository {
		t.Errorf("err = %v, want ErrNotARepository", err)
	}
}
