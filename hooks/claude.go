package hooks

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/lint/report"
)

// ClaudeHookOptions say which Claude Code settings file to change.
type ClaudeHookOptions struct {
	// ProjectDir is the project's root folder (the git top level).
	ProjectDir string
	// ClaudeHome is Claude Code's configuration folder
	// ($CLAUDE_CONFIG_DIR or ~/.claude), for the user scope.
	ClaudeHome string
	// Scope is "project" (.claude/settings.json), "local"
	// (.claude/settings.local.json) or "user" (settings.json in ClaudeHome).
	Scope string
	// Memlint is the command line that starts memlint: each hook runs it
	// followed by " hooks run <hook>" (ClaudeHookCommand).
	Memlint string
	// Out receives one line per thing done or found.
	Out io.Writer
	// Redact masks secrets (rules.Redact) in what status prints of a
	// settings file: a hook command is the repository's text, and may
	// hold a key. nil masks nothing.
	Redact func(string) string
}

// shown is how the output names a value read from a settings file, the
// environment or the disk: secrets masked (Redact), then escaped
// (report.EscapeText), so that a command or a name cannot print a key,
// drive the terminal or forge a line.
func (o ClaudeHookOptions) shown(s string) string {
	if o.Redact != nil {
		s = o.Redact(s)
	}
	return report.EscapeText(s)
}

const (
	// claudeHookEvent is the Claude Code hook event memlint lints writes
	// after.
	claudeHookEvent = "PostToolUse"
	// postToolUseFailure is the event Claude Code sends instead of
	// PostToolUse when a tool fails: a Bash command that exits non-zero
	// (Claude Code 2.1.328 and 2.1.332).
	postToolUseFailure = "PostToolUseFailure"
	// claudeMatcher selects the tools that write files: Write and Edit
	// (Claude Code 2.1.328 has no MultiEdit any more), and Bash, whose
	// commands the agent writes memory with too (cat >> MEMORY.md).
	claudeMatcher = "Write|Edit|Bash"
)

// claudeHookSpec is one of the hooks memlint installs, the same four as
// the memlint plugin's hooks/hooks.json.
type claudeHookSpec struct {
	event   string // the Claude Code hook event
	matcher string // "" for an event without matcher
	name    string // the argument of memlint hooks run
	timeout string // seconds
}

var claudeHookSpecs = []claudeHookSpec{
	{claudeHookEvent, claudeMatcher, "claude", "30"},
	{"PreToolUse", claudeMatcher, "claude-guard", "30"},
	{"SessionStart", "", "claude-session", "30"},
	{postToolUseFailure, "Bash", "claude", "30"},
}

// ClaudeHookCommand is the command line of one of memlint's hooks.
func (o ClaudeHookOptions) ClaudeHookCommand(hook string) string {
	return o.Memlint + " hooks run " + hook
}

// PortableMemlint is the Memlint of hooks in settings a team shares
// (project scope): a teammate without memlint on PATH gets one line on
// stderr, which Claude Code shows the user only, and exit 0, instead of
// a shell's 127 on every write and at every session start.
const PortableMemlint = `sh -c 'command -v memlint >/dev/null 2>&1 || { echo "memlint is not installed, so memory is not checked here: go install github.com/memlint/memlint/cmd/memlint@latest, or use the memlint plugin" >&2; exit 0; }; exec memlint "$@"' memlint`

// settingsFile returns the settings file the options point at.
func (o ClaudeHookOptions) settingsFile() (string, error) {
	switch o.Scope {
	case "project", "local", "":
		if o.ProjectDir == "" {
			return "", errors.New("no project folder to install the Claude Code hook in")
		}
		name := "settings.json"
		if o.Scope == "local" {
			name = "settings.local.json"
		}
		return filepath.Join(o.ProjectDir, ".claude", name), nil
	case "user":
		if o.ClaudeHome == "" {
			return "", errors.New("no Claude Code configuration folder (set CLAUDE_CONFIG_DIR or HOME)")
		}
		return filepath.Join(o.ClaudeHome, "settings.json"), nil
	}
	return "", fmt.Errorf("unknown scope %q (want project, local or user)", o.Scope)
}

// openForWrite opens the settings file install and uninstall rewrite. A
// project's settings (project and local scope) come with the repository,
// so a symbolic link there — the file or its .claude folder — is refused:
// it may lead to the user's own ~/.claude/settings.json, which memlint
// would then rewrite for a repository. The user's settings file may be a
// link (into a dotfiles repository): it is written through.
func (o ClaudeHookOptions) openForWrite(file string) (*claudecode.SettingsFile, error) {
	if o.Scope != "user" {
		for _, p := range []string{filepath.Dir(file), file} {
			if info, err := os.Lstat(p); err == nil && info.Mode()&fs.ModeSymlink != 0 {
				return nil, fmt.Errorf("%s is a symbolic link; memlint does not write a project's Claude Code settings through a link (it may lead to your own settings): make it a regular file, or use --scope user", p)
			}
		}
	}
	return claudecode.OpenSettings(file)
}

func (o ClaudeHookOptions) out() io.Writer {
	if o.Out == nil {
		return io.Discard
	}
	return o.Out
}

// claudeHookName returns which of memlint's hooks a hook command runs: it
// mentions memlint and ends with "hooks run <hook>", whichever binary path
// or quoting it uses. ok is false for someone else's command.
func claudeHookName(command string) (hook string, ok bool) {
	command = strings.TrimSpace(command)
	if !strings.Contains(command, "memlint") {
		return "", false
	}
	for _, h := range claudeHookSpecs {
		if strings.HasSuffix(command, "hooks run "+h.name) {
			return h.name, true
		}
	}
	return "", false
}

// restartNote is the last line of install and uninstall: Claude Code
// reads hooks when a session starts.
const restartNote = "Claude Code reads hooks when it starts: restart it, or review them with /hooks in a running session"

// InstallClaudeHook adds memlint's four hooks (PostToolUse and PreToolUse
// on Write|Edit|Bash, PostToolUseFailure on Bash, SessionStart) to the
// settings file of the scope, keeping everything else in the file, in
// order and laid out as it was. Installing again changes nothing; a hook
// of memlint's that runs another command is updated in place, one in a
// group of its own under an older matcher (Write|Edit|MultiEdit,
// Write|Edit) gets the current matcher, and one in a group shared with
// other hooks whose matcher misses a tool moves to a group of its own.
func InstallClaudeHook(o ClaudeHookOptions) error {
	file, err := o.settingsFile()
	if err != nil {
		return err
	}
	doc, err := o.openForWrite(file)
	if err != nil {
		return err
	}
	if err := duplicateHookKeys(doc); err != nil {
		return err
	}
	out := o.out()
	var done []string
	changed := false
	for _, spec := range claudeHookSpecs {
		_, list, err := hookList(doc, spec.event)
		if err != nil {
			return err
		}
		command := o.ClaudeHookCommand(spec.name)
		if found := findClaudeHooks(list, spec.name); len(found) > 0 {
			for _, h := range found {
				if h.command != command {
					setMember(h.hook, "command", claudecode.NewJSONString(command))
					done = append(done, fmt.Sprintf("updated memlint's Claude Code hook in %s: its command was %q, now %q", file, h.command, command))
					changed = true
				}
				if spec.matcher == "" || h.matcher == spec.matcher {
					continue
				}
				if onlyMemlintHooks(h.group) {
					setMember(h.group, "matcher", claudecode.NewJSONString(spec.matcher))
					done = append(done, fmt.Sprintf("updated memlint's Claude Code hook in %s: its matcher was %q, now %q", file, h.matcher, spec.matcher))
					changed = true
				} else if len(unmatchedTools(h.matcher, spec.tools())) > 0 {
					// A group shared with someone else's hooks keeps
					// its matcher: memlint's hook moves to a group of
					// the matcher it needs (Bash, since the Write|Edit
					// of earlier versions).
					removeHook(h.group, h.hook)
					addHook(doc.Root, list, spec, h.hook)
					done = append(done, fmt.Sprintf("moved memlint's Claude Code hook in %s from the group of matcher %q, shared with other hooks, to one of matcher %q", file, h.matcher, spec.matcher))
					changed = true
				}
			}
			continue
		}
		hook := &claudecode.JSONValue{Kind: claudecode.JSONObject}
		hook.Add("type", claudecode.NewJSONString("command"))
		hook.Add("command", claudecode.NewJSONString(command))
		hook.Add("timeout", &claudecode.JSONValue{Kind: claudecode.JSONNumber, Raw: []byte(spec.timeout)})
		addHook(doc.Root, list, spec, hook)
		done = append(done, fmt.Sprintf("installed memlint's Claude Code hook in %s (%s): %s", o.shown(file), describeEvent(spec.event, spec.matcher), o.shown(command)))
		changed = true
	}
	if !changed {
		fmt.Fprintf(out, "memlint's Claude Code hooks are already installed in %s\n", o.shown(file))
		return nil
	}
	if err := doc.Write(); err != nil {
		return err
	}
	for _, line := range done {
		fmt.Fprintln(out, line)
	}
	fmt.Fprintln(out, restartNote)
	return nil
}

// addHook adds a hook object to the matcher group of spec's matcher in
// spec's event list, making the group, the list and the "hooks" object of
// root as needed. list is the event's list, or nil when there is none yet.
func addHook(root, list *claudecode.JSONValue, spec claudeHookSpec, hook *claudecode.JSONValue) {
	if list == nil {
		hooksObj := root.Get("hooks")
		if hooksObj == nil {
			hooksObj = &claudecode.JSONValue{Kind: claudecode.JSONObject}
			root.Add("hooks", hooksObj)
		}
		list = &claudecode.JSONValue{Kind: claudecode.JSONArray}
		hooksObj.Add(spec.event, list)
	}
	if group := matcherGroup(list, spec.matcher); group != nil {
		hooks := group.Get("hooks")
		hooks.Elems = append(hooks.Elems, hook)
		return
	}
	group := &claudecode.JSONValue{Kind: claudecode.JSONObject}
	if spec.matcher != "" {
		group.Add("matcher", claudecode.NewJSONString(spec.matcher))
	}
	group.Add("hooks", &claudecode.JSONValue{Kind: claudecode.JSONArray, Elems: []*claudecode.JSONValue{hook}})
	list.Elems = append(list.Elems, group)
}

// removeHook removes a hook object from its matcher group.
func removeHook(group, hook *claudecode.JSONValue) {
	hooks := group.Get("hooks")
	kept := hooks.Elems[:0]
	for _, h := range hooks.Elems {
		if h != hook {
			kept = append(kept, h)
		}
	}
	hooks.Elems = kept
}

// describeEvent names a hook event and its matcher, as status and
// install print them.
func describeEvent(event, matcher string) string {
	if matcher == "" {
		return event
	}
	return fmt.Sprintf("%s, matcher %q", event, matcher)
}

// onlyMemlintHooks tells whether a matcher group holds memlint's hooks
// alone, so that its matcher is memlint's to change.
func onlyMemlintHooks(group *claudecode.JSONValue) bool {
	list := group.Get("hooks")
	if list == nil || list.Kind != claudecode.JSONArray {
		return false
	}
	for _, h := range list.Elems {
		if cmd, ok := h.Get("command").Text(); !ok {
			return false
		} else if _, mine := claudeHookName(cmd); !mine {
			return false
		}
	}
	return true
}

// UninstallClaudeHook removes memlint's hook objects, of all four hooks
// and under any matcher (also the Write|Edit|MultiEdit and Write|Edit
// ones earlier versions wrote), from the settings file of the scope, and the matcher
// groups, event lists and hooks object that held them only when removing
// them left those empty. A file without memlint's hooks is not rewritten.
func UninstallClaudeHook(o ClaudeHookOptions) error {
	file, err := o.settingsFile()
	if err != nil {
		return err
	}
	doc, err := o.openForWrite(file)
	if err != nil {
		return err
	}
	out := o.out()
	if !doc.Exists {
		fmt.Fprintf(out, "memlint's Claude Code hooks are not installed: %s does not exist\n", o.shown(file))
		return nil
	}
	if err := duplicateHookKeys(doc); err != nil {
		return err
	}
	hooksObj := doc.Root.Get("hooks")
	removed := 0
	for _, spec := range claudeHookSpecs {
		list := hooksObj.Get(spec.event)
		if list == nil || list.Kind != claudecode.JSONArray {
			continue
		}
		n := removeMemlintHooks(list)
		if n == 0 {
			continue
		}
		removed += n
		if len(list.Elems) == 0 {
			hooksObj.Remove(spec.event)
		}
	}
	if removed == 0 {
		fmt.Fprintf(out, "memlint's Claude Code hooks are not installed in %s; nothing to remove\n", o.shown(file))
		return nil
	}
	if len(hooksObj.Members) == 0 {
		doc.Root.Remove("hooks")
	}
	if err := doc.Write(); err != nil {
		return err
	}
	fmt.Fprintf(out, "removed memlint's Claude Code hooks from %s\n", o.shown(file))
	fmt.Fprintln(out, restartNote)
	return nil
}

// removeMemlintHooks removes memlint's hook objects from an event's list
// of matcher groups, and the groups that held nothing else, and returns
// how many hook objects it removed.
func removeMemlintHooks(list *claudecode.JSONValue) int {
	removed := 0
	groups := list.Elems[:0]
	for _, group := range list.Elems {
		hooks := group.Get("hooks")
		if hooks == nil || hooks.Kind != claudecode.JSONArray {
			groups = append(groups, group)
			continue
		}
		kept := hooks.Elems[:0]
		for _, h := range hooks.Elems {
			if cmd, ok := h.Get("command").Text(); ok {
				if _, mine := claudeHookName(cmd); mine {
					removed++
					continue
				}
			}
			kept = append(kept, h)
		}
		emptied := len(kept) == 0 && len(hooks.Elems) > 0
		hooks.Elems = kept
		if !emptied {
			groups = append(groups, group)
		}
	}
	list.Elems = groups
	return removed
}

// ClaudeHookStatus says how memlint's hooks reach Claude Code: through
// the memlint plugin (enabled in a settings file, and installed), through
// settings files (which scopes, which hooks, and whether Claude Code will
// run them: for the tools that write files, hooks not disabled, the
// command's binary there), or not at all; and whether memlint is on PATH.
// It is true when the PostToolUse hook will run from some settings file,
// or the plugin is enabled.
func ClaudeHookStatus(o ClaudeHookOptions) (bool, error) {
	out := o.out()
	if p, err := exec.LookPath("memlint"); err == nil {
		fmt.Fprintf(out, "memlint on PATH: %s\n", o.shown(p))
	} else {
		fmt.Fprintf(out, "memlint is not on PATH: hooks that run \"memlint\" (the project scope's, the plugin's without Go) check nothing\n")
	}
	pluginOK := pluginStatus(o, out)
	ok, anywhere := pluginOK, pluginOK
	var scopes []string // where memlint's hooks are registered
	if pluginOK {
		scopes = append(scopes, "plugin")
	}
	for _, scope := range []string{"user", "project", "local"} {
		so := o
		so.Scope = scope
		st, err := settingsStatus(so, out, scope == o.Scope || (o.Scope == "" && scope == "project"))
		if err != nil {
			return false, err
		}
		// A file that cannot be read may hold the hooks: "installed
		// nowhere" is not known then.
		anywhere = anywhere || st.installed || st.unreadable
		ok = ok || st.runs
		if st.installed {
			scopes = append(scopes, scope)
		}
	}
	if len(scopes) > 1 {
		warnRegisteredTwice(out, scopes)
	}
	if !anywhere {
		fmt.Fprintf(out, "memlint's Claude Code hooks are not installed: no memlint plugin, and no settings file has them (install the plugin: /plugin marketplace add memlint/memlint, then /plugin install memlint@memlint; or: memlint hooks install --claude%s)\n", claudeScopeFlag(o.Scope))
	}
	return ok, nil
}

// warnRegisteredTwice tells that memlint's hooks are registered at more
// than one scope, and how to keep one.
func warnRegisteredTwice(out io.Writer, scopes []string) {
	fmt.Fprintf(out, "warning: memlint's Claude Code hooks are registered at more than one scope (%s): Claude Code runs every one of them for each write and each Bash command, and memlint makes the second stay silent, but each check runs twice. Keep one:\n", strings.Join(scopes, ", "))
	for _, scope := range scopes {
		if scope == "plugin" {
			fmt.Fprintf(out, "  plugin: /plugin disable %s (or /plugin uninstall %s)\n", pluginKey, pluginKey)
			continue
		}
		fmt.Fprintf(out, "  %s: memlint hooks uninstall --claude --scope %s\n", scope, scope)
	}
}

// scopeStatus is what a settings file holds of memlint's hooks.
type scopeStatus struct {
	installed  bool // one of memlint's hooks is there
	runs       bool // Claude Code will run its PostToolUse hook
	unreadable bool // Claude Code cannot read the file either
}

// pluginKey is the memlint plugin's key in enabledPlugins:
// <plugin>@<marketplace>.
const pluginKey = "memlint@memlint"

// pluginStatus tells whether the memlint plugin is enabled in a settings
// file (user, project, local: the last that names it wins, as Claude Code
// merges settings) and installed in Claude Code's plugin cache
// (<config>/plugins/cache/<marketplace>/<plugin>/<version>).
func pluginStatus(o ClaudeHookOptions, out io.Writer) bool {
	enabled, where := false, ""
	for _, scope := range []string{"user", "project", "local"} {
		so := o
		so.Scope = scope
		file, err := so.settingsFile()
		if err != nil {
			continue
		}
		doc, err := claudecode.OpenSettings(file)
		if err != nil || !doc.Exists {
			continue
		}
		if v := doc.Root.Get("enabledPlugins").Get(pluginKey); v != nil {
			enabled, where = string(v.Raw) == "true", file
		}
	}
	if where == "" {
		return false
	}
	if !enabled {
		fmt.Fprintf(out, "the memlint plugin is disabled in %s\n", o.shown(where))
		return false
	}
	fmt.Fprintf(out, "the memlint plugin is enabled in %s: Claude Code runs its hooks\n", o.shown(where))
	if o.ClaudeHome != "" {
		versions, err := os.ReadDir(filepath.Join(o.ClaudeHome, "plugins", "cache", "memlint", "memlint"))
		if err != nil || len(versions) == 0 {
			fmt.Fprintf(out, "  it is not installed in %s yet: Claude Code installs it at the next start (or: /plugin install %s)\n", o.shown(filepath.Join(o.ClaudeHome, "plugins")), pluginKey)
		} else {
			fmt.Fprintf(out, "  installed: %s\n", o.shown(filepath.Join(o.ClaudeHome, "plugins", "cache", "memlint", "memlint", versions[len(versions)-1].Name())))
		}
	}
	return true
}

// settingsStatus reports memlint's hooks in the settings file of o.Scope:
// whether any is there, and whether Claude Code will run the PostToolUse
// one. A missing or hook-less file is told only when verbose (the scope
// asked about).
func settingsStatus(o ClaudeHookOptions, out io.Writer, verbose bool) (scopeStatus, error) {
	file, err := o.settingsFile()
	if err != nil {
		if verbose {
			return scopeStatus{}, err
		}
		return scopeStatus{}, nil
	}
	doc, err := claudecode.OpenSettings(file)
	if err != nil {
		fmt.Fprintf(out, "memlint's Claude Code hook will not run: %s\n", o.shown(err.Error()))
		return scopeStatus{unreadable: true}, nil
	}
	if !doc.Exists {
		if verbose {
			fmt.Fprintf(out, "memlint's Claude Code hooks are not installed in %s: it does not exist\n", o.shown(file))
		}
		return scopeStatus{}, nil
	}
	var installed bool
	var missing []string // the hooks of claudeHookSpecs not there
	runs := true
	disabled := false
	if v := doc.Root.Get("disableAllHooks"); v != nil && string(v.Raw) == "true" {
		disabled = true
	}
	for _, spec := range claudeHookSpecs {
		_, list, err := hookList(doc, spec.event)
		if err != nil {
			fmt.Fprintf(out, "memlint's Claude Code hook will not run: %s\n", o.shown(err.Error()))
			return scopeStatus{unreadable: true}, nil
		}
		found := findClaudeHooks(list, spec.name)
		if len(found) == 0 {
			if spec.event == claudeHookEvent {
				runs = false
			}
			missing = append(missing, describeEvent(spec.event, spec.matcher))
			continue
		}
		if !installed && disabled {
			fmt.Fprintf(out, "%s sets disableAllHooks: Claude Code runs no hook from it\n", o.shown(file))
		}
		installed = true
		for _, h := range found {
			if !hookRuns(o, out, spec, h) && spec.event == claudeHookEvent {
				runs = false
			}
		}
	}
	if installed && len(missing) > 0 {
		fmt.Fprintf(out, "memlint's Claude Code hooks in %s lack %s, which memlint installs today (update them: memlint hooks install --claude%s)\n", o.shown(file), strings.Join(missing, "; "), claudeScopeFlag(o.Scope))
	}
	if !installed {
		if verbose {
			fmt.Fprintf(out, "memlint's Claude Code hooks are not installed in %s (install them with: memlint hooks install --claude%s)\n", o.shown(file), claudeScopeFlag(o.Scope))
		}
		return scopeStatus{}, nil
	}
	return scopeStatus{installed: true, runs: runs && !disabled}, nil
}

// hookRuns reports one of memlint's hooks in a settings file and tells
// whether Claude Code will run it. The command is the settings file's
// text, shown with its secrets masked and escaped (shown).
func hookRuns(o ClaudeHookOptions, out io.Writer, spec claudeHookSpec, h claudeHook) bool {
	file, _ := o.settingsFile()
	fmt.Fprintf(out, "memlint's Claude Code hook is installed in %s (%s): %s\n", o.shown(file), o.shown(describeEvent(spec.event, h.matcher)), o.shown(h.command))
	ok := true
	if spec.matcher != "" {
		if missing := unmatchedTools(h.matcher, spec.tools()); len(missing) > 0 {
			fmt.Fprintf(out, "  its matcher does not select %s: memory written by that tool is not checked (update it: memlint hooks install --claude%s)\n", strings.Join(missing, ", "), claudeScopeFlag(o.Scope))
			// Write and Edit are what the hook is for; Bash came later.
			if len(unmatchedTools(h.matcher, []string{"Write", "Edit"})) == 2 {
				ok = false
			}
		}
	}
	if h.typ != "command" {
		fmt.Fprintf(out, "  its type is %s, not \"command\": Claude Code does not run it as a command\n", o.shown(strconv.Quote(h.typ)))
		ok = false
	}
	if strings.HasPrefix(h.command, PortableMemlint+" ") {
		// The guard of shared settings: memlint from PATH, or a notice.
		bin, err := exec.LookPath("memlint")
		if err != nil {
			fmt.Fprintf(out, "  memlint is not found on PATH: the hook prints a notice and nothing is checked\n")
			return false
		}
		fmt.Fprintf(out, "  it runs %s (memlint from PATH)\n", o.shown(bin))
		return ok
	}
	bin := resolveCommandBinary(h.command, o.ProjectDir, o.ClaudeHome)
	switch {
	case bin.unexpanded != "":
		fmt.Fprintf(out, "  its program is named by $%s, which memlint does not expand (your environment may hold secrets): whether it runs memlint is not checked\n", o.shown(bin.unexpanded))
		return ok
	case bin.problem != "":
		fmt.Fprintf(out, "  %s: the hook fails and nothing is checked (reinstall it with: memlint hooks install --claude%s)\n", o.shown(bin.problem), claudeScopeFlag(o.Scope))
		return false
	}
	fmt.Fprintf(out, "  it runs %s\n", o.shown(bin.path))
	return ok
}

func claudeScopeFlag(scope string) string {
	if scope == "" || scope == "project" {
		return ""
	}
	return " --scope " + scope
}

// claudeHook is one of memlint's hook objects in a settings file.
type claudeHook struct {
	hook    *claudecode.JSONValue
	group   *claudecode.JSONValue // the matcher group holding it
	command string
	typ     string
	matcher string
}

// setMember replaces the value of an object's member (the last one of
// that name, the one JSON readers keep).
func setMember(v *claudecode.JSONValue, key string, value *claudecode.JSONValue) {
	for i := len(v.Members) - 1; i >= 0; i-- {
		if v.Members[i].Key == key {
			v.Members[i].Value = value
			return
		}
	}
}

// findClaudeHooks returns memlint's hook objects running hook in an event's
// list, in order. Entries of other shapes are someone else's and are
// skipped.
func findClaudeHooks(list *claudecode.JSONValue, hook string) []claudeHook {
	if list == nil || list.Kind != claudecode.JSONArray {
		return nil
	}
	var found []claudeHook
	for _, group := range list.Elems {
		hooks := group.Get("hooks")
		if hooks == nil || hooks.Kind != claudecode.JSONArray {
			continue
		}
		matcher, _ := group.Get("matcher").Text()
		for _, h := range hooks.Elems {
			cmd, ok := h.Get("command").Text()
			if name, mine := claudeHookName(cmd); !ok || !mine || name != hook {
				continue
			}
			typ, _ := h.Get("type").Text()
			found = append(found, claudeHook{hook: h, group: group, command: cmd, typ: typ, matcher: matcher})
		}
	}
	return found
}

// matcherGroup returns the group of an event's list whose matcher is
// exactly matcher (none, for "") and whose hooks is a list, or nil.
func matcherGroup(list *claudecode.JSONValue, matcher string) *claudecode.JSONValue {
	for _, group := range list.Elems {
		m, ok := group.Get("matcher").Text()
		if matcher == "" && group.Get("matcher") == nil {
			m, ok = "", true
		}
		if hooks := group.Get("hooks"); ok && m == matcher && hooks != nil && hooks.Kind == claudecode.JSONArray {
			return group
		}
	}
	return nil
}

var plainToolMatcher = regexp.MustCompile(`^[A-Za-z0-9_|]+$`)

// tools are the Claude Code tools a hook of memlint's must see.
func (s claudeHookSpec) tools() []string {
	if s.matcher == "" {
		return nil
	}
	return strings.Split(s.matcher, "|")
}

// unmatchedTools returns the tools of tools a Claude Code matcher does
// not select. An empty matcher or "*" selects every tool; one made of
// names and "|" lists exact tool names; anything else is a regular
// expression.
func unmatchedTools(matcher string, tools []string) []string {
	if matcher == "" || matcher == "*" {
		return nil
	}
	var match func(string) bool
	if plainToolMatcher.MatchString(matcher) {
		names := strings.Split(matcher, "|")
		match = func(t string) bool {
			for _, n := range names {
				if n == t {
					return true
				}
			}
			return false
		}
	} else if re, err := regexp.Compile(matcher); err == nil {
		match = re.MatchString
	} else {
		return tools
	}
	var missing []string
	for _, t := range tools {
		if !match(t) {
			missing = append(missing, t)
		}
	}
	return missing
}

// commandBinary is the program a hook command starts with, as status
// finds it: its path, or what is wrong with it, or the variable naming it
// that memlint does not expand.
type commandBinary struct {
	path, problem string
	unexpanded    string
}

// resolveCommandBinary finds the program a hook command starts with: an
// absolute or project-relative path that must exist and be executable, or
// a name looked up on PATH. Of the variables in it, only the folders
// memlint knows are expanded ($CLAUDE_PROJECT_DIR, $CLAUDE_CONFIG_DIR,
// $HOME, as ~/): the command is a repository's text, and expanding any
// other variable from the user's environment would print what it holds
// (a token) in status.
func resolveCommandBinary(command, projectDir, claudeHome string) commandBinary {
	var unexpanded string
	word := os.Expand(firstShellWord(command), func(name string) string {
		switch name {
		case "CLAUDE_PROJECT_DIR":
			return projectDir
		case "CLAUDE_CONFIG_DIR":
			return claudeHome
		case "HOME":
			return claudecode.UserHome()
		}
		if unexpanded == "" {
			unexpanded = name
		}
		return ""
	})
	if unexpanded != "" {
		return commandBinary{unexpanded: unexpanded}
	}
	if strings.HasPrefix(word, "~/") {
		if home := claudecode.UserHome(); home != "" {
			word = filepath.Join(home, word[2:])
		}
	}
	if word == "" {
		return commandBinary{problem: "its command is empty"}
	}
	if !strings.ContainsRune(word, '/') && !strings.ContainsRune(word, filepath.Separator) {
		p, err := exec.LookPath(word)
		if err != nil {
			return commandBinary{problem: fmt.Sprintf("%s is not found on PATH", word)}
		}
		return commandBinary{path: p}
	}
	if !filepath.IsAbs(word) {
		word = filepath.Join(projectDir, word)
	}
	info, err := os.Stat(word)
	switch {
	case err != nil:
		return commandBinary{problem: fmt.Sprintf("its binary %s does not exist", word)}
	case !info.Mode().IsRegular():
		return commandBinary{problem: fmt.Sprintf("its binary %s is not a regular file", word)}
	case runtime.GOOS != "windows" && info.Mode().Perm()&0o111 == 0:
		return commandBinary{problem: fmt.Sprintf("its binary %s is not executable", word)}
	}
	return commandBinary{path: word}
}

// firstShellWord returns the first word of a POSIX shell command line,
// with quotes and backslashes removed.
func firstShellWord(command string) string {
	s := strings.TrimLeft(command, " \t\n")
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t', '\n', ';', '&', '|', '<', '>', '(', ')':
			return b.String()
		case '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				b.WriteString(s[i+1:])
				return b.String()
			}
			b.WriteString(s[i+1 : i+1+end])
			i += end + 1
		case '"':
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				b.WriteByte(s[i])
			}
		case '\\':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// duplicateHookKeys refuses a settings file naming "hooks", or one of
// the event lists memlint writes to, twice: JSON readers disagree on which
// one counts, and editing one while keeping the other (or dropping both)
// would change what the file means.
func duplicateHookKeys(d *claudecode.SettingsFile) error {
	if n := keyCount(d.Root, "hooks"); n > 1 {
		return fmt.Errorf("%s: \"hooks\" appears %d times; fix it first, memlint leaves it alone", d.File, n)
	}
	for _, spec := range claudeHookSpecs {
		if n := keyCount(d.Root.Get("hooks"), spec.event); n > 1 {
			return fmt.Errorf("%s: \"hooks\".%q appears %d times; fix it first, memlint leaves it alone", d.File, spec.event, n)
		}
	}
	return nil
}

// keyCount counts the members named key of v, when v is an object.
func keyCount(v *claudecode.JSONValue, key string) int {
	n := 0
	if v == nil || v.Kind != claudecode.JSONObject {
		return 0
	}
	for _, m := range v.Members {
		if m.Key == key {
			n++
		}
	}
	return n
}

// hookList returns the "hooks" object and its list for event, either nil
// when absent, and refuses values of the wrong type.
func hookList(d *claudecode.SettingsFile, event string) (hooksObj, list *claudecode.JSONValue, err error) {
	if err := duplicateHookKeys(d); err != nil {
		return nil, nil, err
	}
	hooksObj = d.Root.Get("hooks")
	if hooksObj == nil {
		return nil, nil, nil
	}
	if hooksObj.Kind != claudecode.JSONObject {
		return nil, nil, fmt.Errorf("%s: \"hooks\" is %s, not an object; fix it first, memlint leaves it alone", d.File, hooksObj.Describe())
	}
	list = hooksObj.Get(event)
	if list != nil && list.Kind != claudecode.JSONArray {
		return nil, nil, fmt.Errorf("%s: \"hooks\".%q is %s, not an array; fix it first, memlint leaves it alone", d.File, event, list.Describe())
	}
	return hooksObj, list, nil
}
