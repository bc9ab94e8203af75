package source_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/memlint/memlint/source"
)

// commitAt commits what is staged as of day (2006-01-02, noon UTC).
func commitAt(r *gitRepo, day, msg string) {
	r.T.Helper()
	env := r.Env
	date := day + "T12:00:00Z"
	r.Env = append(append([]string(nil), env...), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
	r.Git("commit", "-q", "--allow-empty", "-m", msg)
	r.Env = env
}

// TestLastCommit reads when HEAD's first-parent history last changed each
// file of a memory dir in a real repository: commits that leave the dir
// alone do not count, a file edited since its last commit has no date,
// and a file committed with CRLF line ends converted still matches.
func TestLastCommit(t *testing.T) {
	r := newRepo(t)
	r.Git("config", "core.autocrlf", "input")
	r.Write("mem/MEMORY.md", "- [A](project_a.md) — a\n")
	r.Write("mem/project_a.md", "a one\n")
	r.Write("mem/project_b.md", "b one\n")
	r.Write("mem/team/project_c.md", "c one\n")
	r.Write("src/main.go", "package main\n")
	r.Git("add", "-A")
	commitAt(r, "2026-01-05", "start")
	r.Write("mem/project_b.md", "b two\n")
	r.Git("add", "-A")
	commitAt(r, "2026-02-10", "b changes")
	r.Write("src/main.go", "package main // changed\n")
	r.Git("add", "-A")
	commitAt(r, "2026-03-15", "outside the memory")
	r.Write("mem/team/project_c.md", "c two\r\n")
	r.Git("add", "-A")
	commitAt(r, "2026-04-20", "c changes, with CRLF converted")
	commitAt(r, "2026-05-01", "empty")
	// A side branch merged: the merge is the first-parent commit that
	// brought the change.
	r.Git("checkout", "-q", "-b", "side")
	r.Write("mem/project_d.md", "d one\n")
	r.Git("add", "-A")
	commitAt(r, "2026-05-02", "d on a branch")
	r.Git("checkout", "-q", "main")
	r.Env = append(r.Env, "GIT_AUTHOR_DATE=2026-06-01T12:00:00Z", "GIT_COMMITTER_DATE=2026-06-01T12:00:00Z")
	r.Git("merge", "-q", "--no-ff", "-m", "merge side", "side")

	files, err := source.OpenRepoFiles(r.Dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer files.Close()
	read := func(p string) []byte {
		b, err := os.ReadFile(filepath.Join(r.Dir, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, c := range []struct {
		dir, path string
		content   []byte // nil: as on disk
		want      string // "" for none
	}{
		{"mem", "mem/project_a.md", nil, "2026-01-05"},
		{"mem", "mem/project_b.md", nil, "2026-02-10"},
		{"mem", "mem/team/project_c.md", nil, "2026-04-20"}, // CRLF on disk, LF committed
		{"mem", "mem/project_d.md", nil, "2026-06-01"},
		{"mem", "mem/project_a.md", []byte("a one, edited\n"), ""},
		{"mem", "mem/absent.md", []byte("x\n"), ""},
		{"mem", "src/main.go", nil, ""}, // not in the dir asked about
		{"mem/team", "mem/team/project_c.md", nil, "2026-04-20"},
		{"", "src/main.go", nil, ""}, // not Markdown: not memory
		{"", "mem/project_b.md", nil, "2026-02-10"},
		{"other", "other/x.md", []byte("x\n"), ""},
	} {
		content := c.content
		if content == nil {
			content = read(c.path)
		}
		got, ok := files.LastCommit(c.dir, c.path, content)
		switch {
		case c.want == "" && ok:
			t.Errorf("LastCommit(%q, %q) = %v, want none", c.dir, c.path, got)
		case c.want != "" && !ok:
			t.Errorf("LastCommit(%q, %q): none, want %s", c.dir, c.path, c.want)
		case c.want != "" && (got.Time.UTC().Format("2006-01-02") != c.want || got.Bounded):
			t.Errorf("LastCommit(%q, %q) = %v (bounded %v), want %s", c.dir, c.path, got.Time, got.Bounded, c.want)
		}
	}
}

// TestLastCommitShallow: in a shallow clone the walk ends at the oldest
// commit there is, which held the file as it is: the file changed then
// or before (Bounded).
func TestLastCommitShallow(t *testing.T) {
	r := newRepo(t)
	r.Write("mem/project_a.md", "a one\n")
	r.Git("add", "-A")
	commitAt(r, "2026-01-05", "start")
	r.Write("mem/project_b.md", "b one\n")
	r.Git("add", "-A")
	commitAt(r, "2026-02-10", "b")
	r.Write("README.md", "x\n")
	r.Git("add", "-A")
	commitAt(r, "2026-03-15", "readme")
	clone := filepath.Join(t.TempDir(), "clone")
	r.GitIn(t.TempDir(), "clone", "-q", "--depth", "2", "file://"+r.Dir, clone)

	files, err := source.OpenRepoFiles(clone, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer files.Close()
	for _, c := range []struct {
		path    string
		want    string
		bounded bool
	}{
		{"mem/project_a.md", "2026-02-10", true}, // its commit is beyond the clone's depth
		{"mem/project_b.md", "2026-02-10", true}, // the boundary commit added it, or its parent had it: unknown
	} {
		content, err := os.ReadFile(filepath.Join(clone, filepath.FromSlash(c.path)))
		if err != nil {
			t.Fatal(err)
		}
		got, ok := files.LastCommit("mem", c.path, content)
		if !ok || got.Time.UTC().Format("2006-01-02") != c.want || got.Bounded != c.bounded {
			t.Errorf("LastCommit(%q) = %v, %v (bounded %v), want %s (bounded %v)", c.path, got.Time, ok, got.Bounded, c.want, c.bounded)
		}
	}
}
