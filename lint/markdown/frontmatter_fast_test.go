package markdown

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/memlint/memlint/internal/fuzzseed"
	"gopkg.in/yaml.v3"

	"github.com/memlint/memlint/internal/benchgen"
	"github.com/memlint/memlint/internal/testcorpus"
)

// fastFrontmatterCases are frontmatters at the edges of decodeFast's
// subset: each either decodes as yaml.v3 does or is left to yaml.v3. The
// comment says which way a case must go (want): a case meant for the fast
// path that falls back makes the test fail too, so the subset cannot
// shrink unnoticed.
var fastFrontmatterCases = []struct {
	yaml string
	fast bool
}{
	{"name: a\ndescription: b\ntype: user\n", true},
	{"name: a\nmetadata:\n  type: user\n  originSessionId: 1e4a\n", true},
	{"name: a\nmetadata: \n    type: user\n\n    node_type: memory\ntype: x\n", true},
	{"description: \"Stack: Go, \\\"quoted\\\" and \\\\ # kept\"  \n", true},
	{"description: 'it''s: here # too'\n", true},
	{"modified: 2025-03-01T10:00:00.000Z\ncount: 42\nratio: 1e3\nok: true\nnone: ~\nnil: null\nyes: no\n", true},
	{"description: C# and F#, [x], {y}, a:b, 100%, @me\n", true},
	{"description: trailing spaces   \nname: x \n", true},
	{"description: émoji 🎉 — ünïcode\n", true},
	{"metadata:\n  a: b\n   \n  c: d\n  \nname: x\n", true}, // lines of blanks
	{"description: x \u00a0y\u00a0\n", true},                // a no-break space is no blank
	{"type: user\ntype: project\n", true},                   // a duplicate key
	{"true: 1\nnull: 2\n", true},
	{"a.b-c_d: e\n", true},
	{"", false},
	{"\n\n", false},
	{"name:\n", false},
	{"name: a\nmetadata:\n", false},
	{"metadata:\n  type:\n", false},
	{"metadata:\n  inner:\n    type: user\n", false},
	{"metadata:\n  a: b\n   c: d\n", false},
	{"metadata:\n   a: b\n  c: d\n", false},
	{"description: a\n  continued\n", false},
	{"description: a # comment\n", false},
	{"# comment\nname: a\n", false},
	{"description: a: b\n", false},
	{"description: a:\n", false},
	{"description: \"a\" b\n", false},
	{"description: \"a\\nb\"\n", false},
	{"description: \"a\n  b\"\n", false},
	{"description: 'a\n", false},
	{"description: |\n  a\n", false},
	{"description: >-\n  a\n", false},
	{"tags: [a, b]\n", false},
	{"tags:\n  - a\n", false},
	{"name: &x a\nother: *x\n", false},
	{"name: !!str 1\n", false},
	{"name: -a\n", false},
	{"name: <<\n", false},
	{"name:\ta\n", false},
	{"name: a\r\n", false},
	{"\tname: a\n", false},
	{" name: a\n", false},
	{"name : a\n", false},
	{"name:a\n", false},
	{"1: a\n", false},
	{"\"name\": a\n", false},
	{"name: a\u2028b\n", false},
	{"name: a\ufeffb\n", false},
	{"name: a\x00b\n", false},
	{"name: a\x7fb\n", false},
	{"name: \xff\n", false},
	{"---\nname: a\n", false},
	{"...\n", false},
	{"- a\n", false},
	{"? a\n: b\n", false},
}

// TestFrontmatterFastCases: decodeFast takes the cases meant for it, leaves
// the others, and agrees with yaml.v3 on what it takes.
func TestFrontmatterFastCases(t *testing.T) {
	for _, tc := range fastFrontmatterCases {
		src := "---\n" + tc.yaml + "---\nBody.\n"
		if got := checkFastFrontmatter(t, tc.yaml, []byte(src)); got != tc.fast {
			t.Errorf("%q: fast path took it = %v, want %v", tc.yaml, got, tc.fast)
		}
	}
}

// TestFrontmatterFastMatchesYAML decodes every frontmatter the project and
// the shared corpus hold both ways: wherever the fast path answers, the
// whole Frontmatter must equal yaml.v3's. It also requires the fast path
// to take most real and generated files, which is what it is for.
func TestFrontmatterFastMatchesYAML(t *testing.T) {
	type tally struct{ files, fast int }
	count := func(tl *tally, name string, src []byte) {
		if !bytes.HasPrefix(src, []byte("---")) && !bytes.HasPrefix(src, utf8BOM) {
			return
		}
		tl.files++
		if checkFastFrontmatter(t, name, src) {
			tl.fast++
		}
	}
	var repo tally
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && d.Name() == ".git":
			return filepath.SkipDir
		case d.IsDir() || !d.Type().IsRegular():
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		switch filepath.Ext(p) {
		case ".md":
			count(&repo, p, data)
		case ".txtar":
			for _, f := range txtar.Parse(data).Files {
				count(&repo, p+":"+f.Name, f.Data)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("project files: the fast path took %d of %d frontmatters", repo.fast, repo.files)
	if repo.files < 100 {
		t.Errorf("found only %d frontmatters in the project; the walk misses the fixtures", repo.files)
	}

	var gen tally
	for seed := int64(1); seed <= 3; seed++ {
		files := benchgen.Files(20, 50, seed)
		for _, name := range sortedKeys(files) {
			count(&gen, name, files[name])
		}
	}
	t.Logf("generated files: the fast path took %d of %d frontmatters", gen.fast, gen.files)
	requireShare(t, "generated", gen.fast, gen.files, 90)

	if dir := testcorpus.Dir(); dir != "" {
		var corpus tally
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || filepath.Ext(p) != ".md" {
				return err
			}
			data, err := os.ReadFile(p)
			if err == nil {
				count(&corpus, p, data)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("shared corpus: the fast path took %d of %d frontmatters", corpus.fast, corpus.files)
		requireShare(t, "corpus", corpus.fast, corpus.files, 80)
	}
}

func requireShare(t *testing.T, what string, fast, files, percent int) {
	t.Helper()
	if files == 0 || fast*100 < files*percent {
		t.Errorf("%s: the fast path took %d of %d frontmatters, under %d%%", what, fast, files, percent)
	}
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// checkFastFrontmatter finds the frontmatter of src and decodes it with
// and without the fast path; it fails the test when the fast path answers
// and the two Frontmatter values differ, and reports whether it answered.
func checkFastFrontmatter(t testing.TB, name string, src []byte) bool {
	t.Helper()
	lines := NewLineIndex(src)
	slow, fast := locateFrontmatter(src, lines), locateFrontmatter(src, lines)
	if slow == nil || slow.CloseLine == 0 || len(slow.Raw) > MaxFrontmatterBytes {
		return false
	}
	root, ok := decodeFast(slow.Raw)
	if !ok {
		return false
	}
	slow.decode(false)
	fast.decode(true)
	if fast.Doc != root && !reflect.DeepEqual(fast.Doc, root) {
		t.Errorf("%s: decode(true) did not use decodeFast's answer", name)
	}
	if !reflect.DeepEqual(slow, fast) {
		t.Errorf("%s: the fast path decodes %q differently from yaml.v3:\nyaml.v3: %s\nfast:    %s",
			name, slow.Raw, dumpFrontmatter(slow), dumpFrontmatter(fast))
	}
	return true
}

// dumpFrontmatter shows what a test failure needs to see of fm: its
// fields and every node with its position.
func dumpFrontmatter(fm *Frontmatter) string {
	var b strings.Builder
	fmt.Fprintf(&b, "err=%v repaired=%v notMapping=%v duplicates=%d",
		fm.Err != nil, fm.Repaired, fm.NotMapping != nil, len(fm.Duplicates))
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if n == nil {
			return
		}
		fmt.Fprintf(&b, "\n%*skind=%d style=%d tag=%s value=%q at=%d:%d anchor=%q comments=%q|%q|%q",
			2*depth+2, "", n.Kind, n.Style, n.Tag, n.Value, n.Line, n.Column, n.Anchor,
			n.HeadComment, n.LineComment, n.FootComment)
		for _, c := range n.Content {
			walk(c, depth+1)
		}
	}
	walk(fm.Doc, 0)
	return b.String()
}

// FuzzFrontmatterFast: on any input where decodeFast answers, the
// Frontmatter equals the one yaml.v3 decodes.
func FuzzFrontmatterFast(f *testing.F) {
	for _, tc := range fastFrontmatterCases {
		f.Add([]byte("---\n" + tc.yaml + "---\n"))
	}
	for _, s := range fuzzseed.Files {
		f.Add([]byte(s))
	}
	files := benchgen.Files(2, 10, 1)
	for _, name := range sortedKeys(files) {
		if src := files[name]; bytes.HasPrefix(src, []byte("---")) {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkFastFrontmatter(t, "fuzz", src)
	})
}

// BenchmarkFrontmatter finds and decodes the frontmatter of the topic
// files of 10 generated dirs of 200 (internal/benchgen) with yaml.v3 alone and with the
// fast path in front of it. It measures; it asserts nothing about time.
//
//	go test -run '^$' -bench BenchmarkFrontmatter -benchmem ./lint/
func BenchmarkFrontmatter(b *testing.B) {
	files := benchgen.Files(10, 200, 1)
	type input struct {
		src   []byte
		lines *LineIndex
	}
	var inputs []input
	for _, name := range sortedKeys(files) {
		if src := files[name]; bytes.HasPrefix(src, []byte("---")) {
			inputs = append(inputs, input{src, NewLineIndex(src)})
		}
	}
	for _, mode := range []struct {
		name string
		fast bool
	}{{"yaml", false}, {"fast", true}} {
		b.Run(mode.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, in := range inputs {
					if fm := locateFrontmatter(in.src, in.lines); fm != nil && fm.CloseLine > 0 {
						fm.decode(mode.fast)
					}
				}
			}
			b.ReportMetric(float64(len(inputs)), "files/op")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(inputs)), "ns/file")
		})
	}
}
