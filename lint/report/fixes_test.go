package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules"
)

func TestRuleDocURL(t *testing.T) {
	for _, c := range []struct{ version, ref string }{
		{"v1.2.3", "v1.2.3"},
		{"v0.1.0-rc.1", "v0.1.0-rc.1"},
		{"v1.2.3+dirty", "v1.2.3"},
		{"v0.0.0-20261201120000-abcdef123456", "abcdef123456"},
		{"v0.1.1-0.20261201120000-abcdef123456+dirty", "abcdef123456"},
		{"(devel)", "main"},
		{"", "main"},
		{"1.2.3", "main"},
		{"v1.2", "main"},
		{"v1.2.3/../../x", "main"},
	} {
		want := "https://github.com/memlint/memlint/blob/" + c.ref + "/docs/rules.md#memory-type"
		if got := RuleDocURL("memory-type", c.version); got != want {
			t.Errorf("RuleDocURL(%q) = %s, want %s", c.version, got, want)
		}
	}
}

// githubAnchor is the id GitHub gives a Markdown heading: lowercased,
// spaces to hyphens, punctuation other than - and _ dropped.
func githubAnchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9':
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestRuleDocAnchors checks that every rule's URL leads to a heading of
// docs/rules.md, as GitHub renders its anchors.
func TestRuleDocAnchors(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^#{1,6} (.+)$`).FindAllStringSubmatch(string(doc), -1) {
		anchors[githubAnchor(m[1])] = true
	}
	all := rules.All()
	if len(all) < 10 {
		t.Fatalf("only %d rules", len(all))
	}
	for _, r := range all {
		u := RuleDocURL(r.ID, "v1.2.3")
		_, anchor, _ := strings.Cut(u, "#")
		if !anchors[anchor] {
			t.Errorf("%s: %s names no heading of docs/rules.md", r.ID, u)
		}
	}
	if anchors[githubAnchor("no-such-rule")] {
		t.Error("the anchor check cannot fail")
	}
}

// jsonDoc is the part of a JSON report the fix tests look at.
type jsonDoc struct {
	Diagnostics []struct {
		Rule string
		Path string
		URL  *string
		Fix  *struct {
			Applicability string
			Message       string
			Edits         []struct {
				Path       string
				Start, End struct{ Line, Column int }
				Content    string
			}
		}
	}
}

func readJSON(t *testing.T, r *Report) jsonDoc {
	t.Helper()
	var buf bytes.Buffer
	if err := (jsonReporter{}).Report(&buf, r); err != nil {
		t.Fatal(err)
	}
	var doc jsonDoc
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestJSONFixEdits applies each finding's edits as a consumer would, by
// line and column, and expects what memlint's own fixer writes.
func TestJSONFixEdits(t *testing.T) {
	fsys := fixFixture()
	r := lintFixture(t, fsys)
	doc := readJSON(t, r)
	if len(doc.Diagnostics) != len(r.Diagnostics) {
		t.Fatalf("%d diagnostics, want %d", len(doc.Diagnostics), len(r.Diagnostics))
	}
	// lintFixture makes the findings' paths absolute, not their edits'.
	contents := map[string][]byte{}
	for name, f := range fsys {
		contents[name] = f.Data
	}
	seen := map[string]int{}
	for i, d := range doc.Diagnostics {
		want := r.Diagnostics[i]
		if want.Fix == nil {
			if d.Fix != nil {
				t.Errorf("%s: fix without one: %+v", d.Rule, d.Fix)
			}
			continue
		}
		if d.Fix == nil || len(d.Fix.Edits) != len(want.Fix.Edits) {
			t.Errorf("%s: fix %+v, want %d edits", d.Rule, d.Fix, len(want.Fix.Edits))
			continue
		}
		seen[d.Fix.Applicability]++
		if d.Fix.Applicability != string(applicability(want)) || d.Fix.Message != want.Fix.Message {
			t.Errorf("%s: applicability %q, message %q", d.Rule, d.Fix.Applicability, d.Fix.Message)
		}
		got := map[string][]byte{}
		for _, e := range d.Fix.Edits {
			path := e.Path
			src, ok := got[path]
			if !ok {
				src = contents[path]
			}
			li := markdown.NewLineIndex(src)
			from := li.Offset(markdown.Pos{Line: e.Start.Line, Col: e.Start.Column})
			to := li.Offset(markdown.Pos{Line: e.End.Line, Col: e.End.Column})
			if e.End.Line > li.Lines() {
				to = len(src)
			}
			if e.Start.Line > li.Lines() {
				from = len(src)
			}
			got[path] = append(append(append([]byte(nil), src[:from]...), e.Content...), src[to:]...)
		}
		applied, _ := lint.ApplyFixes(contents, []*lint.Fix{want.Fix})
		for path, after := range applied {
			if !bytes.Equal(got[path], after) {
				t.Errorf("%s: the JSON edits give\n%s\nmemlint's fix gives\n%s", d.Rule, got[path], after)
			}
		}
		if len(applied) != len(got) {
			t.Errorf("%s: edits touch %d files, the fix %d", d.Rule, len(got), len(applied))
		}
	}
	if seen["safe"] != 4 || seen["unsafe"] != 1 {
		t.Errorf("fixes by applicability: %v, want 4 safe and 1 unsafe", seen)
	}
}

// TestJSONURLAndHiddenEdits: custom rules have no url; edits whose new
// text shows a secret, or whose place is unknown, are left out while the
// fix itself is still announced.
func TestJSONURLAndHiddenEdits(t *testing.T) {
	edit := memory.TextEdit{Path: "/w/mem/a.md", Start: 0, End: 1, NewText: "token ghp_SECRET",
		StartPos: markdown.Pos{Line: 1, Col: 1}, EndPos: markdown.Pos{Line: 1, Col: 2}}
	unplaced := edit
	unplaced.NewText, unplaced.StartPos, unplaced.EndPos = "x", markdown.Pos{}, markdown.Pos{}
	plain := edit
	plain.NewText = "x"
	r := &Report{
		Diagnostics: []lint.Diagnostic{
			{Rule: "memory-type", Path: "/w/mem/a.md", Fix: &lint.Fix{Edits: []memory.TextEdit{plain}}},
			{Rule: "memory-type", Path: "/w/mem/b.md", Fix: &lint.Fix{Unsafe: true, Edits: []memory.TextEdit{edit}}},
			{Rule: "memory-type", Path: "/w/mem/c.md", Fix: &lint.Fix{Edits: []memory.TextEdit{plain, unplaced}}},
			{Rule: "corp-host", Path: "/w/mem/d.md"},
		},
		CustomRules: map[string]bool{"corp-host": true},
		DisplayPath: func(p string) string { return strings.TrimPrefix(p, "/w/") },
		Redact:      func(s string) string { return strings.ReplaceAll(s, "ghp_SECRET", "ghp_…") },
		ToolVersion: "v0.2.0",
	}
	doc := readJSON(t, r)
	ds := doc.Diagnostics
	if len(ds) != 4 {
		t.Fatalf("%d diagnostics", len(ds))
	}
	if ds[0].URL == nil || *ds[0].URL != "https://github.com/memlint/memlint/blob/v0.2.0/docs/rules.md#memory-type" {
		t.Errorf("url %v", ds[0].URL)
	}
	if ds[3].URL != nil || ds[3].Fix != nil {
		t.Errorf("custom rule: url %v, fix %v", ds[3].URL, ds[3].Fix)
	}
	if f := ds[0].Fix; f == nil || f.Applicability != "safe" || len(f.Edits) != 1 || f.Edits[0].Content != "x" || f.Edits[0].Path != "mem/a.md" ||
		f.Edits[0].End.Column != 2 {
		t.Errorf("plain fix: %+v", f)
	}
	if f := ds[1].Fix; f == nil || f.Applicability != "unsafe" || f.Edits != nil {
		t.Errorf("fix showing a secret: %+v", f)
	}
	if f := ds[2].Fix; f == nil || f.Edits != nil {
		t.Errorf("fix with an edit of unknown place: %+v", f)
	}
}

func TestTextFixable(t *testing.T) {
	safe := &lint.Fix{Edits: []memory.TextEdit{{Path: "/w/mem/a.md"}}}
	unsafe := &lint.Fix{Unsafe: true, Edits: []memory.TextEdit{{Path: "/w/mem/a.md"}}}
	r := &Report{
		Diagnostics: []lint.Diagnostic{
			{Rule: "memory-type", Severity: lint.Error, Path: "/w/mem/a.md", Start: markdown.Pos{Line: 4, Col: 7}, Message: "m", Fix: safe},
			{Rule: "index-dangling-link", Severity: lint.Error, Path: "/w/mem/a.md", Start: markdown.Pos{Line: 5, Col: 1}, Message: "d", Fix: unsafe},
			{Rule: "memory-type", Severity: lint.Warning, Path: "/w/mem/b.md", Message: "w", Fix: safe},
			{Rule: "memory-type", Severity: lint.Error, Path: "/w/mem/c.md", Message: "e", Fix: &lint.Fix{}},
		},
		Dirs: 1, Files: 3,
		DisplayPath: func(p string) string { return strings.TrimPrefix(p, "/w/") },
	}
	var buf bytes.Buffer
	if err := (&textReporter{}).Report(&buf, r); err != nil {
		t.Fatal(err)
	}
	want := `mem/a.md:4:7: error: m [memory-type] [*]
mem/a.md:5:1: error: d [index-dangling-link]
mem/b.md: warning: w [memory-type] [*]
mem/c.md: error: e [memory-type]

3 errors, 1 warning in 3 files (1 memory dir)
2 fixable with --fix (1 more with --unsafe-fixes)
`
	if got := buf.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}

	buf.Reset()
	if err := (&textReporter{Statistics: true}).Report(&buf, r); err != nil {
		t.Fatal(err)
	}
	want = `3  memory-type          error/warning  [*] 2 fixable with --fix
1  index-dangling-link  error              1 fixable with --unsafe-fixes

3 errors, 1 warning in 3 files (1 memory dir)
2 fixable with --fix (1 more with --unsafe-fixes)
`
	if got := buf.String(); got != want {
		t.Errorf("statistics:\ngot:\n%s\nwant:\n%s", got, want)
	}

	buf.Reset()
	if err := (&textReporter{Quiet: true, Statistics: true}).Report(&buf, r); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); strings.Contains(got, "fixable with") && !strings.Contains(got, "[*]") || strings.Contains(got, "memory dir") {
		t.Errorf("quiet statistics:\n%s", got)
	}

	for _, c := range []struct {
		f    fixable
		want string
	}{
		{fixable{}, ""},
		{fixable{Safe: 1200}, "1,200 fixable with --fix"},
		{fixable{Unsafe: 2}, "2 fixable with --unsafe-fixes"},
		{fixable{Safe: 3, Unsafe: 2}, "3 fixable with --fix (2 more with --unsafe-fixes)"},
	} {
		if got := c.f.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.f, got, c.want)
		}
	}
}
