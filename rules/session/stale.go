package session

import (
	"bytes"
	_ "embed"
	"fmt"
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
		changed, source, known := lastChange(f)
		if !known {
			continue // staged content: the commit is changing it now
		}
		newest, text, base, inBody := newestDate(f)
		if newest.date.IsZero() || !newest.date.Before(now.AddDate(0, 0, -days)) {
			continue
		}
		if !changed.Before(newest.date.AddDate(0, 0, 1)) {
			continue // changed after the date: whoever changed it knew
		}
		age := int(now.Sub(newest.date).Hours() / 24)
		iso := newest.date.Format("2006-01-02")
		since := fmt.Sprintf("it has not changed since (%s: %s)", source, changed.Format("2006-01-02"))
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

// lastChange returns when f was last changed and what says so: the
// modified frontmatter field, else the file's modification time. Staged
// content has neither; git's last commit of the file is not read (it
// would cost a git call per file), so such a file is not checked.
func lastChange(f *lint.File) (time.Time, string, bool) {
	if t, ok := f.ModifiedTime(); ok {
		return t, "modified", true
	}
	if !f.ModTime.IsZero() {
		return f.ModTime, "file last changed", true
	}
	return time.Time{}, "", false
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
