package hooks_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// The channels of the PostToolUse hook (SPEC §1.6): errors the write
// introduced block (exit 2, stderr), warnings it introduced are
// additional context (stdout JSON), and nothing else is said.

// contextOf decodes the hook's stdout: the additionalContext of a
// PostToolUse answer, or "" for no output.
func contextOf(t *testing.T, stdout string) string {
	t.Helper()
	if stdout == "" {
		return ""
	}
	var answer struct {
		HookSpecificOutput struct {
			HookEventName     string `json:"hookEventName"`
			AdditionalContext string `json:"additionalContext"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal([]byte(stdout), &answer); err != nil || !strings.HasSuffix(stdout, "}\n") || strings.Count(stdout, "\n") != 1 {
		t.Fatalf("stdout is not one line of JSON: %v\n%s", err, stdout)
	}
	if answer.HookSpecificOutput.HookEventName != "PostToolUse" {
		t.Fatalf("hookEventName %q, want PostToolUse:\n%s", answer.HookSpecificOutput.HookEventName, stdout)
	}
	return answer.HookSpecificOutput.AdditionalContext
}

func wantSilent(t *testing.T, r hookResult) {
	t.Helper()
	if r.code != 0 || r.stderr != "" || r.stdout != "" {
		t.Fatalf("exit %d, stderr %q, stdout %q; want exit 0 and no output", r.code, r.stderr, r.stdout)
	}
}

// unstructured is a feedback memory that gives neither its reason nor
// when it applies, in a label or in its own words (feedback-structure, a
// warning whose suggestion has three lines).
const unstructured = `---
name: feedback-lint
description: The linters of this repository need to be run by hand
type: feedback
---
Run the linters by hand.
`

const unstructuredAdvice = "- line 6: feedback memory gives neither its reason nor when it applies: add a **Why:** line and a **How to apply:** line [feedback-structure]\n" +
	"  → after the rule or fact, add:\n" +
	"    **Why:** <the reason>\n" +
	"    **How to apply:** <when and where it applies>\n"

func TestClaudeHookChannels(t *testing.T) {
	t.Parallel()
	dir := project(t)
	env := map[string]string{"CLAUDE_PROJECT_DIR": dir}
	mem := filepath.Join(dir, ".claude", "memory")
	index := filepath.Join(mem, "MEMORY.md")
	writeFile(t, index, validIndex+"- [Lint](feedback_lint.md) — linters run by hand\n")

	t.Run("a warning: additional context, exit 0", func(t *testing.T) {
		r := run(t, write(t, dir, filepath.Join(mem, "feedback_lint.md"), unstructured), env)
		if r.code != 0 || r.stderr != "" {
			t.Fatalf("exit %d, stderr %q; want 0 and nothing on stderr", r.code, r.stderr)
		}
		want := "memlint warnings for the memory you just wrote (.claude/memory/feedback_lint.md); they do not block, fix them unless they are wrong here:\n" +
			unstructuredAdvice + "Rules: memlint rules feedback-structure"
		if got := contextOf(t, r.stdout); got != want {
			t.Errorf("additional context:\n%s\nwant:\n%s", got, want)
		}
	})

	t.Run("the same warning again: old, silent", func(t *testing.T) {
		file := filepath.Join(mem, "feedback_lint.md")
		wantSilent(t, run(t, write(t, dir, file, strings.Replace(unstructured, "need to be", "must be", 1)), env))
	})

	t.Run("an error and a warning: both channels, exit 2", func(t *testing.T) {
		// A new file of a wrong type that the index does not list: the
		// error blocks, the orphan is context. Its description and body
		// are its own: copies of user_role.md's would be a
		// memory-duplicate.
		r := run(t, write(t, dir, filepath.Join(mem, "user_tz.md"), strings.NewReplacer("type: user", "type: User", "user-role", "user-tz",
			"description: The user is a senior Go engineer", "description: The user in Tokyo is a Go engineer",
			"senior Go engineer on the payments team", "night owl").Replace(validUser)), env)
		wantStderr := "memlint found problems in the memory you just wrote (.claude/memory/user_tz.md):\n" +
			"- line 4: type “User” must be lowercase “user”: Claude Code compares it exactly and ignores this memory's type → type: user [memory-type]\n" +
			"Fix them now; rules: memlint rules memory-type\n"
		if r.code != 2 || r.stderr != wantStderr {
			t.Fatalf("exit %d, stderr:\n%s\nwant exit 2 and:\n%s", r.code, r.stderr, wantStderr)
		}
		wantContext := "memlint warnings for the memory you just wrote (.claude/memory/user_tz.md); they do not block, fix them unless they are wrong here:\n" +
			"- memory is not listed in MEMORY.md, so the agent does not know it exists → add to MEMORY.md: - [user-tz](user_tz.md) — The user in Tokyo is a Go engineer who prefers terse answers [orphan-memory]\n" +
			"Rules: memlint rules orphan-memory"
		if got := contextOf(t, r.stdout); got != wantContext {
			t.Errorf("additional context:\n%s\nwant:\n%s", got, wantContext)
		}
	})

	t.Run("an index entry to a missing file: the whole suggestion", func(t *testing.T) {
		r := run(t, edit(t, dir, index, "- [Lint]", "- [Gone](gone.md) — a memory that does not exist\n- [Lint]", true), env)
		want := "memlint found problems in the memory you just wrote (.claude/memory/MEMORY.md):\n" +
			"- line 3: gone.md does not exist in this memory dir → fix the file name; if the memory is gone, keep what this entry says in a topic file while it still holds, then delete the entry [index-dangling-link]\n" +
			"Fix them now; rules: memlint rules index-dangling-link\n"
		if r.code != 2 || r.stderr != want {
			t.Fatalf("exit %d, stderr:\n%s\nwant exit 2 and:\n%s", r.code, r.stderr, want)
		}
		if r.stdout != "" {
			t.Errorf("no warning was introduced, yet stdout says:\n%s", r.stdout)
		}
	})
}

func TestClaudeHookMultiLineError(t *testing.T) {
	t.Parallel()
	// A team that makes feedback-structure an error gets its three-line
	// suggestion whole, indented below the finding, on the blocking channel.
	dir := project(t)
	writeFile(t, filepath.Join(dir, ".memlint.yaml"), previewConfig+"rules:\n  feedback-structure: error\n")
	mem := filepath.Join(dir, ".claude", "memory")
	writeFile(t, filepath.Join(mem, "MEMORY.md"), validIndex+"- [Lint](feedback_lint.md) — linters run by hand\n")
	r := run(t, write(t, dir, filepath.Join(mem, "feedback_lint.md"), unstructured), map[string]string{"CLAUDE_PROJECT_DIR": dir})
	want := "memlint found problems in the memory you just wrote (.claude/memory/feedback_lint.md):\n" +
		unstructuredAdvice + "Fix them now; rules: memlint rules feedback-structure\n"
	if r.code != 2 || r.stderr != want || r.stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s\nwant exit 2, no stdout, and:\n%s", r.code, r.stdout, r.stderr, want)
	}
}

func TestClaudeHookReadsDisk(t *testing.T) {
	t.Parallel()
	// Claude Code rewrites what the model sent before it reaches disk
	// (stamping): the hook judges the file on disk, not tool_input.
	dir := project(t)
	env := map[string]string{"CLAUDE_PROJECT_DIR": dir}
	file := filepath.Join(dir, ".claude", "memory", "user_role.md")
	ev := event(t, dir, "Write", map[string]any{"file_path": file, "content": "type: Nonsense\n"},
		map[string]any{"type": "update", "filePath": file, "content": validUser, "originalFile": validUser})
	wantSilent(t, run(t, ev, env))

	// And the other way round: what is on disk is wrong.
	bad := strings.Replace(validUser, "type: user", "type: person", 1)
	writeFile(t, file, bad)
	ev = event(t, dir, "Write", map[string]any{"file_path": file, "content": validUser},
		map[string]any{"type": "update", "filePath": file, "content": bad, "originalFile": validUser})
	wantBlock(t, run(t, ev, env), "[memory-type]")
}

func TestClaudeHookConfigError(t *testing.T) {
	t.Parallel()
	// A broken configuration is the user's to fix: exit 1, one line,
	// never exit 2 (the agent is not told to fix memory that is fine).
	// A write outside memory does not read the configuration at all.
	dir := project(t)
	env := map[string]string{"CLAUDE_PROJECT_DIR": dir}
	writeFile(t, filepath.Join(dir, ".memlint.yaml"), "rules:\n  no-such-rule: error\n")
	r := run(t, write(t, dir, filepath.Join(dir, ".claude", "memory", "user_x.md"), strings.Replace(validUser, "type: user", "type: User", 1)), env)
	if r.code != 1 || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, "memlint: ") || !strings.Contains(r.stderr, ".memlint.yaml") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1 and one line naming .memlint.yaml", r.code, r.stdout, r.stderr)
	}
	wantSilent(t, run(t, write(t, dir, filepath.Join(dir, "docs", "guide.md"), "---\ntype: Feedback\n---\n"), env))
}

func TestClaudeHookSilent(t *testing.T) {
	t.Parallel()
	// Nothing new, a file that is not memory, another tool, an event that
	// cannot be read: never a word on stdout, the agent's channel.
	dir := project(t)
	env := map[string]string{"CLAUDE_PROJECT_DIR": dir}
	wantSilent(t, run(t, write(t, dir, filepath.Join(dir, "notes.md"), unstructured), env))
	wantSilent(t, run(t, write(t, dir, filepath.Join(dir, ".claude", "memory", "user_role.md"), validUser), env))
	for _, ev := range []string{`{"hook_event_name": "PostToolUse", `, `[1]`, `{"tool_name":"Write","tool_input":{}}`} {
		if r := run(t, ev, env); r.code != 1 || r.stdout != "" {
			t.Errorf("%s: exit %d, stdout %q; want 1 and nothing on stdout", ev, r.code, r.stdout)
		}
	}
}
