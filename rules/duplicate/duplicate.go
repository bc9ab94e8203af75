// Package duplicate holds the rule against memory said twice in one dir:
// two memories whose bodies say the same thing, or index text that repeats
// a topic file: memory-duplicate. The text comparison is package
// rules/internal/similar's.
package duplicate

import (
	"bytes"
	_ "embed"
	"fmt"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules/internal/ruleutil"
	"github.com/memlint/memlint/rules/internal/similar"
)

// Rules are the rules of this family.
var Rules = []*lint.Rule{Duplicate}

//go:embed memory-duplicate.md
var doc string

// Duplicate reports a memory whose body nearly repeats another's, and
// index text that a topic file already holds.
var Duplicate = &lint.Rule{
	ID:       "memory-duplicate",
	Stage:    lint.Preview,
	Severity: lint.Warning, // it rests on comparing prose: never an error by default (SPEC §2)
	Summary:  "two memories in one dir say the same thing (nearly the same body), or the index repeats what a topic file holds",
	Doc:      doc,
	Options:  lint.OptionsOf(options{Similarity: 50, MinWords: 25, IndexContainment: 60, IndexMinWords: 8}),
	Run:      run,
	Prepare:  prepare,
}

// prepare makes the signature of each memory as it is read, when the run
// keeps a finding of the rule on a topic file of the dir (the Claude Code
// hook's write of MEMORY.md keeps none): a run over one dir then makes them
// on every core.
func prepare(pass *lint.Pass) func(*memory.File) {
	if !topicsKept(pass) {
		return nil
	}
	return func(f *memory.File) {
		if f.Kind == memory.KindTopic && f.Frontmatter() != nil {
			memory.Memo(f, sketchKey, func() *sketched { return sketchOf(f) })
		}
	}
}

// options are memory-duplicate's options.
type options struct {
	Similarity       int `option:"similarity" doc:"how alike two memories' bodies must be to be reported, in percent of their three-word phrases (CJK: three-character runs) that they share, not counting phrases a third memory has too"`
	MinWords         int `option:"min-words" doc:"memories whose body has fewer words are not compared: short texts share too little to tell a copy from a common phrase"`
	IndexContainment int `option:"index-containment" doc:"how much of a piece of index text (a paragraph or list item that links no topic file) a topic file must hold to be reported as repeating it, in percent of the text's three-word phrases"`
	IndexMinWords    int `option:"index-min-words" doc:"index text with fewer words is not compared with the topic files"`
}

// topicMemory is what the rule compares of one topic file.
type topicMemory struct {
	f *memory.File
	// summary is the signature of its body and the filter of its
	// description's and body's shingles (Sketch.MayHold).
	summary *similar.Sketch
	// sketch is summary when the body has at least min-words words, and
	// nil when it has fewer: it is then not compared with other memories.
	sketch *similar.Sketch
	// shingles are its body's shingles, made on first use (features):
	// only a memory that a signature pairs with another needs them, and
	// most memories pair with none.
	shingles []uint64
	featured bool
	linked   bool   // the index links it (set once a finding is made)
	focused  bool   // the run keeps findings on it (Pass.Focused)
	team     bool   // one of the team memory's, compared from the private dir
	name     string // its path as findings name it: Rel, team/Rel for a team memory
}

// features returns m's set of hashed shingles (nil when it has too few
// words to compare), read again from the file: the set costs an
// allocation and a sort that the signature, made of every memory, does
// not.
func (m *topicMemory) features() []uint64 {
	if m.sketch == nil {
		return nil
	}
	if !m.featured {
		r := similar.NewReader(true)
		readBody(r, m.f)
		m.shingles, m.featured = r.Features(), true
	}
	return m.shingles
}

func run(pass *lint.Pass) {
	d := pass.Dir
	pairsWanted, indexWanted := topicsKept(pass), indexKept(pass)
	if !pairsWanted && !indexWanted {
		return
	}
	opts := lint.OptionsFor[options](pass, nil)
	mems := memories(pass, opts.MinWords)
	var found []finding
	if pairsWanted {
		found = append(found, duplicatePairs(mems, opts)...)
	}
	if indexWanted {
		found = append(found, indexRepeats(d.Index, mems, opts)...)
	}
	if len(found) == 0 {
		return
	}
	// Only the suggestions ask which memories the index links.
	linked := indexLinks(d)
	for _, m := range mems {
		m.linked = linked[m.name] || !m.team && d.ParentLinks[m.f.Rel]
	}
	for _, f := range found {
		f.report(pass)
	}
}

// memories are the dir's topic files the rule compares, with the team
// memory's (Claude Code loads the team memory beside the private one, so
// a private memory or index text that repeats a team memory is reported
// here). A file whose description is a template's placeholder is a
// template, not a memory: description-quality reports it.
func memories(pass *lint.Pass, minWords int) []*topicMemory {
	d := pass.Dir
	mems := make([]*topicMemory, 0, len(d.Topics))
	add := func(f *memory.File, team bool) {
		if f.Lines == nil || f.Frontmatter() == nil || ruleutil.IsPlaceholder(f.FieldValue("description")) {
			return // not read, not a memory, or a template
		}
		m := &topicMemory{f: f, team: team, name: f.Rel, focused: !team && pass.Focused(f)}
		if team {
			m.name = memory.TeamDirName + "/" + f.Rel
		}
		sk := memory.Memo(f, sketchKey, func() *sketched { return sketchOf(f) })
		m.summary = &sk.sketch // shared with the memo, which nothing changes
		if sk.words >= minWords {
			m.sketch = m.summary
		}
		mems = append(mems, m)
	}
	for _, f := range d.Topics {
		add(f, false)
	}
	for _, f := range d.TeamTopics() {
		add(f, true)
	}
	return mems
}

// finding is one thing the rule reports.
type finding interface{ report(pass *lint.Pass) }

// duplicatePairs finds the memories whose bodies say nearly the same thing
// as another's: the pairs whose signatures agree on a band, whose Jaccard
// similarity reaches the threshold, and which share what they hold of
// their own, beyond what a third memory has too (boilerplate: a
// template's headings and labels, the sentences every memory of a series
// repeats; ownSimilarity). Each copy is reported once, for its closest
// original. Pairs of two team memories are the team dir's own run's.
func duplicatePairs(mems []*topicMemory, opts options) []finding {
	min := float64(max(opts.Similarity, 1)) / 100 // 0 would pair every two memories the banding happens to meet
	sketches := make([]*similar.Sketch, len(mems))
	for i, m := range mems {
		sketches[i] = m.sketch
	}
	similarity := func(a, b int) (float64, bool) {
		if !wanted(mems[a], mems[b]) {
			return 0, false
		}
		return similar.Jaccard(mems[a].features(), mems[b].features()), true
	}
	pairs := similar.PairsOf(sketches, min, similarity)
	if len(pairs) == 0 {
		return nil
	}
	// What the memories of each pair hold between them, and how many
	// memories of the dir hold each of those phrases.
	unions := make([][]uint64, len(pairs))
	for i, p := range pairs {
		unions[i] = union(mems[p.A].features(), mems[p.B].features())
	}
	probe := similar.NewProbe(unions)
	for _, m := range mems {
		probe.Count(func(r *similar.Reader) { readBody(r, m.f) })
	}
	best := map[*topicMemory]match{} // the match each copy is reported for
	for i, p := range pairs {
		a, b := mems[p.A], mems[p.B]
		if own := ownSimilarity(a.features(), b.features(), unions[i], probe); own < min {
			continue // what they share, other memories hold too
		}
		m := newMatch(a, b, p.Score)
		if old, ok := best[m.dup]; !ok || m.score > old.score {
			best[m.dup] = m
		}
	}
	var out []finding
	for _, m := range mems { // in path order
		if found, ok := best[m]; ok && m.focused {
			out = append(out, found)
		}
	}
	return out
}

// ownSimilarity says how much of what two memories hold of their own
// they share: the phrases a third memory holds too are set aside (of
// those both hold, the ones three memories hold; of those one holds, the
// ones two hold), and of the rest, the share of the smaller memory's that
// the other holds too. A pair that shares only what the memories of a
// series all say scores 0; a copy that adds a sentence to the other, near
// 1. u is a ∪ b, and probe has read every memory. When neither holds
// anything of its own (three copies of one text) it is their plain
// similarity; when one holds nothing of its own, 0.
func ownSimilarity(a, b, u []uint64, probe *similar.Probe) float64 {
	shared, onlyA, onlyB := 0, 0, 0
	for _, k := range u {
		inA, inB := contains(a, k), contains(b, k)
		holders := probe.Texts(k)
		if inA && inB && holders >= 3 || !(inA && inB) && holders >= 2 {
			continue
		}
		switch {
		case inA && inB:
			shared++
		case inA:
			onlyA++
		default:
			onlyB++
		}
	}
	smaller := shared + min(onlyA, onlyB)
	switch {
	case shared+onlyA+onlyB == 0:
		return similar.Jaccard(a, b)
	case smaller == 0:
		return 0
	}
	return float64(shared) / float64(smaller)
}

// contains reports whether the sorted set s holds k.
func contains(s []uint64, k uint64) bool {
	lo, hi := 0, len(s)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if s[mid] < k {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo < len(s) && s[lo] == k
}

// union returns the union of two sorted sets, sorted.
func union(a, b []uint64) []uint64 {
	out := make([]uint64, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			out = append(out, a[i])
			i++
			j++
		case a[i] < b[j]:
			out = append(out, a[i])
			i++
		default:
			out = append(out, b[j])
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// wanted reports whether comparing a and b can make a finding the run
// keeps: the finding is on one of the two, so one must be focused (a run
// of the Claude Code hook keeps the findings on the file written alone;
// a team memory is never reported from the private dir).
func wanted(a, b *topicMemory) bool { return (a.focused || b.focused) && !(a.team && b.team) }

// match is a pair of memories whose bodies say the same thing.
type match struct {
	orig, dup *topicMemory // the finding is reported on dup
	score     float64      // the similarity of their bodies
}

// newMatch orders the pair (a, b), a before b in path order (private
// memories before team ones): the copy, reported, is the private one of a
// private and a team memory, else the one modified later by its modified
// timestamp, else b.
func newMatch(a, b *topicMemory, score float64) match {
	orig, dup := a, b
	ta, oka := a.f.ModifiedTime()
	tb, okb := b.f.ModifiedTime()
	if b.team || (!a.team && oka && okb && ta.After(tb)) {
		orig, dup = b, a
	}
	return match{orig: orig, dup: dup, score: score}
}

// percent rounds a similarity down to a whole percent, so that a pair
// just under the threshold never reads as at it.
func percent(s float64) int { return int(s*100 + 1e-9) }

// topicsKept reports whether the run keeps a warning about any topic
// file of the dir: a run focused on other files, or keeping errors alone,
// needs no comparison of memories.
func topicsKept(pass *lint.Pass) bool {
	for _, f := range pass.Dir.Topics {
		if pass.Focused(f) && pass.Keeps(f, lint.Warning) {
			return true
		}
	}
	return false
}

// indexKept reports whether the run keeps a warning about the dir's
// index.
func indexKept(pass *lint.Pass) bool {
	f := pass.Dir.Index
	return f != nil && f.Index != nil && pass.Focused(f) && pass.Keeps(f, lint.Warning)
}

// report reports m on its copy, at the start of its body, naming the
// other memory; the suggestion names the memory to keep.
func (m match) report(pass *lint.Pass) {
	orig, dup := m.orig, m.dup
	msg := fmt.Sprintf("says nearly the same as %s: %d%% of the three-word phrases of their bodies are the same", orig.name, percent(m.score))
	var suggestion string
	if orig.team {
		suggestion = fmt.Sprintf("delete %s and its index entry: Claude Code loads %s from the team memory as well (first add to it what this one says that the team should know)", dup.name, orig.name)
	} else {
		keep, drop, why := keeper(orig, dup)
		suggestion = fmt.Sprintf("keep %s (%s): merge into it what %s adds, then delete %s and its index entry", keep.name, why, drop.name, drop.name)
	}
	pass.ReportSpan(dup.f, bodyStart(dup.f), msg, suggestion)
}

// bodyStart is the first block of f's body: where a finding about what
// the body says goes.
func bodyStart(f *memory.File) markdown.Span {
	if md := f.Body(); md != nil {
		for _, b := range md.Blocks {
			if b.Kind != markdown.BlockComment {
				return markdown.Span{Start: b.Start, End: b.Start}
			}
		}
	}
	return markdown.Span{}
}

// keeper says which of two duplicates to keep, and why: the one the index
// links, else the one that holds clearly more (longerBy), else the
// original.
func keeper(orig, dup *topicMemory) (keep, drop *topicMemory, why string) {
	switch {
	case orig.linked != dup.linked:
		if dup.linked {
			return dup, orig, "the index links it"
		}
		return orig, dup, "the index links it"
	case len(dup.features())*100 > len(orig.features())*(100+longerBy):
		return dup, orig, "it holds more"
	case len(orig.features())*100 > len(dup.features())*(100+longerBy):
		return orig, dup, "it holds more"
	}
	return orig, dup, "it is the older"
}

// longerBy is how much more text, in percent, one duplicate must hold for
// the suggestion to keep it for that: a few words more is no reason.
const longerBy = 10

// indexLinks are the topic files (relative to the dir) the dir's index
// links.
func indexLinks(d *memory.Dir) map[string]bool {
	out := map[string]bool{}
	if d.Index == nil || d.Index.Body() == nil {
		return out
	}
	for _, l := range d.Index.Body().Links {
		if target, kind := memory.ResolveLink(memory.IndexName, l.Dest); kind == memory.LinkLocal {
			out[target] = true
		}
	}
	return out
}

// sketched is a memory's signature (of its body; its filter also holds
// its description) and how many words its body has.
type sketched struct {
	words  int
	sketch similar.Sketch
}

// sketchKey keeps each file's sketched: the Claude Code hook lints a dir
// after a write and as it was, and all but one file are the same in both.
var sketchKey = memory.NewMemoKey("memory-duplicate signature")

func sketchOf(f *memory.File) *sketched {
	var r similar.Reader
	r.AddString(f.FieldValue("description"))
	r.Restart()
	readBody(&r, f)
	words := r.Words()
	return &sketched{words: words, sketch: r.Sketch()}
}

// readBody reads f's body, the text after its frontmatter with HTML
// comments removed (suppression comments and notes to the maintainer are
// not what the memory says), into r, in pieces that are never copied into
// one string. The description is not read: two memories are the same only
// when their bodies are, and one description shared by memories that say
// different things is description-quality's finding.
func readBody(r *similar.Reader, f *memory.File) {
	start := 0
	if fm := f.Frontmatter(); fm != nil && fm.CloseLine > 0 {
		start = fm.Span.End
	}
	readText(r, f.Src[start:])
}

// readText reads text into r without its HTML comments.
func readText(r *similar.Reader, text []byte) { uncommented(text, r.Add) }

// uncommented calls fn with each piece of text outside its HTML comments,
// in order; an unclosed comment runs to the end.
func uncommented(text []byte, fn func(piece []byte)) {
	for {
		open := bytes.Index(text, []byte("<!--"))
		if open < 0 {
			break
		}
		fn(text[:open])
		end := bytes.Index(text[open+4:], []byte("-->"))
		if end < 0 {
			return
		}
		text = text[open+4+end+3:]
	}
	fn(text)
}
