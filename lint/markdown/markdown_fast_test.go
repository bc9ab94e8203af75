package markdown

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/memlint/memlint/internal/benchgen"
	"github.com/memlint/memlint/internal/testcorpus"
	"github.com/rogpeppe/go-internal/txtar"
)

// fastCase is one Markdown file the differential test parses both ways.
type fastCase struct {
	name string
	src  []byte
}

// fastBodyStarts returns the offsets the model is built from: the whole
// file, and after a leading frontmatter block when there is one.
func fastBodyStarts(src []byte) []int {
	starts := []int{0}
	if bytes.HasPrefix(src, []byte("---\n")) {
		if end := bytes.Index(src[4:], []byte("\n---\n")); end >= 0 {
			starts = append(starts, 4+end+len("\n---\n"))
		}
	}
	return starts
}

// goldmarkModel is goldmarkMarkdown with a panic reported as ok false.
func goldmarkModel(src []byte, start int, lines *LineIndex) (md *Markdown, ok bool) {
	defer func() {
		if recover() != nil {
			md, ok = nil, false
		}
	}()
	return goldmarkMarkdown(src, start, lines), true
}

// fastDiff returns "" when the fast path declines src[start:] or builds
// goldmark's model, else what differs. taken says whether it accepted.
func fastDiff(src []byte, start int) (diff string, taken bool) {
	lines := NewLineIndex(src)
	if markdownTooCostly(src[start:]) != "" {
		return "", false // ParseMarkdown never gets to either parser
	}
	got, ok := fastMarkdown(src, start, lines)
	if !ok {
		return "", false
	}
	want, ok := goldmarkModel(src, start, lines)
	if !ok {
		return "goldmark panics on a body the fast path takes", true
	}
	if reflect.DeepEqual(got, want) {
		return "", true
	}
	return modelDiff(got, want), true
}

// modelDiff names the first field of the model, and the first element of
// it, where the fast path and goldmark differ.
func modelDiff(got, want *Markdown) string {
	g, w := reflect.ValueOf(got).Elem(), reflect.ValueOf(want).Elem()
	for i := range g.NumField() {
		gf, wf := g.Field(i), w.Field(i)
		if reflect.DeepEqual(gf.Interface(), wf.Interface()) {
			continue
		}
		name := g.Type().Field(i).Name
		if gf.Kind() != reflect.Slice {
			return fmt.Sprintf("%s: fast %v, goldmark %v", name, gf.Interface(), wf.Interface())
		}
		for j := 0; j < max(gf.Len(), wf.Len()); j++ {
			var ge, we any = "none", "none"
			if j < gf.Len() {
				ge = gf.Index(j).Interface()
			}
			if j < wf.Len() {
				we = wf.Index(j).Interface()
			}
			if !reflect.DeepEqual(ge, we) {
				return fmt.Sprintf("%s[%d]: fast %+v, goldmark %+v (nil: fast %v, goldmark %v)", name, j, ge, we, gf.IsNil(), wf.IsNil())
			}
		}
		return fmt.Sprintf("%s: fast nil %v, goldmark nil %v", name, gf.IsNil(), wf.IsNil())
	}
	return "models differ"
}

// fixtureCases reads every Markdown file (and every .md member of a txtar
// archive) under the given dirs of the repository.
func fixtureCases(t *testing.T, dirs ...string) []fastCase {
	t.Helper()
	var out []fastCase
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return err
			}
			switch {
			case strings.HasSuffix(p, ".md"):
				src, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				out = append(out, fastCase{p, src})
			case strings.HasSuffix(p, ".txtar"):
				ar, err := txtar.ParseFile(p)
				if err != nil {
					return err
				}
				for _, f := range ar.Files {
					if strings.HasSuffix(f.Name, ".md") {
						out = append(out, fastCase{p + ":" + f.Name, f.Data})
					}
				}
			case strings.Contains(p, "testdata/fuzz/"):
				out = append(out, fuzzSeedCases(t, p)...)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// fuzzSeedCases reads the []byte and string values of a fuzz corpus file.
func fuzzSeedCases(t *testing.T, p string) []fastCase {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var out []fastCase
	for _, line := range strings.Split(string(data), "\n") {
		lit, ok := strings.CutPrefix(line, "[]byte(")
		if !ok {
			lit, ok = strings.CutPrefix(line, "string(")
		}
		if !ok || !strings.HasSuffix(lit, ")") {
			continue
		}
		if s, err := strconv.Unquote(strings.TrimSuffix(lit, ")")); err == nil {
			out = append(out, fastCase{p, []byte(s)})
		}
	}
	return out
}

// TestFastMarkdownMatchesGoldmark is the differential test of the fast
// path: on every fixture, generated tree and real memory file, whenever
// fastMarkdown takes a body its model is goldmark's, field for field.
func TestFastMarkdownMatchesGoldmark(t *testing.T) {
	sets := map[string][]fastCase{
		"fixtures": fixtureCases(t, "../../testdata", "../../rules", "../../conformance/testdata", "../../cmd/memlint/testdata", "testdata"),
	}
	var generated []fastCase
	for _, seed := range []int64{1, 2, 3} {
		files := benchgen.Files(5, 100, seed)
		for _, p := range sortedKeys(files) {
			generated = append(generated, fastCase{fmt.Sprintf("seed %d: %s", seed, p), files[p]})
		}
	}
	sets["generated"] = generated
	if dir := testcorpus.Dir(); dir != "" {
		sets["corpus"] = fixtureCases(t, dir)
	} else {
		t.Log("no corpus beside the repository: checking fixtures and generated trees only")
	}
	for _, name := range []string{"fixtures", "generated", "corpus"} {
		cases := sets[name]
		if len(cases) == 0 {
			continue
		}
		taken := 0
		for _, c := range cases {
			starts := fastBodyStarts(c.src)
			for k, start := range starts {
				diff, ok := fastDiff(c.src, start)
				if ok && k == len(starts)-1 {
					taken++ // the body as memlint parses it, after any frontmatter
				}
				if diff != "" {
					t.Errorf("%s (body from %d): %s", c.name, start, diff)
				}
			}
		}
		t.Logf("%s: the fast path takes %d of %d files (%.0f %%)", name, taken, len(cases), 100*float64(taken)/float64(len(cases)))
	}
}

// fastSeeds are bodies at the edges of what the fast path takes, and
// whether it takes them.
var fastSeeds = []struct {
	body  string
	taken bool
}{
	{"# Title\n\nText with `code` and a [link](x.md) and [[wiki|label]].\n", true},
	{"- a\n  - b\n    1. c\n- d\n\n  more of d\n", true},
	{"1. one\n2. two\n\n5. five\n", true},
	{"1. one\n2. two\n3) three\n", false}, // a new list at 3 would interrupt a paragraph
	{"para\n- item\n2. not a list\n", false},
	{"```go\ncode\n```\n\n~~~\n```\n~~~\n", true},
	{"- a\n```\nx\n```\n", true},
	{"- a\n  ```\n  x\n  ```\n", false}, // fenced code in a list item
	{"```\nunclosed\n", false},
	{"text  \nmore \\[x](y) ![[embed#frag]] [x] ] a & b < c\n", true},
	{"end\\\nhard break\n", false},
	{"[ref]: /url\n\n[ref]\n", false},
	{"J[0][0] = 0 and [a][] and [x][y](z.md)\n", true},
	{"[a][b]\n\n[b]: /url\n", false},
	{"- [x] done\n- [ ] todo\n", true},
	{"## Heading ##\n", false},
	{"#no heading\n", true},
	{"#\n", false},
	{"a <d> b </d> <br/> <br /> <x-y1>\n", true},
	{"# T\r\n\r\ntext  \r\n- a\r\n  - b\r\n\r\n```\r\ncode\r\n```\r\n---\r\n> q\r\n", true},
	{"old\rmac\r", false},
	{"a <d id=1> b\n", false},
	{"a <d\nb> c\n", false},
	{"a </d/> <-> <1>\n", false},
	{"under <100% and <24h, x <= y\n", true},
	{"mail <1@x.y> or <9:x>\n", false},
	{"a </b> <!-- c --> <?php\n", false},
	{"<http://x.y>\n", false},
	{"line\n===\n", false},
	{"---\n", true},
	{"- a\n\n***\n___\n", true},
	{"para\n---\n", false}, // a setext heading
	{"* * *\n", false},
	{"- a\n  - b\n  c\nd\n", true}, // lazy continuation
	{"  - odd\n", false},
	{"a\n\ttab\n", false},
	{"> quote\n> more\n>\n>next\n\n> again\n", true},
	{"> quote\nlazy\n", false},
	{"> - item\n", false},
	{"> # heading\n", false},
	{">  indented\n", false},
	{"> a\n---\n", false},
	{"<!-- c -->\n", false},
	{"[text](dest \"title\")\n", false},
	{"![image](x.png)\n", false},
	{"`unclosed code\n", false},
}

// FuzzFastMarkdown checks the fast path against goldmark on any input:
// whenever fastMarkdown takes a body, its model is goldmark's.
//
//	go test ./lint -run '^$' -fuzz FuzzFastMarkdown -fuzztime 3m
func FuzzFastMarkdown(f *testing.F) {
	for _, s := range fastSeeds {
		f.Add([]byte(s.body))
	}
	files := benchgen.Files(1, 8, 1)
	for _, p := range sortedKeys(files) {
		f.Add(files[p])
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, start := range fastBodyStarts(src) {
			if diff, _ := fastDiff(src, start); diff != "" {
				t.Fatalf("body from %d of %q: %s", start, src, diff)
			}
		}
	})
}

// TestFastMarkdownSeeds runs the seeds of FuzzFastMarkdown as a table: the
// fast path takes the plain ones, declines what it does not model, and
// agrees with goldmark on what it takes.
func TestFastMarkdownSeeds(t *testing.T) {
	for _, s := range fastSeeds {
		diff, taken := fastDiff([]byte(s.body), 0)
		if diff != "" {
			t.Errorf("%q: %s", s.body, diff)
		}
		if taken != s.taken {
			t.Errorf("%q: fast path takes it %v, want %v", s.body, taken, s.taken)
		}
	}
}
