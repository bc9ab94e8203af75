package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/memlint/memlint/lint"
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
	staged     bool
}

func (o *checkOptions) addFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "text", "output format: text or json")
	f.StringVar(&o.configFile, "config", "", "configuration file (default: .memlint.yaml found by walking up from the current directory)")
	f.BoolVar(&o.strict, "strict", false, "exit 1 on any finding, warnings and infos included")
	f.StringVar(&o.color, "color", "auto", "colour text output: auto, always or never (auto honours NO_COLOR)")
	f.BoolVar(&o.quiet, "quiet", false, "print only the findings that fail the run: no budget, summary or notes")
	f.BoolVar(&o.staged, "staged", false, "lint what the git index holds instead of the working tree")
}

// run lints the memory dirs named by args (or found) and reports.
func (o *checkOptions) run(args []string) error {
	if o.staged {
		return errors.New("--staged is not implemented yet")
	}
	color, err := o.useColor()
	if err != nil {
		return err
	}
	rep, err := report.New(o.format, report.Options{Color: color, Quiet: o.quiet})
	if err != nil {
		return fmt.Errorf("--format: %w", err)
	}
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("current directory: %w", err)
	}
	reg := rules.Registry()
	cfg, err := loadConfig(o.configFile, cwd, reg)
	if err != nil {
		return err
	}

	p := &planner{cwd: cwd, cfg: cfg, getenv: os.Getenv, note: o.note}
	targets, err := p.plan(args)
	if err != nil {
		return err
	}
	linter := &lint.Linter{Registry: reg, Config: cfg}
	r, err := lintTargets(linter, targets)
	if err != nil {
		return err
	}
	r.DisplayPath = func(p string) string { return lint.RelPath(cwd, filepath.FromSlash(p)) }
	if o.quiet {
		r.Diagnostics = o.failing(r.Diagnostics)
	}
	r.Sort()
	// With nothing to lint, text output has nothing to say beyond the note
	// on stderr; machine formats still write a (empty) document.
	if len(targets) > 0 || o.format != "text" {
		if err := rep.Report(o.stdout, r); err != nil {
			return err
		}
	}
	c := r.Counts()
	if c.Errors > 0 || (o.strict && c.Total() > 0) {
		return &exitError{code: exitFindings}
	}
	return nil
}

// useColor decides whether text output is coloured: --color always or
// never decide; auto colours a terminal unless NO_COLOR is set.
func (o *checkOptions) useColor() (bool, error) {
	switch o.color {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		f, ok := o.stdout.(*os.File)
		return ok && isTerminal(f) && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb", nil
	}
	return false, fmt.Errorf("--color: unknown value %q (want auto, always or never)", o.color)
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
	fmt.Fprintf(o.stderr, "memlint: "+format+"\n", args...)
}

// loadConfig reads --config, or the .memlint.yaml found by walking up from
// cwd; nil means defaults. Paths in configuration errors are shown
// relative to cwd.
func loadConfig(file, cwd string, reg *lint.Registry) (*lint.Config, error) {
	if file == "" {
		file = lint.FindConfig(cwd)
		if file == "" {
			return nil, nil
		}
	}
	cfg, err := lint.LoadConfig(file, reg)
	var ce *lint.ConfigError
	if errors.As(err, &ce) {
		shown := *ce
		shown.Path = lint.RelPath(cwd, ce.Path)
		return nil, &shown
	}
	if err != nil {
		return nil, err
	}
	return cfg, nil
}

// commandNames are the subcommands, for a hint when a PATH that does not
// exist looks like a misspelt one.
var commandNames = []string{"check", "rules", "version"}

func commandHint(arg string) string {
	if strings.ContainsAny(arg, `/\.`) {
		return ""
	}
	if c := lint.Closest(arg, commandNames); c != "" {
		return fmt.Sprintf(" (did you mean memlint %s?)", c)
	}
	return ""
}
