package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
)

// jsonVersion is the version of the JSON format. It changes only when a
// field changes meaning or goes away; new fields may be added without it.
const jsonVersion = 1

// jsonReporter is the machine format, indented by two spaces:
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
type jsonReporter struct{}

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
	Applicability fixApplicability `json:"applicability"`
	Message       string           `json:"message,omitempty"`
	Edits         []jsonEdit       `json:"edits,omitempty"`
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
func (jsonReporter) Report(w io.Writer, r *Report) error {
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
		_, err := bw.Write(EscapeJSON(bytes.TrimSuffix(buf.Bytes(), []byte("\n"))))
		return err
	}
	fmt.Fprintf(bw, "{\n  \"version\": %d,\n  \"diagnostics\": [", jsonVersion)
	var scratch []byte
	for i, d := range r.Diagnostics {
		if i > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n    ")
		scratch = appendDiagnostic(scratch[:0], r.jsonDiagnosticOf(d))
		bw.Write(EscapeJSON(scratch))
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

// The indentation of a finding's lines in the document: its fields, its
// fix's, the fix's edits, their fields and their positions' fields.
const (
	jsonIn1 = "\n      "
	jsonIn2 = jsonIn1 + "  "
	jsonIn3 = jsonIn2 + "  "
	jsonIn4 = jsonIn3 + "  "
	jsonIn5 = jsonIn4 + "  "
)

// appendDiagnostic appends d as an Encoder indenting by two spaces under
// the prefix of a finding ("    ") writes it, without its newline. Most of
// a report is findings, and encoding them by reflection and indenting the
// result was most of its cost; TestJSONStreamedEqualsWhole and
// FuzzJSONDiagnostic hold the bytes to encoding/json's.
func appendDiagnostic(b []byte, d jsonDiagnostic) []byte {
	b = append(b, "{"+jsonIn1+`"rule": `...)
	b = appendJSONString(b, d.Rule)
	b = append(b, ","+jsonIn1+`"severity": `...)
	b = appendJSONString(b, d.Severity.String())
	b = append(b, ","+jsonIn1+`"path": `...)
	b = appendJSONString(b, d.Path)
	b = append(b, ","+jsonIn1+`"line": `...)
	b = strconv.AppendInt(b, int64(d.Line), 10)
	b = append(b, ","+jsonIn1+`"column": `...)
	b = strconv.AppendInt(b, int64(d.Column), 10)
	if d.EndLine != 0 {
		b = append(b, ","+jsonIn1+`"end_line": `...)
		b = strconv.AppendInt(b, int64(d.EndLine), 10)
	}
	if d.EndColumn != 0 {
		b = append(b, ","+jsonIn1+`"end_column": `...)
		b = strconv.AppendInt(b, int64(d.EndColumn), 10)
	}
	b = append(b, ","+jsonIn1+`"message": `...)
	b = appendJSONString(b, d.Message)
	if d.Suggestion != "" {
		b = append(b, ","+jsonIn1+`"suggestion": `...)
		b = appendJSONString(b, d.Suggestion)
	}
	if d.URL != "" {
		b = append(b, ","+jsonIn1+`"url": `...)
		b = appendJSONString(b, d.URL)
	}
	if f := d.Fix; f != nil {
		b = append(b, ","+jsonIn1+`"fix": {`+jsonIn2+`"applicability": `...)
		b = appendJSONString(b, string(f.Applicability))
		if f.Message != "" {
			b = append(b, ","+jsonIn2+`"message": `...)
			b = appendJSONString(b, f.Message)
		}
		if len(f.Edits) > 0 {
			b = append(b, ","+jsonIn2+`"edits": [`...)
			for i, e := range f.Edits {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, jsonIn3+"{"+jsonIn4+`"path": `...)
				b = appendJSONString(b, e.Path)
				b = appendJSONPos(b, `"start": `, e.Start)
				b = appendJSONPos(b, `"end": `, e.End)
				b = append(b, ","+jsonIn4+`"content": `...)
				b = appendJSONString(b, e.Content)
				b = append(b, jsonIn3+"}"...)
			}
			b = append(b, jsonIn2+"]"...)
		}
		b = append(b, jsonIn1+"}"...)
	}
	return append(b, "\n    }"...)
}

// appendJSONPos appends ",", the field name and the position p of an edit.
func appendJSONPos(b []byte, name string, p jsonPos) []byte {
	b = append(b, ","+jsonIn4...)
	b = append(b, name...)
	b = append(b, "{"+jsonIn5+`"line": `...)
	b = strconv.AppendInt(b, int64(p.Line), 10)
	b = append(b, ","+jsonIn5+`"column": `...)
	b = strconv.AppendInt(b, int64(p.Column), 10)
	return append(b, jsonIn4+"}"...)
}

// appendJSONString appends s quoted as encoding/json quotes it without
// HTML escaping: \b \f \n \r \t and \u00XX for the other control bytes,
// \ufffd for a byte of invalid UTF-8, and U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= ' ' && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, `\u202`...)
			b = append(b, hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

const hexDigits = "0123456789abcdef"

// jsonDiagnosticOf is d as JSON shows it.
func (r *Report) jsonDiagnosticOf(d lint.Diagnostic) jsonDiagnostic {
	return jsonDiagnostic{
		Rule:       d.Rule,
		Severity:   d.Severity,
		Path:       r.display(d.Path),
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
			Path:     r.display(ix.Path),
			Lines:    ix.Budget.Lines,
			MaxLines: memory.IndexMaxLines,
			Units:    ix.Budget.Units,
			MaxUnits: memory.IndexMaxUnits,
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
			Path:    r.display(e.Path),
			Start:   jsonPos{Line: e.StartPos.Line, Column: e.StartPos.Col},
			End:     jsonPos{Line: e.EndPos.Line, Column: e.EndPos.Col},
			Content: e.NewText,
		})
	}
	out.Edits = edits
	return out
}
