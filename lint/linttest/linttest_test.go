package linttest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
)

// recorder is a TB that keeps what the harness reports, so a test can show
// that a bad fixture fails.
type recorder struct{ errors []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

// todoRule reports every "TODO" in a topic file, where it starts.
var todoRule = &lint.Rule{
	ID:       "todo-word",
	Severity: lint.Warning,
	Summary:  "a topic says TODO",
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			src := string(f.Src)
			for off := strings.Index(src, "TODO"); off >= 0; {
				pass.ReportSpan(f, markdown.Span{Start: off, End: off + 4}, "a marker is left in "+f.Rel, "")
				next := strings.Index(src[off+1:], "TODO")
				if next < 0 {
					break
				}
				off += 1 + next
			}
		}
	},
}

func testRegistry(t *testing.T) *lint.Registry {
	reg, err := lint.NewRegistry(todoRule)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// writeCase makes dir/<rule>/<case>/ holding MEMORY.md and one topic file
// with the given body, and returns the case dir.
func writeCase(t *testing.T, rule, body string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), rule, "case")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"MEMORY.md": "# Memory\n\n- [Topic](topic.md) — a topic that has words in it\n",
		"topic.md":  "---\nname: topic\ndescription: a topic that has words in it\ntype: user\n---\n\n" + body,
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestCaseForms(t *testing.T) {
	reg := testRegistry(t)
	tests := []struct {
		name string
		body string
		only []string
		fail []string // substrings of the errors expected, in order; none: passes
	}{
		{name: "plain", body: "a TODO here <!-- want \"marker is left\" -->\n"},
		{name: "next line", body: "<!-- want+1 warning \"marker\" -->\nx TODO\n"},
		{name: "column", body: "abc TODO <!-- want:5 \"marker\" -->\n"},
		{name: "column on next line", body: "<!-- want+1:3 \"marker\" -->\nx TODO\n"},
		{name: "absolute line and column", body: "<!-- want@8:1 \"marker\" -->\nTODO\n"},
		{name: "two on a line", body: "TODO TODO <!-- want:1 \"marker\" want:6 \"marker\" -->\n",
			fail: []string{"malformed want"}},
		{name: "two regexps", body: "TODO TODO <!-- want \"marker\" \"left\" -->\n"},
		{name: "wrong column", body: "abc TODO <!-- want:4 \"marker\" -->\n",
			fail: []string{"topic.md:7:5: unexpected warning todo-word", "topic.md:7: no expected finding on topic.md:7:4"}},
		{name: "wrong severity", body: "TODO <!-- want error \"marker\" -->\n",
			fail: []string{"unexpected warning", "no expected finding"}},
		{name: "missing finding", body: "nothing <!-- want \"marker\" -->\n",
			fail: []string{"topic.md:7: no expected finding on topic.md:7 matching \"marker\""}},
		{name: "unexpected finding", body: "TODO\n",
			fail: []string{"topic.md:7:1: unexpected warning todo-word: \"a marker is left in topic.md\""}},
		{name: "unknown severity", body: "TODO <!-- want warn \"marker\" -->\n",
			fail: []string{"topic.md:7: malformed want: unknown severity \"warn\""}},
		{name: "bad regexp", body: "TODO <!-- want \"ma(rker\" -->\n",
			fail: []string{"topic.md:7: malformed want: bad regexp"}},
		{name: "bad quoting", body: "TODO <!-- want \"marker -->\n",
			fail: []string{"topic.md:7: malformed want: unterminated quoted string"}},
		{name: "no regexp", body: "TODO <!-- want+1 -->\n",
			fail: []string{"topic.md:7: malformed want: no quoted regexp"}},
		{name: "bad offset", body: "TODO <!-- want+x \"marker\" -->\n",
			fail: []string{"topic.md:7: malformed want: want+ must be followed by a line number"}},
		{name: "bad column", body: "TODO <!-- want: \"marker\" -->\n",
			fail: []string{"topic.md:7: malformed want: want…: must be followed by a column number"}},
		{name: "column of a file", body: "<!-- want@file:2 \"marker\" -->\n",
			fail: []string{"topic.md:7: malformed want: want@file is about a whole file or dir: it has no column"}},
		{name: "unclosed", body: "TODO <!-- want \"marker\"\n",
			fail: []string{"topic.md:7: malformed want: want comment not closed by -->"}},
		{name: "yaml comment junk", body: "TODO\n# want-1 \"marker\" trailing\n",
			fail: []string{"topic.md:8: malformed want: unexpected \"trailing\" after the regexps"}},
		{name: "rule in single-rule fixture", body: "TODO <!-- want todo-word \"marker\" -->\n",
			fail: []string{"topic.md:7: a want in a single-rule fixture names no rule (got \"todo-word\")"}},
		{name: "all: rule named", body: "TODO <!-- want todo-word \"marker\" -->\n", only: []string{}},
		{name: "all: rule missing", body: "TODO <!-- want \"marker\" -->\n", only: []string{},
			fail: []string{"topic.md:7: in an \"all\" fixture a want names its rule"}},
		{name: "all: unknown rule", body: "TODO <!-- want todo-wrod \"marker\" -->\n", only: []string{},
			fail: []string{"topic.md:7: malformed want: no rule \"todo-wrod\""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			only := []string{todoRule.ID}
			if tt.only != nil {
				only = tt.only
			}
			dir := writeCase(t, todoRule.ID, tt.body)
			var rec recorder
			(&runner{reg: reg}).runCase(&rec, dir, only)
			if len(tt.fail) == 0 {
				if len(rec.errors) > 0 {
					t.Errorf("the case fails:\n%s", strings.Join(rec.errors, "\n"))
				}
				return
			}
			if len(rec.errors) != len(tt.fail) {
				t.Fatalf("got %d errors, want %d:\n%s", len(rec.errors), len(tt.fail), strings.Join(rec.errors, "\n"))
			}
			for i, want := range tt.fail {
				if !strings.Contains(rec.errors[i], want) {
					t.Errorf("error %d = %q, want it to contain %q", i, rec.errors[i], want)
				}
				if !strings.Contains(rec.errors[i], filepath.Join(dir, "topic.md")) {
					t.Errorf("error %d = %q does not name the file", i, rec.errors[i])
				}
			}
		})
	}
}

// TestCoverage shows that a rule without a quiet case, or without any
// fixture, fails Coverage.
func TestCoverage(t *testing.T) {
	firing := writeCase(t, todoRule.ID, "TODO <!-- want \"marker\" -->\n")
	root := filepath.Dir(filepath.Dir(firing))
	var rec recorder
	Coverage(&rec, root, todoRule)
	if len(rec.errors) != 1 || !strings.Contains(rec.errors[0], "has 1 firing, 0 quiet") {
		t.Errorf("Coverage with no quiet case: %q", rec.errors)
	}
	rec = recorder{}
	Coverage(&rec, t.TempDir(), todoRule)
	if len(rec.errors) != 1 || !strings.Contains(rec.errors[0], "rule todo-word has no fixtures") {
		t.Errorf("Coverage with no fixtures: %q", rec.errors)
	}
}

// TestFailingRule shows that a case whose rule fails fails, as the
// command exits 2 on it: a rule that panics, and one that gives up with
// Pass.Fail, even when every want is met. The failure names the rule, the
// memory dir and what went wrong (and for a panic, where).
func TestFailingRule(t *testing.T) {
	for _, c := range []struct {
		name string
		run  func(*lint.Pass)
		want []string
	}{
		{"panic", func(*lint.Pass) { panic("test rule panicked") },
			[]string{"rule test-failing failed on ", "panic: test rule panicked", "linttest_test.go"}},
		{"fail", func(p *lint.Pass) { p.Fail(errors.New("cannot check this")) },
			[]string{"rule test-failing failed on ", ": cannot check this"}},
		{"panic after a finding", func(p *lint.Pass) {
			todoRule.Run(p)
			panic("test rule panicked")
		}, []string{"rule test-failing failed on ", "panic: test rule panicked"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			failing := &lint.Rule{ID: "test-failing", Severity: lint.Warning, Summary: "a rule that fails, for tests", Run: c.run}
			reg, err := lint.NewRegistry(failing)
			if err != nil {
				t.Fatal(err)
			}
			body := "nothing to report\n"
			if strings.Contains(c.name, "finding") {
				body = "a TODO here <!-- want \"marker is left\" -->\n"
			}
			dir := writeCase(t, failing.ID, body)
			var rec recorder
			(&runner{reg: reg}).runCase(&rec, dir, []string{failing.ID})
			if len(rec.errors) != 1 {
				t.Fatalf("got %d errors, want 1:\n%s", len(rec.errors), strings.Join(rec.errors, "\n"))
			}
			for _, want := range append(c.want, dir) {
				if !strings.Contains(rec.errors[0], want) {
					t.Errorf("the failure %q does not say %q", rec.errors[0], want)
				}
			}
		})
	}
}
