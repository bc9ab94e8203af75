package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
)

// textReporter is the human format: one line per finding,
//
//	path:line:col: severity: message [rule-id] [*]
//	  suggestion: …
//
// ([*] on findings --fix fixes), then a budget line per index, a summary
// line and a line counting the fixable findings. With Statistics, a table
// of findings per rule stands for the findings and budgets.
type textReporter struct {
	// Color adds ANSI colours: severities coloured, paths bold, rule IDs
	// dim.
	Color bool
	// Quiet prints the findings only.
	Quiet bool
	// Statistics prints a count of findings per rule instead of the
	// findings.
	Statistics bool
}

// fixMarker follows the findings --fix repairs, as in ruff's output.
const fixMarker = "[*]"

// ANSI escapes used by the text format.
const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiBlue   = "\x1b[34m"
)

// Report writes r as text.
func (t *textReporter) Report(w io.Writer, r *Report) error {
	bw := bufio.NewWriter(w)
	if len(r.Projects) > 0 && !t.Quiet {
		t.projects(bw, r)
		bw.WriteString("\n")
	}
	if t.Statistics {
		t.statistics(bw, r)
	} else {
		for _, d := range r.Diagnostics {
			t.finding(bw, r, d)
		}
	}
	if !t.Quiet {
		if len(r.Diagnostics) > 0 {
			bw.WriteString("\n")
		}
		if !t.Statistics && len(r.Projects) == 0 {
			// With the projects table, its index column holds the budgets.
			t.budgets(bw, r)
		}
		bw.WriteString(summary(r) + "\n")
		if fixable := r.fixable().String(); fixable != "" {
			bw.WriteString(fixable + "\n")
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	return nil
}

func (t *textReporter) paint(code, s string) string {
	if !t.Color || code == "" {
		return s
	}
	return code + s + ansiReset
}

func (t *textReporter) finding(w *bufio.Writer, r *Report, d lint.Diagnostic) {
	loc := r.display(d.Path)
	switch {
	case d.Start.Line > 0 && d.Start.Col > 0:
		loc += fmt.Sprintf(":%d:%d", d.Start.Line, d.Start.Col)
	case d.Start.Line > 0:
		loc += fmt.Sprintf(":%d", d.Start.Line)
	}
	marker := ""
	if applicability(d) == safeFix {
		marker = " " + fixMarker
	}
	fmt.Fprintf(w, "%s: %s: %s %s%s\n", t.paint(ansiBold, loc), t.severity(d.Severity), EscapeText(d.Message),
		t.paint(ansiDim, "["+EscapeText(d.Rule)+"]"), marker)
	if d.Suggestion != "" {
		// A suggestion of several lines (a block to paste) is indented
		// under its first line.
		fmt.Fprintf(w, "  suggestion: %s\n", strings.ReplaceAll(EscapeLines(d.Suggestion, true), "\n", "\n    "))
	}
}

func (t *textReporter) severity(s lint.Severity) string {
	switch s {
	case lint.Error:
		return t.paint(ansiRed, s.String())
	case lint.Warning:
		return t.paint(ansiYellow, s.String())
	}
	return t.paint(ansiBlue, s.String())
}

// budgets writes one aligned line per index:
//
//	memory/MEMORY.md       143/200 lines  12,400/25,000 units
//	memory/team/MEMORY.md    3/200 lines     210/25,000 units
func (t *textReporter) budgets(w *bufio.Writer, r *Report) {
	type row struct{ path, lines, units string }
	rows := make([]row, 0, len(r.Indexes))
	var wPath, wLines, wUnits int
	for _, ix := range r.Indexes {
		x := row{
			path:  r.display(ix.Path),
			lines: thousands(ix.Budget.Lines) + "/" + thousands(memory.IndexMaxLines),
			units: thousands(ix.Budget.Units) + "/" + thousands(memory.IndexMaxUnits),
		}
		wPath = max(wPath, utf8.RuneCountInString(x.path))
		wLines = max(wLines, len(x.lines))
		wUnits = max(wUnits, len(x.units))
		rows = append(rows, x)
	}
	for i, x := range rows {
		b := r.Indexes[i].Budget
		pad := strings.Repeat(" ", wPath-utf8.RuneCountInString(x.path))
		lines := fmt.Sprintf("%*s", wLines, x.lines)
		units := fmt.Sprintf("%*s", wUnits, x.units)
		fmt.Fprintf(w, "%s%s  %s lines  %s units\n", x.path, pad,
			t.paint(t.budgetColor(b.Lines, memory.IndexWarnLines, memory.IndexMaxLines), lines),
			t.paint(t.budgetColor(b.Units, memory.IndexWarnUnits, memory.IndexMaxUnits), units))
	}
}

// budgetColor colours a budget red past the limit and yellow past the
// level Claude Code asks the agent to shrink the index to.
func (t *textReporter) budgetColor(used, warn, limit int) string {
	switch {
	case used > limit:
		return ansiRed
	case used >= warn:
		return ansiYellow
	}
	return ""
}

// summary is the last line: "2 errors, 1 warning in 12 files (1 memory
// dir)" or "no problems in 12 files (1 memory dir)".
func summary(r *Report) string {
	c := r.Counts()
	var parts []string
	for _, p := range []struct {
		n                int
		singular, plural string
	}{
		{c.Errors, "error", "errors"},
		{c.Warnings, "warning", "warnings"},
		{c.Infos, "info", "infos"},
	} {
		if p.n > 0 {
			parts = append(parts, plural(p.n, p.singular, p.plural))
		}
	}
	found := "no problems"
	if len(parts) > 0 {
		found = strings.Join(parts, ", ")
	}
	return fmt.Sprintf("%s in %s (%s)", found, plural(r.Files, "file", "files"),
		plural(r.Dirs, "memory dir", "memory dirs"))
}

func plural(n int, singular, plural string) string {
	if n == 1 {
		return "1 " + singular
	}
	return thousands(n) + " " + plural
}

// thousands formats n with comma thousands separators: 25,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
