// Package relativedate holds the relative-date rule: relative date
// expressions (tomorrow, next week, 下周四, 来週, 다음 주) in memories that are
// read long after they were written.
//
// The word lists, patterns and exceptions are tables in the words*.go and
// patterns.go files; each language's detector is in its own file
// (english.go, cjk.go, korean.go), the cheap prefilter that decides which
// of them a text needs in prefilter.go.
package relativedate

import (
	_ "embed"
	"fmt"
	"strings"
	"time"

	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// Rules is the family's rules, for the registry.
var Rules = []*lint.Rule{Rule}

// doc is the rule's documentation, shown by `memlint rules relative-date`
// and in docs/rules.md.
//
//go:embed relative-date.md
var doc string

// Rule reports relative date expressions in memories that are read long
// after they were written.
var Rule = &lint.Rule{
	ID:       "relative-date",
	Stage:    lint.Preview,
	Severity: lint.Warning, // it rests on reading prose: never an error by default (SPEC §2)
	Summary:  "a relative date (tomorrow, next week, Thursday, 下周四, 来週, 다음 주) that means nothing once time has passed",
	Doc:      doc,
	Options:  lint.OptionsOf(options{Types: []string{"project"}}),
	Fix:      "unsafe (--unsafe-fixes): replaces the expression with the date it meant, counted from modified, when the memory has one and the date is unambiguous",
	Run:      func(pass *lint.Pass) { run(pass, rdScanners) },
}

// options are relative-date's options.
type options struct {
	Types []string `option:"types" doc:"memory types whose relative dates are reported" choices:"user,feedback,project,reference"`
}

// run checks every topic file of the pass. scanners says which of the
// languages' scanners a text needs: rdScanners, the prefilter, in the
// rule; scanAll in the test that checks the prefilter drops nothing.
func run(pass *lint.Pass, scanners func(text []byte) int) {
	for _, f := range pass.Dir.Topics {
		if !pass.Focused(f) {
			continue // its findings are not reported: no need to scan it
		}
		if !rdHas(lint.OptionsFor[options](pass, f).Types, f.MemoryType()) {
			continue
		}
		base, hasBase := f.ModifiedTime()
		source := "its modified date"
		if hasBase {
			base = time.Date(base.Year(), base.Month(), base.Day(), 0, 0, 0, 0, time.UTC)
		}
		// Without modified, a date in the file name
		// (project_launch_2026-03-24.md) says when the memory was
		// written: the message counts from it, but no fix does.
		named, hasNamed := rdFileNameDate(f.Path)
		if !hasBase && hasNamed {
			source = "the date in its file name"
		}
		found := 0
		report := func(start, end int, m dateMeaning) {
			found++
			if found > rdMaxFindings {
				return
			}
			expr := strings.Join(strings.Fields(string(f.Src[start:end])), " ")
			msg, suggestion := relativeDateMessage(expr, m, base, hasBase, source)
			if !hasBase && hasNamed {
				msg, suggestion = relativeDateMessage(expr, m, named, true, source)
			}
			from, to := f.SpanPos(markdown.Span{Start: start, End: end})
			d := lint.Diagnostic{Path: f.Path, Start: from, End: to, Message: msg, Suggestion: suggestion}
			if abs, alt := m.resolve(base); hasBase && alt == "" && !rdMeansNow(expr) {
				// Unsafe: the date is computed from modified, which may
				// not be when the sentence was written.
				d.Fix = &lint.Fix{Message: "write the absolute date", Unsafe: true,
					Edits: []memory.TextEdit{f.Replace(markdown.Span{Start: start, End: end}, abs)}}
			}
			pass.Report(d)
		}
		rdCheckDescription(f, scanners, report)
		rdCheckBody(f, scanners, report)
		if found > rdMaxFindings {
			pass.ReportFile(f, fmt.Sprintf("%d more relative dates in this file are not listed (memlint lists the first %d)", found-rdMaxFindings, rdMaxFindings),
				"replace the relative dates with absolute dates (YYYY-MM-DD)")
		}
	}
}

// rdMaxFindings bounds the findings listed per file: a file with more has
// a problem a list will not help with, and the list would cost time.
const rdMaxFindings = 100

func rdHas(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// rdFileNameDate returns the date a file name holds
// (project_launch_2026-03-24.md), when it is a real day.
func rdFileNameDate(p string) (time.Time, bool) {
	name := p[strings.LastIndexByte(p, '/')+1:]
	m := rdNameDate.FindStringSubmatch(name)
	if m == nil {
		return time.Time{}, false
	}
	t, err := time.Parse("2006-01-02", m[1]+"-"+m[2]+"-"+m[3])
	return t, err == nil
}

var rdNameDate = lazyre.New(`(?:^|[^0-9])((?:19|20)\d\d)[-_.]?(0[1-9]|1[0-2])[-_.]?(0[1-9]|[12]\d|3[01])(?:[^0-9]|$)`)
