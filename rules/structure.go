package rules

import (
	"bytes"
	"fmt"
	"regexp"

	"github.com/memlint/memlint/lint"
)

// Lines that open the reason and the application of a feedback or project
// memory: **Why:**, **Why**:, Why:, ## Why, and the same for How to apply,
// after an optional list or quote marker.
var (
	whyLine   = regexp.MustCompile(`(?i)^[ \t]*(?:(?:[-*+]|\d+[.)])[ \t]+|>[ \t]*)*(?:#{1,6}[ \t]+)?(?:\*\*|__|\*|_)?[ \t]*why[ \t]*\??[ \t]*(?:\*\*|__|\*|_)?[ \t]*(?::|：|$|\*\*[ \t]*:)`)
	applyLine = regexp.MustCompile(`(?i)^[ \t]*(?:(?:[-*+]|\d+[.)])[ \t]+|>[ \t]*)*(?:#{1,6}[ \t]+)?(?:\*\*|__|\*|_)?[ \t]*how[ \t]+to[ \t]+apply(?:[ \t]+it)?[ \t]*(?:\*\*|__|\*|_)?[ \t]*(?::|：|$|\*\*[ \t]*:)`)
)

// FeedbackStructure reports feedback memories without a reason and an
// application line.
var FeedbackStructure = &lint.Rule{
	ID:       "feedback-structure",
	Severity: lint.Error,
	Summary:  "a feedback memory has no **Why:** line or no **How to apply:** line",
	Doc:      structureDoc("feedback", "Never mock the database in integration tests.", "a mocked migration passed while production broke (2026-03).", "any test under tests/integration/."),
	Run:      structureCheck("feedback"),
}

// ProjectStructure reports project memories without a reason and an
// application line.
var ProjectStructure = &lint.Rule{
	ID:       "project-structure",
	Severity: lint.Warning,
	Summary:  "a project memory has no **Why:** line or no **How to apply:** line",
	Doc:      structureDoc("project", "The auth rewrite ships on 2026-03-05.", "legal requires the new token storage by then.", "do not start changes to auth/ that would not be done by 2026-03-05."),
	Run:      structureCheck("project"),
}

func structureDoc(kind, rule, why, how string) string {
	return fmt.Sprintf(`Claude Code writes %[1]s memories as the rule or fact first, then a
**Why:** line (the reason) and a **How to apply:** line (when and where it
applies). Without the reason, a later conversation cannot judge edge cases and
either over-applies the memory or ignores it; without the application, it does
not know when the memory matters. memlint accepts **Why:**, **Why**:, Why: and
a "Why" heading, and the same forms of How to apply, outside code.

Bad: a %[1]s memory that only says "%[2]s"
Good:
`+"```"+`
%[2]s

**Why:** %[3]s
**How to apply:** %[4]s
`+"```"+`

Fix: add the missing line.`, kind, rule, why, how)
}

func structureCheck(kind string) func(*lint.Pass) {
	return func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			if f.MemoryType() != kind {
				continue
			}
			why, apply := false, false
			for n := f.Lines.LineOf(f.Body.Start); n <= f.Lines.Lines() && !(why && apply); n++ {
				if f.Body.InCode(f.Lines.LineStart(n)) {
					continue
				}
				line := f.Lines.Line(n)
				why = why || whyLine.Match(line)
				apply = apply || applyLine.Match(line)
			}
			var missing string
			switch {
			case !why && !apply:
				missing = "a **Why:** line (the reason) and a **How to apply:** line (when it applies)"
			case !why:
				missing = "a **Why:** line: the reason behind it, so later conversations can judge edge cases"
			case !apply:
				missing = "a **How to apply:** line: when and where it applies"
			default:
				continue
			}
			line := firstBodyLine(f)
			pass.Report(lint.Diagnostic{Path: f.Path, Start: lint.Pos{Line: line, Col: 1},
				Message:    fmt.Sprintf("%s memory lacks %s", kind, missing),
				Suggestion: "after the rule or fact, add:\n**Why:** <the reason>\n**How to apply:** <when and where it applies>"})
		}
	}
}

// firstBodyLine returns the first non-blank line after the frontmatter, or
// the last line of the file when the body is empty.
func firstBodyLine(f *lint.File) int {
	for n := f.Lines.LineOf(f.Body.Start); n <= f.Lines.Lines(); n++ {
		if len(bytes.TrimSpace(f.Lines.Line(n))) > 0 && f.Lines.LineStart(n) >= f.Body.Start {
			return n
		}
	}
	return max(f.Lines.Lines(), 1)
}
