package rules

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/memlint/memlint/lint"
)

// Markdown renders the reference of the given rules: a summary table and a
// section per rule with its documentation and options. docs/rules.md is this
// output for All(); a test keeps the file current.
func Markdown(rules []*lint.Rule) []byte {
	var b bytes.Buffer
	b.WriteString("# memlint rules\n\n")
	b.WriteString("<!-- Generated from the rule registry by `go test ./rules -run TestRulesDoc -update`. Do not edit. -->\n\n")
	b.WriteString("Every rule can be turned off, given another severity or configured in `.memlint.yaml`\n")
	b.WriteString("(see the README). `memlint rules ID` prints the same text in a terminal.\n\n")
	b.WriteString("| Rule | Default | Checks |\n|---|---|---|\n")
	for _, r := range rules {
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s |\n", r.ID, r.ID, r.Severity, escapeCell(r.Summary))
	}
	for _, r := range rules {
		fmt.Fprintf(&b, "\n## %s\n\n", r.ID)
		fmt.Fprintf(&b, "Default severity: **%s**. %s.\n\n", r.Severity, upperFirst(r.Summary))
		b.WriteString(strings.TrimSpace(r.Doc))
		b.WriteString("\n")
		if len(r.Kinds) > 0 {
			fmt.Fprintf(&b, "\nRuns in %s memory dirs only.\n", kindNames(r.Kinds))
		}
		if r.Fix != "" {
			fmt.Fprintf(&b, "\nAutomatic fix: %s.\n", r.Fix)
		}
		if len(r.Options) > 0 {
			b.WriteString("\nOptions:\n\n| Option | Default | Meaning |\n|---|---|---|\n")
			for _, o := range r.Options {
				fmt.Fprintf(&b, "| `%s` | `%s` | %s |\n", o.Name, OptionDefault(o), escapeCell(o.Doc))
			}
		}
	}
	return b.Bytes()
}

// OptionDefault formats an option's default as it would be written in
// .memlint.yaml.
func OptionDefault(o lint.Option) string {
	switch v := o.Default.(type) {
	case []string:
		return "[" + strings.Join(v, ", ") + "]"
	default:
		return fmt.Sprint(v)
	}
}

// kindNames lists dir kinds as prose: "auto, team and logs".
func kindNames(kinds []lint.DirKind) string {
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
