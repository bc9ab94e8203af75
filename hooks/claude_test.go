package hooks_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/memlint/memlint/hooks"
	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/checker"
	"github.com/memlint/memlint/rules"
)

const validFeedback = `---
name: feedback-testing
description: Integration tests must hit a real database, never mocks
type: feedback
---
Integration tests must hit a real database.

**Why:** mocks hid a broken migration on 2026-01-12.

**How to apply:** every test under tests/integration.
`

const validUser = `---
name: user-role
description: The user is a senior Go engineer who prefers terse answers
type: user
---
The user is a senior Go engineer on the payments team and prefers terse answers.
`

const validIndex = `- [Testing](feedback_testing.md) — integration tests must hit a real database
- [User role](user_role.md) — senior Go engineer, terse answers
`

// previewConfig is the .memlint.yaml of a project that runs every rule,
// the preview ones included: the hooks take no flags, so the tests of
// what they say about findings run with it at the project's top level.
const previewConfig = "preview: true\n"

// writePreviewConfig writes previewConfig to dir's .memlint.yaml.
func writePreviewConfig(t *testing.T, dir string) {
	t.Helper()
	writeFile(t, filepath.Join(dir, lint.ConfigFileName), previewConfig)
}

// project creates a project with a committed memory dir, .claude/memory,
// and a .memlint.yaml that runs every rule (previewConfig), and returns
// its folder.
func project(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n")
	writePreviewConfig(t, dir)
	mem := filepath.Join(dir, ".claude", "memory")
	writeFile(t, filepath.Join(mem, "MEMORY.md"), validIndex)
	writeFile(t, filepath.Join(mem, "feedback_testing.md"), validFeedback)
	writeFile(t, filepath.Join(mem, "user_role.md"), validUser)
	return dir
}

func writeFile(t *testing.T, file, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// event builds a PostToolUse event as Claude Code sends it.
func event(t *testing.T, cwd, tool string, input, response map[string]any) string {
	t.Helper()
	ev := map[string]any{
		"session_id":      "5e482d65-0c9e-4f7b-9a56-0d3f1c2b7a10",
		"transcript_path": "/home/u/.claude/projects/x/5e482d65.jsonl",
		"cwd":             cwd,
		"permission_mode": "default",
		"hook_event_name": "PostToolUse",
		"tool_name":       tool,
		"tool_input":      input,
	}
	if response != nil {
		ev["tool_response"] = response
	}
	b, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// write writes content to file as Claude Code's Write tool does and
// returns the event it sends.
func write(t *testing.T, cwd, file, content string) string {
	t.Helper()
	abs := file
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(cwd, file)
	}
	resp := map[string]any{"type": "create", "filePath": abs, "content": content, "structuredPatch": []any{}, "originalFile": nil}
	if old, err := os.ReadFile(abs); err == nil {
		resp["type"], resp["originalFile"] = "update", string(old)
	}
	writeFile(t, abs, content)
	return event(t, cwd, "Write", map[string]any{"file_path": file, "content": content}, resp)
}

// edit applies one Edit to file and returns the event; with original, the
// response carries originalFile as Claude Code's does.
func edit(t *testing.T, cwd, file, old, new string, original bool) string {
	t.Helper()
	before := readFile(t, file)
	if strings.Count(before, old) != 1 {
		t.Fatalf("edit: %q occurs %d times in %s", old, strings.Count(before, old), file)
	}
	writeFile(t, file, strings.Replace(before, old, new, 1))
	resp := map[string]any{"filePath": file, "oldString": old, "newString": new, "replaceAll": false, "userModified": false, "structuredPatch": []any{}}
	if original {
		resp["originalFile"] = before
	}
	return event(t, cwd, "Edit", map[string]any{"file_path": file, "old_string": old, "new_string": new}, resp)
}

// multiEdit applies edits (old, new pairs) in order and returns the event,
// without originalFile in the response.
func multiEdit(t *testing.T, cwd, file string, pairs ...string) string {
	t.Helper()
	content := readFile(t, file)
	var edits []map[string]any
	for i := 0; i+1 < len(pairs); i += 2 {
		if strings.Count(content, pairs[i]) != 1 {
			t.Fatalf("multiEdit: %q occurs %d times", pairs[i], strings.Count(content, pairs[i]))
		}
		content = strings.Replace(content, pairs[i], pairs[i+1], 1)
		edits = append(edits, map[string]any{"old_string": pairs[i], "new_string": pairs[i+1]})
	}
	writeFile(t, file, content)
	return event(t, cwd, "MultiEdit", map[string]any{"file_path": file, "edits": edits},
		map[string]any{"filePath": file, "edits": edits})
}

// run runs the hook on an event; env is what getenv sees.
func run(t *testing.T, ev string, env map[string]string) hookResult {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := hooks.RunClaudeHook(strings.NewReader(ev), &stdout, &stderr, checker.Request{Registry: rules.Registry(), Redact: rules.Redact, Getenv: func(k string) string { return env[k] }})
	return hookResult{code, stderr.String(), stdout.String()}
}

type hookResult struct {
	code   int
	stderr string
	stdout string
}

func wantQuiet(t *testing.T, r hookResult) {
	t.Helper()
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q; want exit 0 and no output", r.code, r.stderr)
	}
}

func wantBlock(t *testing.T, r hookResult, wants ...string) {
	t.Helper()
	if r.code != 2 {
		t.Fatalf("exit %d, stderr %q; want exit 2", r.code, r.stderr)
	}
	for _, w := range wants {
		if !strings.Contains(r.stderr, w) {
			t.Errorf("stderr does not mention %q:\n%s", w, r.stderr)
		}
	}
	if lines := strings.Count(r.stderr, "\n"); lines > 12 {
		t.Errorf("stderr has %d lines, want a short message:\n%s", lines, r.stderr)
	}
}

func TestRunClaudeHookWrite(t *testing.T) {
	t.Parallel()
	dir := project(t)
	env := map[string]string{"CLAUDE_PROJECT_DIR": dir}
	mem := filepath.Join(dir, ".claude", "memory")

	t.Run("valid new memory", func(t *testing.T) {
		wantQuiet(t, run(t, write(t, dir, filepath.Join(mem, "reference_linear.md"), `---
name: reference-linear
description: Bugs for the payments team are tracked in the Linear project PAY
type: reference
---
Payments bugs live in Linear, project PAY.
`), env))
	})

	t.Run("bad new memory", func(t *testing.T) {
		r := run(t, write(t, dir, filepath.Join(mem, "feedback_review.md"), `---
name: feedback-review
description: Code review comments must name the rule they apply
type: Feedback
---
Review comments must name the rule they apply.

**Why:** reviewers argued about taste.

**How to apply:** every review comment.
`), env)
		wantBlock(t, r,
			"memlint found problems in the memory you just wrote (.claude/memory/feedback_review.md):\n",
			"- line 4: type “Feedback” must be lowercase “feedback”",
			"→ type: feedback [memory-type]\n",
			"Fix them now; rules: memlint rules memory-type\n")
	})

	t.Run("rewrite of a file that was already bad", func(t *testing.T) {
		// originalFile holds the previous content: its finding is old.
		file := filepath.Join(mem, "feedback_review.md")
		content := strings.Replace(readFile(t, file), "every review comment", "every review comment, also drafts", 1)
		wantQuiet(t, run(t, write(t, dir, file, content), env))
	})

	t.Run("rewrite that breaks a good file", func(t *testing.T) {
		file := filepath.Join(mem, "user_role.md")
		r := run(t, write(t, dir, file, strings.Replace(validUser, "type: user", "type: person", 1)), env)
		wantBlock(t, r, "(.claude/memory/user_role.md)", "[memory-type]")
	})

	t.Run("relative file_path", func(t *testing.T) {
		r := run(t, write(t, dir, ".claude/memory/user_x.md", strings.Replace(validUser, "type: user", "type: User", 1)), env)
		wantBlock(t, r, "(.claude/memory/user_x.md)")
	})
}

func TestRunClaudeHookIndex(t *testing.T) {
	t.Parallel()
	dir := project(t)
	env := map[string]string{"CLAUDE_PROJECT_DIR": dir}
	mem := filepath.Join(dir, ".claude", "memory")
	index := filepath.Join(mem, "MEMORY.md")

	// A link to a memory that does not exist, written into the index.
	r := run(t, edit(t, dir, index, "(user_role.md)", "(user-role.md)", true), env)
	wantBlock(t, r, "(.claude/memory/MEMORY.md):\n", "- line 2:", "[index-dangling-link]")

	// That error is now old: a new, valid topic file does not report it,
	r = run(t, write(t, dir, filepath.Join(mem, "project_launch.md"), `---
name: project-launch
description: The payments launch is frozen until the audit ends on 2026-03-05
type: project
---
Launch is frozen until the audit ends on 2026-03-05.

**Why:** the auditor asked for a stable system.

**How to apply:** no deploys to payments before that date.
`), env)
	wantQuiet(t, r)

	// and a bad one reports only its own finding.
	r = run(t, write(t, dir, filepath.Join(mem, "user_x.md"), strings.Replace(validUser, "type: user", "type: User", 1)), env)
	wantBlock(t, r, "[memory-type]")
	if strings.Contains(r.stderr, "index-dangling-link") {
		t.Errorf("an index finding the write did not introduce is reported:\n%s", r.stderr)
	}

	// A copy of an existing memory is worth a warning, not an error.
	r = run(t, write(t, dir, filepath.Join(mem, "feedback_other.md"), validFeedback), env)
	wantQuiet(t, r)
}

// eachEditStyle runs f for an Edit event with originalFile in its
// response, as Claude Code sends it, and for one without, whose previous
// content the hook works out by undoing the edit.
func eachEditStyle(t *testing.T, f func(t *testing.T, original bool)) {
	for _, original := range []bool{true, false} {
		name := "undone"
		if original {
			name = "originalFile"
		}
		t.Run(name, func(t *testing.T) { f(t, original) })
	}
}

func TestRunClaudeHookEdit(t *testing.T) {
	t.Parallel()
	eachEditStyle(t, func(t *testing.T, original bool) {
		dir := project(t)
		env := map[string]string{"CLAUDE_PROJECT_DIR": dir}
		file := filepath.Join(dir, ".claude", "memory", "feedback_testing.md")

		// An Edit that introduces an error.
		r := run(t, edit(t, dir, file, "type: feedback", "type: Feedback", original), env)
		wantBlock(t, r, "- line 4: type “Feedback”", "→ type: feedback [memory-type]")

		// An Edit elsewhere in that file: the error was there before.
		r = run(t, edit(t, dir, file, "every test under", "each test under", original), env)
		wantQuiet(t, r)

		// Fixing it is quiet too.
		r = run(t, edit(t, dir, file, "type: Feedback", "type: feedback", original), env)
		wantQuiet(t, r)
	})
}

// strandedType is validFeedback with its type line moved below the
// closing ---: an error whose message names line numbers ("a type: line
// is on line 5, below the --- on line 4").
var strandedType = strings.Replace(validFeedback, "type: feedback\n---\n", "---\ntype: feedback\n", 1)

func TestRunClaudeHookEditAboveOldError(t *testing.T) {
	t.Parallel()
	// Findings are matched by fingerprint, not by message: an Edit that
	// moves an old error down leaves it old, though its message now
	// names other lines, and a new error next to it is still new.
	eachEditStyle(t, func(t *testing.T, original bool) {
		dir := project(t)
		env := map[string]string{"CLAUDE_PROJECT_DIR": dir}
		file := filepath.Join(dir, ".claude", "memory", "feedback_testing.md")
		writeFile(t, file, strandedType)
		// The error is old: an Edit below it is quiet.
		wantQuiet(t, run(t, edit(t, dir, file, "mocks hid", "mocks once hid", original), env))

		// Two lines inserted above the error.
		r := run(t, edit(t, dir, file, "name: feedback-testing\n", "# reviewed with the payments team\n# on 2026-01-12\nname: feedback-testing\n", original), env)
		wantQuiet(t, r)

		// A second error of the same rule at the same place (both flag
		// the opening ---) is new; the old one is not reported again.
		r = run(t, edit(t, dir, file, "description: Integration", "summary: Integration", original), env)
		wantBlock(t, r, "frontmatter has no description", "[frontmatter-required]")
		if strings.Contains(r.stderr, "has no type") {
			t.Errorf("the old error is reported as new:\n%s", r.stderr)
		}
	})
}

func TestRunClaudeHookDuplicateFindings(t *testing.T) {
	t.Parallel()
	// Findings are a multiset: two identical old findings and three after
	// the write make one new one.
	dir := project(t)
	env := map[string]string{"CLAUDE_PROJECT_DIR": dir}
	index := filepath.Join(dir, ".claude", "memory", "MEMORY.md")
	gone := "- [Gone](gone.md) — a memory that does not exist\n"
	writeFile(t, index, validIndex+gone+gone)
	r := run(t, edit(t, dir, index, "- [Testing]", gone+"- [Testing]", true), env)
	wantBlock(t, r, "[index-dangling-link]")
	if n := strings.Count(r.stderr, "[index-dangling-link]"); n != 1 {
		t.Errorf("%d dangling-link findings reported, want the one new:\n%s", n, r.stderr)
	}
}

func TestRunClaudeHookEditAmbiguous(t *testing.T) {
	t.Parallel()
	// The new text occurs twice and no originalFile says what was there:
	// the previous content is unknown, so the file's errors all count.
	dir := project(t)
	env := map[string]string{"CLAUDE_PROJECT_DIR": dir}
	file := filepath.Join(dir, ".claude", "memory", "feedback_testing.md")
	writeFile(t, file, strings.Replace(validFeedback, "type: feedback", "type: Feedback", 1)+"\nmocks mocks\n")
	ev := edit(t, dir, file, "never mocks", "mocks", false)
	r := run(t, ev, env)
	wantBlock(t, r, "[memory-type]")
}

func TestRunClaudeHookMultiEdit(t *testing.T) {
	t.Parallel()
	dir := project(t)
	env := map[string]string{"CLAUDE_PROJECT_DIR": dir}
	file := filepath.Join(dir, ".claude", "memory", "feedback_testing.md")

	r := run(t, multiEdit(t, dir, file,
		"a real database.", "a real database (Postgres 16).",
		"type: feedback", "type: feedbacks"), env)
	wantBlock(t, r, "[memory-type]")

	r = run(t, multiEdit(t, dir, file,
		"(Postgres 16)", "(Postgres 17)",
		"every test", "each test"), env)
	wantQuiet(t, r)
}

func TestRunClaudeHookClaudeHome(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	repo := t.TempDir()
	writePreviewConfig(t, repo)
	claude := filepath.Join(home, "claude")
	mem := filepath.Join(claude, "projects", claudecode.ProjectKey(repo), "memory")
	env := map[string]string{"CLAUDE_CONFIG_DIR": claude, "CLAUDE_PROJECT_DIR": repo}

	// No MEMORY.md yet: Claude Code writes the first topic file before
	// the index, and its folder is memory all the same.
	r := run(t, write(t, repo, filepath.Join(mem, "user_role.md"), strings.Replace(validUser, "type: user", "type: admin", 1)), env)
	wantBlock(t, r, "memlint found problems in the memory you just wrote ("+filepath.ToSlash(filepath.Join(mem, "user_role.md"))+"):", "[memory-type]")

	// The same file under HOME/.claude.
	env = map[string]string{"HOME": home, "CLAUDE_PROJECT_DIR": repo}
	mem = filepath.Join(home, ".claude", "projects", "-some-key", "memory")
	r = run(t, write(t, repo, filepath.Join(mem, "user_role.md"), strings.Replace(validUser, "type: user", "type: admin", 1)), env)
	wantBlock(t, r, "[memory-type]")
}

func TestRunClaudeHookMemoryLayouts(t *testing.T) {
	t.Parallel()
	bad := strings.Replace(validUser, "type: user", "type: users", 1)
	for _, rel := range []string{
		".claude/agent-memory/reviewer/user_role.md",       // subagent memory, no index
		".claude/agent-memory-local/reviewer/user_role.md", // local subagent memory
		"memory/team/user_role.md",                         // team/ inside a memory dir
		"memory/archive/user_role.md",                      // a subfolder of a memory dir
		"docs/claude-memory/user_role.md",                  // named memory dir with memory in it
	} {
		t.Run(rel, func(t *testing.T) {
			dir := t.TempDir()
			writePreviewConfig(t, dir)
			env := map[string]string{"CLAUDE_PROJECT_DIR": dir}
			writeFile(t, filepath.Join(dir, "memory", "MEMORY.md"), "- [User](user_role.md) — who the user is\n")
			writeFile(t, filepath.Join(dir, "memory", "user_role.md"), validUser)
			writeFile(t, filepath.Join(dir, "docs", "claude-memory", "feedback_testing.md"), validFeedback)
			r := run(t, write(t, dir, filepath.Join(dir, rel), bad), env)
			wantBlock(t, r, "("+rel+")", "[memory-type]")
		})
	}

	t.Run("log", func(t *testing.T) {
		dir := project(t)
		env := map[string]string{"CLAUDE_PROJECT_DIR": dir}
		r := run(t, write(t, dir, filepath.Join(dir, ".claude/memory/logs/2026/03/2026-03-05.md"), "- 10:00 started\n"), env)
		wantQuiet(t, r)
		r = run(t, write(t, dir, filepath.Join(dir, ".claude/memory/logs/2026/03/notes.md"), "- 10:00 started\n"), env)
		wantBlock(t, r, "[log-path]")
	})
}

func TestRunClaudeHookResolvesLikeDiscovery(t *testing.T) {
	t.Parallel()
	// The hook's memory dir of a file is the one memory dir discovery
	// finds, plus the folders Claude Code itself writes memory to.
	bad := strings.Replace(validUser, "type: user", "type: users", 1)
	for _, c := range []struct {
		name     string
		existing map[string]string // files present before the write
		rel      string            // the file written
	}{
		{"a subagent's folder outside .claude, holding memory",
			map[string]string{"tools/agent-memory/reviewer/feedback_testing.md": validFeedback},
			"tools/agent-memory/reviewer/user_role.md"},
		{"a hidden folder with an index",
			map[string]string{".notes/MEMORY.md": "- [User](user_role.md) — who the user is\n"},
			".notes/user_role.md"},
		{"a folder named memory holding memory, below another",
			map[string]string{"docs/memory/feedback_testing.md": validFeedback},
			"docs/memory/people/user_role.md"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writePreviewConfig(t, dir)
			for rel, content := range c.existing {
				writeFile(t, filepath.Join(dir, rel), content)
			}
			r := run(t, write(t, dir, filepath.Join(dir, c.rel), bad), map[string]string{"CLAUDE_PROJECT_DIR": dir})
			wantBlock(t, r, "("+c.rel+")", "[memory-type]")
		})
	}
}

func TestRunClaudeHookNotMemory(t *testing.T) {
	t.Parallel()
	dir := project(t)
	env := map[string]string{"CLAUDE_PROJECT_DIR": dir}
	broken := "---\ntype: Feedback\n---\nbroken\n"
	for name, ev := range map[string]string{
		"markdown outside memory":    write(t, dir, filepath.Join(dir, "docs", "guide.md"), broken),
		"deep markdown":              write(t, dir, filepath.Join(dir, "a/b/c/d/e/f/g/h/i/j/notes.md"), broken),
		"non-markdown in memory dir": write(t, dir, filepath.Join(dir, ".claude", "memory", "notes.txt"), broken),
		"folder named memory, not memory": write(t, dir, filepath.Join(dir, "src", "memory", "alloc.md"),
			"# Allocator\n\nHow the arena allocator works.\n"),
		"another tool":          event(t, dir, "Read", map[string]any{"file_path": filepath.Join(dir, ".claude", "memory", "user_role.md")}, nil),
		"before the tool":       strings.Replace(write(t, dir, filepath.Join(dir, ".claude", "memory", "x.md"), broken), `"PostToolUse"`, `"PreToolUse"`, 1),
		"a tool without a file": `{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_response":{"stdout":""}}`,
	} {
		t.Run(name, func(t *testing.T) {
			wantQuiet(t, run(t, ev, env))
		})
	}
}

func TestRunClaudeHookBadEvent(t *testing.T) {
	t.Parallel()
	for name, ev := range map[string]string{
		"malformed JSON":    `{"hook_event_name": "PostToolUse", "tool_name": "Write", `,
		"empty input":       ``,
		"not an object":     `[1, 2]`,
		"missing file_path": `{"hook_event_name":"PostToolUse","tool_name":"Write","tool_input":{"content":"x"}}`,
		"wrong type":        `{"hook_event_name":"PostToolUse","tool_name":"Write","tool_input":{"file_path":42}}`,
	} {
		t.Run(name, func(t *testing.T) {
			r := run(t, ev, nil)
			if r.code != 1 || strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, "memlint: ") {
				t.Fatalf("exit %d, stderr %q; want exit 1 and one line", r.code, r.stderr)
			}
		})
	}
}

func TestRunClaudeHookManyFindings(t *testing.T) {
	t.Parallel()
	dir := project(t)
	env := map[string]string{"CLAUDE_PROJECT_DIR": dir}
	var b strings.Builder
	for i := 0; i < 30; i++ {
		b.WriteString("- [Gone](gone" + string(rune('a'+i%26)) + string(rune('a'+i/26)) + ".md) — a memory that does not exist\n")
	}
	r := run(t, write(t, dir, filepath.Join(dir, ".claude", "memory", "MEMORY.md"), b.String()), env)
	wantBlock(t, r, "- … and 21 more: run memlint .claude/memory\n", "Fix them now")
	if n := strings.Count(r.stderr, "\n"); n != 12 {
		t.Errorf("%d lines, want 12 (header, 10 findings, footer):\n%s", n, r.stderr)
	}
}

// settingsOptions returns options for a project in a fresh folder.
func settingsOptions(t *testing.T, scope string) (hooks.ClaudeHookOptions, *bytes.Buffer) {
	t.Helper()
	var out bytes.Buffer
	return hooks.ClaudeHookOptions{
		ProjectDir: t.TempDir(),
		ClaudeHome: filepath.Join(t.TempDir(), ".claude"),
		Scope:      scope,
		Memlint:    "memlint",
		Out:        &out,
	}, &out
}

func settingsPath(o hooks.ClaudeHookOptions) string {
	switch o.Scope {
	case "local":
		return filepath.Join(o.ProjectDir, ".claude", "settings.local.json")
	case "user":
		return filepath.Join(o.ClaudeHome, "settings.json")
	}
	return filepath.Join(o.ProjectDir, ".claude", "settings.json")
}

const freshSettings = `{
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "Write|Edit|Bash",
        "hooks": [
          {
            "type": "command",
            "command": "memlint hooks run claude",
            "timeout": 30
          }
        ]
      }
    ],
` + indentedOther + `  }
}
`

func TestInstallClaudeHookFresh(t *testing.T) {
	t.Parallel()
	for _, scope := range []string{"project", "local", "user"} {
		t.Run(scope, func(t *testing.T) {
			o, out := settingsOptions(t, scope)
			if err := hooks.InstallClaudeHook(o); err != nil {
				t.Fatal(err)
			}
			file := settingsPath(o)
			if got := readFile(t, file); got != freshSettings {
				t.Errorf("%s:\n%s\nwant:\n%s", file, got, freshSettings)
			}
			if !strings.Contains(out.String(), "installed memlint's Claude Code hook in "+file) {
				t.Errorf("output: %q", out)
			}
			// Again: nothing changes.
			out.Reset()
			if err := hooks.InstallClaudeHook(o); err != nil {
				t.Fatal(err)
			}
			if got := readFile(t, file); got != freshSettings {
				t.Errorf("after a second install:\n%s", got)
			}
			if !strings.Contains(out.String(), "already installed") {
				t.Errorf("output: %q", out)
			}
			// Uninstall removes what install added, and nothing else.
			if err := hooks.UninstallClaudeHook(o); err != nil {
				t.Fatal(err)
			}
			if got := readFile(t, file); got != "{}\n" {
				t.Errorf("after uninstall: %q", got)
			}
		})
	}
}

// existingSettings has keys before and after hooks, another PostToolUse
// matcher, another hook in memlint's matcher, other events, and values
// that must come back byte for byte.
const existingSettings = `{
  "$schema": "https://json.schemastore.org/claude-code-settings.json",
  "permissions": {
    "allow": [
      "Bash(go test:*)",
      "Read(~/.zshrc)"
    ],
    "deny": []
  },
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "echo \"pre\" && ./check <in >out"
          }
        ]
      }
    ],
    "PostToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "./log-bash.sh"
          }
        ]
      },
      {
        "matcher": "Write|Edit",
        "hooks": [
          {
            "type": "command",
            "command": "gofmt -w \"$CLAUDE_FILE\"",
            "timeout": 1.5e1
          }
        ]
      }
    ]
  },
  "env": {
    "ZETA": "\u00e9t\u00e9 \/ \ud83d\ude00 caf\u00e9",
    "ALPHA": "日本語",
    "BIG": 12345678901234567890,
    "NEG": -0.000,
    "EMPTY": {},
    "NONE": [],
    "NULL": null,
    "T": true
  },
  "model": "opus"
}
`

func TestInstallClaudeHookExisting(t *testing.T) {
	t.Parallel()
	o, out := settingsOptions(t, "project")
	file := settingsPath(o)
	writeFile(t, file, existingSettings)
	if err := hooks.InstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(existingSettings, `            "timeout": 1.5e1
          }
        ]
      }
    ]`, `            "timeout": 1.5e1
          }
        ]
      },
      {
        "matcher": "Write|Edit|Bash",
        "hooks": [
          {
            "type": "command",
            "command": "memlint hooks run claude",
            "timeout": 30
          }
        ]
      }
    ],
`+strings.TrimSuffix(indentedOther[strings.Index(indentedOther, `    "SessionStart"`):], "\n"), 1)
	want = strings.Replace(want, `            "command": "echo \"pre\" && ./check <in >out"
          }
        ]
      }`, `            "command": "echo \"pre\" && ./check <in >out"
          }
        ]
      },
      {
        "matcher": "Write|Edit|Bash",
        "hooks": [
          {
            "type": "command",
            "command": "memlint hooks run claude-guard",
            "timeout": 30
          }
        ]
      }`, 1)
	got := readFile(t, file)
	if got != want {
		t.Fatalf("after install:\n%s\nwant:\n%s", got, want)
	}
	// Decoded, the keys are the original's in the original order, plus
	// memlint's hook object.
	var kept []string
	for _, k := range keyPaths(t, got) {
		if !strings.HasPrefix(k, "hooks.PostToolUse.2") && !strings.HasPrefix(k, "hooks.PreToolUse.1") && !strings.HasPrefix(k, "hooks.SessionStart") && !strings.HasPrefix(k, "hooks.PostToolUseFailure") {
			kept = append(kept, k)
		}
	}
	if a, b := strings.Join(keyPaths(t, existingSettings), "\n"), strings.Join(kept, "\n"); a != b {
		t.Errorf("keys changed:\n%s\n\nwant:\n%s", b, a)
	}

	// Installing again is byte for byte a no-op.
	before := readFile(t, file)
	if err := hooks.InstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	if readFile(t, file) != before {
		t.Errorf("a second install changed the file")
	}

	// Another binary path: the command is updated where it is.
	out.Reset()
	o.Memlint = "'/opt/memlint bin/memlint'"
	if err := hooks.InstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	want2 := strings.ReplaceAll(want, `"command": "memlint hooks run claude`, `"command": "'/opt/memlint bin/memlint' hooks run claude`)
	if got := readFile(t, file); got != want2 {
		t.Errorf("after an update:\n%s", got)
	}
	if !strings.Contains(out.String(), "updated memlint's Claude Code hook") {
		t.Errorf("output: %q", out)
	}

	// Uninstall gives the original back, byte for byte (it was laid out
	// the way memlint lays files out).
	if err := hooks.UninstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, file); got != existingSettings {
		t.Errorf("after uninstall:\n%s\nwant:\n%s", got, existingSettings)
	}
	// Nothing of memlint's left: uninstall does not touch the file.
	info, _ := os.Stat(file)
	out.Reset()
	if err := hooks.UninstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	if info2, _ := os.Stat(file); !os.SameFile(info, info2) || !strings.Contains(out.String(), "nothing to remove") {
		t.Errorf("second uninstall rewrote the file or said %q", out)
	}
}

// keyPaths lists every object key of a JSON document in document order,
// as a path ("hooks.PostToolUse.1.matcher").
func keyPaths(t *testing.T, src string) []string {
	t.Helper()
	var out []string
	dec := json.NewDecoder(strings.NewReader(src))
	dec.UseNumber()
	var walk func(prefix string) error
	walk = func(prefix string) error {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'):
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return err
				}
				key, _ := k.(string)
				out = append(out, prefix+key)
				if err := walk(prefix + key + "."); err != nil {
					return err
				}
			}
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if err := walk(prefix + strconv.Itoa(i) + "."); err != nil {
					return err
				}
			}
		default:
			return nil
		}
		_, err = dec.Token() // the closing delimiter
		return err
	}
	if err := walk(""); err != nil {
		t.Fatalf("decode: %v", err)
	}
	return out
}

func TestInstallClaudeHookNewGroup(t *testing.T) {
	t.Parallel()
	// Compact input with other matchers only: memlint adds its own group
	// at the end, on the same line with the same separators (issue 11:
	// it used to lay the whole file out again, indented), and uninstall
	// gives the original back byte for byte.
	o, _ := settingsOptions(t, "local")
	file := settingsPath(o)
	src := `{"hooks":{"PostToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"x"}]}],"Stop":[]},"a":1}`
	writeFile(t, file, src)
	if err := hooks.InstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	want := `{"hooks":{"PostToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"x"}]},` +
		compactGrp + `],"Stop":[],` + compactOther + `},"a":1}`
	if got := readFile(t, file); got != want {
		t.Fatalf("got:\n%s\nwant (no final newline, as the original):\n%s", got, want)
	}
	if err := hooks.UninstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, file); got != src {
		t.Fatalf("after uninstall:\n%s\nwant:\n%s", got, src)
	}
}

func TestInstallClaudeHookKeepsLayout(t *testing.T) {
	t.Parallel()
	// Four-space indentation, CRLF line endings and the file mode stay.
	o, _ := settingsOptions(t, "project")
	file := settingsPath(o)
	src := "{\r\n    \"model\": \"opus\"\r\n}\r\n"
	writeFile(t, file, src)
	if err := os.Chmod(file, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := hooks.InstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	got := readFile(t, file)
	want := strings.ReplaceAll("{\n    \"model\": \"opus\",\n    "+indentedHooks("    ", "\n")+"\n}\n", "\n", "\r\n")
	if got != want {
		t.Errorf("got:\n%q\nwant:\n%q", got, want)
	}
	if info, err := os.Stat(file); err != nil || (runtime.GOOS != "windows" && info.Mode().Perm() != 0o600) {
		t.Errorf("mode after install: %v, %v", info.Mode(), err)
	}
	if err := hooks.UninstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, file); got != src {
		t.Errorf("after uninstall: %q, want %q", got, src)
	}
	entries, _ := os.ReadDir(filepath.Dir(file))
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestInstallClaudeHookSymlink(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	o, _ := settingsOptions(t, "user")
	dotfiles := filepath.Join(t.TempDir(), "claude-settings.json")
	writeFile(t, dotfiles, "{}\n")
	if err := os.MkdirAll(o.ClaudeHome, 0o755); err != nil {
		t.Fatal(err)
	}
	link := settingsPath(o)
	if err := os.Symlink(dotfiles, link); err != nil {
		t.Fatal(err)
	}
	if err := hooks.InstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", info, err)
	}
	// The one-line {} stays on one line (issue 11: it used to come out
	// indented, as freshSettings).
	want := `{"hooks":{` + compactLists + `}}` + "\n"
	if got := readFile(t, dotfiles); got != want {
		t.Errorf("link target:\n%s\nwant:\n%s", got, want)
	}
}

func TestInstallClaudeHookRefuses(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ src, want string }{
		"invalid JSON":          {"{\n  \"model\": \"opus\",\n}\n", "line 3, column 1"},
		"comments":              {"{\n  // mine\n  \"a\": 1\n}\n", "line 2, column 3"},
		"not an object":         {"[]\n", "holds an array, not a JSON object"},
		"hooks not an object":   {`{"hooks": []}`, `"hooks" is an array, not an object`},
		"PostToolUse not array": {`{"hooks": {"PostToolUse": {"matcher": "x"}}}`, `"hooks"."PostToolUse" is an object, not an array`},
		"hooks null":            {`{"hooks": null}`, `"hooks" is null, not an object`},
		"hooks twice":           {`{"hooks": {}, "model": "opus", "hooks": {"PostToolUse": []}}`, `"hooks" appears 2 times`},
		"PostToolUse twice":     {`{"hooks": {"PostToolUse": [], "PostToolUse": []}}`, `"hooks"."PostToolUse" appears 2 times`},
	} {
		t.Run(name, func(t *testing.T) {
			o, _ := settingsOptions(t, "project")
			file := settingsPath(o)
			writeFile(t, file, tc.src)
			err := hooks.InstallClaudeHook(o)
			if err == nil || !strings.Contains(err.Error(), file) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v; want one naming %s and %q", err, file, tc.want)
			}
			if got := readFile(t, file); got != tc.src {
				t.Errorf("the file changed: %q", got)
			}
		})
	}
	o, _ := settingsOptions(t, "project")
	twice := `{"hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "memlint hooks run claude"}]}]}, "hooks": {}}`
	writeFile(t, settingsPath(o), twice)
	if err := hooks.UninstallClaudeHook(o); err == nil || !strings.Contains(err.Error(), `"hooks" appears 2 times`) {
		t.Errorf("uninstall with \"hooks\" twice: %v", err)
	}
	if got := readFile(t, settingsPath(o)); got != twice {
		t.Errorf("uninstall changed the file: %q", got)
	}
	writeFile(t, settingsPath(o), "{oops")
	if err := hooks.UninstallClaudeHook(o); err == nil {
		t.Errorf("uninstall accepted invalid JSON")
	}
}

func TestUninstallClaudeHookKeepsOthers(t *testing.T) {
	t.Parallel()
	o, _ := settingsOptions(t, "project")
	file := settingsPath(o)
	// memlint's hook shares its group with another hook, and an empty
	// PostToolUse list of the user's sits next to it.
	src := `{
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "Write|Edit|MultiEdit",
        "hooks": [
          {
            "type": "command",
            "command": "/usr/local/bin/memlint hooks run claude"
          },
          {
            "type": "command",
            "command": "prettier --write"
          }
        ]
      },
      {
        "matcher": "Edit",
        "hooks": []
      }
    ]
  }
}
`
	writeFile(t, file, src)
	if err := hooks.UninstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(src, `          {
            "type": "command",
            "command": "/usr/local/bin/memlint hooks run claude"
          },
`, "", 1)
	if got := readFile(t, file); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestUninstallClaudeHookMissingFile(t *testing.T) {
	t.Parallel()
	o, out := settingsOptions(t, "project")
	if err := hooks.UninstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(o.ProjectDir, ".claude")); !os.IsNotExist(err) {
		t.Errorf("uninstall created .claude: %v", err)
	}
	if !strings.Contains(out.String(), "does not exist") {
		t.Errorf("output: %q", out)
	}
}

func TestClaudeHookStatus(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses executable bits")
	}
	o, out := settingsOptions(t, "project")
	ok, err := hooks.ClaudeHookStatus(o)
	if err != nil || ok || !strings.Contains(out.String(), "not installed") {
		t.Fatalf("before install: %v %v %q", ok, err, out)
	}

	// memlint on PATH.
	bin := t.TempDir()
	writeFile(t, filepath.Join(bin, "memlint"), "#!/bin/sh\n")
	if err := os.Chmod(filepath.Join(bin, "memlint"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	if err := hooks.InstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	ok, err = hooks.ClaudeHookStatus(o)
	if err != nil || !ok || !strings.Contains(out.String(), "installed in "+settingsPath(o)) || !strings.Contains(out.String(), filepath.Join(bin, "memlint")) {
		t.Fatalf("installed: %v %v %q", ok, err, out)
	}

	// Not on PATH.
	t.Setenv("PATH", t.TempDir())
	out.Reset()
	if ok, err = hooks.ClaudeHookStatus(o); err != nil || ok || !strings.Contains(out.String(), "memlint is not found on PATH") {
		t.Fatalf("not on PATH: %v %v %q", ok, err, out)
	}

	// An absolute path, quoted, that exists; then one that does not.
	o.Memlint = "'" + filepath.Join(bin, "memlint") + "'"
	if err := hooks.InstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if ok, err = hooks.ClaudeHookStatus(o); err != nil || !ok {
		t.Fatalf("absolute path: %v %v %q", ok, err, out)
	}
	o.Memlint = "/nonexistent/memlint"
	if err := hooks.InstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if ok, err = hooks.ClaudeHookStatus(o); err != nil || ok || !strings.Contains(out.String(), "/nonexistent/memlint does not exist") {
		t.Fatalf("missing binary: %v %v %q", ok, err, out)
	}

	// Hooks switched off.
	o.Memlint = "memlint"
	t.Setenv("PATH", bin)
	writeFile(t, settingsPath(o), `{"disableAllHooks": true}`)
	if err := hooks.InstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if ok, err = hooks.ClaudeHookStatus(o); err != nil || ok || !strings.Contains(out.String(), "sets disableAllHooks") {
		t.Fatalf("disableAllHooks: %v %v %q", ok, err, out)
	}

	// A file Claude Code cannot read.
	writeFile(t, settingsPath(o), "{")
	out.Reset()
	if ok, err = hooks.ClaudeHookStatus(o); err != nil || ok || !strings.Contains(out.String(), "not valid JSON") {
		t.Fatalf("invalid file: %v %v %q", ok, err, out)
	}
}
