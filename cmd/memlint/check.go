package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memlint/memlint/internal/suggest"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/checker"
	"github.com/memlint/memlint/lint/report"
	"github.com/memlint/memlint/rules"
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
	// all is --all: every memory dir under Claude Code's config home.
	all bool
	// hook is set for memlint hooks run pre-commit: the checker's own
	// choice of what to lint, no budget lines, and nothing at all when
	// there is nothing to say.
	hook bool
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
	f.Var(&report.OutputFlag{Specs: &o.outputs}, "output", "also write the full report in FORMAT ("+report.FormatList()+") to FILE; may repeat")
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
	if o.all && o.staged && len(args) == 0 {
		return errors.New("--all reads Claude Code's config home, which no git index holds: it cannot be used with --staged")
	}
	req := o.request(args)
	res, err := checker.Check(req)
	if err != nil {
		return planError(err)
	}
	defer res.Close()
	r := res.Report
	if req.Fix != checker.NoFix {
		changed, err := res.ApplyFixes(o.stdout, o.format)
		if err != nil {
			return err
		}
		if o.diff {
			if checker.PrintFailed(o.stderr, redact, res.Cwd(), res.Failed) {
				return &exitError{code: exitUsage}
			}
			if len(changed) > 0 {
				return &exitError{code: exitFindings}
			}
			return nil
		}
		// Report what is left: lint again the dirs that changed. (With
		// --staged nothing did: the fixes went to the working copies,
		// and the index is what is linted.)
		if r, err = res.Relint(changed); err != nil {
			return err
		}
	}
	if err := report.WriteOutputs(o.outputs, r); err != nil {
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
	if checker.PrintFailed(o.stderr, redact, res.Cwd(), res.Failed) {
		return &exitError{code: exitUsage}
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

// request is the checker.Request of this run.
func (o *checkOptions) request(args []string) checker.Request {
	req := checker.Request{Mode: checker.WorkingTree, Paths: args, Stderr: o.stderr, Quiet: o.quiet, Verbose: o.verbose,
		ConfigFile: o.configFile, Preview: o.preview, Base: o.base, BaselineFile: o.baselineFile,
		Formats: []string{o.format}, Registry: builtinRules(), Redact: redact, ToolVersion: version(),
		Mentions: rules.Mentions, MentionsRule: rules.MentionsRule}
	switch {
	case o.hook:
		req.Mode = checker.PreCommit
	case o.all:
		req.Mode = checker.AllProjects
	case o.staged:
		req.Mode = checker.Staged
	}
	switch {
	case o.diff:
		req.Fix = checker.Diff
	case o.unsafeFixes:
		req.Fix = checker.UnsafeFix
	case o.fix:
		req.Fix = checker.Fix
	}
	for _, v := range o.outputs {
		req.Formats = append(req.Formats, report.OutputFormat(v))
	}
	return req
}

// foundNothing reports whether a run of the working tree found no memory
// to lint. (--staged with no staged change in a memory dir is a commit
// that leaves memory alone, not a missing one.)
func (o *checkOptions) foundNothing(r *report.Report) bool {
	return !o.staged && !o.hook && r.Dirs == 0
}

// previewUsage is the help of --preview, which check and baseline share
// so that a baseline accepts what a check with the same flag finds.
const previewUsage = "also run the preview rules: those not yet measured precise enough on real memory to run by default (memlint rules shows each rule's stage)"

// useColor decides whether text output is coloured (report.UseColor).
func (o *checkOptions) useColor() (bool, error) { return report.UseColor(o.color, o.stdout, os.Getenv) }

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

// commandNames are the subcommands, for a hint when a PATH that does not
// exist looks like a misspelt one.
var commandNames = []string{"baseline", "check", "completion", "preview", "rules", "version"}

func commandHint(arg string) string {
	if strings.ContainsAny(arg, `/\.`) {
		return ""
	}
	if c := suggest.Closest(arg, commandNames); c != "" {
		return fmt.Sprintf(" (did you mean memlint %s?)", c)
	}
	return ""
}
