package report

import (
	"bufio"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
)

// This file is the per-project summary of memlint check --all: one row
// per Claude Code project (or subagent) whose memory the run linted,
// printed before the findings in text and kept as data in JSON.

// Project is one Claude Code project or subagent whose memory a run over
// the whole config home linted.
type Project struct {
	// Name is what the table shows: the project's path, decoded from its
	// key when exactly one folder on disk has that key, else the key; the
	// subagent's name for agent memory.
	Name string
	// Key is the folder name under projects/ (or agent-memory/).
	Key string
	// Agent is set for a subagent's memory (agent-memory/<agent>/).
	Agent bool
	// Dir is the absolute, slash-separated memory dir; findings and
	// memory dirs inside it (team/ included) count for the project.
	Dir string
}

// staleRulePrefix starts the ID of every rule that finds memory gone
// stale (stale-reference, stale-project-memory): the table counts them.
const staleRulePrefix = "stale-"

// budgetBarWidth is the number of cells in a text index budget bar.
const budgetBarWidth = 10

// projectRow is a Project with what the run found in it.
type projectRow struct {
	Project
	Files                   int
	Index                   *memory.IndexBudget // nil: no readable MEMORY.md
	Errors, Warnings, Infos int
	Stale                   int
}

// inside reports whether the absolute slash path p is dir or below it.
func inside(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

// projectRows counts the report's files, findings and index budget per
// project, in the order of r.Projects.
func (r *Report) projectRows() []projectRow {
	rows := make([]projectRow, 0, len(r.Projects))
	for _, p := range r.Projects {
		row := projectRow{Project: p}
		for dir, n := range r.DirFiles {
			if inside(dir, p.Dir) {
				row.Files += n
			}
		}
		index := strings.TrimSuffix(p.Dir, "/") + "/" + memory.IndexName
		for i := range r.Indexes {
			if r.Indexes[i].Path == index {
				row.Index = &r.Indexes[i].Budget
			}
		}
		for _, d := range r.Diagnostics {
			if !inside(d.Path, p.Dir) {
				continue
			}
			switch d.Severity {
			case lint.Error:
				row.Errors++
			case lint.Warning:
				row.Warnings++
			default:
				row.Infos++
			}
			if strings.HasPrefix(d.Rule, staleRulePrefix) {
				row.Stale++
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// projects writes the table of check --all, one aligned row per project:
//
//	project          files  index                                             errors  warnings  stale
//	/home/u/src/app     12  [###.......]  61/200 lines  7,410/25,000 units        1         3      0
//	agent: reviewer      2  no index                                              0         0      0
//
// The bar fills with the larger share of the two limits; over a limit it
// is full and ends in "!".
func (t *textReporter) projects(w *bufio.Writer, r *Report) {
	type cells struct{ name, files, bar, lines, units, errors, warnings, stale string }
	head := cells{name: "project", files: "files", bar: "index", errors: "errors", warnings: "warnings", stale: "stale"}
	rows := r.projectRows()
	all := []cells{head}
	for _, p := range rows {
		name := EscapeText(r.redactPath(p.Name))
		if p.Agent {
			name = "agent: " + name
		}
		c := cells{name: name, files: thousands(p.Files), bar: "no index",
			errors: thousands(p.Errors), warnings: thousands(p.Warnings), stale: thousands(p.Stale)}
		if p.Index != nil {
			c.bar = budgetBar(*p.Index)
			c.lines = thousands(p.Index.Lines) + "/" + thousands(memory.IndexMaxLines) + " lines"
			c.units = thousands(p.Index.Units) + "/" + thousands(memory.IndexMaxUnits) + " units"
		}
		all = append(all, c)
	}
	var wName, wFiles, wBar, wLines, wUnits, wErr, wWarn, wStale int
	for _, c := range all {
		wName = max(wName, utf8.RuneCountInString(c.name))
		wFiles, wBar = max(wFiles, len(c.files)), max(wBar, len(c.bar))
		wLines, wUnits = max(wLines, len(c.lines)), max(wUnits, len(c.units))
		wErr, wWarn, wStale = max(wErr, len(c.errors)), max(wWarn, len(c.warnings)), max(wStale, len(c.stale))
	}
	// The index column holds the bar and both budgets, or "no index".
	wIndex := max(len(head.bar), wBar+2+wLines+2+wUnits)
	for i, c := range all {
		index := c.bar
		if c.lines != "" {
			index = fmt.Sprintf("%-*s  %*s  %*s", wBar, c.bar, wLines, c.lines, wUnits, c.units)
		}
		pad := strings.Repeat(" ", wIndex-len(index))
		if i > 0 && rows[i-1].Index != nil {
			b := rows[i-1].Index
			index = t.paint(t.budgetColor(budgetShare(*b), 80, 100), index)
		}
		fmt.Fprintf(w, "%s%s  %*s  %s%s  %*s  %*s  %*s\n",
			c.name, strings.Repeat(" ", wName-utf8.RuneCountInString(c.name)),
			wFiles, c.files, index, pad, wErr, c.errors, wWarn, c.warnings, wStale, c.stale)
	}
}

// budgetShare is the larger share, in percent, that an index uses of
// Claude Code's two limits (200 lines, 25,000 UTF-16 units).
func budgetShare(b memory.IndexBudget) int {
	return max(b.Lines*100/memory.IndexMaxLines, b.Units*100/memory.IndexMaxUnits)
}

// budgetBar draws budgetShare as "[###.......]", full with "!" after it
// past a limit.
func budgetBar(b memory.IndexBudget) string {
	if b.Lines > memory.IndexMaxLines || b.Units > memory.IndexMaxUnits || b.TooLarge {
		return "[" + strings.Repeat("#", budgetBarWidth) + "]!"
	}
	filled := (budgetShare(b)*budgetBarWidth + 50) / 100
	if filled == 0 && (b.Lines > 0 || b.Units > 0) {
		filled = 1 // something loads: never an empty bar
	}
	filled = min(filled, budgetBarWidth)
	return "[" + strings.Repeat("#", filled) + strings.Repeat(".", budgetBarWidth-filled) + "]"
}

// jsonProject is one row of check --all's table in JSON.
type jsonProject struct {
	Path     string     `json:"path"`
	Key      string     `json:"key"`
	Kind     string     `json:"kind"`
	Dir      string     `json:"dir"`
	Files    int        `json:"files"`
	Index    *jsonIndex `json:"index"`
	Errors   int        `json:"errors"`
	Warnings int        `json:"warnings"`
	Infos    int        `json:"infos"`
	Stale    int        `json:"stale"`
}

// jsonProjects is the table as data, nil when the run was not check --all.
func (r *Report) jsonProjects() *[]jsonProject {
	if r.Projects == nil {
		return nil
	}
	out := []jsonProject{}
	for _, p := range r.projectRows() {
		j := jsonProject{Path: r.redactPath(p.Name), Key: r.redactPath(p.Key), Kind: "project", Dir: r.display(p.Dir),
			Files: p.Files, Errors: p.Errors, Warnings: p.Warnings, Infos: p.Infos, Stale: p.Stale}
		if p.Agent {
			j.Kind = "agent"
		}
		if p.Index != nil {
			j.Index = &jsonIndex{Path: r.display(strings.TrimSuffix(p.Dir, "/") + "/" + memory.IndexName),
				Lines: p.Index.Lines, MaxLines: memory.IndexMaxLines, Units: p.Index.Units, MaxUnits: memory.IndexMaxUnits}
		}
		out = append(out, j)
	}
	return &out
}
