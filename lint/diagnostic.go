package lint

import (
	"fmt"
	"strings"

	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// Severity is how much a finding matters. The zero value means "the rule's
// default" when a rule reports a finding.
type Severity int

// Severities, ordered so that a larger value is more severe.
const (
	SeverityDefault Severity = iota
	Info
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return "default"
}

// MarshalText writes the severity as its lowercase name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// parseSeverity reads a severity as written in configuration: "error",
// "warning" or "info", or "off", which is reported through off.
func parseSeverity(s string) (sev Severity, off bool, err error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "error":
		return Error, false, nil
	case "warning", "warn":
		return Warning, false, nil
	case "info":
		return Info, false, nil
	case "off":
		return SeverityDefault, true, nil
	}
	return SeverityDefault, false, fmt.Errorf("unknown severity %q (want error, warning, info or off)", s)
}

// Diagnostic is one finding.
type Diagnostic struct {
	Rule     string
	Severity Severity
	// Path is the slash-separated path of the file (or directory, for
	// findings about a whole memory dir) inside the linted fs.FS.
	Path  string
	Start markdown.Pos
	// End is the position just after the flagged text; zero when the
	// finding has no useful extent.
	End        markdown.Pos
	Message    string
	Suggestion string
	// Text is the source text the finding flags (the start line when it
	// has no end), filled in by the engine; baselines and SARIF
	// fingerprints are made from it, so they survive lines moving.
	Text string
	// Key, when set, tells apart findings of the rule that flag the same
	// text but are different problems (frontmatter-required reports each
	// missing field at the opening ---): it joins Text in the
	// fingerprint. Rules set it; it is never shown.
	Key string
	// Fix, when set, repairs the finding mechanically.
	Fix *Fix
	// Suppressed is set on findings an inline memlint-disable comment
	// hid; they are listed apart (Result.Suppressed) for audit.
	Suppressed    bool
	Justification string // the reason the suppression gave
}

// Fix is a mechanical repair: text edits, possibly in several files (an
// orphan memory is fixed in MEMORY.md). Unsafe fixes may change meaning
// and only run with --unsafe-fixes.
type Fix struct {
	Message string
	Unsafe  bool
	Edits   []memory.TextEdit
}

// EditsOf returns the fix's edits; none for a nil fix.
func (f *Fix) EditsOf() []memory.TextEdit {
	if f == nil {
		return nil
	}
	return f.Edits
}

// same reports whether two findings are the same, for removing
// duplicates: rule, path, extent, message and severity.
func (d Diagnostic) same(e Diagnostic) bool {
	return d.Rule == e.Rule && d.Path == e.Path && d.Start == e.Start && d.End == e.End &&
		d.Message == e.Message && d.Severity == e.Severity
}

// Less orders diagnostics by path, line, column and rule, then message, so
// output never depends on the order rules ran in.
func (d Diagnostic) Less(e Diagnostic) bool {
	if d.Path != e.Path {
		return d.Path < e.Path
	}
	if d.Start.Line != e.Start.Line {
		return d.Start.Line < e.Start.Line
	}
	if d.Start.Col != e.Start.Col {
		return d.Start.Col < e.Start.Col
	}
	if d.Rule != e.Rule {
		return d.Rule < e.Rule
	}
	return d.Message < e.Message
}
