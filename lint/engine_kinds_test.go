package lint

import (
	"testing"
	"testing/fstest"
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
	seen := func(kinds []DirKind) map[string]bool {
		out := map[string]bool{}
		rule := &Rule{ID: "probe", Severity: Info, Kinds: kinds, Run: func(p *Pass) {
			p.Report(Diagnostic{Message: p.Dir.Kind.String()})
		}}
		reg, err := NewRegistry(rule)
		if err != nil {
			t.Fatal(err)
		}
		res, err := (&Linter{Registry: reg, Root: "/repo"}).Lint(fsys, dirs)
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
