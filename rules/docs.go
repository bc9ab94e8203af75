package rules

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
)

// DocFormat is how RuleDoc lays a rule's reference out.
type DocFormat int

const (
	// DocMarkdown is a section of docs/rules.md.
	DocMarkdown DocFormat = iota
	// DocText is what `memlint rules ID` prints in a terminal.
	DocText
)

// docStyle is the spelling of each part of a rule's reference in one
// format; RuleDoc writes the same parts, in the same order, in both.
type docStyle struct {
	title      string // the rule ID
	severity   string // default severity, then summary
	stage      string // the stage, then how to run a preview rule ("" when stable)
	options    string // heading of the options
	noOptions  string // said when the rule has none
	option     func(o lint.Option) string
	configure  string // how to configure it: ID, severity
	upperFirst bool   // the summary starts a sentence
}

var docStyles = map[DocFormat]docStyle{
	DocMarkdown: {
		title:    "## %s\n\n",
		severity: "Default severity: **%s**. %s.\n\n",
		stage:    "Stage: **%s**%s. Measured precision: %s. Facts about Claude Code checked against %s.\n\n",
		options:  "\nOptions:\n\n| Option | Default | Meaning |\n|---|---|---|\n",
		option: func(o lint.Option) string {
			doc := o.Doc
			if len(o.Choices) > 0 {
				doc += " (one of: " + strings.Join(o.Choices, ", ") + ")"
			}
			return fmt.Sprintf("| `%s` | `%s` | %s |\n", o.Name, lint.FormatOptionDefault(o), escapeCell(doc))
		},
		upperFirst: true,
	},
	DocText: {
		title:     "%s\n\n",
		severity:  "Default severity: %s\nChecks: %s\n",
		stage:     "Stage: %s%s\nMeasured precision: %s\nClaude Code facts checked against: %s\n\n",
		options:   "\nOptions:\n",
		noOptions: "\nOptions: none besides severity\n",
		option: func(o lint.Option) string {
			s := fmt.Sprintf("  %s (default %s)", o.Name, lint.FormatOptionDefault(o))
			if len(o.Choices) > 0 {
				s += ", one of: " + strings.Join(o.Choices, ", ")
			}
			s += "\n"
			if o.Doc != "" {
				s += "      " + strings.TrimSpace(o.Doc) + "\n"
			}
			return s
		},
		configure: "\nConfigure it in .memlint.yaml under rules: %s: {severity: %s}\n",
	},
}

// RuleDoc renders the reference of one rule: its default severity and
// summary, documentation, the kinds of memory dir it runs in, its fix and
// its options with their defaults and choices. docs/rules.md holds it for
// every rule in DocMarkdown; `memlint rules ID` prints it in DocText.
func RuleDoc(r *lint.Rule, format DocFormat) string {
	st := docStyles[format]
	var b strings.Builder
	fmt.Fprintf(&b, st.title, r.ID)
	summary := r.Summary
	if st.upperFirst {
		summary = upperFirst(summary)
	}
	fmt.Fprintf(&b, st.severity, r.Severity, summary)
	howToRun := ""
	if r.Stage == lint.Preview {
		howToRun = previewHowTo
	}
	fmt.Fprintf(&b, st.stage, r.Stage, howToRun, measuredText(r), ClaudeCodeChecked)
	if doc := strings.TrimSpace(r.Doc); doc != "" {
		b.WriteString(doc)
		b.WriteString("\n")
	}
	if len(r.Kinds) > 0 {
		fmt.Fprintf(&b, "\nRuns in %s memory dirs only.\n", kindNames(r.Kinds))
	}
	if r.Fix != "" {
		fmt.Fprintf(&b, "\nAutomatic fix: %s.\n", r.Fix)
	}
	if len(r.Options) == 0 {
		b.WriteString(st.noOptions)
	} else {
		b.WriteString(st.options)
		for _, o := range r.Options {
			b.WriteString(st.option(o))
		}
	}
	if st.configure != "" {
		fmt.Fprintf(&b, st.configure, r.ID, r.Severity)
	}
	return b.String()
}

// previewHowTo says, after a preview rule's stage, how to run it.
const previewHowTo = " (runs only with --preview, with preview: true in .memlint.yaml, or when rules: names it)"

// Markdown renders the reference of the given rules: a summary table and a
// section per rule (RuleDoc). docs/rules.md is this output for All(); a
// test keeps the file current.
func Markdown(rules []*lint.Rule) []byte {
	var b bytes.Buffer
	b.WriteString("# memlint rules\n\n")
	b.WriteString("<!-- Generated from the rule registry by `go generate ./...`. Do not edit. -->\n\n")
	b.WriteString("Every rule can be turned off, given another severity or configured in `.memlint.yaml`\n")
	b.WriteString("(see the README). `memlint rules ID` prints the same text in a terminal.\n\n")
	b.WriteString("Each rule is **stable** (runs by default) or **preview** (runs with `--preview`, `preview: true`,\n")
	b.WriteString("or when `rules:` names it). A rule is stable only once its precision was measured on real\n")
	b.WriteString("memory nobody on the project wrote, not read while the rule was written, each memory dir\n")
	b.WriteString("linted inside a full checkout of its repository: at least 90 % of at least 30 judged\n")
	b.WriteString("findings right, 99 % for an error-level rule. Precision is right ÷ judged (a debatable\n")
	b.WriteString("finding counts against the rule); [eval/README.md](../eval/README.md) says how it is measured.\n")
	for _, id := range slices.Sorted(maps.Keys(EngineReports)) {
		fmt.Fprintf(&b, "`%s` is stable without a measurement: %s.\n", id, EngineReports[id])
	}
	b.WriteString("\n")
	b.WriteString("| Rule | Default | Stage | Precision (judged) | Checks |\n|---|---|---|---|---|\n")
	for _, r := range rules {
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s | %s | %s |\n", r.ID, r.ID, r.Severity, r.Stage, precisionCell(r), escapeCell(r.Summary))
	}
	for _, r := range rules {
		b.WriteString("\n")
		b.WriteString(RuleDoc(r, DocMarkdown))
	}
	return b.Bytes()
}

// kindNames lists dir kinds as prose: "auto, team and logs".
func kindNames(kinds []memory.DirKind) string {
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = k.String()
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func escapeCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
