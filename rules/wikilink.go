package rules

import (
	"fmt"
	"path"
	"strings"

	"github.com/memlint/memlint/lint"
)

// WikilinkDangling reports [[links]] that match no memory.
var WikilinkDangling = &lint.Rule{
	ID:       "wikilink-dangling",
	Severity: lint.Info,
	Summary:  "[[name]] matches no memory's name or file name",
	Doc: `Memories link to each other with ` + "`[[name]]`" + `, matched against each
memory's ` + "`name`" + ` or its file name without ` + "`.md`" + ` (ignoring case). Newer
Claude Code treats a link to a memory that does not exist yet as fine: it marks
something worth writing later. That is why this is only information; it still
catches typos and links to memories that were renamed.

Bad: ` + "`[[feedback-tesitng]]`" + ` when the memory is named feedback-testing.
Good: ` + "`[[feedback-testing]]`" + `.

Fix: correct the name, or write the missing memory.`,
	Run: func(pass *lint.Pass) {
		d := pass.Dir
		known := map[string]bool{}
		var names []string
		for _, t := range d.Topics {
			for _, n := range []string{t.FieldValue("name"), t.Stem(), strings.TrimSuffix(t.Rel, path.Ext(t.Rel))} {
				if n = strings.TrimSpace(n); n != "" {
					known[strings.ToLower(n)] = true
					names = append(names, n)
				}
			}
		}
		suggest := lint.NewSuggester(names)
		files := append([]*lint.File(nil), d.Topics...)
		if d.Index != nil {
			files = append(files, d.Index)
		}
		for _, f := range files {
			for _, w := range f.Body.WikiLinks {
				target := strings.TrimSpace(w.Target)
				if target == "" {
					continue // [[#heading]] links inside the same file
				}
				t := strings.ToLower(strings.TrimSuffix(target, ".md"))
				if known[t] || known[strings.ToLower(target)] {
					continue
				}
				msg := fmt.Sprintf("[[%s]] matches no memory's name or file name in this dir", target)
				suggestion := "fine if it marks a memory still to write; otherwise correct the name"
				if near := suggest.Closest(target); near != "" {
					msg += fmt.Sprintf(" (did you mean [[%s]]?)", near)
					suggestion = "[[" + near + "]]"
				}
				pass.ReportSpan(f, w.Span, msg, suggestion)
			}
		}
	},
}
