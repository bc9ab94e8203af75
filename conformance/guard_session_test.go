package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/internal/hostiletest"
)

// memlint's PreToolUse guard and SessionStart summary as the real Claude
// Code runs them, installed by `memlint hooks install --claude --scope
// user` and through the plugin: a memory write holding an API key never reaches disk, the
// model is told why without the key, and the first request of a session
// over a nearly full index carries memlint's health summary.

// nearlyFullIndex is a MEMORY.md of 180 loaded lines (90 % of the line
// limit), each linking a topic file that exists.
func nearlyFullIndex(sb *sandbox) map[string]string {
	files := map[string]string{}
	var index strings.Builder
	for i := 1; i <= 180; i++ {
		name := fmt.Sprintf("project_note_%03d.md", i)
		fmt.Fprintf(&index, "- [Note %d](%s) — release checklist step %d for the payments service\n", i, name, i)
		files[filepath.Join(sb.MemDir, name)] = fmt.Sprintf("---\nname: project-note-%03d\ndescription: Release checklist step %d for the payments service\ntype: reference\n---\nStep %d of the payments release checklist.\n", i, i, i)
	}
	files[filepath.Join(sb.MemDir, "MEMORY.md")] = index.String()
	return files
}

// guardScript writes a memory holding an API key, then ends the turn.
func guardScript(sb *sandbox, key string) script {
	return func(n int, _ *apiRequest) reply {
		if n == 0 {
			return reply{Tool: "Write", Input: map[string]any{
				"file_path": filepath.Join(sb.MemDir, "reference_gateway_key.md"),
				"content":   "---\nname: gateway-key\ndescription: The API key the staging deploy uses for the model gateway\ntype: reference\n---\nThe staging deploy authenticates with " + key + ".\n",
			}}
		}
		return reply{Text: "done"}
	}
}

func TestGuardAndSessionHooks(t *testing.T) {
	t.Parallel()
	requireMemlint(t)
	for _, install := range []string{"settings", "plugin"} {
		t.Run(install, func(t *testing.T) {
			t.Parallel()
			sb := newSandbox(t)
			runPreviewRules(t, sb)
			sb.Env = []string{"PATH=" + filepath.Dir(memlintBin) + string(os.PathListSeparator) + os.Getenv("PATH")}
			key := hostiletest.FakeAnthropicKey(88172645)
			opt := sessionOptions{Script: guardScript(sb, key), Setup: nearlyFullIndex(sb)}
			if install == "plugin" {
				opt.Args = []string{"--plugin-dir", filepath.Join(repoRoot(t), "plugins", "memlint")}
			} else {
				// As a user without the plugin installs them.
				runMemlint(t, sb, sb.Repo, "hooks", "install", "--claude", "--scope", "user")
			}
			res := runSession(t, sb, opt)
			checkGuardSession(t, sb, res, key)
		})
	}
}

// checkGuardSession checks a session run with guardScript over
// nearlyFullIndex.
func checkGuardSession(t *testing.T, sb *sandbox, res sessionResult, key string) {
	t.Helper()
	var main []*apiRequest
	for _, r := range res.Requests {
		if len(r.Tools) > 0 {
			main = append(main, r)
		}
	}
	if len(main) < 2 {
		t.Fatalf("want 2 main-loop requests\n%s", res.describe())
	}
	if _, err := os.Stat(filepath.Join(sb.MemDir, "reference_gateway_key.md")); err == nil {
		t.Error("the memory holding an API key was written")
	}
	first := string(main[0].Raw)
	for _, want := range []string{"memlint: your auto memory", "MEMORY.md uses 180 of 200 lines (90 %)", "(or /memlint:memlint)"} {
		if !strings.Contains(first, want) {
			t.Errorf("the first request does not carry %q (the SessionStart summary)", want)
		}
	}
	result := toolResult(t, main[1])
	for _, want := range []string{"memlint stopped this write", "[secret]", "Anthropic API key (sk-ant-api03-…" + key[len(key)-4:] + ")", "rotate (revoke) the credential"} {
		if !strings.Contains(result, want) {
			t.Errorf("the tool result does not carry %q:\n%s", want, result)
		}
	}
	// The model sent the key in its own tool call, which the history
	// repeats; nothing else of the request may hold it.
	for _, m := range main[1].Messages {
		if m.Role == "assistant" {
			continue
		}
		if bytes.Contains(m.Content, []byte(key[13:60])) {
			t.Errorf("a %s message of the next request echoes the key:\n%.2000s", m.Role, m.Content)
		}
	}
	if bytes.Contains(main[1].System, []byte(key[13:60])) {
		t.Error("the system prompt of the next request echoes the key")
	}
}

// toolResult returns the text of the last tool_result of a request.
func toolResult(t *testing.T, req *apiRequest) string {
	t.Helper()
	for i := len(req.Messages) - 1; i >= 0; i-- {
		var blocks []struct {
			Type    string          `json:"type"`
			Content json.RawMessage `json:"content"`
			IsError bool            `json:"is_error"`
		}
		if json.Unmarshal(req.Messages[i].Content, &blocks) != nil {
			continue
		}
		for _, b := range blocks {
			if b.Type != "tool_result" {
				continue
			}
			if !b.IsError {
				t.Errorf("the tool result is not an error")
			}
			return strings.Join(apiMessage{Content: b.Content}.texts(), "\n")
		}
	}
	t.Fatalf("no tool_result in the request")
	return ""
}
