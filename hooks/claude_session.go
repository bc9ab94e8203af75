package hooks

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/checker"
	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/lint/report"
)

const (
	// budgetNotice is the share of either index limit (200 lines, 25,000
	// units) from which the session summary mentions the budget: past
	// Claude Code's own 70 % target, with room left for a few entries.
	budgetNotice = 0.8
	// maxSessionFindings bounds the errors the summary lists.
	maxSessionFindings = 5
)

// RunClaudeSession handles one Claude Code SessionStart event read from
// in. It lints the memory dir Claude Code loads for the session's project
// (claude.MemoryDir of its main worktree) and, when that memory needs
// attention — error-level findings, or an index at 80 % of either limit or
// more — prints on stdout a short health summary for the agent
// (additionalContext): the index budget used, the errors with the first
// few, and what to do. It is silent when all is well or there is no
// memory dir. It returns 0, or 1 with one line on stderr that only the
// user sees when the event or the configuration cannot be read; never 2.
func RunClaudeSession(in io.Reader, stdout, stderr io.Writer, plan checker.Request) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "memlint: %s\n", report.EscapeText(fmt.Sprintf("internal error in the Claude Code session hook: %v (please report this bug)", r)))
			code = 1
		}
	}()
	getenv := getenvOr(plan.Getenv)
	ev, err := readEvent(in, maxEventSize, eventTimeout)
	if err != nil {
		fmt.Fprintf(stderr, "memlint: %s\n", report.EscapeText(fmt.Sprintf("cannot read the Claude Code hook event on stdin: %v", err)))
		return 1
	}
	if ev.HookEventName != "" && ev.HookEventName != "SessionStart" {
		return 0
	}
	projectDir := hookProjectDir(getenv, eventCwd(ev))
	memDir := projectMemoryDir(getenv, projectDir)
	if info, err := os.Stat(memDir); err != nil || !info.IsDir() {
		return 0
	}
	cfg, err := checker.ResolveConfig(checker.Request{Cwd: projectDir, Registry: plan.Registry}, nil)
	if err != nil {
		return hookFailed(stderr, nil, err)
	}
	plan.Cwd, plan.Paths, plan.Getenv = projectDir, nil, getenv
	plan.Only, plan.ErrorsOnly = errorRules(cfg.Registry(plan.Registry), cfg), true
	res, err := lintDir(plan, memDir, os.DirFS(memDir), cfg)
	if err != nil {
		return hookFailed(stderr, plan.Redact, err)
	}
	summary := sessionSummary(res, memDir, plan.Redact)
	if summary == "" || !firstToSpeakAtStart(ev, getenv) {
		return 0
	}
	return printHookOutput(stdout, stderr, hookSpecificOutput{HookEventName: "SessionStart", AdditionalContext: report.EscapeLines(summary, true)})
}

// firstToSpeakAtStart is firstToSpeak for SessionStart, which names no
// tool call: of the registrations of memlint's hook that run for one start
// (or resume, clear, compaction) of a session, one speaks. A state folder
// that cannot be written leaves every one speaking.
func firstToSpeakAtStart(ev *claudeEvent, getenv func(string) string) bool {
	if ev.SessionID == "" {
		return true
	}
	st, err := openHookState(getenv)
	if err != nil {
		return true
	}
	first, err := st.claimRecent(ev.SessionID, "SessionStart", ev.Source, "claude-session")
	return first || err != nil
}

// eventCwd is the folder Claude Code ran the hook for, absolute.
func eventCwd(ev *claudeEvent) string {
	if abs, err := filepath.Abs(ev.Cwd); err == nil {
		return abs
	}
	return ev.Cwd
}

// projectMemoryDir is the auto memory dir Claude Code loads for a
// project: claude.MemoryDir of its main worktree.
func projectMemoryDir(getenv func(string) string, projectDir string) string {
	root := claude.MainWorktreeRoot(projectDir)
	if root == "" {
		root = projectDir
	}
	home := getenv("HOME")
	if home == "" {
		home = getenv("USERPROFILE")
	}
	return claude.MemoryDir(getenv, home, root).Dir
}

// escalatingRules report some findings at error level although their
// default severity is lower: index-missing is a warning when there is no
// MEMORY.md, an error when one exists but loads nothing.
var escalatingRules = []string{"index-missing"}

// errorRules returns the rules that can report an error-level finding
// with this configuration, the only findings the summary counts: a rule
// whose default is error, one of escalatingRules, or one the
// configuration sets to error anywhere. Leaving out the others (the
// wikilink suggestions above all) makes the lint of a session start a
// fraction of a full one. nil, every rule, when the rule that judges
// other rules' suppressions can be an error: it needs them all.
func errorRules(reg *lint.Registry, cfg *lint.Config) []string {
	if reg == nil {
		return nil
	}
	raised := map[string]bool{}
	if cfg != nil {
		mark := func(rules map[string]lint.RuleConfig) {
			for id, rc := range rules {
				if !rc.Off && rc.Severity == lint.Error {
					raised[id] = true
				}
			}
		}
		mark(cfg.Rules)
		for _, o := range cfg.Overrides {
			mark(o.Rules)
		}
	}
	var ids []string
	for _, r := range reg.Rules() {
		if r.Severity != lint.Error && !raised[r.ID] && !slices.Contains(escalatingRules, r.ID) {
			continue
		}
		if r.Scope == lint.ScopeSuppressions {
			return nil
		}
		// A rule the configuration does not run (off, or preview and not
		// asked for) reports nothing at session start either: naming it in
		// Only would run it, since naming a rule asks for it.
		if !cfg.MaybeOn(r) {
			continue
		}
		ids = append(ids, r.ID)
	}
	return ids
}

// sessionSummary is the health summary of the memory dir memDir that res
// linted, or "" when nothing needs attention. Paths are relative to the
// memory dir (the agent knows where it is), secrets masked.
func sessionSummary(res *lint.Result, memDir string, redact func(string) string) string {
	var errs []lint.Diagnostic
	for _, d := range res.Diagnostics {
		if d.Severity == lint.Error {
			errs = append(errs, d)
		}
	}
	var budget *memory.IndexBudget
	for _, d := range res.Dirs {
		if d.Index != nil && filepath.Clean(filepath.FromSlash(d.Path)) == filepath.Clean(memDir) {
			budget = &d.Index.Budget
		}
	}
	tight := budget != nil && (float64(budget.Lines) >= budgetNotice*memory.IndexMaxLines || float64(budget.Units) >= budgetNotice*memory.IndexMaxUnits)
	if len(errs) == 0 && !tight {
		return ""
	}
	shown := func(p string) string {
		return report.EscapeText(lint.RedactPath(redact, lint.RelPath(memDir, filepath.FromSlash(p))))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "memlint: your auto memory (%s) needs attention.\n", lint.RedactPath(redact, memDir))
	if budget != nil {
		fmt.Fprintf(&b, "MEMORY.md uses %d of %d lines (%d %%) and %s of %s units (%d %%)",
			budget.Lines, memory.IndexMaxLines, percent(budget.Lines, memory.IndexMaxLines),
			thousands(budget.Units), thousands(memory.IndexMaxUnits), percent(budget.Units, memory.IndexMaxUnits))
		if tight {
			b.WriteString(": Claude Code loads nothing past either limit, so keep entries to one short line and merge or drop stale ones")
		}
		b.WriteString(".\n")
	}
	if len(errs) > 0 {
		noun := "errors"
		if len(errs) == 1 {
			noun = "error"
		}
		fmt.Fprintf(&b, "%d %s in memory:", len(errs), noun)
		for i, d := range errs {
			if i == maxSessionFindings {
				fmt.Fprintf(&b, " and %d more", len(errs)-i)
				break
			}
			sep := ","
			if i == 0 {
				sep = ""
			}
			where := shown(d.Path)
			if d.Start.Line > 0 {
				where += fmt.Sprintf(":%d", d.Start.Line)
			}
			fmt.Fprintf(&b, "%s %s %s", sep, where, d.Rule)
		}
		b.WriteString(".\n")
	}
	fmt.Fprintf(&b, "Run `memlint %s` (or /memlint:memlint) and repair what it reports.", lint.RedactPath(redact, memDir))
	return b.String()
}

// percent is n of max in whole percent, rounded down.
func percent(n, max int) int { return n * 100 / max }

// thousands writes n with comma separators, as memlint's budget line does.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
