package hooks_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/memlint/memlint/hooks"
)

func TestInstallClaudeHookOldMatcher(t *testing.T) {
	t.Parallel()
	// A hook earlier versions wrote, in a group of its own under
	// Write|Edit|MultiEdit: install gives the group the current matcher
	// and adds the other two hooks; uninstall removes all three.
	o, out := settingsOptions(t, "user")
	file := settingsPath(o)
	old := `{"hooks":{"PostToolUse":[{"matcher":"Write|Edit|MultiEdit","hooks":[{"type":"command","command":"memlint hooks run claude","timeout":30}]}]}}`
	writeFile(t, file, old)
	if err := hooks.InstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	if got, want := readFile(t, file), `{"hooks":{`+compactLists+`}}`; got != want {
		t.Errorf("after install:\n%s\nwant:\n%s", got, want)
	}
	for _, w := range []string{`its matcher was "Write|Edit|MultiEdit", now "Write|Edit|Bash"`, "(PreToolUse, matcher \"Write|Edit|Bash\"): memlint hooks run claude-guard",
		"(PostToolUseFailure, matcher \"Bash\"): memlint hooks run claude",
		"(SessionStart): memlint hooks run claude-session", "restart it, or review them with /hooks"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("install output lacks %q:\n%s", w, out)
		}
	}
	writeFile(t, file, old)
	if err := hooks.UninstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, file); got != "{}" {
		t.Errorf("after uninstall: %q", got)
	}
}

// previousLayout is what memlint hooks install --claude wrote before the
// Bash hooks: PostToolUse and PreToolUse on Write|Edit, SessionStart.
const previousLayout = `{"hooks":{"PostToolUse":[{"matcher":"Write|Edit","hooks":[{"type":"command","command":"memlint hooks run claude","timeout":30}]}],` +
	`"PreToolUse":[{"matcher":"Write|Edit","hooks":[{"type":"command","command":"memlint hooks run claude-guard","timeout":30}]}],` +
	`"SessionStart":[{"hooks":[{"type":"command","command":"memlint hooks run claude-session","timeout":30}]}]}}`

// TestClaudeHooksPreviousLayout: the hooks of the version before Bash was
// heard are recognised: status says what they miss, install brings them
// up to date, uninstall removes them whole.
func TestClaudeHooksPreviousLayout(t *testing.T) {
	t.Parallel()
	o, out := settingsOptions(t, "local")
	file := settingsPath(o)
	writeFile(t, file, previousLayout)
	if _, err := hooks.ClaudeHookStatus(o); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"its matcher does not select Bash: memory written by that tool is not checked (update it: memlint hooks install --claude --scope local)",
		`lack PostToolUseFailure, matcher "Bash", which memlint installs today (update them: memlint hooks install --claude --scope local)`,
	} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("status does not say %q:\n%s", w, out)
		}
	}
	out.Reset()
	if err := hooks.InstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	if got, want := readFile(t, file), `{"hooks":{`+compactLists+`}}`; got != want {
		t.Errorf("after install:\n%s\nwant:\n%s", got, want)
	}
	for _, w := range []string{`its matcher was "Write|Edit", now "Write|Edit|Bash"`, `(PostToolUseFailure, matcher "Bash"): memlint hooks run claude`} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("install output lacks %q:\n%s", w, out)
		}
	}
	writeFile(t, file, previousLayout)
	if err := hooks.UninstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, file); got != "{}" {
		t.Errorf("after uninstall: %q", got)
	}
}

// TestClaudeHookStatusTwoScopes: hooks in user and project settings are
// told, with how to remove either.
func TestClaudeHookStatusTwoScopes(t *testing.T) {
	t.Parallel()
	o, out := settingsOptions(t, "project")
	for _, scope := range []string{"user", "project"} {
		so := o
		so.Scope = scope
		if err := hooks.InstallClaudeHook(so); err != nil {
			t.Fatal(err)
		}
	}
	out.Reset()
	if _, err := hooks.ClaudeHookStatus(o); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"warning: memlint's Claude Code hooks are registered at more than one scope (user, project)",
		"  user: memlint hooks uninstall --claude --scope user\n",
		"  project: memlint hooks uninstall --claude --scope project\n",
	} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("status does not say %q:\n%s", w, out)
		}
	}
	// One scope: no warning.
	uo := o
	uo.Scope = "user"
	if err := hooks.UninstallClaudeHook(uo); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if _, err := hooks.ClaudeHookStatus(o); err != nil || strings.Contains(out.String(), "more than one scope") {
		t.Errorf("one scope: %v\n%s", err, out)
	}
}

func TestPortableMemlint(t *testing.T) {
	t.Parallel()
	// The project scope's command runs memlint from PATH with the hook's
	// arguments, and without memlint says so on stderr and exits 0.
	if runtime.GOOS == "windows" {
		t.Skip("needs sh")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	o := hooks.ClaudeHookOptions{Memlint: hooks.PortableMemlint}
	command := o.ClaudeHookCommand("claude")
	bin := t.TempDir()
	writeFile(t, filepath.Join(bin, "memlint"), "#!/bin/sh\necho \"ran with: $*\"\nexit 2\n")
	if err := os.Chmod(filepath.Join(bin, "memlint"), 0o755); err != nil {
		t.Fatal(err)
	}
	// PATH holds the fake memlint and the tools sh needs.
	cmd := exec.Command(sh, "-c", command)
	cmd.Env = []string{"PATH=" + bin + ":" + filepath.Dir(sh)}
	got, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || string(got) != "ran with: hooks run claude\n" {
		t.Errorf("with memlint on PATH: %v, %q; want exit 2 from memlint, run with the hook's arguments", err, got)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(sh), "memlint")); err == nil {
		t.Skipf("memlint is next to sh in %s: a PATH without memlint cannot be made", filepath.Dir(sh))
	}
	cmd = exec.Command(sh, "-c", command)
	cmd.Env = []string{"PATH=" + filepath.Dir(sh)}
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || stdout.String() != "" || strings.Count(stderr.String(), "\n") != 1 || !strings.Contains(stderr.String(), "memlint is not installed") {
		t.Errorf("without memlint: %v, stdout %q, stderr %q; want exit 0 and one line on stderr", err, stdout.String(), stderr.String())
	}
}

func TestClaudeHookStatusPlugin(t *testing.T) {
	t.Parallel()
	// The plugin enabled in user settings, and in Claude Code's cache.
	o, out := settingsOptions(t, "project")
	writeFile(t, filepath.Join(o.ClaudeHome, "settings.json"), `{"enabledPlugins": {"memlint@memlint": true}}`)
	ok, err := hooks.ClaudeHookStatus(o)
	if err != nil || !ok || !strings.Contains(out.String(), "the memlint plugin is enabled in "+filepath.Join(o.ClaudeHome, "settings.json")) ||
		!strings.Contains(out.String(), "not installed in") {
		t.Fatalf("enabled, not in the cache: %v %v\n%s", ok, err, out)
	}
	cache := filepath.Join(o.ClaudeHome, "plugins", "cache", "memlint", "memlint", "0.1.0")
	writeFile(t, filepath.Join(cache, ".claude-plugin", "plugin.json"), "{}")
	out.Reset()
	if ok, err := hooks.ClaudeHookStatus(o); err != nil || !ok || !strings.Contains(out.String(), "installed: "+cache) {
		t.Fatalf("installed: %v %v\n%s", ok, err, out)
	}
	// Turned off in the project's local settings: the last scope wins.
	writeFile(t, filepath.Join(o.ProjectDir, ".claude", "settings.local.json"), `{"enabledPlugins": {"memlint@memlint": false}}`)
	out.Reset()
	if ok, err := hooks.ClaudeHookStatus(o); err != nil || ok || !strings.Contains(out.String(), "the memlint plugin is disabled in") {
		t.Fatalf("disabled: %v %v\n%s", ok, err, out)
	}
	// The plugin and settings hooks both: twice.
	writeFile(t, filepath.Join(o.ProjectDir, ".claude", "settings.local.json"), `{}`)
	if err := hooks.InstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if _, err := hooks.ClaudeHookStatus(o); err != nil || !strings.Contains(out.String(), "registered at more than one scope (plugin, project)") ||
		!strings.Contains(out.String(), "plugin: /plugin disable memlint@memlint") {
		t.Fatalf("both: %v\n%s", err, out)
	}
}
