// Package duplicate holds the rule against two memories of one dir that
// say the same thing: memory-duplicate. The text comparison is package
// rules/internal/similar's.
package duplicate

import (
	"bytes"
	_ "embed"
	"fmt"
	"strings"
	"unicode"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules/internal/similar"
)

// Rules are the rules of this family.
var Rules = []*lint.Rule{Duplicate}

//go:embed memory-duplicate.md
var doc string

// Duplicate reports a memory whose description is another's, or whose
// description and body nearly repeat another's.
var Duplicate = &lint.Rule{
	ID:       "memory-duplicate",
	Severity: lint.Warning, // it rests on comparing prose: never an error by default (SPEC §2)
	Summary:  "two memories in one dir say the same thing: the same description, or nearly the same description and body",
	Doc:      doc,
	Options:  lint.OptionsOf(options{Similarity: 50, MinWords: 25}),
	Run:      run,
	Prepare:  prepare,
}

// prepare makes the signature of each memory as it is read, when the run
// keeps a finding of the rule in the dir (the Claude Code hook's write of
// MEMORY.md keeps none): a run over one dir then makes them on every core.
func prepare(pass *lint.Pass) func(*lint.File) {
	if !anyKept(pass) {
		return nil
	}
	return func(f *lint.File) {
		if f.Kind == lint.KindTopic && f.Frontmatter() != nil {
			lint.Memo(f, sketchKey, func() *sketched { return sketchOf(f) })
		}
	}
}

// options are memory-duplicate's options.
type options struct {
	Similarity int `option:"similarity" doc:"how alike two memories' description and body must be to be reported, in percent of their three-word phrases (CJK: three-character runs) that they share"`
	MinWords   int `option:"min-words" doc:"memories with fewer words (description and body) are compared by description only: short texts share too little to tell a copy from a common phrase"`
}

// memory is what the rule compares of one topic file.
type memory struct {
	f    *lint.File
	desc string // the description, normalised; "" when it has none
	// sketch is the signature of its description and body; nil when it
	// has fewer than min-words words, and is compared by description only.
	sketch *similar.Sketch
	// shingles are its description's and body's shingles, made on first
	// use (features): only a memory that a signature or a description
	// pairs with another needs them, and most memories pair with none.
	shingles []uint64
	featured bool
	linked   bool   // the index links it (set once a pair is found)
	focused  bool   // the run keeps findings on it (Pass.Focused)
	team     bool   // one of the team memory's, compared from the private dir
	name     string // its path as findings name it: Rel, team/Rel for a team memory
}

// features returns m's set of hashed shingles (nil when it has too few
// words to compare), read again from the file: the set costs an
// allocation and a sort that the signature, made of every memory, does
// not.
func (m *memory) features() []uint64 {
	if m.sketch == nil {
		return nil
	}
	if !m.featured {
		r := similar.NewReader(true)
		readText(r, m.f)
		m.shingles, m.featured = r.Features(), true
	}
	return m.shingles
}

func run(pass *lint.Pass) {
	d := pass.Dir
	if !anyKept(pass) {
		return
	}
	opts := lint.OptionsFor[options](pass, nil)
	mems := make([]*memory, 0, len(d.Topics))
	add := func(f *lint.File, team bool) {
		if f.Lines == nil || f.Frontmatter() == nil {
			return // not read, or not a memory: nothing to compare
		}
		m := &memory{f: f, desc: normalise(f.FieldValue("description")), team: team, name: f.Rel, focused: pass.Focused(f)}
		if team {
			m.name = lint.TeamDirName + "/" + f.Rel
		}
		if sk := lint.Memo(f, sketchKey, func() *sketched { return sketchOf(f) }); sk.words >= opts.MinWords {
			m.sketch = &sk.sketch // shared with the memo, which nothing changes
		}
		mems = append(mems, m)
	}
	for _, f := range d.Topics {
		add(f, false)
	}
	// Claude Code loads the team memory beside the private one: a private
	// memory that repeats a team memory is reported here, on the private
	// file. Pairs of two team memories are the team dir's own run's.
	for _, f := range d.TeamTopics() {
		add(f, true)
	}
	min := float64(max(opts.Similarity, 1)) / 100 // 0 would pair every two memories the banding happens to meet
	best := map[*memory]match{}                   // the match each copy is reported for
	keep := func(m match) {
		if old, ok := best[m.dup]; !ok || m.better(old) {
			best[m.dup] = m
		}
	}
	// The same description: the recall selector and the index cannot
	// tell the two apart, whatever the bodies say.
	first := map[string]int{}
	sameDesc := map[[2]int]bool{}
	for i, m := range mems {
		if strings.Count(m.desc, " ") < minDescWords-1 {
			continue
		}
		j, dup := first[m.desc]
		if !dup {
			first[m.desc] = i
			continue
		}
		if m.team && mems[j].team {
			continue
		}
		sameDesc[[2]int{j, i}] = true
		if !wanted(mems[j], m) {
			continue
		}
		score := similar.Jaccard(mems[j].features(), m.features())
		keep(newMatch(mems[j], m, true, score, score >= min))
	}
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
	for _, p := range similar.PairsOf(sketches, min, similarity) {
		if sameDesc[[2]int{p.A, p.B}] || mems[p.A].team && mems[p.B].team {
			continue
		}
		keep(newMatch(mems[p.A], mems[p.B], false, p.Score, true))
	}
	if len(best) > 0 {
		// Only the suggestions ask which memories the index links.
		linked := indexLinks(d)
		for _, m := range mems {
			m.linked = !m.team && (linked[m.f.Rel] || d.ParentLinks[m.f.Rel])
		}
	}
	for _, m := range mems {
		if found, ok := best[m]; ok && m.focused {
			report(pass, found)
		}
	}
}

// wanted reports whether comparing a and b can make a finding the run
// keeps: the finding is on one of the two, so one must be focused (a run
// of the Claude Code hook keeps the findings on the file written alone).
func wanted(a, b *memory) bool { return a.focused || b.focused }

// match is a pair of memories that say the same thing, or share a
// description.
type match struct {
	orig, dup *memory // the finding is reported on dup
	sameDesc  bool    // their descriptions are the same
	score     float64 // the similarity of description and body
	same      bool    // score reaches the threshold
}

// newMatch orders the pair (a, b), a before b in path order (private
// memories before team ones): the copy, reported, is the private one of a
// private and a team memory, else the one modified later by its modified
// timestamp, else b.
func newMatch(a, b *memory, sameDesc bool, score float64, same bool) match {
	orig, dup := a, b
	ta, oka := a.f.ModifiedTime()
	tb, okb := b.f.ModifiedTime()
	if b.team || (!a.team && oka && okb && ta.After(tb)) {
		orig, dup = b, a
	}
	return match{orig: orig, dup: dup, sameDesc: sameDesc, score: score, same: same}
}

// better reports whether m is a stronger reason to report its copy than
// o: the same description first, then the higher similarity.
func (m match) better(o match) bool {
	if m.sameDesc != o.sameDesc {
		return m.sameDesc
	}
	return m.score > o.score
}

// minDescWords is the fewest words an identical description needs to be
// reported: a one- or two-word description ("Notes", "Build setup") is
// too short to mean two memories hold the same thing; description-quality
// reports it.
const minDescWords = 3

// percent rounds a similarity down to a whole percent, so that a pair
// just under the threshold never reads as at it.
func percent(s float64) int { return int(s*100 + 1e-9) }

// anyKept reports whether the run keeps a warning about any topic file of
// the dir: a run focused on other files, or keeping errors alone, needs no
// comparison.
func anyKept(pass *lint.Pass) bool {
	for _, f := range pass.Dir.Topics {
		if pass.Focused(f) && pass.Keeps(f, lint.Warning) {
			return true
		}
	}
	return false
}

// report reports m on its copy, naming the other memory; when the two
// say the same thing (not just share a description) the suggestion names
// the memory to keep.
func report(pass *lint.Pass, m match) {
	orig, dup := m.orig, m.dup
	var msg string
	if m.sameDesc {
		msg = "has the same description as " + orig.name
		if m.same {
			msg += fmt.Sprintf(", and %d%% of their three-word phrases are the same", percent(m.score))
		}
		msg += ": Claude Code picks memories by their description and cannot tell these two apart"
	} else {
		msg = fmt.Sprintf("says nearly the same as %s: %d%% of their three-word phrases are the same", orig.name, percent(m.score))
	}
	suggestion := fmt.Sprintf("say in each description what that memory alone holds, or merge %s into %s if they are about one thing", dup.name, orig.name)
	switch {
	case orig.team && m.same:
		suggestion = fmt.Sprintf("delete %s and its index entry: Claude Code loads %s from the team memory as well (first add to it what this one says that the team should know)", dup.name, orig.name)
	case m.same:
		keep, drop, why := keeper(orig, dup)
		suggestion = fmt.Sprintf("keep %s (%s): merge into it what %s adds, then delete %s and its index entry", keep.name, why, drop.name, drop.name)
	}
	d := lint.Diagnostic{Path: dup.f.Path, Message: msg, Suggestion: suggestion}
	if k, _ := dup.f.Frontmatter().Field("description"); k != nil {
		d.Start = dup.f.Frontmatter().Pos(k)
	}
	pass.Report(d)
}

// keeper says which of two duplicates to keep, and why: the one the index
// links, else the one that holds clearly more (longerBy), else the
// original.
func keeper(orig, dup *memory) (keep, drop *memory, why string) {
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
func indexLinks(d *lint.Dir) map[string]bool {
	out := map[string]bool{}
	if d.Index == nil || d.Index.Body() == nil {
		return out
	}
	for _, l := range d.Index.Body().Links {
		if target, kind := lint.ResolveLink(lint.IndexName, l.Dest); kind == lint.LinkLocal {
			out[target] = true
		}
	}
	return out
}

// sketched is a memory's signature and how many words it was made of.
type sketched struct {
	words  int
	sketch similar.Sketch
}

// sketchKey keeps each file's sketched: the Claude Code hook lints a dir
// after a write and as it was, and all but one file are the same in both.
var sketchKey = lint.NewMemoKey("memory-duplicate signature")

func sketchOf(f *lint.File) *sketched {
	var r similar.Reader
	readText(&r, f)
	words := r.Words()
	return &sketched{words: words, sketch: r.Sketch()}
}

// readText reads f's description and its body, the text after its
// frontmatter with HTML comments removed (suppression comments and notes
// to the maintainer are not what the memory says), into r, in pieces
// that are never copied into one string.
func readText(r *similar.Reader, f *lint.File) {
	r.AddString(f.FieldValue("description"))
	start := 0
	if fm := f.Frontmatter(); fm != nil && fm.CloseLine > 0 {
		start = fm.Span.End
	}
	text := f.Src[start:]
	for {
		open := bytes.Index(text, []byte("<!--"))
		if open < 0 {
			break
		}
		r.Add(text[:open])
		end := bytes.Index(text[open+4:], []byte("-->"))
		if end < 0 {
			return // an unclosed comment runs to the end
		}
		text = text[open+4+end+3:]
	}
	r.Add(text)
}

// normalise folds a description's case, spacing and punctuation, so that
// "Run the tests first." and "run the tests first" are the same.
func normalise(s string) string {
	words := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	return strings.Join(words, " ")
}
