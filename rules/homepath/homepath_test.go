package homepath

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/linttest"
	"github.com/memlint/memlint/lint/memory"
)

// TestFindHomePaths pins which paths are a developer's home path, and how
// far each one runs.
func TestFindHomePaths(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string // "path|user"
	}{
		{"from /home/alice/shop now", []string{"/home/alice/shop|alice"}},
		{"at /home/alice.", []string{"/home/alice|alice"}},
		{"`/Users/bob/code/x.go`", []string{"/Users/bob/code/x.go|bob"}},
		{`"C:\Users\carol\My Docs\a.txt" and C:/Users/carol/b`, []string{`C:\Users\carol\My Docs\a.txt|carol`, "C:/Users/carol/b|carol"}},
		{"c:/users/Gabriel/Downloads/app/, then", []string{"c:/users/Gabriel/Downloads/app/|Gabriel"}},
		{"/mnt/c/Users/dan/x and /c/Users/dan/y and /var/home/eve/z", []string{"/mnt/c/Users/dan/x|dan", "/c/Users/dan/y|dan", "/var/home/eve/z|eve"}},
		{"~bob/dumps and (~carol/x)", []string{"~bob/dumps|bob", "~carol/x|carol"}},
		{"file:///home/alice/a.json", []string{"/home/alice/a.json|alice"}},
		{"目录：C:\\Users\\王伟\\项目\\x。", []string{`C:\Users\王伟\项目\x|王伟`}},
		{"**/home/alice/x**", []string{"/home/alice/x|alice"}},
		// Not home paths.
		{"~/notes ~~struck~~ ~50/day ~/.config", nil},
		{"https://x.org/home/alice/y https://u.edu/~bob/z", nil},
		{"src/home/alice/x app/Users/bob/y", nil},
		{"/home/settings /home/feed/x /home/ /Users/ /home", nil},
		{"/home/user/x /Users/you/x /Users/<name>/x C:\\Users\\USERNAME\\x /home/$USER/x /home/runner/work", nil},
		{"X:/Users/bob in wordX:/Users/bob", []string{"X:/Users/bob|bob"}},
		{"E:\\SoftWare\\x D:/Tools/y", nil},
		{"/home/Alice/x /home/9lives/x", []string{"/home/Alice/x|Alice"}},
	} {
		var got []string
		findHomePaths([]byte(c.text), func(hp homePath) {
			got = append(got, c.text[hp.start:hp.end]+"|"+hp.user)
		})
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%q: got %q, want %q", c.text, got, c.want)
		}
	}
}

// TestExampleBefore: a path given as an example is no one's.
func TestExampleBefore(t *testing.T) {
	for text, want := range map[string]bool{
		"e.g. /home/alice/x":              true,
		"(es. se il percorso è C:\\Users": true,
		"例如 /home/wang/x":                 true,
		"Например: /home/ivan/x":          true,
		"the files. /home/alice/x":        false,
		"yes. /home/alice/x":              false,
		"next line\n/home/alice/x":        false,
	} {
		at := strings.LastIndexAny(text, "/C")
		for at > 0 && text[at-1] != ' ' && text[at-1] != '\n' {
			at--
		}
		if got := exampleBefore([]byte(text), at); got != want {
			t.Errorf("exampleBefore(%q) = %v, want %v", text, got, want)
		}
	}
}

func lintHome(t *testing.T, fsys fstest.MapFS, root string, repo lint.Repository, claudeHome string) *lint.Result {
	t.Helper()
	reg, err := lint.NewRegistry(Rule)
	if err != nil {
		t.Fatal(err)
	}
	l := &lint.Linter{Setup: lint.Setup{Registry: reg, Now: linttest.Now,
		Repos: func(string) lint.Repository { return repo }}, Config: previewConfig, Root: root, ClaudeHome: claudeHome}
	dirs, err := memory.FindDirs(fsys, ".", nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := l.Lint(fsys, dirs)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestFixWritesTheRepositoryPath: a path that is this repository's root
// on this machine plus a tracked path becomes that path (in prose and
// inline code); one that only ends in a tracked path gets it as a
// suggestion; one in a link's destination or a code block keeps it.
func TestFixWritesTheRepositoryPath(t *testing.T) {
	const src = "---\nname: seeding\ndescription: how staging is reseeded after a reset of its database\ntype: project\n---\n\n" +
		"Run /home/alice/shop/scripts/seed.sh, then `/home/alice/shop/fixtures`.\n" +
		"Bob runs /Users/bob/code/shop/scripts/seed.sh.\n" +
		"See [the script](/home/alice/shop/scripts/seed.sh).\n" +
		"The root itself: /home/alice/shop.\n"
	fsys := fstest.MapFS{
		".claude/memory/MEMORY.md":          {Data: []byte("- [Seeding](project_seeding.md) — reseed staging\n")},
		".claude/memory/project_seeding.md": {Data: []byte(src)},
	}
	repo := &lint.FileList{RootDir: "/home/alice/shop", Paths: []string{
		".claude/memory/MEMORY.md", ".claude/memory/project_seeding.md", "fixtures/base.json", "scripts/seed.sh"}}
	res := lintHome(t, fsys, "/home/alice/shop", repo, "")
	type want struct {
		line, col  int
		suggestion string
		fix        string
	}
	wants := []want{
		{7, 5, "write `scripts/seed.sh`", "scripts/seed.sh"},
		{7, 45, "write `fixtures`", "fixtures"},
		{8, 10, "if it is this repository's “scripts/seed.sh”", ""},
		{9, 18, "write `scripts/seed.sh`", ""},
		{10, 18, "relative to its root", ""},
	}
	if len(res.Diagnostics) != len(wants) {
		for _, d := range res.Diagnostics {
			t.Logf("%d:%d %s | %s", d.Start.Line, d.Start.Col, d.Message, d.Suggestion)
		}
		t.Fatalf("%d findings, want %d", len(res.Diagnostics), len(wants))
	}
	for i, d := range res.Diagnostics {
		w := wants[i]
		if d.Start.Line != w.line || d.Start.Col != w.col || !strings.Contains(d.Suggestion, w.suggestion) {
			t.Errorf("finding %d at %d:%d, suggestion %q; want %d:%d and %q", i, d.Start.Line, d.Start.Col, d.Suggestion, w.line, w.col, w.suggestion)
		}
		var fix string
		for _, e := range d.Fix.EditsOf() {
			fix += e.NewText
		}
		if fix != w.fix || (w.fix != "" && d.Fix.Unsafe) {
			t.Errorf("finding %d: fix %q, want a safe one writing %q", i, fix, w.fix)
		}
	}
}

// TestPersonalMemoryIsQuiet: the user's own memory under Claude Code's
// config home is theirs alone, even when a dotfiles repository tracks it.
func TestPersonalMemoryIsQuiet(t *testing.T) {
	fsys := fstest.MapFS{
		".claude/projects/-home-alice-shop/memory/MEMORY.md": {Data: []byte("- The checkout is /home/alice/shop.\n")},
	}
	repo := &lint.FileList{RootDir: "/home/alice", Paths: []string{".claude/projects/-home-alice-shop/memory/MEMORY.md"}}
	if res := lintHome(t, fsys, "/home/alice", repo, "/home/alice/.claude"); len(res.Diagnostics) != 0 {
		t.Errorf("personal memory: %v", res.Diagnostics)
	}
	if res := lintHome(t, fsys, "/home/alice", repo, ""); len(res.Diagnostics) != 1 {
		t.Errorf("the same dir as committed memory: %d findings, want 1", len(res.Diagnostics))
	}
}

// FuzzFindHomePaths checks that no text makes the scanner panic or
// report a path outside it, or overlapping paths.
func FuzzFindHomePaths(f *testing.F) {
	for _, s := range []string{
		"/home/alice/x", `"C:\Users\carol\My Docs\a"`, "~bob/x", "file:///Users/bob/y", "/mnt/c/Users/d/x",
		"`/home/", "C:", "~", "/c/Users/", "目录：C:\\Users\\王伟\\x。", "e.g. /home/a/b",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		prev := 0
		findHomePaths([]byte(s), func(hp homePath) {
			if hp.start < prev || hp.start >= hp.end || hp.end > len(s) || hp.user == "" {
				t.Fatalf("bad path %+v in %q", hp, s)
			}
			prev = hp.end
			exampleBefore([]byte(s), hp.start)
		})
	})
}

// previewConfig runs the rule, which is in preview, in the tests that
// lint with a registry of their own rather than as a fixture.
var previewConfig = (*lint.Config)(nil).WithPreview()
