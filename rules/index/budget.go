package index

import (
	_ "embed"
	"github.com/memlint/memlint/rules/internal/ruleutil"

	"bytes"
	"fmt"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// LineLimit reports a MEMORY.md that Claude Code cuts at 200 lines.
var LineLimit = &lint.Rule{
	ID:       "index-line-limit",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "MEMORY.md loads more than 200 lines (error) or 140 and more (warning)",
	Doc:      lineLimitDoc,
	Run: func(pass *lint.Pass) {
		f := pass.Dir.Index
		if f == nil {
			return
		}
		b := f.Index.Budget
		switch {
		case b.Lines > memory.IndexMaxLines:
			lost, first := lostEntries(f, b.LineCut)
			start := f.Pos(b.LineCut)
			where, note := cutWhere(f, b, b.LineCut, memory.IndexMaxLines+1, false)
			msg := fmt.Sprintf("MEMORY.md loads %d lines; Claude Code reads only the first %d, so everything %s is invisible%s%s",
				b.Lines, memory.IndexMaxLines, where, lostText(f, lost, first), note)
			pass.ReportAt(f, start, f.Pos(len(f.Src)), msg,
				fmt.Sprintf("shorten the index to at most %d lines (Claude Code asks for %d): merge related entries, move detail and inline notes into topic files, and drop the entries of memories you delete because they no longer hold",
					memory.IndexMaxLines, memory.IndexWarnLines))
		case b.Lines >= memory.IndexWarnLines:
			line := b.LoadedLines[memory.IndexWarnLines-1]
			pass.Report(lint.Diagnostic{Severity: lint.Warning, Path: f.Path, Start: markdown.Pos{Line: line, Col: 1},
				Message: fmt.Sprintf("MEMORY.md loads %d of at most %d lines; Claude Code asks to keep it under %d so new memories still fit",
					b.Lines, memory.IndexMaxLines, memory.IndexWarnLines),
				Suggestion: "merge related entries and move detail and inline notes into topic files"})
		}
	},
}

//go:embed index-line-limit.md
var lineLimitDoc string

// SizeLimit reports a MEMORY.md that Claude Code cuts at 25,000
// UTF-16 code units.
var SizeLimit = &lint.Rule{
	ID:       "index-size-limit",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "MEMORY.md is larger than 25,000 UTF-16 units or 4 MiB (error), or 17,500 units and more (warning)",
	Doc:      sizeLimitDoc,
	Run: func(pass *lint.Pass) {
		d := pass.Dir
		if size := indexSize(d); size > memory.IndexMaxBytes {
			pass.Report(lint.Diagnostic{Severity: lint.Error, Path: d.Join(memory.IndexName),
				Message: fmt.Sprintf("MEMORY.md is %s (%s bytes); Claude Code skips a MEMORY.md over 4 MiB (%s bytes) and loads nothing at all",
					mebibytes(size), ruleutil.Thousands(int(size)), ruleutil.Thousands(memory.IndexMaxBytes)),
				Suggestion: fmt.Sprintf("move what the index holds into topic files and keep one short line per memory, under %s UTF-16 units", ruleutil.Thousands(memory.IndexWarnUnits))})
			return
		}
		f := d.Index
		if f == nil {
			return
		}
		b := f.Index.Budget
		switch {
		case b.Units > memory.IndexMaxUnits && b.LineCut >= 0 && b.SizeCut >= b.LineCut:
			// The first 200 lines are within the limit: Claude Code cuts
			// at the line limit only (SPEC §1.3, step 5), and
			// index-line-limit reports what it hides.
			pass.Report(lint.Diagnostic{Severity: lint.Warning, Path: f.Path, Start: markdown.Pos{Line: b.LoadedLines[0], Col: 1},
				Message: fmt.Sprintf("MEMORY.md is %s UTF-16 units, more than the %s Claude Code loads; today its 200-line cut comes first (index-line-limit) and leaves less than that, but the index is still far over the %s Claude Code asks for",
					ruleutil.Thousands(b.Units), ruleutil.Thousands(memory.IndexMaxUnits), ruleutil.Thousands(memory.IndexWarnUnits)),
				Suggestion: "move the detail of long entries into their topic files (descriptions belong there) and keep a short hook here"})
		case b.Units > memory.IndexMaxUnits:
			lost, first := lostEntries(f, b.SizeCut)
			start := f.Pos(b.SizeCut)
			where, note := cutWhere(f, b, b.SizeCut, 0, b.SizeCutMidLine)
			msg := fmt.Sprintf("MEMORY.md is %s UTF-16 units; Claude Code loads at most %s (24.4KB), so everything %s is invisible%s%s",
				ruleutil.Thousands(b.Units), ruleutil.Thousands(memory.IndexMaxUnits), where, lostText(f, lost, first), note)
			pass.ReportAt(f, start, f.Pos(len(f.Src)), msg,
				fmt.Sprintf("keep the index under %s units: move the detail of long entries into their topic files (descriptions belong there) and keep a short hook here", ruleutil.Thousands(memory.IndexWarnUnits)))
		case b.Units >= memory.IndexWarnUnits:
			pass.Report(lint.Diagnostic{Severity: lint.Warning, Path: f.Path, Start: markdown.Pos{Line: b.LoadedLines[0], Col: 1},
				Message: fmt.Sprintf("MEMORY.md is %s of at most %s UTF-16 units; Claude Code asks to keep it under %s so new memories still fit",
					ruleutil.Thousands(b.Units), ruleutil.Thousands(memory.IndexMaxUnits), ruleutil.Thousands(memory.IndexWarnUnits)),
				Suggestion: "move the detail of long entries into their topic files (descriptions belong there) and keep a short hook here"})
		}
	},
}

//go:embed index-size-limit.md
var sizeLimitDoc string

// cutWhere says where a cut at file offset cut starts, for a person
// ("from line 201 on"), and when needed a note on how to find it. A
// MEMORY.md that ends its lines with lone carriage returns is one line to
// memlint's line numbers (and to git), but Claude Code reads each CR as a
// line break when the file holds "<!--" (SPEC §1.3): the place is then
// named by the loaded line it starts (n, when known) and its text.
func cutWhere(f *memory.File, b memory.IndexBudget, cut, n int, midLine bool) (where, note string) {
	pos := f.Pos(cut)
	if loneCRLines(f, b, pos.Line) {
		where = "from the line that starts " + ruleutil.Quote(ruleutil.Clip(lineAt(f.Src, cut), 50)) + " on"
		if n > 0 {
			where = fmt.Sprintf("from its %s line on, which starts %s,", ordinal(n), ruleutil.Quote(ruleutil.Clip(lineAt(f.Src, cut), 50)))
		}
		note = fmt.Sprintf(". MEMORY.md ends its lines with lone carriage returns (CR): memlint and git see one line (the cut is at "+
			"line %d, column %d), but Claude Code reads each CR as a line break because the file holds an HTML comment", pos.Line, pos.Col)
		return where, note
	}
	if midLine {
		return fmt.Sprintf("from line %d, column %d on", pos.Line, pos.Col), ""
	}
	return fmt.Sprintf("from line %d on", pos.Line), ""
}

// loneCRLines reports whether loaded lines that Claude Code separates
// share the file line line: the file breaks lines with lone CRs.
func loneCRLines(f *memory.File, b memory.IndexBudget, line int) bool {
	same := 0
	for _, l := range b.LoadedLines {
		if l == line {
			if same++; same > 1 {
				return bytes.ContainsRune(f.Src, '\r')
			}
		}
	}
	return false
}

// lineAt returns the text from off to the next line break of any kind.
func lineAt(src []byte, off int) string {
	end := off
	for end < len(src) && src[end] != '\n' && src[end] != '\r' {
		end++
	}
	return string(src[off:end])
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// lostEntries counts the list items at or after the cut that link memories
// (the memories Claude Code will not see), including one the cut splits,
// and returns the first of them.
func lostEntries(f *memory.File, cut int) (int, *memory.IndexEntry) {
	var first *memory.IndexEntry
	n := 0
	for i := range f.Index.Entries {
		e := &f.Index.Entries[i]
		if e.Kind != memory.EntryItem || e.Group || e.End <= cut {
			continue
		}
		if len(ruleutil.TopicLinks(e.Links)) == 0 {
			continue
		}
		if first == nil {
			first = e
		}
		n++
	}
	return n, first
}

func lostText(f *memory.File, lost int, first *memory.IndexEntry) string {
	if first == nil {
		return ""
	}
	return fmt.Sprintf(": %s lost, the first on line %d: %s",
		ruleutil.Plural(lost, "memory entry is", "memory entries are"), first.StartLine, ruleutil.EntryLabel(f, *first))
}
