// Package plugins tests the memlint Claude Code plugin in memlint/: its
// launcher, bin/memlint, run by the real sh with memlint on PATH, with only
// Go (memlint built once, then reused) and with neither. The plugin inside a
// real Claude Code session is tested in conformance/plugin_test.go.
package plugins

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

var (
	launcher   string // the launcher, absolute
	pluginRoot string // plugins/memlint, absolute
	memlintBin string // memlint built from this checkout
	goBin      string // the go command running these tests
	goCache    string // its build and module caches, shared so builds are warm and offline
	goModCache string
)

func TestMain(m *testing.M) {
	code, err := setup(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	os.Exit(code)
}

func setup(m *testing.M) (int, error) {
	var err error
	if pluginRoot, err = filepath.Abs("memlint"); err != nil {
		return 0, err
	}
	launcher = filepath.Join(pluginRoot, "bin", "memlint")
	if goBin, err = exec.LookPath("go"); err != nil {
		return 0, err
	}
	for _, v := range []struct {
		name string
		to   *string
	}{{"GOCACHE", &goCache}, {"GOMODCACHE", &goModCache}} {
		out, err := exec.Command(goBin, "env", v.name).Output()
		if err != nil {
			return 0, fmt.Errorf("go env %s: %v", v.name, err)
		}
		*v.to = strings.TrimSpace(string(out))
	}
	dir, err := os.MkdirTemp("", "memlint-plugin-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	memlintBin = filepath.Join(dir, "bin", "memlint")
	if out, err := exec.Command(goBin, "build", "-o", memlintBin, "github.com/memlint/memlint/cmd/memlint").CombinedOutput(); err != nil {
		return 0, fmt.Errorf("go build: %v\n%s", err, out)
	}
	return m.Run(), nil
}

// world is the environment of one launcher run: a HOME, a plugin data dir
// and a PATH of chosen folders plus the system's tools (no go, no memlint).
type world struct {
	t      *testing.T
	home   string
	data   string
	path   []string
	env    []string // extra KEY=VALUE
	builds string   // the file the go wrapper appends one line to per go build
	modDir string   // GOMODCACHE; the real one unless a test empties it
}

func newWorld(t *testing.T) *world {
	t.Helper()
	root := t.TempDir()
	w := &world{t: t, home: filepath.Join(root, "home"), data: filepath.Join(root, "data"), modDir: goModCache}
	if err := os.MkdirAll(w.home, 0o755); err != nil {
		t.Fatal(err)
	}
	// The system's tools the launcher (and go build, and memlint) use, each
	// linked alone into a folder: whatever else /usr/bin holds (a go, a
	// memlint) stays out of PATH.
	tools := filepath.Join(root, "tools")
	if err := os.MkdirAll(tools, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tool := range systemTools {
		p, err := exec.LookPath(tool)
		if err != nil {
			if tool == "setsid" {
				continue // optional: the launcher does without
			}
			t.Skipf("%s not found: %v", tool, err)
		}
		if err := os.Symlink(p, filepath.Join(tools, tool)); err != nil {
			t.Fatal(err)
		}
	}
	w.path = []string{tools}
	return w
}

// systemTools are the commands the launcher runs, plus git for go build's
// version stamp and memlint.
var systemTools = []string{"sh", "awk", "cat", "grep", "mkdir", "mv", "rm", "sed", "setsid", "sleep", "tr", "git"}

// withGo puts a go on PATH that runs the real one and counts its builds.
func (w *world) withGo() {
	w.t.Helper()
	dir := w.t.TempDir()
	w.builds = filepath.Join(dir, "builds")
	script := "#!/bin/sh\n[ \"$1\" = build ] && echo build >>'" + w.builds + "'\nexec '" + goBin + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(dir, "go"), []byte(script), 0o755); err != nil {
		w.t.Fatal(err)
	}
	w.path = append([]string{dir}, w.path...)
}

// buildCount is how many times go build ran.
func (w *world) buildCount() int {
	b, err := os.ReadFile(w.builds)
	if errors.Is(err, os.ErrNotExist) {
		return 0
	}
	if err != nil {
		w.t.Fatal(err)
	}
	return strings.Count(string(b), "build\n")
}

type result struct {
	stdout, stderr string
	code           int
}

// run runs the launcher as Claude Code does (an executable with a #! line),
// with the plugin at root, stdin and args passed.
func (w *world) run(root, stdin string, args ...string) result {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(root, "bin", "memlint"), args...)
	cmd.Dir = w.home
	cmd.Env = append([]string{
		"HOME=" + w.home,
		"PATH=" + strings.Join(w.path, ":"),
		"CLAUDE_PLUGIN_ROOT=" + root,
		"GOCACHE=" + goCache,
		"GOMODCACHE=" + w.modDir,
		"GOTOOLCHAIN=local",
		"GOPROXY=off",
		"GOFLAGS=-modcacherw", // so that a test's empty module cache can be removed
		"NO_COLOR=1",
	}, w.env...)
	if w.data != "" {
		cmd.Env = append(cmd.Env, "CLAUDE_PLUGIN_DATA="+w.data)
	}
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		w.t.Fatalf("launcher %v timed out", args)
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	case err != nil:
		w.t.Fatalf("launcher %v: %v", args, err)
	}
	return r
}

// waitBuild waits for a background build to end: its lock gone and a
// memlint built or the failure recorded.
func (w *world) waitBuild(data string) {
	w.t.Helper()
	deadline := time.Now().Add(5 * time.Minute)
	for {
		if !exists(w.t, filepath.Join(data, "build.lock")) &&
			(exists(w.t, filepath.Join(data, "bin", "memlint")) || exists(w.t, filepath.Join(data, "build-failed"))) {
			return
		}
		if time.Now().After(deadline) {
			w.t.Fatal("the background build did not end within 5 minutes")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func exists(t *testing.T, path string) bool {
	t.Helper()
	_, err := os.Stat(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	return err == nil
}

// memoryEvent writes a feedback memory whose type Claude Code ignores into
// a project's memory dir and returns the PostToolUse event of that Write.
// memory-type is a preview rule and a hook takes no flags: the project's
// .memlint.yaml runs the preview rules (preview: true).
func memoryEvent(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	mem := filepath.Join(dir, ".claude", "memory")
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		filepath.Join(dir, ".git", "HEAD"):  "ref: refs/heads/main\n",
		filepath.Join(dir, ".memlint.yaml"): "preview: true\n",
		filepath.Join(mem, "MEMORY.md"):     "- [Review](feedback_review.md) — review comments name the rule they apply\n",
	}
	content := "---\nname: feedback-review\ndescription: Code review comments must name the rule they apply\ntype: Feedback\n---\n" +
		"Review comments must name the rule they apply.\n\n**Why:** reviewers argued about taste.\n\n**How to apply:** every review comment.\n"
	file := filepath.Join(mem, "feedback_review.md")
	files[file] = content
	for name, data := range files {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return hookEvent(t, dir, file, content)
}

// otherEvent is the PostToolUse event of a Write outside any memory dir.
func otherEvent(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "main.go")
	if err := os.WriteFile(file, []byte("package main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return hookEvent(t, dir, file, "package main\n")
}

func hookEvent(t *testing.T, cwd, file, content string) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{
		"session_id": "5e482d65-0c9e-4f7b-9a56-0d3f1c2b7a10", "transcript_path": "/nonexistent.jsonl",
		"cwd": cwd, "hook_event_name": "PostToolUse", "tool_name": "Write",
		"tool_input":    map[string]any{"file_path": file, "content": content},
		"tool_response": map[string]any{"type": "create", "filePath": file, "content": content, "originalFile": nil},
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// fileID identifies one version of a file: a rebuild replaces the file.
type fileID struct {
	ino   uint64
	mtime time.Time
}

func idOf(t *testing.T, path string) fileID {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		t.Skip("no inode numbers on this system")
	}
	return fileID{st.Ino, fi.ModTime()}
}

func wantSilent(t *testing.T, what string, r result) {
	t.Helper()
	if r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 0 and no output", what, r.code, r.stdout, r.stderr)
	}
}

// systemMessage decodes the launcher's one-line notice for the user.
func systemMessage(t *testing.T, what string, r result) string {
	t.Helper()
	if r.code != 0 {
		t.Errorf("%s: exit %d, want 0 (a missing memlint never blocks the agent)", what, r.code)
	}
	var out struct {
		SystemMessage string `json:"systemMessage"`
	}
	if strings.Count(r.stdout, "\n") != 1 || json.Unmarshal([]byte(r.stdout), &out) != nil || out.SystemMessage == "" {
		t.Fatalf("%s: stdout %q is not one JSON line with a systemMessage (stderr %q)", what, r.stdout, r.stderr)
	}
	return out.SystemMessage
}

func wantContains(t *testing.T, what, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("%s does not say %q:\n%s", what, w, got)
		}
	}
}

func TestLauncherMemlintOnPath(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// The plugin's own bin/ on PATH too, first, as in the agent's Bash
	// tool: the launcher must skip itself, not exec itself for ever.
	w.path = append([]string{filepath.Join(pluginRoot, "bin"), filepath.Dir(memlintBin)}, w.path...)

	r := w.run(pluginRoot, memoryEvent(t), "hooks", "run", "claude")
	if r.code != 2 {
		t.Fatalf("hooks run claude on a bad memory through the launcher: exit %d, stdout %q, stderr %q; want memlint's exit 2", r.code, r.stdout, r.stderr)
	}
	wantContains(t, "stderr", r.stderr, "feedback_review.md", "[memory-type]")
	for _, hook := range []string{"claude", "claude-guard", "claude-session"} {
		wantSilent(t, "hooks run "+hook+" on a write outside memory", w.run(pluginRoot, otherEvent(t), "hooks", "run", hook))
	}
	r = w.run(pluginRoot, "", "version")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "memlint ") {
		t.Errorf("version: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Stat(w.data); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the data dir was touched although memlint is on PATH: %v", err)
	}
}

// TestLauncherOlderMemlint: a memlint installed before the plugin was
// updated answers a hook it does not know with exit 2, which Claude Code
// would take as "deny every write"; the launcher makes that exit 0, and
// passes every other answer on.
func TestLauncherOlderMemlint(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, script string
		hook         string
		want         result
	}{
		{"unknown hook", `echo "memlint: unknown hook \"$3\" (want pre-commit or claude)" >&2; exit 2`, "claude-guard", result{}},
		{"unknown session hook", `echo "memlint: unknown hook \"$3\" (want pre-commit or claude)" >&2; exit 2`, "claude-session", result{}},
		{"a denial", `cat; echo '{"deny":1}'; echo "a secret" >&2; exit 2`, "claude-guard", result{stdout: "EVENT{\"deny\":1}\n", stderr: "a secret\n", code: 2}},
		{"a failure", `echo "unknown hook" >&2; exit 1`, "claude-guard", result{stderr: "unknown hook\n", code: 1}},
		{"the write hook is never rewritten", `echo "memlint: unknown hook" >&2; exit 2`, "claude", result{stderr: "memlint: unknown hook\n", code: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "memlint"), []byte("#!/bin/sh\n"+tc.script+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			w.path = append([]string{dir}, w.path...)
			if got := w.run(pluginRoot, "EVENT", "hooks", "run", tc.hook); got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestLauncherInstalledWithGo(t *testing.T) {
	t.Parallel()
	// go install's place, not on PATH: $GOPATH/bin, else ~/go/bin.
	for _, gopath := range []string{"", "gp"} {
		t.Run("GOPATH="+gopath, func(t *testing.T) {
			w := newWorld(t)
			dir := filepath.Join(w.home, "go")
			if gopath != "" {
				dir = filepath.Join(w.home, gopath)
				w.env = append(w.env, "GOPATH="+dir+":"+filepath.Join(w.home, "other"))
			}
			if err := os.MkdirAll(filepath.Join(dir, "bin"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(memlintBin, filepath.Join(dir, "bin", "memlint")); err != nil {
				t.Fatal(err)
			}
			r := w.run(pluginRoot, memoryEvent(t), "hooks", "run", "claude")
			if r.code != 2 || !strings.Contains(r.stderr, "[memory-type]") {
				t.Errorf("exit %d, stderr %q; want memlint's exit 2", r.code, r.stderr)
			}
		})
	}
}

func TestLauncherBuildsOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.withGo()
	built := filepath.Join(w.data, "bin", "memlint")

	// First hook: the build starts in the background; the hook does not
	// wait for it and says so, once.
	r := w.run(pluginRoot, otherEvent(t), "hooks", "run", "claude")
	msg := systemMessage(t, "first hook", r)
	wantContains(t, "the notice", msg, "building memlint once", "from "+repoRoot(t)+" ", filepath.Join(w.data, "build.log"))
	w.waitBuild(w.data)
	if n := w.buildCount(); n != 1 {
		t.Fatalf("go build ran %d times, want 1", n)
	}
	id := idOf(t, built)

	// Then every hook and command runs the built memlint: no rebuild.
	r = w.run(pluginRoot, memoryEvent(t), "hooks", "run", "claude")
	if r.code != 2 || !strings.Contains(r.stderr, "[memory-type]") {
		t.Errorf("second hook: exit %d, stdout %q, stderr %q; want the built memlint's exit 2", r.code, r.stdout, r.stderr)
	}
	wantSilent(t, "third hook", w.run(pluginRoot, otherEvent(t), "hooks", "run", "claude"))
	if r := w.run(pluginRoot, "", "version"); r.code != 0 || !strings.HasPrefix(r.stdout, "memlint ") {
		t.Errorf("version: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if n := w.buildCount(); n != 1 {
		t.Errorf("go build ran %d times, want 1", n)
	}
	if got := idOf(t, built); got != id {
		t.Errorf("the built memlint was replaced: %v, then %v", id, got)
	}

	// Built for another plugin version: the old one lints, silently, while
	// the new one builds in the background.
	stamp := filepath.Join(w.data, "bin", "memlint.stamp")
	if err := os.WriteFile(stamp, []byte("/an/older/plugin/version\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = w.run(pluginRoot, memoryEvent(t), "hooks", "run", "claude")
	if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "[memory-type]") {
		t.Errorf("hook during the rebuild: exit %d, stdout %q, stderr %q; want the old memlint's exit 2 and no notice", r.code, r.stdout, r.stderr)
	}
	w.waitBuild(w.data)
	if n := w.buildCount(); n != 2 {
		t.Errorf("go build ran %d times, want 2 (one rebuild for the new version)", n)
	}
	want := filepath.Join(repoRoot(t), "plugins", "memlint") + "\n"
	if got, err := os.ReadFile(stamp); err != nil || string(got) != want {
		t.Errorf("stamp after the rebuild = %q, %v; want %q", got, err, want)
	}
}

func TestLauncherBuildsOnceConcurrently(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.withGo()
	// Run by hand (or by the agent), the launcher waits for the build; three
	// at once share one build.
	results := make(chan result, 3)
	for range 3 {
		go func() { results <- w.run(pluginRoot, "", "version") }()
	}
	for range 3 {
		r := <-results
		if r.code != 0 || !strings.HasPrefix(r.stdout, "memlint ") {
			t.Errorf("version: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
		}
	}
	if n := w.buildCount(); n != 1 {
		t.Errorf("go build ran %d times, want 1", n)
	}
}

// TestLauncherSourceTree builds from each place an installed plugin's
// source can be: Claude Code copies only plugins/memlint into its cache
// (<plugins>/cache/<marketplace>/<plugin>/<version>); the repository is the
// marketplace clone it keeps for a git marketplace, or the folder of a
// local-directory marketplace.
func TestLauncherSourceTree(t *testing.T) {
	t.Parallel()
	repo := repoRoot(t)
	for _, tc := range []struct {
		name  string
		place func(t *testing.T, plugins string)
	}{
		{"git marketplace", func(t *testing.T, plugins string) {
			if err := os.MkdirAll(filepath.Join(plugins, "marketplaces"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(repo, filepath.Join(plugins, "marketplaces", "memlint")); err != nil {
				t.Fatal(err)
			}
		}},
		{"directory marketplace", func(t *testing.T, plugins string) {
			known := map[string]any{
				"other":   map[string]any{"source": map[string]any{"source": "directory", "path": "/nonexistent"}, "installLocation": "/nonexistent"},
				"memlint": map[string]any{"source": map[string]any{"source": "directory", "path": repo}, "installLocation": repo, "lastUpdated": "2026-12-01T14:45:16.543Z"},
			}
			b, err := json.MarshalIndent(known, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(plugins, "known_marketplaces.json"), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			w.withGo()
			w.data = "" // derived from the install path, as in the agent's Bash tool
			plugins := filepath.Join(w.home, ".claude", "plugins")
			root := filepath.Join(plugins, "cache", "memlint", "memlint", "0.1.0")
			copyDir(t, pluginRoot, root)
			tc.place(t, plugins)
			if r := w.run(root, "", "version"); r.code != 0 || !strings.HasPrefix(r.stdout, "memlint ") {
				t.Fatalf("version: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
			}
			if _, err := os.Stat(filepath.Join(plugins, "data", "memlint-memlint", "bin", "memlint")); err != nil {
				t.Errorf("not built into Claude Code's data dir of the plugin: %v", err)
			}
		})
	}
}

func TestLauncherBuildFails(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.withGo()
	w.modDir = t.TempDir() // no modules and no proxy: the build cannot succeed
	first := w.run(pluginRoot, otherEvent(t), "hooks", "run", "claude")
	systemMessage(t, "first hook", first)
	w.waitBuild(w.data)
	msg := systemMessage(t, "hook after the failed build", w.run(pluginRoot, otherEvent(t), "hooks", "run", "claude"))
	wantContains(t, "the notice", msg, "failed", filepath.Join(w.data, "build.log"), "go install github.com/memlint/memlint/cmd/memlint@latest")
	for i := range 2 {
		wantSilent(t, fmt.Sprintf("hook %d after the notice", i+3), w.run(pluginRoot, otherEvent(t), "hooks", "run", "claude-guard"))
	}
	if n := w.buildCount(); n != 1 {
		t.Errorf("go build ran %d times, want 1 (a failed build is not retried on every hook)", n)
	}
}

func TestLauncherNeither(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i, args := range [][]string{{"hooks", "run", "claude-session"}, {"hooks", "run", "claude"}, {"hooks", "run", "claude-guard"}} {
		r := w.run(pluginRoot, otherEvent(t), args...)
		if i > 0 {
			wantSilent(t, strings.Join(args, " ")+" after the notice", r)
			continue
		}
		msg := systemMessage(t, "first hook", r)
		wantContains(t, "the notice", msg, "memlint is not installed", "Go",
			"go install github.com/memlint/memlint/cmd/memlint@latest", "restart Claude Code")
		if r.stderr != "" {
			t.Errorf("first hook: stderr %q, want none", r.stderr)
		}
	}
	// Run by hand, it says so every time and fails as a missing command does.
	for range 2 {
		r := w.run(pluginRoot, "", "preview")
		if r.code != 127 || r.stdout != "" || !strings.Contains(r.stderr, "go install github.com/memlint/memlint/cmd/memlint@latest") {
			t.Errorf("memlint preview: exit %d, stdout %q, stderr %q; want 127 and how to install", r.code, r.stdout, r.stderr)
		}
	}
}

// TestLauncherSkipsRelativePathEntries: a hook runs in the repository's
// folder, so with "." or an empty entry in PATH, a go, setsid, memlint or
// sed the repository plants there would be run by name. The launcher looks
// every command up in the absolute entries only, with memlint found, with
// Go building it, and with neither.
func TestLauncherSkipsRelativePathEntries(t *testing.T) {
	t.Parallel()
	everything := []string{"go", "setsid", "memlint", "sed", "mkdir", "tr", "cat", "awk", "grep"}
	plant := func(t *testing.T, w *world, names ...string) (marker string) {
		t.Helper()
		marker = filepath.Join(t.TempDir(), "ran")
		for _, name := range names {
			script := "#!/bin/sh\necho " + name + " >>'" + marker + "'\n"
			if err := os.WriteFile(filepath.Join(w.home, name), []byte(script), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		return marker
	}
	wantNotRun := func(t *testing.T, marker string) {
		t.Helper()
		if b, err := os.ReadFile(marker); err == nil {
			t.Fatalf("the launcher ran the repository's planted commands: %q", b)
		} else if !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
	}
	for _, entry := range []string{".", ""} {
		t.Run(fmt.Sprintf("neither, PATH entry %q", entry), func(t *testing.T) {
			w := newWorld(t)
			marker := plant(t, w, everything...)
			w.path = append([]string{entry}, w.path...)
			hook := w.run(pluginRoot, otherEvent(t), "hooks", "run", "claude-session")
			byHand := w.run(pluginRoot, "", "preview")
			wantNotRun(t, marker)
			wantContains(t, "the notice", systemMessage(t, "hook", hook), "memlint is not installed")
			if byHand.code != 127 {
				t.Errorf("memlint preview: exit %d, stdout %q, stderr %q; want 127", byHand.code, byHand.stdout, byHand.stderr)
			}
		})
	}
	t.Run("memlint on PATH after .", func(t *testing.T) {
		w := newWorld(t)
		marker := plant(t, w, everything...)
		w.path = append([]string{".", filepath.Dir(memlintBin)}, w.path...)
		if r := w.run(pluginRoot, "", "version"); r.code != 0 || !strings.HasPrefix(r.stdout, "memlint ") {
			t.Errorf("version: exit %d, stdout %q, stderr %q; want memlint's version", r.code, r.stdout, r.stderr)
		}
		wantNotRun(t, marker)
	})
	t.Run("Go builds, setsid after .", func(t *testing.T) {
		w := newWorld(t)
		// Only setsid is planted, so that the launcher gets as far as
		// starting the build; go is first on PATH.
		marker := plant(t, w, "setsid")
		w.withGo()
		w.path = append(w.path[:1], append([]string{"."}, w.path[1:]...)...)
		r := w.run(pluginRoot, otherEvent(t), "hooks", "run", "claude")
		wantNotRun(t, marker)
		wantContains(t, "the notice", systemMessage(t, "first hook", r), "building memlint once")
		w.waitBuild(w.data)
		if !exists(t, filepath.Join(w.data, "bin", "memlint")) {
			b, _ := os.ReadFile(filepath.Join(w.data, "build.log"))
			t.Errorf("memlint was not built; build.log:\n%s", b)
		}
		wantNotRun(t, marker)
	})
}

// repoRoot is the checkout holding the plugin, symlinks resolved as the
// launcher names it.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(filepath.Dir(filepath.Dir(pluginRoot)))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestLauncherShellcheck lints the launcher as POSIX sh. Without
// shellcheck it skips, unless MEMLINT_REQUIRE_SHELLCHECK=1 (CI).
func TestLauncherShellcheck(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("shellcheck")
	if err != nil {
		if os.Getenv("MEMLINT_REQUIRE_SHELLCHECK") == "1" {
			t.Fatal("shellcheck not found")
		}
		t.Skip("shellcheck not found")
	}
	if out, err := exec.Command(bin, "-s", "sh", launcher).CombinedOutput(); err != nil {
		t.Errorf("shellcheck -s sh %s: %v\n%s", launcher, err, out)
	}
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, info.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
}
