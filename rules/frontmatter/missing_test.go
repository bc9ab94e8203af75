package frontmatter_test

import (
	"testing"
	"testing/fstest"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
)

// TestMissingEmptyFile: an empty file (which no fixture comment can sit
// in) is reported as empty, not as a memory that only lacks its
// frontmatter.
func TestMissingEmptyFile(t *testing.T) {
	fsys := fstest.MapFS{
		"mem/MEMORY.md":     {Data: []byte("- [A](feedback_a.md) — deploys go to staging first\n")},
		"mem/feedback_a.md": {Data: []byte("---\nname: feedback-a\ndescription: Deploys go to staging first\ntype: feedback\n---\nStaging first.\n")},
		"mem/pricing.md":    {Data: []byte{}},
		"mem/blank.md":      {Data: []byte("\n  \n")},
	}
	l := &lint.Linter{Setup: lint.Setup{Registry: rules.Registry(), Only: []string{"frontmatter-missing"}}}
	res, err := l.Lint(fsys, []string{"mem"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != 2 {
		t.Fatalf("findings = %+v, want one for each empty file", res.Diagnostics)
	}
	for _, d := range res.Diagnostics {
		if d.Message != "the file is empty: Claude Code's recall lists it without a description, and there is nothing in it to recall" ||
			d.Suggestion != "write the memory, frontmatter first, or delete the file" {
			t.Errorf("%s: %q / %q", d.Path, d.Message, d.Suggestion)
		}
	}
}
