package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
)

// projectsSample is a run of check --all over two projects and a
// subagent: one index over its line limit, stale-* findings counted
// apart, team/ counted with its project, a subagent with no index.
func projectsSample() *Report {
	return &Report{
		Diagnostics: []lint.Diagnostic{
			{Rule: "index-line-limit", Severity: lint.Error, Path: "/c/projects/-src-a/memory/MEMORY.md", Message: "too long"},
			{Rule: "stale-reference", Severity: lint.Warning, Path: "/c/projects/-src-a/memory/x.md", Message: "gone"},
			{Rule: "stale-project-memory", Severity: lint.Info, Path: "/c/projects/-src-a/memory/team/y.md", Message: "old"},
			{Rule: "name-format", Severity: lint.Warning, Path: "/c/projects/-src-b/memory/z.md", Message: "case"},
			// A sibling whose name starts like a project's is not in it.
			{Rule: "name-format", Severity: lint.Warning, Path: "/c/projects/-src-a/memory-old/z.md", Message: "case"},
		},
		Indexes: []Index{
			{Path: "/c/projects/-src-a/memory/MEMORY.md", Budget: memory.IndexBudget{Lines: 230, Units: 12400}},
			{Path: "/c/projects/-src-a/memory/team/MEMORY.md", Budget: memory.IndexBudget{Lines: 3, Units: 210}},
			{Path: "/c/projects/-src-b/memory/MEMORY.md", Budget: memory.IndexBudget{Lines: 40, Units: 20000}},
		},
		DirFiles: map[string]int{"/c/projects/-src-a/memory": 5, "/c/projects/-src-a/memory/team": 2,
			"/c/projects/-src-b/memory": 3, "/c/agent-memory/rev": 1},
		Dirs: 4, Files: 11,
		Projects: []Project{
			{Name: "/src/a", Key: "-src-a", Dir: "/c/projects/-src-a/memory"},
			{Name: "-src-b", Key: "-src-b", Dir: "/c/projects/-src-b/memory"},
			{Name: "rev", Key: "rev", Agent: true, Dir: "/c/agent-memory/rev"},
		},
		DisplayPath: func(p string) string { return strings.TrimPrefix(p, "/c/") },
	}
}

func TestTextProjects(t *testing.T) {
	var buf bytes.Buffer
	if err := (&textReporter{}).Report(&buf, projectsSample()); err != nil {
		t.Fatal(err)
	}
	want := `project     files  index                                              errors  warnings  stale
/src/a          7  [##########]!  230/200 lines  12,400/25,000 units       1         1      2
-src-b          3  [########..]    40/200 lines  20,000/25,000 units       0         1      0
agent: rev      1  no index                                                0         0      0

`
	if got := buf.String(); !strings.HasPrefix(got, want) {
		t.Errorf("got:\n%s\nwant it to start with:\n%s", got, want)
	}
	// The table holds the budgets: no budget lines after the findings.
	if strings.Contains(buf.String(), "MEMORY.md  ") {
		t.Errorf("budget lines printed with the projects table:\n%s", buf.String())
	}
	// Colour: red past a limit, yellow from 80 %.
	buf.Reset()
	if err := (&textReporter{Color: true}).Report(&buf, projectsSample()); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{ansiRed + "[##########]!", ansiYellow + "[########..]"} {
		if !strings.Contains(buf.String(), s) {
			t.Errorf("coloured table lacks %q:\n%q", s, buf.String())
		}
	}
	// --quiet prints the findings only.
	buf.Reset()
	if err := (&textReporter{Quiet: true}).Report(&buf, projectsSample()); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "files  index") {
		t.Errorf("--quiet printed the table:\n%s", buf.String())
	}
}

func TestJSONProjects(t *testing.T) {
	var buf bytes.Buffer
	if err := (jsonReporter{}).Report(&buf, projectsSample()); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Projects []map[string]any `json:"projects"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(doc.Projects)
	want := `[{"dir":"projects/-src-a/memory","errors":1,"files":7,"index":{"lines":230,"max_lines":200,"max_units":25000,"path":"projects/-src-a/memory/MEMORY.md","units":12400},"infos":1,"key":"-src-a","kind":"project","path":"/src/a","stale":2,"warnings":1},` +
		`{"dir":"projects/-src-b/memory","errors":0,"files":3,"index":{"lines":40,"max_lines":200,"max_units":25000,"path":"projects/-src-b/memory/MEMORY.md","units":20000},"infos":0,"key":"-src-b","kind":"project","path":"-src-b","stale":0,"warnings":1},` +
		`{"dir":"agent-memory/rev","errors":0,"files":1,"index":null,"infos":0,"key":"rev","kind":"agent","path":"rev","stale":0,"warnings":0}]`
	if string(got) != want {
		t.Errorf("projects:\n%s\nwant:\n%s", got, want)
	}
	// A run that is not check --all has no "projects" key at all.
	buf.Reset()
	r := projectsSample()
	r.Projects = nil
	if err := (jsonReporter{}).Report(&buf, r); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), `"projects"`) {
		t.Errorf("projects key without --all:\n%s", buf.String())
	}
}

func TestBudgetBar(t *testing.T) {
	for _, tc := range []struct {
		b    memory.IndexBudget
		want string
	}{
		{memory.IndexBudget{}, "[..........]"},
		{memory.IndexBudget{Lines: 1, Units: 3}, "[#.........]"},
		{memory.IndexBudget{Lines: 100, Units: 100}, "[#####.....]"},
		{memory.IndexBudget{Lines: 10, Units: 25000}, "[##########]"},
		{memory.IndexBudget{Lines: 10, Units: 25001}, "[##########]!"},
		{memory.IndexBudget{TooLarge: true}, "[##########]!"},
	} {
		if got := budgetBar(tc.b); got != tc.want {
			t.Errorf("budgetBar(%+v) = %q, want %q", tc.b, got, tc.want)
		}
	}
}
