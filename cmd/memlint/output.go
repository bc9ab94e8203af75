package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/memlint/memlint/internal/atomicfile"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/report"
)

// outputFlag is --output FORMAT=FILE. It checks each value as the flag is
// parsed, so that a bad one is a usage error before anything is linted or
// fixed, and collects the values in specs.
type outputFlag struct{ specs *[]string }

func (f *outputFlag) String() string {
	if f == nil || f.specs == nil {
		return ""
	}
	return strings.Join(*f.specs, " ")
}

// Type is what the help shows after the flag: --output FORMAT=FILE.
func (f *outputFlag) Type() string { return "FORMAT=FILE" }

func (f *outputFlag) Set(v string) error {
	spec, err := parseOutput(v)
	if err != nil {
		return err
	}
	for _, prev := range *f.specs {
		if p, err := parseOutput(prev); err == nil && filepath.Clean(p.file) == filepath.Clean(spec.file) {
			return fmt.Errorf("%s is named by two --output flags", spec.file)
		}
	}
	*f.specs = append(*f.specs, v)
	return nil
}

// outputSpec is one --output value: a report format and the file to write
// it to.
type outputSpec struct {
	format, file string
}

func parseOutput(v string) (outputSpec, error) {
	format, file, ok := strings.Cut(v, "=")
	switch {
	case !ok:
		return outputSpec{}, fmt.Errorf("want FORMAT=FILE with FORMAT %s", report.FormatList())
	case !slices.Contains(report.Formats, format):
		return outputSpec{}, fmt.Errorf("unknown format %q (want %s)", format, report.FormatList())
	case file == "":
		return outputSpec{}, fmt.Errorf("no file after %s=", format)
	}
	return outputSpec{format: format, file: file}, nil
}

// writeOutputs writes the reports of --output FORMAT=FILE. Files get the
// full report whatever --quiet and --color say: every finding, budgets
// and summary, never coloured. Each file is replaced at once (a temporary
// file renamed over it), so a reader never sees half a report.
func (o *checkOptions) writeOutputs(r *report.Report) error {
	if len(o.outputs) == 0 {
		return nil
	}
	specs := make([]outputSpec, 0, len(o.outputs))
	for _, v := range o.outputs {
		spec, err := parseOutput(v)
		if err != nil {
			return fmt.Errorf("--output %q: %w", v, err)
		}
		specs = append(specs, spec)
	}
	r.Sort()
	for _, spec := range specs {
		rep, err := report.New(spec.format, report.Options{})
		if err != nil {
			return fmt.Errorf("--output %s=%s: %w", spec.format, spec.file, err)
		}
		if err := writeReportFile(spec.file, func(w io.Writer) error { return rep.Report(w, r) }); err != nil {
			return fmt.Errorf("--output %s=%s: %w", spec.format, spec.file, err)
		}
	}
	return nil
}

// writeReportFile writes a report to name atomically
// (atomicfile.WriteFile): the whole report, renamed over name once
// complete; an existing file keeps its permissions. A device or pipe
// (/dev/stderr) is written directly. A symbolic link the user names is
// written through, as a shell's > would.
func writeReportFile(name string, write func(io.Writer) error) error {
	if resolved, err := filepath.EvalSymlinks(name); err == nil {
		name = resolved
	}
	info, err := os.Stat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return pathErrText(err)
	case info.IsDir():
		return errors.New("is a directory")
	case !info.Mode().IsRegular():
		return writeDirect(name, write)
	}
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	return pathErrText(atomicfile.WriteFile(name, buf.Bytes(), 0o644))
}

func writeDirect(name string, write func(io.Writer) error) error {
	f, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// rulesRun are the rules a run with this configuration runs, for the
// report (SARIF describes them): every rule that is not off everywhere,
// and which of them the configuration defines (those not in reg).
func rulesRun(cfg *lint.Config, reg *lint.Registry) (ran []*lint.Rule, custom map[string]bool) {
	for _, rule := range cfg.Registry(reg).Rules() {
		if !cfg.MaybeOn(rule) {
			continue
		}
		ran = append(ran, rule)
		if _, builtin := reg.Lookup(rule.ID); !builtin {
			if custom == nil {
				custom = map[string]bool{}
			}
			custom[rule.ID] = true
		}
	}
	return ran, custom
}

// reportRoot is the folder report paths are made relative to for code
// scanning and annotations: the repository's top level, or the current
// directory outside a repository. Slash-separated like report paths.
func reportRoot(cwd string) string {
	root := lint.RepoTopLevel(cwd)
	if root == "" {
		root = cwd
	}
	return filepath.ToSlash(root)
}
