package claudecode

import "testing"

func TestInHome(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	none := env(nil)
	for _, c := range []struct {
		getenv func(string) string
		home   string
		dir    string
		want   bool
	}{
		{none, "/home/a", "/home/a/.claude/projects/-repo/memory", true},
		{none, "/home/a", "/home/a/.claude/agent-memory/reviewer", true},
		{none, "/home/a", "/home/a/repo/.claude/memory", false},
		{none, "/home/a", "/home/a/.claude-other/memory", false},
		{none, "/home/a", "/home/a/.claude/../repo/memory", false},
		{none, "", "/.claude/projects/x/memory", false},
		{env(map[string]string{"CLAUDE_CONFIG_DIR": "/cfg"}), "/home/a", "/cfg/projects/x/memory", true},
		{env(map[string]string{"CLAUDE_CONFIG_DIR": "/cfg"}), "/home/a", "/home/a/.claude/projects/x/memory", false},
	} {
		if got := InHome(c.getenv, c.home, c.dir); got != c.want {
			t.Errorf("InHome(home %q, %q) = %v, want %v", c.home, c.dir, got, c.want)
		}
	}
}
