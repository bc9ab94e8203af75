package claude

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/memlint/memlint/internal/claudecode"
)

// TestResolveAutoMemoryDirectory holds every example of SPEC §1.5, as
// Claude Code 2.1.328 judges them on Linux and macOS.
func TestResolveAutoMemoryDirectory(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the examples are judged as on Linux and macOS")
	}
	const home = "/home/u"
	for _, tc := range []struct {
		value string
		want  string // "" when Claude Code rejects the value
	}{
		// ~/ and ~\ expand to the home folder…
		{"~/mem", "/home/u/mem"},
		{`~\mem`, "/home/u/mem"},
		{"~/notes/claude/", "/home/u/notes/claude"},
		{"~//mem", "/home/u/mem"},
		{"~/a/../mem", "/home/u/mem"},
		// …unless the rest normalises to ".", ".." or "../…".
		{"~", ""},
		{"~/", ""},
		{"~/.", ""},
		{"~/..", ""},
		{"~/../x", ""},
		{"~/a/../../x", ""},
		{`~\..\x`, ""},
		// No variable or ~user expansion; relative paths fall back.
		{"$HOME/x", ""},
		{"~user/x", ""},
		{"memory", ""},
		{"./memory", ""},
		{"../memory", ""},
		// Absolute, at least 3 characters, no NUL, not a bare drive or UNC.
		{"/srv/memory", "/srv/memory"},
		{"/srv/memory/", "/srv/memory"},
		{"/ab", "/ab"},
		{"/a", ""},
		{"/", ""},
		{"/a\x00b", ""},
		{"~/a\x00b", ""},
		{"C:", ""},
		{`C:\mem`, ""}, // not absolute on Linux and macOS
		{`\\server\share`, ""},
		// On Linux and macOS //srv/share normalises to /srv/share.
		{"//srv/share", "/srv/share"},
		{"/../etc/mem", "/etc/mem"},
	} {
		got, ok := ResolveAutoMemoryDirectory(tc.value, home)
		if ok != (tc.want != "") || got != tc.want {
			t.Errorf("ResolveAutoMemoryDirectory(%q) = %q, %v; want %q, %v", tc.value, got, ok, tc.want, tc.want != "")
		}
		if problem := AutoMemoryDirectoryProblem(tc.value); (problem == "") != (tc.want != "") {
			t.Errorf("AutoMemoryDirectoryProblem(%q) = %q; accepted should be %v", tc.value, problem, tc.want != "")
		}
	}
}

// TestClaudeMemoryDirPrecedence: first match wins, as in Claude Code
// 2.1.328 (conformance TestMemoryDirLocation checks the same against the
// binary): the override variable, then autoMemoryDirectory in the local,
// the checked-in and the user's settings; an invalid value falls through.
func TestClaudeMemoryDirPrecedence(t *testing.T) {
	home := t.TempDir()
	root := filepath.Join(home, "repo")
	write := func(p, v string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(`{"autoMemoryDirectory": "`+v+`"}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	local := filepath.Join(root, ".claude", "settings.local.json")
	project := filepath.Join(root, ".claude", "settings.json")
	user := filepath.Join(home, ".claude", "settings.json")
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	// settings is the project's settings file that chose the dir, or "".
	check := func(want, settings string) {
		t.Helper()
		if got := MemoryDir(getenv, home, root); got.Dir != want || got.ProjectSettings != settings {
			t.Errorf("memory dir %s chosen by project settings %q, want %s by %q", got.Dir, got.ProjectSettings, want, settings)
		}
	}
	check(filepath.Join(home, ".claude", "projects", claudecode.ProjectKey(root), "memory"), "")
	write(user, "~/mem-user")
	check(filepath.Join(home, "mem-user"), "")
	write(project, "~/mem-project")
	check(filepath.Join(home, "mem-project"), project)
	write(local, "relative/is/ignored")
	check(filepath.Join(home, "mem-project"), project)
	write(local, "~/mem-local")
	check(filepath.Join(home, "mem-local"), local)
	env["CLAUDE_COWORK_MEMORY_PATH_OVERRIDE"] = filepath.Join(home, "override")
	check(filepath.Join(home, "override"), "")
}

func TestClaudeMemoryDir(t *testing.T) {
	home := t.TempDir()
	root := filepath.Join(home, "src", "my_app")
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	dir := MemoryDir(getenv, home, root).Dir
	if want := filepath.Join(home, ".claude", "projects", claudecode.ProjectKey(root), "memory"); dir != want {
		t.Errorf("default dir = %q, want %q", dir, want)
	}
	env["CLAUDE_CONFIG_DIR"] = filepath.Join(home, "cfg")
	dir = MemoryDir(getenv, home, root).Dir
	if !strings.HasPrefix(dir, filepath.Join(home, "cfg", "projects")) {
		t.Errorf("CLAUDE_CONFIG_DIR ignored: %q", dir)
	}
	os.MkdirAll(filepath.Join(home, "cfg"), 0o755)
	os.WriteFile(filepath.Join(home, "cfg", "settings.json"), []byte(`{"autoMemoryDirectory":"~/shared-memory"}`), 0o644)
	loc := MemoryDir(getenv, home, root)
	if loc.Dir != filepath.Join(home, "shared-memory") || !strings.Contains(loc.Source, "autoMemoryDirectory") || loc.ProjectSettings != "" {
		t.Errorf("autoMemoryDirectory ignored, or the user's settings taken for the project's: %+v", loc)
	}
	os.WriteFile(filepath.Join(home, "cfg", "settings.json"), []byte(`{"autoMemoryDirectory":"relative/dir"}`), 0o644)
	if dir := MemoryDir(getenv, home, root).Dir; strings.Contains(dir, "relative") {
		t.Errorf("a rejected value must fall back to the default, got %q", dir)
	}
}

func TestMainWorktreeRoot(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	base := t.TempDir()
	main := filepath.Join(base, "main")
	run := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	os.MkdirAll(filepath.Join(main, "sub", "deeper"), 0o755)
	run(main, "init", "-q")
	run(main, "commit", "-q", "--allow-empty", "-m", "init")
	run(main, "worktree", "add", "-q", filepath.Join(base, "linked"))
	if got := MainWorktreeRoot(filepath.Join(main, "sub", "deeper")); got != main {
		t.Errorf("from a subfolder: %q, want %q", got, main)
	}
	if got := MainWorktreeRoot(filepath.Join(base, "linked")); got != main {
		t.Errorf("linked worktrees share the main worktree's memory: got %q, want %q", got, main)
	}
	if got := MainWorktreeRoot(base); got != "" {
		t.Errorf("outside a repository: %q", got)
	}
}
