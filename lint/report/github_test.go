package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
)

func TestEscapeGitHub(t *testing.T) {
	for _, tc := range []struct {
		in, data, property string
	}{
		{"plain text", "plain text", "plain text"},
		{"100%", "100%25", "100%25"},
		{"%0A is not a newline", "%250A is not a newline", "%250A is not a newline"},
		{"a\nb", "a%0Ab", "a%0Ab"},
		{"a\r\nb", "a%0D%0Ab", "a%0D%0Ab"},
		{"key: value", "key: value", "key%3A value"},
		{"a,b", "a,b", "a%2Cb"},
		// The data follows the command on its line, but EscapeText breaks
		// up a "::" opening any text it is given.
		{"::error::", `\x3a:error::`, "%3A%3Aerror%3A%3A"},
		{"see ##[error]x", `see ##\x5berror]x`, `see ##\x5berror]x`},
		{"mem/100% #1,x:y.md", "mem/100%25 #1,x:y.md", "mem/100%25 #1%2Cx%3Ay.md"},
		{"日本語 — ok", "日本語 — ok", "日本語 — ok"},
	} {
		if got := escapeGitHubData(tc.in); got != tc.data {
			t.Errorf("data %q: got %q, want %q", tc.in, got, tc.data)
		}
		if got := escapeGitHubProperty(tc.in); got != tc.property {
			t.Errorf("property %q: got %q, want %q", tc.in, got, tc.property)
		}
	}
}

func TestGitHub(t *testing.T) {
	r := sample()
	r.Root = "/w"
	r.Diagnostics = append(r.Diagnostics,
		lint.Diagnostic{Rule: "code-content", Severity: lint.Warning, Path: "/w/mem/a,b: c%.md",
			Start: markdown.Pos{Line: 4, Col: 3}, End: markdown.Pos{Line: 4, Col: 10}, Message: "50% of it\r\nis code"},
		lint.Diagnostic{Rule: "index-missing", Severity: lint.Warning, Path: "/w/mem/team", Message: "no index"},
		lint.Diagnostic{Rule: "secret", Severity: lint.Error, Path: "/elsewhere/mem/x.md",
			Start: markdown.Pos{Line: 2, Col: 1}, End: markdown.Pos{Line: 3, Col: 5}, Message: "a key"},
	)
	r.Suppressed = []lint.Diagnostic{{Rule: "relative-date", Severity: lint.Error, Path: "/w/mem/p.md",
		Start: markdown.Pos{Line: 1, Col: 1}, Message: "hidden", Suppressed: true}}
	var buf bytes.Buffer
	if err := (githubReporter{}).Report(&buf, r); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		// The end at column 1 of line 230 ends with line 229; a finding
		// spanning lines has no columns.
		"::error file=mem/MEMORY.md,line=201,endLine=229,title=memlint index-line-limit::MEMORY.md loads 230 lines%0ASuggestion: shorten it",
		"::warning file=mem/notes.md,title=memlint frontmatter-missing::no frontmatter%0ASuggestion: start with:%0A---%0Aname: notes%0A---",
		"::notice file=mem/team/a.md,line=2,col=7,title=memlint name-format::not kebab-case",
		// GitHub's end column is the last character's, memlint's the one after.
		"::warning file=mem/a%2Cb%3A c%25.md,line=4,col=3,endColumn=9,title=memlint code-content::50%25 of it%0D%0Ais code",
		"::warning file=mem/team,title=memlint index-missing::no index",
		// Outside the root: the displayed path.
		"::error file=/elsewhere/mem/x.md,line=2,endLine=3,title=memlint secret::a key",
	}, "\n") + "\n"
	if got := buf.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestGitHubEmpty(t *testing.T) {
	var buf bytes.Buffer
	if err := (githubReporter{}).Report(&buf, &Report{}); err != nil {
		t.Fatal(err)
	}
	if buf.Len() != 0 {
		t.Errorf("an empty report printed %q", buf.String())
	}
}

func TestGitHubPositions(t *testing.T) {
	p := func(l, c int) markdown.Pos { return markdown.Pos{Line: l, Col: c} }
	for _, tc := range []struct {
		start, end markdown.Pos
		want       string
	}{
		{p(0, 0), p(0, 0), ""},
		{p(5, 0), p(0, 0), ",line=5"},
		{p(5, 2), p(0, 0), ",line=5,col=2"},
		{p(5, 2), p(5, 3), ",line=5,col=2,endColumn=2"},
		{p(5, 2), p(5, 2), ",line=5,col=2"},
		{p(5, 2), p(6, 1), ",line=5,col=2"}, // to the end of line 5
		{p(5, 2), p(8, 1), ",line=5,endLine=7"},
		{p(5, 2), p(8, 4), ",line=5,endLine=8"},
	} {
		d := lint.Diagnostic{Rule: "r", Severity: lint.Error, Path: "/w/f.md", Start: tc.start, End: tc.end, Message: "m"}
		want := "::error file=f.md" + tc.want + ",title=memlint r::m"
		if got := githubCommand(&Report{Root: "/w"}, d); got != want {
			t.Errorf("%v-%v: got %s, want %s", tc.start, tc.end, got, want)
		}
	}
}
