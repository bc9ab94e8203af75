package claudemd_test

import (
	"testing"
	"testing/fstest"
	"time"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/rules"
)

// FuzzOverlap runs claude-md-overlap over a memory and an instruction
// file, both fuzzed, the instruction file naming the memory dir's files
// by path and importing one of them: no input may make the rule fail, and
// every finding lies in its file.
func FuzzOverlap(f *testing.F) {
	f.Add("---\nname: a\ndescription: Keep every pull request to one concern so that review ends\ntype: feedback\n---\nKeep every pull request to one concern so that a review can finish.\n\n**Why:** mixed changes hid a regression.\n",
		"# Rules\n\n- Keep every pull request to one concern so that a review can finish.\n- details: memory/topic.md\n")
	f.Add("## S\n\n- Stated: \"The sync worker copies invoices from the ledger every hour.\"\n---\n“x”\n",
		"## S\nThe sync worker copies invoices from the ledger every hour.\n\\memory\\topic.md.\n")
	f.Add("", "memory/")
	reg, err := lint.NewRegistry(rules.Registry().Rules()...)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, topic, claudeMD string) {
		fsys := fstest.MapFS{
			"memory/MEMORY.md": {Data: []byte("- [T](topic.md) — t\n- [O](other.md) — o\n")},
			"memory/topic.md":  {Data: []byte(topic)},
			"memory/other.md":  {Data: []byte("---\nname: other\ndescription: the sync worker copies invoices every hour\ntype: project\n---\n" + claudeMD + "\n")},
		}
		instructions := []claude.InstructionFile{
			{Path: "/repo/CLAUDE.md", Name: "CLAUDE.md", Src: []byte(claudeMD)},
			{Path: "/repo/memory/topic.md", Name: "memory/topic.md", Src: []byte(topic)},
		}
		l := &lint.Linter{Setup: lint.Setup{Registry: reg, Only: []string{"claude-md-overlap"}, Now: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC),
			Instructions: func(string) []claude.InstructionFile { return instructions }}, Root: "/repo"}
		res, err := l.Lint(fsys, []string{"memory"})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range res.Errors {
			t.Fatalf("%v\n%s", e, e.Stack)
		}
		for _, d := range res.Diagnostics {
			src := map[string]string{"memory/topic.md": topic, "memory/other.md": string(fsys["memory/other.md"].Data)}[d.Path]
			lines := 1
			for _, c := range src {
				if c == '\n' {
					lines++
				}
			}
			if d.Start.Line < 1 || d.Start.Line > lines || d.Message == "" {
				t.Fatalf("finding outside its file or without a message: %+v", d)
			}
		}
	})
}
