package rules

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/lint"
)

// ClaudeCodeChecked names the Claude Code releases the rules' facts about
// it (what it loads, how it parses frontmatter, what its prompt asks of
// memory) were checked against, by the conformance suite and SPEC §1: the
// releases memlint models.
var ClaudeCodeChecked = claudecode.Oldest.String() + " and " + claudecode.Newest.String()

// Measurement is what eval/eval.go measured of a rule on real memory that
// was not read while the rule was written (eval/README.md).
type Measurement struct {
	// Findings is how many findings the rule made on the memory dirs that
	// measure it; Judged of them were judged, each Right, Wrong or
	// Debatable.
	Findings, Judged, Right, Wrong, Debatable int
	// Dirs is how many memory dirs the judged findings came from.
	Dirs int
}

// Precision is the share of the judged findings that were right (a
// debatable one counts against the rule); 0 when none was judged.
func (m Measurement) Precision() float64 {
	if m.Judged == 0 {
		return 0
	}
	return float64(m.Right) / float64(m.Judged)
}

// MinJudged is the fewest judged findings a stable rule's precision may
// rest on (SPEC §2).
const MinJudged = 30

// PrecisionBar is the precision a rule must reach to be stable: 99 % when
// its default severity is error, 90 % otherwise (SPEC §2).
func PrecisionBar(r *lint.Rule) float64 {
	if r.Severity == lint.Error {
		return 0.99
	}
	return 0.90
}

// MeetsBar reports whether m supports making r stable. An engine report
// needs no measurement.
func MeetsBar(r *lint.Rule, m Measurement) bool {
	if _, ok := EngineReports[r.ID]; ok {
		return true
	}
	return m.Judged >= MinJudged && m.Precision() >= PrecisionBar(r)
}

// EngineReports are the rules that judge no memory but report what the
// run itself could not do, with why each is stable without a measured
// precision: silencing them would turn "memlint did not read this file"
// into "no problems" (SPEC §6, robustness), as ruff reports a syntax error
// whatever rules are selected.
var EngineReports = map[string]string{
	"file-unreadable": "it reports a file memlint could not or would not read (not UTF-8 text, over the size cap, a symbolic link, a pipe or device), a fact about the run rather than a judgment about memory",
}

// precisionTable is rules/precision.tsv, written by eval/eval.go.
//
//go:embed precision.tsv
var precisionTable string

var (
	measuredOnce sync.Once
	measured     map[string]Measurement
)

// Measured returns what was measured of the rule with the given ID, and
// whether it was measured at all. A damaged table measures nothing
// (TestPrecisionTable keeps the embedded one sound).
func Measured(id string) (Measurement, bool) {
	measuredOnce.Do(func() { measured, _ = parsePrecision(precisionTable) })
	m, ok := measured[id]
	return m, ok
}

// parsePrecision reads the table: a header, then one rule a line; lines
// starting with # are comments.
func parsePrecision(text string) (map[string]Measurement, error) {
	out := map[string]Measurement{}
	header := true
	for n, line := range strings.Split(text, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if header {
			if line != "rule\tfindings\tjudged\tright\twrong\tdebatable\tdirs" {
				return nil, fmt.Errorf("precision.tsv:%d: unexpected header %q", n+1, line)
			}
			header = false
			continue
		}
		if len(f) != 7 {
			return nil, fmt.Errorf("precision.tsv:%d: %d fields, want 7", n+1, len(f))
		}
		var v [6]int
		for i := range v {
			x, err := strconv.Atoi(f[i+1])
			if err != nil || x < 0 {
				return nil, fmt.Errorf("precision.tsv:%d: %q is not a count", n+1, f[i+1])
			}
			v[i] = x
		}
		m := Measurement{Findings: v[0], Judged: v[1], Right: v[2], Wrong: v[3], Debatable: v[4], Dirs: v[5]}
		if m.Right+m.Wrong+m.Debatable != m.Judged || m.Judged > m.Findings {
			return nil, fmt.Errorf("precision.tsv:%d: the counts of %s do not add up", n+1, f[0])
		}
		out[f[0]] = m
	}
	return out, nil
}

// measuredText says what was measured of r, for its reference: "97 % (58
// of 60 judged findings right, in 31 memory dirs)", or that it fired too
// rarely to be measured.
func measuredText(r *lint.Rule) string {
	if why, engine := EngineReports[r.ID]; engine {
		return "needed for no stage, since " + why + "; " + measuredCounts(r)
	}
	return measuredCounts(r)
}

// measuredCounts is measuredText without the note of an engine report.
func measuredCounts(r *lint.Rule) string {
	m, ok := Measured(r.ID)
	switch {
	case !ok || m.Findings == 0:
		return "not measured: it made no finding on the real memory dirs of eval/manifest.tsv not read while it was written"
	case m.Judged == 0:
		return fmt.Sprintf("not measured: none of its %d findings on real memory judged yet", m.Findings)
	}
	dirs := "real memory dirs"
	if m.Dirs == 1 {
		dirs = "real memory dir"
	}
	s := fmt.Sprintf("%s (%d of %d judged findings right, in %d %s", percent(m.Precision()), m.Right, m.Judged, m.Dirs, dirs)
	if m.Judged < MinJudged {
		s += fmt.Sprintf("; fewer than the %d a stable rule needs", MinJudged)
	}
	return s + ")"
}

// percent prints a share as a whole percentage, rounded down so that a
// rule never looks better than it measured (99.6 % is "99 %").
func percent(p float64) string {
	return strconv.Itoa(int(p*100+1e-9)) + " %"
}

// precisionCell is a rule's measured precision for the table of
// docs/rules.md: "97 % (60)", or "—" when nothing was judged.
func precisionCell(r *lint.Rule) string {
	m, ok := Measured(r.ID)
	if !ok || m.Judged == 0 {
		return "—"
	}
	return fmt.Sprintf("%s (%d)", percent(m.Precision()), m.Judged)
}
