package duplicate

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules/internal/ruleutil"
	"github.com/memlint/memlint/rules/internal/similar"
)

// indexText is a piece of MEMORY.md that is content, not an entry linking
// a topic file: a paragraph, a list item or a table row that links none.
type indexText struct {
	entry memory.IndexEntry
	set   []uint64 // its three-word phrases, hashed, sorted
}

// indexRepeat is index text that a topic file already holds: one piece,
// or neighbouring pieces that repeat the same file.
type indexRepeat struct {
	index *memory.File
	texts []indexText
	topic *topicMemory
	// held is how many of the texts' phrases the topic file holds, of
	// total.
	held, total int
}

// indexRepeats finds the index text whose three-word phrases a topic file
// mostly holds (index-containment percent of them): a rule written into
// MEMORY.md that a memory already says. Every memory is read once, and
// each of its phrases looked up among the index text's; a text is
// reported for the memory holding most of it (the first in path order
// among equals, private before team).
func indexRepeats(f *memory.File, mems []*topicMemory, opts options) []finding {
	texts := contentTexts(f, opts.IndexMinWords)
	if len(texts) == 0 || len(mems) == 0 {
		return nil
	}
	sets := make([][]uint64, len(texts))
	for i, t := range texts {
		sets[i] = t.set
	}
	probe := similar.NewProbe(sets)
	best := make([]indexRepeat, len(texts))
	for _, m := range mayRepeat(texts, mems, opts.IndexContainment) {
		for _, h := range probe.Read(func(r *similar.Reader) { readMemory(r, m.f) }) {
			if h.Shingles > best[h.Set].held && !names(f, texts[h.Set].entry, m) {
				best[h.Set] = indexRepeat{index: f, texts: texts[h.Set : h.Set+1], topic: m, held: h.Shingles, total: len(sets[h.Set])}
			}
		}
	}
	// Neighbouring pieces that repeat one topic file are one finding: a
	// summary of it written into the index, line by line.
	var out []finding
	var run *indexRepeat
	last := -2 // the index in texts of the run's last piece
	for i, r := range best {
		if r.topic == nil || r.held < needed(r.total, opts.IndexContainment) {
			continue
		}
		if run != nil && last == i-1 && run.topic == r.topic && adjacent(texts[i-1].entry, texts[i].entry) {
			run.texts = texts[i-len(run.texts) : i+1]
			run.held += r.held
			run.total += r.total
			last = i
			continue
		}
		out = append(out, &best[i])
		run, last = &best[i], i
	}
	return out
}

// mayRepeat returns the memories that may hold enough of a text to repeat
// it, in order: by their filters (Sketch.MayHold), which err only toward
// holding more, when the texts are few enough to ask each memory about
// each; all of them otherwise, for one reading of every memory costs less
// than that many questions.
func mayRepeat(texts []indexText, mems []*topicMemory, containment int) []*topicMemory {
	asks := 0
	for _, t := range texts {
		asks += len(t.set)
	}
	if asks*len(mems) > maxFilterAsks {
		return mems
	}
	var out []*topicMemory
	for _, m := range mems {
		for _, t := range texts {
			if m.summary.MayHold(t.set, needed(len(t.set), containment)) {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// needed is how many of a text's shingles a memory must hold to repeat
// it: containment percent, rounded up.
func needed(shingles, containment int) int { return (shingles*containment + 99) / 100 }

// maxFilterAsks bounds the filter lookups mayRepeat makes: a lookup is a
// few nanoseconds, most memories are turned down after a few, and reading
// memories again costs more per byte; the loaded index of 200 lines
// against 10,000 memories stays within it.
const maxFilterAsks = 1 << 25

// adjacent reports whether index entry b follows a with at most a blank
// line between them.
func adjacent(a, b memory.IndexEntry) bool { return b.StartLine <= a.EndLine+2 }

// names reports whether an index entry names the topic file m ("see
// freemium-model.md"): it is then a pointer to the memory written without
// a link, which index-entry-format reports, and its hook may well sum up
// what the memory says.
func names(f *memory.File, e memory.IndexEntry, m *topicMemory) bool {
	text := bytes.ToLower(withoutComments(f.Src[e.Start:e.End]))
	if bytes.Contains(text, []byte(strings.ToLower(m.f.Rel))) {
		return true
	}
	stem := strings.ToLower(m.f.Stem())
	return len(stem) >= minNamedStem && strings.ContainsAny(stem, "-_") && bytes.Contains(text, []byte(stem))
}

// minNamedStem is the shortest file stem taken for a name in index text:
// a short one ("a-b") may be part of any word.
const minNamedStem = 6

// contentTexts returns the index entries that are content and have at
// least minWords words, with their phrases, in the part of the index
// Claude Code loads: what it cuts off costs no conversation anything.
func contentTexts(f *memory.File, minWords int) []indexText {
	md := f.Body()
	if md == nil {
		return nil
	}
	var out []indexText
	hidden := f.Index.Budget.Hidden()
	for _, e := range f.Index.Entries {
		if hidden >= 0 && e.Start >= hidden {
			break // Claude Code does not load it (index-line-limit, index-size-limit)
		}
		if !isContent(md, e) {
			continue
		}
		r := similar.NewReader(true)
		readText(r, f.Src[e.Start:e.End])
		if r.Words() < max(minWords, similar.ShingleWords) {
			continue
		}
		if set := r.Features(); len(set) > 0 {
			out = append(out, indexText{entry: e, set: set})
		}
	}
	return out
}

// isContent reports whether an index entry is memory content: a
// paragraph, a list item or a table row that links no topic file (nor
// names one with a [[wikilink]]) and is not a label for the entries
// nested under it.
func isContent(md *markdown.Markdown, e memory.IndexEntry) bool {
	switch e.Kind {
	case memory.EntryItem, memory.EntryParagraph, memory.EntryTableRow:
	default:
		return false // code, HTML, a table's header
	}
	if e.Group || len(ruleutil.TopicLinks(e.Links)) > 0 {
		return false
	}
	w := md.WikiLinks // in document order
	i := sort.Search(len(w), func(i int) bool { return w[i].Start >= e.Start })
	return i == len(w) || w[i].Start >= e.End
}

// readMemory reads what a topic file says, its description and its body,
// into r: index text may repeat either. No shingle joins the two, as in
// the filter sketchOf makes.
func readMemory(r *similar.Reader, f *memory.File) {
	r.AddString(f.FieldValue("description"))
	r.Break()
	readBody(r, f)
}

// report reports the index text, naming the topic file that holds it;
// the suggestion deletes the text only when the topic file holds all of
// it, and otherwise moves what it adds there first.
func (r *indexRepeat) report(pass *lint.Pass) {
	name := r.topic.name
	first, last := r.texts[0].entry, r.texts[len(r.texts)-1].entry
	what := "index text repeats"
	if len(r.texts) > 1 {
		what = fmt.Sprintf("lines %d–%d of the index repeat", first.StartLine, last.EndLine)
	}
	msg := fmt.Sprintf("%s %s: %d%% of its three-word phrases are in that topic file; the index is loaded into every conversation, and two copies drift apart", what, name, percent(float64(r.held)/float64(r.total)))
	var suggestion string
	switch all := r.held == r.total; {
	case all && r.topic.linked:
		suggestion = fmt.Sprintf("delete this text: %s, which the index links, holds all of it", name)
	case all:
		suggestion = fmt.Sprintf("replace this text with an entry linking %s, which holds all of it: %s", name, entryFor(r.topic))
	case r.topic.linked:
		suggestion = fmt.Sprintf("move what this text adds into %s (the index links it), then delete the text here", name)
	default:
		suggestion = fmt.Sprintf("move what this text adds into %s, then replace the text with an entry linking it: %s", name, entryFor(r.topic))
	}
	pass.ReportSpan(r.index, markdown.Span{Start: first.Start, End: last.End}, msg, suggestion)
}

// entryFor is the index line that would link m, from its name and
// description.
func entryFor(m *topicMemory) string {
	if !m.team {
		return ruleutil.MemoryEntry(m.f)
	}
	title := m.f.FieldValue("name")
	if title == "" {
		title = m.f.Stem()
	}
	line := fmt.Sprintf("- [%s](%s)", ruleutil.LinkText(ruleutil.Clip(title, 60)), ruleutil.LinkPath(m.name))
	if d := m.f.FieldValue("description"); d != "" {
		line += " — " + ruleutil.OneLine(ruleutil.Clip(d, 100))
	}
	return line
}

// withoutComments returns text without its HTML comments.
func withoutComments(text []byte) []byte {
	if !bytes.Contains(text, []byte("<!--")) {
		return text
	}
	var out []byte
	uncommented(text, func(piece []byte) { out = append(out, piece...) })
	return out
}
