package hooks_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/hooks"
	"github.com/memlint/memlint/lint/checker"
	"github.com/memlint/memlint/rules"
)

// fakeAWSKey is a made-up access key ID of the real format (not AWS's
// documented example, which the secret rule leaves alone).
const fakeAWSKey = "AKIAZ5Q3XKLMNOP7RSTU"

// bashEvent is a Bash event as Claude Code 2.1.332 sends it: PreToolUse,
// or PostToolUse / PostToolUseFailure with the command's output.
func bashEvent(t *testing.T, event, cwd, id, command string) string {
	t.Helper()
	ev := map[string]any{
		"session_id":      "5e482d65-0c9e-4f7b-9a56-0d3f1c2b7a10",
		"transcript_path": "/home/u/.claude/projects/x/5e482d65.jsonl",
		"cwd":             cwd,
		"permission_mode": "default",
		"hook_event_name": event,
		"tool_name":       "Bash",
		"tool_input":      map[string]any{"command": command, "description": "a command"},
		"tool_use_id":     id,
	}
	switch event {
	case "PostToolUse":
		ev["tool_response"] = map[string]any{"stdout": "", "stderr": "", "interrupted": false, "isImage": false, "noOutputExpected": false}
	case "PostToolUseFailure":
		ev["error"], ev["is_interrupt"] = "Exit code 1", false
	}
	b, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// bashRun is one Bash tool call through memlint's hooks: the guard before
// it, the command's effect (done by the test), the PostToolUse hook.
type bashRun struct {
	pre  guardResult
	post hookResult
}

func runBash(t *testing.T, w guardWorld, id, command string, effect func()) bashRun {
	t.Helper()
	var r bashRun
	r.pre = runGuard(bashEvent(t, "PreToolUse", w.repo, id, command), w.env)
	if r.pre.code != 0 || strings.Contains(r.pre.stdout, `"deny"`) {
		return r // the command does not run
	}
	if effect != nil {
		effect()
	}
	r.post = run(t, bashEvent(t, "PostToolUse", w.repo, id, command), w.env)
	return r
}

func appendFile(t *testing.T, file, text string) {
	t.Helper()
	f, err := os.OpenFile(file, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

func TestBashHookHearsMemoryWrites(t *testing.T) {
	t.Parallel()
	w := newGuardWorld(t)
	index := filepath.Join(w.mem, "MEMORY.md")

	// A command that touches no memory: nothing said, nothing recorded
	// but the snapshot.
	r := runBash(t, w, "toolu_a", "go build ./... && ls", nil)
	if r.pre.stdout != "" || r.pre.stderr != "" || r.pre.code != 0 {
		t.Fatalf("the guard spoke for a command that writes no memory: %+v", r.pre)
	}
	wantQuiet(t, r.post)
	if r.post.stdout != "" {
		t.Errorf("stdout %q for a command that changed no memory", r.post.stdout)
	}

	// cat >> MEMORY.md with an entry to a file that does not exist.
	cmd := "cat >> " + index + " <<'EOF'\n- [Deploy](project_deploy.md) — how staging deploys\nEOF"
	r = runBash(t, w, "toolu_b", cmd, func() { appendFile(t, index, "- [Deploy](project_deploy.md) — how staging deploys\n") })
	if r.pre.stdout != "" {
		t.Fatalf("the guard denied a command without a secret: %s", r.pre.stdout)
	}
	wantBlock(t, r.post, "memlint found problems in the memory your command changed", "MEMORY.md", "project_deploy.md does not exist", "[index-dangling-link]")

	// A later command that leaves that error as it is and adds a good
	// entry: the old error is not the command's.
	writeFile(t, filepath.Join(w.mem, "user_tz.md"), strings.ReplaceAll(validUser, "user-role", "user-tz"))
	r = runBash(t, w, "toolu_c", "echo '- [TZ](user_tz.md) — the user keeps European hours' >> "+index,
		func() { appendFile(t, index, "- [TZ](user_tz.md) — the user keeps European hours\n") })
	wantQuiet(t, r.post)

	// rm of a topic file the index links: the entry now dangles.
	topic := filepath.Join(w.mem, "user_role.md")
	r = runBash(t, w, "toolu_d", "rm "+topic, func() {
		if err := os.Remove(topic); err != nil {
			t.Fatal(err)
		}
	})
	wantBlock(t, r.post, "user_role.md (deleted)", "user_role.md does not exist", "[index-dangling-link]")
}

func TestBashGuardDeniesKnowableSecret(t *testing.T) {
	t.Parallel()
	w := newGuardWorld(t)
	file := filepath.Join(w.mem, "reference_aws.md")
	body := "---\nname: aws-deploy\ndescription: The AWS access key the deploy user signs requests with\ntype: reference\n---\naws key " + fakeAWSKey + " belongs to the deploy user\n"
	for _, cmd := range []string{
		"cat > " + file + " <<'EOF'\n" + body + "EOF",
		"printf '%s' '" + body + "' > " + file,
		"cd /tmp && cat <<'EOF' | wc -l\nx\nEOF\necho 'aws key " + fakeAWSKey + " is the deploy user' >> " + filepath.Join(w.mem, "MEMORY.md"),
	} {
		r := runBash(t, w, "toolu_s", cmd, func() { t.Fatalf("the command ran: %s", cmd) })
		if !strings.Contains(r.pre.stdout, `"permissionDecision":"deny"`) {
			t.Fatalf("not denied: %q\n%+v", cmd, r.pre)
		}
		var out struct {
			HookSpecificOutput struct{ PermissionDecisionReason string }
		}
		if err := json.Unmarshal([]byte(r.pre.stdout), &out); err != nil {
			t.Fatal(err)
		}
		reason := out.HookSpecificOutput.PermissionDecisionReason
		for _, want := range []string{"memlint stopped this command, which writes to", "(nothing was run)", "[secret]"} {
			if !strings.Contains(reason, want) {
				t.Errorf("the reason does not say %q:\n%s", want, reason)
			}
		}
		if strings.Contains(reason, fakeAWSKey) {
			t.Errorf("the reason repeats the key:\n%s", reason)
		}
	}
	// The same text outside memory, and a read of memory, are allowed.
	for _, cmd := range []string{
		"cat > " + filepath.Join(w.repo, "notes.md") + " <<'EOF'\n" + body + "EOF",
		"grep -r " + fakeAWSKey + " " + w.mem,
	} {
		if r := runGuard(bashEvent(t, "PreToolUse", w.repo, "toolu_t", cmd), w.env); r.code != 0 || r.stdout != "" || r.stderr != "" {
			t.Errorf("a command that writes no memory was not let through: %q\n%+v", cmd, r)
		}
	}
}

// TestBashHookHearsUnknowableSecret: a secret the guard cannot see
// (base64 -d) is heard after the command, also when the command fails
// (PostToolUseFailure).
func TestBashHookHearsUnknowableSecret(t *testing.T) {
	t.Parallel()
	w := newGuardWorld(t)
	index := filepath.Join(w.mem, "MEMORY.md")
	for _, event := range []string{"PostToolUse", "PostToolUseFailure"} {
		id := "toolu_" + event
		cmd := "echo YXdzIGtleQo= | base64 -d >> " + index + "; false"
		pre := runGuard(bashEvent(t, "PreToolUse", w.repo, id, cmd), w.env)
		if pre.code != 0 || pre.stdout != "" {
			t.Fatalf("the guard judged a command whose content it cannot know: %+v", pre)
		}
		before := readFile(t, index)
		appendFile(t, index, "aws key "+fakeAWSKey+" is the deploy user's\n")
		r := run(t, bashEvent(t, event, w.repo, id, cmd), w.env)
		wantBlock(t, r, "[secret]", "MEMORY.md")
		if strings.Contains(r.stderr, fakeAWSKey) {
			t.Errorf("the message repeats the key:\n%s", r.stderr)
		}
		if event == "PostToolUseFailure" && strings.Contains(r.stdout, "\"PostToolUse\"") {
			t.Errorf("additional context under the wrong event name: %s", r.stdout)
		}
		writeFile(t, index, before)
	}
}

// TestClaudeHookSpeaksOnce: memlint's hook registered twice (two scopes)
// runs twice for one event; the second invocation is silent.
func TestClaudeHookSpeaksOnce(t *testing.T) {
	t.Parallel()
	w := newGuardWorld(t)
	index := filepath.Join(w.mem, "MEMORY.md")
	cmd := "echo '- [Gone](gone.md) — never written' >> " + index
	pre := runGuard(bashEvent(t, "PreToolUse", w.repo, "toolu_x", cmd), w.env)
	if pre.code != 0 || pre.stdout != "" {
		t.Fatalf("%+v", pre)
	}
	// The second registration's guard takes the same snapshot.
	if again := runGuard(bashEvent(t, "PreToolUse", w.repo, "toolu_x", cmd), w.env); again.code != 0 || again.stdout != "" {
		t.Fatalf("%+v", again)
	}
	appendFile(t, index, "- [Gone](gone.md) — never written\n")
	post := bashEvent(t, "PostToolUse", w.repo, "toolu_x", cmd)
	wantBlock(t, run(t, post, w.env), "[index-dangling-link]")
	second := run(t, post, w.env)
	if second.code != 0 || second.stderr != "" || second.stdout != "" {
		t.Errorf("the second invocation spoke: %+v", second)
	}
	// A Write is heard once too.
	ev := strings.Replace(write(t, w.repo, filepath.Join(w.mem, "feedback_x.md"), "---\nname: x\ndescription: x\ntype: Feedback\n---\nx\n"),
		`"hook_event_name"`, `"tool_use_id":"toolu_w","hook_event_name"`, 1)
	if r := run(t, ev, w.env); r.code != 2 {
		t.Fatalf("the first invocation did not block: %+v", r)
	}
	if r := run(t, ev, w.env); r.code != 0 || r.stderr != "" || r.stdout != "" {
		t.Errorf("the second invocation spoke: %+v", r)
	}
}

// TestBashHookWithoutSnapshot: a PostToolUse event whose PreToolUse hook
// did not run says nothing, whatever memory holds.
func TestBashHookWithoutSnapshot(t *testing.T) {
	t.Parallel()
	w := newGuardWorld(t)
	appendFile(t, filepath.Join(w.mem, "MEMORY.md"), "- [Gone](gone.md) — never written\n")
	wantQuiet(t, run(t, bashEvent(t, "PostToolUse", w.repo, "toolu_none", "true"), w.env))
}

// TestBashStateFolder: the state lives in the user's cache dir, 0700, and
// names nothing of the session.
func TestBashStateFolder(t *testing.T) {
	t.Parallel()
	w := newGuardWorld(t)
	runBash(t, w, "toolu_state", "true", nil)
	dir := filepath.Join(w.env["HOME"], ".cache", "memlint", "claude-hooks")
	info, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm != 0o700 {
		t.Errorf("%s has mode %v, want 0700", dir, perm)
	}
	var names []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, p)
			if info, err := d.Info(); err == nil && info.Mode().Perm() != 0o600 {
				t.Errorf("%s has mode %v, want 0600", p, info.Mode().Perm())
			}
		}
		return nil
	})
	if len(names) == 0 {
		t.Fatal("no snapshot was recorded")
	}
	for _, n := range names {
		if strings.Contains(n, "toolu_state") || strings.Contains(n, "5e482d65") {
			t.Errorf("a state file is named after the session: %s", n)
		}
	}
	var stdout, stderr bytes.Buffer
	_ = hooks.RunClaudeHook(strings.NewReader(bashEvent(t, "PostToolUse", w.repo, "toolu_state", "true")), &stdout, &stderr,
		checker.Request{Registry: rules.Registry(), Redact: rules.Redact, Getenv: func(k string) string { return w.env[k] }})
	if stdout.Len()+stderr.Len() > 0 {
		t.Errorf("the hook spoke for a command that changed nothing: %s%s", stdout.String(), stderr.String())
	}
}

// TestBashStateFolderLinkRefused: a state folder (or the memlint folder
// above it) that is a symbolic link is refused, never written through: the
// hook says so to the user, and the folder the link names stays empty.
func TestBashStateFolderLinkRefused(t *testing.T) {
	t.Parallel()
	for _, link := range []string{"memlint", filepath.Join("memlint", "claude-hooks")} {
		w := newGuardWorld(t)
		elsewhere := t.TempDir()
		at := filepath.Join(w.env["HOME"], ".cache", link)
		if err := os.MkdirAll(filepath.Dir(at), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(elsewhere, at); err != nil {
			t.Fatal(err)
		}
		r := runGuard(bashEvent(t, "PreToolUse", w.repo, "toolu_link", "true"), w.env)
		if r.code != 1 || !strings.Contains(r.stderr, "is not a folder (a link is not followed)") {
			t.Errorf("%s a link: exit %d, stderr %q; want exit 1 naming the link", link, r.code, r.stderr)
		}
		if entries, err := os.ReadDir(elsewhere); err != nil || len(entries) > 0 {
			t.Errorf("%s a link: the folder it names holds %v (%v)", link, entries, err)
		}
	}
}
