package conformance

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/lint/claude"
)

// TestMemoryDirLocation compares where memlint thinks Claude Code keeps a
// project's auto memory (claude.MemoryDir of the main worktree root)
// with the memory dir Claude Code names in its system prompt: project keys
// of odd paths, subdirs, linked worktrees, and autoMemoryDirectory settings.
func TestMemoryDirLocation(t *testing.T) {
	t.Parallel()
	requireClaude(t)
	type setup struct {
		name     string
		repo     string            // repo path below the temp dir
		cwd      string            // where Claude Code starts, relative to the repo
		worktree bool              // start in a linked worktree of the repo
		settings map[string]string // "$HOME/..." or "$REPO/..." → JSON
		env      []string
	}
	long := strings.Repeat("deep-folder-name/", 12)
	cases := []setup{
		{name: "plain", repo: "repo"},
		{name: "odd-characters", repo: "my_app é 😀 (x)"},
		{name: "subdir", repo: "repo", cwd: "sub/dir"},
		{name: "linked-worktree", repo: "main", worktree: true},
		{name: "long-path", repo: long + "repo"},
		{name: "user-tilde", repo: "repo", settings: map[string]string{"$HOME/.claude/settings.json": `{"autoMemoryDirectory":"~/mem-user"}`}},
		{name: "user-tilde-backslash", repo: "repo", settings: map[string]string{"$HOME/.claude/settings.json": `{"autoMemoryDirectory":"~\\mem-bs"}`}},
		{name: "user-tilde-dotdot", repo: "repo", settings: map[string]string{"$HOME/.claude/settings.json": `{"autoMemoryDirectory":"~/../escape"}`}},
		{name: "user-tilde-only", repo: "repo", settings: map[string]string{"$HOME/.claude/settings.json": `{"autoMemoryDirectory":"~"}`}},
		{name: "user-relative", repo: "repo", settings: map[string]string{"$HOME/.claude/settings.json": `{"autoMemoryDirectory":"relative/mem"}`}},
		{name: "user-dollar-home", repo: "repo", settings: map[string]string{"$HOME/.claude/settings.json": `{"autoMemoryDirectory":"$HOME/mem"}`}},
		{name: "user-absolute", repo: "repo", settings: map[string]string{"$HOME/.claude/settings.json": `{"autoMemoryDirectory":"$ABS/abs-mem"}`}},
		{name: "user-absolute-unclean", repo: "repo", settings: map[string]string{"$HOME/.claude/settings.json": `{"autoMemoryDirectory":"$ABS/a/../b/./mem/"}`}},
		{name: "user-double-slash", repo: "repo", settings: map[string]string{"$HOME/.claude/settings.json": `{"autoMemoryDirectory":"/$ABS/dslash"}`}},
		{name: "user-tilde-dot-segments", repo: "repo", settings: map[string]string{"$HOME/.claude/settings.json": `{"autoMemoryDirectory":"~/./a/../mem-dots"}`}},
		{name: "user-tilde-dotdot-inside", repo: "repo", settings: map[string]string{"$HOME/.claude/settings.json": `{"autoMemoryDirectory":"~/a/../../escape"}`}},
		{name: "project-settings", repo: "repo", settings: map[string]string{"$REPO/.claude/settings.json": `{"autoMemoryDirectory":"~/mem-project"}`}},
		{name: "project-local-settings", repo: "repo", settings: map[string]string{"$REPO/.claude/settings.local.json": `{"autoMemoryDirectory":"~/mem-local"}`}},
		{name: "project-beats-user", repo: "repo", settings: map[string]string{
			"$HOME/.claude/settings.json": `{"autoMemoryDirectory":"~/mem-user"}`,
			"$REPO/.claude/settings.json": `{"autoMemoryDirectory":"~/mem-project"}`}},
		{name: "local-beats-project", repo: "repo", settings: map[string]string{
			"$REPO/.claude/settings.json":       `{"autoMemoryDirectory":"~/mem-project"}`,
			"$REPO/.claude/settings.local.json": `{"autoMemoryDirectory":"~/mem-local"}`}},
		{name: "config-dir", repo: "repo", env: []string{"CLAUDE_CONFIG_DIR=$HOME/config"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			sb := newSandboxAt(t, c.repo)
			abs := filepath.Dir(sb.Home)
			expand := func(s string) string {
				s = strings.ReplaceAll(s, "$ABS", filepath.ToSlash(abs))
				if strings.HasPrefix(s, "$HOME/") || strings.HasPrefix(s, "$REPO/") {
					return resolve(sb, s)
				}
				return s
			}
			for path, data := range c.settings {
				if err := writeFile(expand(path), []byte(expand(data))); err != nil {
					t.Fatal(err)
				}
			}
			dir := filepath.Join(sb.Repo, filepath.FromSlash(c.cwd))
			if c.worktree {
				git(t, sb.Repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x")
				dir = filepath.Join(filepath.Dir(sb.Repo), "linked")
				git(t, sb.Repo, "worktree", "add", "-q", dir)
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			env := map[string]string{}
			var extra []string
			for _, kv := range c.env {
				kv = strings.ReplaceAll(kv, "$HOME", sb.Home)
				k, v, _ := strings.Cut(kv, "=")
				env[k] = v
				extra = append(extra, kv)
			}
			sb.Env = extra
			res := runSession(t, sb, sessionOptions{Dir: dir})
			got := memoryDirOf(res.Requests)
			if got == "" {
				t.Fatalf("no memory dir in Claude Code's system prompt\n%s", res.describe())
			}
			root := claude.MainWorktreeRoot(dir)
			loc := claude.MemoryDir(func(k string) string { return env[k] }, sb.Home, root)
			want, source := loc.Dir, loc.Source
			if *flagRecord {
				t.Logf("Claude Code: %s", got)
			}
			if filepath.Clean(want) != filepath.Clean(got) {
				t.Errorf("memory dir:\nclaude:  %s\nmemlint: %s (from %s; main worktree root %s)", got, want, source, root)
			}
		})
	}
}

// memoryDirOf returns the memory dir the first main-loop request's system
// prompt names ("You have a persistent file-based memory at `DIR`").
func memoryDirOf(reqs []*apiRequest) string {
	first := firstMain(reqs)
	if first == nil {
		return ""
	}
	const marker = "persistent file-based memory at `"
	var system []struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(first.System, &system) != nil {
		return ""
	}
	for _, b := range system {
		if i := strings.Index(b.Text, marker); i >= 0 {
			rest := b.Text[i+len(marker):]
			if j := strings.IndexByte(rest, '`'); j >= 0 {
				return strings.TrimSuffix(rest[:j], "/")
			}
		}
	}
	return ""
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	// Fixed dates make the commit, and so the session's observation cache
	// key, the same in every run.
	cmd.Env = append(cleanEnv(), "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_DATE=2026-11-01T00:00:00Z", "GIT_COMMITTER_DATE=2026-11-01T00:00:00Z")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}
