package hooks

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/safefile"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/checker"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/lint/report"
)

// guardRules are the findings the PreToolUse guard stops a write for:
// what must never reach memory on disk, because Claude Code loads it into
// every later conversation as it is (SPEC §2 severity policy). Only
// error-level findings count, so a rule a project turned down to a
// warning (or frontmatter-invalid where Claude Code's lenient retry reads
// the frontmatter after all) lets the write through to PostToolUse.
var guardRules = []struct {
	rule string
	// why is told to the agent before the finding itself.
	why string
}{
	{"secret", "a credential in memory is loaded into every later conversation and may be committed"},
	{"hidden-unicode", "invisible characters can smuggle instructions into every later conversation"},
	{"frontmatter-invalid", "Claude Code cannot read this frontmatter: the memory loses its name, description and type"},
	{"frontmatter-early-close", "Claude Code ends the frontmatter at the inner ---: everything after it is lost"},
	{"frontmatter-scan-window", "Claude Code looks for the closing --- in the first 30 lines only and reads no frontmatter"},
}

// guardRuleIDs are the IDs of guardRules, the only rules the guard runs.
func guardRuleIDs() []string {
	ids := make([]string, len(guardRules))
	for i, g := range guardRules {
		ids[i] = g.rule
	}
	return ids
}

// guardEvent is the part of a PreToolUse event the guard reads besides
// claudeEvent: the content a Write would put on disk.
type guardEvent struct {
	ToolInput struct {
		Content *string `json:"content"`
	} `json:"tool_input"`
}

// hookOutput is what Claude Code reads from a hook's stdout (SPEC §1.6):
// a PreToolUse decision, or context for the agent.
type hookOutput struct {
	HookSpecificOutput hookSpecificOutput `json:"hookSpecificOutput"`
}

type hookSpecificOutput struct {
	HookEventName            string `json:"hookEventName"`
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	AdditionalContext        string `json:"additionalContext,omitempty"`
}

// printHookOutput writes out on stdout as one JSON line and returns the
// hook's exit code.
func printHookOutput(stdout, stderr io.Writer, out hookSpecificOutput) int {
	b, err := json.Marshal(hookOutput{out})
	if err != nil {
		fmt.Fprintf(stderr, "memlint: %s\n", report.EscapeText(err.Error()))
		return 1
	}
	if _, err := stdout.Write(append(b, '\n')); err != nil {
		fmt.Fprintf(stderr, "memlint: %s\n", report.EscapeText(fmt.Sprintf("write the hook's answer: %v", err)))
		return 1
	}
	return 0
}

// hookFailed tells the user (stderr, exit 1) why a hook could not do its
// work, masking secrets: the error may name a file named after a token.
func hookFailed(stderr io.Writer, redact func(string) string, err error) int {
	msg := err.Error()
	if redact != nil {
		msg = redact(msg)
	}
	fmt.Fprintf(stderr, "memlint: %s\n", report.EscapeText(msg))
	return 1
}

// RunClaudeGuard handles one Claude Code PreToolUse event read from in.
// When a Write or Edit would put into a memory file a secret, hidden
// Unicode or frontmatter Claude Code cannot read (guardRules) that the
// file does not hold already, it prints a deny decision on stdout, with
// what is wrong and how to fix it, so that the write never happens; it
// returns 0 in every case it decides. Everything else passes silently and
// is left to the PostToolUse hook. It never returns 2, which would block
// the tool for a reason of memlint's own: a malformed event or a
// configuration error gives 1, with one line on stderr that Claude Code
// shows the user only. plan is as for RunClaudeHook; claude-code:
// {guard: off} in the configuration turns the guard off.
func RunClaudeGuard(in io.Reader, stdout, stderr io.Writer, plan checker.Request) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "memlint: %s\n", report.EscapeText(fmt.Sprintf("internal error in the Claude Code guard: %v (please report this bug)", r)))
			code = 1
		}
	}()
	// readEvent decodes what every hook reads; the content of a Write is
	// decoded from the same bytes (ev.raw) only for memory files.
	ev, err := readEvent(in, maxEventSize, eventTimeout)
	if err != nil {
		fmt.Fprintf(stderr, "memlint: %s\n", report.EscapeText(fmt.Sprintf("cannot read the Claude Code hook event on stdin: %v", err)))
		return 1
	}
	if ev.HookEventName != "" && ev.HookEventName != "PreToolUse" {
		return 0
	}
	switch ev.ToolName {
	case "Write", "Edit":
	case "Bash":
		return guardBash(ev, stdout, stderr, plan)
	default:
		return 0
	}
	target, ok, err := resolveMemoryFile(ev, plan.Getenv)
	if err != nil {
		return hookFailed(stderr, nil, err)
	}
	if !ok {
		return 0
	}
	cfg, err := checker.ResolveConfig(checker.Request{Cwd: target.projectDir, Registry: plan.Registry}, nil)
	if err != nil {
		return hookFailed(stderr, nil, err)
	}
	if cfg.Ignored(target.file) || cfg != nil && cfg.NoGuard {
		return 0
	}
	current, existed, err := readCurrent(target.file)
	if err != nil {
		return 0 // Claude Code cannot write what it cannot read either
	}
	var content string
	if ev.ToolName == "Write" {
		var g guardEvent
		if decodeExact(ev.raw, &g) != nil || g.ToolInput.Content == nil {
			return 0 // Claude Code refuses a Write without content itself
		}
		content = *g.ToolInput.Content
	} else if content, ok = applyEdit(string(current), existed, ev.ToolInput); !ok {
		return 0 // an edit Claude Code will fail itself
	}

	plan.Cwd, plan.Paths, plan.Getenv = target.projectDir, nil, getenvOr(plan.Getenv)
	g := &guard{plan: plan, cfg: cfg, target: target}
	diags, err := g.introduced(content)
	if err != nil {
		return hookFailed(stderr, plan.Redact, err)
	}
	if len(diags) == 0 {
		return 0
	}
	return deny(stdout, stderr, g.reason(diags, writeStopped))
}

// deny prints the PreToolUse decision that stops a tool call, with the
// reason the agent reads.
func deny(stdout, stderr io.Writer, reason string) int {
	return printHookOutput(stdout, stderr, hookSpecificOutput{HookEventName: "PreToolUse",
		PermissionDecision: "deny", PermissionDecisionReason: report.EscapeLines(reason, true)})
}

func getenvOr(getenv func(string) string) func(string) string {
	if getenv == nil {
		return os.Getenv
	}
	return getenv
}

// memoryFile is a file of a memory dir that a hook event names.
type memoryFile struct {
	file       string // absolute, clean
	projectDir string // CLAUDE_PROJECT_DIR, else the event's cwd
	memDir     string // absolute
}

// resolveMemoryFile finds the memory dir of the file a Write or Edit
// event names, as the PostToolUse hook does (findMemoryDir): ok is false
// for a file that is not memory, told from its path and a few stats.
func resolveMemoryFile(ev *claudeEvent, getenv func(string) string) (memoryFile, bool, error) {
	file := ev.ToolInput.FilePath
	if file == "" {
		return memoryFile{}, false, errors.New("the Claude Code hook event has no tool_input.file_path")
	}
	m, ok := memoryFileAt(file, ev.Cwd, getenv)
	return m, ok, nil
}

// memoryFileAt finds the memory dir of file (relative to cwd when not
// absolute); ok is false for a file that is not memory.
func memoryFileAt(file, cwd string, getenv func(string) string) (memoryFile, bool) {
	getenv = getenvOr(getenv)
	if !strings.HasSuffix(file, ".md") {
		return memoryFile{}, false
	}
	if abs, err := filepath.Abs(cwd); err == nil {
		cwd = abs
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(cwd, file)
	}
	m := memoryFile{file: filepath.Clean(file), projectDir: hookProjectDir(getenv, cwd)}
	var ok bool
	m.memDir, ok = findMemoryDir(m.file, m.projectDir, claudecode.HomeFromEnv(getenv))
	return m, ok
}

// hookProjectDir is the project a hook runs for: $CLAUDE_PROJECT_DIR, else
// the event's cwd.
func hookProjectDir(getenv func(string) string, cwd string) string {
	d := getenv("CLAUDE_PROJECT_DIR")
	if d == "" {
		return cwd
	}
	if abs, err := filepath.Abs(d); err == nil {
		return abs
	}
	return d
}

// readCurrent reads the file a write is about to change, bounded and
// checked on the opened file (a FIFO must not block the hook); existed is
// false when there is no file yet.
func readCurrent(file string) (content []byte, existed bool, err error) {
	content, err = safefile.ReadFile(file, memory.DefaultMaxFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	return content, err == nil, err
}

// applyEdit returns the content an Edit would leave, as Claude Code
// applies it: old_string replaced by new_string, once or (replace_all)
// everywhere; an empty old_string creates a file that does not exist or
// is empty. ok is false when Claude Code would refuse the edit (old_string
// not found, found more than once without replace_all, fields missing).
func applyEdit(current string, existed bool, in claudeToolInput) (string, bool) {
	if in.OldString == nil || in.NewString == nil {
		return "", false
	}
	old, repl := *in.OldString, *in.NewString
	if old == "" {
		if current != "" {
			return "", false
		}
		return repl, true
	}
	if !existed {
		return "", false
	}
	switch n := strings.Count(current, old); {
	case n == 0:
		return "", false
	case in.ReplaceAll:
		return strings.ReplaceAll(current, old, repl), true
	case n > 1:
		return "", false
	}
	return strings.Replace(current, old, repl, 1), true
}

// guard is one write the guard judges.
type guard struct {
	plan   checker.Request
	cfg    *lint.Config
	target memoryFile
}

// introduced lints the memory dir with the written file holding content
// and returns the error-level findings of guardRules in that file which
// the file as it is on disk does not have.
func (g *guard) introduced(content string) ([]lint.Diagnostic, error) {
	if info, err := os.Stat(g.target.memDir); err != nil || !info.IsDir() {
		// Claude Code creates the memory dir when a session starts; one
		// that is not there is not one it loads.
		return nil, nil
	}
	rel, err := filepath.Rel(g.target.memDir, g.target.file)
	if err != nil {
		return nil, fmt.Errorf("locate %s in %s: %w", g.target.file, g.target.memDir, err)
	}
	base := os.DirFS(g.target.memDir)
	// Both runs share the files other than the written one, which are
	// the same in both.
	g.plan.Reuse = memory.NewReuse()
	after, err := g.lint(&beforeWriteFS{base: base, files: map[string]overlayFile{filepath.ToSlash(rel): {data: []byte(content)}}}, g.rules())
	if err != nil || len(after) == 0 {
		return nil, err
	}
	var found []string
	for _, d := range after {
		if !slices.Contains(found, d.Rule) {
			found = append(found, d.Rule)
		}
	}
	before, err := g.lint(base, found)
	if err != nil {
		return nil, err
	}
	return introducedOnly(after, before), nil
}

// introducedOnly returns the findings of after that before does not
// have, matched as a multiset of findingIDs: a finding that occurs once
// more after a write is new once.
func introducedOnly(after, before []lint.Diagnostic) []lint.Diagnostic {
	old := make(map[findingID]int, len(before))
	for _, d := range before {
		old[identify(d)]++
	}
	var introduced []lint.Diagnostic
	for _, d := range after {
		if id := identify(d); old[id] > 0 {
			old[id]--
			continue
		}
		introduced = append(introduced, d)
	}
	return introduced
}

// rules returns the guard rules the registry has and the configuration
// runs.
func (g *guard) rules() []string {
	reg := g.cfg.Registry(g.plan.Registry)
	var ids []string
	for _, id := range guardRuleIDs() {
		// A rule the configuration does not run (off, or preview and not
		// asked for) guards nothing: the guard follows the stages as a
		// run does.
		if reg == nil {
			ids = append(ids, id)
		} else if rule, ok := reg.Lookup(id); ok && g.cfg.MaybeOn(rule) {
			ids = append(ids, id)
		}
	}
	return ids
}

// lint runs the rules only over the memory dir as fsys holds it and keeps
// their error-level findings in the written file.
func (g *guard) lint(fsys fs.FS, only []string) ([]lint.Diagnostic, error) {
	plan := g.plan
	plan.Only = only
	// Only the written file's errors are kept: the run skips the work that
	// could report on other files, or below error (the Markdown of the
	// rest of the dir above all), as the other Claude Code hooks do.
	plan.Focus, plan.ErrorsOnly = []string{g.target.file}, true
	res, err := lintDir(plan, g.target.memDir, fsys, g.cfg)
	if err != nil {
		return nil, err
	}
	if len(res.Errors) > 0 {
		return nil, fmt.Errorf("internal error (please report this bug): %w", res.Errors[0])
	}
	file := filepath.ToSlash(g.target.file)
	var out []lint.Diagnostic
	for _, d := range res.Diagnostics {
		if d.Severity == lint.Error && d.Path == file && slices.Contains(only, d.Rule) {
			out = append(out, d)
		}
	}
	return out, nil
}

// The first line of the guard's reason, with the file's name: what was
// stopped.
const (
	writeStopped   = "memlint stopped this write to %s (nothing was written):"
	commandStopped = "memlint stopped this command, which writes to %s (nothing was run):"
)

// reason tells the agent why the write was stopped and how to write it
// again: the problem of each rule once, then each finding with its whole
// suggestion. Every secret is masked: the reason goes into the
// conversation, and a key in it would be exactly the leak being stopped.
func (g *guard) reason(diags []lint.Diagnostic, stopped string) string {
	shown := report.EscapeText(lint.RedactPath(g.plan.Redact, lint.RelPath(g.target.projectDir, g.target.file)))
	var b strings.Builder
	fmt.Fprintf(&b, stopped+"\n", shown)
	for _, r := range guardRules {
		if slices.ContainsFunc(diags, func(d lint.Diagnostic) bool { return d.Rule == r.rule }) {
			fmt.Fprintf(&b, "- %s: %s.\n", r.rule, r.why)
		}
	}
	for i, d := range diags {
		if i == maxFindingLines {
			fmt.Fprintf(&b, "… and %d more.\n", len(diags)-i)
			break
		}
		if d.Start.Line > 0 {
			fmt.Fprintf(&b, "line %d: ", d.Start.Line)
		}
		fmt.Fprintf(&b, "%s [%s]\n", flattenMessage(d.Message), d.Rule)
		if s := strings.TrimSpace(d.Suggestion); s != "" {
			b.WriteString("  fix: " + strings.ReplaceAll(s, "\n", "\n  ") + "\n")
		}
	}
	b.WriteString("Write the memory again without them.")
	out := b.String()
	if g.plan.Redact != nil {
		out = g.plan.Redact(out)
	}
	return out
}
