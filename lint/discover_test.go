package lint

import (
	"os"
	"path/filepath"
	"runtime"
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
	check := func(want string) {
		t.Helper()
		if got, _ := ClaudeMemoryDir(getenv, home, root); got != want {
			t.Errorf("memory dir %s, want %s", got, want)
		}
	}
	check(filepath.Join(home, ".claude", "projects", claudecode.ProjectKey(root), "memory"))
	write(user, "~/mem-user")
	check(filepath.Join(home, "mem-user"))
	write(project, "~/mem-project")
	check(filepath.Join(home, "mem-project"))
	write(local, "relative/is/ignored")
	check(filepath.Join(home, "mem-project"))
	write(local, "~/mem-local")
	check(filepath.Join(home, "mem-local"))
	env["CLAUDE_COWORK_MEMORY_PATH_OVERRIDE"] = filepath.Join(home, "override")
	check(filepath.Join(home, "override"))
}
