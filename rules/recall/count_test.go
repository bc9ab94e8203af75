package recall_test

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
)

// TestCountLimitCountsWhatRecallLists: recall lists every Markdown file
// of an auto memory dir, templates included, so memory-count-limit counts
// them although memory rules do not see them; a subagent's memory is not
// recalled, so the rule is silent there.
func TestCountLimitCountsWhatRecallLists(t *testing.T) {
	memories := func(fsys fstest.MapFS, dir string, n int) {
		for i := range n {
			fsys[fmt.Sprintf("%s/reference_%03d.md", dir, i)] = &fstest.MapFile{Data: []byte(fmt.Sprintf(
				"---\nname: reference-%03d\ndescription: Where the dashboard of service number %d lives\ntype: reference\n---\nIn the wiki.\n", i, i))}
		}
	}
	template := []byte("---\nname: <slug>\ndescription: <one line>\ntype: <user | feedback | project | reference>\n---\n")
	fsys := fstest.MapFS{
		"auto/MEMORY.md":                          {Data: []byte("# Index\n")},
		"auto/_template.md":                       {Data: template},
		".claude/agent-memory/reviewer/MEMORY.md": {Data: []byte("# Notes\n")},
	}
	memories(fsys, "auto", 200)
	memories(fsys, ".claude/agent-memory/reviewer", 201)
	l := &lint.Linter{Setup: lint.Setup{Registry: rules.Registry(), Only: []string{"memory-count-limit"}}}
	res, err := l.Lint(fsys, []string{"auto", ".claude/agent-memory/reviewer"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, d.Path)
	}
	if len(got) != 1 || got[0] != "auto" {
		t.Errorf("findings in %q, want one about auto (200 memories and a template)", got)
	}
}
