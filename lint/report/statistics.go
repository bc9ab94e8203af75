package report

import (
	"bufio"
	"fmt"
	"sort"
	"strings"

	"github.com/memlint/memlint/lint"
)

// ruleStats are the findings of one rule in a report.
type ruleStats struct {
	rule       string
	count      int
	severities [3]bool // error, warning, info
	fixable    fixable
}

// severityOrder lists the severities from the most to the least severe,
// as the statistics name them.
var severityOrder = []lint.Severity{lint.Error, lint.Warning, lint.Info}

// stats tallies the findings per rule, most findings first, then by rule
// ID.
func stats(ds []lint.Diagnostic) []ruleStats {
	byRule := map[string]*ruleStats{}
	for _, d := range ds {
		s := byRule[d.Rule]
		if s == nil {
			s = &ruleStats{rule: EscapeText(d.Rule)}
			byRule[d.Rule] = s
		}
		s.count++
		for i, sev := range severityOrder {
			if d.Severity == sev {
				s.severities[i] = true
			}
		}
		f := countFixable([]lint.Diagnostic{d})
		s.fixable.Safe += f.Safe
		s.fixable.Unsafe += f.Unsafe
	}
	out := make([]ruleStats, 0, len(byRule))
	for _, s := range byRule {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].count != out[j].count {
			return out[i].count > out[j].count
		}
		return out[i].rule < out[j].rule
	})
	return out
}

// severities names the severities of a rule's findings: "error", or
// "error/warning" when overrides gave some of them another.
func (s ruleStats) severityNames() string {
	var names []string
	for i, seen := range s.severities {
		if seen {
			names = append(names, severityOrder[i].String())
		}
	}
	return strings.Join(names, "/")
}

// statistics writes one aligned line per rule, as ruff's --statistics:
//
//	3  frontmatter-field-type  error    [*] 3 fixable with --fix
//	1  index-dangling-link     error        1 fixable with --unsafe-fixes
//	1  orphan-memory           warning
func (t *textReporter) statistics(w *bufio.Writer, r *Report) {
	rows := stats(r.Diagnostics)
	var wCount, wRule, wSev int
	for _, s := range rows {
		wCount = max(wCount, len(thousands(s.count)))
		wRule = max(wRule, len(s.rule))
		wSev = max(wSev, len(s.severityNames()))
	}
	for _, s := range rows {
		line := fmt.Sprintf("%*s  %-*s  %-*s", wCount, thousands(s.count), wRule, s.rule, wSev, s.severityNames())
		if fixable := s.fixable.String(); fixable != "" {
			marker := "   "
			if s.fixable.Safe > 0 {
				marker = fixMarker
			}
			line += "  " + marker + " " + fixable
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
}
