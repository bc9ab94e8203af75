//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestClaudeHookStatusShowsNoSecret: a repository's .claude/settings.json
// whose memlint hooks carry a key in their command, name their program by
// a variable of the user's environment, or hold escape sequences and a
// forged workflow command: memlint hooks status --claude prints each
// command with the key masked, never expands the variable (what it holds
// is printed nowhere), and lets no raw control or line the GitHub Actions
// runner reads as a command through.
func TestClaudeHookStatusShowsNoSecret(t *testing.T) {
	hostileHome(t)
	const (
		token = "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"
		// What the user's environment holds: status must not print it.
		envValue = "/opt/sk-ant-api03-MemLintEnvValue0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV"
	)
	t.Setenv("MEMLINT_TOOLS", envValue)
	dir := t.TempDir()
	gitInit(t, dir)
	settings := `{"hooks": {
  "PostToolUse": [{"matcher": "Write|Edit", "hooks": [{"type": "command", "command": "GITHUB_TOKEN=` + token + ` memlint hooks run claude"}]}],
  "PreToolUse": [{"matcher": "Write|Edit", "hooks": [{"type": "command", "command": "\"$MEMLINT_TOOLS/memlint\" hooks run claude-guard"}]}],
  "SessionStart": [{"hooks": [{"type": "command\u001b[2J", "command": "echo '\u001b[31m\u202e\n::error file=x::forged\n##[warning]forged'; memlint hooks run claude-session"}]}]
}}`
	must(t, os.MkdirAll(filepath.Join(dir, ".claude"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(settings), 0o644))
	_, stdout, stderr := hostileRun(t, dir, "hooks", "status", "--claude")
	out := stdout + stderr
	if !strings.Contains(out, "hooks run claude-guard") || !strings.Contains(out, "hooks run claude-session") {
		t.Fatalf("status does not show the hooks:\n%s", out)
	}
	if strings.Contains(out, token) || !strings.Contains(out, "ghp_") {
		t.Errorf("status shows the key in the command whole, or not at all:\n%s", out)
	}
	if strings.Contains(out, "MemLintEnvValue") {
		t.Errorf("status expanded $MEMLINT_TOOLS from the environment and printed it:\n%s", out)
	}
	if !strings.Contains(out, "named by $MEMLINT_TOOLS, which memlint does not expand") {
		t.Errorf("status does not say it left $MEMLINT_TOOLS unexpanded:\n%s", out)
	}
	for _, s := range []string{stdout, stderr} {
		if c := rawControl([]byte(s)); c != "" {
			t.Errorf("raw control in the output: %q", c)
		}
		if l := workflowCommandLine(s, false); l != "" {
			t.Errorf("a line the GitHub Actions runner reads as a workflow command: %q", l)
		}
	}
}
