package main

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/lint/report"
	"github.com/memlint/memlint/rules"
	"github.com/memlint/memlint/source"
)

// checkOptions are the flags of the check command.
type checkOptions struct {
	stdout, stderr io.Writer

	format     string
	configFile string
	strict     bool
	color      string
	quiet      bool
	verbose    bool
	staged     bool
	base       string
	// outputs are extra reports, FORMAT=FILE each (--output).
	outputs []string
	// baselineFile is --baseline: findings recorded there are not
	// reported (default: .memlint-baseline.json beside the configuration).
	baselineFile string
	// fix, unsafeFixes and diff are --fix, --unsafe-fixes and --diff.
	fix, unsafeFixes, diff bool
	// exitZero is --exit-zero: findings never make the exit code 1.
	exitZero bool
	// preview is --preview: the preview rules run too.
	preview bool
	// statistics is --statistics: text output counts findings per rule.
	statistics bool
	// all is --all: every memory dir under Claude Code's config home (all.go).
	all bool
	// staged content of the files fixes edit, by absolute slash path:
	// with --staged, fixes apply only where the working copy equals it.
	stagedContent map[string][]byte
	// linted is the run's Result.Linted, for --fix to write only files
	// still as linted.
	linted map[string][sha256.Size]byte
	// hook is set for memlint hooks run pre-commit (hooks_precommit.go):
	// its own choice of what to lint, no budget lines, and nothing at all
	// when there is nothing to say.
	hook bool
	// recording is set for memlint baseline: the run applies no baseline.
	recording bool
	// relint, set by a run of the working tree, lints again the dirs
	// holding the files --fix changed and returns the new report.
	relint func(changed []string) (*report.Report, error)
	// closers release what a run keeps open until it ends (--base).
	closers []func() error
	// failed are the rules that failed in this run, with absolute dirs:
	// reported on stderr, and the run exits 2.
	failed []lint.RuleError
}

func (o *checkOptions) addFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "text", "output format: "+report.FormatList())
	f.StringVar(&o.configFile, "config", "", "configuration file (default: .memlint.yaml found by walking up from the current directory)")
	f.BoolVar(&o.strict, "strict", false, "exit 1 on any finding, warnings and infos included")
	f.BoolVar(&o.preview, "preview", false, previewUsage)
	f.BoolVar(&o.exitZero, "exit-zero", false, "exit 0 even when there are findings (or --diff changes); errors of memlint itself still exit 2")
	f.BoolVar(&o.statistics, "statistics", false, "with --format text: print the number of findings per rule (and how many are fixable) instead of the findings")
	f.StringVar(&o.color, "color", "auto", "colour text output: auto, always or never (auto: a terminal; FORCE_COLOR, NO_COLOR and CLICOLOR_FORCE as docs/cli.md says)")
	f.BoolVar(&o.quiet, "quiet", false, "print only the findings that fail the run: no budget, summary or notes")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "also say on stderr which configuration file the run uses, the mode and the memory dirs linted")
	f.BoolVar(&o.all, "all", false, "lint every Claude Code project and subagent memory dir under the config home ($CLAUDE_CONFIG_DIR, else ~/.claude), with a table per project first; takes no PATH")
	f.BoolVar(&o.staged, "staged", false, "lint what the git index holds (what the next commit will contain) instead of the working tree")
	f.StringVar(&o.base, "base", "", "compare with this git revision for rules that need the earlier content (log-append-only); with --staged the default is HEAD")
	f.Var(&outputFlag{specs: &o.outputs}, "output", "also write the full report in FORMAT ("+report.FormatList()+") to FILE; may repeat")
	f.StringVar(&o.baselineFile, "baseline", "", "baseline file of accepted findings (default: .memlint-baseline.json beside the configuration, if present)")
	f.BoolVar(&o.fix, "fix", false, "apply safe fixes to the memory files")
	f.BoolVar(&o.unsafeFixes, "unsafe-fixes", false, "also apply fixes that may change meaning (implies --fix)")
	f.BoolVar(&o.diff, "diff", false, "with --fix: print the changes as a unified diff (with --format json, as JSON) instead of writing them")
	completeFlagValues(cmd)
}

// run lints the memory dirs named by args (or found) and reports. With
// --exit-zero the exit code that findings set becomes 0; an error of
// memlint's own (exit 2) stays.
func (o *checkOptions) run(args []string) error {
	err := o.lint(args)
	var exit *exitError
	if o.exitZero && errors.As(err, &exit) && exit.code == exitFindings {
		return nil
	}
	return err
}

// lint is run before --exit-zero.
func (o *checkOptions) lint(args []string) error {
	color, err := o.useColor()
	if err != nil {
		return err
	}
	rep, err := report.New(o.format, report.Options{Color: color, Quiet: o.quiet, Statistics: o.statistics})
	if err != nil {
		return fmt.Errorf("--format: %w", err)
	}
	if o.diff && o.format != "text" && o.format != "json" {
		return fmt.Errorf("--diff prints changes, not findings: --format %s cannot hold them (use text for a unified diff, json for the diff as data)", o.format)
	}
	if o.statistics && o.format != "text" {
		return fmt.Errorf("--statistics: only with --format text, not %s", o.format)
	}
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("current directory: %w", err)
	}
	reg := builtinRules()
	var r *report.Report
	var cfg *lint.Config
	switch {
	case o.hook:
		r, cfg, err = o.lintPreCommit(cwd, reg, args)
	case o.all:
		r, cfg, err = o.lintAll(cwd, reg, args)
	case o.staged:
		r, _, cfg, err = o.lintStaged(cwd, reg, args)
	default:
		r, _, cfg, err = o.lintWorkingTree(cwd, reg, args)
	}
	defer o.close()
	if err != nil {
		return err
	}
	decorate := func(r *report.Report) {
		r.DisplayPath = func(p string) string { return lint.RelPath(cwd, filepath.FromSlash(p)) }
		r.Redact = rules.Redact
		r.Rules, r.CustomRules = rulesRun(cfg, reg)
		r.Root, r.ToolVersion = reportRoot(cwd), version()
	}
	decorate(r)
	o.sayDirs(cwd, r)
	if o.fixing() {
		changed, err := o.applyFixes(cwd, r)
		if err != nil {
			return err
		}
		if o.diff {
			if err := o.reportFailed(cwd); err != nil {
				return err
			}
			if len(changed) > 0 {
				return &exitError{code: exitFindings}
			}
			return nil
		}
		if len(changed) > 0 && o.relint != nil {
			// Report what is left: lint again the dirs that changed.
			// (With --staged nothing did: the fixes went to the working
			// copies, and the index is what is linted.)
			if r, err = o.relint(changed); err != nil {
				return err
			}
			decorate(r)
		}
	}
	if err := o.writeOutputs(r); err != nil {
		return err
	}
	if o.quiet {
		r.Diagnostics = o.failing(r.Diagnostics)
	}
	r.Sort()
	switch {
	case o.hook && len(r.Diagnostics) == 0:
		// A clean commit says nothing.
	case r.Dirs > 0 || len(r.Diagnostics) > 0 || o.format != "text":
		// With no memory dir linted and nothing found, text output has
		// nothing to say beyond the note on stderr; machine formats still
		// write an empty document.
		if o.hook {
			r.Indexes = nil
		}
		if err := rep.Report(o.stdout, r); err != nil {
			return err
		}
	}
	if err := o.reportFailed(cwd); err != nil {
		return err
	}
	if o.strict && o.foundNothing(r) {
		// A job that must check memory fails when there is none to check:
		// a wrong working directory or a misspelt root is not a pass.
		fmt.Fprintln(o.stderr, "memlint: --strict: no memory dir was linted")
		return &exitError{code: exitFindings}
	}
	c := r.Counts()
	if c.Errors > 0 || (o.strict && c.Total() > 0) {
		return &exitError{code: exitFindings}
	}
	return nil
}

// foundNothing reports whether a run of the working tree found no memory
// to lint. (--staged with no staged change in a memory dir is a commit
// that leaves memory alone, not a missing one.)
func (o *checkOptions) foundNothing(r *report.Report) bool {
	return !o.staged && !o.hook && r.Dirs == 0
}

// reportFailed prints the rules that failed, if any, and then ends the run
// with exit code 2, whatever the findings: their list is incomplete. A
// rule that panicked is a memlint bug, so its stack is printed too — it is
// what a bug report needs, and it is never printed otherwise.
func (o *checkOptions) reportFailed(cwd string) error {
	if len(o.failed) == 0 {
		return nil
	}
	for _, e := range o.failed {
		fmt.Fprintf(o.stderr, "memlint: internal error: rule %s failed on %s: %v (please report this bug)\n",
			e.Rule, rules.Redact(lint.RelPath(cwd, e.Dir)), rules.Redact(e.Err.Error()))
		if e.Stack != nil {
			fmt.Fprintf(o.stderr, "%s\n", e.Stack)
		}
	}
	return &exitError{code: exitUsage}
}

// plan is the lint.Plan of this run.
func (o *checkOptions) plan(cwd string, reg *lint.Registry, args []string) lint.Plan {
	home, _ := os.UserHomeDir() // without one, no ~/.claude/CLAUDE.md and no ~/ imports
	return lint.Plan{Cwd: cwd, Paths: args, Getenv: os.Getenv, Note: o.note, Baseline: o.baseline(cwd),
		NoFlaggedText: !o.readsFlaggedText(),
		Registry:      reg, Redact: rules.Redact, RecallProbe: claude.SystemRecallProbe(),
		Instructions: lint.ClaudeInstructions(cwd, os.Getenv, home, 0),
		Repos:        source.RepositoryFinder(cwd, os.Getenv, true)}
}

// previewUsage is the help of --preview, which check and baseline share
// so that a baseline accepts what a check with the same flag finds.
const previewUsage = "also run the preview rules: those not yet measured precise enough on real memory to run by default (memlint rules shows each rule's stage)"

// resolveConfig is the configuration of a run over src from cwd
// (lint.ResolveConfig, with --config), with the preview rules on for
// --preview.
func (o *checkOptions) resolveConfig(src lint.Source, cwd string, reg *lint.Registry) (*lint.Config, error) {
	cfg, err := lint.ResolveConfig(src, cwd, o.configFile, reg)
	if err != nil || !o.preview {
		return cfg, err
	}
	return cfg.WithPreview(), nil
}

// lintWorkingTree lints the files on disk that the PATHs name (or that
// discovery finds), comparing with --base when given. It returns what it
// linted with the report.
func (o *checkOptions) lintWorkingTree(cwd string, reg *lint.Registry, args []string) (*report.Report, []*lint.Target, *lint.Config, error) {
	var src lint.WorkingTree
	cfg, err := o.resolveConfig(src, cwd, reg)
	if err != nil {
		return nil, nil, nil, err
	}
	o.sayConfig(cwd, cfg)
	if o.base != "" {
		// Opened on first use: a run with nothing to lint reads no git.
		var rev *source.Revision
		src.Earlier = func(root string) (memory.Earlier, error) {
			if rev == nil {
				opened, err := source.OpenRevision(cwd, o.base, os.Getenv)
				if err != nil {
					return nil, fmt.Errorf("--base: %w", err)
				}
				rev = opened
				o.closers = append(o.closers, rev.Close)
			}
			return rev.Earlier(root)
		}
	}
	plan := o.plan(cwd, reg, args)
	res, err := lint.Run(src, plan, cfg)
	if err != nil {
		return nil, nil, nil, planError(err)
	}
	o.failed = append(o.failed, res.Errors...)
	o.linted = res.Linted
	o.relint = func(changed []string) (*report.Report, error) {
		again, err := lint.Relint(src, plan, cfg, res, changed)
		if err != nil {
			return nil, err
		}
		o.failed, o.linted = again.Errors, again.Linted
		return newReport(again), nil
	}
	return newReport(res), append(res.Targets, res.Repos...), cfg, nil
}

// lintStaged lints the memory dirs with a staged change, as the index
// holds them, against HEAD (or --base). PATHs narrow the dirs. It returns
// the dirs it linted with the report.
func (o *checkOptions) lintStaged(cwd string, reg *lint.Registry, args []string) (*report.Report, []*lint.Target, *lint.Config, error) {
	staged, err := source.OpenStaged(cwd, os.Getenv)
	if errors.Is(err, source.ErrNotARepository) {
		return nil, nil, nil, errors.New("--staged: not inside a git repository")
	}
	if err != nil {
		return nil, nil, nil, err
	}
	defer staged.Close()
	src := &source.Index{Staged: staged}
	cfg, err := o.resolveConfig(src, cwd, reg)
	if err != nil {
		return nil, nil, nil, err
	}
	o.sayConfig(cwd, cfg)
	if o.base != "" {
		if src.Base, err = source.OpenRevision(cwd, o.base, os.Getenv); err != nil {
			return nil, nil, nil, fmt.Errorf("--base: %w", err)
		}
		defer src.Base.Close()
	}
	plan := o.plan(cwd, reg, args)
	// What is committed is what the index holds, whatever is on disk.
	plan.Repos = staged.Repositories(cwd, os.Getenv)
	res, err := lint.Run(src, plan, cfg)
	if err != nil {
		return nil, nil, nil, err
	}
	o.failed = append(o.failed, res.Errors...)
	if o.hook {
		o.warnRemovals(cwd, staged, cfg)
	}
	if len(res.Targets) == 0 && !o.hook {
		o.note("no staged changes in memory dirs")
	}
	if o.fixing() {
		o.stagedContent = src.FixedContents(res.Diagnostics)
		o.linted = res.Linted
	}
	return newReport(res), append(res.Targets, res.Repos...), cfg, nil
}

// close releases what the run kept open.
func (o *checkOptions) close() {
	for _, c := range o.closers {
		c()
	}
	o.closers = nil
}

// fixing reports whether the run applies or shows fixes.
func (o *checkOptions) fixing() bool { return o.fix || o.unsafeFixes || o.diff }

// useColor decides whether text output is coloured: --color always or
// never decide; auto follows the environment (autoColor).
func (o *checkOptions) useColor() (bool, error) {
	switch o.color {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		f, ok := o.stdout.(*os.File)
		return autoColor(os.Getenv, ok && isTerminal(f)), nil
	}
	return false, fmt.Errorf("--color: unknown value %q (want auto, always or never)", o.color)
}

// autoColor is --color auto. FORCE_COLOR set to anything but "" or "0"
// colours, even with NO_COLOR set: force-color.org's reference code
// applies it after NO_COLOR ("0" is Node's way of saying no, so it forces
// nothing). Otherwise NO_COLOR (no-color.org) turns colour off, before
// CLICOLOR_FORCE (bixense.com/clicolors: set and not "0") may force it,
// so that a user's opt-out beats a wrapper's force. Else only a terminal whose TERM
// is not "dumb" is coloured.
func autoColor(getenv func(string) string, terminal bool) bool {
	forced := func(name string) bool { v := getenv(name); return v != "" && v != "0" }
	switch {
	case forced("FORCE_COLOR"):
		return true
	case getenv("NO_COLOR") != "":
		return false
	case forced("CLICOLOR_FORCE"):
		return true
	}
	return terminal && getenv("TERM") != "dumb"
}

func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// failing keeps the findings that decide the exit code: errors, or all of
// them with --strict.
func (o *checkOptions) failing(ds []lint.Diagnostic) []lint.Diagnostic {
	if o.strict {
		return ds
	}
	var out []lint.Diagnostic
	for _, d := range ds {
		if d.Severity == lint.Error {
			out = append(out, d)
		}
	}
	return out
}

// note tells the user on stderr what memlint chose to lint; --quiet
// silences it.
func (o *checkOptions) note(format string, args ...any) {
	if o.quiet {
		return
	}
	fmt.Fprintf(o.stderr, "memlint: %s\n", rules.Redact(fmt.Sprintf(format, args...)))
}

// sayConfig is --verbose: the configuration file in use on stderr,
// relative to cwd and marked when it is the staged one, or none; then the
// mode of the run.
func (o *checkOptions) sayConfig(cwd string, cfg *lint.Config) {
	if o.verbose {
		fmt.Fprintf(o.stderr, "memlint: config: %s\n", escapeTerminal(rules.Redact(configShown(cwd, cfg))))
		fmt.Fprintf(o.stderr, "memlint: mode: %s\n", escapeTerminal(rules.Redact(o.mode())))
	}
}

// mode names what a run reads and what it does with fixes, for --verbose:
// "working tree", "staged (git index) against HEAD", then ", --base REV"
// and ", --fix" / ", --unsafe-fixes" / ", --diff (nothing written)".
func (o *checkOptions) mode() string {
	m := "working tree"
	if o.staged {
		base := o.base
		if base == "" {
			base = "HEAD"
		}
		m = "staged (git index) against " + base
	} else if o.base != "" {
		m += ", --base " + o.base
	}
	switch {
	case o.diff:
		m += ", --diff (nothing written)"
	case o.unsafeFixes:
		m += ", --unsafe-fixes"
	case o.fix:
		m += ", --fix"
	}
	return m
}

// sayDirs is --verbose: each memory dir the run lints, relative to cwd,
// one line each.
func (o *checkOptions) sayDirs(cwd string, r *report.Report) {
	if !o.verbose {
		return
	}
	for _, d := range r.MemoryDirs {
		fmt.Fprintf(o.stderr, "memlint: dir: %s\n", shownPath(cwd, d))
	}
}

// configShown names the configuration of a run for a person: its file
// relative to cwd (" (staged)" after one read from the git index), or
// "none (defaults)".
func configShown(cwd string, cfg *lint.Config) string {
	if cfg == nil || cfg.Path == "" {
		return "none (defaults)"
	}
	shown := lint.RelPath(cwd, cfg.Path)
	if cfg.Staged {
		shown += " (staged)"
	}
	return shown
}

// commandNames are the subcommands, for a hint when a PATH that does not
// exist looks like a misspelt one.
var commandNames = []string{"baseline", "check", "completion", "preview", "rules", "version"}

func commandHint(arg string) string {
	if strings.ContainsAny(arg, `/\.`) {
		return ""
	}
	if c := lint.Closest(arg, commandNames); c != "" {
		return fmt.Sprintf(" (did you mean memlint %s?)", c)
	}
	return ""
}
