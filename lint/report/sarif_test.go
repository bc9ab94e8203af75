package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/rules"
)

// sarifRoot is where the fixture repository pretends to be checked out.
const sarifRoot = "/home/ci/work/repo"

// sarifFixture is a memory dir with findings of every kind SARIF output
// must carry: positions, whole-file findings, a finding an inline comment
// suppresses, and file names with a space, "#", "%" and non-ASCII
// letters.
func sarifFixture() fstest.MapFS {
	return fstest.MapFS{
		"mem/MEMORY.md": {Data: []byte(`# Memory

- [Role](user%20role.md) — senior Go engineer, new to the React frontend
- [Launch](プロジェクト.md) — the billing launch and its deadline
- [Rates](100%25%20%231.md) — the exchange rate source finance trusts
- [Gone](gone.md) — a memory that was deleted
`)},
		"mem/user role.md": {Data: []byte(`---
name: User role
description: The user is a senior Go engineer who is new to the React frontend
type: User
---
The user is a senior Go engineer, new to the React frontend.
`)},
		"mem/プロジェクト.md": {Data: []byte(`---
name: billing-launch
description: The billing launch date and the freeze before it for the payments team
metadata:
  type: project
  modified: 2026-09-12T10:28:39.238Z
---
The billing launch is next Thursday.
<!-- memlint-disable-next-line relative-date -- the launch is announced this way on purpose -->
The code freeze starts tomorrow.

**Why:** finance closes the quarter right after the launch.
**How to apply:** no risky billing changes before the launch.
`)},
		"mem/100% #1.md": {Data: []byte(`---
name: rates
description: Finance trusts only the central bank's daily exchange rate feed
type: reference
---
Finance trusts only the central bank's daily rate feed.
`)},
		"mem/notes.md": {Data: []byte("Random notes without frontmatter.\n")},
	}
}

// lintFixture lints the fixture as memlint check --preview does (every
// rule, so that each format shows findings of every kind) and builds a
// report of it, with absolute paths under sarifRoot.
func lintFixture(t *testing.T, fsys fstest.MapFS) *Report {
	t.Helper()
	reg := rules.Registry()
	l := &lint.Linter{Setup: lint.Setup{Registry: reg, Now: time.Date(2026, 9, 14, 12, 0, 0, 0, time.UTC)}, Config: (*lint.Config)(nil).WithPreview(), Root: sarifRoot}
	res, err := l.Lint(fsys, []string{"mem"})
	if err != nil {
		t.Fatal(err)
	}
	abs := func(ds []lint.Diagnostic) []lint.Diagnostic {
		out := make([]lint.Diagnostic, len(ds))
		for i, d := range ds {
			d.Path = sarifRoot + "/" + d.Path
			out[i] = d
		}
		return out
	}
	r := &Report{
		Diagnostics: abs(res.Diagnostics),
		Suppressed:  abs(res.Suppressed),
		Dirs:        len(res.Dirs),
		Files:       res.Files,
		DisplayPath: func(p string) string { return strings.TrimPrefix(p, sarifRoot+"/") },
		Rules:       reg.Rules(),
		Root:        sarifRoot,
		ToolVersion: "v1.2.3",
	}
	r.Sort()
	return r
}

func writeSARIF(t *testing.T, r *Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := (sarifReporter{}).Report(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sarifDoc is the part of a SARIF log the tests look at.
type sarifDoc struct {
	Schema  string `json:"$schema"`
	Version string
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name, Version, SemanticVersion, InformationURI string
				Rules                                          []struct {
					ID, Name, HelpURI    string
					ShortDescription     struct{ Text string }
					FullDescription      struct{ Text string }
					Help                 struct{ Text, Markdown string }
					DefaultConfiguration *struct{ Level string }
				}
			}
		}
		OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
		ColumnKind         string
		Results            []sarifDocResult
	}
}

type sarifDocResult struct {
	RuleID    string
	RuleIndex int
	Level     string
	Message   struct{ Text string }
	Locations []struct {
		PhysicalLocation struct {
			ArtifactLocation struct {
				URI       string
				URIBaseID string `json:"uriBaseId"`
			}
			Region *struct{ StartLine, StartColumn, EndLine, EndColumn int }
		}
	}
	PartialFingerprints map[string]string
	Suppressions        []struct{ Kind, Justification string }
}

func (r sarifDocResult) uri() string {
	return r.Locations[0].PhysicalLocation.ArtifactLocation.URI
}

func parseSARIF(t *testing.T, data []byte) sarifDoc {
	t.Helper()
	var doc sarifDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, data)
	}
	if len(doc.Runs) != 1 {
		t.Fatalf("got %d runs, want 1", len(doc.Runs))
	}
	return doc
}

// offline refuses every URL: the schema and its meta-schema (draft-04,
// built into the validator) must never be fetched.
type offline struct{}

func (offline) Load(url string) (any, error) {
	return nil, errors.New("no network in tests: refusing to load " + url)
}

func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	const url = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	c := jsonschema.NewCompiler()
	c.UseLoader(offline{})
	c.AssertFormat()
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatalf("compile the SARIF schema: %v", err)
	}
	return sch
}

func validateSARIF(t *testing.T, sch *jsonschema.Schema, data []byte) {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("SARIF output does not validate against the SARIF 2.1.0 schema: %v\n%s", err, data)
	}
}

// TestSARIFSchema validates real reports against the official schema.
func TestSARIFSchema(t *testing.T) {
	sch := sarifSchema(t)
	r := lintFixture(t, sarifFixture())
	if len(r.Suppressed) == 0 {
		t.Fatal("the fixture has no suppressed finding")
	}
	validateSARIF(t, sch, writeSARIF(t, r))

	// An empty run, a report with no rules or root, and paths outside the
	// root are valid too.
	validateSARIF(t, sch, writeSARIF(t, &Report{}))
	s := sample()
	s.Diagnostics = append(s.Diagnostics, lint.Diagnostic{Rule: "memory-type", Severity: lint.Error,
		Path: "C:/Users/a b/mem/x.md", Start: markdown.Pos{Line: 3, Col: 2}, End: markdown.Pos{Line: 3, Col: 9}, Message: "m"})
	validateSARIF(t, sch, writeSARIF(t, s))
	s.Root = "/w"
	validateSARIF(t, sch, writeSARIF(t, s))
}

// TestSARIFSchemaRejects makes sure the validation above can fail: the
// pitfalls code scanning rejects are schema errors.
func TestSARIFSchemaRejects(t *testing.T) {
	sch := sarifSchema(t)
	for name, bad := range map[string]string{
		"column 0":       `"startColumn": 1`,
		"version":        `"version": "2.1.0"`,
		"duplicate rule": `"rules": [`,
	} {
		data := string(writeSARIF(t, lintFixture(t, sarifFixture())))
		switch name {
		case "column 0":
			data = strings.Replace(data, bad, `"startColumn": 0`, 1)
		case "version":
			data = strings.Replace(data, bad, `"version": "2.1"`, 1)
		case "duplicate rule":
			data = strings.Replace(data, bad, `"rules": [{"id": "x"}, {"id": "x"},`, 1)
		}
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := sch.Validate(inst); err == nil {
			t.Errorf("%s: the schema accepts a broken log", name)
		}
	}
}

func TestSARIFContent(t *testing.T) {
	r := lintFixture(t, sarifFixture())
	doc := parseSARIF(t, writeSARIF(t, r))
	run := doc.Runs[0]
	if doc.Schema != sarifSchemaURL || doc.Version != "2.1.0" {
		t.Errorf("$schema %q, version %q", doc.Schema, doc.Version)
	}
	d := run.Tool.Driver
	if d.Name != "memlint" || d.Version != "1.2.3" || d.SemanticVersion != "1.2.3" || d.InformationURI != "https://github.com/memlint/memlint" {
		t.Errorf("driver: %+v", d)
	}
	if got := run.OriginalURIBaseIDs["%SRCROOT%"].URI; got != "file:///home/ci/work/repo/" {
		t.Errorf("%%SRCROOT%% is %q", got)
	}
	if run.ColumnKind != "unicodeCodePoints" {
		t.Errorf("columnKind %q", run.ColumnKind)
	}

	// One rule entry per rule, in registry order, fully described.
	if len(d.Rules) != len(r.Rules) {
		t.Fatalf("%d rules, want %d", len(d.Rules), len(r.Rules))
	}
	for i, rule := range d.Rules {
		want := r.Rules[i]
		if rule.ID != want.ID || rule.ShortDescription.Text != want.Summary ||
			rule.FullDescription.Text != strings.TrimSpace(want.Doc) || rule.Help.Markdown == "" ||
			rule.HelpURI != "https://github.com/memlint/memlint/blob/v1.2.3/docs/rules.md#"+want.ID ||
			rule.DefaultConfiguration == nil || rule.DefaultConfiguration.Level != sarifLevel(want.Severity) {
			t.Errorf("rule %d: %+v", i, rule)
		}
	}
	if got := d.Rules[0].Name; got != ruleName(d.Rules[0].ID) {
		t.Errorf("name %q", got)
	}

	byURI := map[string][]sarifDocResult{}
	for _, res := range run.Results {
		if d.Rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("result %s points at rule %d (%s)", res.RuleID, res.RuleIndex, d.Rules[res.RuleIndex].ID)
		}
		loc := res.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || strings.HasPrefix(loc.ArtifactLocation.URI, "/") {
			t.Errorf("%s: artifact location %+v", res.RuleID, loc.ArtifactLocation)
		}
		if reg := loc.Region; reg != nil && (reg.StartLine < 1 || reg.StartColumn < 0 || reg.EndColumn < 0) {
			t.Errorf("%s: region %+v", res.RuleID, *reg)
		}
		if len(res.PartialFingerprints["memlint/v1"]) != 32 {
			t.Errorf("%s: fingerprints %v", res.RuleID, res.PartialFingerprints)
		}
		byURI[res.uri()] = append(byURI[res.uri()], res)
	}
	for _, uri := range []string{"mem/user%20role.md", "mem/%E3%83%97%E3%83%AD%E3%82%B8%E3%82%A7%E3%82%AF%E3%83%88.md", "mem/MEMORY.md", "mem/notes.md"} {
		if len(byURI[uri]) == 0 {
			var have []string
			for u := range byURI {
				have = append(have, u)
			}
			t.Errorf("no result for %s; have %v", uri, have)
		}
	}

	// A finding about a whole file has no region; info is "note".
	var orphan, note, suppressed, dangling bool
	for _, res := range run.Results {
		switch {
		case res.RuleID == "orphan-memory" && res.uri() == "mem/notes.md":
			orphan = true
			if res.Locations[0].PhysicalLocation.Region != nil {
				t.Errorf("whole-file finding has a region: %+v", res)
			}
		case res.RuleID == "name-format":
			note = res.Level == "note"
		case res.RuleID == "index-dangling-link":
			dangling = true
			if !strings.Contains(res.Message.Text, "\nSuggestion: ") {
				t.Errorf("message without its suggestion: %q", res.Message.Text)
			}
			reg := res.Locations[0].PhysicalLocation.Region
			if reg == nil || reg.StartLine != 6 || reg.StartColumn < 1 || reg.EndColumn <= reg.StartColumn {
				t.Errorf("dangling link region: %+v", reg)
			}
		case len(res.Suppressions) > 0:
			suppressed = true
			s := res.Suppressions[0]
			if res.RuleID != "relative-date" || s.Kind != "inSource" || s.Justification != "the launch is announced this way on purpose" {
				t.Errorf("suppressed result: %+v", res)
			}
			if reg := res.Locations[0].PhysicalLocation.Region; reg == nil || reg.StartLine != 10 {
				t.Errorf("suppressed result region: %+v", reg)
			}
		}
	}
	if !orphan || !note || !suppressed || !dangling {
		t.Errorf("missing results: orphan %v, note %v, suppressed %v, dangling %v", orphan, note, suppressed, dangling)
	}
	if got, want := len(run.Results), len(r.Diagnostics)+len(r.Suppressed); got != want {
		t.Errorf("%d results, want %d", got, want)
	}
}

// TestSARIFFingerprintSurvivesInsertedLines lints a memory dir, inserts
// lines above the findings, lints again: every finding moved, none
// changed its fingerprint.
func TestSARIFFingerprintSurvivesInsertedLines(t *testing.T) {
	before := sarifFixture()
	after := sarifFixture()
	for _, name := range []string{"mem/プロジェクト.md", "mem/MEMORY.md"} {
		src := string(after[name].Data)
		cut := strings.Index(src, "\n") + 1
		if strings.HasPrefix(src, "---") {
			cut = strings.Index(src[3:], "---\n") + 3 + 4 // after the frontmatter
		}
		after[name] = &fstest.MapFile{Data: []byte(src[:cut] + "\n## New heading\n\n## Another heading\n" + src[cut:])}
	}

	type key struct{ rule, uri string }
	fingerprints := func(fsys fstest.MapFS) map[key][]string {
		doc := parseSARIF(t, writeSARIF(t, lintFixture(t, fsys)))
		out := map[key][]string{}
		for _, res := range doc.Runs[0].Results {
			k := key{res.RuleID, res.uri()}
			out[k] = append(out[k], res.PartialFingerprints["memlint/v1"])
		}
		return out
	}
	lines := func(fsys fstest.MapFS) map[string]int {
		out := map[string]int{}
		for _, res := range parseSARIF(t, writeSARIF(t, lintFixture(t, fsys))).Runs[0].Results {
			if reg := res.Locations[0].PhysicalLocation.Region; reg != nil {
				out[res.RuleID+" "+res.uri()] = reg.StartLine
			}
		}
		return out
	}
	a, b := fingerprints(before), fingerprints(after)
	if len(a) == 0 {
		t.Fatal("no findings")
	}
	if len(a) != len(b) {
		t.Errorf("the inserted lines changed what is found: %v, then %v", a, b)
	}
	for k, fa := range a {
		if fb := b[k]; strings.Join(fa, " ") != strings.Join(fb, " ") {
			t.Errorf("%s in %s: fingerprints %v became %v", k.rule, k.uri, fa, fb)
		}
	}
	la, lb := lines(before), lines(after)
	for _, k := range []string{"relative-date mem/%E3%83%97%E3%83%AD%E3%82%B8%E3%82%A7%E3%82%AF%E3%83%88.md", "index-dangling-link mem/MEMORY.md"} {
		if la[k] == 0 || lb[k] != la[k]+4 {
			t.Errorf("%s: line %d became %d, want it 4 lines lower", k, la[k], lb[k])
		}
	}
}

// TestSARIFFingerprintOccurrences: two findings flagging the same text
// get different fingerprints, and suppressing the first does not change
// the second's.
func TestSARIFFingerprintOccurrences(t *testing.T) {
	twin := func(line int) lint.Diagnostic {
		return lint.Diagnostic{Rule: "relative-date", Severity: lint.Error, Path: "/w/mem/p.md",
			Start: markdown.Pos{Line: line, Col: 5}, End: markdown.Pos{Line: line, Col: 13}, Message: "m", Text: "tomorrow"}
	}
	fps := func(r *Report) []string {
		var out []string
		for _, res := range parseSARIF(t, writeSARIF(t, r)).Runs[0].Results {
			out = append(out, res.PartialFingerprints["memlint/v1"])
		}
		return out
	}
	both := fps(&Report{Root: "/w", Diagnostics: []lint.Diagnostic{twin(3), twin(9)}})
	if len(both) != 2 || both[0] == both[1] {
		t.Fatalf("fingerprints %v", both)
	}
	hidden := twin(3)
	hidden.Suppressed = true
	one := fps(&Report{Root: "/w", Diagnostics: []lint.Diagnostic{twin(9)}, Suppressed: []lint.Diagnostic{hidden}})
	if strings.Join(one, " ") != strings.Join(both, " ") {
		t.Errorf("suppressing the first twin changed fingerprints: %v, then %v", both, one)
	}
}

func TestSARIFRulesNeverDuplicated(t *testing.T) {
	rule := rules.Registry().Rules()[0]
	r := &Report{
		Rules: []*lint.Rule{rule, rule},
		Diagnostics: []lint.Diagnostic{
			{Rule: "not-registered", Severity: lint.Warning, Path: "/w/a.md", Message: "m"},
			{Rule: "not-registered", Severity: lint.Warning, Path: "/w/b.md", Message: "m"},
			{Rule: rule.ID, Severity: lint.Error, Path: "/w/a.md", Message: "m"},
		},
	}
	doc := parseSARIF(t, writeSARIF(t, r))
	var ids []string
	for _, rl := range doc.Runs[0].Tool.Driver.Rules {
		ids = append(ids, rl.ID)
	}
	if got, want := strings.Join(ids, " "), rule.ID+" not-registered"; got != want {
		t.Errorf("rules %q, want %q", got, want)
	}
	for _, res := range doc.Runs[0].Results {
		if ids[res.RuleIndex] != res.RuleID {
			t.Errorf("result %s has ruleIndex %d", res.RuleID, res.RuleIndex)
		}
	}
}

func TestSARIFDeterministic(t *testing.T) {
	a := writeSARIF(t, lintFixture(t, sarifFixture()))
	b := writeSARIF(t, lintFixture(t, sarifFixture()))
	if !bytes.Equal(a, b) {
		t.Error("two runs over the same input differ")
	}
}

func TestSARIFRegion(t *testing.T) {
	p := func(l, c int) markdown.Pos { return markdown.Pos{Line: l, Col: c} }
	for _, tc := range []struct {
		start, end markdown.Pos
		want       *sarifRegion
	}{
		{p(0, 0), p(0, 0), nil}, // a whole file or dir
		{p(3, 0), p(0, 0), &sarifRegion{StartLine: 3}},
		{p(3, 5), p(0, 0), &sarifRegion{StartLine: 3, StartColumn: 5}},
		{p(3, 5), p(3, 9), &sarifRegion{StartLine: 3, StartColumn: 5, EndLine: 3, EndColumn: 9}},
		{p(3, 5), p(7, 1), &sarifRegion{StartLine: 3, StartColumn: 5, EndLine: 7, EndColumn: 1}},
		{p(3, 5), p(7, 0), &sarifRegion{StartLine: 3, StartColumn: 5, EndLine: 7}},
		{p(3, 5), p(2, 1), &sarifRegion{StartLine: 3, StartColumn: 5}}, // an end before the start is dropped
	} {
		got := sarifRegionOf(tc.start, tc.end)
		if (got == nil) != (tc.want == nil) || got != nil && *got != *tc.want {
			t.Errorf("region(%v, %v) = %+v, want %+v", tc.start, tc.end, got, tc.want)
		}
	}
}

func TestArtifactLocation(t *testing.T) {
	r := &Report{Root: "/home/a/repo"}
	for _, tc := range []struct {
		path, uri, base string
	}{
		{"/home/a/repo/mem/MEMORY.md", "mem/MEMORY.md", "%SRCROOT%"},
		{"/home/a/repo/mem/a b#c%d?.md", "mem/a%20b%23c%25d%3F.md", "%SRCROOT%"},
		{"/home/a/repo/mem/x:y.md", "mem/x%3Ay.md", "%SRCROOT%"},
		{"/home/a/repo/mem/日本.md", "mem/%E6%97%A5%E6%9C%AC.md", "%SRCROOT%"},
		{"/home/a/repo", "./", "%SRCROOT%"},
		{"/home/a/repository/x.md", "file:///home/a/repository/x.md", ""},
		{"/home/a/.claude/projects/-home-a-repo/memory/MEMORY.md", "file:///home/a/.claude/projects/-home-a-repo/memory/MEMORY.md", ""},
		{"C:/Users/a b/x.md", "file:///C:/Users/a%20b/x.md", ""},
		{"//server/share/x.md", "file://server/share/x.md", ""},
	} {
		got := r.artifactLocation(tc.path)
		if got.URI != tc.uri || got.URIBaseID != tc.base {
			t.Errorf("artifactLocation(%q) = %+v, want %q under %q", tc.path, got, tc.uri, tc.base)
		}
	}
	if got := fileURI("/home/a/repo" + "/"); got != "file:///home/a/repo/" {
		t.Errorf("root URI %q", got)
	}
}

func TestRuleName(t *testing.T) {
	for id, want := range map[string]string{"index-line-limit": "IndexLineLimit", "secret": "Secret", "a--b": "AB", "über-regel": "ÜberRegel"} {
		if got := ruleName(id); got != want {
			t.Errorf("ruleName(%q) = %q, want %q", id, got, want)
		}
	}
}

func TestSARIFVersion(t *testing.T) {
	for _, tc := range []struct{ in, version, semver string }{
		{"v1.2.3", "1.2.3", "1.2.3"},
		{"v0.0.0-20260101120000-abcdef123456", "0.0.0-20260101120000-abcdef123456", "0.0.0-20260101120000-abcdef123456"},
		{"(devel)", "(devel)", ""},
		{"", "", ""},
	} {
		if v, s := sarifVersion(tc.in); v != tc.version || s != tc.semver {
			t.Errorf("sarifVersion(%q) = %q, %q; want %q, %q", tc.in, v, s, tc.version, tc.semver)
		}
	}
}

func TestSARIFCustomRuleHasNoHelpURI(t *testing.T) {
	custom := &lint.Rule{ID: "no-internal-hosts", Severity: lint.Warning, Summary: "internal host names"}
	builtin := rules.Registry().Rules()[0]
	r := &Report{Rules: []*lint.Rule{builtin, custom}, CustomRules: map[string]bool{custom.ID: true}}
	doc := parseSARIF(t, writeSARIF(t, r))
	got := doc.Runs[0].Tool.Driver.Rules
	if len(got) != 2 || got[0].HelpURI == "" || got[1].HelpURI != "" || got[1].ShortDescription.Text != custom.Summary {
		t.Errorf("rules: %+v", got)
	}
}
