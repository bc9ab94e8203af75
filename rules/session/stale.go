package session

import (
	"bytes"
	"cmp"
	_ "embed"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

//go:embed stale-project-memory.md
var staleDoc string

// StaleProjectMemory reports a project memory whose newest absolute date
// lies long in the past and which has not been changed since that date.
var StaleProjectMemory = &lint.Rule{
	ID:       "stale-project-memory",
	Stage:    lint.Preview,
	Severity: lint.Info, // a date says nothing certain about whether the text still holds
	Summary:  "a project memory whose newest dated claim that can go stale (not a finished event) is more than `days` in the past and which has not been changed since",
	Doc:      staleDoc,
	Options:  lint.OptionsOf(staleOptions{Days: 60}),
	Kinds:    []memory.DirKind{memory.DirAuto, memory.DirTeam},
	Run:      runStale,
}

// staleOptions are stale-project-memory's options.
type staleOptions struct {
	Days int `option:"days" doc:"how many days after its newest date a project memory is reported"`
}

func runStale(pass *lint.Pass) {
	now := time.Date(pass.Now.Year(), pass.Now.Month(), pass.Now.Day(), 0, 0, 0, 0, time.UTC)
	for _, f := range pass.Dir.Topics {
		if !pass.Focused(f) || f.MemoryType() != "project" || !pass.Keeps(f, lint.Info) {
			continue
		}
		days := lint.OptionsFor[staleOptions](pass, f).Days
		if days <= 0 {
			continue
		}
		dates := datedStatements(f)
		if len(dates) == 0 || !dates[0].date.Before(now.AddDate(0, 0, -days)) {
			continue // no date, or a recent or future one: about what is to come
		}
		// Only now, for a memory the rule may report, is the last change
		// looked up: it may read the repository's history.
		found, changed := staleClaim(pass, f, dates)
		if found == nil {
			continue
		}
		age := int(now.Sub(found.date).Hours() / 24)
		iso := found.date.Format("2006-01-02")
		since := "it has not changed since (" + changed.String() + ")"
		msg := fmt.Sprintf("the newest date in this project memory is %s, %d days ago, and %s; is it still true?", iso, age, since)
		if !found.date.Equal(dates[0].date) {
			// A later date records a finished event.
			msg = fmt.Sprintf("the newest claim in this project memory that can go stale is dated %s, %d days ago, and %s; is it still true?", iso, age, since)
		}
		if isDeadline(found.text, found.start, found.end) {
			msg = fmt.Sprintf("the deadline %s has passed (%d days ago) and %s; is this still true?", iso, age, since)
		}
		suggestion := "update the memory to what holds now (and its modified date), or delete it if the project has moved on"
		if found.inBody {
			pass.ReportSpan(f, markdown.Span{Start: found.base + found.start, End: found.base + found.end}, msg, suggestion)
		} else {
			pass.ReportFile(f, msg, suggestion)
		}
	}
}

// datedStatement is an absolute date of a memory and the text it was
// found in.
type datedStatement struct {
	foundDate
	text   []byte // the description, or the body's paragraph or heading
	base   int    // text's offset in the file (body only)
	inBody bool

	kind       statementKind // what its sentence says, once classified
	classified bool
}

// sentenceKind classifies the sentence holding the date, once.
func (d *datedStatement) sentenceKind() statementKind {
	if !d.classified {
		d.kind, d.classified = classify(sentenceAround(d.text, d.start, d.end)), true
	}
	return d.kind
}

// writtenOn returns the day the memory was last written, as far as its
// text tells: the day of its last change, or a later date that a sentence
// records as done or as what happened that day ("draft written
// 2026-08-11"), which can only have been written on that day or after. A modified field that a hand edit left
// behind would otherwise make every date of the edit a plan.
func writtenOn(dates []datedStatement, c change) time.Time {
	day := c.day()
	for i := range dates { // newest first
		if !dates[i].date.After(day) {
			break
		}
		if k := dates[i].sentenceKind(); k == statementDone || k == statementRecorded {
			return dates[i].date
		}
	}
	return day
}

// claims reports whether the statement holding the date is a claim that
// goes stale, given the day the memory was last written: a date before
// that day was known when the memory was last written. A date after it was
// a plan or a deadline then, unless its sentence records the event as done
// (or as superseded). A date of that very day most often records the
// day's events ("fixed 2026-08-11", "measured on 2026-08-09", "Issue #815
// COMPLETE"), which stay true: it counts only when its sentence says how
// things stand or what is still to do ("status as of 2026-07-04", "pending
// push"), or the description does (a memory "proposed, not implemented").
// When the history read ends before the file's last change (bounded), day
// is an upper bound on it: only the days after it are known to be later.
func (d *datedStatement) claims(day time.Time, bounded bool, desc []byte) bool {
	if d.date.Before(day) || bounded && !d.date.After(day) {
		return false
	}
	switch d.sentenceKind() {
	case statementSuperseded, statementDone:
		return false
	case statementPending, statementSnapshot:
		return true
	case statementRecorded:
		// Not a plan; on the day itself, a record of a memory whose
		// description says it is still to do.
		return !d.date.After(day) && holdsAny(bytes.ToLower(desc), pendingPhrases)
	}
	return d.date.After(day) || holdsAny(bytes.ToLower(desc), pendingPhrases)
}

// datedStatements returns the absolute dates of f's description and body
// prose, newest first (the description's before the body's on the same
// day, then in order). Dates that mark when something began or was
// recorded ("added 2026-07-27", "**Date:** 2026-06-17") are left out: a
// convention or a decision does not decay with the day it was made.
func datedStatements(f *memory.File) []datedStatement {
	var out []datedStatement
	add := func(ds []foundDate, t []byte, base int, body bool) {
		for _, d := range ds {
			if !dateNear(t, d.start, d.end, provenanceWords, provenanceAfter) {
				out = append(out, datedStatement{foundDate: d, text: t, base: base, inBody: body})
			}
		}
	}
	if desc := f.FieldValue("description"); desc != "" {
		t := []byte(desc)
		add(findDates(t, nil), t, 0, false)
	}
	if md := f.Body(); md != nil {
		for _, b := range md.Blocks {
			if b.Kind != markdown.BlockParagraph && b.Kind != markdown.BlockHeading {
				continue
			}
			t := f.Src[b.Start:b.End]
			start := b.Start
			add(findDates(t, func(s, e int) bool {
				return md.InProse(markdown.Span{Start: start + s, End: start + s + 4})
			}), t, start, true)
		}
	}
	// Newest first; on one day, in the order found (the description's
	// first), which findDates gives per pattern: sort by position too.
	slices.SortStableFunc(out, func(a, b datedStatement) int {
		if c := b.date.Compare(a.date); c != 0 {
			return c
		}
		if a.inBody != b.inBody {
			if !a.inBody {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.base+a.start, b.base+b.start)
	})
	return out
}

// change is when a memory last changed, and what says so.
type change struct {
	when time.Time
	// source names what says so: the modified field, the last commit, the
	// file's modification time.
	source string
	// bounded says when is the oldest commit the history read reached,
	// which already held the file as it is: it changed then or before.
	bounded bool
}

// day is the calendar day of the change, where it was made, as a date at
// midnight UTC like the dates read from the text.
func (c change) day() time.Time {
	return time.Date(c.when.Year(), c.when.Month(), c.when.Day(), 0, 0, 0, 0, time.UTC)
}

// String says when the memory last changed, and how that is known.
func (c change) String() string {
	day := c.when.Format("2006-01-02")
	if c.bounded {
		return "git history back to " + day + " shows no change"
	}
	return c.source + ": " + day
}

// staleClaim returns the newest of f's dates (newest first) whose
// statement is a claim that goes stale given when f last changed, and that
// change: its modified frontmatter field, or the last commit that changed
// it when the file is what the repository's HEAD holds and that commit is
// later (a checkout gives every file a new modification time, and a hand
// edit after Claude Code stamped modified leaves the field behind); else
// the file's modification time. Content read from the git index
// (--staged) has no modification time: when it is not HEAD's and has no
// modified field, the commit is changing it now, and nothing is found.
// A later change only ever makes fewer dates claims, so the repository is
// asked only when modified leaves one standing.
func staleClaim(pass *lint.Pass, f *memory.File, dates []datedStatement) (*datedStatement, change) {
	desc := []byte(f.FieldValue("description"))
	find := func(c change) *datedStatement {
		written := writtenOn(dates, c)
		for i := range dates {
			if dates[i].claims(written, c.bounded, desc) {
				return &dates[i]
			}
		}
		return nil
	}
	if mod, ok := f.ModifiedTime(); ok {
		c := change{when: mod, source: "modified"}
		if find(c) == nil {
			return nil, c
		}
		if lc, ok := lastCommit(pass, f); ok && !lc.Bounded && lc.Time.After(mod) {
			c = change{when: lc.Time, source: "last commit"}
		}
		return find(c), c
	}
	if lc, ok := lastCommit(pass, f); ok {
		c := change{when: lc.Time, source: "last commit", bounded: lc.Bounded}
		return find(c), c
	}
	if !f.ModTime.IsZero() {
		c := change{when: f.ModTime, source: "file last changed"}
		return find(c), c
	}
	return nil, change{}
}

// lastCommit asks the repository the memory dir is committed in when
// HEAD's history last changed f, if f is what HEAD holds.
func lastCommit(pass *lint.Pass, f *memory.File) (memory.LastCommit, bool) {
	repo := pass.Repo()
	hist, ok := repo.(memory.History)
	if !ok {
		return memory.LastCommit{}, false
	}
	root := repo.Root()
	dir, okDir := repoRel(root, pass.Abs(pass.Dir.Path))
	p, okFile := repoRel(root, pass.Abs(f.Path))
	if !okDir || !okFile {
		return memory.LastCommit{}, false // the user's own memory of the project, outside its work tree
	}
	return hist.LastCommit(dir, p, f.Src)
}

// repoRel returns the OS path abs relative to the work tree root, slash
// separated, when it lies inside it.
func repoRel(root, abs string) (string, bool) {
	if root == "" || !pathutil.Within(abs, root) {
		return "", false
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// isDeadline reports whether the date at text[s:e] reads as a deadline:
// "due 2026-04-30", "until April 30, 2026", "2026年4月30日之前".
func isDeadline(text []byte, s, e int) bool {
	return dateNear(text, s, e, deadlineWords, deadlineAfter)
}

// dateNear reports whether the date at text[s:e] follows one of the words
// before (as words, past spaces, colons, bold and an opening parenthesis)
// or is followed by one of after.
func dateNear(text []byte, s, e int, before, after []string) bool {
	head := bytes.TrimRight(bytes.ToLower(text[max(0, s-24):s]), " :*(")
	for _, w := range before {
		if bytes.HasSuffix(head, []byte(w)) {
			if i := len(head) - len(w); i == 0 || !isWordByte(head[i-1]) {
				return true
			}
		}
	}
	tail := bytes.TrimLeft(text[e:min(len(text), e+12)], " ")
	for _, w := range after {
		if bytes.HasPrefix(tail, []byte(w)) {
			return true
		}
	}
	return false
}
