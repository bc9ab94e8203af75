package lint

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/memlint/memlint/internal/hostiletest"
)

// customRuleErrorCases are custom-rules: ParseConfig refuses, with the
// place and message of each error; TestConfigSchemaRejects checks the
// schema refuses them too.
var customRuleErrorCases = []struct {
	name, src string
	line      int
	key, msg  string
}{
	{"not a list", "custom-rules: {id: x}\n", 1, "custom-rules", "expected a list of rules"},
	{"item not a mapping", "custom-rules:\n  - no-hosts\n", 2, "custom-rules[0]", "expected a mapping with id"},
	{"unknown key", "custom-rules:\n  - id: no-hosts\n    message: m\n    words: [x]\n    level: error\n", 5, "custom-rules[0].level",
		"unknown key (want id, message, severity, pattern, words, scope, types, files or suggestion)"},
	{"key twice", "custom-rules:\n  - id: no-hosts\n    id: other\n", 3, "custom-rules[0].id", "key appears twice"},
	{"missing id", "custom-rules:\n  - message: m\n    words: [x]\n", 2, "custom-rules[0].id", "a custom rule needs an id"},
	{"invalid id", "custom-rules:\n  - id: No_Hosts\n    message: m\n    words: [x]\n", 2, "custom-rules[0].id", `invalid rule ID "No_Hosts"`},
	{"id with a space", "custom-rules:\n  - id: no hosts\n    message: m\n    words: [x]\n", 2, "custom-rules[0].id", `invalid rule ID "no hosts"`},
	{"id all", "custom-rules:\n  - id: all\n    message: m\n    words: [x]\n", 2, "custom-rules[0].id", `"all" is reserved`},
	{"id not a string", "custom-rules:\n  - id: [a]\n    message: m\n    words: [x]\n", 2, "custom-rules[0].id", "expected a string"},
	{"built-in id", "custom-rules:\n  - id: secretish\n    message: m\n    words: [x]\n", 2, "custom-rules[0].id", `"secretish" is a built-in rule`},
	{"duplicate id", "custom-rules:\n  - id: no-hosts\n    message: m\n    words: [x]\n  - id: no-hosts\n    message: m\n    words: [y]\n", 5,
		"custom-rules[1].id", `custom rule "no-hosts" is already defined on line 2`},
	{"missing message", "custom-rules:\n  - id: no-hosts\n    words: [x]\n", 2, "custom-rules[0].message", "a custom rule needs a message"},
	{"empty message", "custom-rules:\n  - id: no-hosts\n    message: ' '\n    words: [x]\n", 3, "custom-rules[0].message", "must not be empty"},
	{"bad severity", "custom-rules:\n  - id: no-hosts\n    message: m\n    severity: fatal\n    words: [x]\n", 4, "custom-rules[0].severity",
		`expected error, warning or info, got "fatal"`},
	{"severity off", "custom-rules:\n  - id: no-hosts\n    message: m\n    severity: off\n    words: [x]\n", 4, "custom-rules[0].severity",
		"to turn the rule off, write no-hosts: off under rules:"},
	{"neither pattern nor words", "custom-rules:\n  - id: no-hosts\n    message: m\n", 2, "custom-rules[0]", "needs pattern (an RE2 regular expression) or words"},
	{"both pattern and words", "custom-rules:\n  - id: no-hosts\n    message: m\n    pattern: x\n    words: [x]\n", 5, "custom-rules[0].words", "give pattern or words, not both"},
	{"bad pattern", "custom-rules:\n  - id: no-hosts\n    message: m\n    pattern: '(corp'\n", 4, "custom-rules[0].pattern",
		"not a valid RE2 regular expression: error parsing regexp: missing closing ): `(corp`"},
	{"lookahead", "custom-rules:\n  - id: no-hosts\n    message: m\n    pattern: 'corp(?!us)'\n", 4, "custom-rules[0].pattern",
		"invalid or unsupported Perl syntax: `(?!` (RE2 has no lookahead, lookbehind or backreferences)"},
	{"empty match", "custom-rules:\n  - id: no-hosts\n    message: m\n    pattern: 'x*'\n", 4, "custom-rules[0].pattern", `the pattern "x*" matches empty text`},
	{"empty words", "custom-rules:\n  - id: no-hosts\n    message: m\n    words: []\n", 4, "custom-rules[0].words", "expected at least one word or phrase"},
	{"blank word", "custom-rules:\n  - id: no-hosts\n    message: m\n    words:\n      - x\n      - ' '\n", 6, "custom-rules[0].words", "an empty word matches nothing"},
	{"words not strings", "custom-rules:\n  - id: no-hosts\n    message: m\n    words: {a: b}\n", 4, "custom-rules[0].words", "expected a string or a list of strings"},
	{"unknown scope", "custom-rules:\n  - id: no-hosts\n    message: m\n    words: [x]\n    scope: title\n", 5, "custom-rules[0].scope",
		`unknown scope "title" (want body, description, name, index or frontmatter.<key>)`},
	{"frontmatter without key", "custom-rules:\n  - id: no-hosts\n    message: m\n    words: [x]\n    scope: frontmatter\n", 5, "custom-rules[0].scope",
		"scope frontmatter needs a key"},
	{"frontmatter empty key", "custom-rules:\n  - id: no-hosts\n    message: m\n    words: [x]\n    scope: frontmatter.metadata.\n", 5, "custom-rules[0].scope",
		"has an empty key"},
	{"unknown type", "custom-rules:\n  - id: no-hosts\n    message: m\n    words: [x]\n    types: [project, memo]\n", 5, "custom-rules[0].types",
		`unknown memory type "memo" (want user, feedback, project or reference)`},
	{"types with index", "custom-rules:\n  - id: no-hosts\n    message: m\n    words: [x]\n    scope: index\n    types: [project]\n", 6, "custom-rules[0].types",
		"types does not apply to scope index"},
	{"bad glob", "custom-rules:\n  - id: no-hosts\n    message: m\n    words: [x]\n    files: ['[']\n", 5, "custom-rules[0].files", `invalid glob "["`},
	{"suggestion not a string", "custom-rules:\n  - id: no-hosts\n    message: m\n    words: [x]\n    suggestion: {a: b}\n", 5, "custom-rules[0].suggestion", "expected a string"},
	{"unknown rule still unknown", "rules:\n  no-hosts: error\ncustom-rules:\n  - id: no-host\n    message: m\n    words: [x]\n", 2, "rules.no-hosts", `unknown rule "no-hosts"`},
}

func TestCustomRuleConfigErrors(t *testing.T) {
	reg := testRegistry(t)
	for _, tc := range customRuleErrorCases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseConfig([]byte(tc.src), "c.yaml", reg)
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("want a ConfigError, got %v", err)
			}
			if ce.Line != tc.line || ce.Key != tc.key || !strings.Contains(ce.Msg, tc.msg) {
				t.Errorf("got  line %d, key %q: %s\nwant line %d, key %q: …%s…", ce.Line, ce.Key, ce.Msg, tc.line, tc.key, tc.msg)
			}
		})
	}
}

// TestCustomRuleConfigured checks that rules: and overrides: can name a
// custom rule wherever custom-rules: stands in the file.
func TestCustomRuleConfigured(t *testing.T) {
	reg := testRegistry(t)
	src := `
rules:
  no-hosts: error
overrides:
  - files: ["**/team/**"]
    rules: {no-hosts: off}
custom-rules:
  - id: no-hosts
    message: "internal host {match}"
    pattern: '\bcorp\.example\.com\b'
    suggestion: "use the service name"
`
	dir := t.TempDir()
	c, err := ParseConfig([]byte(src), filepath.Join(dir, ".memlint.yaml"), reg)
	if err != nil {
		t.Fatal(err)
	}
	full := c.Registry(reg)
	rule, ok := full.Lookup("no-hosts")
	if !ok {
		t.Fatalf("the custom rule is not in the registry: %v", ids(full))
	}
	if _, ok := reg.Lookup("no-hosts"); ok {
		t.Errorf("Registry changed its base")
	}
	if len(full.Rules()) != len(reg.Rules())+1 {
		t.Errorf("registry has %v, want the built-ins and no-hosts", ids(full))
	}
	if rule.Severity != Warning || rule.Summary != "internal host {match}" {
		t.Errorf("rule = %+v", rule)
	}
	if !strings.Contains(rule.Doc, "custom rule, defined in "+filepath.Join(dir, ".memlint.yaml")+" (custom-rules[0], line 8)") ||
		!strings.Contains(rule.Doc, "Fix: use the service name") {
		t.Errorf("doc = %q", rule.Doc)
	}
	if off, sev, _ := c.Resolve(rule, filepath.Join(dir, "mem", "a.md")); off || sev != Error {
		t.Errorf("rules: sets the custom rule to error: off=%v sev=%v", off, sev)
	}
	if off, _, _ := c.Resolve(rule, filepath.Join(dir, "mem", "team", "a.md")); !off {
		t.Errorf("the override turns the custom rule off under team/")
	}
	if got := (*Config)(nil).Registry(reg); got != reg {
		t.Errorf("a nil configuration has the base registry")
	}
	c2, err := ParseConfig([]byte("rules:\n  secretish: off\n"), "c.yaml", reg)
	if err != nil || c2.Registry(reg) != reg {
		t.Errorf("a configuration without custom rules has the base registry (err %v)", err)
	}
}

func ids(reg *Registry) []string {
	var out []string
	for _, r := range reg.Rules() {
		out = append(out, r.ID)
	}
	return out
}

// customLinter is the Linter of a configuration written in a temporary
// folder, its parsed configuration, and files as an fs.FS.
func customLinter(t *testing.T, config string, files map[string]string) (*Linter, *Config, fstest.MapFS) {
	t.Helper()
	reg := testRegistry(t)
	dir := t.TempDir()
	c, err := ParseConfig([]byte(config), filepath.Join(dir, ConfigFileName), reg)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for name, src := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(src)}
	}
	return &Linter{Setup: Setup{Registry: c.Registry(reg), Now: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)}, Config: c, Root: dir}, c, fsys
}

// lintCustom lints the memory dir "mem" of files with a configuration in
// the folder above it and returns the custom rules' findings as
// "path:line:col-line:col: severity rule: message | suggestion".
func lintCustom(t *testing.T, config string, files map[string]string) []string {
	t.Helper()
	l, c, fsys := customLinter(t, config, files)
	res, err := l.Lint(fsys, []string{"mem"})
	if err != nil {
		t.Fatal(err)
	}
	custom := map[string]bool{}
	for _, r := range c.customRules() {
		custom[r.ID] = true
	}
	var out []string
	for _, d := range res.Diagnostics {
		if !custom[d.Rule] {
			continue
		}
		s := fmt.Sprintf("%s:%d:%d-%d:%d: %s %s: %s", d.Path, d.Start.Line, d.Start.Col, d.End.Line, d.End.Col, d.Severity, d.Rule, d.Message)
		if d.Suggestion != "" {
			s += " | " + d.Suggestion
		}
		out = append(out, s)
	}
	for _, d := range res.Suppressed {
		out = append(out, fmt.Sprintf("suppressed %s:%d %s", d.Path, d.Start.Line, d.Rule))
	}
	return out
}

const customIndex = "- [A](a.md) — a\n"

func TestCustomRuleScopes(t *testing.T) {
	topic := `---
name: corp-notes
description: Notes on corp.example.com and the
  corp.example.com proxy
type: project
tags: [billing, corp.example.com]
quoted: "see corp.example.com"
escaped: "tab\tcorp.example.com"
metadata:
  owner: ops@corp.example.com
  type: project
block: |
  first line
  corp.example.com here
---
The API lives on corp.example.com (Corp.Example.com too).

` + "```" + `
curl https://corp.example.com/v1
` + "```" + `
`
	files := map[string]string{"mem/MEMORY.md": customIndex + "- corp.example.com is down\n", "mem/a.md": topic}
	rule := func(scope string) string {
		return "custom-rules:\n  - id: no-hosts\n    message: 'host {match}'\n    pattern: '(?i)corp\\.example\\.com'\n    scope: " + scope + "\n"
	}
	for _, tc := range []struct {
		scope string
		want  []string
	}{
		{"body", []string{
			"mem/a.md:16:18-16:34: warning no-hosts: host corp.example.com",
			"mem/a.md:16:36-16:52: warning no-hosts: host Corp.Example.com",
			"mem/a.md:19:14-19:30: warning no-hosts: host corp.example.com",
		}},
		{"index", []string{"mem/MEMORY.md:2:3-2:19: warning no-hosts: host corp.example.com"}},
		{"name", nil},
		// A plain scalar folded over two lines: positions follow the source.
		{"description", []string{
			"mem/a.md:3:23-3:39: warning no-hosts: host corp.example.com",
			"mem/a.md:4:3-4:19: warning no-hosts: host corp.example.com",
		}},
		{"frontmatter.tags", []string{"mem/a.md:6:17-6:33: warning no-hosts: host corp.example.com"}},
		{"frontmatter.quoted", []string{"mem/a.md:7:14-7:30: warning no-hosts: host corp.example.com"}},
		// An escape sequence: the source does not hold the value verbatim,
		// so the finding points at the value.
		{"frontmatter.escaped", []string{"mem/a.md:8:10-0:0: warning no-hosts: host corp.example.com"}},
		{"frontmatter.metadata.owner", []string{"mem/a.md:10:14-10:30: warning no-hosts: host corp.example.com"}},
		{"frontmatter.metadata", []string{"mem/a.md:10:14-10:30: warning no-hosts: host corp.example.com"}},
		{"frontmatter.block", []string{"mem/a.md:14:3-14:19: warning no-hosts: host corp.example.com"}},
		{"frontmatter.missing", nil},
		{"frontmatter.tags.deeper", nil},
	} {
		t.Run(tc.scope, func(t *testing.T) {
			got := lintCustom(t, rule(tc.scope), files)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestCustomRuleWords(t *testing.T) {
	config := `custom-rules:
  - id: no-words
    severity: error
    message: "forbidden: {match}"
    suggestion: "remove {match}"
    words: [hunter2, "TODO later", 机密]
`
	files := map[string]string{
		"mem/MEMORY.md": customIndex,
		"mem/a.md": `---
name: a
description: words
type: user
---
The password was HUNTER2, not hunter22 or xhunter2.
Something to do todo
later, and TODO LATER.
使用hunter2登录，这是机密信息。
<!-- memlint-disable-next-line no-words -- hunter2 is the example password -->
hunter2 again.
`,
	}
	want := []string{
		"mem/a.md:6:18-6:25: error no-words: forbidden: HUNTER2 | remove HUNTER2",
		"mem/a.md:7:17-8:6: error no-words: forbidden: todo later | remove todo later",
		"mem/a.md:8:12-8:22: error no-words: forbidden: TODO LATER | remove TODO LATER",
		"mem/a.md:9:3-9:10: error no-words: forbidden: hunter2 | remove hunter2",
		"mem/a.md:9:15-9:17: error no-words: forbidden: 机密 | remove 机密",
		"suppressed mem/a.md:11 no-words",
	}
	got := lintCustom(t, config, files)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestCustomRuleFilters(t *testing.T) {
	topic := func(typ string) string {
		return "---\nname: x\ndescription: d\nmetadata:\n  type: " + typ + "\n---\nsecret sauce\n"
	}
	files := map[string]string{
		"mem/MEMORY.md":          customIndex,
		"mem/a.md":               topic("project"),
		"mem/b.md":               topic("user"),
		"mem/c.md":               topic("Feedback"),
		"mem/shared/d.md":        topic("project"),
		"mem/notype.md":          "no frontmatter: secret sauce\n",
		"mem/logs/2026/11/x.md":  "secret sauce\n",
		"mem/archive/2025/e.md":  topic("project"),
		"mem/archive/2025/f.txt": "secret sauce\n",
	}
	rule := func(extra string) string {
		return "custom-rules:\n  - id: no-sauce\n    message: sauce\n    words: [secret sauce]\n" + extra
	}
	paths := func(got []string) string {
		var out []string
		for _, g := range got {
			out = append(out, g[:strings.Index(g, ":")])
		}
		return strings.Join(out, " ")
	}
	for _, tc := range []struct {
		name, extra, want string
	}{
		{"everywhere", "", "mem/a.md mem/archive/2025/e.md mem/b.md mem/c.md mem/notype.md mem/shared/d.md"},
		{"types", "    types: [project, feedback]\n", "mem/a.md mem/archive/2025/e.md mem/c.md mem/shared/d.md"},
		{"files", "    files: ['mem/shared/**', '**/archive']\n", "mem/archive/2025/e.md mem/shared/d.md"},
		{"types and files", "    types: [feedback]\n    files: ['mem/*.md']\n", "mem/c.md"},
		{"files with ./", "    files: ['./mem/b.md']\n", "mem/b.md"},
		{"turned off", "rules:\n  no-sauce: off\n", ""},
		{"off outside files whatever overrides say", "    files: ['mem/a.md']\noverrides:\n  - files: ['mem/b.md']\n    rules: {no-sauce: error}\n", "mem/a.md"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := paths(lintCustom(t, rule(tc.extra), files)); got != tc.want {
				t.Errorf("findings in %q, want %q", got, tc.want)
			}
		})
	}
}

func TestShowMatch(t *testing.T) {
	if got := showMatch([]byte("TODO\n  later")); got != "TODO later" {
		t.Errorf("got %q", got)
	}
	long := strings.Repeat("é", 100)
	if got := showMatch([]byte(long)); got != strings.Repeat("é", maxShownMatch-1)+"…" {
		t.Errorf("got %q", got)
	}
}

// TestCustomRuleBounded: a custom rule whose pattern matches every
// character (issue 27: "." on a 1 MB line ran past 120 s, and 200 KB of
// memory made 200,000 findings) reports at most maxCustomPerFile matches
// in a file, then one finding that says it stopped, in every scope and
// for word lists as well; and at most maxCustomPerRun in a run, then one
// finding that says how many more matches it dropped in how many files.
// The file is linted with secrets redacted, as the command does, which
// reads the text around each match. Bounded by outcome: the counts, and a
// deadline far above what the run takes.
func TestCustomRuleBounded(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	words := strings.Repeat("x ", 100_000)
	topic := func(body string) string {
		return "---\nname: a\ndescription: " + strings.Repeat("x ", 1000) + "\ntype: user\n---\n" + body + "\n"
	}
	bounded := func(t *testing.T, config string, files map[string]string) []string {
		t.Helper()
		l, _, fsys := customLinter(t, config, files)
		l.Redact = func(s string) string { return strings.ReplaceAll(s, "hunter2", "[redacted]") }
		res := hostiletest.Finish(t, 60*time.Second, "the run", func() (*Result, error) { return l.Lint(fsys, []string{"mem"}) })
		var out []string
		for _, d := range res.Diagnostics {
			if d.Rule == "every-char" {
				s := fmt.Sprintf("%s:%d:%d", d.Path, d.Start.Line, d.Start.Col)
				if d.Key == customCapKey {
					s += " " + d.Message
				}
				out = append(out, s)
			}
		}
		return out
	}
	rule := func(match, scope string) string {
		return "custom-rules:\n  - id: every-char\n    message: '{match}'\n    " + match + "\n    scope: " + scope + "\n"
	}
	fileBound := "more than 100 matches in this file: memlint reports the first 100 of a custom rule in a file and stops reading it there, so that one pattern cannot flood the report"
	for _, tc := range []struct {
		name, rule, body string
		line, col        int // of the finding that says the rule stopped
	}{
		{"pattern in the body", rule("pattern: '.'", "body"), long, 6, 101},
		{"words in the body", rule("words: [x]", "body"), words, 6, 201},
		{"pattern in the description", rule("pattern: 'x'", "description"), "", 3, 214},
		{"words in the description", rule("words: [x]", "description"), "", 3, 214},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := bounded(t, tc.rule, map[string]string{"mem/MEMORY.md": customIndex, "mem/a.md": topic(tc.body)})
			if len(got) != maxCustomPerFile+1 {
				t.Fatalf("%d findings, want %d matches and the one that says the rule stopped", len(got), maxCustomPerFile)
			}
			if want := fmt.Sprintf("mem/a.md:%d:%d %s", tc.line, tc.col, fileBound); got[len(got)-1] != want {
				t.Errorf("last finding:\n%s\nwant:\n%s", got[len(got)-1], want)
			}
		})
	}
	t.Run("a run", func(t *testing.T) {
		files := map[string]string{"mem/MEMORY.md": customIndex}
		for i := range 15 {
			files[fmt.Sprintf("mem/t%02d.md", i)] = topic(strings.Repeat("x", 150))
		}
		got := bounded(t, rule("pattern: 'x'", "body"), files)
		want := []string{
			"mem/t09.md:6:101 " + fileBound,
			"mem/t10.md:6:1 1000 findings of this custom rule in this run, its bound: 500 more matches in 5 files not reported from here on, so that one pattern cannot flood the report",
		}
		if len(got) != maxCustomPerRun+10+1 {
			t.Errorf("%d findings, want %d matches, the 10 bounds of a file and the bound of the run", len(got), maxCustomPerRun)
		}
		if n := len(got); n < 2 || strings.Join(got[n-2:], "\n") != strings.Join(want, "\n") {
			t.Errorf("last findings:\n%s\nwant:\n%s", strings.Join(got[max(0, len(got)-2):], "\n"), strings.Join(want, "\n"))
		}
	})
}
