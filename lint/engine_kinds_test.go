package lint

import (
	"slices"
	"testing"
	"testing/fstest"

	"github.com/memlint/memlint/lint/memory"
)

// TestRuleKinds checks that a rule declaring the kinds of memory dir it
// fits runs over those and no others, and that a rule declaring none runs
// everywhere.
func TestRuleKinds(t *testing.T) {
	fsys := fstest.MapFS{
		"memory/MEMORY.md":                            {Data: []byte("- [a](a.md) — a\n")},
		".claude/agent-memory/reviewer/MEMORY.md":     {Data: []byte("notes\n")},
		"memory/team/MEMORY.md":                       {Data: []byte("- [b](b.md) — b\n")},
		".claude/agent-memory-local/tester/MEMORY.md": {Data: []byte("notes\n")},
	}
	dirs := []string{"memory", ".claude/agent-memory/reviewer", "memory/team", ".claude/agent-memory-local/tester"}
	seen := func(kinds []memory.DirKind) map[string]bool {
		out := map[string]bool{}
		rule := &Rule{ID: "probe", Severity: Info, Kinds: kinds, Run: func(p *Pass) {
			p.Report(Diagnostic{Message: p.Dir.Kind.String()})
		}}
		reg, err := NewRegistry(rule)
		if err != nil {
			t.Fatal(err)
		}
		res, err := (&Linter{Setup: Setup{Registry: reg}, Root: "/repo"}).Lint(fsys, dirs)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range res.Diagnostics {
			out[d.Path] = true
		}
		return out
	}
	all := seen(nil)
	for _, d := range dirs {
		if !all[d] {
			t.Errorf("a rule without Kinds did not run over %s", d)
		}
	}
	except := seen(ExceptSubagent)
	for d, want := range map[string]bool{
		"memory": true, "memory/team": true,
		".claude/agent-memory/reviewer": false, ".claude/agent-memory-local/tester": false,
	} {
		if except[d] != want {
			t.Errorf("ExceptSubagent over %s: ran = %v, want %v", d, except[d], want)
		}
	}
}

// TestTemplatesLeaveTopics holds the loader's promise: a template is in
// Files, for the rules about every file, and not in Topics, which memory
// rules read; nor among the team memories other dirs compare with.
func TestTemplatesLeaveTopics(t *testing.T) {
	memory := "---\nname: feedback-a\ndescription: Deploys go to staging first, then production\ntype: feedback\n---\nStaging first.\n"
	template := "---\nname: <slug>\ndescription: <one line>\ntype: <user | feedback | project | reference>\n---\n"
	fsys := fstest.MapFS{
		"mem/MEMORY.md":            {Data: []byte("- [A](feedback_a.md) — a\n")},
		"mem/feedback_a.md":        {Data: []byte(memory)},
		"mem/_template.md":         {Data: []byte(template)},
		"mem/templates/project.md": {Data: []byte(template)},
		"mem/team/MEMORY.md":       {Data: []byte("- [B](feedback_b.md) — b\n")},
		"mem/team/feedback_b.md":   {Data: []byte(memory)},
		"mem/team/TEMPLATE.md":     {Data: []byte(template)},
	}
	var topics, templates, files, team []string
	seen := &Rule{ID: "seen-files", Severity: Info, Run: func(p *Pass) {
		if p.Dir.Path != "mem" {
			return
		}
		for _, f := range p.Dir.Topics {
			topics = append(topics, f.Rel)
		}
		for _, f := range p.Dir.Templates {
			if !f.Template {
				t.Errorf("%s is in Templates without Template set", f.Rel)
			}
			templates = append(templates, f.Rel)
		}
		for _, f := range p.Dir.Files() {
			files = append(files, f.Rel)
		}
		for _, f := range p.Dir.TeamTopics() {
			team = append(team, f.Rel)
		}
	}}
	reg, err := NewRegistry(seen)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&Linter{Setup: Setup{Registry: reg}}).Lint(fsys, []string{"mem", "mem/team"}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what      string
		got, want []string
	}{
		{"Topics", topics, []string{"feedback_a.md"}},
		{"Templates", templates, []string{"_template.md", "templates/project.md"}},
		{"Files", files, []string{"MEMORY.md", "_template.md", "feedback_a.md", "templates/project.md"}},
		{"TeamTopics", team, []string{"feedback_b.md"}},
	} {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("%s = %q, want %q", c.what, c.got, c.want)
		}
	}
}
