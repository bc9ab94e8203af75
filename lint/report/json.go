package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/memlint/memlint/lint"
)

// JSONVersion is the version of the JSON format. It changes only when a
// field changes meaning or goes away; new fields may be added without it.
const JSONVersion = 1

// JSON is the machine format, indented by two spaces:
//
//	{"version": 1,
//	 "diagnostics": [{"rule", "severity", "path", "line", "column",
//	   "end_line", "end_column", "message", "suggestion", "url",
//	   "fix": {"applicability", "message", "edits": [{"path",
//	     "start": {"line", "column"}, "end": {…}, "content"}]}}],
//	 "summary": {"dirs", "files", "errors", "warnings", "infos"},
//	 "indexes": [{"path", "lines", "max_lines", "units", "max_units"}],
//	 "projects": [{"path", "key", "kind", "dir", "files", "index": {…}|null,
//	   "errors", "warnings", "infos", "stale"}]}
//
// projects is there only in a run of memlint check --all (one entry per
// project or subagent, index as in indexes).
// end_line, end_column and suggestion are left out when empty; line and
// column are 0 for findings about a whole file or memory dir. url, the
// rule's section of docs/rules.md at memlint's version, is left out for
// custom rules; fix for findings without one. A fix's edits are left out
// when they cannot be shown: a position unknown, or new text that would
// show a secret (--fix applies them all the same).
type JSON struct{}

// jsonReport is the whole document; Report writes it piece by piece, and
// the tests encode it whole as the reference it must equal.
type jsonReport struct {
	Version     int              `json:"version"`
	Diagnostics []jsonDiagnostic `json:"diagnostics"`
	Summary     jsonSummary      `json:"summary"`
	Indexes     []jsonIndex      `json:"indexes"`
	// Projects is only there in a run of check --all.
	Projects *[]jsonProject `json:"projects,omitempty"`
}

type jsonDiagnostic struct {
	Rule       string        `json:"rule"`
	Severity   lint.Severity `json:"severity"`
	Path       string        `json:"path"`
	Line       int           `json:"line"`
	Column     int           `json:"column"`
	EndLine    int           `json:"end_line,omitempty"`
	EndColumn  int           `json:"end_column,omitempty"`
	Message    string        `json:"message"`
	Suggestion string        `json:"suggestion,omitempty"`
	URL        string        `json:"url,omitempty"`
	Fix        *jsonFix      `json:"fix,omitempty"`
}

// jsonFix is a finding's fix, in the shape of ruff's: edits replace the
// text from start up to end (just after the last character replaced) with
// content; start equals end for an insertion.
type jsonFix struct {
	Applicability Applicability `json:"applicability"`
	Message       string        `json:"message,omitempty"`
	Edits         []jsonEdit    `json:"edits,omitempty"`
}

type jsonEdit struct {
	Path    string  `json:"path"`
	Start   jsonPos `json:"start"`
	End     jsonPos `json:"end"`
	Content string  `json:"content"`
}

type jsonPos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type jsonSummary struct {
	Dirs     int `json:"dirs"`
	Files    int `json:"files"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
}

type jsonIndex struct {
	Path     string `json:"path"`
	Lines    int    `json:"lines"`
	MaxLines int    `json:"max_lines"`
	Units    int    `json:"units"`
	MaxUnits int    `json:"max_units"`
}

// Report writes r as one JSON document followed by a newline, a finding at
// a time: the document of a run with a million findings is never held in
// memory whole (it was, twice: encoded, then indented). The bytes are those
// of encoding jsonReport with an Encoder indenting by two spaces.
func (JSON) Report(w io.Writer, r *Report) error {
	c := r.Counts()
	bw := bufio.NewWriterSize(w, 64<<10)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	// put writes v indented as a value nested under prefix, without the
	// newline the Encoder ends it with.
	put := func(prefix string, v any) error {
		buf.Reset()
		enc.SetIndent(prefix, "  ")
		if err := enc.Encode(v); err != nil {
			return err
		}
		_, err := bw.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
		return err
	}
	fmt.Fprintf(bw, "{\n  \"version\": %d,\n  \"diagnostics\": [", JSONVersion)
	for i, d := range r.Diagnostics {
		if i > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n    ")
		if err := put("    ", r.jsonDiagnosticOf(d)); err != nil {
			return fmt.Errorf("write JSON report: %w", err)
		}
	}
	if len(r.Diagnostics) > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("],\n  \"summary\": ")
	if err := put("  ", jsonSummary{Dirs: r.Dirs, Files: r.Files, Errors: c.Errors, Warnings: c.Warnings, Infos: c.Infos}); err != nil {
		return fmt.Errorf("write JSON report: %w", err)
	}
	bw.WriteString(",\n  \"indexes\": ")
	if err := put("  ", r.jsonIndexes()); err != nil {
		return fmt.Errorf("write JSON report: %w", err)
	}
	if projects := r.jsonProjects(); projects != nil {
		bw.WriteString(",\n  \"projects\": ")
		if err := put("  ", *projects); err != nil {
			return fmt.Errorf("write JSON report: %w", err)
		}
	}
	bw.WriteString("\n}\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write JSON report: %w", err)
	}
	return nil
}

// jsonDiagnosticOf is d as JSON shows it.
func (r *Report) jsonDiagnosticOf(d lint.Diagnostic) jsonDiagnostic {
	return jsonDiagnostic{
		Rule:       d.Rule,
		Severity:   d.Severity,
		Path:       r.Display(d.Path),
		Line:       d.Start.Line,
		Column:     d.Start.Col,
		EndLine:    d.End.Line,
		EndColumn:  d.End.Col,
		Message:    d.Message,
		Suggestion: d.Suggestion,
		URL:        r.ruleURL(d.Rule),
		Fix:        r.jsonFixOf(d),
	}
}

// jsonIndexes are the index budgets as JSON shows them, never nil.
func (r *Report) jsonIndexes() []jsonIndex {
	out := make([]jsonIndex, 0, len(r.Indexes))
	for _, ix := range r.Indexes {
		out = append(out, jsonIndex{
			Path:     r.Display(ix.Path),
			Lines:    ix.Budget.Lines,
			MaxLines: lint.IndexMaxLines,
			Units:    ix.Budget.Units,
			MaxUnits: lint.IndexMaxUnits,
		})
	}
	return out
}

// jsonFixOf is d's fix for JSON, nil without one.
func (r *Report) jsonFixOf(d lint.Diagnostic) *jsonFix {
	a := applicability(d)
	if a == "" {
		return nil
	}
	out := &jsonFix{Applicability: a, Message: d.Fix.Message}
	edits := make([]jsonEdit, 0, len(d.Fix.Edits))
	for _, e := range d.Fix.Edits {
		if !e.StartPos.IsValid() || !e.EndPos.IsValid() {
			return out
		}
		if r.Redact != nil && r.Redact(e.NewText) != e.NewText {
			// Masked, the edit would write the mask: leave the edits out.
			return out
		}
		edits = append(edits, jsonEdit{
			Path:    r.Display(e.Path),
			Start:   jsonPos{Line: e.StartPos.Line, Column: e.StartPos.Col},
			End:     jsonPos{Line: e.EndPos.Line, Column: e.EndPos.Col},
			Content: e.NewText,
		})
	}
	out.Edits = edits
	return out
}
