package rules_test

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
)

// fixtureNow is the time fixtures treat as now.
var fixtureNow = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

// TestFixtures runs each rule over testdata/rules/<rule-id>/<case>/ and
// compares its findings with the expectations written in the fixture files:
//
//	<!-- want "regexp" -->          a finding on this line
//	<!-- want+1 warning "regexp" --> on the next line, at that severity
//	<!-- want@7 "re" -->            on line 7 of this file
//	<!-- want@file "re" -->         about the whole file (line 0)
//	<!-- want@file=x.md "re" -->    about the whole of file x.md (which may
//	                                be binary or a link that cannot hold a comment)
//	<!-- want@dir "re" -->          about the memory dir itself
//	# want+1 "re"                   the same, as a YAML comment in frontmatter
//
// A folder named "all" runs every rule; expectations then start with the
// rule ID: <!-- want+1 index-dangling-link "re" -->. A .memlint.yaml in the
// case folder configures the run; a .base/ folder holds the files as they
// were at the earlier revision (for log-append-only).
//
// Fixes: for every file X with an X.golden beside it, the findings' safe
// fixes (and unsafe ones when the folder holds a file named
// .unsafe-fixes) are applied and the result must equal X.golden; linting
// the fixed files again must find nothing left to fix.
func TestFixtures(t *testing.T) {
	reg := rules.Registry()
	ruleDirs, err := os.ReadDir(filepath.Join("..", "testdata", "rules"))
	if err != nil {
		t.Fatal(err)
	}
	for _, rd := range ruleDirs {
		if !rd.IsDir() {
			continue
		}
		ruleID := rd.Name()
		var only []string
		if ruleID != "all" {
			if _, ok := reg.Lookup(ruleID); !ok {
				t.Errorf("testdata/rules/%s: no rule with that ID", ruleID)
				continue
			}
			only = []string{ruleID}
		}
		cases, err := os.ReadDir(filepath.Join("..", "testdata", "rules", ruleID))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			if !c.IsDir() {
				continue
			}
			dir := filepath.Join("..", "testdata", "rules", ruleID, c.Name())
			t.Run(ruleID+"/"+c.Name(), func(t *testing.T) {
				t.Parallel()
				runFixture(t, reg, dir, only)
			})
		}
	}
}

// TestEveryRuleHasFixtures keeps the promise that every rule is shown both
// firing and not firing.
func TestEveryRuleHasFixtures(t *testing.T) {
	// Findings made outside the engine are tested where they are made.
	elsewhere := map[string]string{
		"baseline-stale":            filepath.Join("..", "cmd", "memlint", "testdata", "script", "baseline.txtar"),
		"settings-memory-directory": filepath.Join("..", "cmd", "memlint", "testdata", "script", "settings.txtar"),
	}
	for _, r := range rules.All() {
		if test, ok := elsewhere[r.ID]; ok {
			if b, err := os.ReadFile(test); err != nil || !strings.Contains(string(b), r.ID) {
				t.Errorf("rule %s: %s does not test it", r.ID, test)
			}
			continue
		}
		dir := filepath.Join("..", "testdata", "rules", r.ID)
		cases, err := os.ReadDir(dir)
		if err != nil {
			t.Errorf("rule %s has no fixtures in %s", r.ID, dir)
			continue
		}
		var firing, quiet int
		for _, c := range cases {
			if !c.IsDir() {
				continue
			}
			if countWants(t, filepath.Join(dir, c.Name())) > 0 {
				firing++
			} else {
				quiet++
			}
		}
		if firing == 0 || quiet == 0 {
			t.Errorf("rule %s needs fixtures that fire and fixtures that do not (has %d firing, %d quiet)", r.ID, firing, quiet)
		}
	}
}

func countWants(t *testing.T, dir string) int {
	n := 0
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Type()&os.ModeSymlink != 0 {
			return nil
		}
		b, err := os.ReadFile(p)
		if err == nil {
			n += len(wantRe.FindAll(b, -1))
		}
		return nil
	})
	return n
}

type expectation struct {
	path     string // fs path inside the case dir
	line     int
	rule     string
	severity string
	re       *regexp.Regexp
	at       string // where the want comment is, for messages
	matched  bool
}

var wantRe = regexp.MustCompile(`(?:<!--|#)\s*want(@dir|@file=[^\s"]+|@file|@\d+|[+-]\d+)?((?:\s+[a-z][a-z0-9]*-[a-z0-9-]+)?)((?:\s+(?:error|warning|info))?)((?:\s+"(?:[^"\\]|\\.)*")+)`)
var quotedRe = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

func runFixture(t *testing.T, reg *lint.Registry, dir string, only []string) {
	fsys := os.DirFS(dir)
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	linter := &lint.Linter{Registry: reg, Root: abs, Now: fixtureNow, Only: only, Redact: rules.Redact}
	if base := filepath.Join(dir, ".base"); fileExists(base) {
		// The files as they were at the earlier revision (HEAD, --base).
		linter.Earlier = lint.FSEarlier{FS: os.DirFS(base)}
	}
	if cfg := filepath.Join(dir, lint.ConfigFileName); fileExists(cfg) {
		c, err := lint.LoadConfig(cfg, reg)
		if err != nil {
			t.Fatalf("config: %v", err)
		}
		linter.Config = c
		linter.Registry = c.Registry(reg)
	}
	dirs, err := lint.FindMemoryDirs(fsys, ".", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) == 0 {
		dirs = []string{"."}
	}
	res, err := linter.Lint(fsys, dirs)
	if err != nil {
		t.Fatal(err)
	}
	wants := readExpectations(t, dir, dirs, len(only) == 0)
	checkFixes(t, linter, dir, dirs, res, only)
	for _, d := range res.Diagnostics {
		if len(only) > 0 && !contains(only, d.Rule) {
			continue
		}
		found := false
		for _, w := range wants {
			if w.matched || w.path != d.Path || w.line != d.Start.Line {
				continue
			}
			if (w.rule != "" && w.rule != d.Rule) || (w.severity != "" && w.severity != d.Severity.String()) {
				continue
			}
			if w.re.MatchString(d.Message) {
				w.matched, found = true, true
				break
			}
		}
		if !found {
			t.Errorf("%s:%d:%d: unexpected %s %s: %q", d.Path, d.Start.Line, d.Start.Col, d.Severity, d.Rule, d.Message)
		}
	}
	for _, w := range wants {
		if !w.matched {
			t.Errorf("%s: no %s finding on %s:%d matching %q", w.at, ruleOrAny(w.rule), w.path, w.line, w.re)
		}
	}
}

func ruleOrAny(r string) string {
	if r == "" {
		return "expected"
	}
	return r
}

func readExpectations(t *testing.T, dir string, memDirs []string, withRule bool) []*expectation {
	var out []*expectation
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Type()&os.ModeSymlink != 0 || !d.Type().IsRegular() || strings.HasSuffix(p, ".golden") {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		src, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		for _, m := range wantRe.FindAllSubmatchIndex(src, -1) {
			line := 1 + strings.Count(string(src[:m[0]]), "\n")
			at := fmt.Sprintf("%s:%d", rel, line)
			w := &expectation{path: rel, line: line, at: at}
			if m[2] >= 0 {
				switch off := string(src[m[2]:m[3]]); {
				case off == "@dir":
					w.path, w.line = memDirOf(rel, memDirs), 0
				case off == "@file":
					w.line = 0
				case strings.HasPrefix(off, "@file="):
					w.path, w.line = path.Join(path.Dir(rel), off[len("@file="):]), 0
				case off[0] == '@':
					w.line, _ = strconv.Atoi(off[1:])
				default:
					n, _ := strconv.Atoi(off)
					w.line += n
				}
			}
			w.rule = strings.TrimSpace(string(src[m[4]:m[5]]))
			if withRule && w.rule == "" {
				t.Errorf("%s: in an \"all\" fixture a want names its rule", at)
			}
			if !withRule && w.rule != "" {
				t.Errorf("%s: a want in a single-rule fixture names no rule (got %q)", at, w.rule)
			}
			w.severity = strings.TrimSpace(string(src[m[6]:m[7]]))
			for _, q := range quotedRe.FindAllString(string(src[m[8]:m[9]]), -1) {
				s, err := strconv.Unquote(q)
				if err != nil {
					t.Fatalf("%s: bad quoted string %s", at, q)
				}
				re, err := regexp.Compile(s)
				if err != nil {
					t.Fatalf("%s: bad regexp %s: %v", at, q, err)
				}
				e := *w
				e.re = re
				out = append(out, &e)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].at < out[j].at })
	return out
}

// memDirOf returns the memory dir a fixture file belongs to: the deepest
// one that contains it.
func memDirOf(rel string, memDirs []string) string {
	best := "."
	for _, d := range memDirs {
		if d == "." {
			continue
		}
		if strings.HasPrefix(rel, d+"/") && len(d) > len(best) {
			best = d
		}
	}
	if best == "." && path.Dir(rel) != "." {
		return "."
	}
	return best
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// checkFixes applies the run's fixes and compares with the .golden files.
func checkFixes(t *testing.T, linter *lint.Linter, dir string, dirs []string, res *lint.Result, only []string) {
	t.Helper()
	goldens := map[string]string{}
	contents := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.HasSuffix(rel, ".golden") {
			goldens[strings.TrimSuffix(rel, ".golden")] = string(data)
		} else {
			contents[rel] = data
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(goldens) == 0 {
		return
	}
	unsafe := fileExists(filepath.Join(dir, ".unsafe-fixes"))
	fixesOf := func(res *lint.Result) []*lint.Fix {
		var fixes []*lint.Fix
		for _, d := range res.Diagnostics {
			if d.Fix != nil && (unsafe || !d.Fix.Unsafe) && (len(only) == 0 || contains(only, d.Rule)) {
				fixes = append(fixes, d.Fix)
			}
		}
		return fixes
	}
	fixed, _ := lint.ApplyFixes(contents, fixesOf(res))
	for path, want := range goldens {
		got, ok := fixed[path]
		if !ok {
			got = contents[path]
		}
		if string(got) != want {
			t.Errorf("%s after fixes:\n%s\nwant (%s.golden):\n%s", path, got, path, want)
		}
	}
	for path := range fixed {
		if _, ok := goldens[path]; !ok {
			t.Errorf("fixes change %s, which has no %s.golden", path, path)
		}
	}
	// A second run changes nothing.
	after := fstest.MapFS{}
	for path, data := range contents {
		if f, ok := fixed[path]; ok {
			data = f
		}
		after[path] = &fstest.MapFile{Data: data}
	}
	again, err := linter.Lint(after, dirs)
	if err != nil {
		t.Fatal(err)
	}
	if more, _ := lint.ApplyFixes(mapContents(after), fixesOf(again)); len(more) > 0 {
		for path, data := range more {
			t.Errorf("a second run of the fixes changes %s again:\n%s", path, data)
		}
	}
}

func mapContents(m fstest.MapFS) map[string][]byte {
	out := make(map[string][]byte, len(m))
	for p, f := range m {
		out[p] = f.Data
	}
	return out
}
