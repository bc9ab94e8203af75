package report

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
)

// OutputFlag is --output FORMAT=FILE. It checks each value as the flag is
// parsed, so that a bad one is a usage error before anything is linted or
// fixed, and collects the values in specs.
type OutputFlag struct{ Specs *[]string }

func (f *OutputFlag) String() string {
	if f == nil || f.Specs == nil {
		return ""
	}
	return strings.Join(*f.Specs, " ")
}

// Type is what the help shows after the flag: --output FORMAT=FILE.
func (f *OutputFlag) Type() string { return "FORMAT=FILE" }

func (f *OutputFlag) Set(v string) error {
	spec, err := parseOutput(v)
	if err != nil {
		return err
	}
	for _, prev := range *f.Specs {
		if p, err := parseOutput(prev); err == nil && filepath.Clean(p.file) == filepath.Clean(spec.file) {
			return fmt.Errorf("%s is named by two --output flags", spec.file)
		}
	}
	*f.Specs = append(*f.Specs, v)
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
		return outputSpec{}, fmt.Errorf("want FORMAT=FILE with FORMAT %s", FormatList())
	case !slices.Contains(Formats, format):
		return outputSpec{}, fmt.Errorf("unknown format %q (want %s)", format, FormatList())
	case file == "":
		return outputSpec{}, fmt.Errorf("no file after %s=", format)
	}
	return outputSpec{format: format, file: file}, nil
}

// OutputFormat is the format of one --output value, or "" when it is not
// one.
func OutputFormat(v string) string {
	spec, err := parseOutput(v)
	if err != nil {
		return ""
	}
	return spec.format
}

// WriteOutputs writes the reports of --output FORMAT=FILE (outputs). Files
// get the full report whatever --quiet and --color say: every finding,
// budgets and summary, never coloured. Each file is replaced at once (a
// temporary file renamed over it), so a reader never sees half a report.
func WriteOutputs(outputs []string, r *Report) error {
	if len(outputs) == 0 {
		return nil
	}
	specs := make([]outputSpec, 0, len(outputs))
	for _, v := range outputs {
		spec, err := parseOutput(v)
		if err != nil {
			return fmt.Errorf("--output %q: %w", v, err)
		}
		specs = append(specs, spec)
	}
	r.Sort()
	for _, spec := range specs {
		rep, err := New(spec.format, Options{})
		if err != nil {
			return fmt.Errorf("--output %s=%s: %w", spec.format, spec.file, err)
		}
		if err := WriteFile(spec.file, func(w io.Writer) error { return rep.Report(w, r) }); err != nil {
			return fmt.Errorf("--output %s=%s: %w", spec.format, spec.file, err)
		}
	}
	return nil
}
