package hooks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/memlint/memlint/internal/safefile"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/checker"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/lint/report"
)

// claudeEvent is the part of a Claude Code hook event memlint reads.
// Parts that are only needed for memory files stay raw until then. Every
// part is decoded with decodeExact: keys as Claude Code sends them, case
// and all.
type claudeEvent struct {
	HookEventName string `json:"hook_event_name"`
	ToolName      string `json:"tool_name"`
	Cwd           string `json:"cwd"`
	SessionID     string `json:"session_id"`
	// Source is what started a session (SessionStart): startup, resume,
	// clear or compact.
	Source       string          `json:"source"`
	ToolUseID    string          `json:"tool_use_id"`
	ToolInput    claudeToolInput `json:"tool_input"`
	ToolResponse json.RawMessage `json:"tool_response"`
	// raw is the whole event as read, for the parts only some hooks
	// decode (the content of a Write, for the guard).
	raw json.RawMessage
}

type claudeToolInput struct {
	FilePath string `json:"file_path"`
	// Bash
	Command string `json:"command"`
	// Edit
	OldString  *string `json:"old_string"`
	NewString  *string `json:"new_string"`
	ReplaceAll bool    `json:"replace_all"`
	// MultiEdit
	Edits json.RawMessage `json:"edits"`
}

// claudeEdit is one replacement made by Edit or MultiEdit.
type claudeEdit struct {
	OldString  string `json:"old_string"`
	NewString  string `json:"new_string"`
	ReplaceAll bool   `json:"replace_all"`
}

const (
	// maxFindingLines bounds the lines listing findings in one message
	// to the agent.
	maxFindingLines = 10
	// maxReportLines bounds each message of the PostToolUse hook: the
	// blocking error on stderr and the additional context on stdout,
	// header and footer included.
	maxReportLines = maxFindingLines + 2
)

// RunClaudeHook handles one Claude Code PostToolUse event read from in,
// and answers on the channel the agent hears (SPEC §1.6):
//   - error-level findings that a Write or Edit (or a MultiEdit, which
//     Claude Code no longer has) put into a memory file, or into the index
//     of its memory dir, and that were not there before: what to fix, on
//     stderr, each finding with its whole suggestion, and 2, which Claude
//     Code hands to the model as a blocking error;
//   - warning-level findings the write introduced: a hookSpecificOutput
//     JSON object on stdout whose additionalContext Claude Code hands to
//     the model without blocking (info findings are not told: they are not
//     worth the agent's attention in the middle of a task). Claude Code
//     reads stdout on exit 2 too, so errors and warnings travel together;
//   - nothing new, or a file that is not memory: 0, silently, after
//     deciding from the path and a few stats (no configuration, no
//     repository scan) whether the file is memory at all.
//
// It returns 1, with one line on stderr that Claude Code shows the user
// only, when the event cannot be read, the configuration is wrong or the
// memory dir cannot be linted: the agent must never be told to fix memory
// that is fine. plan gives the rules (Registry, with the custom ones of
// the configuration added), Redact, RecallProbe, Now and Getenv (the
// environment: CLAUDE_PROJECT_DIR, Claude Code's config dir); the
// configuration is loaded (checker.ResolveConfig, from the project folder)
// only for memory files, so a write elsewhere never pays for (or trips
// over) it.
func RunClaudeHook(in io.Reader, stdout, stderr io.Writer, plan checker.Request) (code int) {
	defer func() {
		// A Go panic exits with status 2, which would hand a stack trace
		// to the agent as if it were a finding.
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "memlint: %s\n", report.EscapeText(fmt.Sprintf("internal error in the Claude Code hook: %v (please report this bug)", r)))
			code = 1
		}
	}()
	getenv := plan.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	ev, err := readEvent(in, maxEventSize, eventTimeout)
	if err != nil {
		fmt.Fprintf(stderr, "memlint: %s\n", report.EscapeText(fmt.Sprintf("cannot read the Claude Code hook event on stdin: %v", err)))
		return 1
	}
	switch ev.HookEventName {
	case "", claudeHookEvent:
	case postToolUseFailure:
		// A Bash command that exits with an error may have written
		// memory first; a failed Write or Edit wrote nothing.
		if ev.ToolName != "Bash" {
			return 0
		}
	default:
		return 0 // before the write (or another event): nothing to check yet
	}
	switch ev.ToolName {
	case "Write", "Edit", "MultiEdit", "":
	case "Bash":
		return runBashHook(ev, stdout, stderr, plan)
	default:
		return 0 // a matcher wider than ours: not a file write
	}
	m, ok, err := resolveMemoryFile(ev, getenv)
	if err != nil {
		fmt.Fprintf(stderr, "memlint: %s\n", report.EscapeText(err.Error()))
		return 1
	}
	if !ok {
		return 0
	}
	if st, err := openHookState(getenv); err == nil && !firstToSpeak(st, ev) {
		return 0 // another registration of this hook speaks for the write
	}
	file, projectDir, memDir := m.file, m.projectDir, m.memDir
	cfg, err := checker.ResolveConfig(checker.Request{Cwd: projectDir, Registry: plan.Registry}, nil)
	if err != nil {
		// Shown to the user, not the agent, which was not asked about
		// the configuration; masked like every message that may quote
		// a line of it or a file's name.
		fmt.Fprintf(stderr, "memlint: %s\n", report.EscapeText(redactWith(plan, err.Error())))
		return 1
	}
	if cfg.Ignored(file) {
		return 0
	}

	plan.Cwd, plan.Paths, plan.Getenv = projectDir, nil, getenv
	if plan.Repository && (plan.Instructions == nil || plan.Repos == nil) {
		plan.Instructions, plan.Repos = checker.RepositoryContext(plan)
	}
	if plan.Repos != nil {
		// The repository's file list, which stale-reference reads on its
		// first question about a path, is read while the dir is: in a
		// repository of 100,000 files reading its index costs about as
		// much as the rest of the run, which would otherwise wait for it,
		// and a run that asks nothing exits without waiting.
		go func() {
			if r, ok := plan.Repos(memDir).(interface{ Preload() }); ok {
				r.Preload()
			}
		}()
	}
	w := &memoryWrite{plan: plan, cfg: cfg, memDir: memDir, files: []string{file}, what: "you just wrote"}
	w.subject = w.shown(file, projectDir)
	if prev := previousContent(ev, file); prev.known {
		rel, err := filepath.Rel(memDir, file)
		if err != nil {
			return hookFailed(stderr, plan.Redact, fmt.Errorf("locate %s in %s: %w", file, memDir, err))
		}
		w.before = func(now fs.FS) fs.FS {
			return &beforeWriteFS{base: now, files: map[string]overlayFile{filepath.ToSlash(rel): {data: prev.content, removed: !prev.existed}}}
		}
	}
	return tellAgent(stdout, stderr, ev.HookEventName, plan, projectDir, w)
}

// tellAgent lints the changes ws made and tells the agent what they
// introduced: warnings as additional context on stdout, errors on stderr
// with exit 2 (a blocking error); 1 when a lint fails, 0 when there is
// nothing to tell.
func tellAgent(stdout, stderr io.Writer, event string, plan checker.Request, projectDir string, ws ...*memoryWrite) int {
	if event == "" {
		event = claudeHookEvent
	}
	var errReports, warnReports []string
	for _, w := range ws {
		diags, err := w.introduced()
		if err != nil {
			// The error may name the file, which may be named after a token.
			return hookFailed(stderr, plan.Redact, err)
		}
		var errs, warnings []lint.Diagnostic
		for _, d := range diags {
			if d.Severity == lint.Error {
				errs = append(errs, d)
			} else {
				warnings = append(warnings, d)
			}
		}
		if len(warnings) > 0 {
			warnReports = append(warnReports, strings.TrimSuffix(w.report(warnings, projectDir, warningReport), "\n"))
		}
		if len(errs) > 0 {
			errReports = append(errReports, w.report(errs, projectDir, errorReport))
		}
	}
	if len(warnReports) > 0 {
		additionalContext(stdout, event, strings.Join(warnReports, "\n\n"))
	}
	if len(errReports) == 0 {
		return 0
	}
	io.WriteString(stderr, report.EscapeLines(strings.Join(errReports, "\n"), true))
	return 2
}

// maxMemoryDirLevels bounds how far up from a written file memlint looks
// for its memory dir.
const maxMemoryDirLevels = 8

// findMemoryDir returns the memory dir a Markdown file belongs to: the
// innermost memory dir holding it, judged by lint's one rule (discover.go;
// Claude Code's own memory folders count by their place) among its own
// folder and a few above it, never above the project folder.
func findMemoryDir(file, projectDir, claudeHome string) (string, bool) {
	return memory.DirAbove(filepath.Dir(file), filepath.Clean(projectDir), claudeHome, maxMemoryDirLevels)
}

// previousState is a written file as it was before the write.
type previousState struct {
	// known is false when the previous content cannot be told: every
	// finding then counts as introduced by the write.
	known bool
	// existed is false when the write created the file.
	existed bool
	content []byte
}

// previousContent works out what the file held before the write: Claude
// Code's tool response carries it (originalFile) for updates; otherwise an
// Edit or MultiEdit is undone on the file's current content when that is
// unambiguous, and a Write is taken to have created the file.
func previousContent(ev *claudeEvent, file string) previousState {
	var resp struct {
		OriginalFile *string `json:"originalFile"`
	}
	if len(ev.ToolResponse) > 0 && decodeExact(ev.ToolResponse, &resp) == nil && resp.OriginalFile != nil {
		return previousState{known: true, existed: true, content: []byte(*resp.OriginalFile)}
	}
	switch ev.ToolName {
	case "Write":
		return previousState{known: true}
	case "Edit", "MultiEdit":
	default:
		return previousState{}
	}
	var edits []claudeEdit
	in := ev.ToolInput
	if ev.ToolName == "Edit" {
		if in.OldString == nil || in.NewString == nil {
			return previousState{}
		}
		edits = []claudeEdit{{OldString: *in.OldString, NewString: *in.NewString, ReplaceAll: in.ReplaceAll}}
	} else if decodeExact(in.Edits, &edits) != nil || len(edits) == 0 {
		return previousState{}
	}
	// Bounded and checked on the opened file: a FIFO swapped in after the
	// write must not block the hook.
	current, err := safefile.ReadFile(file, memory.DefaultMaxFileSize)
	if err != nil {
		return previousState{}
	}
	content := string(current)
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		if i == 0 && e.OldString == "" && content == e.NewString {
			// An Edit with an empty old_string creates the file.
			return previousState{known: true}
		}
		prev, ok := undoEdit(content, e)
		if !ok {
			return previousState{}
		}
		content = prev
	}
	return previousState{known: true, existed: true, content: []byte(content)}
}

// undoEdit returns the content before an edit, given the content after
// it, when only one content could have given it: the new text occurs
// exactly once, and redoing the edit gives the content back.
func undoEdit(content string, e claudeEdit) (string, bool) {
	if e.NewString == "" || e.OldString == e.NewString {
		return "", false
	}
	i := strings.Index(content, e.NewString)
	if i < 0 || strings.LastIndex(content, e.NewString) != i {
		return "", false
	}
	prev := content[:i] + e.OldString + content[i+len(e.NewString):]
	var redo string
	if e.ReplaceAll {
		redo = strings.ReplaceAll(prev, e.OldString, e.NewString)
	} else {
		if e.OldString == "" || strings.Count(prev, e.OldString) != 1 {
			return "", false
		}
		redo = strings.Replace(prev, e.OldString, e.NewString, 1)
	}
	if redo != content {
		return "", false
	}
	return prev, true
}

// memoryWrite is one change to the files of a memory dir: a Write or Edit
// of one file, or what a Bash command did to several.
type memoryWrite struct {
	plan   checker.Request
	cfg    *lint.Config
	memDir string   // absolute
	files  []string // absolute: the files written, that exist now
	// before gives the memory dir as it was before the change, from the
	// dir as it is (rooted at memDir); nil when that cannot be told:
	// every finding in the files then counts as introduced.
	before func(now fs.FS) fs.FS
	// what says who changed the memory, for the messages ("you just
	// wrote", "your command changed"); subject names the files.
	what, subject string
}

// introduced lints the memory dir and returns the error- and
// warning-level findings in the written file and in the dir's index that
// the write introduced: those that linting the dir as it was before does not give.
// Both runs are lint.Run over the dir alone, rooted at the dir as memlint
// check DIR roots it, so that configuration globs and the dir's kind are
// judged from the same absolute paths in both, and the same root lets the
// second share the first's parse of every unchanged topic file.
func (w *memoryWrite) introduced() ([]lint.Diagnostic, error) {
	base := os.DirFS(w.memDir)
	// Both runs share the files the write left as they were: the run
	// before the write parses only the written files again.
	w.plan.Reuse = memory.NewReuse()
	// The state before the write is linted only when the write leaves
	// findings to tell apart.
	after, err := w.errors(base, nil)
	if err != nil || len(after) == 0 || w.before == nil {
		return after, err
	}
	before, err := w.errors(w.before(base), w.rulesOf(after))
	if err != nil {
		return nil, err
	}
	return introducedOnly(after, before), nil
}

// findingID is what makes a finding after a write the same as one
// before it. Messages embed line numbers, so an edit above an old finding
// would make it look new: the ID is lint.Fingerprint (rule, path, flagged
// text; the occurrence is left to the multiset the IDs are counted in),
// refined by the message with its numbers blanked, because the fingerprint
// alone does not tell apart two findings of one rule flagging the same
// text (every frontmatter-required finding flags the opening ---).
type findingID struct{ fingerprint, message string }

func identify(d lint.Diagnostic) findingID {
	return findingID{lint.Fingerprint(d, d.Path, 0), blankNumbers(d.Message)}
}

// blankNumbers replaces every digit with '#'.
func blankNumbers(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return '#'
		}
		return r
	}, s)
}

// errors lints the memory dir as fsys (rooted at it) holds it and keeps
// the error- and warning-level findings in the written files and the
// index.
func (w *memoryWrite) errors(fsys fs.FS, only []string) ([]lint.Diagnostic, error) {
	index := filepath.Join(w.memDir, memory.IndexName)
	kept := map[string]bool{filepath.ToSlash(index): true}
	plan := w.plan
	plan.Only = only
	// Only these files' findings are kept: the run skips the work that
	// could report on the others (a did-you-mean for every link of the
	// dir, the Markdown of every file).
	plan.Focus = []string{index}
	for _, f := range w.files {
		kept[filepath.ToSlash(f)] = true
		if f != index {
			plan.Focus = append(plan.Focus, f)
		}
	}
	res, err := lintDir(plan, w.memDir, fsys, w.cfg)
	if err != nil {
		return nil, err
	}
	if len(res.Errors) > 0 {
		// A rule that failed is memlint's bug, not the agent's: the user
		// is told (exit 1), the agent is not handed a stack trace.
		return nil, fmt.Errorf("internal error (please report this bug): %w", res.Errors[0])
	}
	var out []lint.Diagnostic
	for _, d := range res.Diagnostics {
		if (d.Severity == lint.Error || d.Severity == lint.Warning) && kept[d.Path] {
			out = append(out, d)
		}
	}
	return out, nil
}

// rulesOf returns the rules that made diags, for linting the state before
// the write with those alone: a finding of another rule can match none of
// diags, and in a large dir most of the time goes to rules that found
// nothing to report here (the wikilink suggestions of every other file).
// A rule that judges other rules' findings (unused-suppression) needs them
// all: then nil, every rule.
func (w *memoryWrite) rulesOf(diags []lint.Diagnostic) []string {
	reg := w.cfg.Registry(w.plan.Registry)
	if reg == nil {
		return nil
	}
	var ids []string
	for _, d := range diags {
		rule, ok := reg.Lookup(d.Rule)
		if !ok || rule.Scope == lint.ScopeSuppressions {
			return nil
		}
		if !slices.Contains(ids, d.Rule) {
			ids = append(ids, d.Rule)
		}
	}
	return ids
}

// reportKind is the wording of one of the two messages to the agent.
type reportKind struct {
	header string // with the written file's path
	footer string // with a rule ID, or <id>
}

var (
	errorReport = reportKind{
		header: "memlint found problems in the memory %s (%s):",
		footer: "Fix them now; rules: memlint rules %s",
	}
	warningReport = reportKind{
		header: "memlint warnings for the memory %s (%s); they do not block, fix them unless they are wrong here:",
		footer: "Rules: memlint rules %s",
	}
)

// shown is how a message to the agent names a file: relative to the
// project, masked (a file may be named after a token) and escaped.
func (w *memoryWrite) shown(p, projectDir string) string {
	return report.EscapeText(lint.RedactPath(w.plan.Redact, lint.RelPath(projectDir, filepath.FromSlash(p))))
}

// report tells the agent what is wrong, in at most maxReportLines lines:
// findings in the written files first, then those in the index, each with
// its whole suggestion (a multi-line one below it, indented). The
// findings that do not fit are counted, with the command that lists them.
func (w *memoryWrite) report(diags []lint.Diagnostic, projectDir string, kind reportKind) string {
	shown := func(p string) string { return w.shown(p, projectDir) }
	written := map[string]bool{}
	for _, f := range w.files {
		written[filepath.ToSlash(f)] = true
	}
	// With one file written, its findings go without its name.
	file := ""
	if len(w.files) == 1 {
		file = filepath.ToSlash(w.files[0])
	}
	sort.SliceStable(diags, func(i, j int) bool {
		return written[diags[i].Path] && !written[diags[j].Path]
	})
	var ids []string
	for _, d := range diags {
		if !slices.Contains(ids, d.Rule) {
			ids = append(ids, d.Rule)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, kind.header+"\n", w.what, w.subject)
	budget := maxFindingLines
	for i, d := range diags {
		lines := findingLines(d, file, shown)
		more := 0
		if i < len(diags)-1 {
			more = 1 // room for the "… and N more" line
		}
		if len(lines)+more > budget {
			if i > 0 || budget < 2 {
				fmt.Fprintf(&b, "- … and %d more: run memlint %s\n", len(diags)-i, shown(w.memDir))
				break
			}
			// The first finding alone is too long: its suggestion is
			// cut, and says where the rest is.
			lines = append(lines[:budget-more-1:budget-more-1], fmt.Sprintf("    … (the whole suggestion: memlint %s)", shown(w.memDir)))
		}
		for _, l := range lines {
			b.WriteString(l + "\n")
		}
		budget -= len(lines)
	}
	id := "<id>"
	if len(ids) == 1 {
		id = ids[0]
	}
	fmt.Fprintf(&b, kind.footer+"\n", id)
	return b.String()
}

// findingLines is one finding as the agent reads it: where, what, the
// suggestion after an arrow when it is one line, else below, indented.
func findingLines(d lint.Diagnostic, file string, shown func(string) string) []string {
	var where []string
	if d.Path != file {
		where = append(where, shown(d.Path))
	}
	if d.Start.Line > 0 {
		where = append(where, fmt.Sprintf("line %d", d.Start.Line))
	}
	head := "- "
	if len(where) > 0 {
		head += strings.Join(where, " ") + ": "
	}
	head += flattenMessage(d.Message)
	var suggestion []string
	for _, l := range strings.Split(strings.TrimSpace(d.Suggestion), "\n") {
		if l = strings.TrimRight(l, " \t\r"); l != "" {
			suggestion = append(suggestion, l)
		}
	}
	tag := " [" + d.Rule + "]"
	switch len(suggestion) {
	case 0:
		return []string{head + tag}
	case 1:
		return []string{head + " → " + strings.TrimSpace(suggestion[0]) + tag}
	}
	lines := []string{head + tag, "  → " + suggestion[0]}
	for _, l := range suggestion[1:] {
		lines = append(lines, "    "+l)
	}
	return lines
}

// additionalContext writes the answer to a PostToolUse (or
// PostToolUseFailure) event that hands the agent warnings without
// blocking it. Claude Code reads it only under the event's own name.
func additionalContext(out io.Writer, event, text string) {
	type specific struct {
		HookEventName     string `json:"hookEventName"`
		AdditionalContext string `json:"additionalContext"`
	}
	var answer struct {
		HookSpecificOutput specific `json:"hookSpecificOutput"`
	}
	answer.HookSpecificOutput = specific{event, report.EscapeLines(text, true)}
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(answer) // a closed stdout leaves nothing to tell
}

func flattenMessage(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// beforeWriteFS is a folder tree on disk in which some files hold other
// content, or do not exist: a memory dir as it was before a write.
type beforeWriteFS struct {
	base  fs.FS
	files map[string]overlayFile // by slash path
}

// overlayFile is a file of beforeWriteFS: its content, or its absence.
type overlayFile struct {
	data    []byte
	removed bool
}

func (o *beforeWriteFS) Open(name string) (fs.File, error) {
	f, ok := o.files[name]
	if !ok {
		return o.base.Open(name)
	}
	if f.removed {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &beforeWriteFile{Reader: bytes.NewReader(f.data), info: o.info(name, f)}, nil
}

// Unchanged says every file but the written ones holds what the run after
// the write read (lint.UnchangedFS): that run's parse of them is this
// one's.
func (o *beforeWriteFS) Unchanged(name string) bool {
	_, changed := o.files[name]
	return !changed
}

func (o *beforeWriteFS) Stat(name string) (fs.FileInfo, error) {
	f, ok := o.files[name]
	if !ok {
		return fs.Stat(o.base, name)
	}
	if f.removed {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
	}
	return o.info(name, f), nil
}

func (o *beforeWriteFS) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(o.base, name)
	var here []string // the overlaid files of this folder
	for p := range o.files {
		if path.Dir(p) == name {
			here = append(here, p)
		}
	}
	if len(here) == 0 {
		return entries, err
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return entries, err
	}
	out := make([]fs.DirEntry, 0, len(entries)+len(here))
	for _, e := range entries {
		if _, overlaid := o.files[path.Join(name, e.Name())]; !overlaid {
			out = append(out, e)
		}
	}
	for _, p := range here {
		if f := o.files[p]; !f.removed {
			out = append(out, fs.FileInfoToDirEntry(o.info(p, f)))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out, nil
}

// info describes an overlaid file: a regular file with the current file's
// modification time, so that rules ordering files by age see the same
// order.
func (o *beforeWriteFS) info(name string, f overlayFile) fs.FileInfo {
	fi := beforeWriteInfo{name: path.Base(name), size: int64(len(f.data))}
	if cur, err := fs.Stat(o.base, name); err == nil {
		fi.modTime = cur.ModTime()
	}
	return fi
}

type beforeWriteFile struct {
	*bytes.Reader
	info fs.FileInfo
}

func (f *beforeWriteFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *beforeWriteFile) Close() error               { return nil }

type beforeWriteInfo struct {
	name    string
	size    int64
	modTime time.Time
}

func (fi beforeWriteInfo) Name() string       { return fi.name }
func (fi beforeWriteInfo) Size() int64        { return fi.size }
func (fi beforeWriteInfo) Mode() fs.FileMode  { return 0o644 }
func (fi beforeWriteInfo) ModTime() time.Time { return fi.modTime }
func (fi beforeWriteInfo) IsDir() bool        { return false }
func (fi beforeWriteInfo) Sys() any           { return nil }

// maxEventSize bounds the hook event read from stdin: a Write event holds
// the file's whole content, and memlint lints no file over
// lint.DefaultMaxFileSize (JSON escaping can make it up to six times
// longer).
const maxEventSize = 6*memory.DefaultMaxFileSize + 1<<20

// eventTimeout bounds the wait for the event: Claude Code writes it at
// once, and a stdin that stays open with half an event must not keep the
// hook (and the agent's turn) waiting forever.
const eventTimeout = 5 * time.Second

// errEventTooLarge is the error for an event over maxEventSize.
var errEventTooLarge = fmt.Errorf("the event is larger than %d bytes", maxEventSize)

// readEvent decodes the first JSON value on in, reading at most max bytes
// and waiting at most timeout for it. On a timeout the read goes on in
// the background, which the hook's exit ends.
func readEvent(in io.Reader, max int64, timeout time.Duration) (*claudeEvent, error) {
	type result struct {
		ev  *claudeEvent
		err error
	}
	done := make(chan result, 1)
	go func() {
		var ev claudeEvent
		var raw json.RawMessage
		lr := &limitedReader{r: in, left: max}
		err := json.NewDecoder(lr).Decode(&raw)
		if lr.over {
			err = errEventTooLarge
		}
		if err == nil {
			err = decodeExact(raw, &ev)
			ev.raw = raw
		}
		done <- result{&ev, err}
	}()
	select {
	case r := <-done:
		return r.ev, r.err
	case <-time.After(timeout):
		return nil, fmt.Errorf("no complete event within %v", timeout)
	}
}

// limitedReader is io.LimitReader that remembers hitting its limit, so
// that an event cut there is told apart from a truncated one.
type limitedReader struct {
	r    io.Reader
	left int64
	over bool
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.left <= 0 {
		l.over = true
		return 0, io.EOF
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

// redactWith masks the secrets in a message for the user with the plan's
// redactor, if it has one.
// lintDir lints the memory dir root as fsys holds it, through the
// checker, with the configuration cfg the hook resolved.
func lintDir(req checker.Request, root string, fsys fs.FS, cfg *lint.Config) (*lint.Result, error) {
	req.Mode, req.Root, req.FS, req.Dirs, req.Config, req.ConfigKnown = checker.FS, root, fsys, []string{"."}, cfg, true
	res, err := checker.Check(req)
	if err != nil {
		return nil, err
	}
	return res.Lint, nil
}

func redactWith(plan checker.Request, msg string) string {
	if plan.Redact == nil {
		return msg
	}
	return plan.Redact(msg)
}
