package conformance

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestObservationKey checks the observation cache's key without Claude
// Code: two sandboxes in different temp dirs holding the same case have the
// same key, and a change of the binary or of any input changes it.
func TestObservationKey(t *testing.T) {
	const bin = "0123abcd 2.1.328"
	type session struct {
		opt      sessionOptions
		scriptID string
		dir      string // relative to the repo
		bin      string
	}
	// build makes a sandbox, lays out the base case, applies change, and
	// returns the key of the session s in it.
	build := func(t *testing.T, change func(sb *sandbox), s session) string {
		t.Helper()
		sb := newSandbox(t)
		sb.Env = []string{"CLAUDE_CONFIG_DIR=" + filepath.Join(sb.Home, "config")}
		mt := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
		for name, data := range map[string]string{
			"MEMORY.md": "- [a](a.md) — a\n",
			"a.md":      "---\ndescription: a\ntype: user\n---\nBody.\n",
		} {
			p := filepath.Join(sb.MemDir, name)
			if err := writeFile(p, []byte(data)); err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(p, mt, mt); err != nil {
				t.Fatal(err)
			}
		}
		// The harness writes paths of the sandbox into files (settings,
		// probes): they are normalised too.
		if err := writeFile(filepath.Join(sb.Repo, ".claude", "settings.json"),
			[]byte(`{"autoMemoryDirectory":"`+sb.Home+`/mem"}`)); err != nil {
			t.Fatal(err)
		}
		if change != nil {
			change(sb)
		}
		if s.bin == "" {
			s.bin = bin
		}
		if s.scriptID == "" {
			s.scriptID = "endTurn"
		}
		if s.opt.Prompt == "" {
			s.opt.Prompt = "hello"
		}
		args := append([]string{"-p", s.opt.Prompt, "--output-format", "json"}, s.opt.Args...)
		in, err := sessionKeyInput(sb, s.bin, s.opt, strings.ReplaceAll(s.scriptID, "$MEMDIR", sb.MemDir),
			args, filepath.Join(sb.Repo, s.dir))
		if err != nil {
			t.Fatal(err)
		}
		if !cacheable(sb, sb.Repo) {
			t.Fatalf("sandbox %s is not cacheable", sb.Repo)
		}
		return observationKey(in)
	}
	base := build(t, nil, session{})
	if again := build(t, nil, session{}); again != base {
		t.Fatalf("the same case in another sandbox has another key: %s, %s", base, again)
	}
	write := func(rel, data string) func(sb *sandbox) {
		return func(sb *sandbox) {
			if err := writeFile(filepath.Join(sb.MemDir, rel), []byte(data)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, c := range []struct {
		name   string
		change func(sb *sandbox)
		s      session
	}{
		{name: "binary", s: session{bin: "4567ef01 2.1.328"}},
		{name: "version", s: session{bin: "0123abcd 2.1.329"}},
		{name: "prompt", s: session{opt: sessionOptions{Prompt: "hello there"}}},
		{name: "argv", s: session{opt: sessionOptions{Args: []string{"--permission-mode", "acceptEdits"}}}},
		{name: "script", s: session{scriptID: "calls [], then text done"}},
		{name: "script-path", s: session{scriptID: "Read $MEMDIR/a.md"}},
		{name: "recall", s: session{opt: sessionOptions{Recall: true}}},
		{name: "start-dir", change: func(sb *sandbox) { _ = os.MkdirAll(filepath.Join(sb.Repo, "sub"), 0o755) }, s: session{dir: "sub"}},
		{name: "content", change: write("a.md", "---\ndescription: b\ntype: user\n---\nBody.\n")},
		{name: "content-eol", change: write("MEMORY.md", "- [a](a.md) — a\r\n")},
		{name: "new-file", change: write("b.md", "")},
		{name: "settings", change: func(sb *sandbox) {
			_ = writeFile(filepath.Join(sb.Repo, ".claude", "settings.json"), []byte(`{"autoMemoryDirectory":"~/mem"}`))
		}},
		{name: "mtime", change: func(sb *sandbox) {
			mt := time.Date(2026, 11, 1, 0, 0, 0, 1, time.UTC)
			_ = os.Chtimes(filepath.Join(sb.MemDir, "a.md"), mt, mt)
		}},
		{name: "perm", change: func(sb *sandbox) { _ = os.Chmod(filepath.Join(sb.MemDir, "a.md"), 0o600) }},
		{name: "empty-dir", change: func(sb *sandbox) { _ = os.Mkdir(filepath.Join(sb.MemDir, "x"), 0o755) }},
		{name: "symlink", change: func(sb *sandbox) { _ = os.Symlink("a.md", filepath.Join(sb.MemDir, "l.md")) }},
		{name: "home-file", change: func(sb *sandbox) { _ = enableRecallFlag(sb) }},
		{name: "env", change: func(sb *sandbox) { sb.Env = append(sb.Env, "CLAUDE_MEMORY_STORES=1") }},
		{name: "env-value", change: func(sb *sandbox) { sb.Env = []string{"CLAUDE_CONFIG_DIR=" + sb.Home} }},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := build(t, c.change, c.s); got == base {
				t.Errorf("changing the %s leaves the key as it is", c.name)
			}
		})
	}
}

// TestObservationRoundTrip records a session's changes and output in one
// sandbox and replays them in another: paths of the sandbox and the mock's
// address come back as the new sandbox's.
func TestObservationRoundTrip(t *testing.T) {
	a, b := newSandbox(t), newSandbox(t)
	before, err := walkSandbox(filepath.Dir(a.Home), newNormaliser(filepath.Dir(a.Home), ""))
	if err != nil {
		t.Fatal(err)
	}
	if err := writeFile(filepath.Join(a.MemDir, "MEMORY.md"), []byte("index of "+a.MemDir+"\n")); err != nil {
		t.Fatal(err)
	}
	const mock = "http://127.0.0.1:40123"
	raw := `{"messages":[{"role":"user","content":"Contents of ` + a.MemDir + `/MEMORY.md at 127.0.0.1:40123"}],"tools":[{}]}`
	res := sessionResult{Requests: []*apiRequest{{Path: "/v1/messages", Raw: []byte(raw)}}, Stdout: a.Repo, Stderr: ""}
	dir := t.TempDir()
	entry := entryPath(dir, "bin", strings.Repeat("ab", 32))
	if err := recordObservation(a, entry, strings.Repeat("ab", 32), before, mock, res); err != nil {
		t.Fatal(err)
	}
	obs := loadObservation(entry, strings.Repeat("ab", 32))
	if obs == nil {
		t.Fatal("no entry read back")
	}
	if strings.Contains(obs.Requests[0].Raw, a.Home) || strings.Contains(obs.Requests[0].Raw, "40123") {
		t.Errorf("entry not normalised: %s", obs.Requests[0].Raw)
	}
	got, err := replay(b, obs, newNormaliser(filepath.Dir(b.Home), ""))
	if err != nil {
		t.Fatal(err)
	}
	if got.Stdout != b.Repo {
		t.Errorf("stdout = %q, want %q", got.Stdout, b.Repo)
	}
	want := strings.ReplaceAll(strings.ReplaceAll(raw, a.MemDir, b.MemDir), "40123", "0")
	if string(got.Requests[0].Raw) != want || len(got.Requests[0].Messages) != 1 {
		t.Errorf("replayed request = %s, want %s", got.Requests[0].Raw, want)
	}
	data, err := os.ReadFile(filepath.Join(b.MemDir, "MEMORY.md"))
	if err != nil || string(data) != "index of "+b.MemDir+"\n" {
		t.Errorf("replayed MEMORY.md = %q, %v", data, err)
	}
	if loadObservation(entry, strings.Repeat("cd", 32)) != nil {
		t.Error("an entry was read under another key")
	}
}
