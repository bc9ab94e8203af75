package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

func sample() *Report {
	return &Report{
		Diagnostics: []lint.Diagnostic{
			{Rule: "index-line-limit", Severity: lint.Error, Path: "/w/mem/MEMORY.md",
				Start: markdown.Pos{Line: 201, Col: 1}, End: markdown.Pos{Line: 230, Col: 1},
				Message: "MEMORY.md loads 230 lines", Suggestion: "shorten it"},
			{Rule: "frontmatter-missing", Severity: lint.Warning, Path: "/w/mem/notes.md",
				Message: "no frontmatter", Suggestion: "start with:\n---\nname: notes\n---"},
			{Rule: "name-format", Severity: lint.Info, Path: "/w/mem/team/a.md",
				Start: markdown.Pos{Line: 2, Col: 7}, Message: "not kebab-case"},
		},
		Indexes: []Index{
			{Path: "/w/mem/MEMORY.md", Budget: memory.IndexBudget{Lines: 230, Units: 12400}},
			{Path: "/w/mem/team/MEMORY.md", Budget: memory.IndexBudget{Lines: 3, Units: 210}},
		},
		Dirs:        2,
		Files:       12,
		DisplayPath: func(p string) string { return strings.TrimPrefix(p, "/w/") },
	}
}

func TestText(t *testing.T) {
	var buf bytes.Buffer
	if err := (&textReporter{}).Report(&buf, sample()); err != nil {
		t.Fatal(err)
	}
	want := `mem/MEMORY.md:201:1: error: MEMORY.md loads 230 lines [index-line-limit]
  suggestion: shorten it
mem/notes.md: warning: no frontmatter [frontmatter-missing]
  suggestion: start with:
    ---
    name: notes
    ---
mem/team/a.md:2:7: info: not kebab-case [name-format]

mem/MEMORY.md       230/200 lines  12,400/25,000 units
mem/team/MEMORY.md    3/200 lines     210/25,000 units
1 error, 1 warning, 1 info in 12 files (2 memory dirs)
`
	if got := buf.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestTextQuietAndEmpty(t *testing.T) {
	r := sample()
	var buf bytes.Buffer
	if err := (&textReporter{Quiet: true}).Report(&buf, r); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "/200 lines") || strings.Contains(buf.String(), "memory dir") {
		t.Errorf("quiet output has budget or summary lines:\n%s", buf.String())
	}

	buf.Reset()
	empty := &Report{Dirs: 1, Files: 1}
	if err := (&textReporter{}).Report(&buf, empty); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "no problems in 1 file (1 memory dir)\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestTextColor(t *testing.T) {
	var buf bytes.Buffer
	if err := (&textReporter{Color: true}).Report(&buf, sample()); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"\x1b[1mmem/MEMORY.md:201:1\x1b[0m: \x1b[31merror\x1b[0m: ",
		"\x1b[33mwarning\x1b[0m",
		"\x1b[34minfo\x1b[0m",
		"\x1b[2m[name-format]\x1b[0m",
		"\x1b[31m230/200\x1b[0m lines", // over the limit
		"  3/200 lines",                // well within it: plain
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%q", want, out)
		}
	}
	if strings.Contains(out, "  3/200\x1b[0m") {
		t.Errorf("reset without a colour:\n%q", out)
	}
}

func TestJSON(t *testing.T) {
	var buf bytes.Buffer
	if err := (jsonReporter{}).Report(&buf, sample()); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Version     int
		Diagnostics []map[string]any
		Summary     map[string]int
		Indexes     []map[string]any
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Version != 1 || len(doc.Diagnostics) != 3 || len(doc.Indexes) != 2 {
		t.Fatalf("unexpected document:\n%s", buf.String())
	}
	first := doc.Diagnostics[0]
	if first["path"] != "mem/MEMORY.md" || first["end_line"] != float64(230) || first["severity"] != "error" {
		t.Errorf("first diagnostic: %v", first)
	}
	for _, k := range []string{"end_line", "end_column"} {
		if _, ok := doc.Diagnostics[1][k]; ok {
			t.Errorf("%s present on a diagnostic without an end: %v", k, doc.Diagnostics[1])
		}
	}
	if _, ok := doc.Diagnostics[2]["suggestion"]; ok {
		t.Errorf("empty suggestion present: %v", doc.Diagnostics[2])
	}
	want := map[string]int{"dirs": 2, "files": 12, "errors": 1, "warnings": 1, "infos": 1}
	for k, v := range want {
		if doc.Summary[k] != v {
			t.Errorf("summary.%s = %d, want %d", k, doc.Summary[k], v)
		}
	}
	if doc.Indexes[0]["max_units"] != float64(25000) || doc.Indexes[1]["path"] != "mem/team/MEMORY.md" {
		t.Errorf("indexes: %v", doc.Indexes)
	}
}

func TestJSONEmpty(t *testing.T) {
	var buf bytes.Buffer
	if err := (jsonReporter{}).Report(&buf, &Report{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"diagnostics": []`, `"indexes": []`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("output lacks %s:\n%s", want, buf.String())
		}
	}
}

func TestSortByDisplayPath(t *testing.T) {
	// Seen from /root/b, /root/a/x.md is shown as "../a/x.md", which
	// sorts before "x.md" although /root/b/x.md is listed first; within
	// one path and position, rules are in order.
	r := &Report{
		Diagnostics: []lint.Diagnostic{
			{Rule: "r", Path: "/root/b/x.md", Start: markdown.Pos{Line: 1, Col: 1}},
			{Rule: "r", Path: "/root/a/x.md", Start: markdown.Pos{Line: 2, Col: 1}},
			{Rule: "q", Path: "/root/a/x.md", Start: markdown.Pos{Line: 2, Col: 1}},
		},
		DisplayPath: func(p string) string {
			if strings.HasPrefix(p, "/root/b/") {
				return strings.TrimPrefix(p, "/root/b/")
			}
			return "../" + strings.TrimPrefix(p, "/root/")
		},
	}
	r.Sort()
	var got []string
	for _, d := range r.Diagnostics {
		got = append(got, r.display(d.Path)+":"+d.Rule)
	}
	if want := "../a/x.md:q ../a/x.md:r x.md:r"; strings.Join(got, " ") != want {
		t.Errorf("got %v, want %s", got, want)
	}
}

func TestNew(t *testing.T) {
	for _, f := range Formats {
		if _, err := New(f, Options{}); err != nil {
			t.Errorf("New(%q): %v", f, err)
		}
	}
	if _, err := New("xml", Options{}); err == nil || !strings.Contains(err.Error(), `"xml"`) {
		t.Errorf("New(xml) error = %v", err)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 25000: "25,000", 1234567: "1,234,567", -1500: "-1,500"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
