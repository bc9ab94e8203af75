package index

import (
	"path"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules/internal/ruleutil"
)

// formatContext is what index-entry-format knows about one index: a line
// is judged against the whole index (is the file it names linked
// elsewhere? does its list have a label? is its table a map of
// documents?). Each part is worked out on first use, once, so that the
// rule stays linear in the index.
type formatContext struct {
	f      *memory.File
	dir    *memory.Dir
	abs    string       // the dir's absolute path, slash separated
	labels map[int]bool // groupLabels: list items that only label the entries under them

	files        map[string]string // topicFileNames
	folders      map[string]bool   // topicFolders
	headings     []markdown.Block
	headingsRead bool
	linked       map[string]bool // topic files a link of the index points at
	listLabels   []int           // per entry: the label paragraph over its list, or -1
	docTables    []bool          // per entry: a row of a table that maps documents
	phrases      []string        // dirPhrases
}

func newFormatContext(pass *lint.Pass) *formatContext {
	d := pass.Dir
	return &formatContext{f: d.Index, dir: d, abs: filepath.ToSlash(pass.Abs(d.Path)), labels: groupLabels(d.Index)}
}

func (c *formatContext) names() map[string]string {
	if c.files == nil {
		c.files = topicFileNames(c.dir)
	}
	return c.files
}

func (c *formatContext) dirs() map[string]bool {
	if c.folders == nil {
		c.folders = topicFolders(c.dir)
	}
	return c.folders
}

func (c *formatContext) heads() []markdown.Block {
	if !c.headingsRead {
		c.headings, c.headingsRead = headingBlocks(c.f), true
	}
	return c.headings
}

// linkedFiles returns the topic files that a link anywhere in the index
// points at.
func (c *formatContext) linkedFiles() map[string]bool {
	if c.linked == nil {
		c.linked = map[string]bool{}
		for _, l := range ruleutil.TopicLinks(c.f.Body().Links) {
			c.linked[l.Target] = true
		}
	}
	return c.linked
}

// headingBetween reports whether a heading starts between two offsets.
func (c *formatContext) headingBetween(from, to int) bool {
	h := c.heads()
	i := sort.Search(len(h), func(i int) bool { return h[i].Start >= from })
	return i < len(h) && h[i].Start < to
}

// labelOf returns the entry index of the label over the list entry i is
// in ("Memory types:" or "**Conventions**" on the line above the list),
// or -1.
func (c *formatContext) labelOf(i int) int {
	if c.listLabels == nil {
		entries := c.f.Index.Entries
		c.listLabels = make([]int, len(entries))
		label, pending := -1, -1
		for k, e := range entries {
			c.listLabels[k] = -1
			switch {
			case e.Kind == memory.EntryItem:
				if k > 0 && entries[k-1].Kind == memory.EntryItem && c.headingBetween(entries[k-1].End, e.Start) {
					label = -1 // a heading ends the list
				}
				if pending >= 0 && entries[pending].EndLine+2 >= e.StartLine {
					label = pending
				}
				pending = -1
				c.listLabels[k] = label
			case isLabel(c.f, e):
				label, pending = -1, k
			default:
				label, pending = -1, -1
			}
		}
	}
	return c.listLabels[i]
}

// isLabel reports whether an entry is a one-line paragraph that stands in
// for a heading ("**Feedback**", "Memory types:").
func isLabel(f *memory.File, e memory.IndexEntry) bool {
	return e.Kind == memory.EntryParagraph && !e.InQuote && len(e.Links) == 0 && e.StartLine == e.EndLine && groupHeading(e.Text(f))
}

// inDocumentTable reports whether entry i is a row of a table that maps
// documents other than this dir's memories (a "reference docs" table:
// name, when to read it, path): its rows, those naming memories included,
// point at files; they hold no memory.
func (c *formatContext) inDocumentTable(i int) bool {
	if c.docTables == nil {
		entries := c.f.Index.Entries
		c.docTables = make([]bool, len(entries))
		start := -1 // first row of the current table
		finish := func(end int) {
			docs := false
			for k := start; k >= 0 && k < end && !docs; k++ {
				for _, cell := range tableCells(entries[k].Text(c.f)) {
					if p, ok := documentPath(cell); ok && !c.isTopic(p) {
						docs = true
						break
					}
				}
			}
			for k := start; k >= 0 && k < end; k++ {
				c.docTables[k] = docs
			}
		}
		for k, e := range entries {
			switch {
			case e.Kind == memory.EntryTableRow:
				if start < 0 {
					start = k
				}
			case start >= 0:
				finish(k)
				start = -1
			}
		}
		finish(len(entries))
	}
	return c.docTables[i]
}

// isTopic reports whether a path, as an index line writes it, is one of
// the dir's topic files.
func (c *formatContext) isTopic(p string) bool {
	_, ok := c.names()[strings.ToLower(strings.TrimPrefix(p, "./"))]
	return ok
}

// dirName is the memory dir's folder name, lowercased.
func (c *formatContext) dirName() string { return strings.ToLower(path.Base(c.abs)) }

// dirPhrases returns the memory dir's own names, as text that names the
// dir would write them ("docs/claude-memory", "claude-memory"): a line
// that names the dir speaks of the memory system. Its name alone is taken
// only when it is no plain word ("memory" says nothing about which
// folder).
func (c *formatContext) dirPhrases() []string {
	if c.phrases == nil {
		c.phrases = []string{}
		p := strings.ToLower(strings.TrimRight(c.abs, "/"))
		parent, base := path.Split(p)
		if base == "" {
			return c.phrases
		}
		if up := path.Base(strings.TrimRight(parent, "/")); up != "" && up != "." && up != "/" {
			c.phrases = append(c.phrases, up+"/"+base)
		}
		if strings.ContainsAny(base, "-_.") {
			c.phrases = append(c.phrases, base)
		}
	}
	return c.phrases
}

// aboutMemory reports whether index entry i speaks of the memory system
// itself rather than holding a memory: its text (metaPhrases, the dir's
// own names), the heading it stands under (metaHeadings), or the label
// over its list.
func (c *formatContext) aboutMemory(i int) bool {
	f, e := c.f, c.f.Index.Entries[i]
	if c.metaText(strings.ToLower(withoutComments(f, e.Span))) {
		return true
	}
	if e.Kind == memory.EntryItem {
		if l := c.labelOf(i); l >= 0 {
			label := strings.ToLower(f.Index.Entries[l].Text(f))
			if c.metaText(label) || metaHeadings[strings.TrimSpace(strings.Trim(strings.TrimSpace(label), "#*_:： "))] {
				return true
			}
		}
	}
	headings := c.heads()
	h := sort.Search(len(headings), func(k int) bool { return headings[k].Start >= e.Start }) - 1
	if h < 0 {
		return false
	}
	heading := string(f.Src[headings[h].Start:headings[h].End])
	return metaHeadings[strings.ToLower(strings.TrimSpace(strings.Trim(strings.TrimSpace(heading), "#*_:： ")))]
}

// metaText reports whether lowercased text speaks of the memory system.
func (c *formatContext) metaText(text string) bool {
	if metaPhraseIndex.in(text) {
		return true
	}
	for _, p := range c.dirPhrases() {
		if strings.Contains(text, p) {
			return true
		}
	}
	return false
}

// documentExts are the extensions of documents: a path ending in one
// names a document to read (a memory, a design doc, a manual), not code,
// data or a web page of the project.
var documentExts = map[string]bool{
	".md": true, ".markdown": true, ".mdx": true, ".txt": true, ".rst": true, ".adoc": true,
	".org": true, ".pdf": true, ".docx": true,
}

// documentPath returns the path a piece of text is, when it is one
// path of a document and nothing else: a code span (`docs/Design
// notes.md`) or a word without spaces (docs/*.md, ARCHITECTURE.md).
func documentPath(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) > 2 && s[0] == '`' && s[len(s)-1] == '`' && strings.Count(s, "`") == 2 {
		s = strings.TrimSpace(s[1 : len(s)-1])
	} else if strings.IndexFunc(s, unicode.IsSpace) >= 0 {
		return "", false
	}
	if s == "" || strings.Contains(s, "](") || strings.ContainsAny(s, "`<>\"") {
		return "", false
	}
	return s, documentExts[strings.ToLower(path.Ext(s))]
}

// tableCells splits a table row into its cells' text (a \| is no bar).
func tableCells(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimPrefix(row, "|")
	if strings.HasSuffix(row, "|") && !strings.HasSuffix(row, "\\|") {
		row = row[:len(row)-1]
	}
	var cells []string
	start := 0
	for i := 0; i < len(row); i++ {
		switch row[i] {
		case '\\':
			i++
		case '|':
			cells = append(cells, row[start:i])
			start = i + 1
		}
	}
	return append(cells, row[start:])
}

// pointsAtDocument reports whether a one-line entry is a pointer to a
// document other than the dir's topic files: it starts with the document's
// path (after at most a short label: "See", "Skill:", "详见"), and what
// follows the path is a hook after a separator ("— the master list",
// ": when to read it", "(regenerate it)") or nothing. A line that says
// something about a document ("CLAUDE.md created with the content rules")
// or a rule that names one ("Read design.md and follow it: …") is content.
func (c *formatContext) pointsAtDocument(e memory.IndexEntry) bool {
	if e.StartLine != e.EndLine {
		return false
	}
	doc, start, end := firstDocument(c.f, e)
	if doc == "" || c.isTopic(doc) || !leadsAt(c.f, e.Start, start) {
		return false
	}
	after := strings.TrimLeft(string(c.f.Src[end:e.End]), "`*_ \t")
	if after == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(after)
	return strings.ContainsRune(pointerSeparators, r)
}

// pointerSeparators are what stands between a pointer's path and its hook.
const pointerSeparators = "—–-:：|→(（,，;；"

// firstDocument returns the path of a document an entry names among its
// first words, in a code span or as a word, and where it starts and ends;
// "" when there is none. Only the words a short label may hold before it
// are looked at (leadsAt).
func firstDocument(f *memory.File, e memory.IndexEntry) (doc string, start, end int) {
	start, end = e.End, e.End
	spans := f.Body().CodeSpans // in document order
	for i := sort.Search(len(spans), func(i int) bool { return spans[i].Start >= e.Start }); i < len(spans) && spans[i].End <= e.End; i++ {
		if p, ok := documentPath(string(f.Src[spans[i].Start:spans[i].End])); ok {
			doc, start, end = p, spans[i].Start, spans[i].End
			break
		}
	}
	words := 0
	for i := e.Start; i < start && words <= maxLabelWords; {
		j := i + fileTokenLen(f.Src[i:start])
		if j == i {
			_, size := utf8.DecodeRune(f.Src[i:start])
			i += size
			continue
		}
		token := strings.TrimRight(string(f.Src[i:j]), ".-/")
		if p, ok := documentPath(token); ok {
			return p, i, i + len(token)
		}
		if strings.IndexFunc(token, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			words++
		}
		i = j
	}
	return doc, start, end
}

// leadsAt reports whether what a line says starts at off, from where the
// line (or the entry) starts: before it stand at most list or table
// syntax and a short label ("See", "**Docs:**", "2026-03-01 —", "详见"),
// not a sentence.
func leadsAt(f *memory.File, from, off int) bool {
	if off < from {
		return false
	}
	before := strings.TrimFunc(string(f.Src[from:off]), func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune("*_~`[]xX:：—–-|>#→", r)
	})
	return ruleutil.WordCount(before) <= maxLabelWords && !sentenceEnd.MatchString(before)
}

// maxLabelWords is the most words a label before what a line says may
// hold ("See", "**Docs:**", "2026-03-01 —").
const maxLabelWords = 4

// lineStartIn returns where line n starts within entry e.
func lineStartIn(f *memory.File, e memory.IndexEntry, n int) int {
	if n == e.StartLine {
		return e.Start
	}
	return f.Lines.LineStart(n)
}

// everyLineLeadsWithLink reports whether each line of a paragraph starts
// with a link to a topic file (after at most a short label): entries
// written without their "- ". A paragraph that ends in a link ("…; see
// [x](x.md).") is prose that mentions the file.
func everyLineLeadsWithLink(f *memory.File, e memory.IndexEntry, topics []ruleutil.TopicLink) bool {
	leads := map[int]bool{}
	for _, l := range topics {
		n := f.Lines.LineOf(l.Start)
		if !leads[n] && leadsAt(f, lineStartIn(f, e, n), l.Start) {
			leads[n] = true
		}
	}
	for n := e.StartLine; n <= e.EndLine; n++ {
		if !leads[n] {
			return false
		}
	}
	return true
}

// phraseIndex finds which of a set of phrases a text holds in one pass
// over the text: the phrases are grouped by their first byte, so that each
// byte of the text is compared only with the few phrases that start with
// it, instead of a search of the whole text for every phrase.
type phraseIndex [256][]string

func newPhraseIndex(phrases []string) *phraseIndex {
	var x phraseIndex
	for _, p := range phrases {
		if p != "" {
			x[p[0]] = append(x[p[0]], p)
		}
	}
	return &x
}

// in reports whether text holds one of the phrases.
func (x *phraseIndex) in(text string) bool {
	for i := 0; i < len(text); i++ {
		for _, p := range x[text[i]] {
			if strings.HasPrefix(text[i:], p) {
				return true
			}
		}
	}
	return false
}

// metaPhraseIndex indexes metaPhrases.
var metaPhraseIndex = newPhraseIndex(metaPhrases)
