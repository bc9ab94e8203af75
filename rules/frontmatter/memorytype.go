package frontmatter

import (
	_ "embed"
	"github.com/memlint/memlint/rules/internal/ruleutil"

	"fmt"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/memlint/memlint/internal/suggest"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// memoryTypes are the four types Claude Code's recall understands.
var memoryTypes = []string{"user", "feedback", "project", "reference"}

// MemoryType reports a type outside the four, and flat and nested types
// that disagree.
var MemoryType = &lint.Rule{
	ID:       "memory-type",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "type is not one of user, feedback, project, reference; top-level and metadata.type disagree",
	Doc:      memoryTypeDoc,
	Fix:      "safe (--fix): lowercases a type written in another case",
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			if !pass.Focused(f) {
				continue // its findings are not reported
			}
			top, nested := f.TypeNodes()
			fm := f.Frontmatter()
			hasNested := nested != nil && !isEmpty(nested)
			if hasNested {
				checkTypeValue(pass, f, fm, nested)
			}
			if top == nil || isEmpty(top) {
				continue // frontmatter-required
			}
			if !hasNested || top.Value == nested.Value {
				checkTypeValue(pass, f, fm, top)
				continue
			}
			// Claude Code reads metadata.type when both exist, so the
			// top-level value is never used, valid or not.
			used := "so Claude Code uses " + ruleutil.Quote(nested.Value)
			if nested.Kind != yaml.ScalarNode || !contains(memoryTypes, nested.Value) {
				used = "so Claude Code uses metadata.type even here, and drops it: this memory has no type"
			}
			// Keyed apart from a finding on the same value that it is
			// no type at all.
			pass.Report(lint.Diagnostic{Path: f.Path, Start: fm.Pos(nested), Key: "two types",
				Message: fmt.Sprintf("type is %s at the top level (line %d) but %s under metadata: metadata.type wins when both exist, %s",
					ruleutil.Quote(top.Value), fm.Pos(top).Line, ruleutil.Quote(nested.Value), used),
				Suggestion: "keep the type in one place: under metadata, where Claude Code writes it"})
		}
	},
}

//go:embed memory-type.md
var memoryTypeDoc string

func checkTypeValue(pass *lint.Pass, f *memory.File, fm *markdown.Frontmatter, v *yaml.Node) {
	pos := fm.Pos(v)
	end := f.NodeEnd(v)
	if v.Kind != yaml.ScalarNode {
		pass.Report(lint.Diagnostic{Path: f.Path, Start: pos,
			Message: "type must be one of user, feedback, project, reference, not a list or mapping", Suggestion: "type: feedback"})
		return
	}
	if contains(memoryTypes, v.Value) {
		return
	}
	lower := strings.ToLower(strings.TrimSpace(v.Value))
	if contains(memoryTypes, lower) {
		d := lint.Diagnostic{Path: f.Path, Start: pos, End: end,
			Message:    fmt.Sprintf("type %s must be lowercase %s: Claude Code compares it exactly and ignores this memory's type", ruleutil.Quote(v.Value), ruleutil.Quote(lower)),
			Suggestion: "type: " + lower}
		if s, ok := scalarSpan(f, fm, v); ok {
			d.Fix = &lint.Fix{Message: "lowercase the type", Edits: []memory.TextEdit{f.Replace(s, lower)}}
		}
		pass.Report(d)
		return
	}
	msg := fmt.Sprintf("type %s is not one of user, feedback, project, reference: Claude Code ignores it", ruleutil.Quote(v.Value))
	suggestion := "use user, feedback, project or reference"
	if before, _, ok := strings.Cut(v.Value, " #"); ok && fm.Repaired && contains(memoryTypes, strings.TrimSpace(before)) {
		// Claude Code's lenient retry quotes every such line once any
		// line of the frontmatter fails to parse (SPEC §1.2).
		pass.Report(lint.Diagnostic{Path: f.Path, Start: pos, End: end,
			Message: fmt.Sprintf("type reads as %s: another line of this frontmatter is not valid YAML, so Claude Code's lenient retry quotes this line too, comment included, and ignores the type",
				ruleutil.Quote(v.Value)),
			Suggestion: "move the comment off the type line, or fix the line that is not valid YAML (frontmatter-invalid)"})
		return
	}
	if near := suggest.Closest(lower, memoryTypes); near != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", near)
		suggestion = "type: " + near
	}
	pass.Report(lint.Diagnostic{Path: f.Path, Start: pos, End: end, Message: msg, Suggestion: suggestion})
}

// ModifiedTimestamp reports modified values that are not ISO 8601 or lie in
// the future.
var ModifiedTimestamp = &lint.Rule{
	ID:       "modified-timestamp",
	Stage:    lint.Preview,
	Severity: lint.Warning,
	Summary:  "modified is not an ISO 8601 timestamp, or is in the future",
	Doc:      modifiedTimestampDoc,
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			if !pass.Focused(f) {
				continue // its findings are not reported
			}
			s, v := f.Modified()
			if v == nil || isEmpty(v) {
				continue
			}
			fm := f.Frontmatter()
			pos := fm.Pos(v)
			end := f.NodeEnd(v)
			t, ok := memory.ParseISO8601(s)
			switch {
			case v.Kind != yaml.ScalarNode || !ok:
				pass.Report(lint.Diagnostic{Path: f.Path, Start: pos, End: end,
					Message:    fmt.Sprintf("modified %s is not an ISO 8601 timestamp such as 2026-09-12T10:28:39.238Z", ruleutil.Quote(ruleutil.Clip(v.Value, 40))),
					Suggestion: "write it as YYYY-MM-DDThh:mm:ssZ, or delete it"})
			case t.After(pass.Now.Add(24 * time.Hour)):
				pass.Report(lint.Diagnostic{Path: f.Path, Start: pos, End: end,
					Message:    fmt.Sprintf("modified %s is in the future", ruleutil.Quote(v.Value)),
					Suggestion: "correct the timestamp, or delete it"})
			}
		}
	},
}

//go:embed modified-timestamp.md
var modifiedTimestampDoc string
