// Package benchgen generates realistic Claude Code memory dirs for
// benchmarks: an index MEMORY.md plus topic files whose sizes, frontmatter
// dialects, memory types and Markdown shapes follow what real memory dirs
// look like, including the usual problems, so that the rules have work to do.
//
// The shapes were measured on the public memory dirs the project studies
// (sizes: 10th percentile 0.9 KB, median 1.8 KB, 90th 5.8 KB, 95th 10 KB;
// about half nested `metadata:` frontmatter, half flat, a few with none;
// types mostly feedback and project; index entries around 110–140
// characters, an eighth over 150; a third of the files with [[wikilinks]],
// most with inline code, some with fenced code, some in Korean or Chinese).
// No text is copied from them: everything is made from the word lists in
// words.go.
//
// Output is a pure function of the arguments: the same seed gives the same
// bytes on every machine.
package benchgen

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing/fstest"
	"time"
)

// DirPath returns the slash path, relative to the generated root, of the
// i-th memory dir (0-based). Dirs sit inside "repositories" the way they
// do in the wild: memory/, claude-memory/ or docs/memory/.
func DirPath(i int) string {
	repo := fmt.Sprintf("repo-%03d", i)
	switch i % 4 {
	case 1:
		return repo + "/claude-memory"
	case 3:
		return repo + "/docs/memory"
	default:
		return repo + "/memory"
	}
}

// Files returns the content of every generated file keyed by its slash path
// relative to the root: dirs memory dirs, each with MEMORY.md and
// filesPerDir topic files.
func Files(dirs, filesPerDir int, seed int64) map[string][]byte {
	out := make(map[string][]byte, dirs*(filesPerDir+1))
	for i := 0; i < dirs; i++ {
		g := &dirGen{rng: rand.New(rand.NewPCG(uint64(seed), uint64(i)+0x9e3779b97f4a7c15))}
		dp := DirPath(i)
		for name, src := range g.dir(filesPerDir) {
			out[path.Join(dp, name)] = src
		}
	}
	return out
}

// Generate writes Files(dirs, filesPerDir, seed) below root, creating
// folders as needed. Existing files with the same names are overwritten.
func Generate(root string, dirs, filesPerDir int, seed int64) error {
	files := Files(dirs, filesPerDir, seed)
	names := make([]string, 0, len(files))
	for p := range files {
		names = append(names, p)
	}
	sort.Strings(names)
	made := map[string]bool{}
	for _, p := range names {
		full := filepath.Join(root, filepath.FromSlash(p))
		if d := filepath.Dir(full); !made[d] {
			if err := os.MkdirAll(d, 0o755); err != nil {
				return err
			}
			made[d] = true
		}
		if err := os.WriteFile(full, files[p], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// GenerateFS returns the same tree as an in-memory file system.
func GenerateFS(dirs, filesPerDir int, seed int64) fstest.MapFS {
	fsys := fstest.MapFS{}
	mod := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for p, src := range Files(dirs, filesPerDir, seed) {
		fsys[p] = &fstest.MapFile{Data: src, Mode: 0o644, ModTime: mod}
	}
	return fsys
}

// Memory types with the weights seen in real dirs.
var types = []struct {
	name   string
	weight int
}{{"feedback", 45}, {"project", 34}, {"user", 8}, {"reference", 8}, {"", 5}}

type topic struct {
	file    string // file name
	stem    string
	title   string
	name    string
	typ     string // "" when the file has no type
	noFront bool
	nested  bool
	cjk     string // "", "ko" or "zh"
	wiki    bool
	indexed bool
}

type dirGen struct {
	rng    *rand.Rand
	topics []*topic
}

func (g *dirGen) chance(p float64) bool { return g.rng.Float64() < p }

func pick[T any](g *dirGen, list []T) T { return list[g.rng.IntN(len(list))] }

func (g *dirGen) dir(n int) map[string][]byte {
	out := make(map[string][]byte, n+1)
	used := map[string]bool{"MEMORY": true}
	names := map[string]bool{}
	for i := 0; i < n; i++ {
		t := &topic{indexed: !g.chance(0.02)}
		w := g.rng.IntN(100)
		for _, ty := range types {
			if w < ty.weight {
				t.typ = ty.name
				break
			}
			w -= ty.weight
		}
		words := []string{pick(g, nouns)}
		if g.chance(0.6) {
			words = append([]string{pick(g, adjectives)}, words...)
		}
		if g.chance(0.4) {
			words = append(words, pick(g, nouns))
		}
		prefix := t.typ
		if prefix == "" {
			prefix = "notes"
		}
		stem := prefix + "_" + strings.Join(words, "_")
		for k := 2; used[stem]; k++ {
			stem = fmt.Sprintf("%s_%s_%d", prefix, strings.Join(words, "_"), k)
		}
		used[stem] = true
		t.stem, t.file = stem, stem+".md"
		t.title = titleCase(words)
		switch r := g.rng.Float64(); {
		case r < 0.10:
			t.name = stem
		case r < 0.25:
			t.name = t.title // not a kebab slug: name-format
		default:
			t.name = strings.Join(words, "-")
			if g.chance(0.5) {
				t.name = pick(g, verbs) + "-" + t.name
			}
		}
		if names[t.name] && !g.chance(0.1) { // keep a rare duplicate for name-duplicate
			t.name = fmt.Sprintf("%s-%d", t.name, i)
		}
		names[t.name] = true
		t.noFront = g.chance(0.05)
		t.nested = g.chance(0.5)
		switch r := g.rng.Float64(); {
		case r < 0.08:
			t.cjk = "ko"
		case r < 0.16:
			t.cjk = "zh"
		}
		t.wiki = g.chance(0.33)
		g.topics = append(g.topics, t)
	}
	for _, t := range g.topics {
		out[t.file] = g.topicFile(t)
	}
	out["MEMORY.md"] = g.index()
	return out
}

func titleCase(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(out, " ")
}

// sizeQuantiles is the measured distribution of topic file sizes in bytes,
// cut at 18 KB: (cumulative probability, size).
var sizeQuantiles = [][2]float64{
	{0, 450}, {0.10, 900}, {0.25, 1200}, {0.50, 1800}, {0.75, 2400},
	{0.90, 5000}, {0.95, 9000}, {1, 18000},
}

func (g *dirGen) targetSize() int {
	u := g.rng.Float64()
	for i := 1; i < len(sizeQuantiles); i++ {
		lo, hi := sizeQuantiles[i-1], sizeQuantiles[i]
		if u <= hi[0] {
			return int(lo[1] + (u-lo[0])/(hi[0]-lo[0])*(hi[1]-lo[1]))
		}
	}
	return 18000
}

func (g *dirGen) word() string {
	switch r := g.rng.IntN(100); {
	case r < 45:
		return pick(g, fillers)
	case r < 70:
		return pick(g, nouns)
	case r < 85:
		return pick(g, verbs)
	default:
		return pick(g, adjectives)
	}
}

// sentence writes one English sentence with the inline markup real memory
// files use: code spans, bold, [[wikilinks]], links, file paths.
func (g *dirGen) sentence(b *bytes.Buffer, t *topic) {
	n := 6 + g.rng.IntN(14)
	for i := 0; i < n; i++ {
		if i > 0 {
			if i > 3 && i < n-2 && g.chance(0.06) {
				b.WriteString(",")
			}
			b.WriteByte(' ')
		}
		switch r := g.rng.Float64(); {
		case r < 0.05:
			fmt.Fprintf(b, "`%s.%s()`", pick(g, nouns), pick(g, verbs))
		case r < 0.07:
			fmt.Fprintf(b, "`src/%s/%s.ts`", pick(g, nouns), pick(g, nouns))
		case r < 0.08:
			fmt.Fprintf(b, "**%s %s**", pick(g, adjectives), pick(g, nouns))
		case r < 0.10 && t != nil && t.wiki:
			b.WriteString(g.wikilink())
		case r < 0.105 && t != nil:
			o := pick(g, g.topics)
			fmt.Fprintf(b, "[%s](%s)", strings.ToLower(o.title), o.file)
		default:
			w := g.word()
			if i == 0 {
				w = strings.ToUpper(w[:1]) + w[1:]
			}
			b.WriteString(w)
		}
	}
	b.WriteString(".")
}

func (g *dirGen) wikilink() string {
	if g.chance(0.08) {
		return "[[" + pick(g, adjectives) + "-" + pick(g, nouns) + "-notes]]" // dangling
	}
	o := pick(g, g.topics)
	if g.chance(0.3) {
		return "[[" + o.stem + "]]"
	}
	return "[[" + o.name + "]]"
}

func (g *dirGen) paragraph(b *bytes.Buffer, t *topic, sentences int) {
	for i := 0; i < sentences; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		if t.cjk != "" && g.chance(0.5) {
			b.WriteString(g.cjkSentence(t))
			continue
		}
		g.sentence(b, t)
	}
	b.WriteByte('\n')
}

func (g *dirGen) cjkSentence(t *topic) string {
	if t.cjk == "ko" {
		return pick(g, korean)
	}
	return pick(g, chinese)
}

func (g *dirGen) description(b *bytes.Buffer, t *topic) {
	var d bytes.Buffer
	switch r := g.rng.Float64(); {
	case r < 0.04:
		d.WriteString(pick(g, []string{"notes", "misc", "todo", "various", "stuff"}))
	case r < 0.07:
		for d.Len() < 260 {
			if d.Len() > 0 {
				d.WriteByte(' ')
			}
			g.sentence(&d, nil)
		}
	case t.cjk != "" && g.chance(0.5):
		d.WriteString(g.cjkSentence(t))
	default:
		g.sentence(&d, nil)
		if g.chance(0.03) {
			fmt.Fprintf(&d, " See ticket #%d for context.", 100+g.rng.IntN(900))
		}
	}
	s := d.String()
	if t.nested && g.chance(0.6) && !strings.Contains(s, " #") {
		fmt.Fprintf(b, "description: %q\n", s)
		return
	}
	// Plain scalars: quote what YAML cannot hold unquoted, but leave " #"
	// alone (that is the frontmatter-comment-truncation problem).
	if strings.ContainsAny(s[:1], "`[{*&!|>'\"%@") || strings.Contains(s, ": ") {
		fmt.Fprintf(b, "description: %q\n", s)
		return
	}
	fmt.Fprintf(b, "description: %s\n", s)
}

func (g *dirGen) uuid() string {
	const hex = "0123456789abcdef"
	var u [36]byte
	for i := range u {
		switch i {
		case 8, 13, 18, 23:
			u[i] = '-'
		default:
			u[i] = hex[g.rng.IntN(16)]
		}
	}
	return string(u[:])
}

func (g *dirGen) timestamp() string {
	base := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	t := base.Add(time.Duration(g.rng.Int64N(int64(500 * 24 * time.Hour))))
	return t.Format("2006-01-02T15:04:05.000Z")
}

func (g *dirGen) frontmatter(b *bytes.Buffer, t *topic) {
	b.WriteString("---\n")
	fmt.Fprintf(b, "name: %s\n", t.name)
	g.description(b, t)
	if t.nested {
		if g.chance(0.4) {
			b.WriteString("metadata: \n") // the trailing space is common
		} else {
			b.WriteString("metadata:\n")
		}
		b.WriteString("  node_type: memory\n")
		if t.typ != "" {
			fmt.Fprintf(b, "  type: %s\n", t.typ)
		}
		fmt.Fprintf(b, "  originSessionId: %s\n", g.uuid())
		fmt.Fprintf(b, "  modified: %s\n", g.timestamp())
	} else {
		if t.typ != "" {
			typ := t.typ
			if g.chance(0.02) {
				typ = titleCase([]string{typ}) // wrong case: memory-type
			}
			fmt.Fprintf(b, "type: %s\n", typ)
		}
		if g.chance(0.04) {
			fmt.Fprintf(b, "tags: [%s, %s]\n", pick(g, nouns), pick(g, nouns))
		}
	}
	b.WriteString("---\n\n")
}

func (g *dirGen) topicFile(t *topic) []byte {
	target := g.targetSize()
	var b bytes.Buffer
	b.Grow(target + 512)
	if !t.noFront {
		g.frontmatter(&b, t)
	}
	if g.chance(0.4) {
		fmt.Fprintf(&b, "# %s\n\n", t.title)
	}
	// Lead with the rule or fact.
	g.paragraph(&b, t, 1+g.rng.IntN(2))
	b.WriteByte('\n')
	if t.typ == "feedback" || t.typ == "project" {
		if g.chance(0.88) {
			b.WriteString("**Why:** ")
			g.paragraph(&b, t, 1+g.rng.IntN(2))
			b.WriteByte('\n')
		}
		if g.chance(0.85) {
			b.WriteString("**How to apply:** ")
			g.paragraph(&b, t, 1+g.rng.IntN(2))
			b.WriteByte('\n')
		}
	}
	if t.typ == "project" && g.chance(0.2) {
		fmt.Fprintf(&b, "The %s %s is planned for %s.\n\n", pick(g, nouns), pick(g, nouns), pick(g, relativeDates))
	}
	if g.chance(0.05) {
		fmt.Fprintf(&b, "The bug was in `%s.ts:%d`, see the %s handler.\n\n", pick(g, nouns), 10+g.rng.IntN(400), pick(g, nouns))
	}
	codeBlocks := 0
	for b.Len() < target {
		switch r := g.rng.Float64(); {
		case r < 0.12:
			fmt.Fprintf(&b, "## %s\n\n", pick(g, headings))
		case r < 0.42:
			items := 2 + g.rng.IntN(5)
			for i := 0; i < items; i++ {
				b.WriteString("- ")
				if t.cjk != "" && g.chance(0.3) {
					b.WriteString(g.cjkSentence(t))
				} else {
					g.sentence(&b, t)
				}
				b.WriteByte('\n')
				if g.chance(0.1) {
					b.WriteString("  - ")
					g.sentence(&b, t)
					b.WriteByte('\n')
				}
			}
			b.WriteByte('\n')
		case r < 0.445 && codeBlocks < 2:
			codeBlocks++
			lines := 2 + g.rng.IntN(6)
			if g.chance(0.3) {
				lines = 11 + g.rng.IntN(15) // long block: code-content
			}
			fmt.Fprintf(&b, "```%s\n", pick(g, codeLangs))
			for i := 0; i < lines; i++ {
				b.WriteString(pick(g, codeLines))
				b.WriteByte('\n')
			}
			b.WriteString("```\n\n")
		default:
			g.paragraph(&b, t, 2+g.rng.IntN(4))
			b.WriteByte('\n')
		}
	}
	return append(bytes.TrimRight(b.Bytes(), "\n"), '\n')
}

var typeHeadings = map[string]string{
	"feedback": "## Feedback", "project": "## Project", "user": "## User",
	"reference": "## Reference", "": "## Other",
}

func (g *dirGen) index() []byte {
	var b bytes.Buffer
	b.WriteString("# Memory Index\n\n")
	for _, typ := range []string{"user", "feedback", "project", "reference", ""} {
		first := true
		for _, t := range g.topics {
			if t.typ != typ || !t.indexed {
				continue
			}
			if first {
				b.WriteString(typeHeadings[typ])
				b.WriteString("\n\n")
				first = false
			}
			g.entry(&b, t)
		}
		if !first {
			b.WriteByte('\n')
		}
	}
	return append(bytes.TrimRight(b.Bytes(), "\n"), '\n')
}

// entry writes one index line: most 70–150 characters, some longer.
func (g *dirGen) entry(b *bytes.Buffer, t *topic) {
	if g.chance(0.01) {
		b.WriteString("- ")
		g.sentence(b, nil) // a bullet without a link: index-entry-format
		b.WriteByte('\n')
		return
	}
	start := b.Len()
	fmt.Fprintf(b, "- [%s](%s) — ", t.title, t.file)
	want := 70 + g.rng.IntN(70)
	if g.chance(0.15) {
		want = 155 + g.rng.IntN(120)
	}
	if t.cjk != "" && g.chance(0.5) {
		b.WriteString(g.cjkSentence(t))
	} else {
		for i := 0; b.Len()-start < want-8; i++ {
			if i > 0 {
				b.WriteByte(' ')
			}
			w := g.word()
			if i == 0 {
				w = strings.ToUpper(w[:1]) + w[1:]
			}
			b.WriteString(w)
		}
	}
	b.WriteByte('\n')
}
