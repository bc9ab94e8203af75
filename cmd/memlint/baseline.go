package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/baseline"
	"github.com/memlint/memlint/rules"
)

// newBaselineCmd builds memlint baseline, which records the current
// findings so that check reports only new ones.
func newBaselineCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &checkOptions{stdout: stdout, stderr: stderr, recording: true}
	cmd := &cobra.Command{
		Use:   "baseline [flags] [PATH...]",
		Short: "Accept the current findings: write them to " + baseline.FileName,
		Long: `memlint baseline lints like memlint check and writes every finding, of
every severity, to a baseline file. memlint check then reports only findings
that are not in it, and reports entries that match nothing any more
(baseline-stale), so the file can shrink: run memlint baseline again to
drop them.

The file is ` + baseline.FileName + ` in the folder of the configuration
file, or else at the repository's top level, or else in the current
directory; --baseline FILE chooses another. Entries name a finding by its
rule, file, flagged text and occurrence, not its line, so edits elsewhere
in a file keep it accepted. With PATHs, entries for files outside them are
kept. With --preview the baseline accepts the preview rules' findings too,
as memlint check --preview finds them.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return o.writeBaseline(args) },
	}
	f := cmd.Flags()
	f.StringVar(&o.configFile, "config", "", "configuration file (default: .memlint.yaml found by walking up from the current directory)")
	f.StringVar(&o.baselineFile, "baseline", "", "baseline file to write (default: "+baseline.FileName+" beside the configuration, or at the repository's top level)")
	f.BoolVar(&o.preview, "preview", false, previewUsage)
	return cmd
}

// writeBaseline lints as check does and writes every finding to the
// baseline file, keeping the entries for paths this run did not lint.
func (o *checkOptions) writeBaseline(args []string) error {
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("current directory: %w", err)
	}
	r, linted, cfg, err := o.lintWorkingTree(cwd, builtinRules(), args)
	defer o.close()
	if err != nil {
		return err
	}
	if err := o.reportFailed(cwd); err != nil {
		return err // a baseline of an incomplete run would accept too little
	}
	file, _ := o.baselinePath(cwd, cfg)
	shown := lint.RelPath(cwd, file)
	dir := filepath.Dir(file)
	old, err := baseline.Read(file, shown)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	entries := baseline.Entries(r.Diagnostics, dir, rules.Redact)
	kept := 0
	if old != nil {
		for _, e := range old.Entries {
			if !lint.InScope(linted, lint.UnmaskPath(rules.Redact, e.AbsPath(dir)), true) {
				entries = append(entries, e)
				kept++
			}
		}
	}
	if err := baseline.New(entries).WriteFile(file); err != nil {
		return fmt.Errorf("%s: %w", lint.RedactPath(rules.Redact, shown), err)
	}
	c := r.Counts()
	fmt.Fprintf(o.stdout, "wrote %s: %s accepted (%s, %s, %s)", lint.RedactPath(rules.Redact, shown), plural(c.Total(), "finding"),
		plural(c.Errors, "error"), plural(c.Warnings, "warning"), plural(c.Infos, "info"))
	if kept > 0 {
		fmt.Fprintf(o.stdout, "; kept %s for paths not linted", plural(kept, "entry", "entries"))
	}
	fmt.Fprintln(o.stdout)
	return nil
}

// baseline is the Plan's baseline: the baseline file of this run, read
// once the configuration is known. Without --baseline, a missing file
// means there is no baseline; memlint baseline, which writes it, applies
// none.
func (o *checkOptions) baseline(cwd string) func(cfg *lint.Config) (lint.Baseline, error) {
	if o.recording {
		return nil
	}
	return func(cfg *lint.Config) (lint.Baseline, error) {
		file, named := o.baselinePath(cwd, cfg)
		b, err := baseline.Read(file, lint.RelPath(cwd, file))
		if errors.Is(err, fs.ErrNotExist) && !named {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		return baseline.Applied{Baseline: b, File: file, Redact: rules.Redact}, nil
	}
}

// baselinePath is the baseline file of this run, absolute: --baseline,
// else .memlint-baseline.json in the configuration's folder, the
// repository's top level or the current directory. named reports whether
// --baseline chose it.
func (o *checkOptions) baselinePath(cwd string, cfg *lint.Config) (file string, named bool) {
	if o.baselineFile != "" {
		file = o.baselineFile
		if !filepath.IsAbs(file) {
			file = filepath.Join(cwd, file)
		}
		return filepath.Clean(file), true
	}
	dir := cwd
	if cfg != nil && cfg.Dir != "" {
		dir = cfg.Dir
	} else if top := lint.RepoTopLevel(cwd); top != "" {
		dir = top
	}
	return filepath.Join(dir, baseline.FileName), false
}

// plural returns "1 finding", "2 findings"; forms are the singular and,
// when it is not the singular plus "s", the plural.
func plural(n int, forms ...string) string {
	word := forms[0]
	if n != 1 {
		if len(forms) > 1 {
			word = forms[1]
		} else {
			word += "s"
		}
	}
	return fmt.Sprintf("%d %s", n, word)
}
