package hooks

import (
	"bytes"
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

	"github.com/memlint/memlint/internal/atomicfile"
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
	doc, err := readSettings(file)
	if err != nil {
		return err
	}
	hooksObj, postToolUse, err := doc.hookLists()
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
			h.hook.setCommand(o.Command)
			fmt.Fprintf(out, "updated memlint's Claude Code hook in %s: its command was %q, now %q\n", file, h.command, o.Command)
			changed = true
		}
		if !changed {
			fmt.Fprintf(out, "memlint's Claude Code hook is already installed in %s\n", file)
			return nil
		}
		return doc.write()
	}

	if hooksObj == nil {
		hooksObj = &jsonValue{kind: jsonObject}
		doc.root.add("hooks", hooksObj)
	}
	if postToolUse == nil {
		postToolUse = &jsonValue{kind: jsonArray}
		hooksObj.add(claudeHookEvent, postToolUse)
	}
	hook := &jsonValue{kind: jsonObject}
	hook.add("type", newJSONString("command"))
	hook.add("command", newJSONString(o.Command))
	hook.add("timeout", &jsonValue{kind: jsonNumber, raw: []byte(claudeTimeout)})
	if group := matcherGroup(postToolUse, claudeMatcher); group != nil {
		list := group.get("hooks")
		list.elems = append(list.elems, hook)
	} else {
		group := &jsonValue{kind: jsonObject}
		group.add("matcher", newJSONString(claudeMatcher))
		group.add("hooks", &jsonValue{kind: jsonArray, elems: []*jsonValue{hook}})
		postToolUse.elems = append(postToolUse.elems, group)
	}
	if err := doc.write(); err != nil {
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
	doc, err := readSettings(file)
	if err != nil {
		return err
	}
	out := o.out()
	if !doc.exists {
		fmt.Fprintf(out, "memlint's Claude Code hook is not installed: %s does not exist\n", file)
		return nil
	}
	hooksObj := doc.root.get("hooks")
	postToolUse := hooksObj.get(claudeHookEvent)
	removed := 0
	if postToolUse != nil && postToolUse.kind == jsonArray {
		groups := postToolUse.elems[:0]
		for _, group := range postToolUse.elems {
			list := group.get("hooks")
			if list == nil || list.kind != jsonArray {
				groups = append(groups, group)
				continue
			}
			kept := list.elems[:0]
			for _, h := range list.elems {
				if cmd, ok := h.get("command").text(); ok && isClaudeHookCommand(cmd) {
					removed++
					continue
				}
				kept = append(kept, h)
			}
			emptied := len(kept) == 0 && len(list.elems) > 0
			list.elems = kept
			if !emptied {
				groups = append(groups, group)
			}
		}
		emptied := len(groups) == 0 && len(postToolUse.elems) > 0
		postToolUse.elems = groups
		if emptied {
			hooksObj.remove(claudeHookEvent)
			if len(hooksObj.members) == 0 {
				doc.root.remove("hooks")
			}
		}
	}
	if removed == 0 {
		fmt.Fprintf(out, "memlint's Claude Code hook is not installed in %s; nothing to remove\n", file)
		return nil
	}
	if err := doc.write(); err != nil {
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
	doc, err := readSettings(file)
	if err != nil {
		fmt.Fprintf(out, "memlint's Claude Code hook will not run: %v\n", err)
		return false, nil
	}
	if !doc.exists {
		fmt.Fprintf(out, "memlint's Claude Code hook is not installed: %s does not exist (install it with: memlint hooks install --claude%s)\n", file, claudeScopeFlag(o.Scope))
		return false, nil
	}
	var found []claudeHook
	if _, postToolUse, err := doc.hookLists(); err == nil {
		found = findClaudeHooks(postToolUse)
	}
	if len(found) == 0 {
		fmt.Fprintf(out, "memlint's Claude Code hook is not installed in %s (install it with: memlint hooks install --claude%s)\n", file, claudeScopeFlag(o.Scope))
		return false, nil
	}
	ok := true
	if v := doc.root.get("disableAllHooks"); v != nil && string(v.raw) == "true" {
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
	hook    *jsonValue
	command string
	typ     string
	matcher string
}

func (v *jsonValue) setCommand(command string) {
	for i := len(v.members) - 1; i >= 0; i-- {
		if v.members[i].key == "command" {
			v.members[i].value = newJSONString(command)
			return
		}
	}
}

// findClaudeHooks returns memlint's hook objects in a PostToolUse list, in
// order. Entries of other shapes are someone else's and are skipped.
func findClaudeHooks(postToolUse *jsonValue) []claudeHook {
	if postToolUse == nil || postToolUse.kind != jsonArray {
		return nil
	}
	var found []claudeHook
	for _, group := range postToolUse.elems {
		list := group.get("hooks")
		if list == nil || list.kind != jsonArray {
			continue
		}
		matcher, _ := group.get("matcher").text()
		for _, h := range list.elems {
			cmd, ok := h.get("command").text()
			if !ok || !isClaudeHookCommand(cmd) {
				continue
			}
			typ, _ := h.get("type").text()
			found = append(found, claudeHook{hook: h, command: cmd, typ: typ, matcher: matcher})
		}
	}
	return found
}

// matcherGroup returns the group of a PostToolUse list whose matcher is
// exactly matcher and whose hooks is a list, or nil.
func matcherGroup(postToolUse *jsonValue, matcher string) *jsonValue {
	for _, group := range postToolUse.elems {
		m, ok := group.get("matcher").text()
		if list := group.get("hooks"); ok && m == matcher && list != nil && list.kind == jsonArray {
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

// settingsDoc is a Claude Code settings file read for a change.
type settingsDoc struct {
	file   string // as named to the user
	target string // the file written: file with symbolic links resolved
	exists bool
	src    []byte
	mode   fs.FileMode
	root   *jsonValue
}

// readSettings reads and parses a settings file; a missing or empty file
// is an empty object. It refuses a file that is not a JSON object.
func readSettings(file string) (*settingsDoc, error) {
	doc := &settingsDoc{file: file, target: file, mode: 0o644}
	// Settings files are often symbolic links into a dotfiles repository:
	// write through the link instead of replacing it.
	if target, err := filepath.EvalSymlinks(file); err == nil {
		doc.target = target
	} else if info, lerr := os.Lstat(file); lerr == nil && info.Mode()&fs.ModeSymlink != 0 {
		return nil, fmt.Errorf("%s is a symbolic link that cannot be followed: %w", file, err)
	}
	src, err := claudecode.ReadSettings(doc.target) // bounded: a FIFO planted there must not block
	switch {
	case errors.Is(err, fs.ErrNotExist):
		doc.root = &jsonValue{kind: jsonObject}
		return doc, nil
	case err != nil:
		return nil, fmt.Errorf("read Claude Code settings: %w", err)
	}
	doc.exists, doc.src = true, src
	if info, err := os.Stat(doc.target); err == nil {
		doc.mode = info.Mode().Perm()
	}
	if len(bytes.TrimSpace(src)) == 0 {
		doc.root = &jsonValue{kind: jsonObject}
		return doc, nil
	}
	root, err := parseJSON(src)
	if err != nil {
		return nil, fmt.Errorf("%s is not valid JSON (%v); fix it first, memlint leaves it alone", file, err)
	}
	if root.kind != jsonObject {
		return nil, fmt.Errorf("%s holds %s, not a JSON object; fix it first, memlint leaves it alone", file, root.describe())
	}
	doc.root = root
	return doc, nil
}

// hookLists returns the "hooks" object and its PostToolUse list, either
// nil when absent, and refuses values of the wrong type.
func (d *settingsDoc) hookLists() (hooksObj, postToolUse *jsonValue, err error) {
	hooksObj = d.root.get("hooks")
	if hooksObj == nil {
		return nil, nil, nil
	}
	if hooksObj.kind != jsonObject {
		return nil, nil, fmt.Errorf("%s: \"hooks\" is %s, not an object; fix it first, memlint leaves it alone", d.file, hooksObj.describe())
	}
	postToolUse = hooksObj.get(claudeHookEvent)
	if postToolUse != nil && postToolUse.kind != jsonArray {
		return nil, nil, fmt.Errorf("%s: \"hooks\".%q is %s, not an array; fix it first, memlint leaves it alone", d.file, claudeHookEvent, postToolUse.describe())
	}
	return hooksObj, postToolUse, nil
}

// write lays the document out again, with the file's indentation, line
// endings and final newline, and replaces the file atomically.
func (d *settingsDoc) write() error {
	indent, crlf, finalNewline := "  ", false, true
	if d.exists && len(bytes.TrimSpace(d.src)) > 0 {
		indent = detectIndent(d.src)
		crlf = bytes.Contains(d.src, []byte("\r\n"))
		finalNewline = bytes.HasSuffix(d.src, []byte("\n"))
	}
	data, err := d.root.format(indent)
	if err != nil {
		return fmt.Errorf("%s: %w", d.file, err)
	}
	if finalNewline {
		data = append(data, '\n')
	}
	if crlf {
		data = bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
	}
	if d.exists && bytes.Equal(data, d.src) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(d.target), 0o755); err != nil {
		return fmt.Errorf("create the folder of %s: %w", d.file, err)
	}
	return atomicfile.WriteFile(d.target, data, d.mode)
}
