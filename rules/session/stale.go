package session

import (
	"bytes"
	_ "embed"
	"fmt"
	"path/filepath"
	"time"

	"github.com/memlint/memlint/lint"
)

//go:embed stale-project-memory.md
var staleDoc string

// StaleProjectMemory reports a project memory whose newest absolute date
// lies long in the past and which has not been changed since that date.
var StaleProjectMemory = &lint.Rule{
	ID:       "stale-project-memory",
	Severity: lint.Info, // a date says nothing certain about whether the text still holds
	Summary:  "a project memory whose newest date is more than `days` in the past and which has not been changed since",
	Doc:      staleDoc,
	Options:  lint.OptionsOf(staleOptions{Days: 60}),
	Kinds:    []lint.DirKind{lint.DirAuto, lint.DirTeam},
	Run:      runStale,
}

// staleOptions are stale-project-memory's options.
type staleOptions struct {
	Days int `option:"days" doc:"how many days after its newest date a project memory is reported"`
}

// deadlineWords, found just before a date, make it a deadline: "has
// passed" then says more than "N days ago".
var deadlineWords = []string{
	"deadline", "due", "due on", "due by", "until", "till", "by", "before",
	"expires", "expires on", "expiry", "no later than", "deadline is",
	"deadline of", "deadline on",
}

// deadlineAfter are the words that follow a date to make it a deadline,
// as Chinese, Japanese and Korean put them.
var deadlineAfter = []string{"截止", "之前", "前", "まで", "까지", "마감"}

// provenanceWords, just before a date, make it the day something began
// ("added 2026-07-27") or the date of a record ("**Date:** 2026-06-17" in
// a decision record): a convention, a component or a decision does not
// decay with the day it was made, so such dates are not counted.
var provenanceWords = []string{
	"added", "added on", "added in", "created", "created on", "introduced",
	"introduced on", "since", "founded", "born", "date", "日期", "日付", "날짜",
}

// provenanceAfter are the same words as Chinese, Japanese and Korean put
// them after the date.
var provenanceAfter = []string{"생성", "추가", "도입", "创建", "新增", "引入", "作成", "追加", "導入"}

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
		newest, text, base, inBody := newestDate(f)
		if newest.date.IsZero() || !newest.date.Before(now.AddDate(0, 0, -days)) {
			continue
		}
		// Only now, for a memory the rule would report, is the last change
		// looked up: it may read the repository's history.
		changed, known := lastChange(pass, f)
		if !known {
			continue // staged content the commit is changing now
		}
		if !changed.when.Before(newest.date.AddDate(0, 0, 1)) {
			continue // changed after the date: whoever changed it knew
		}
		age := int(now.Sub(newest.date).Hours() / 24)
		iso := newest.date.Format("2006-01-02")
		since := "it has not changed since (" + changed.String() + ")"
		msg := fmt.Sprintf("the newest date in this project memory is %s, %d days ago, and %s; is it still true?", iso, age, since)
		if isDeadline(text, newest.start, newest.end) {
			msg = fmt.Sprintf("the deadline %s has passed (%d days ago) and %s; is this still true?", iso, age, since)
		}
		suggestion := "update the memory to what holds now (and its modified date), or delete it if the project has moved on"
		if inBody {
			pass.ReportSpan(f, lint.Span{Start: base + newest.start, End: base + newest.end}, msg, suggestion)
		} else {
			pass.ReportFile(f, msg, suggestion)
		}
	}
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

// String says when the memory last changed, and how that is known.
func (c change) String() string {
	day := c.when.Format("2006-01-02")
	if c.bounded {
		return "git history back to " + day + " shows no change"
	}
	return c.source + ": " + day
}

// lastChange returns when f was last changed: its modified frontmatter
// field; else, when the file is what the repository's HEAD holds, the
// last commit that changed it (a checkout gives every file a new
// modification time); else the file's modification time. Content read
// from the git index (--staged) has none: when it differs from HEAD the
// commit is changing it now, and known is false.
func lastChange(pass *lint.Pass, f *lint.File) (c change, known bool) {
	if t, ok := f.ModifiedTime(); ok {
		return change{when: t, source: "modified"}, true
	}
	if lc, ok := lastCommit(pass, f); ok {
		return change{when: lc.Time, source: "last commit", bounded: lc.Bounded}, true
	}
	if !f.ModTime.IsZero() {
		return change{when: f.ModTime, source: "file last changed"}, true
	}
	return change{}, false
}

// lastCommit asks the repository the memory dir is committed in when
// HEAD's history last changed f, if f is what HEAD holds.
func lastCommit(pass *lint.Pass, f *lint.File) (lint.LastCommit, bool) {
	repo := pass.Repo()
	hist, ok := repo.(lint.History)
	if !ok {
		return lint.LastCommit{}, false
	}
	root := repo.Root()
	dir, okDir := repoRel(root, pass.Abs(pass.Dir.Path))
	p, okFile := repoRel(root, pass.Abs(f.Path))
	if !okDir || !okFile {
		return lint.LastCommit{}, false // the user's own memory of the project, outside its work tree
	}
	return hist.LastCommit(dir, p, f.Src)
}

// repoRel returns the OS path abs relative to the work tree root, slash
// separated, when it lies inside it.
func repoRel(root, abs string) (string, bool) {
	if root == "" || !lint.Within(abs, root) {
		return "", false
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// newestDate returns the newest date of f's description and body prose,
// the text it was found in, that text's offset in f.Src (body only) and
// whether it is in the body.
func newestDate(f *lint.File) (best foundDate, text []byte, base int, inBody bool) {
	consider := func(ds []foundDate, t []byte, b int, body bool) {
		for _, d := range ds {
			if dateNear(t, d.start, d.end, provenanceWords, provenanceAfter) {
				continue
			}
			if d.date.After(best.date) {
				best, text, base, inBody = d, t, b, body
			}
		}
	}
	if desc := f.FieldValue("description"); desc != "" {
		t := []byte(desc)
		consider(findDates(t, nil), t, 0, false)
	}
	md := f.Body()
	if md == nil {
		return
	}
	for _, b := range md.Blocks {
		if b.Kind != lint.BlockParagraph && b.Kind != lint.BlockHeading {
			continue
		}
		t := f.Src[b.Start:b.End]
		start := b.Start
		consider(findDates(t, func(s, e int) bool {
			return md.InProse(lint.Span{Start: start + s, End: start + s + 4})
		}), t, start, true)
	}
	return
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
