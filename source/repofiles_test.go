package source_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/source"
)

// TestRepoFiles reads the file list from a real repository: the index,
// not the working tree, with renames from history.
func TestRepoFiles(t *testing.T) {
	r := newRepo(t)
	r.Write("src/auth/validate.ts", "export function validate() { return 1 }\n// long enough to be similar\n")
	r.Write("src/auth/session.ts", "export const session = 1\n")
	r.Write("src/db/schema.sql", "create table t (id int);\n")
	r.Write("README.md", "# x\n")
	r.Git("add", "-A")
	r.Git("commit", "-q", "-m", "one")
	r.Git("mv", "src/auth/validate.ts", "src/auth/validator.ts")
	r.Git("commit", "-q", "-m", "rename")
	r.Git("rm", "-q", "src/db/schema.sql") // staged, not committed
	r.Write("src/auth/draft.ts", "only on disk\n")

	files, err := source.OpenRepoFiles(r.Dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path         string
		tracked, dir bool
		renamedTo    string
	}{
		{"src/auth/validator.ts", true, false, ""},
		{"src/auth/validate.ts", false, false, "src/auth/validator.ts"},
		{"src/auth/session.ts", true, false, ""},
		{"src/db/schema.sql", false, false, ""}, // the index no longer has it
		{"src/auth/draft.ts", false, false, ""}, // the working tree is not read
		{"src/auth", false, true, ""},
		{"src", false, true, ""},
		{"sr", false, false, ""},
		{"src/db", false, false, ""},
		{"README.md", true, false, ""},
	} {
		if got := files.Tracked(c.path); got != c.tracked {
			t.Errorf("Tracked(%q) = %v, want %v", c.path, got, c.tracked)
		}
		if got := files.HasDir(c.path); got != c.dir {
			t.Errorf("HasDir(%q) = %v, want %v", c.path, got, c.dir)
		}
		if got := files.RenamedTo(c.path); got != c.renamedTo {
			t.Errorf("RenamedTo(%q) = %q, want %q", c.path, got, c.renamedTo)
		}
	}
	if files.Root() != r.Dir {
		t.Errorf("Root() = %q, want %q", files.Root(), r.Dir)
	}
}

// TestRepositoryFinder gives a memory dir the repository it is in, the
// user's Claude Code memory of the repository around cwd that one, and
// any other dir none.
func TestRepositoryFinder(t *testing.T) {
	r := newRepo(t)
	r.Write("src/a.ts", "a\n")
	r.Git("add", "-A")
	r.Git("commit", "-q", "-m", "one")
	config := t.TempDir()
	getenv := func(k string) string {
		if k == "CLAUDE_CONFIG_DIR" {
			return config
		}
		return ""
	}
	own := filepath.Join(config, "projects", claudecode.ProjectKey(r.Dir), "memory")
	other := filepath.Join(config, "projects", "-some-other-project", "memory")
	outside := t.TempDir()
	for _, d := range []string{own, other} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	find := source.RepositoryFinder(filepath.Join(r.Dir, "src"), getenv, false)
	for _, c := range []struct {
		dir  string
		want string
	}{
		{filepath.Join(r.Dir, ".claude", "memory"), r.Dir},
		{own, r.Dir},
		{other, ""},
		{outside, ""},
	} {
		got := ""
		if repo := find(c.dir); repo != nil {
			got = repo.Root()
		}
		if got != c.want {
			t.Errorf("repository of %s = %q, want %q", c.dir, got, c.want)
		}
	}
	// A run over the working tree counts a file on disk; a staged run
	// only what the index holds.
	r.Write("src/draft.ts", "not committed\n")
	for _, c := range []struct {
		workTree bool
		want     bool
	}{{true, true}, {false, false}} {
		repo := source.RepositoryFinder(r.Dir, getenv, c.workTree)(r.Dir)
		if got := repo.Tracked("src/draft.ts"); got != c.want {
			t.Errorf("workTree %v: Tracked(src/draft.ts) = %v, want %v", c.workTree, got, c.want)
		}
	}
}

// TestRepositoryFinderReadsOnDemand: the finder's file list reads the
// index on the first question about the files, and an index that cannot
// be read then tracks nothing and finds every word (stale-reference asks
// no more of a path whose first folder the repository lacks, and reports
// no identifier a repository without words would lack), as no repository
// at all would report nothing.
func TestRepositoryFinderReadsOnDemand(t *testing.T) {
	r := newRepo(t)
	r.Write("src/auth/session.ts", "export const sessionStore = 1\n")
	r.Write("memory/MEMORY.md", "- [A](a.md) — a\n")
	r.Git("add", "-A")
	r.Git("commit", "-q", "-m", "one")
	mem := filepath.Join(r.Dir, "memory")
	type words interface{ HasWord(string) bool }

	good := source.RepositoryFinder(r.Dir, nil, true)(mem)
	if good == nil || !good.HasDir("src") || !good.Tracked("src/auth/session.ts") {
		t.Fatalf("readable index: repository %v does not track src/auth/session.ts", good)
	}
	if w, ok := good.(words); !ok || !w.HasWord("sessionStore") || w.HasWord("noSuchName") {
		t.Errorf("readable index: HasWord does not tell sessionStore from noSuchName")
	}

	// An index damaged after the finder was made, before the first
	// question: the read is on demand.
	finder := source.RepositoryFinder(r.Dir, nil, true)
	repo := finder(mem)
	if err := os.WriteFile(filepath.Join(r.Dir, ".git", "index"), []byte("not an index"), 0o644); err != nil {
		t.Fatal(err)
	}
	if repo == nil || repo.Root() != r.Dir {
		t.Fatalf("repository %v, want one rooted at %s", repo, r.Dir)
	}
	// (Tracked counts the files on disk too, in a run over the work tree.)
	if repo.HasDir("src") || repo.Tracked("src/auth/gone.ts") || repo.Nested("session.ts") {
		t.Errorf("unreadable index: the repository tracks files")
	}
	if w, ok := repo.(words); !ok || !w.HasWord("noSuchName") {
		t.Errorf("unreadable index: HasWord reports a word missing")
	}
}

// TestRepositoryIgnored: a path git ignores is one the repository's
// .gitignore files (at any level, as tracked), info/exclude or the user's
// global excludes file match. A run over the work tree reads each
// .gitignore from disk, a staged run its staged blob; a .gitignore that
// is a symbolic link is not read.
func TestRepositoryIgnored(t *testing.T) {
	r := newRepo(t)
	r.Write(".gitignore", "/build/\ndata/*.csv\n")
	r.Write("src/packs/.gitignore", "macros/\n")
	r.Write("docs/.gitignore", "drafts/\n")
	r.Write("src/packs/index.ts", "x\n")
	r.Write("data/README.md", "x\n")
	r.Write("docs/a.md", "x\n")
	r.Write("lib/a.ts", "x\n")
	// Read through the link, the file or the link's own text would both
	// ignore lib/b.ts.
	r.Write("lib/b.ts", "*\n")
	if err := os.Symlink("b.ts", filepath.Join(r.Dir, "lib", ".gitignore")); err != nil {
		t.Fatal(err)
	}
	r.Git("add", "-A")
	r.Git("commit", "-q", "-m", "one")
	r.Write(".git/info/exclude", "scratch/\n")
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".config", "git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".config", "git", "ignore"), []byte("*.local.md\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	getenv := func(k string) string { return map[string]string{"HOME": home, "GIT_CONFIG_NOSYSTEM": "1"}[k] }
	// Changed on disk, not staged: the work tree and the index disagree.
	r.Write(".gitignore", "/build/\ndata/*.csv\nextra/\n")
	if err := os.Remove(filepath.Join(r.Dir, "docs", ".gitignore")); err != nil {
		t.Fatal(err)
	}

	staged, err := source.OpenStaged(r.Dir, getenv)
	if err != nil {
		t.Fatal(err)
	}
	defer staged.Close()
	work := source.RepositoryFinder(r.Dir, getenv, true)(r.Dir)
	index := staged.Repositories(r.Dir, getenv)(r.Dir)
	for _, c := range []struct {
		path        string
		work, index bool
	}{
		{"build/app.js", true, true},
		{"data/train.csv", true, true},
		{"data/raw/train.csv", false, false},
		{"src/packs/macros/a.js", true, true},
		{"src/macros/a.js", false, false},
		{"scratch/notes.txt", true, true},
		{"docs/plan.local.md", true, true},
		{"extra/a.txt", true, false},      // only the work tree's .gitignore says so
		{"docs/drafts/a.md", false, true}, // only the staged docs/.gitignore says so
		{"lib/b.ts", false, false},        // lib/.gitignore is a link: not read
		{"src/main.ts", false, false},
	} {
		if got := work.Ignored(c.path); got != c.work {
			t.Errorf("work tree: Ignored(%q) = %v, want %v", c.path, got, c.work)
		}
		if got := index.Ignored(c.path); got != c.index {
			t.Errorf("staged: Ignored(%q) = %v, want %v", c.path, got, c.index)
		}
	}
	// Without an environment, the user's own files are not read.
	if source.RepositoryFinder(r.Dir, nil, true)(r.Dir).Ignored("docs/plan.local.md") {
		t.Error("no environment: the global excludes file was read")
	}
}
