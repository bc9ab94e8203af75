package conformance

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// What the agent hears from memlint's PostToolUse hook, in a session of
// the real Claude Code: a blocking error, with its whole suggestion, for
// an error-level problem the write introduced; additional context for
// warnings; nothing for a write outside memory. Once with the hooks
// `memlint hooks install --claude --scope user` writes, once with the
// plugin (--plugin-dir plugins/memlint).

// unstructuredFeedback gives neither its reason nor when it applies, in a
// label or in its own words: a feedback-structure warning, whose
// suggestion has three lines.
const unstructuredFeedback = "---\nname: feedback-lint\ndescription: The linters of this repository need to be run by hand\ntype: feedback\n---\nRun the linters by hand.\n"

// orphanUser is a user memory the index does not list (orphan-memory, a
// warning).
const orphanUser = "---\nname: user-tz\ndescription: The user works from Lisbon and keeps European hours\ntype: user\n---\nThe user works from Lisbon.\n"

// channelIndex lists the feedback memory the session writes first.
const channelIndex = "- [Lint](feedback_lint.md) — linters run by hand\n"

// channelsScript writes outside memory, a feedback memory without its
// structure, an index entry to a missing file (Read first: Claude Code
// edits only files it has read), and an orphan.
func channelsScript(sb *sandbox) script {
	index := filepath.Join(sb.MemDir, "MEMORY.md")
	calls := []reply{
		{Tool: "Write", Input: map[string]any{"file_path": filepath.Join(sb.Repo, "notes.txt"), "content": "not memory\n"}},
		{Tool: "Write", Input: map[string]any{"file_path": filepath.Join(sb.MemDir, "feedback_lint.md"), "content": unstructuredFeedback}},
		{Tool: "Read", Input: map[string]any{"file_path": index}},
		{Tool: "Edit", Input: map[string]any{"file_path": index, "old_string": "- [Lint]", "new_string": "- [Gone](gone.md) — a memory that was never written\n- [Lint]"}},
		{Tool: "Write", Input: map[string]any{"file_path": filepath.Join(sb.MemDir, "user_tz.md"), "content": orphanUser}},
	}
	return func(n int, _ *apiRequest) reply {
		if n < len(calls) {
			return calls[n]
		}
		return reply{Text: "done"}
	}
}

// checkChannels checks what the hooks said after each call of
// channelsScript; memlint is how the hook's command starts.
func checkChannels(t *testing.T, res sessionResult, memlint string) {
	t.Helper()
	main := mainLoop(res.Requests)
	if len(main) < 6 {
		t.Fatalf("want 6 main-loop requests\n%s", res.describe())
	}
	if failed := toolErrors(res.Requests); len(failed) > 0 {
		t.Fatalf("a tool call failed (a hook denied it?): %s", strings.Join(failed, "; "))
	}
	// What the hooks of a call said: the hook messages after the call's
	// tool_result that the request before it did not carry (Claude Code
	// keeps the earlier ones in the system message after the last result,
	// one after the other, each starting with the event's name).
	blocks := func(req *apiRequest) []string {
		var out []string
		for _, b := range strings.Split(afterLastResult(req), "PostToolUse:")[1:] {
			out = append(out, "PostToolUse:"+strings.TrimSpace(b))
		}
		return out
	}
	after := func(call int) string {
		old := blocks(main[call])
		var out []string
		for _, b := range blocks(main[call+1]) {
			if !slices.Contains(old, b) {
				out = append(out, b)
			}
		}
		return strings.Join(out, "\n\n")
	}
	if got := after(0); strings.Contains(got, "memlint") {
		t.Errorf("a write outside memory produced a message:\n%s", got)
	}
	wants := []struct {
		call        int
		has, hasNot []string
	}{
		{1, []string{"PostToolUse:Write hook additional context: memlint warnings for the memory you just wrote",
			"feedback_lint.md", "[feedback-structure]\n  → after the rule or fact, add:\n    **Why:** <the reason>\n    **How to apply:** <when and where it applies>"},
			[]string{"blocking error"}},
		{3, []string{"PostToolUse:Edit hook blocking error from command: \"" + memlint + " hooks run claude\"",
			"memlint found problems in the memory you just wrote", "MEMORY.md",
			"gone.md does not exist in this memory dir → fix the file name; if the memory is gone, keep what this entry says in a topic file while it still holds, then delete the entry [index-dangling-link]"},
			[]string{"additional context"}},
		{4, []string{"PostToolUse:Write hook additional context: memlint warnings for the memory you just wrote",
			"add to MEMORY.md: - [user-tz](user_tz.md) — The user works from Lisbon and keeps European hours [orphan-memory]"},
			[]string{"blocking error"}},
	}
	for _, w := range wants {
		got := after(w.call)
		for _, s := range w.has {
			if !strings.Contains(got, s) {
				t.Errorf("after call %d, the request does not carry %q:\n%s", w.call, s, got)
			}
		}
		for _, s := range w.hasNot {
			if strings.Contains(got, s) {
				t.Errorf("after call %d, the request carries %q:\n%s", w.call, s, got)
			}
		}
	}
}

// mainLoop returns the requests of the main loop (those offering tools),
// in order.
func mainLoop(reqs []*apiRequest) []*apiRequest {
	var main []*apiRequest
	for _, r := range reqs {
		if len(r.Tools) > 0 {
			main = append(main, r)
		}
	}
	return main
}

func TestHookChannelsInstalled(t *testing.T) {
	t.Parallel()
	requireMemlint(t)
	sb := newSandbox(t)
	runPreviewRules(t, sb)
	out := string(runMemlint(t, sb, sb.Repo, "hooks", "install", "--claude", "--scope", "user"))
	settings := filepath.Join(sb.Home, ".claude", "settings.json")
	for _, w := range []string{"installed memlint's Claude Code hook in " + settings, "hooks run claude-guard", "hooks run claude-session", "/hooks"} {
		if !strings.Contains(out, w) {
			t.Errorf("install output lacks %q:\n%s", w, out)
		}
	}
	status := string(runMemlint(t, sb, sb.Repo, "hooks", "status", "--claude", "--scope", "user"))
	if !strings.Contains(status, "memlint's Claude Code hook is installed in "+settings+" (PostToolUse, matcher \"Write|Edit|Bash\")") {
		t.Errorf("status does not tell the user-scope hook:\n%s", status)
	}
	res := runSession(t, sb, sessionOptions{
		Args:   acceptEdits,
		Setup:  map[string]string{filepath.Join(sb.MemDir, "MEMORY.md"): channelIndex},
		Script: channelsScript(sb),
	})
	checkChannels(t, res, "'"+memlintBin+"'")
}

func TestHookChannelsPlugin(t *testing.T) {
	t.Parallel()
	requireMemlint(t)
	sb := newSandbox(t)
	runPreviewRules(t, sb)
	sb.Env = []string{"PATH=" + filepath.Dir(memlintBin) + string(os.PathListSeparator) + os.Getenv("PATH")}
	plugin := filepath.Join(repoRoot(t), "plugins", "memlint")
	res := runSession(t, sb, sessionOptions{
		Args:   append([]string{"--plugin-dir", plugin}, acceptEdits...),
		Setup:  map[string]string{filepath.Join(sb.MemDir, "MEMORY.md"): channelIndex},
		Script: channelsScript(sb),
	})
	// Claude Code names the command with ${CLAUDE_PLUGIN_ROOT} expanded.
	checkChannels(t, res, `"`+filepath.Join(plugin, "bin", "memlint")+`"`)
}
