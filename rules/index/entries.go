package index

import (
	_ "embed"
	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/rules/internal/ruleutil"

	"bytes"
	"fmt"
	"path"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// Frontmatter reports frontmatter in MEMORY.md.
var Frontmatter = &lint.Rule{
	ID:       "index-frontmatter",
	Stage:    lint.Preview,
	Severity: lint.Warning,
	Summary:  "MEMORY.md has frontmatter",
	Doc:      frontmatterDoc,
	Run: func(pass *lint.Pass) {
		f := pass.Dir.Index
		if f == nil || (f.Frontmatter() == nil && f.Body().Start == 0) {
			return
		}
		end := f.Body().Start
		if f.Frontmatter() != nil {
			end = max(end, f.Frontmatter().End)
		}
		pass.ReportSpan(f, markdown.Span{Start: 0, End: end},
			"MEMORY.md has frontmatter: the index takes none, and Claude Code strips it before loading, so it is never seen",
			"delete the --- block; move any memory it holds into a topic file")
	},
}

//go:embed index-frontmatter.md
var frontmatterDoc string

// EntryFormat reports index lines that are not one link to one memory.
var EntryFormat = &lint.Rule{
	ID:       "index-entry-format",
	Stage:    lint.Preview,
	Kinds:    lint.ExceptSubagent, // a subagent's MEMORY.md holds its notes (SPEC §1.1)
	Severity: lint.Warning,
	Summary:  "an index line is not a list item linking one topic file: inline content, prose, bullets without a link",
	Doc:      entryFormatDoc,
	Run: func(pass *lint.Pass) {
		f := pass.Dir.Index
		if f == nil {
			return
		}
		c := newFormatContext(pass)
		intro := c.introEntries()
		var run []entryProblem
		flush := func() {
			if len(run) > 0 {
				reportContent(pass, f, run)
				run = run[:0]
			}
		}
		runs := newRunSplitter(f)
		for i := intro; i < len(f.Index.Entries); i++ {
			e := f.Index.Entries[i]
			if runs.breaksBefore(e) {
				flush()
			}
			p := c.entryFormatProblem(i)
			switch {
			case p.content != "":
				if len(run) > 0 && (run[0].content == "named") != (p.content == "named") {
					flush() // entries without their links are not content
				}
				run = append(run, p)
			case p.msg != "":
				flush()
				pass.ReportSpan(f, e.Span, p.msg, p.suggestion)
			case !p.structure:
				flush() // an entry ends the run; a heading or a table's header does not
			}
		}
		flush()
	},
}

//go:embed index-entry-format.md
var entryFormatDoc string

// runSplitter tells where a run of entries reported together must end:
// at an HTML comment between entries, and right after the entry a
// comment stands above, which then stands alone. That is where
// suppressions go: memlint-disable-next-line covers the line it names,
// not the lines grouped with it.
type runSplitter struct {
	comments []markdown.Block // not passed yet, in order
	prevEnd  int              // end of the entry before
	isolate  bool             // the entry before had a comment right above it
}

func newRunSplitter(f *memory.File) *runSplitter {
	return &runSplitter{comments: commentBlocks(f)}
}

// breaksBefore reports whether a run must end before entry e. Entries
// must be passed in order, each once.
func (r *runSplitter) breaksBefore(e memory.IndexEntry) bool {
	before, adjacent := false, false
	for len(r.comments) > 0 && r.comments[0].Start < e.Start {
		if r.comments[0].Start >= r.prevEnd {
			before, adjacent = true, r.comments[0].EndLine >= e.StartLine-1
		}
		r.comments = r.comments[1:]
	}
	r.prevEnd = e.End
	breaks := before || r.isolate
	r.isolate = adjacent
	return breaks
}

// commentBlocks returns the HTML comment blocks of a file, in order.
func commentBlocks(f *memory.File) []markdown.Block {
	var out []markdown.Block
	for _, b := range f.Body().Blocks {
		if b.Kind == markdown.BlockComment {
			out = append(out, b)
		}
	}
	return out
}

// entryProblem is what is wrong with one index entry: a message, and for
// memory content written into the index what kind of content it is, so
// that neighbouring content is reported together.
type entryProblem struct {
	entry      memory.IndexEntry
	msg        string
	content    string // "bullet without a link", "paragraph", …; "" for other problems
	suggestion string // for problems that are not content
	// structure is set for what only arranges entries, as a heading does:
	// a table's header, HTML such as <details> around entries.
	structure bool
}

var htmlTag = lazyre.New(`<[^>]*>`)

// contentKinds name the kinds of content in a grouped message: singular,
// plural.
var contentKinds = map[string][2]string{
	"bullet":    {"bullet without a link", "bullets without a link"},
	"offsite":   {"bullet linking no memory file", "bullets linking no memory file"},
	"parent":    {"parent bullet holding text", "parent bullets holding text"},
	"prose":     {"paragraph", "paragraphs"},
	"quote":     {"quoted paragraph", "quoted paragraphs"},
	"code":      {"code block", "code blocks"},
	"html":      {"HTML block", "HTML blocks"},
	"table-row": {"table row without a memory link", "table rows without a memory link"},
}

// contentOrder is the order kinds are counted in a grouped message.
var contentOrder = []string{"bullet", "parent", "offsite", "table-row", "prose", "quote", "code", "html"}

// entryFormatProblem says what is wrong with index entry i.
func (c *formatContext) entryFormatProblem(i int) entryProblem {
	f, e := c.f, c.f.Index.Entries[i]
	topics := ruleutil.TopicLinks(e.Links)
	escaping := 0 // links out of the dir: index-link-escape reports them
	folder := false
	for _, l := range e.Links {
		target, kind := memory.ResolveLink(memory.IndexName, l.Dest)
		switch {
		case kind == memory.LinkEscape:
			escaping++ // index-link-escape reports it, whatever it links
		case kind == memory.LinkLocal && (target == memory.IndexName || target == "."):
			folder = true // "- [.claude/memory/](MEMORY.md) — this folder": the index itself, in a map of the docs
		case kind == memory.LinkLocal && !ruleutil.IsMarkdownPath(target) && c.dirs()[target]:
			folder = true // "- [Archive](archive/) — older memories"
		}
	}
	linked := len(topics) + escaping
	if linked == 0 && folder {
		linked = 1
	}
	if linked == 0 && hasWikiLink(f, e) {
		linked = 1 // "- [[feedback-testing]] — hook": an entry in the wikilink style
	}
	p := entryProblem{entry: e}
	content := func(kind, msg string) entryProblem {
		if (kind == "bullet" || kind == "prose" || kind == "quote") && c.aboutMemory(i) {
			// "Every memory file must have a one-line entry here": a
			// note on the index itself, not a memory written into it.
			p.structure = true
			return p
		}
		if (kind == "bullet" || kind == "table-row" || kind == "prose") && len(topics) == 0 {
			// A line that starts with a topic file's name ("- `feedback_x.md`
			// — hook") is an entry written without its link, unless the
			// file is linked elsewhere: then it points at a listed memory.
			// One that names it further on ("… as app-patterns.md §2
			// says") is content that mentions it.
			if rel, at := namedTopic(f, e, c.names(), c.dirName()); rel != "" && leadsAt(f, e.Start, at) {
				if c.linkedFiles()[rel] || e.Kind == memory.EntryTableRow && c.inDocumentTable(i) {
					p.structure = true // a pointer: neither content nor a break in the content around it
					return p
				}
				p.content = "named"
				p.msg = fmt.Sprintf("index entry names %s without linking it: write it as - [Title](%s) — one-line hook", rel, ruleutil.LinkPath(rel))
				p.suggestion = fmt.Sprintf("- [Title](%s) — one-line hook", ruleutil.LinkPath(rel))
				return p
			}
			// A line that starts with the path of another document
			// ("- See `docs/INDEX.md` — the master list", a row of a table
			// of reference docs) points at it, as a link out of the dir
			// would: orientation, not a memory.
			if e.Kind == memory.EntryTableRow && c.inDocumentTable(i) || c.pointsAtDocument(e) {
				p.structure = true
				return p
			}
		}
		p.content, p.msg = kind, msg
		return p
	}
	switch e.Kind {
	case memory.EntryItem:
		item := f.Body().Items[e.Item]
		switch {
		case e.Group && c.labels[e.Item]:
			return p
		case e.Group:
			return content("parent", "list item without a link holds text, not just a label for the entries under it: memory content written into the index is loaded into every conversation and cannot be recalled on its own")
		case item.Empty:
			p.msg, p.suggestion = "empty list item in the index", "delete the empty item"
		case linked == 1:
		case len(topics) > 1:
			p.msg = fmt.Sprintf("index entry links %d topic files; give each memory its own line", len(topics))
			p.suggestion = "split it: one line per memory, - [Title](file.md) — one-line hook"
		case len(e.Links) > 0:
			return content("offsite", "index entry links no memory file (only "+ruleutil.Clip(e.Links[0].Dest, 40)+"); the index lists memories, one topic file per line")
		default:
			return content("bullet", "list item without a link: memory content written into the index is loaded into every conversation and cannot be recalled on its own")
		}
		return p
	case memory.EntryTableHeader:
		p.structure = true
		return p
	case memory.EntryTableRow:
		switch {
		case linked == 1:
		case len(topics) > 1:
			p.msg = fmt.Sprintf("table row links %d topic files; give each memory its own row", len(topics))
			p.suggestion = "split it: one row per memory"
		default:
			return content("table-row", "table row without a link to a topic file: memory content written into the index is loaded into every conversation and cannot be recalled on its own")
		}
		return p
	case memory.EntryParagraph:
		if !e.InQuote && len(topics) > 0 && everyLineLeadsWithLink(f, e, topics) {
			if e.StartLine == e.EndLine {
				p.msg, p.suggestion = "index entry is not a list item: start it with \"- \"", "- [Title](file.md) — one-line hook"
			} else {
				p.msg, p.suggestion = "index entries are not list items: start each line with \"- \"", "- [Title](file.md) — one-line hook, one per line"
			}
			return p
		}
		if !e.InQuote && len(e.Links) == 0 && e.StartLine == e.EndLine && groupHeading(e.Text(f)) && listFollows(f, e) {
			p.structure = true // "**Feedback**" or "Feedback:" over a list: a heading in all but syntax
			return p
		}
		if !e.InQuote && len(e.Links) == 0 && e.StartLine == e.EndLine && placeholder(e.Text(f)) {
			p.structure = true // "_(none yet)_" under an empty section
			return p
		}
		if e.InQuote {
			return content("quote", "quoted text in the index: MEMORY.md should only list memories")
		}
		return content("prose", "prose in the index: MEMORY.md should only list memories, one linked line each; this text is loaded into every conversation")
	case memory.EntryCode:
		return content("code", "code block in the index: MEMORY.md should only list memories")
	case memory.EntryHTML:
		if ruleutil.WordCount(htmlTag.ReplaceAllString(e.Text(f), " ")) <= 8 {
			p.structure = true // <details><summary>Archived</summary>: folds entries, holds none
			return p
		}
		return content("html", "HTML in the index: MEMORY.md should only list memories")
	}
	return p
}

// reportContent reports a run of content entries: one alone with its own
// message, several as one finding with their count.
func reportContent(pass *lint.Pass, f *memory.File, run []entryProblem) {
	suggestion := "move the content into a topic file and list it as: - [Title](file.md) — one-line hook"
	first, last := run[0].entry, run[len(run)-1].entry
	if len(run) == 1 {
		if run[0].suggestion != "" {
			suggestion = run[0].suggestion
		}
		pass.ReportSpan(f, first.Span, run[0].msg, suggestion)
		return
	}
	count := map[string]int{}
	for _, p := range run {
		count[p.content]++
	}
	if count["named"] == len(run) {
		pass.ReportSpan(f, markdown.Span{Start: first.Start, End: last.End},
			fmt.Sprintf("lines %d–%d of the index name %d topic files without linking them; first: %s", first.StartLine, last.EndLine, len(run), ruleutil.Quote(ruleutil.Clip(first.Text(f), 50))),
			"write each as: - [Title](file.md) — one-line hook")
		return
	}
	var parts []string
	for _, k := range contentOrder {
		if n := count[k]; n > 0 {
			parts = append(parts, ruleutil.Plural(n, contentKinds[k][0], contentKinds[k][1]))
		}
	}
	msg := fmt.Sprintf("lines %d–%d of the index hold memory content, not entries linking a topic file (%s): it is loaded into every conversation and cannot be recalled on its own; first: %s",
		first.StartLine, last.EndLine, strings.Join(parts, ", "), ruleutil.Quote(ruleutil.Clip(first.Text(f), 50)))
	pass.ReportSpan(f, markdown.Span{Start: first.Start, End: last.End}, msg,
		"move this content into topic files (one per subject, with frontmatter) and list each as: - [Title](file.md) — one-line hook")
}

// groupHeading reports whether a one-line paragraph is a label standing in
// for a heading: short, and in bold or ending with a colon.
func groupHeading(text string) bool {
	text = strings.TrimSpace(text)
	bold := len(text) > 4 && (strings.HasPrefix(text, "**") && strings.HasSuffix(text, "**") || strings.HasPrefix(text, "__") && strings.HasSuffix(text, "__"))
	colon := strings.HasSuffix(strings.TrimRight(text, "*_ "), ":") || strings.HasSuffix(strings.TrimRight(text, "*_ "), "：")
	return (bold || colon) && ruleutil.WordCount(strings.Trim(text, "*_: ")) <= 8
}

// hasWikiLink reports whether an entry holds a [[wikilink]].
func hasWikiLink(f *memory.File, e memory.IndexEntry) bool {
	w := f.Body().WikiLinks // in document order
	i := sort.Search(len(w), func(i int) bool { return w[i].Start >= e.Start })
	return i < len(w) && w[i].End <= e.End
}

// placeholder reports whether a one-line paragraph only marks an empty
// section, in emphasis or parentheses: "_(none yet)_", "*Empty*".
func placeholder(text string) bool {
	text = strings.TrimSpace(text)
	inner := strings.Trim(text, "*_()（） ")
	if len(inner) == len(text) {
		return false
	}
	words := strings.Fields(strings.ToLower(strings.Trim(inner, ".…")))
	for _, w := range words {
		if !placeholderWords[strings.Trim(w, ".,…")] {
			return false
		}
	}
	return len(words) > 0
}

// listFollows reports whether a list or a table starts on the line after
// the entry or the one after that.
func listFollows(f *memory.File, e memory.IndexEntry) bool {
	entries := f.Index.Entries
	i := sort.Search(len(entries), func(i int) bool { return entries[i].Start >= e.End })
	return i < len(entries) && entries[i].StartLine <= e.EndLine+2 &&
		(entries[i].Kind == memory.EntryItem || entries[i].Kind == memory.EntryTableHeader)
}

// topicFolders returns the folders that hold topic files, at any depth.
func topicFolders(d *memory.Dir) map[string]bool {
	out := map[string]bool{}
	for _, t := range d.Topics {
		for dir := path.Dir(t.Rel); dir != "." && dir != "/" && !out[dir]; dir = path.Dir(dir) {
			out[dir] = true
		}
	}
	return out
}

// topicFileNames maps the lowercased path, file name and (when it looks
// like a file name) stem of every topic file to its path.
func topicFileNames(d *memory.Dir) map[string]string {
	names := map[string]string{}
	for _, t := range d.Topics {
		rel := t.Rel
		for _, n := range []string{rel, path.Base(rel)} {
			names[strings.ToLower(n)] = rel
		}
		if fileLikeStem(t.Stem()) {
			// `feedback-testing` names the file; `user` is a word, the
			// name of a memory type as much as of user.md.
			names["`"+strings.ToLower(t.Stem())] = rel
		}
		if strings.Contains(t.Stem(), "_") {
			names[strings.ToLower(t.Stem())] = rel
		}
	}
	return names
}

// fileLikeStem reports whether a file's stem reads as a file's name rather
// than a word: it joins words with _ - or ., or holds a digit.
func fileLikeStem(stem string) bool {
	return strings.ContainsAny(stem, "_-.0123456789")
}

// namedTopic returns the first topic file an entry names without a link,
// and where the name starts; "" when it names none.
func namedTopic(f *memory.File, e memory.IndexEntry, files map[string]string, dirName string) (string, int) {
	text := bytes.ToLower(f.Src[e.Start:e.End])
	for i := 0; i < len(text); {
		j := i + fileTokenLen(text[i:])
		if j == i {
			_, size := utf8.DecodeRune(text[i:])
			i += size
			continue
		}
		if rel, ok := nameIn(string(bytes.TrimRight(text[i:j], ".-/")), files, dirName); ok {
			return rel, e.Start + i
		}
		i = j
	}
	spans := f.Body().CodeSpans // in document order
	for i := sort.Search(len(spans), func(i int) bool { return spans[i].Start >= e.Start }); i < len(spans) && spans[i].End <= e.End; i++ {
		if rel, ok := files["`"+strings.ToLower(strings.Trim(string(f.Src[spans[i].Start:spans[i].End]), "` "))]; ok {
			return rel, spans[i].Start
		}
	}
	return "", 0
}

// groupLabels returns the list items that are labels for the entries
// nested under them: no link of their own, a nested item that links a
// topic file, and a label's length ("Auth", "**Feedback:**"), not a
// sentence of content.
func groupLabels(f *memory.File) map[int]bool {
	labels := map[int]bool{}
	groups := false
	for _, e := range f.Index.Entries {
		groups = groups || e.Group
	}
	if !groups {
		return labels
	}
	items := f.Body().Items
	links := make([]bool, len(items)) // the item or one nested under it links a topic file
	for _, e := range f.Index.Entries {
		if e.Kind == memory.EntryItem && (len(e.Links) > 0 && len(ruleutil.TopicLinks(e.Links)) > 0 || hasWikiLink(f, e)) {
			links[e.Item] = true
		}
	}
	// Nested items come after their parents.
	for i := len(items) - 1; i >= 0; i-- {
		if p := items[i].Parent; links[i] && p >= 0 && p < i {
			links[p] = true
		}
	}
	for _, e := range f.Index.Entries {
		if e.Kind != memory.EntryItem || !e.Group || !links[e.Item] {
			continue
		}
		text := strings.TrimSpace(strings.Trim(strings.TrimSpace(e.Text(f)), "*_"))
		words := ruleutil.WordCount(text)
		if words <= 8 || (strings.HasSuffix(strings.TrimRight(text, "*_ "), ":") || strings.HasSuffix(text, "：")) && words <= 15 {
			labels[e.Item] = true
		}
	}
	return labels
}

// introEntries returns how many entries at the start of the index are its
// introduction: prose, or the items of a block quote ("> Conventions:
// > - read this index first"), before any entry that links a topic file,
// under no heading but the title, at most introMaxLines lines and
// introMaxChars characters, that say what the index is (introWords). A
// list in it is part of it when the list, or its label, speaks of the
// memory system ("How it works:" over "- Add a one-line pointer here",
// "Memory types:" over a legend of the four): a list of facts under an
// introduction is content.
func (c *formatContext) introEntries() int {
	f := c.f
	entries := f.Index.Entries
	// Prose and quoted lists first, as ever; then, up to the first entry
	// that links a topic file and within the size of an introduction, a
	// plain list that speaks of the memory system.
	n, lines := 0, 0
	prose := func(e memory.IndexEntry) bool {
		return e.Kind == memory.EntryParagraph || e.Kind == memory.EntryItem && quotedLine(f, e.StartLine)
	}
	for n < len(entries) && len(ruleutil.TopicLinks(entries[n].Links)) == 0 && prose(entries[n]) {
		lines += entries[n].EndLine - entries[n].StartLine + 1
		n++
	}
	if list := n; list < len(entries) && entries[list].Kind == memory.EntryItem {
		m := list
		for m < len(entries) && len(ruleutil.TopicLinks(entries[m].Links)) == 0 && lines <= introMaxLines &&
			(entries[m].Kind == memory.EntryParagraph || entries[m].Kind == memory.EntryItem) &&
			(m == list || !c.headingBetween(entries[m-1].End, entries[m].Start)) {
			lines += entries[m].EndLine - entries[m].StartLine + 1
			m++
		}
		if lines <= introMaxLines && c.metaList(list, m) {
			n = m
		}
	}
	lines, chars := 0, 0
	var text strings.Builder
	for _, e := range entries[:n] {
		lines += e.EndLine - e.StartLine + 1
		chars += utf8.RuneCountInString(e.Text(f))
		text.WriteString(strings.ToLower(e.Text(f)))
	}
	if n == 0 || lines > introMaxLines || chars > introMaxChars {
		return 0
	}
	for _, b := range f.Body().Blocks {
		if b.Start >= entries[n-1].Start {
			break
		}
		if b.Kind == markdown.BlockHeading && b.Level > 1 {
			return 0
		}
	}
	for _, w := range introWords {
		if strings.Contains(text.String(), w) {
			return n
		}
	}
	return 0
}

// metaList reports whether the entries from..to (lists and their labels)
// speak of the memory system: one of them, or the label over a list.
func (c *formatContext) metaList(from, to int) bool {
	for k := from; k < to; k++ {
		if c.aboutMemory(k) {
			return true
		}
	}
	return false
}

// The size of an introduction to the index: a few short paragraphs, or a
// quoted list of conventions.
const (
	introMaxLines = 15
	introMaxChars = 1500
)

// quotedLine reports whether line n of f is in a block quote.
func quotedLine(f *memory.File, n int) bool {
	return strings.HasPrefix(strings.TrimLeft(string(f.Lines.Line(n)), " \t"), ">")
}

// withoutComments returns the text of s without the HTML comments in it.
func withoutComments(f *memory.File, s markdown.Span) string {
	comments := f.Body().Comments // in document order
	i := sort.Search(len(comments), func(i int) bool { return comments[i].End > s.Start })
	var b strings.Builder
	at := s.Start
	for ; i < len(comments) && comments[i].Start < s.End; i++ {
		if c := comments[i]; c.Start > at {
			b.Write(f.Src[at:c.Start])
		}
		at = max(at, comments[i].End)
	}
	if at < s.End {
		b.Write(f.Src[at:s.End])
	}
	return b.String()
}

// headingBlocks returns the headings of a file, in order.
func headingBlocks(f *memory.File) []markdown.Block {
	var out []markdown.Block
	for _, b := range f.Body().Blocks {
		if b.Kind == markdown.BlockHeading {
			out = append(out, b)
		}
	}
	return out
}

// DuplicateEntry reports a topic file linked twice from the index.
var DuplicateEntry = &lint.Rule{
	ID:       "index-duplicate-entry",
	Stage:    lint.Preview,
	Severity: lint.Warning,
	Summary:  "the same topic file is linked twice in MEMORY.md",
	Doc:      duplicateEntryDoc,
	Fix:      "safe (--fix): deletes the one of the two entries that says nothing the other does not, when it is a list item of its own; none when each says something the other does not",
	Run: func(pass *lint.Pass) {
		f := pass.Dir.Index
		if f == nil {
			return
		}
		first := map[string]int{} // target → index in f.Index.Entries of its first listing
		var owners *linkOwners    // entryOwners(f), once a duplicate needs it
		words := entryWordCache{}
		for i, e := range f.Index.Entries {
			if e.Kind != memory.EntryItem && e.Kind != memory.EntryTableRow {
				continue // prose that mentions a file does not list it
			}
			seen := map[string]bool{}
			for k, l := range ruleutil.TopicLinks(e.Links) {
				if seen[l.Target] {
					continue
				}
				seen[l.Target] = true
				if k == 0 && e.Kind == memory.EntryItem && (!leadingLink(f, e, l.Link) || crossReference(f, e, l.Link)) {
					break // "… see [x](x.md)", "- See [x](x.md) for the schema": a mention inside content
				}
				j, dup := first[l.Target]
				if !dup {
					first[l.Target] = i
					continue
				}
				if owners == nil {
					owners = entryOwners(f)
				}
				pass.Report(duplicateFinding(f, owners, words, f.Index.Entries[j], e, l))
			}
		}
	},
}

// duplicateFinding reports the entry later, whose link l lists the same
// file as the entry earlier. Deleting an entry loses what it says, so
// the finding compares their words: when one says nothing the other does
// not, it is the one to delete (a safe fix when it is a list item of its
// own); when each adds something, the two must be merged by hand, and the
// message says what this one adds.
func duplicateFinding(f *memory.File, owners *linkOwners, words entryWordCache, earlier, later memory.IndexEntry, l ruleutil.TopicLink) lint.Diagnostic {
	start, end := f.SpanPos(l.Span)
	d := lint.Diagnostic{Path: f.Path, Start: start, End: end}
	earlierWords, laterWords := words.of(f, earlier), wordsOf(f, later)
	deleteEntry := func(e memory.IndexEntry, link markdown.Link, msg string) {
		if sole, ok := soleEntry(f, owners, link); ok && sole.Start == e.Start {
			d.Fix = &lint.Fix{Message: msg, Edits: []memory.TextEdit{f.DeleteLines(e.StartLine, e.EndLine)}}
		}
	}
	switch {
	case saysNothingNew(laterWords, earlierWords):
		d.Message = fmt.Sprintf("%s is already listed on line %d, whose entry says everything this one does", l.Target, earlier.StartLine)
		d.Suggestion = "delete this entry"
		deleteEntry(later, l.Link, "delete the duplicate entry")
	case saysNothingNew(earlierWords, laterWords):
		d.Message = fmt.Sprintf("%s is already listed on line %d; this entry says everything that one does, and more", l.Target, earlier.StartLine)
		d.Suggestion = fmt.Sprintf("keep this entry and delete the one on line %d", earlier.StartLine)
		if links := ruleutil.TopicLinks(earlier.Links); len(links) > 0 {
			for _, el := range links {
				if el.Target == l.Target {
					deleteEntry(earlier, el.Link, fmt.Sprintf("delete the entry on line %d, which this one covers", earlier.StartLine))
					break
				}
			}
		}
	default:
		// Two entries that say different things may be one memory listed
		// twice, or two memories, one of them linked to the wrong file
		// (a second feature, the phase after): then merging them would
		// fold that memory into this one, and its entry may be all that
		// records it.
		d.Message = fmt.Sprintf("%s is already listed on line %d, and the two entries say different things (this one: %s): one memory listed twice, or another memory linked to the wrong file",
			l.Target, earlier.StartLine, ruleutil.Quote(ruleutil.Clip(entrySays(f, later), 60)))
		// The same words for every such pair (the message names the file
		// and the line): an index that lists files again and again keeps
		// one copy of them however many findings it gets.
		d.Suggestion = "if both are about that memory, merge them into one entry that keeps what both say (add what this one says to the earlier entry), then delete this one; if this one is about another memory, link that memory's own file instead (write it if there is none: this entry may be all that records it)"
	}
	return d
}

//go:embed index-duplicate-entry.md
var duplicateEntryDoc string

// leadingLink reports whether a list item starts with the link, after at
// most a short label ("**Testing:** [x](x.md)", "2026-03-01 — [x](x.md)"):
// that is an entry listing the file. A link after a sentence ("Scoring
// threshold fixed 2026-03-15. See [the gate](x.md).") mentions it.
func leadingLink(f *memory.File, e memory.IndexEntry, l markdown.Link) bool {
	return leadsAt(f, e.Start, l.Start)
}

// crossReference reports whether a link follows a word of seeWords.
func crossReference(f *memory.File, e memory.IndexEntry, l markdown.Link) bool {
	before := strings.ToLower(strings.TrimFunc(string(f.Src[e.Start:l.Start]), func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune("*_~`[]:：—–-|>#→(（", r)
	}))
	for _, w := range seeWords {
		rest, ok := strings.CutSuffix(before, w)
		if !ok {
			continue
		}
		// A word of its own: after a space, or, for a word of a script
		// written without spaces (参见), after any of its characters.
		r, _ := utf8.DecodeLastRuneInString(rest)
		if rest == "" || unicode.IsSpace(r) || utf8.RuneCountInString(w) > 1 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) {
			return true
		}
	}
	return false
}

var sentenceEnd = lazyre.New(`[.!?](?:\s|$)|[。！？]`)
