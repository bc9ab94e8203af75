package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/memlint/memlint/internal/suggest"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/report"
	"github.com/memlint/memlint/rules"
)

func newRulesCmd(stdout io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:   "rules [ID]",
		Short: "List the rules, or explain one",
		Long: `memlint rules lists every rule with its default severity, its stage and what
it checks. Stable rules run by default; preview rules only with --preview,
preview: true in .memlint.yaml, or when rules: names them.
memlint rules ID explains one rule: why it matters, an example, how to fix it,
and the options it reads from configuration.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return listRules(stdout, rules.All())
			}
			return explainRule(stdout, rules.Registry(), args[0])
		},
	}
}

// listRules prints a table: ID, default severity, stage, summary.
func listRules(w io.Writer, all []*lint.Rule) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tDEFAULT\tSTAGE\tCHECKS")
	for _, r := range all {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, r.Severity, r.Stage, r.Summary)
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write rules: %w", err)
	}
	return nil
}

// explainRule prints one rule's reference, rendered as docs/rules.md
// renders it (rules.RuleDoc).
func explainRule(w io.Writer, reg *lint.Registry, id string) error {
	r, ok := reg.Lookup(id)
	if !ok {
		var ids []string
		for _, r := range reg.Rules() {
			ids = append(ids, r.ID)
		}
		hint := " (memlint rules lists them)"
		if c := suggest.Closest(id, ids); c != "" {
			hint = fmt.Sprintf(" (did you mean %s?)", c)
		}
		return fmt.Errorf("unknown rule %q%s", id, hint)
	}
	// The web page last: the same text, at this version of memlint.
	doc := rules.RuleDoc(r, rules.DocText) + "Documentation: " + report.RuleDocURL(r.ID, version()) + "\n"
	if _, err := io.WriteString(w, doc); err != nil {
		return fmt.Errorf("write rule: %w", err)
	}
	return nil
}
