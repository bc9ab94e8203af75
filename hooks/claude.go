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
	"strings"

	"github.com/memlint/memlint/internal/claudecode"
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
	// Command is the command line the hook runs.
	Command string
	// Out receives one line per thing done or found.
	Out io.Writer
}

const (
	// claudeHookEvent is the Claude Code hook event memlint listens to.
	claudeHookEvent = "PostToolUse"
	// claudeMatcher selects the tools that write files.
	claudeMatcher = "Write|Edit|MultiEdit"
	// claudeTimeout is the hook's timeout in seconds.
	claudeTimeout = "30"
)

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

// isClaudeHookCommand reports whether a hook command is memlint's own: it
// mentions memlint and ends with "hooks run claude", whichever binary path
// or quoting it uses.
func isClaudeHookCommand(command string) bool {
	return strings.Contains(command, "memlint") && strings.HasSuffix(strings.TrimSpace(command), "hooks run claude")
}

// InstallClaudeHook adds memlint's PostToolUse hook to the settings file of
// the scope, keeping everything else in the file, in order. Installing
// again changes nothing; a hook of memlint's that runs another command is
// updated in place.
func InstallClaudeHook(o ClaudeHookOptions) error {
	file, err := o.settingsFile()
	if err != nil {
		return err
	}
	doc, err := o.openForWrite(file)
	if err != nil {
		return err
	}
	hooksObj, postToolUse, err := hookLists(doc)
	if err != nil {
		return err
	}
	out := o.out()
	if found := findClaudeHooks(postToolUse); len(found) > 0 {
		changed := false
		for _, h := range found {
			if h.command == o.Command {
				continue
			}
			setCommand(h.hook, o.Command)
			fmt.Fprintf(out, "updated memlint's Claude Code hook in %s: its command was %q, now %q\n", file, h.command, o.Command)
			changed = true
		}
		if !changed {
			fmt.Fprintf(out, "memlint's Claude Code hook is already installed in %s\n", file)
			return nil
		}
		return doc.Write()
	}

	if hooksObj == nil {
		hooksObj = &claudecode.JSONValue{Kind: claudecode.JSONObject}
		doc.Root.Add("hooks", hooksObj)
	}
	if postToolUse == nil {
		postToolUse = &claudecode.JSONValue{Kind: claudecode.JSONArray}
		hooksObj.Add(claudeHookEvent, postToolUse)
	}
	hook := &claudecode.JSONValue{Kind: claudecode.JSONObject}
	hook.Add("type", claudecode.NewJSONString("command"))
	hook.Add("command", claudecode.NewJSONString(o.Command))
	hook.Add("timeout", &claudecode.JSONValue{Kind: claudecode.JSONNumber, Raw: []byte(claudeTimeout)})
	if group := matcherGroup(postToolUse, claudeMatcher); group != nil {
		list := group.Get("hooks")
		list.Elems = append(list.Elems, hook)
	} else {
		group := &claudecode.JSONValue{Kind: claudecode.JSONObject}
		group.Add("matcher", claudecode.NewJSONString(claudeMatcher))
		group.Add("hooks", &claudecode.JSONValue{Kind: claudecode.JSONArray, Elems: []*claudecode.JSONValue{hook}})
		postToolUse.Elems = append(postToolUse.Elems, group)
	}
	if err := doc.Write(); err != nil {
		return err
	}
	fmt.Fprintf(out, "installed memlint's Claude Code hook in %s (%s, matcher %q): %s\n", file, claudeHookEvent, claudeMatcher, o.Command)
	return nil
}

// UninstallClaudeHook removes memlint's hook objects from the settings
// file of the scope, and the matcher group, PostToolUse list and hooks
// object that held them only when removing them left those empty. A file
// without memlint's hook is not rewritten.
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
		fmt.Fprintf(out, "memlint's Claude Code hook is not installed: %s does not exist\n", file)
		return nil
	}
	if err := duplicateHookKeys(doc); err != nil {
		return err
	}
	hooksObj := doc.Root.Get("hooks")
	postToolUse := hooksObj.Get(claudeHookEvent)
	removed := 0
	if postToolUse != nil && postToolUse.Kind == claudecode.JSONArray {
		groups := postToolUse.Elems[:0]
		for _, group := range postToolUse.Elems {
			list := group.Get("hooks")
			if list == nil || list.Kind != claudecode.JSONArray {
				groups = append(groups, group)
				continue
			}
			kept := list.Elems[:0]
			for _, h := range list.Elems {
				if cmd, ok := h.Get("command").Text(); ok && isClaudeHookCommand(cmd) {
					removed++
					continue
				}
				kept = append(kept, h)
			}
			emptied := len(kept) == 0 && len(list.Elems) > 0
			list.Elems = kept
			if !emptied {
				groups = append(groups, group)
			}
		}
		emptied := len(groups) == 0 && len(postToolUse.Elems) > 0
		postToolUse.Elems = groups
		if emptied {
			hooksObj.Remove(claudeHookEvent)
			if len(hooksObj.Members) == 0 {
				doc.Root.Remove("hooks")
			}
		}
	}
	if removed == 0 {
		fmt.Fprintf(out, "memlint's Claude Code hook is not installed in %s; nothing to remove\n", file)
		return nil
	}
	if err := doc.Write(); err != nil {
		return err
	}
	fmt.Fprintf(out, "removed memlint's Claude Code hook from %s\n", file)
	return nil
}

// ClaudeHookStatus says whether Claude Code will run memlint's hook from
// the settings file of the scope: the hook is there, for the tools that
// write files, hooks are not disabled, and its command's binary exists.
func ClaudeHookStatus(o ClaudeHookOptions) (bool, error) {
	file, err := o.settingsFile()
	if err != nil {
		return false, err
	}
	out := o.out()
	doc, err := claudecode.OpenSettings(file)
	if err != nil {
		fmt.Fprintf(out, "memlint's Claude Code hook will not run: %v\n", err)
		return false, nil
	}
	if !doc.Exists {
		fmt.Fprintf(out, "memlint's Claude Code hook is not installed: %s does not exist (install it with: memlint hooks install --claude%s)\n", file, claudeScopeFlag(o.Scope))
		return false, nil
	}
	var found []claudeHook
	if _, postToolUse, err := hookLists(doc); err == nil {
		found = findClaudeHooks(postToolUse)
	}
	if len(found) == 0 {
		fmt.Fprintf(out, "memlint's Claude Code hook is not installed in %s (install it with: memlint hooks install --claude%s)\n", file, claudeScopeFlag(o.Scope))
		return false, nil
	}
	ok := true
	if v := doc.Root.Get("disableAllHooks"); v != nil && string(v.Raw) == "true" {
		fmt.Fprintf(out, "%s sets disableAllHooks: Claude Code runs no hook from it\n", file)
		ok = false
	}
	for _, h := range found {
		fmt.Fprintf(out, "memlint's Claude Code hook is installed in %s (%s, matcher %q): %s\n", file, claudeHookEvent, h.matcher, h.command)
		if missing := unmatchedTools(h.matcher); len(missing) > 0 {
			fmt.Fprintf(out, "  its matcher does not select %s: writes by that tool are not checked\n", strings.Join(missing, ", "))
			if len(missing) == 3 {
				ok = false
			}
		}
		if h.typ != "command" {
			fmt.Fprintf(out, "  its type is %q, not \"command\": Claude Code does not run it as a command\n", h.typ)
			ok = false
		}
		bin, problem := resolveCommandBinary(h.command, o.ProjectDir, o.ClaudeHome)
		if problem != "" {
			fmt.Fprintf(out, "  %s: the hook fails and nothing is checked (reinstall it with: memlint hooks install --claude%s)\n", problem, claudeScopeFlag(o.Scope))
			ok = false
			continue
		}
		fmt.Fprintf(out, "  it runs %s\n", bin)
	}
	return ok, nil
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
	command string
	typ     string
	matcher string
}

func setCommand(v *claudecode.JSONValue, command string) {
	for i := len(v.Members) - 1; i >= 0; i-- {
		if v.Members[i].Key == "command" {
			v.Members[i].Value = claudecode.NewJSONString(command)
			return
		}
	}
}

// findClaudeHooks returns memlint's hook objects in a PostToolUse list, in
// order. Entries of other shapes are someone else's and are skipped.
func findClaudeHooks(postToolUse *claudecode.JSONValue) []claudeHook {
	if postToolUse == nil || postToolUse.Kind != claudecode.JSONArray {
		return nil
	}
	var found []claudeHook
	for _, group := range postToolUse.Elems {
		list := group.Get("hooks")
		if list == nil || list.Kind != claudecode.JSONArray {
			continue
		}
		matcher, _ := group.Get("matcher").Text()
		for _, h := range list.Elems {
			cmd, ok := h.Get("command").Text()
			if !ok || !isClaudeHookCommand(cmd) {
				continue
			}
			typ, _ := h.Get("type").Text()
			found = append(found, claudeHook{hook: h, command: cmd, typ: typ, matcher: matcher})
		}
	}
	return found
}

// matcherGroup returns the group of a PostToolUse list whose matcher is
// exactly matcher and whose hooks is a list, or nil.
func matcherGroup(postToolUse *claudecode.JSONValue, matcher string) *claudecode.JSONValue {
	for _, group := range postToolUse.Elems {
		m, ok := group.Get("matcher").Text()
		if list := group.Get("hooks"); ok && m == matcher && list != nil && list.Kind == claudecode.JSONArray {
			return group
		}
	}
	return nil
}

var plainToolMatcher = regexp.MustCompile(`^[A-Za-z0-9_|]+$`)

// unmatchedTools returns the file-writing tools a Claude Code matcher does
// not select. An empty matcher or "*" selects every tool; one made of
// names and "|" lists exact tool names; anything else is a regular
// expression.
func unmatchedTools(matcher string) []string {
	tools := []string{"Write", "Edit", "MultiEdit"}
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

// resolveCommandBinary finds the program a hook command starts with: an
// absolute or project-relative path that must exist and be executable, or
// a name looked up on PATH. problem says what is wrong, or is "".
func resolveCommandBinary(command, projectDir, claudeHome string) (bin, problem string) {
	word := os.Expand(firstShellWord(command), func(name string) string {
		switch name {
		case "CLAUDE_PROJECT_DIR":
			return projectDir
		case "CLAUDE_CONFIG_DIR":
			return claudeHome
		}
		return os.Getenv(name)
	})
	if strings.HasPrefix(word, "~/") {
		if home := claudecode.UserHome(); home != "" {
			word = filepath.Join(home, word[2:])
		}
	}
	if word == "" {
		return "", "its command is empty"
	}
	if !strings.ContainsRune(word, '/') && !strings.ContainsRune(word, filepath.Separator) {
		p, err := exec.LookPath(word)
		if err != nil {
			return "", fmt.Sprintf("%s is not found on PATH", word)
		}
		return p, ""
	}
	if !filepath.IsAbs(word) {
		word = filepath.Join(projectDir, word)
	}
	info, err := os.Stat(word)
	switch {
	case err != nil:
		return "", fmt.Sprintf("its binary %s does not exist", word)
	case !info.Mode().IsRegular():
		return "", fmt.Sprintf("its binary %s is not a regular file", word)
	case runtime.GOOS != "windows" && info.Mode().Perm()&0o111 == 0:
		return "", fmt.Sprintf("its binary %s is not executable", word)
	}
	return word, ""
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

// duplicateHookKeys refuses a settings file naming "hooks", or its
// PostToolUse list, twice: JSON readers disagree on which one counts, and
// editing one while keeping the other (or dropping both) would change
// what the file means.
func duplicateHookKeys(d *claudecode.SettingsFile) error {
	if n := keyCount(d.Root, "hooks"); n > 1 {
		return fmt.Errorf("%s: \"hooks\" appears %d times; fix it first, memlint leaves it alone", d.File, n)
	}
	if n := keyCount(d.Root.Get("hooks"), claudeHookEvent); n > 1 {
		return fmt.Errorf("%s: \"hooks\".%q appears %d times; fix it first, memlint leaves it alone", d.File, claudeHookEvent, n)
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

// hookLists returns the "hooks" object and its PostToolUse list, either
// nil when absent, and refuses values of the wrong type.
func hookLists(d *claudecode.SettingsFile) (hooksObj, postToolUse *claudecode.JSONValue, err error) {
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
	postToolUse = hooksObj.Get(claudeHookEvent)
	if postToolUse != nil && postToolUse.Kind != claudecode.JSONArray {
		return nil, nil, fmt.Errorf("%s: \"hooks\".%q is %s, not an array; fix it first, memlint leaves it alone", d.File, claudeHookEvent, postToolUse.Describe())
	}
	return hooksObj, postToolUse, nil
}
