// Package linttest runs rule fixtures: memory dirs whose files carry the
// findings they must produce as comments, in the manner of
// golang.org/x/tools/go/analysis/analysistest. Every rule family's test and
// the cross-rule test of package rules use it:
//
//	func TestFixtures(t *testing.T) {
//		linttest.Run(t, rules.Registry(), "testdata", linttest.WithRedact(rules.Redact))
//	}
//
// A testdata dir holds a folder per rule, testdata/<rule-id>/<case>/, each
// case a memory dir (or a tree of them) linted with only that rule. The
// expectations are comments in the case's files:
//
//	<!-- want "regexp" -->           a finding on this line
//	<!-- want+1 warning "regexp" --> on the next line, at that severity
//	<!-- want-1 "re" -->             on the line before
//	<!-- want@7 "re" -->             on line 7 of this file
//	<!-- want:5 "re" -->             on this line, starting at column 5
//	<!-- want+1:12 "re" -->          on the next line, starting at column 12
//	<!-- want@7:3 "re" -->           on line 7, column 3
//	<!-- want@file "re" -->          about the whole file (line 0)
//	<!-- want@file=x.md "re" -->     about the whole of file x.md (which may
//	                                 be binary or a link that cannot hold a comment)
//	<!-- want@dir "re" -->           about the memory dir itself
//	<!-- want "re1" "re2" -->        two findings on this line
//	# want+1 "re"                    the same, as a YAML comment in frontmatter
//
// Columns are the finding's start column as memlint prints it (1-based,
// counted in characters); a want without one accepts any column. A finding
// no want expects fails the test, and so does a want no finding matches.
// Everything that starts like a want ("<!-- want", "# want") must parse:
// a bad position, an unknown severity, a bad quoted string or regexp, a
// comment not closed by --> or, in an "all" case, a rule the registry does
// not know fails the test at the want's file:line rather than expecting
// nothing.
//
// Every case runs the preview rules too, as --preview does: a fixture is
// for its rule whatever the rule's stage.
//
// A folder named "all" runs every rule of the registry; its wants then
// name the rule after the position: <!-- want+1 index-dangling-link "re" -->.
// A .memlint.yaml in the case folder configures the run; a .base/ folder
// holds the files as they were at the earlier revision (for
// log-append-only). The case folder is also the repository whose
// instructions Claude Code loads (CLAUDE.md, AGENTS.md, .claude/rules/…,
// for claude-md-overlap), and a .home/ folder in it, when there is one, is
// the user's home: the memory is then their personal memory, with
// .home/.claude/CLAUDE.md. A .repo-files file lists the files of the
// repository the case stands in (for stale-reference), and the .gitignore
// files of the case folder and its folders are that repository's: the
// paths they match are ignored (lint.Repository's Ignored). Their
// patterns apply to this project's own files too, so they must match none
// of the fixture's. A .repo-commits file says when that repository's
// history last changed its files (for stale-project-memory):
//
//	project_freeze.md 2026-03-02     HEAD holds the file as the case has it,
//	                                 and a commit of that day last changed it
//	project_old.md <=2025-06-01      the history read ended at a commit of that
//	                                 day without reaching the change (lint.LastCommit.Bounded)
//
// A file it does not list is one HEAD does not hold as the case has it:
// untracked, or edited since its last commit. Its paths are tracked files
// of the repository too.
//
// Fixes: for every file X with an X.golden beside it, the findings' safe
// fixes (and unsafe ones when the folder holds a file named .unsafe-fixes)
// are applied and the result must equal X.golden; linting the fixed files
// again must find nothing left to fix.
package linttest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/memlint/memlint/internal/ignores"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/checker"
	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/memory"
)

// Now is the time fixtures treat as now.
var Now = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

// FuzzCorpus is the folder of testdata that holds go test's fuzz corpora,
// not fixtures; Run skips it.
const FuzzCorpus = "fuzz"

// allRules is the name of the fixture folder whose cases run every rule.
const allRules = "all"

// TB is the part of testing.TB the harness reports through; the harness's
// own tests pass a recorder to show that a bad fixture fails.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
}

// Option changes how fixtures are run.
type Option func(*runner)

// WithRedact masks secrets in findings the way the command does
// (rules.Redact), so that wants match what a user sees.
func WithRedact(redact func(string) string) Option {
	return func(r *runner) { r.redact = redact }
}

type runner struct {
	reg    *lint.Registry
	redact func(string) string
}

// Run runs every case under dir: dir/<rule-id>/<case>/ with that rule
// alone, dir/all/<case>/ with every rule of reg. Each case is a parallel
// subtest named <rule-id>/<case>. A folder that names no rule of reg fails,
// but for dir/fuzz, go test's fuzz corpora.
func Run(t *testing.T, reg *lint.Registry, dir string, opts ...Option) {
	t.Helper()
	r := &runner{reg: reg}
	for _, o := range opts {
		o(r)
	}
	ruleDirs, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, rd := range ruleDirs {
		if !rd.IsDir() || rd.Name() == FuzzCorpus {
			continue
		}
		ruleID := rd.Name()
		var only []string
		if ruleID != allRules {
			if _, ok := reg.Lookup(ruleID); !ok {
				t.Errorf("%s: no rule with that ID", filepath.Join(dir, ruleID))
				continue
			}
			only = []string{ruleID}
		}
		cases, err := os.ReadDir(filepath.Join(dir, ruleID))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			if !c.IsDir() {
				continue
			}
			caseDir := filepath.Join(dir, ruleID, c.Name())
			t.Run(ruleID+"/"+c.Name(), func(t *testing.T) {
				t.Parallel()
				r.runCase(t, caseDir, only)
			})
		}
	}
}

// Coverage keeps the promise that every rule is shown both firing and not
// firing: each rule must have a folder dir/<rule-id> with at least one case
// holding a want and one holding none.
func Coverage(t TB, dir string, rules ...*lint.Rule) {
	t.Helper()
	for _, r := range rules {
		ruleDir := filepath.Join(dir, r.ID)
		cases, err := os.ReadDir(ruleDir)
		if err != nil {
			t.Errorf("rule %s has no fixtures in %s", r.ID, ruleDir)
			continue
		}
		var firing, quiet int
		for _, c := range cases {
			if !c.IsDir() {
				continue
			}
			if countWants(filepath.Join(ruleDir, c.Name())) > 0 {
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

// countWants counts the want comments under dir.
func countWants(dir string) int {
	n := 0
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err == nil {
			n += len(wantStart.FindAllIndex(b, -1))
		}
		return nil
	})
	return n
}

// runCase lints one case dir and compares the findings with its wants. The
// case goes through checker.Check, memlint's one driver, as the command's
// and the hooks' runs do: the case folder is the source (an fs.FS), the run
// plans its memory dirs, takes the case's .memlint.yaml as its
// configuration and filters the findings; what a command would tell apart
// from its input, the fixture does too.
func (r *runner) runCase(t TB, dir string, only []string) {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Errorf("%s: %v", dir, err)
		return
	}
	roots := claude.InstructionRoots{Repo: abs}
	if home := filepath.Join(abs, ".home"); fileExists(home) {
		roots.Home, roots.ClaudeHome, roots.Personal = home, filepath.Join(home, ".claude"), true
	}
	instructions := claude.LoadInstructions(roots, 0, nil)
	repo, err := caseRepository(dir, abs)
	if err != nil {
		t.Errorf("%v", err)
		return
	}
	req := checker.Request{Mode: checker.FS, Cwd: abs, Root: abs, FS: os.DirFS(dir),
		Registry: r.reg, Redact: r.redact, Only: only, Now: Now,
		// No environment: the user's own Claude Code config dir is no
		// part of a fixture, nor is their account's recall mode.
		Getenv:      func(string) string { return "" },
		RecallProbe: func() (bool, string) { return false, "" },
		// The case folder is the repository: its instructions, and the
		// files and history its .repo-files and .repo-commits tell (none
		// without them).
		Repository:   true,
		Instructions: func(string) []claude.InstructionFile { return instructions },
		Repos:        func(string) lint.Repository { return repo },
		// A fixture is for its rule whatever the rule's stage: preview
		// rules run too.
		Preview: true,
	}
	if base := filepath.Join(dir, ".base"); fileExists(base) {
		// The files as they were at the earlier revision (HEAD, --base).
		req.Earlier = memory.FSEarlier{FS: os.DirFS(base)}
	}
	// The case's own .memlint.yaml, as --config names it: a configuration
	// above the case folder is no part of it.
	if file := filepath.Join(dir, lint.ConfigFileName); fileExists(file) {
		req.ConfigFile = file
	} else {
		req.Config, req.ConfigKnown = (*lint.Config)(nil).WithPreview(), true
	}
	dirs, err := memory.FindDirs(req.FS, ".", nil)
	if err != nil {
		t.Errorf("%s: %v", dir, err)
		return
	}
	if len(dirs) == 0 {
		dirs = []string{"."}
	}
	req.Dirs = dirs
	lintCase := func(fsys fs.FS) (*checker.Result, error) {
		req.FS = fsys
		res, err := checker.Check(req)
		if err != nil {
			return nil, err
		}
		relResult(res.Lint, abs)
		return res, nil
	}
	res, err := lintCase(req.FS)
	if err != nil {
		t.Errorf("%s: %v", dir, err) // a bad .memlint.yaml, among others
		return
	}
	// The second run of checkFixes keeps the configuration as resolved.
	req.ConfigFile, req.Config, req.ConfigKnown = "", res.Config, true
	// A rule that fails is memlint's failure, never a finding: the
	// command exits 2 on it, and so does the fixture.
	for _, e := range res.Failed {
		t.Errorf("%s: rule %s failed on %s: %v%s", dir, e.Rule, filepath.Join(dir, relPath(abs, e.Dir)), e.Err, stackOf(e))
	}
	wants, ok := r.readExpectations(t, dir, dirs, len(only) == 0)
	if !ok {
		return
	}
	checkFixes(t, lintCase, dir, res.Lint, only)
	checkFingerprints(t, res.Lint.Diagnostics)
	for _, d := range res.Lint.Diagnostics {
		if len(only) > 0 && !contains(only, d.Rule) {
			continue
		}
		found := false
		for _, w := range wants {
			if w.matched || w.path != d.Path || w.line != d.Start.Line || (w.col != 0 && w.col != d.Start.Col) {
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
			t.Errorf("%s:%d:%d: unexpected %s %s: %q", filepath.Join(dir, d.Path), d.Start.Line, d.Start.Col, d.Severity, d.Rule, d.Message)
		}
	}
	for _, w := range wants {
		if !w.matched {
			where := fmt.Sprintf("%s:%d", w.path, w.line)
			if w.col != 0 {
				where += fmt.Sprintf(":%d", w.col)
			}
			t.Errorf("%s: no %s finding on %s matching %q", w.at, ruleOrAny(w.rule), where, w.re)
		}
	}
}

func ruleOrAny(r string) string {
	if r == "" {
		return "expected"
	}
	return r
}

// readExpectations reads the wants of every file under dir. It reports
// each malformed want and returns false when there was one.
func (r *runner) readExpectations(t TB, dir string, memDirs []string, withRule bool) ([]*expectation, bool) {
	t.Helper()
	var out []*expectation
	ok := true
	bad := func(at, format string, args ...any) {
		t.Helper()
		t.Errorf("%s: "+format, append([]any{at}, args...)...)
		ok = false
	}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || strings.HasSuffix(p, ".golden") {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		src, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		text := string(src)
		for _, m := range wantStart.FindAllStringIndex(text, -1) {
			line := 1 + strings.Count(text[:m[0]], "\n")
			at := fmt.Sprintf("%s:%d", p, line)
			rest := text[m[1]:]
			if i := strings.IndexByte(rest, '\n'); i >= 0 {
				rest = rest[:i]
			}
			opener := "#"
			if strings.HasPrefix(text[m[0]:], "<!--") {
				opener = "<!--"
			}
			w, err := parseWant(opener, strings.TrimSuffix(rest, "\r"))
			if err != nil {
				bad(at, "malformed want: %v", err)
				continue
			}
			switch {
			case withRule && w.rule == "":
				bad(at, "in an \"all\" fixture a want names its rule")
				continue
			case !withRule && w.rule != "":
				bad(at, "a want in a single-rule fixture names no rule (got %q)", w.rule)
				continue
			case w.rule != "":
				if _, known := r.reg.Lookup(w.rule); !known {
					bad(at, "malformed want: no rule %q", w.rule)
					continue
				}
			}
			out = append(out, w.expectations(rel, line, at, memDirs)...)
		}
		return nil
	})
	if err != nil {
		bad(dir, "%v", err)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].at < out[j].at })
	return out, ok
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// repoFiles is the file of a case that stands for the git repository
// around it (stale-reference): one tracked path per line, relative to the
// case folder, "old -> new" lines for the renames history shows, and
// "path: word word" lines for a tracked file with the words it contains
// (the identifiers option).
const repoFiles = ".repo-files"

// caseRepository returns the repository a case stands in (its repoFiles
// and repoCommits, rooted at root), or nil when it has neither.
func caseRepository(dir, root string) (lint.Repository, error) {
	files, commits := filepath.Join(dir, repoFiles), filepath.Join(dir, repoCommits)
	if !fileExists(files) && !fileExists(commits) {
		return nil, nil
	}
	list := &lint.FileList{RootDir: root}
	if fileExists(files) {
		var err error
		if list, err = readRepoFiles(files, root); err != nil {
			return nil, fmt.Errorf("%s: %w", files, err)
		}
	}
	if !fileExists(commits) {
		return list, nil
	}
	repo, err := readRepoCommits(commits, list)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", commits, err)
	}
	return repo, nil
}

// readRepoFiles reads a case's repoFiles as the repository rooted at root.
func readRepoFiles(name, root string) (*lint.FileList, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	l := &lint.FileList{RootDir: root, Renames: map[string]string{}}
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if from, to, ok := strings.Cut(line, " -> "); ok {
			l.Renames[from] = to
		} else if p, words, ok := strings.Cut(line, ": "); ok {
			l.Paths = append(l.Paths, p)
			if l.Words == nil {
				l.Words = map[string]bool{}
			}
			lint.IdentifierWords([]byte(words), func(w []byte) { l.Words[string(w)] = true })
		} else if line != "" {
			l.Paths = append(l.Paths, line)
		}
	}
	sort.Strings(l.Paths)
	ignoreFiles, err := readIgnoreFiles(root)
	if err != nil {
		return nil, err
	}
	l.Ignores = ignores.New(func(folder string) []byte { return ignoreFiles[folder] }, nil)
	return l, nil
}

// readIgnoreFiles reads the .gitignore files of the case folder root and
// its folders, by folder relative to root ("" for root itself): the
// ignore rules of the repository the case stands for.
func readIgnoreFiles(root string) (map[string][]byte, error) {
	files := map[string][]byte{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.Name() != ignores.FileName || !d.Type().IsRegular() {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		folder, err := filepath.Rel(root, filepath.Dir(p))
		if err != nil {
			return err
		}
		if folder = filepath.ToSlash(folder); folder == "." {
			folder = ""
		}
		files[folder] = src
		return nil
	})
	return files, err
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// checkFixes applies the run's fixes and compares with the .golden files;
// lintCase lints the fixed files again.
func checkFixes(t TB, lintCase func(fs.FS) (*checker.Result, error), dir string, res *lint.Result, only []string) {
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
		t.Errorf("%s: %v", dir, err)
		return
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
			t.Errorf("%s after fixes:\n%s\nwant (%s.golden):\n%s", filepath.Join(dir, path), got, path, want)
		}
	}
	for path := range fixed {
		if _, ok := goldens[path]; !ok {
			t.Errorf("fixes change %s, which has no %s.golden", filepath.Join(dir, path), path)
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
	again, err := lintCase(after)
	if err != nil {
		t.Errorf("%s: second run: %v", dir, err)
		return
	}
	more, _ := lint.ApplyFixes(mapContents(after), fixesOf(again.Lint))
	for path, data := range more {
		t.Errorf("a second run of the fixes changes %s again:\n%s", filepath.Join(dir, path), data)
	}
}

// relResult makes the paths of the findings of a run over the case
// folder root, which the checker gives absolute, relative to root again,
// as the wants write them.
func relResult(res *lint.Result, root string) {
	for _, list := range [][]lint.Diagnostic{res.Diagnostics, res.Suppressed} {
		for i := range list {
			d := &list[i]
			d.Path = relPath(root, d.Path)
			if d.Fix != nil {
				fix := *d.Fix
				fix.Edits = append([]memory.TextEdit(nil), fix.Edits...)
				for j := range fix.Edits {
					fix.Edits[j].Path = relPath(root, fix.Edits[j].Path)
				}
				d.Fix = &fix
			}
		}
	}
}

// relPath is the absolute slash path p relative to the case folder root.
func relPath(root, p string) string {
	r, err := filepath.Rel(root, filepath.FromSlash(p))
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}

// stackOf is the stack of a rule that panicked, to follow its error.
func stackOf(e lint.RuleError) string {
	if e.Stack == nil {
		return ""
	}
	return "\n" + string(e.Stack)
}

func mapContents(m fstest.MapFS) map[string][]byte {
	out := make(map[string][]byte, len(m))
	for p, f := range m {
		out[p] = f.Data
	}
	return out
}

// checkFingerprints requires findings that share a fingerprint to be the
// same problem: two findings of one rule in one file that flag the same
// text but say different things must tell themselves apart with
// Diagnostic.Key, or a baseline accepting one would hide the other, and
// the Claude Code hook would take a new one for an old one.
func checkFingerprints(t TB, ds []lint.Diagnostic) {
	t.Helper()
	type id struct{ rule, path, text, key string }
	seen := map[id]string{}
	for _, d := range ds {
		k := id{d.Rule, d.Path, lint.FingerprintText(d), d.Key}
		msg := lint.FingerprintText(lint.Diagnostic{Message: d.Message})
		if prev, ok := seen[k]; ok && prev != msg {
			t.Errorf("%s:%d: two %s findings flag the same text %q but say different things (%q, %q): set Diagnostic.Key to tell them apart",
				d.Path, d.Start.Line, d.Rule, lint.FingerprintText(d), prev, msg)
			continue
		}
		seen[k] = msg
	}
}
