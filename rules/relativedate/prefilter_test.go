package relativedate

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
	"time"
	"unicode"

	"github.com/memlint/memlint/internal/benchgen"
	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// The prefilter (rdScanners) decides which of the languages' scanners a
// text needs before any regular expression runs; it makes the rule 7–10×
// faster, and a word it forgets silently hides every finding of that word.
// These tests run the rule twice, once with the prefilter and once with
// every scanner on every text (scanAll), and require the same findings
// over every fixture, over thousands of generated lines mixing the words
// of the rule's tables with noise, and over the rule's own documentation.
//
// Mutation-checked by hand: deleting "tonight" from rdWords, or returning
// false from rdCJKPair for '天' or from rdKoreanPair for 오늘, makes
// TestPrefilterGenerated fail (the full scan finds "tonight", 今天, 오늘 where
// the prefiltered one does not).

// scanAll asks for every scanner: the rule without its prefilter.
func scanAll([]byte) int { return rdNeedEnglish | rdNeedCJK | rdNeedKorean }

// fullScan is the rule with the prefilter turned off.
var fullScan = func() *lint.Rule {
	r := *Rule
	r.Run = func(pass *lint.Pass) { run(pass, scanAll) }
	return &r
}()

// allTypes checks every memory type, so that no generated or fixture file
// is skipped for its type.
const allTypes = "rules:\n  relative-date: {types: [user, feedback, project, reference]}\n"

// findings lints the memory dir fsys with rule and returns its findings,
// one line each, in order.
func findings(t *testing.T, rule *lint.Rule, fsys fstest.MapFS, config []byte) []string {
	t.Helper()
	reg, err := lint.NewRegistry(rule)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := lint.ParseConfig(config, lint.ConfigFileName, reg)
	if err != nil {
		t.Fatalf("config: %v", err)
	}
	l := &lint.Linter{Setup: lint.Setup{Registry: cfg.Registry(reg), Only: []string{rule.ID},
		Now: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)}, Config: cfg, Root: "/memory"}
	res, err := l.Lint(fsys, []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range res.Diagnostics {
		fix := ""
		if d.Fix != nil {
			fix = fmt.Sprint(d.Fix.Edits)
		}
		out = append(out, fmt.Sprintf("%s:%d:%d-%d:%d %s %s | %s | %s", d.Path, d.Start.Line, d.Start.Col,
			d.End.Line, d.End.Col, d.Severity, d.Message, d.Suggestion, fix))
	}
	return out
}

// sameFindings fails the test when the prefiltered rule and the full scan
// disagree on fsys, and returns how many findings they agree on.
func sameFindings(t *testing.T, name string, fsys fstest.MapFS, config []byte) int {
	t.Helper()
	got, want := findings(t, Rule, fsys, config), findings(t, fullScan, fsys, config)
	if strings.Join(got, "\n") == strings.Join(want, "\n") {
		return len(got)
	}
	seen := map[string]int{}
	for _, g := range got {
		seen[g]++
	}
	for _, w := range want {
		if seen[w] > 0 {
			seen[w]--
			continue
		}
		t.Errorf("%s: the full scan finds what the prefilter drops: %s", name, w)
	}
	for g, n := range seen {
		if n > 0 {
			t.Errorf("%s: the prefiltered scan finds what the full scan does not: %s", name, g)
		}
	}
	return len(got)
}

// TestPrefilterFixtures compares the two scans over every fixture of the
// rule, with every memory type checked.
func TestPrefilterFixtures(t *testing.T) {
	var dirs []string
	for _, root := range []string{filepath.Join("testdata", "relative-date")} {
		cases, err := os.ReadDir(root)
		if err != nil {
			continue
		}
		for _, c := range cases {
			if c.IsDir() {
				dirs = append(dirs, filepath.Join(root, c.Name()))
			}
		}
	}
	if len(dirs) < 20 {
		t.Fatalf("found %d fixture cases of relative-date; want the 20 or more the rule has", len(dirs))
	}
	total := 0
	for _, dir := range dirs {
		fsys := fstest.MapFS{}
		err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
				return err
			}
			b, err := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			fsys[filepath.ToSlash(rel)] = &fstest.MapFile{Data: b}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		total += sameFindings(t, dir, fsys, []byte(allTypes))
	}
	if total < 50 {
		t.Errorf("the fixtures gave %d findings in all; the comparison is only worth something over many", total)
	}
}

// vocabulary returns the words the generated texts are made of: the words
// and characters of the detectors' patterns and of the word tables, each
// CJK and Hangul character on its own (so that half of a pair appears), and
// noise.
func vocabulary() []string {
	set := map[string]bool{}
	// Runs of letters in the patterns' sources: "tomorrow", "下周", "오늘".
	letters := regexp.MustCompile(`\p{L}+`)
	for _, re := range []*lazyre.Regexp{rdEnglishRe, rdCJKRe, rdKoreanRe} {
		for _, w := range letters.FindAllString(re.String(), -1) {
			set[w] = true
		}
	}
	for w := range rdWords {
		set[w] = true
	}
	for w := range rdNumberWords {
		set[w] = true
	}
	for w := range rdCJKFixed {
		set[w] = true
	}
	for w := range rdCJKWeekOffset {
		set[w] = true
	}
	for w := range rdKoFixed {
		set[w] = true
	}
	for w := range rdKoOffset {
		set[w] = true
	}
	for w := range rdKoCount {
		set[w] = true
	}
	for _, list := range []map[string]bool{rdDurationBefore, rdFutureCue, rdWeekdaySkipBefore, rdLabelNoun} {
		for w := range list {
			set[w] = true
		}
	}
	for w := range set {
		for _, r := range w {
			if r >= 0x3000 {
				set[string(r)] = true
			}
		}
	}
	for _, w := range []string{"3", "12", "30", "2026-03-05", "３", "the", "in", "a", "of", "end", "Deploy",
		"ship", "x", "cache", "**", "`code`", "#", "|", "-", "。", "，", "、", "에", "은", "の", "に", "了", "以", "之"} {
		set[w] = true
	}
	words := make([]string, 0, len(set))
	for w := range set {
		if w != "" {
			words = append(words, w)
		}
	}
	sort.Strings(words) // map order is random; the seed decides the rest
	return words
}

// generated returns n files of random text: lines of words from vocab
// joined by spaces, nothing, punctuation or line breaks, in paragraphs,
// headings and list items, some in the description.
func generated(seed uint64, files, lines int) fstest.MapFS {
	vocab := vocabulary()
	rng := rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))
	seps := []string{" ", " ", " ", "", ", ", ". ", "\n", " - ", "\t"}
	starts := []string{"", "", "", "- ", "## ", "> ", "1. ", "**Note:** "}
	line := func() string {
		var b strings.Builder
		b.WriteString(starts[rng.IntN(len(starts))])
		for k := 2 + rng.IntN(10); k > 0; k-- {
			w := vocab[rng.IntN(len(vocab))]
			if rng.IntN(4) == 0 {
				w = capitalise(w)
			}
			b.WriteString(w)
			b.WriteString(seps[rng.IntN(len(seps))])
		}
		return b.String()
	}
	fsys := fstest.MapFS{}
	for i := range files {
		var body strings.Builder
		for range lines {
			body.WriteString(line())
			body.WriteString("\n")
			if rng.IntN(3) == 0 {
				body.WriteString("\n")
			}
		}
		desc := strings.NewReplacer("'", "''", "\n", " ", "\t", " ").Replace(line())
		modified := ""
		if i%2 == 0 {
			modified = "modified: 2026-09-1" + fmt.Sprint(i%10) + "\n"
		}
		src := "---\nname: generated " + fmt.Sprint(i) + "\ndescription: '" + desc + "'\ntype: project\n" + modified +
			"---\n\n" + body.String()
		fsys[fmt.Sprintf("project_generated_%03d.md", i)] = &fstest.MapFile{Data: []byte(src)}
	}
	return fsys
}

func capitalise(w string) string {
	for i, r := range w {
		return string(unicode.ToUpper(r)) + w[i+len(string(r)):]
	}
	return w
}

// TestPrefilterGenerated compares the two scans over 4,000 generated lines
// dense with the tables' words, from a fixed seed.
func TestPrefilterGenerated(t *testing.T) {
	total := 0
	for seed := uint64(1); seed <= 4; seed++ {
		total += sameFindings(t, fmt.Sprintf("seed %d", seed), generated(seed, 20, 50), []byte(allTypes))
	}
	if total < 1000 {
		t.Errorf("the generated texts gave %d findings; they should be dense with dates", total)
	}
}

// TestPrefilterDoc compares the two scans over the rule's own
// documentation, which names every kind of expression the rule knows.
func TestPrefilterDoc(t *testing.T) {
	fsys := fstest.MapFS{"project_doc.md": {Data: []byte("---\nname: doc\ndescription: the relative-date rule\ntype: project\n---\n\n" + doc)}}
	if n := sameFindings(t, "relative-date.md", fsys, []byte(allTypes)); n == 0 {
		t.Error("the doc gave no findings: it names many relative dates")
	}
}

// BenchmarkRelativeDate measures the rule on the generated tree of the
// project's benchmarks. Through the engine: with its prefilter, without
// it, and a rule that does nothing (file-unreadable), which is the cost of
// loading and parsing. Scan only, on files parsed beforehand: the bodies
// with the prefilter and without it, which is what the prefilter saves.
func BenchmarkRelativeDate(b *testing.B) {
	fsys := benchgen.GenerateFS(4, 50, 1)
	dirs, err := memory.FindDirs(fsys, ".", nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		rule *lint.Rule
	}{{"load-only", lint.FileUnreadable}, {"engine-prefilter", Rule}, {"engine-full-scan", fullScan}} {
		b.Run(c.name, func(b *testing.B) {
			reg, err := lint.NewRegistry(c.rule)
			if err != nil {
				b.Fatal(err)
			}
			l := &lint.Linter{Setup: lint.Setup{Registry: reg, Only: []string{c.rule.ID}}}
			var files int
			for b.Loop() {
				res, err := l.Lint(fsys, dirs)
				if err != nil {
					b.Fatal(err)
				}
				files = res.Files
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(files), "ns/file")
		})
	}
	var parsed []*memory.File
	for _, f := range fsys {
		lines := markdown.NewLineIndex(f.Data)
		md, err := markdown.ParseMarkdown(f.Data, 0, lines)
		if err != nil {
			b.Fatal(err)
		}
		pf := &memory.File{Src: f.Data, Lines: lines}
		pf.SetBody(md)
		parsed = append(parsed, pf)
	}
	for _, c := range []struct {
		name     string
		scanners func([]byte) int
	}{{"scan-prefilter", rdScanners}, {"scan-full", scanAll}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				for _, f := range parsed {
					rdCheckBody(f, c.scanners, func(int, int, dateMeaning) {})
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(parsed)), "ns/file")
		})
	}
}
