package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// jsonWhole is the JSON report as memlint wrote it before it streamed:
// the whole document built, then encoded at once. Report must write the
// same bytes.
func jsonWhole(t *testing.T, r *Report) []byte {
	t.Helper()
	c := r.Counts()
	doc := jsonReport{
		Version:     jsonVersion,
		Diagnostics: make([]jsonDiagnostic, 0, len(r.Diagnostics)),
		Summary:     jsonSummary{Dirs: r.Dirs, Files: r.Files, Errors: c.Errors, Warnings: c.Warnings, Infos: c.Infos},
		Indexes:     r.jsonIndexes(),
		Projects:    r.jsonProjects(),
	}
	for _, d := range r.Diagnostics {
		doc.Diagnostics = append(doc.Diagnostics, r.jsonDiagnosticOf(d))
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestJSONStreamedEqualsWhole(t *testing.T) {
	fix := &lint.Fix{Message: "delete the entry", Edits: []memory.TextEdit{{Path: "/w/mem/MEMORY.md", NewText: "a <b> & \"c\"\n\t\u2028",
		StartPos: markdown.Pos{Line: 3, Col: 1}, EndPos: markdown.Pos{Line: 4, Col: 1}}}}
	unsafe := &lint.Fix{Message: "rename", Unsafe: true, Edits: []memory.TextEdit{{Path: "/w/mem/x.md"}}}
	diags := []lint.Diagnostic{
		{Rule: "index-dangling-link", Severity: lint.Error, Path: "/w/mem/MEMORY.md", Start: markdown.Pos{Line: 3, Col: 4}, End: markdown.Pos{Line: 3, Col: 20},
			Message: "x.md does not exist <here> & \xff", Suggestion: "fix it", Fix: fix},
		{Rule: "index-missing", Severity: lint.Warning, Path: "/w/mem/team", Message: "no index"},
		{Rule: "my-custom", Severity: lint.Info, Path: "/w/mem/x\n.md", Message: "custom", Fix: unsafe},
	}
	for name, r := range map[string]*Report{
		"empty":    {},
		"findings": {Diagnostics: diags, Dirs: 2, Files: 7},
		"indexes": {Diagnostics: diags[:1], Dirs: 1, Files: 3, Indexes: []Index{{Path: "/w/mem/MEMORY.md", Budget: memory.IndexBudget{Lines: 12, Units: 3400}},
			{Path: "/w/other/MEMORY.md"}}},
		"index only":  {Dirs: 1, Files: 1, Indexes: []Index{{Path: "/w/mem/MEMORY.md"}}},
		"no projects": {Projects: []Project{}},
		"projects": {Diagnostics: diags[:1], Dirs: 1, Files: 3, DirFiles: map[string]int{"/w/mem": 3},
			Indexes:  []Index{{Path: "/w/mem/MEMORY.md", Budget: memory.IndexBudget{Lines: 12, Units: 3400}}},
			Projects: []Project{{Name: "/w/src", Key: "-w-src", Dir: "/w/mem"}, {Name: "helper", Agent: true, Dir: "/w/agent"}}},
	} {
		var got bytes.Buffer
		if err := (jsonReporter{}).Report(&got, r); err != nil {
			t.Fatal(err)
		}
		if want := jsonWhole(t, r); !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s: streamed JSON differs from the whole document:\n%s\nwant:\n%s", name, got.Bytes(), want)
		}
		if !json.Valid(got.Bytes()) {
			t.Errorf("%s: not valid JSON:\n%s", name, got.Bytes())
		}
	}
}

// encodedDiagnostic is d as encoding/json writes it nested in the
// document, the reference appendDiagnostic must equal.
func encodedDiagnostic(t *testing.T, d jsonDiagnostic) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("    ", "  ")
	if err := enc.Encode(d); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// FuzzJSONDiagnostic compares appendDiagnostic with encoding/json on any
// strings and numbers, with and without the optional fields.
func FuzzJSONDiagnostic(f *testing.F) {
	f.Add("index-dangling-link", "/w/mem/MEMORY.md", "x <y> & \"z\" \\ \x00\x1f\x7f \b\f\n\r\t", "fix\u2028it\u2029", "\xff\xfe é 中", 3, 4, 0, 20, 2)
	f.Add("", "", "", "", "", 0, 0, 0, 0, 0)
	f.Add("r", "p", "m", "", "", -1, 1<<40, 7, -3, 1)
	f.Fuzz(func(t *testing.T, rule, path, message, suggestion, content string, line, col, endLine, endCol, edits int) {
		d := jsonDiagnostic{Rule: rule, Severity: lint.Severity(line & 3), Path: path, Line: line, Column: col,
			EndLine: endLine, EndColumn: endCol, Message: message, Suggestion: suggestion, URL: content}
		if edits > 0 {
			d.Fix = &jsonFix{Applicability: fixApplicability(suggestion), Message: content}
			for i := range edits % 4 {
				d.Fix.Edits = append(d.Fix.Edits, jsonEdit{Path: path, Start: jsonPos{line + i, col}, End: jsonPos{endLine, endCol - i}, Content: message})
			}
		}
		if got, want := appendDiagnostic(nil, d), encodedDiagnostic(t, d); !bytes.Equal(got, want) {
			t.Fatalf("appendDiagnostic(%+v):\n%s\nencoding/json:\n%s", d, got, want)
		}
	})
}
