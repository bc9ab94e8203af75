package source_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/memlint/memlint/internal/gittest"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
	"github.com/memlint/memlint/source"
)

// gitRepo is a throwaway repository.
type gitRepo = gittest.Repo

func newRepo(t *testing.T, initArgs ...string) *gitRepo { return gittest.New(t, initArgs...) }

const (
	goodIndex    = gittest.GoodIndex
	goodFeedback = gittest.GoodFeedback
	badFeedback  = gittest.BadFeedback
)

// lintStaged lints what the index holds with every rule, as the
// pre-commit hook does with preview: true, with env (GIT_INDEX_FILE,
// GIT_DIR) as git would set it, and returns the findings as "path rule"
// strings.
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
	l := &lint.Linter{Setup: lint.Setup{Registry: rules.Registry(), Now: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)}, Config: (*lint.Config)(nil).WithPreview(), Root: s.Root, Earlier: earlier}
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
	r.Write(".claude/memory/MEMORY.md", goodIndex)
	r.Write(".claude/memory/feedback_testing.md", badFeedback)
	r.Git("add", ".")
	r.Write(".claude/memory/feedback_testing.md", goodFeedback) // fixed, but not staged
	got := lintStaged(t, r.Dir, nil)
	if !has(got, ".claude/memory/feedback_testing.md memory-type") {
		t.Errorf("the staged (bad) content must be linted, got %v", got)
	}
}

func TestStagedGoodWorktreeBad(t *testing.T) {
	r := newRepo(t)
	r.Write(".claude/memory/MEMORY.md", goodIndex)
	r.Write(".claude/memory/feedback_testing.md", goodFeedback)
	r.Git("add", ".")
	r.Write(".claude/memory/feedback_testing.md", badFeedback) // broken, but not staged
	r.Write(".claude/memory/notes.md", "not staged at all\n")
	if got := lintStaged(t, r.Dir, nil); len(got) != 0 {
		t.Errorf("unstaged edits must neither hide nor cause findings, got %v", got)
	}
}

func TestStagedOnlyChangedDirs(t *testing.T) {
	r := newRepo(t)
	r.Write("a/memory/MEMORY.md", goodIndex)
	r.Write("a/memory/feedback_testing.md", badFeedback)
	r.Write("b/memory/MEMORY.md", goodIndex)
	r.Write("b/memory/feedback_testing.md", goodFeedback)
	r.Git("add", ".")
	r.Git("commit", "-q", "--no-verify", "-m", "first")
	r.Write("b/memory/feedback_testing.md", strings.Replace(goodFeedback, "Use a real", "Use a real, local", 1))
	r.Git("add", ".")
	if got := lintStaged(t, r.Dir, nil); len(got) != 0 {
		t.Errorf("a/memory has no staged change and must not be linted, got %v", got)
	}
}

func TestStagedFirstCommit(t *testing.T) {
	r := newRepo(t)
	r.Write("memory/MEMORY.md", goodIndex+"- [Gone](project_gone.md) — missing\n")
	r.Write("memory/feedback_testing.md", goodFeedback)
	r.Git("add", ".")
	if got := lintStaged(t, r.Dir, nil); !has(got, "memory/MEMORY.md index-dangling-link") {
		t.Errorf("with an unborn HEAD every staged file counts as added, got %v", got)
	}
}

func TestStagedDeletedTopicStillLinked(t *testing.T) {
	r := newRepo(t)
	r.Write("memory/MEMORY.md", goodIndex)
	r.Write("memory/feedback_testing.md", goodFeedback)
	r.Git("add", ".")
	r.Git("commit", "-q", "--no-verify", "-m", "first")
	r.Git("rm", "-q", "memory/feedback_testing.md")
	if got := lintStaged(t, r.Dir, nil); !has(got, "memory/MEMORY.md index-dangling-link") {
		t.Errorf("deleting a linked topic file must be caught, got %v", got)
	}
}

func TestStagedRename(t *testing.T) {
	r := newRepo(t)
	r.Write("memory/MEMORY.md", goodIndex)
	r.Write("memory/feedback_testing.md", goodFeedback)
	r.Git("add", ".")
	r.Git("commit", "-q", "--no-verify", "-m", "first")
	r.Git("mv", "memory/feedback_testing.md", "memory/feedback_tests.md")
	got := lintStaged(t, r.Dir, nil)
	if !has(got, "memory/MEMORY.md index-dangling-link") || !has(got, "memory/feedback_tests.md orphan-memory") {
		t.Errorf("a rename without updating the index must be caught, got %v", got)
	}
}

func TestStagedAlternateIndexFile(t *testing.T) {
	// git commit <paths> and git commit -a run the hook with
	// GIT_INDEX_FILE naming a temporary index: that one is the truth.
	r := newRepo(t)
	r.Write("memory/MEMORY.md", goodIndex)
	r.Write("memory/feedback_testing.md", goodFeedback)
	r.Git("add", ".")
	r.Git("commit", "-q", "--no-verify", "-m", "first")
	r.Write("memory/feedback_testing.md", badFeedback)
	tmp := filepath.Join(r.Dir, ".git", "next-index-test.lock")
	cmd := exec.Command("git", "add", "memory/feedback_testing.md")
	cmd.Dir = r.Dir
	cmd.Env = append(append(os.Environ(), r.Env...), "GIT_INDEX_FILE="+tmp)
	r.Git("read-tree", "--index-output="+tmp, "HEAD")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git add: %v\n%s", err, out)
	}
	if got := lintStaged(t, r.Dir, nil); len(got) != 0 {
		t.Errorf("the repository's own index has nothing staged, got %v", got)
	}
	got := lintStaged(t, r.Dir, map[string]string{"GIT_INDEX_FILE": ".git/next-index-test.lock"})
	if !has(got, "memory/feedback_testing.md memory-type") {
		t.Errorf("the index named by GIT_INDEX_FILE must be linted, got %v", got)
	}
}

func TestStagedLogAppendOnly(t *testing.T) {
	r := newRepo(t)
	r.Write("memory/MEMORY.md", goodIndex)
	r.Write("memory/feedback_testing.md", goodFeedback)
	r.Write("memory/logs/2026/03/2026-03-05.md", "- 09:00 one\n- 10:00 two\n")
	r.Write("memory/logs/2026/03/2026-03-06.md", "- 09:00 one\n")
	r.Git("add", ".")
	r.Git("commit", "-q", "--no-verify", "-m", "first")
	r.Write("memory/logs/2026/03/2026-03-05.md", "- 09:00 one, edited\n- 10:00 two\n")
	r.Write("memory/logs/2026/03/2026-03-06.md", "- 09:00 one\n- 11:00 appended\n")
	r.Git("add", ".")
	got := lintStaged(t, r.Dir, nil)
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
		{"index-v4", nil, func(r *gitRepo) { r.Git("update-index", "--index-version", "4") }, ""},
		{"split-index", nil, func(r *gitRepo) { r.Git("update-index", "--split-index") }, "split index"},
		{"worktree-config", nil, func(r *gitRepo) {
			r.Git("config", "core.repositoryformatversion", "1")
			r.Git("config", "extensions.worktreeConfig", "true")
		}, ""},
		{"sha256", []string{"--object-format=sha256"}, nil, "sha256"},
		{"skip-hash", nil, func(r *gitRepo) {
			// index.skipHash (git 2.40) leaves the trailing checksum zero.
			p := filepath.Join(r.Dir, ".git", "index")
			b, err := os.ReadFile(p)
			if err != nil {
				r.T.Fatal(err)
			}
			copy(b[len(b)-20:], make([]byte, 20))
			if err := os.WriteFile(p, b, 0o644); err != nil {
				r.T.Fatal(err)
			}
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRepo(t, tc.init...)
			r.Write("notes/readme.md", "# other Markdown, staged too\n")
			r.Write("memory/MEMORY.md", goodIndex)
			r.Write("memory/feedback_testing.md", goodFeedback)
			r.Git("add", ".")
			r.Git("commit", "-q", "--no-verify", "-m", "first")
			r.Write("memory/feedback_testing.md", badFeedback)
			r.Git("add", ".")
			if tc.setup != nil {
				tc.setup(r)
			}
			got, fallback := lintStagedVia(t, r.Dir, nil)
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
	r.Write("memory/MEMORY.md", goodIndex)
	r.Write("memory/feedback_testing.md", goodFeedback)
	r.Git("add", ".")
	r.Git("commit", "-q", "--no-verify", "-m", "first")
	wt := filepath.Join(filepath.Dir(r.Dir), "linked")
	r.Git("worktree", "add", "-q", "-b", "side", wt)
	if err := os.WriteFile(filepath.Join(wt, "memory", "feedback_testing.md"), []byte(badFeedback), 0o644); err != nil {
		t.Fatal(err)
	}
	r.GitIn(wt, "add", ".")
	if got := lintStaged(t, r.Dir, nil); len(got) != 0 {
		t.Errorf("the main worktree has nothing staged, got %v", got)
	}
	got := lintStaged(t, wt, nil)
	if !has(got, "memory/feedback_testing.md memory-type") {
		t.Errorf("the linked worktree's own index must be linted, got %v", got)
	}
	// Inside a hook git sets GIT_DIR for linked worktrees.
	gitDir := strings.TrimSpace(r.GitIn(wt, "rev-parse", "--absolute-git-dir"))
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
