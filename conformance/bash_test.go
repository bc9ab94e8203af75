package conformance

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Memory written by the agent's Bash tool, as the real Claude Code runs
// memlint's hooks around it: a command that touches no memory is not
// heard of; `cat >> MEMORY.md` with an entry to a missing file gets
// memlint's blocking error (PostToolUse); a here-document putting an AWS
// key into a memory file is denied before it runs (PreToolUse) and the
// file is never written; a key the guard cannot see (base64 -d, in a
// command that then fails) is heard after the command
// (PostToolUseFailure). With memlint's hooks registered twice — user and
// project settings, or the plugin and user settings — Claude Code runs
// both, and the agent hears each finding once.

// fakeAWSKeyID is a made-up access key ID of the real format; AWS's own
// documented example (…EXAMPLE) is left alone by the secret rule.
const fakeAWSKeyID = "AKIAZ5Q3XKLMNOP7RSTU"

// bashScript runs the Bash commands of the test, one per request.
func bashScript(sb *sandbox) script {
	index := filepath.Join(sb.MemDir, "MEMORY.md")
	calls := []reply{
		{Tool: "Bash", Input: map[string]any{"command": "git status --short && echo checked", "description": "look at the repository"}},
		{Tool: "Bash", Input: map[string]any{"command": "cat >> " + index + " <<'EOF'\n- [Deploy](project_deploy.md) — how staging deploys\nEOF", "description": "index a memory"}},
		{Tool: "Bash", Input: map[string]any{"command": "cat > " + filepath.Join(sb.MemDir, "reference_aws.md") + " <<'EOF'\n---\nname: aws-deploy\ndescription: The AWS access key the deploy user signs requests with\ntype: reference\n---\naws key " + fakeAWSKeyID + " belongs to the deploy user\nEOF", "description": "save the key"}},
		// "aws key AKIAZ5Q3XKLMNOP7RSTU belongs to the deploy user", base64.
		{Tool: "Bash", Input: map[string]any{"command": "echo YXdzIGtleSBBS0lBWjVRM1hLTE1OT1A3UlNUVSBiZWxvbmdzIHRvIHRoZSBkZXBsb3kgdXNlcgo= | base64 -d >> " + index + " && false", "description": "save it another way"}},
	}
	return func(n int, _ *apiRequest) reply {
		if n < len(calls) {
			return calls[n]
		}
		return reply{Text: "done"}
	}
}

// hookMessage starts each hook message Claude Code adds after a tool result.
var hookMessage = regexp.MustCompile(`(?m)^(?:PreToolUse|PostToolUse|PostToolUseFailure):Bash hook `)

// newHookMessages returns the hook messages the request after call n
// carries that the one before did not (Claude Code repeats the earlier
// ones).
func newHookMessages(main []*apiRequest, n int) []string {
	split := func(req *apiRequest) []string {
		text := afterLastResult(req)
		idx := hookMessage.FindAllStringIndex(text, -1)
		var out []string
		for i, at := range idx {
			end := len(text)
			if i+1 < len(idx) {
				end = idx[i+1][0]
			}
			out = append(out, strings.TrimSpace(text[at[0]:end]))
		}
		return out
	}
	old := split(main[n])
	var added []string
	for _, m := range split(main[n+1]) {
		if i := slices.Index(old, m); i >= 0 {
			old = slices.Delete(old, i, i+1)
			continue
		}
		added = append(added, m)
	}
	return added
}

// checkBashSession checks what the agent heard after each call of
// bashScript.
func checkBashSession(t *testing.T, sb *sandbox, res sessionResult) {
	t.Helper()
	main := mainLoop(res.Requests)
	if len(main) < 5 {
		t.Fatalf("want 5 main-loop requests\n%s", res.describe())
	}
	// The index's entry to a deleted memory is an error when the session
	// starts: the summary is told once, though both registrations ran.
	if n := strings.Count(string(main[0].Raw), "memlint: your auto memory"); n != 1 {
		t.Errorf("the first request carries the SessionStart summary %d times, want once", n)
	}
	if got := newHookMessages(main, 0); len(got) > 0 {
		t.Errorf("a command that touches no memory was heard of:\n%s", strings.Join(got, "\n---\n"))
	}
	want := func(call int, event string, has ...string) {
		t.Helper()
		got := newHookMessages(main, call)
		if len(got) != 1 {
			t.Errorf("after call %d: %d hook messages, want one:\n%s", call, len(got), strings.Join(got, "\n---\n"))
			return
		}
		if !strings.HasPrefix(got[0], event+":Bash hook blocking error from command: ") {
			t.Errorf("after call %d: not a %s blocking error:\n%s", call, event, got[0])
		}
		for _, s := range append(has, "memlint found problems in the memory your command changed") {
			if !strings.Contains(got[0], s) {
				t.Errorf("after call %d: the message lacks %q:\n%s", call, s, got[0])
			}
		}
		if strings.Contains(got[0], fakeAWSKeyID) {
			t.Errorf("after call %d: the message repeats the key:\n%s", call, got[0])
		}
	}
	want(1, "PostToolUse", "MEMORY.md", "project_deploy.md does not exist", "[index-dangling-link]")

	// The here-document with the key: denied, the file never written.
	if _, err := os.Stat(filepath.Join(sb.MemDir, "reference_aws.md")); err == nil {
		t.Error("the command writing an AWS key into memory ran")
	}
	result := toolResultOf(t, main[3], "toolu_02")
	for _, s := range []string{"PreToolUse:Bash hook error", "memlint stopped this command, which writes to", "reference_aws.md", "(nothing was run)", "[secret]"} {
		if !strings.Contains(result, s) {
			t.Errorf("the denied command's result lacks %q:\n%s", s, result)
		}
	}
	if n := strings.Count(result, "memlint stopped this command"); n != 1 {
		t.Errorf("the denial is told %d times:\n%s", n, result)
	}
	if strings.Contains(result, fakeAWSKeyID) {
		t.Errorf("the denial repeats the key:\n%s", result)
	}
	if got := newHookMessages(main, 2); len(got) > 0 {
		t.Errorf("after the denied command, hook messages:\n%s", strings.Join(got, "\n---\n"))
	}

	// base64 -d: only the PostToolUseFailure hook can know.
	want(3, "PostToolUseFailure", "MEMORY.md", "[secret]")
}

// toolResultOf returns the text of the tool_result of tool call id in a
// request, and fails the test unless it is an error.
func toolResultOf(t *testing.T, req *apiRequest, id string) string {
	t.Helper()
	for _, m := range req.Messages {
		var blocks []struct {
			Type      string          `json:"type"`
			ToolUseID string          `json:"tool_use_id"`
			Content   json.RawMessage `json:"content"`
			IsError   bool            `json:"is_error"`
		}
		if json.Unmarshal(m.Content, &blocks) != nil {
			continue
		}
		for _, b := range blocks {
			if b.Type == "tool_result" && b.ToolUseID == id {
				if !b.IsError {
					t.Errorf("the result of %s is not an error", id)
				}
				return strings.Join(apiMessage{Content: b.Content}.texts(), "\n")
			}
		}
	}
	t.Fatalf("no tool_result of %s in the request", id)
	return ""
}

// bashIndex is the index the Bash sessions start with: one of its entries
// names a memory since deleted, an error the SessionStart summary tells.
const bashIndex = channelIndex + "- [Gone](project_gone.md) — a memory since deleted\n"

// bashSandbox is a sandbox whose PATH has the memlint under test (the
// project scope's hooks and the plugin's launcher run memlint from PATH).
func bashSandbox(t *testing.T) *sandbox {
	t.Helper()
	sb := newSandbox(t)
	runPreviewRules(t, sb)
	sb.Env = []string{"PATH=" + filepath.Dir(memlintBin) + string(os.PathListSeparator) + os.Getenv("PATH")}
	return sb
}

// allowBash lets the session run Bash without asking (memory writes need
// no permission).
var allowBash = []string{"--allowedTools", "Bash"}

func TestBashHooksTwoScopes(t *testing.T) {
	t.Parallel()
	requireMemlint(t)
	sb := bashSandbox(t)
	for _, scope := range []string{"user", "project"} {
		runMemlint(t, sb, sb.Repo, "hooks", "install", "--claude", "--scope", scope)
	}
	status := string(runMemlint(t, sb, sb.Repo, "hooks", "status", "--claude"))
	if !strings.Contains(status, "registered at more than one scope (user, project)") {
		t.Errorf("status does not warn of hooks at two scopes:\n%s", status)
	}
	res := runSession(t, sb, sessionOptions{
		Args:   allowBash,
		Setup:  map[string]string{filepath.Join(sb.MemDir, "MEMORY.md"): bashIndex, filepath.Join(sb.MemDir, "feedback_lint.md"): unstructuredFeedback},
		Script: bashScript(sb),
	})
	checkBashSession(t, sb, res)
}

func TestBashHooksPluginAndSettings(t *testing.T) {
	t.Parallel()
	requireMemlint(t)
	sb := bashSandbox(t)
	runMemlint(t, sb, sb.Repo, "hooks", "install", "--claude", "--scope", "user")
	res := runSession(t, sb, sessionOptions{
		Args:   append([]string{"--plugin-dir", filepath.Join(repoRoot(t), "plugins", "memlint")}, allowBash...),
		Setup:  map[string]string{filepath.Join(sb.MemDir, "MEMORY.md"): bashIndex, filepath.Join(sb.MemDir, "feedback_lint.md"): unstructuredFeedback},
		Script: bashScript(sb),
	})
	checkBashSession(t, sb, res)
}
