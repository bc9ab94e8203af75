package hooks_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/memlint/memlint/hooks"
	"github.com/memlint/memlint/lint/checker"
	"github.com/memlint/memlint/rules"
)

// sessionEvents numbers the sessions of sessionEvent: each call is a new
// session, which memlint summarises (a repeated event is told once).
var sessionEvents atomic.Int64

func sessionEvent(t *testing.T, cwd string) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{
		"session_id":      fmt.Sprintf("5e482d65-0c9e-4f7b-9a56-%012d", sessionEvents.Add(1)),
		"transcript_path": "/home/u/.claude/projects/x/5e482d65.jsonl",
		"cwd":             cwd,
		"hook_event_name": "SessionStart",
		"source":          "startup",
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func runSessionHook(ev string, env map[string]string) guardResult {
	var stdout, stderr bytes.Buffer
	code := hooks.RunClaudeSession(strings.NewReader(ev), &stdout, &stderr,
		checker.Request{Registry: rules.Registry(), Redact: rules.Redact, Getenv: func(k string) string { return env[k] }})
	return guardResult{code, stdout.String(), stderr.String()}
}

// sessionContext checks that r is SessionStart context and returns it.
func sessionContext(t *testing.T, r guardResult) string {
	t.Helper()
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q; want exit 0 and context on stdout", r.code, r.stderr)
	}
	var out struct {
		HookSpecificOutput map[string]string `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("stdout is not hook output: %v\n%s", err, r.stdout)
	}
	if h := out.HookSpecificOutput; len(h) != 2 || h["hookEventName"] != "SessionStart" {
		t.Fatalf("not SessionStart context:\n%s", r.stdout)
	}
	return out.HookSpecificOutput["additionalContext"]
}

// longIndex is validIndex followed by filler lines up to n loaded lines.
func longIndex(n int) string {
	var b strings.Builder
	b.WriteString(validIndex)
	for i := 3; i <= n; i++ {
		fmt.Fprintf(&b, "Testing note %d: integration tests hit a real database.\n", i)
	}
	return b.String()
}

func TestRunClaudeSessionBudget(t *testing.T) {
	t.Parallel()
	w := newGuardWorld(t)
	writeFile(t, filepath.Join(w.mem, "MEMORY.md"), longIndex(180))
	got := sessionContext(t, runSessionHook(sessionEvent(t, w.repo), w.env))
	want := "memlint: your auto memory (" + w.mem + ") needs attention.\n" +
		"MEMORY.md uses 180 of 200 lines (90 %) and 10,183 of 25,000 units (40 %): Claude Code loads nothing past either limit, so keep entries to one short line and merge or drop stale ones.\n" +
		"Run `memlint " + w.mem + "` (or /memlint:memlint) and repair what it reports."
	if got != want {
		t.Errorf("context:\n%s\nwant:\n%s", got, want)
	}
}

func TestRunClaudeSessionErrors(t *testing.T) {
	t.Parallel()
	w := newGuardWorld(t)
	writeFile(t, filepath.Join(w.mem, "user_role.md"), strings.Replace(validUser, "type: user", "type: admin", 1))
	writeFile(t, filepath.Join(w.mem, "MEMORY.md"), validIndex+"- [Gone](gone.md) — removed\n")
	for i := range 5 {
		writeFile(t, filepath.Join(w.mem, fmt.Sprintf("user_%d.md", i)), strings.Replace(validUser, "type: user", "type: admin", 1))
	}
	// From a subfolder of the repository, as Claude Code may start.
	sub := filepath.Join(w.repo, "src")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": w.env["HOME"]}
	got := sessionContext(t, runSessionHook(sessionEvent(t, sub), env))
	want := "memlint: your auto memory (" + w.mem + ") needs attention.\n" +
		"MEMORY.md uses 3 of 200 lines (1 %) and 169 of 25,000 units (0 %).\n" +
		"12 errors in memory: MEMORY.md:3 index-dangling-link, user_0.md:4 memory-type, user_1.md:2 name-duplicate, user_1.md:4 memory-type, user_2.md:2 name-duplicate and 7 more.\n" +
		"Run `memlint " + w.mem + "` (or /memlint:memlint) and repair what it reports."
	if got != want {
		t.Errorf("context:\n%s\nwant:\n%s", got, want)
	}
}

// TestRunClaudeSessionFollowsStages: the summary names the errors of the
// rules the configuration runs, as memlint check does; without preview:
// true a preview rule's error (memory-type) says nothing at session start.
func TestRunClaudeSessionFollowsStages(t *testing.T) {
	t.Parallel()
	w := newGuardWorld(t)
	writeFile(t, filepath.Join(w.mem, "user_role.md"), strings.Replace(validUser, "type: user", "type: admin", 1))
	if !strings.Contains(sessionContext(t, runSessionHook(sessionEvent(t, w.repo), w.env)), "user_role.md:4 memory-type") {
		t.Fatal("with preview: true the summary lacks the memory-type error")
	}
	// No configuration at all runs the stable rules alone.
	if err := os.Remove(filepath.Join(w.repo, ".memlint.yaml")); err != nil {
		t.Fatal(err)
	}
	wantAllowed(t, runSessionHook(sessionEvent(t, w.repo), w.env))
	for _, config := range []string{"", "preview: false\n", "preview: true\nrules:\n  memory-type: off\n"} {
		writeFile(t, filepath.Join(w.repo, ".memlint.yaml"), config)
		wantAllowed(t, runSessionHook(sessionEvent(t, w.repo), w.env))
	}
	writeFile(t, filepath.Join(w.repo, ".memlint.yaml"), "rules:\n  memory-type: error\n")
	if !strings.Contains(sessionContext(t, runSessionHook(sessionEvent(t, w.repo), w.env)), "user_role.md:4 memory-type") {
		t.Error("rules: naming memory-type does not bring its error into the summary")
	}
}

func TestRunClaudeSessionQuiet(t *testing.T) {
	t.Parallel()
	w := newGuardWorld(t)
	// A healthy memory, with warnings only (an orphan), just under 80 %.
	writeFile(t, filepath.Join(w.mem, "MEMORY.md"), longIndex(159))
	writeFile(t, filepath.Join(w.mem, "user_editor.md"), strings.Replace(validUser, "user-role", "user-editor", 1))
	wantAllowed(t, runSessionHook(sessionEvent(t, w.repo), w.env))
	// No memory dir for the project.
	wantAllowed(t, runSessionHook(sessionEvent(t, t.TempDir()), w.env))
	// Another event.
	wantAllowed(t, runSessionHook(strings.Replace(sessionEvent(t, w.repo), "SessionStart", "Stop", 1), w.env))
	// A broken event or configuration is the user's to see, never the
	// agent's.
	r := runSessionHook(`{"hook_event_name":`, w.env)
	if r.code != 1 || r.stdout != "" || !strings.HasPrefix(r.stderr, "memlint: cannot read the Claude Code hook event") {
		t.Errorf("malformed event: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	writeFile(t, filepath.Join(w.repo, ".memlint.yaml"), "rulez: {}\n")
	r = runSessionHook(sessionEvent(t, w.repo), w.env)
	if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, ".memlint.yaml:1: rulez: unknown key") {
		t.Errorf("bad configuration: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// TestRunClaudeSessionSpeaksOnce: with memlint's hooks registered twice
// (user and project settings, or settings and the plugin), both run for
// one session start; one speaks. The same session compacted later is a
// new event, and is summarised again.
func TestRunClaudeSessionSpeaksOnce(t *testing.T) {
	t.Parallel()
	w := newGuardWorld(t)
	writeFile(t, filepath.Join(w.mem, "MEMORY.md"), longIndex(180))
	ev := sessionEvent(t, w.repo)
	if got := sessionContext(t, runSessionHook(ev, w.env)); got == "" {
		t.Fatal("the first registration said nothing")
	}
	if r := runSessionHook(ev, w.env); r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Errorf("the second registration spoke: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	compact := strings.Replace(ev, `"source":"startup"`, `"source":"compact"`, 1)
	if compact == ev {
		t.Fatal("the event has no source to change")
	}
	if got := sessionContext(t, runSessionHook(compact, w.env)); got == "" {
		t.Error("a compaction of the session was not summarised")
	}
}
