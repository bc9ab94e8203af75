//go:build ignore

// Command eval measures how often memlint's findings are right on real
// memory: Claude Code memory dirs that people committed to public
// repositories, each linted inside a full checkout of its repository at
// the commit that holds the memory, as a user runs memlint there. It is
// not part of go test ./...: it needs the repositories, which the project
// does not hold (eval/README.md says how to get them).
//
// The project keeps only what names the memory and what was decided about
// memlint's findings on it, never the memory's text:
//
//	eval/manifest.tsv   repository, commit, memory dir, split, kind, language
//	eval/judgments.tsv  repository, commit, file, line, column, rule,
//	                    verdict (right, wrong, debatable) and a one-line reason
//	eval/seen.tsv       which splits were read while each rule was written:
//	                    a rule's precision is measured on the other splits
//	rules/precision.tsv what `table -write` measured on the held-out dirs,
//	                    which memlint rules and docs/rules.md show
//
// Usage, from the repository's top folder:
//
//	go run eval/eval.go checkout -mirrors DIR -work DIR [-split dev,holdout]
//	go run eval/eval.go run      -work DIR [-split …] [-memlint BIN] [-jobs N]
//	go run eval/eval.go table    -work DIR [-split …] [-v] [-write]
//	go run eval/eval.go sheet    -work DIR [-split …] [-rule ID] [-n N] -out FILE
//	go run eval/eval.go merge    -work DIR -in FILE
//
// checkout makes a full checkout of each manifest row from a local mirror
// (DIR/owner+name/repo, DIR/owner+name.git or DIR/owner+name: any git
// directory holding the commit) under WORK/<split>/, and lists them in
// WORK/<split>.tsv. run builds memlint from this checkout and lints each
// row's memory dir from the top of its checkout (memlint check --preview
// --format json PATH, with an empty home folder so that no setting of this
// machine's counts), writing WORK/findings-<split>.jsonl. table joins the
// findings with the judgments and prints, per rule, the findings, how many
// were judged and how, and the precision on the splits not read while the
// rule was written (eval/seen.tsv), then the diff against the judgments: findings not judged
// yet, and judged findings memlint no longer makes. sheet writes the
// findings still to judge, with the lines around each, to a file outside
// the project for whoever judges them; merge adds judged lines to
// eval/judgments.tsv after checking each names a finding of the last run.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
)

const (
	manifestFile  = "eval/manifest.tsv"
	judgmentsFile = "eval/judgments.tsv"
	seenFile      = "eval/seen.tsv"
	precisionFile = "rules/precision.tsv"
)

func main() {
	if len(os.Args) < 2 {
		fatalf("usage: go run eval/eval.go checkout|run|table|sheet|merge [flags] (see the file's comment)")
	}
	cmd, args := os.Args[1], os.Args[2:]
	fs := flag.NewFlagSet(cmd, flag.ExitOnError)
	work := fs.String("work", "", "working folder outside the project: checkouts, findings, sheets")
	splits := fs.String("split", "", "comma-separated splits to use (default: all of the manifest's)")
	mirrors := fs.String("mirrors", "", "checkout: folder of local git mirrors")
	bin := fs.String("memlint", "", "run: memlint binary to use (default: built from this checkout)")
	jobs := fs.Int("jobs", 4, "run: memory dirs linted at once")
	verbose := fs.Bool("v", false, "table: list each finding of the diff, not only the counts")
	write := fs.Bool("write", false, "table: write the measurement to "+precisionFile)
	rule := fs.String("rule", "", "sheet: only this rule's findings")
	n := fs.Int("n", 0, "sheet: at most this many findings per rule, picked at random (0: all)")
	out := fs.String("out", "", "sheet: file to write")
	in := fs.String("in", "", "merge: judged lines to add (the columns of "+judgmentsFile+")")
	fs.Parse(args)
	if *work == "" {
		fatalf("%s: -work is required", cmd)
	}
	m, err := readManifest(manifestFile)
	if err != nil {
		fatalf("%v", err)
	}
	m = m.only(*splits)
	switch cmd {
	case "checkout":
		if *mirrors == "" {
			fatalf("checkout: -mirrors is required")
		}
		err = checkout(m, *mirrors, *work)
	case "run":
		err = run(m, *work, *bin, *jobs)
	case "table":
		err = table(m, *work, *verbose, *write)
	case "sheet":
		if *out == "" {
			fatalf("sheet: -out is required")
		}
		err = sheet(m, *work, *rule, *n, *out)
	case "merge":
		if *in == "" {
			fatalf("merge: -in is required")
		}
		err = merge(m, *work, *in)
	default:
		fatalf("unknown command %q (checkout, run, table, sheet, merge)", cmd)
	}
	if err != nil {
		fatalf("%s: %v", cmd, err)
	}
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "eval: "+format+"\n", args...)
	os.Exit(2)
}

// row is one memory dir of the manifest.
type row struct {
	Repo, Commit, Path, Split, Kind, Lang string
}

// checkoutDir is where the row's repository is checked out under work.
func (r row) checkoutDir(work string) string {
	return filepath.Join(work, r.Split, strings.ReplaceAll(r.Repo, "/", "+")+"@"+r.Commit[:12])
}

type manifest []row

// readManifest reads the manifest: a header line, then one row per line;
// lines starting with # are comments.
func readManifest(name string) (manifest, error) {
	recs, err := readTSV(name, []string{"repo", "commit", "path", "split", "kind", "lang", "note"})
	if err != nil {
		return nil, err
	}
	var m manifest
	seen := map[string]bool{}
	for _, r := range recs {
		x := row{Repo: r[0], Commit: r[1], Path: r[2], Split: r[3], Kind: r[4], Lang: r[5]}
		if len(x.Commit) != 40 || !strings.Contains(x.Repo, "/") || x.Path == "" || x.Split == "" {
			return nil, fmt.Errorf("%s: bad row %q", name, strings.Join(r, "\t"))
		}
		key := x.Repo + "\t" + x.Commit + "\t" + x.Path
		if seen[key] {
			return nil, fmt.Errorf("%s: %s %s at %s listed twice", name, x.Repo, x.Path, x.Commit[:12])
		}
		seen[key] = true
		m = append(m, x)
	}
	return m, nil
}

// only keeps the rows of the comma-separated splits; "" keeps all.
func (m manifest) only(splits string) manifest {
	if splits == "" {
		return m
	}
	want := map[string]bool{}
	for _, s := range strings.Split(splits, ",") {
		want[strings.TrimSpace(s)] = true
	}
	var out manifest
	for _, r := range m {
		if want[r.Split] {
			out = append(out, r)
		}
	}
	return out
}

func (m manifest) splits() []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range m {
		if !seen[r.Split] {
			seen[r.Split] = true
			out = append(out, r.Split)
		}
	}
	sort.Strings(out)
	return out
}

// readTSV reads a tab-separated file whose first non-comment line is the
// header cols; every record must have that many fields.
func readTSV(name string, cols []string) ([][]string, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var out [][]string
	header := false
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if !header {
			if strings.Join(f, "\t") != strings.Join(cols, "\t") {
				return nil, fmt.Errorf("%s:%d: header %q, want %q", name, i+1, line, strings.Join(cols, "\t"))
			}
			header = true
			continue
		}
		if len(f) != len(cols) {
			return nil, fmt.Errorf("%s:%d: %d fields, want %d", name, i+1, len(f), len(cols))
		}
		out = append(out, f)
	}
	return out, nil
}

// checkout makes or checks each row's checkout and lists each split's in
// WORK/<split>.tsv.
func checkout(m manifest, mirrors, work string) error {
	lists := map[string]*strings.Builder{}
	var failed []string
	for _, r := range m {
		dir := r.checkoutDir(work)
		if err := checkoutOne(r, mirrors, dir); err != nil {
			failed = append(failed, fmt.Sprintf("%s@%s: %v", r.Repo, r.Commit[:12], err))
			continue
		}
		b := lists[r.Split]
		if b == nil {
			b = &strings.Builder{}
			b.WriteString("repo\tcommit\tpath\tcheckout\n")
			lists[r.Split] = b
		}
		fmt.Fprintf(b, "%s\t%s\t%s\t%s\n", r.Repo, r.Commit, r.Path, dir)
	}
	for split, b := range lists {
		if err := os.WriteFile(filepath.Join(work, split+".tsv"), []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	for _, f := range failed {
		fmt.Fprintln(os.Stderr, "eval: checkout:", f)
	}
	fmt.Printf("%d of %d checkouts ready under %s\n", len(m)-len(failed), len(m), work)
	if len(failed) > 0 {
		return fmt.Errorf("%d checkouts failed", len(failed))
	}
	return nil
}

// checkoutOne makes dir a checkout of r's commit, cloned from its mirror
// with the mirror's objects shared; an existing checkout at that commit
// is kept.
func checkoutOne(r row, mirrors, dir string) error {
	if head, err := git(dir, "rev-parse", "HEAD"); err == nil && head == r.Commit {
		return nil
	}
	mirror := findMirror(mirrors, r.Repo)
	if mirror == "" {
		return fmt.Errorf("no mirror of %s under %s", r.Repo, mirrors)
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	if _, err := git("", "clone", "--quiet", "--no-checkout", "--shared", mirror, dir); err != nil {
		return err
	}
	if _, err := git(dir, "checkout", "--quiet", "--detach", r.Commit); err != nil {
		return err
	}
	if _, err := git(dir, "ls-tree", "--name-only", "HEAD", "--", r.Path); err != nil {
		return err
	}
	if info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(r.Path))); err != nil || !info.IsDir() {
		return fmt.Errorf("%s is not a folder at %s", r.Path, r.Commit[:12])
	}
	return nil
}

// findMirror returns the git directory of repo's mirror, or "".
func findMirror(mirrors, repo string) string {
	flat := strings.ReplaceAll(repo, "/", "+")
	for _, c := range []string{
		filepath.Join(mirrors, flat, "repo"), filepath.Join(mirrors, flat+".git"), filepath.Join(mirrors, flat),
		filepath.Join(mirrors, filepath.FromSlash(repo)+".git"), filepath.Join(mirrors, filepath.FromSlash(repo)),
	} {
		if _, err := os.Stat(filepath.Join(c, "objects")); err == nil {
			return c
		}
		if _, err := os.Stat(filepath.Join(c, ".git", "objects")); err == nil {
			return c
		}
	}
	return ""
}

// git runs git in dir (the process's own folder for "") and returns its
// output, trimmed.
func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}

// finding is one of memlint's findings in a run, with the row it came
// from.
type finding struct {
	Repo     string `json:"repo"`
	Commit   string `json:"commit"`
	Dir      string `json:"dir"`
	Split    string `json:"split"`
	Path     string `json:"path"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

func (f finding) key() string {
	return strings.Join([]string{f.Repo, f.Commit, f.Path, strconv.Itoa(f.Line), strconv.Itoa(f.Column), f.Rule}, "\t")
}

func (f finding) lineKey() string {
	return strings.Join([]string{f.Repo, f.Commit, f.Path, strconv.Itoa(f.Line), f.Rule}, "\t")
}

func (f finding) String() string {
	return fmt.Sprintf("%s@%s %s:%d:%d %s %s: %s", f.Repo, f.Commit[:12], f.Path, f.Line, f.Column, f.Severity, f.Rule, f.Message)
}

// run lints every row and writes WORK/findings-<split>.jsonl.
func run(m manifest, work, bin string, jobs int) error {
	if bin == "" {
		bin = filepath.Join(work, "bin", "memlint")
		build := exec.Command("go", "build", "-o", bin, "./cmd/memlint")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("build memlint: %w", err)
		}
	}
	bin, err := filepath.Abs(bin)
	if err != nil {
		return err
	}
	// An empty home: no global gitignore, Claude Code memory or settings
	// of this machine takes part, as on a fresh CI runner.
	home := filepath.Join(work, "home")
	if err := os.MkdirAll(filepath.Join(home, ".config"), 0o755); err != nil {
		return err
	}
	results := make([][]finding, len(m))
	errs := make([]error, len(m))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < max(jobs, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i], errs[i] = lintRow(m[i], work, bin, home)
			}
		}()
	}
	for i := range m {
		next <- i
	}
	close(next)
	wg.Wait()
	bySplit := map[string][]finding{}
	failed := 0
	for i, r := range m {
		if errs[i] != nil {
			failed++
			fmt.Fprintf(os.Stderr, "eval: run: %s %s: %v\n", r.Repo, r.Path, errs[i])
		}
		bySplit[r.Split] = append(bySplit[r.Split], results[i]...)
	}
	for _, split := range m.splits() {
		fs := bySplit[split]
		sort.Slice(fs, func(i, j int) bool { return fs[i].key() < fs[j].key() })
		var b bytes.Buffer
		for _, f := range fs {
			line, _ := json.Marshal(f)
			b.Write(line)
			b.WriteByte('\n')
		}
		name := filepath.Join(work, "findings-"+split+".jsonl")
		if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
			return err
		}
		fmt.Printf("%s: %d findings -> %s\n", split, len(fs), name)
	}
	if failed > 0 {
		return fmt.Errorf("%d memory dirs could not be linted", failed)
	}
	return nil
}

// lintRow runs memlint in the row's checkout over its memory dir.
func lintRow(r row, work, bin, home string) ([]finding, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "check", "--preview", "--format", "json", "--exit-zero", r.Path)
	cmd.Dir = r.checkoutDir(work)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"GIT_CONFIG_NOSYSTEM=1", "LANG=C.UTF-8", "NO_COLOR=1"}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	var rep struct {
		Diagnostics []struct {
			Rule, Severity, Path, Message string
			Line, Column                  int
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		return nil, fmt.Errorf("memlint's JSON: %w", err)
	}
	out := make([]finding, len(rep.Diagnostics))
	for i, d := range rep.Diagnostics {
		out[i] = finding{Repo: r.Repo, Commit: r.Commit, Dir: r.Path, Split: r.Split, Path: d.Path, Line: d.Line,
			Column: d.Column, Rule: d.Rule, Severity: d.Severity, Message: d.Message}
	}
	return out, nil
}

// readFindings reads the findings of the last run of each split.
func readFindings(m manifest, work string) ([]finding, error) {
	var out []finding
	for _, split := range m.splits() {
		data, err := os.ReadFile(filepath.Join(work, "findings-"+split+".jsonl"))
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("no findings of split %s: run eval/eval.go run first", split)
		}
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			var f finding
			if err := json.Unmarshal(sc.Bytes(), &f); err != nil {
				return nil, err
			}
			out = append(out, f)
		}
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// judgment is one line of eval/judgments.tsv.
type judgment struct {
	Repo, Commit, Path string
	Line, Column       int
	Rule, Verdict      string
	Reason             string
}

var judgmentCols = []string{"repo", "commit", "path", "line", "column", "rule", "verdict", "reason"}

var verdicts = map[string]bool{"right": true, "wrong": true, "debatable": true}

// severityOf orders verdicts from the best for the rule to the worst.
var severityOf = map[string]int{"right": 0, "debatable": 1, "wrong": 2}

func (j judgment) key() string {
	return strings.Join([]string{j.Repo, j.Commit, j.Path, strconv.Itoa(j.Line), strconv.Itoa(j.Column), j.Rule}, "\t")
}

func (j judgment) lineKey() string {
	return strings.Join([]string{j.Repo, j.Commit, j.Path, strconv.Itoa(j.Line), j.Rule}, "\t")
}

func (j judgment) record() string {
	return strings.Join([]string{j.Repo, j.Commit, j.Path, strconv.Itoa(j.Line), strconv.Itoa(j.Column), j.Rule, j.Verdict, j.Reason}, "\t")
}

func readJudgments(name string) ([]judgment, error) {
	if _, err := os.Stat(name); errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	recs, err := readTSV(name, judgmentCols)
	if err != nil {
		return nil, err
	}
	out := make([]judgment, len(recs))
	for i, r := range recs {
		line, err1 := strconv.Atoi(r[3])
		col, err2 := strconv.Atoi(r[4])
		if err1 != nil || err2 != nil || !verdicts[r[6]] || len(r[1]) != 40 || strings.TrimSpace(r[7]) == "" {
			return nil, fmt.Errorf("%s: bad judgment %q (line and column are numbers, the verdict right, wrong or debatable, a reason given)", name, strings.Join(r, "\t"))
		}
		out[i] = judgment{Repo: r[0], Commit: r[1], Path: r[2], Line: line, Column: col, Rule: r[5], Verdict: r[6], Reason: r[7]}
	}
	return out, nil
}

// judged matches findings with judgments: by position (a judgment covers
// every finding of its rule there), or by line when the line holds the
// rule's findings at one position and one judgment (a rule that now reads
// a path from another column still made the same finding).
// seen records, per rule, the splits read while it was written.
type seen map[string]map[string]bool

func readSeen(name string) (seen, error) {
	recs, err := readTSV(name, []string{"rule", "split", "why"})
	if err != nil {
		return nil, err
	}
	s := seen{}
	for _, r := range recs {
		if s[r[0]] == nil {
			s[r[0]] = map[string]bool{}
		}
		s[r[0]][r[1]] = true
	}
	return s, nil
}

// counts reports whether the rule's findings in split measure it: the
// split was not read while the rule was written.
func (s seen) counts(rule, split string) bool { return !s[rule][split] }

type judged struct {
	verdict map[int]judgment // finding index → its judgment
	unused  []judgment       // judgments no finding matches
}

func match(fs []finding, js []judgment) judged {
	byKey := map[string]int{}
	byLine := map[string][]int{}
	for i, j := range js {
		byKey[j.key()] = i
		byLine[j.lineKey()] = append(byLine[j.lineKey()], i)
	}
	findingsOnLine := map[string]map[string]bool{} // line key → the places of its findings
	for _, f := range fs {
		if findingsOnLine[f.lineKey()] == nil {
			findingsOnLine[f.lineKey()] = map[string]bool{}
		}
		findingsOnLine[f.lineKey()][f.key()] = true
	}
	used := make([]bool, len(js))
	res := judged{verdict: map[int]judgment{}}
	for i, f := range fs {
		// A judgment covers every finding of its rule at its place.
		if k, ok := byKey[f.key()]; ok {
			res.verdict[i], used[k] = js[k], true
		}
	}
	for i, f := range fs {
		if _, ok := res.verdict[i]; ok {
			continue
		}
		if ks := byLine[f.lineKey()]; len(ks) == 1 && len(findingsOnLine[f.lineKey()]) == 1 && !used[ks[0]] {
			res.verdict[i], used[ks[0]] = js[ks[0]], true
		}
	}
	for k, j := range js {
		if !used[k] {
			res.unused = append(res.unused, j)
		}
	}
	return res
}

// measure is what the judgments say of one rule's findings.
type measure struct {
	findings, judged, right, wrong, debatable int
	dirs                                      map[string]bool
}

func (ms measure) precision() float64 {
	if ms.judged == 0 {
		return 0
	}
	return float64(ms.right) / float64(ms.judged)
}

func table(m manifest, work string, verbose, write bool) error {
	fs, err := readFindings(m, work)
	if err != nil {
		return err
	}
	js, err := readJudgments(judgmentsFile)
	if err != nil {
		return err
	}
	inRun := map[string]bool{}
	for _, r := range m {
		inRun[r.Repo+"\t"+r.Commit] = true
	}
	var relevant []judgment
	for _, j := range js {
		if inRun[j.Repo+"\t"+j.Commit] {
			relevant = append(relevant, j)
		}
	}
	jm := match(fs, relevant)
	sn, err := readSeen(seenFile)
	if err != nil {
		return err
	}
	measured := map[string]*measure{}
	all := rules.All()
	for _, r := range all {
		measured[r.ID] = &measure{dirs: map[string]bool{}}
	}
	for i, f := range fs {
		if !sn.counts(f.Rule, f.Split) {
			continue // read while the rule was written: no measurement
		}
		ms := measured[f.Rule]
		if ms == nil {
			ms = &measure{dirs: map[string]bool{}}
			measured[f.Rule] = ms
		}
		ms.findings++
		j, ok := jm.verdict[i]
		if !ok {
			continue
		}
		ms.judged++
		ms.dirs[f.Repo+"\t"+f.Dir] = true
		switch j.Verdict {
		case "right":
			ms.right++
		case "wrong":
			ms.wrong++
		default:
			ms.debatable++
		}
	}
	fmt.Printf("Splits: %s; a rule is measured on those not read while it was written (%s). Precision = right ÷ judged (debatable counts against).\n\n", strings.Join(m.splits(), ", "), seenFile)
	fmt.Println("| rule | stage | default | findings | judged | right | wrong | debatable | precision | bar |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	var weighted, weight float64
	var right, judgedAll int
	for _, r := range all {
		ms := measured[r.ID]
		prec, mark := "—", ""
		if ms.judged > 0 {
			prec = fmt.Sprintf("%.1f %%", 100*ms.precision())
		}
		switch {
		case rules.MeetsBar(r, rules.Measurement{Findings: ms.findings, Judged: ms.judged, Right: ms.right, Wrong: ms.wrong, Debatable: ms.debatable}):
			mark = "✓"
		case r.Stage == lint.Stable:
			mark = "✗"
		}
		fmt.Printf("| %s | %s | %s | %d | %d | %d | %d | %d | %s | %s |\n", r.ID, r.Stage, r.Severity, ms.findings, ms.judged, ms.right, ms.wrong, ms.debatable, prec, mark)
		if r.Stage == lint.Stable && ms.judged > 0 {
			weighted += float64(ms.findings) * ms.precision()
			weight += float64(ms.findings)
			right += ms.right
			judgedAll += ms.judged
		}
	}
	if weight > 0 {
		fmt.Printf("\nStable rules, weighted by how often each fires: %.1f %% (%d findings); judged findings right: %d of %d (%.1f %%).\n",
			100*weighted/weight, int(weight), right, judgedAll, 100*float64(right)/float64(judgedAll))
	}
	var unjudged []finding
	for i, f := range fs {
		if _, ok := jm.verdict[i]; !ok {
			unjudged = append(unjudged, f)
		}
	}
	fmt.Printf("\nDiff against the judgments: %d findings not judged yet, %d judged findings memlint no longer makes.\n", len(unjudged), len(jm.unused))
	printCounts("not judged yet", countBy(len(unjudged), func(i int) string { return unjudged[i].Split + " " + unjudged[i].Rule }))
	printCounts("no longer made", countBy(len(jm.unused), func(i int) string { return jm.unused[i].Rule + " (" + jm.unused[i].Verdict + ")" }))
	if verbose {
		for _, f := range unjudged {
			fmt.Println("  new ", f)
		}
		for _, j := range jm.unused {
			fmt.Printf("  gone %s@%s %s:%d:%d %s (%s: %s)\n", j.Repo, j.Commit[:12], j.Path, j.Line, j.Column, j.Rule, j.Verdict, j.Reason)
		}
	}
	if write {
		return writePrecision(all, measured)
	}
	return nil
}

func countBy(n int, key func(int) string) map[string]int {
	c := map[string]int{}
	for i := 0; i < n; i++ {
		c[key(i)]++
	}
	return c
}

func printCounts(title string, c map[string]int) {
	if len(c) == 0 {
		return
	}
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Printf("  %s:", title)
	for _, k := range keys {
		fmt.Printf(" %s %d;", k, c[k])
	}
	fmt.Println()
}

// writePrecision writes the measurement of every rule.
func writePrecision(all []*lint.Rule, measured map[string]*measure) error {
	var b strings.Builder
	b.WriteString("# Precision of each rule on real memory not read while it was written, measured by eval/eval.go (eval/README.md).\n")
	b.WriteString("# Generated by `go run eval/eval.go table -work DIR -write`; do not edit.\n")
	b.WriteString("rule\tfindings\tjudged\tright\twrong\tdebatable\tdirs\n")
	for _, r := range all {
		ms := measured[r.ID]
		fmt.Fprintf(&b, "%s\t%d\t%d\t%d\t%d\t%d\t%d\n", r.ID, ms.findings, ms.judged, ms.right, ms.wrong, ms.debatable, len(ms.dirs))
	}
	return os.WriteFile(precisionFile, []byte(b.String()), 0o644)
}

// sheet writes the findings not judged yet that measure their rule (on
// a split not read while it was written), with the lines around each, for
// a judge: one block per finding, its key first.
func sheet(m manifest, work, rule string, n int, out string) error {
	fs, err := readFindings(m, work)
	if err != nil {
		return err
	}
	js, err := readJudgments(judgmentsFile)
	if err != nil {
		return err
	}
	jm := match(fs, js)
	sn, err := readSeen(seenFile)
	if err != nil {
		return err
	}
	byRule := map[string][]int{}
	for i, f := range fs {
		if _, ok := jm.verdict[i]; ok || (rule != "" && f.Rule != rule) || !sn.counts(f.Rule, f.Split) {
			continue // judged, another rule's, or measuring nothing
		}
		byRule[f.Rule] = append(byRule[f.Rule], i)
	}
	ids := make([]string, 0, len(byRule))
	for id := range byRule {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	rows := map[string]row{}
	for _, r := range m {
		rows[r.Repo+"\t"+r.Commit+"\t"+r.Path] = r
	}
	var b bytes.Buffer
	count := 0
	for _, id := range ids {
		idx := byRule[id]
		if n > 0 && len(idx) > n {
			h := fnv.New64a()
			h.Write([]byte(id))
			rnd := rand.New(rand.NewSource(int64(h.Sum64())))
			rnd.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
			idx = idx[:n]
			sort.Ints(idx)
		}
		for _, i := range idx {
			f := fs[i]
			count++
			fmt.Fprintf(&b, "=== %s\t%s\t%s\t%d\t%d\t%s\n", f.Repo, f.Commit, f.Path, f.Line, f.Column, f.Rule)
			fmt.Fprintf(&b, "%s: %s\n", f.Severity, f.Message)
			r := rows[f.Repo+"\t"+f.Commit+"\t"+f.Dir]
			fmt.Fprintf(&b, "checkout: %s\n", r.checkoutDir(work))
			b.WriteString(context3(filepath.Join(r.checkoutDir(work), filepath.FromSlash(f.Path)), f.Line))
			b.WriteString("\n")
		}
	}
	if err := os.WriteFile(out, b.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Printf("%d findings to judge -> %s\n", count, out)
	return nil
}

// context3 returns the lines around line of the file, numbered, or a
// note when it cannot be read; line 0 (a finding about the whole file)
// shows the first lines.
func context3(name string, line int) string {
	data, err := os.ReadFile(name)
	if err != nil {
		return fmt.Sprintf("  (cannot read: %v)\n", err)
	}
	lines := strings.Split(string(data), "\n")
	from, to := line-3, line+3
	if line == 0 {
		from, to = 1, 8
	}
	var b strings.Builder
	for n := max(from, 1); n <= min(to, len(lines)); n++ {
		mark := "  "
		if n == line {
			mark = "> "
		}
		text := lines[n-1]
		if len(text) > 400 {
			text = text[:400] + "…"
		}
		fmt.Fprintf(&b, "%s%4d | %s\n", mark, n, text)
	}
	return b.String()
}

// merge adds the judged lines of in to eval/judgments.tsv: each must name
// a finding of the last run and not be judged already; the file stays
// sorted.
func merge(m manifest, work, in string) error {
	fs, err := readFindings(m, work)
	if err != nil {
		return err
	}
	old, err := readJudgments(judgmentsFile)
	if err != nil {
		return err
	}
	added, err := readJudgmentLines(in)
	if err != nil {
		return err
	}
	findings := map[string]bool{}
	for _, f := range fs {
		findings[f.key()] = true
	}
	have := map[string]bool{}
	for _, j := range old {
		have[j.key()] = true
	}
	all := append([]judgment(nil), old...)
	var problems []string
	merged := map[string]int{} // key → index in all, for lines of in that share one
	for _, j := range added {
		switch i, again := merged[j.key()]; {
		case !findings[j.key()]:
			problems = append(problems, "no such finding: "+j.record())
		case again:
			// Several findings of one rule at one place (frontmatter-required's
			// missing keys) share a judgment: the worst verdict stands.
			if severityOf[j.Verdict] > severityOf[all[i].Verdict] {
				all[i].Verdict, all[i].Reason = j.Verdict, j.Reason
			}
		case have[j.key()]:
			problems = append(problems, "judged already: "+j.record())
		default:
			have[j.key()] = true
			merged[j.key()] = len(all)
			all = append(all, j)
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%d lines refused, nothing merged:\n  %s", len(problems), strings.Join(problems, "\n  "))
	}
	sort.Slice(all, func(i, j int) bool { return all[i].key() < all[j].key() })
	var b strings.Builder
	b.WriteString("# What a careful user decided about memlint's findings on real memory (eval/README.md): one finding a line.\n")
	b.WriteString("# verdict: right, wrong or debatable; the reason is a judge's own words, never the memory's text.\n")
	b.WriteString(strings.Join(judgmentCols, "\t") + "\n")
	for _, j := range all {
		b.WriteString(j.record() + "\n")
	}
	if err := os.WriteFile(judgmentsFile, []byte(b.String()), 0o644); err != nil {
		return err
	}
	fmt.Printf("merged %d judged lines as %d judgments (%d in all)\n", len(added), len(all)-len(old), len(all))
	return nil
}

// readJudgmentLines reads judged lines without a header: the columns of
// the judgments file, tab separated; blank and # lines are skipped.
func readJudgmentLines(name string) ([]judgment, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []judgment
	sc := bufio.NewScanner(io.LimitReader(f, 1<<26))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "repo\t") {
			continue
		}
		r := strings.Split(line, "\t")
		if len(r) != len(judgmentCols) {
			return nil, fmt.Errorf("%s:%d: %d fields, want %d (%s)", name, n, len(r), len(judgmentCols), strings.Join(judgmentCols, ", "))
		}
		l, err1 := strconv.Atoi(r[3])
		c, err2 := strconv.Atoi(r[4])
		if err1 != nil || err2 != nil || !verdicts[r[6]] || strings.TrimSpace(r[7]) == "" {
			return nil, fmt.Errorf("%s:%d: bad judgment %q", name, n, line)
		}
		out = append(out, judgment{Repo: r[0], Commit: r[1], Path: r[2], Line: l, Column: c, Rule: r[5], Verdict: r[6], Reason: strings.TrimSpace(r[7])})
	}
	return out, sc.Err()
}
