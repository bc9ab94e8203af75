package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/cgi"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The memlint Claude Code plugin (plugins/memlint) as the real Claude Code
// loads it: validated by `claude plugin validate --strict`, its hooks run
// in a session with --plugin-dir, and installed from this repository as a
// marketplace. The launcher itself is tested in plugins/.

// badFeedback is a feedback memory whose type Claude Code ignores: an
// error-level finding (memory-type) that memlint's PostToolUse hook must
// hand the agent as a blocking error.
const badFeedback = "---\nname: feedback-review\ndescription: Code review comments must name the rule they apply\ntype: Feedback\n---\n" +
	"Review comments must name the rule they apply.\n\n**Why:** reviewers argued about taste.\n\n**How to apply:** every review comment.\n"

// repoRoot is the checkout under test, which is also the marketplace.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// claudeCmd runs a Claude Code subcommand (plugin validate, plugin install)
// in the sandbox's HOME, offline, and returns its output and exit code.
func claudeCmd(t *testing.T, sb *sandbox, args ...string) (string, int) {
	t.Helper()
	// A Claude Code start costs as much as a session: it counts against
	// the same limit.
	limiter <- struct{}{}
	defer func() { <-limiter }()
	ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, claudeBin, args...)
	cmd.Dir = sb.Repo
	cmd.Env = append(cleanEnv(), "HOME="+sb.Home, "TMPDIR="+sb.Tmp, "DISABLE_TELEMETRY=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "NO_PROXY=127.0.0.1,localhost")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("claude %s timed out", strings.Join(args, " "))
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return out.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatalf("claude %s: %v", strings.Join(args, " "), err)
	}
	return out.String(), 0
}

// keptWarnings are the warnings of `claude plugin validate --strict` the
// plugin draws on purpose, each with why. A release that warns of anything
// else fails the test.
var keptWarnings = []string{
	// 2.1.337: claude.ai's plugin directory refuses files in bin/. The
	// launcher stays there: Claude Code puts the plugin's bin/ on the PATH
	// of the agent's Bash tool, which is how /memlint:memlint runs
	// memlint where it is not installed, and this repository is its own
	// marketplace, not a submission to that directory.
	"bin: claude.ai refuses a plugin with files in its bin/ folder, though Claude Code loads it.",
}

// strictWarning finds the warnings listed between "⚠ Found N warning"
// and the next section of validate's output.
var strictWarning = regexp.MustCompile(`(?m)^⚠ Found \d+ warnings?:\n\n((?:  ❯ .*\n)+)`)

func TestPluginValidate(t *testing.T) {
	t.Parallel()
	requireClaude(t)
	sb := newSandbox(t)
	root := repoRoot(t)
	for _, dir := range []string{filepath.Join(root, "plugins", "memlint"), root} {
		out, code := claudeCmd(t, sb, "plugin", "validate", "--strict", dir)
		if code == 0 && strings.Contains(out, "Validation passed") {
			continue
		}
		// Failed for warnings alone: each must be one the plugin keeps, and
		// validation without --strict must pass.
		m := strictWarning.FindStringSubmatch(out)
		if m == nil {
			t.Errorf("claude plugin validate --strict %s: exit %d\n%s", dir, code, out)
			continue
		}
		for _, w := range strings.Split(strings.TrimSuffix(m[1], "\n"), "\n") {
			w = strings.TrimPrefix(w, "  ❯ ")
			if !slices.ContainsFunc(keptWarnings, func(k string) bool { return strings.HasPrefix(w, k) }) {
				t.Errorf("claude plugin validate --strict %s warns: %s\n%s", dir, w, out)
			}
		}
		if out, code := claudeCmd(t, sb, "plugin", "validate", dir); code != 0 || !strings.Contains(out, "Validation passed") {
			t.Errorf("claude plugin validate %s: exit %d\n%s", dir, code, out)
		}
	}
}

// pluginScript writes a file outside memory, then a bad feedback memory.
func pluginScript(sb *sandbox) script {
	return func(n int, _ *apiRequest) reply {
		switch n {
		case 0:
			return reply{Tool: "Write", Input: map[string]any{"file_path": filepath.Join(sb.Repo, "notes.txt"), "content": "not memory\n"}}
		case 1:
			return reply{Tool: "Write", Input: map[string]any{"file_path": filepath.Join(sb.MemDir, "feedback_review.md"), "content": badFeedback}}
		}
		return reply{Text: "done"}
	}
}

// acceptEdits lets the session write outside the memory dir (memory writes
// need no permission).
var acceptEdits = []string{"--permission-mode", "acceptEdits"}

// afterLastResult returns the texts of the messages after the last
// tool_result of a request: what the hooks of that tool call said.
func afterLastResult(req *apiRequest) string {
	last := -1
	for i, m := range req.Messages {
		if bytes.Contains(m.Content, []byte(`"tool_result"`)) {
			last = i
		}
	}
	var out []string
	for _, m := range req.Messages[last+1:] {
		out = append(out, m.texts()...)
	}
	return strings.Join(out, "\n")
}

// checkPluginSession checks a session run with pluginScript: the memory
// write went through the guard, memlint's blocking error reached the model,
// and the write outside memory produced no message.
func checkPluginSession(t *testing.T, sb *sandbox, res sessionResult) {
	t.Helper()
	main := mainLoop(res.Requests)
	if len(main) < 3 {
		t.Fatalf("want 3 main-loop requests\n%s", res.describe())
	}
	for _, f := range []string{filepath.Join(sb.Repo, "notes.txt"), filepath.Join(sb.MemDir, "feedback_review.md")} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("a write did not happen (a hook denied it?): %v\n%s", err, afterLastResult(main[len(main)-1]))
		}
	}
	if got := afterLastResult(main[1]); strings.Contains(got, "memlint") {
		t.Errorf("a write outside memory produced a message:\n%s", got)
	}
	got := afterLastResult(main[2])
	for _, want := range []string{"PostToolUse:Write hook blocking error", "bin/memlint\" hooks run claude", "feedback_review.md", "[memory-type]"} {
		if !strings.Contains(got, want) {
			t.Errorf("the request after the memory write does not carry %q:\n%s", want, got)
		}
	}
}

func TestPluginSession(t *testing.T) {
	t.Parallel()
	requireMemlint(t)
	sb := newSandbox(t)
	runPreviewRules(t, sb)
	sb.Env = []string{"PATH=" + filepath.Dir(memlintBin) + string(os.PathListSeparator) + os.Getenv("PATH")}
	// The prompt is the plugin's command: its text reaches the model.
	res := runSession(t, sb, sessionOptions{
		Prompt: "/memlint:memlint",
		Args:   append([]string{"--plugin-dir", filepath.Join(repoRoot(t), "plugins", "memlint")}, acceptEdits...),
		Script: pluginScript(sb),
	})
	checkPluginSession(t, sb, res)
	if first := firstMain(res.Requests); !bytes.Contains(first.Raw, []byte("Run `memlint preview")) {
		t.Errorf("the /memlint command did not reach the model:\n%s", strings.Join(first.Messages[0].texts(), "\n"))
	}
}

// TestPluginInstall installs the plugin as a user does, from this
// repository as a marketplace, and runs a session with its hooks; then one
// where neither memlint nor Go is on PATH: the writes go through, the model
// hears nothing, and the launcher's one notice is recorded in the plugin's
// data dir (named as the launcher derives it).
func TestPluginInstall(t *testing.T) {
	t.Parallel()
	requireMemlint(t)
	sb := newSandbox(t)
	runPreviewRules(t, sb)
	for _, args := range [][]string{
		{"plugin", "marketplace", "add", repoRoot(t)},
		{"plugin", "install", "memlint@memlint"},
	} {
		if out, code := claudeCmd(t, sb, args...); code != 0 {
			t.Fatalf("claude %s: exit %d\n%s", strings.Join(args, " "), code, out)
		}
	}
	sb.Env = []string{"PATH=" + filepath.Dir(memlintBin) + string(os.PathListSeparator) + os.Getenv("PATH")}
	checkPluginSession(t, sb, runSession(t, sb, sessionOptions{Script: pluginScript(sb), Args: acceptEdits}))

	for _, d := range []string{"/usr/bin", "/bin"} {
		for _, tool := range []string{"go", "memlint"} {
			if _, err := os.Stat(filepath.Join(d, tool)); err == nil {
				t.Skipf("%s/%s exists: a PATH without %s cannot be made here", d, tool, tool)
			}
		}
	}
	for _, f := range []string{filepath.Join(sb.Repo, "notes.txt"), filepath.Join(sb.MemDir, "feedback_review.md")} {
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	sb.Env = []string{"PATH=/usr/bin:/bin"}
	res := runSession(t, sb, sessionOptions{Script: pluginScript(sb), Args: acceptEdits})
	if _, err := os.Stat(filepath.Join(sb.MemDir, "feedback_review.md")); err != nil {
		t.Errorf("without memlint, the memory write did not happen: %v", err)
	}
	for _, r := range res.Requests {
		if bytes.Contains(r.Raw, []byte("memlint plugin:")) || bytes.Contains(r.Raw, []byte("hook blocking error")) {
			t.Errorf("without memlint, the model was told something:\n%s", afterLastResult(r))
			break
		}
	}
	marker := filepath.Join(sb.Home, ".claude", "plugins", "data", "memlint-memlint", "notice-missing")
	if _, err := os.Stat(marker); err != nil {
		t.Errorf("the launcher's notice was not recorded in the plugin's data dir: %v", err)
	}
}

// TestPluginProjectSettings installs the plugin for a team, into the
// project's committed settings, and checks the shape docs/hooks.md shows:
// extraKnownMarketplaces names the marketplace, enabledPlugins the plugin.
func TestPluginProjectSettings(t *testing.T) {
	t.Parallel()
	requireMemlint(t)
	sb := newSandbox(t)
	runPreviewRules(t, sb)
	for _, args := range [][]string{
		{"plugin", "marketplace", "add", repoRoot(t), "--scope", "project"},
		{"plugin", "install", "memlint@memlint", "--scope", "project"},
	} {
		if out, code := claudeCmd(t, sb, args...); code != 0 {
			t.Fatalf("claude %s: exit %d\n%s", strings.Join(args, " "), code, out)
		}
	}
	raw, err := os.ReadFile(filepath.Join(sb.Repo, ".claude", "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	var settings struct {
		Extra map[string]struct {
			Source map[string]string `json:"source"`
		} `json:"extraKnownMarketplaces"`
		Enabled map[string]bool `json:"enabledPlugins"`
	}
	if err := json.Unmarshal(raw, &settings); err != nil {
		t.Fatalf("%v\n%s", err, raw)
	}
	if src := settings.Extra["memlint"].Source; src["source"] != "directory" || src["path"] != repoRoot(t) || !settings.Enabled["memlint@memlint"] {
		t.Errorf("project settings do not declare the marketplace and enable the plugin as documented:\n%s", raw)
	}
	sb.Env = []string{"PATH=" + filepath.Dir(memlintBin) + string(os.PathListSeparator) + os.Getenv("PATH")}
	checkPluginSession(t, sb, runSession(t, sb, sessionOptions{Script: pluginScript(sb), Args: acceptEdits}))
}

// TestPluginGitMarketplace installs the plugin from this repository served
// over git's smart HTTP on loopback, as from GitHub, and checks the layout
// the launcher relies on to build memlint (plugins/launcher_test.go
// rebuilds it): Claude Code copies only plugins/memlint into its cache,
// <plugins>/cache/memlint/memlint/<version>, and keeps the whole repository
// as the marketplace clone <plugins>/marketplaces/memlint.
func TestPluginGitMarketplace(t *testing.T) {
	t.Parallel()
	requireClaude(t)
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not found")
	}
	served := t.TempDir()
	if out, err := exec.Command(git, "clone", "-q", "--bare", repoRoot(t), filepath.Join(served, "memlint.git")).CombinedOutput(); err != nil {
		t.Fatalf("git clone --bare: %v\n%s", err, out)
	}
	srv := httptest.NewServer(&cgi.Handler{Path: git, Args: []string{"http-backend"},
		Env: []string{"GIT_PROJECT_ROOT=" + served, "GIT_HTTP_EXPORT_ALL=1"}})
	defer srv.Close()

	sb := newSandbox(t)
	for _, args := range [][]string{
		{"plugin", "marketplace", "add", srv.URL + "/memlint.git"},
		{"plugin", "install", "memlint@memlint"},
	} {
		if out, code := claudeCmd(t, sb, args...); code != 0 {
			t.Fatalf("claude %s: exit %d\n%s", strings.Join(args, " "), code, out)
		}
	}
	plugins := filepath.Join(sb.Home, ".claude", "plugins")
	raw, err := os.ReadFile(filepath.Join(plugins, "installed_plugins.json"))
	if err != nil {
		t.Fatal(err)
	}
	var installed struct {
		Plugins map[string][]struct {
			InstallPath string `json:"installPath"`
		} `json:"plugins"`
	}
	if err := json.Unmarshal(raw, &installed); err != nil || len(installed.Plugins["memlint@memlint"]) != 1 {
		t.Fatalf("installed_plugins.json: %v\n%s", err, raw)
	}
	root := installed.Plugins["memlint@memlint"][0].InstallPath
	if dir := filepath.Dir(root); dir != filepath.Join(plugins, "cache", "memlint", "memlint") {
		t.Errorf("the plugin is installed in %s, not in <plugins>/cache/memlint/memlint/<version>", root)
	}
	for path, want := range map[string]bool{
		filepath.Join(root, "bin", "memlint"):                                   true,
		filepath.Join(root, "hooks", "hooks.json"):                              true,
		filepath.Join(root, "go.mod"):                                           false,
		filepath.Join(plugins, "marketplaces", "memlint", "go.mod"):             true,
		filepath.Join(plugins, "marketplaces", "memlint", "cmd", "memlint"):     true,
		filepath.Join(plugins, "marketplaces", "memlint", "plugins", "memlint"): true,
	} {
		if _, err := os.Stat(path); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", path, err == nil, want)
		}
	}
}
