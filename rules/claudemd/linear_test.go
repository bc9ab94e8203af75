package claudemd_test

import (
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/rules"
)

// TestRepeatedTextStaysLinear lints memories and instructions that repeat
// the same words thousands of times, where reading every place of every
// shingle at every position of the body, or every path after every folder
// name, would take minutes; each must finish in a few seconds at most.
func TestRepeatedTextStaysLinear(t *testing.T) {
	sentence := "Keep every pull request small so that a review ends soon. "
	for _, tc := range []struct{ name, topicMemory, claude string }{
		{"the same sentence on both sides", strings.Repeat(sentence, 20000), strings.Repeat(sentence, 20000)},
		{"a section per sentence", strings.Repeat("# h\n\nkeep every pull request small.\n\n---\n", 20000), strings.Repeat("keep every pull request small.\n", 2000)},
		{"a folder name without end", "Keep every pull request small so that review ends. More.\n", "Keep every pull request small so that review ends.\n" + strings.Repeat("memory/", 300000)},
		{"quotation marks", strings.Repeat("\"", 500000), strings.Repeat("a b c d ", 1000)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"memory/MEMORY.md": {Data: []byte("- [T](topic.md) — t\n")},
				"memory/topic.md":  {Data: []byte("---\nname: t\ndescription: a memory that repeats itself\ntype: project\n---\n" + tc.topicMemory)},
			}
			ins := []claude.InstructionFile{{Path: "/repo/CLAUDE.md", Name: "CLAUDE.md", Src: []byte(tc.claude)}}
			l := &lint.Linter{Setup: lint.Setup{Registry: rules.Registry(), Only: []string{"claude-md-overlap"}, Now: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC),
				Instructions: func(string) []claude.InstructionFile { return ins }}, Root: "/repo"}
			done := make(chan *lint.Result, 1)
			go func() {
				res, err := l.Lint(fsys, []string{"memory"})
				if err != nil {
					t.Error(err)
				}
				done <- res
			}()
			select {
			case res := <-done:
				for _, e := range res.Errors {
					t.Fatalf("%v\n%s", e, e.Stack)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("claude-md-overlap did not finish within 20 s")
			}
		})
	}
}
