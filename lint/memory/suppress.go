package memory

import (
	"strings"

	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/lint/markdown"
)

// SuppressionKind says what a memlint-disable comment covers.
type SuppressionKind int

// Suppression kinds, named after their comment keywords.
const (
	DisableNextLine SuppressionKind = iota // memlint-disable-next-line
	DisableLine                            // memlint-disable-line (the comment's own line)
	DisableRange                           // memlint-disable … memlint-enable
	DisableFile                            // memlint-disable-file
)

// Suppression is one inline memlint-disable comment.
type Suppression struct {
	Kind SuppressionKind
	// Rules are the rule IDs named; empty means every rule.
	Rules         []string
	Reason        string
	markdown.Span // the comment
	Line          int
	// FromLine and ToLine bound the lines it covers (inclusive). A file
	// suppression covers line 0 too: findings about the whole file.
	FromLine, ToLine int
	// Used is set by the engine when the suppression hides a finding.
	Used map[string]bool
}

// Covers reports whether the suppression applies to a finding of rule at
// line.
func (s *Suppression) Covers(rule string, line int) bool {
	if line < s.FromLine || line > s.ToLine {
		return false
	}
	if len(s.Rules) == 0 {
		return true
	}
	for _, r := range s.Rules {
		if r == rule {
			return true
		}
	}
	return false
}

var suppressionComment = lazyre.New(`(?s)^<!--\s*memlint-(disable-next-line|disable-line|disable-file|disable|enable)\b(.*?)-->$`)

// parseSuppressions reads memlint-disable comments from the file's HTML
// comments (comments inside code are not comments, and the Markdown model
// already excludes them).
func parseSuppressions(f *File) []*Suppression {
	var out []*Suppression
	var open []*Suppression // disable ranges waiting for an enable
	lastLine := f.Lines.Lines()
	for _, c := range f.body.Comments { // called by parseBody: the field, not Body()
		raw := string(f.Src[c.Start:c.End])
		// A comment block may hold several comments; each is read alone.
		for _, one := range commentSpan.FindAllStringIndex(raw, -1) {
			text := raw[one[0]:one[1]]
			m := suppressionComment.FindStringSubmatch(text)
			if m == nil {
				continue
			}
			span := markdown.Span{Start: c.Start + one[0], End: c.Start + one[1]}
			line := f.Lines.LineOf(span.Start)
			rules, reason := parseSuppressionArgs(m[2])
			switch m[1] {
			case "enable":
				open = closeRanges(open, rules, line)
				continue
			case "disable-next-line":
				// The comment may span lines; the next line is the one
				// after its end.
				next := f.Lines.LineOf(span.End-1) + 1
				out = append(out, &Suppression{Kind: DisableNextLine, Rules: rules, Reason: reason, Span: span, Line: line, FromLine: next, ToLine: next})
			case "disable-line":
				out = append(out, &Suppression{Kind: DisableLine, Rules: rules, Reason: reason, Span: span, Line: line, FromLine: line, ToLine: line})
			case "disable-file":
				out = append(out, &Suppression{Kind: DisableFile, Rules: rules, Reason: reason, Span: span, Line: line, FromLine: 0, ToLine: lastLine})
			case "disable":
				s := &Suppression{Kind: DisableRange, Rules: rules, Reason: reason, Span: span, Line: line, FromLine: line, ToLine: lastLine}
				out = append(out, s)
				open = append(open, s)
			}
		}
	}
	return out
}

// closeRanges ends the open disable ranges that an enable comment names
// (all of them when it names no rule) and returns those still open.
func closeRanges(open []*Suppression, rules []string, line int) []*Suppression {
	var still []*Suppression
	for _, s := range open {
		if len(rules) == 0 || sameRules(s.Rules, rules) {
			s.ToLine = line
			continue
		}
		still = append(still, s)
	}
	return still
}

func sameRules(a, b []string) bool {
	for _, x := range a {
		found := false
		for _, y := range b {
			if x == y {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// parseSuppressionArgs splits " rule-a, rule-b -- reason " into rule IDs
// and the reason.
func parseSuppressionArgs(s string) (rules []string, reason string) {
	if i := strings.Index(s, "--"); i >= 0 {
		s, reason = s[:i], strings.TrimSpace(s[i+2:])
	}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' }) {
		if f == "all" || f == "*" {
			return nil, reason
		}
		rules = append(rules, f)
	}
	return rules, reason
}
