package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/memlint/memlint/lint/checker"
	"github.com/memlint/memlint/lint/report"
)

// previewOptions are the flags of the preview command.
type previewOptions struct {
	stdout, stderr io.Writer
	format         string
	configFile     string
	color          string
}

func newPreviewCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &previewOptions{stdout: stdout, stderr: stderr}
	cmd := &cobra.Command{
		Use:   "preview [flags] [PATH...]",
		Short: "Show what Claude Code loads from memory: the index as injected, the cut, the recall manifest",
		Long: `memlint preview shows, for each memory dir, what Claude Code does with it:
the dir's kind, the text of MEMORY.md exactly as it is injected into every
conversation (frontmatter and top-level comments stripped, invisible characters
removed, reserved tags neutralised, cut at 200 lines or 25,000 UTF-16 units with
Claude Code's warning appended) with the cut and the lost lines marked, and the
line recall would show its selector for every topic file, newest first, at most
200.

PATHs are found as memlint check finds them; a PATH that is a folder named
memory (as Claude Code's own ~/.claude/projects/<key>/memory/) is a memory dir
even with nothing in it. --format json gives the same as data.

The Claude Code release modelled is the one claude-code: {version: X} in the
configuration names, else the one the claude on PATH prints (claude --version),
else the newest release memlint models; the last line says which, and why.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(args) },
	}
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "text", "output format: text or json")
	f.StringVar(&o.configFile, "config", "", "configuration file (its roots and ignore decide which dirs are found)")
	f.StringVar(&o.color, "color", "auto", "colour text output: auto, always or never (auto honours NO_COLOR)")
	return cmd
}

func (o *previewOptions) run(args []string) error {
	if o.format != "text" && o.format != "json" {
		return fmt.Errorf("--format: unknown format %q (want text or json)", o.format)
	}
	color, err := (&checkOptions{stdout: o.stdout, color: o.color}).useColor()
	if err != nil {
		return err
	}
	doc, config, err := checker.Preview(checker.Request{Paths: args, Stderr: o.stderr, ConfigFile: o.configFile, Registry: builtinRules(), Redact: redact})
	if err != nil {
		return planError(err)
	}
	if o.format == "json" {
		return report.WritePreviewJSON(o.stdout, doc, redact)
	}
	// The configuration in use, text only: the JSON shape of preview has
	// no place for it that SPEC allows.
	return report.WritePreviewText(o.stdout, doc, color, config, redact)
}
