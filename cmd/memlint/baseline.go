package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/baseline"
	"github.com/memlint/memlint/lint/checker"
)

// newBaselineCmd builds memlint baseline, which records the current
// findings so that check reports only new ones.
func newBaselineCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &checkOptions{stdout: stdout, stderr: stderr}
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
	rec, err := checker.RecordBaseline(checker.Request{Paths: args, Stderr: o.stderr, ConfigFile: o.configFile, Preview: o.preview,
		BaselineFile: o.baselineFile, Formats: []string{"text"}, Registry: builtinRules(), Redact: redact, ToolVersion: version()})
	if err != nil {
		return planError(err)
	}
	if checker.PrintFailed(o.stderr, redact, rec.Cwd, rec.Failed) {
		return &exitError{code: exitUsage} // a baseline of an incomplete run would accept too little
	}
	fmt.Fprintln(o.stdout, rec.Summary())
	return nil
}

// baselinePath is the baseline file of this run (checker.BaselinePath).
func (o *checkOptions) baselinePath(cwd string, cfg *lint.Config) (file string, named bool) {
	return checker.BaselinePath(cwd, o.baselineFile, cfg)
}
