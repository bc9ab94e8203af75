package lint_test

import (
	"fmt"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
)

// TestQuotedValueFindingSpans lints topic files whose flagged key or value
// is quoted, escaped or multibyte, and checks each finding's exact span:
// it covers the value as written, quotes included, not as many characters
// as the decoded value has.
func TestQuotedValueFindingSpans(t *testing.T) {
	for _, tc := range []struct {
		name, frontmatter, rule, span string
	}{
		{"type single-quoted", "name: a-note\ndescription: d\ntype: 'User'\n", "memory-type", "4:7-4:13"},
		{"type plain", "name: a-note\ndescription: d\ntype: User\n", "memory-type", "4:7-4:11"},
		{"type double-quoted with \\\"", "name: a-note\ndescription: d\ntype: \"Us\\\"er\"\n", "memory-type", "4:7-4:15"},
		{"type with ''", "name: a-note\ndescription: d\ntype: 'us''er'\n", "memory-type", "4:7-4:15"},
		{"name double-quoted with \\u00e9", "name: \"Caf\\u00e9 Notes\"\ndescription: d\ntype: user\n", "name-format", "2:7-2:24"},
		{"name multibyte", "name: Café Notes ☕\ndescription: d\ntype: user\n", "name-format", "2:7-2:19"},
		{"modified double-quoted", "name: a-note\ndescription: d\ntype: user\nmodified: \"2999-01-01T00:00:00Z\"\n", "modified-timestamp", "5:11-5:33"},
		{"unknown key quoted", "name: a-note\ndescription: d\ntype: user\n'colour': red\n", "frontmatter-unknown-key", "5:1-5:9"},
		{"duplicate key quoted", "name: a-note\ndescription: d\ntype: user\n\"ty\\x70e\": user\n", "frontmatter-invalid", "5:1-5:10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"memory/MEMORY.md": {Data: []byte("- [A note](a_note.md) — the note\n")},
				"memory/a_note.md": {Data: []byte("---\n" + tc.frontmatter + "---\n\nBody.\n")},
			}
			l := &lint.Linter{Setup: lint.Setup{Registry: rules.Registry(), Now: benchNow}, Config: withPreview()}
			res, err := l.Lint(fsys, []string{"memory"})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range res.Diagnostics {
				if d.Rule == tc.rule {
					got = append(got, fmt.Sprintf("%d:%d-%d:%d", d.Start.Line, d.Start.Col, d.End.Line, d.End.Col))
				}
			}
			if !slices.Equal(got, []string{tc.span}) {
				t.Errorf("%s findings span %v, want [%s]", tc.rule, got, tc.span)
				for _, d := range res.Diagnostics {
					t.Logf("%s %d:%d-%d:%d %s", d.Rule, d.Start.Line, d.Start.Col, d.End.Line, d.End.Col, d.Message)
				}
			}
		})
	}
}
