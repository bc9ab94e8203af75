package structure

import (
	"bytes"
	_ "embed"
	"fmt"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// Feedback reports feedback memories without their reason or
// their scope.
var Feedback = &lint.Rule{
	ID:       "feedback-structure",
	Stage:    lint.Preview,
	Severity: lint.Warning,
	Summary:  "a feedback memory does not say why it holds (**Why:**) or when it applies (**How to apply:**)",
	Doc:      feedbackDoc,
	Run:      structureCheck("feedback"),
}

//go:embed feedback-structure.md
var feedbackDoc string

// Project reports project memories without their reason or their
// scope.
var Project = &lint.Rule{
	ID:       "project-structure",
	Stage:    lint.Preview,
	Severity: lint.Warning,
	Summary:  "a project memory that records a decision does not say why (**Why:**) or when it applies (**How to apply:**)",
	Doc:      projectDoc,
	Run:      structureCheck("project"),
}

//go:embed project-structure.md
var projectDoc string

func structureCheck(kind string) func(*lint.Pass) {
	return func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			if !pass.Focused(f) || f.MemoryType() != kind || f.Body() == nil {
				continue
			}
			missing := missingParts(f)
			if missing == 0 || explainsItself(f) || kind == "project" && notADecision(f) {
				continue
			}
			var msg, suggestion string
			switch missing {
			case givesBoth:
				msg = fmt.Sprintf("%s memory gives neither its reason nor when it applies: add a **Why:** line and a **How to apply:** line", kind)
				suggestion = "after the rule or fact, add:\n**Why:** <the reason>\n**How to apply:** <when and where it applies>"
			case givesReason:
				msg = fmt.Sprintf("%s memory says when it applies but not why: add a **Why:** line with the reason, so later conversations can judge edge cases", kind)
				suggestion = "add: **Why:** <the reason behind it>"
			default:
				msg = fmt.Sprintf("%s memory gives its reason but not when it applies: add a **How to apply:** line", kind)
				suggestion = "add: **How to apply:** <when and where it applies>"
			}
			line := firstBodyLine(f)
			pass.Report(lint.Diagnostic{Path: f.Path, Start: markdown.Pos{Line: line, Col: 1}, Message: msg, Suggestion: suggestion})
		}
	}
}

// missingParts returns what a memory does not give, of its reason and its
// scope: neither a label (**Why:**, **How to apply:** and their variants)
// nor its own words (because, otherwise, 因为; when, before, 할 때) say it.
// A part the text gives without its label is not missing: a finding that
// asked for it would claim something absent that the memory holds.
func missingParts(f *memory.File) cueKind {
	// Claude Code's layout labels both parts: the labels come first, and
	// the memory's own words are read only for a part without one.
	var given cueKind
	body := f.Body()
	for n := f.Lines.LineOf(body.Start); n <= f.Lines.Lines() && given != givesBoth; n++ {
		start := f.Lines.LineStart(n)
		if start < body.Start {
			continue // the frontmatter's closing line
		}
		line := f.Lines.Line(n)
		if !labelCandidate(line) {
			continue
		}
		reason, scope := structureLabels(f, start, string(line))
		if reason {
			given |= givesReason
		}
		if scope {
			given |= givesScope
		}
	}
	if given != givesBoth {
		given |= proseCues(f, givesBoth&^given)
	}
	return givesBoth &^ given
}

// firstBodyLine returns the first non-blank line after the frontmatter, or
// the last line of the file when the body is empty.
func firstBodyLine(f *memory.File) int {
	for n := f.Lines.LineOf(f.Body().Start); n <= f.Lines.Lines(); n++ {
		if len(bytes.TrimSpace(f.Lines.Line(n))) > 0 && f.Lines.LineStart(n) >= f.Body().Start {
			return n
		}
	}
	return max(f.Lines.Lines(), 1)
}
