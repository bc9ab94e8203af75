package memory

import (
	"fmt"
	"strings"
	"testing"
)

// TestIndexTables checks that a table in MEMORY.md becomes a header entry
// and one entry per row, and that text which only looks like a table stays
// a paragraph.
func TestIndexTables(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      string // kind@lines of each entry
	}{
		{"table", "| a | b |\n|---|---|\n| [x](x.md) | 1 |\n| y | 2 |\n", "header@1-2 row@3 row@4"},
		{"no outer pipes", "a | b\n:-- | --:\nc | d\n", "header@1-2 row@3"},
		{"text before", "Some text\n| a | b |\n| - | - |\n| c | d |\n", "paragraph@1 header@2-3 row@4"},
		{"cell counts differ", "| a | b | c |\n|---|---|\n| d | e | f |\n", "paragraph@1-3"},
		{"no delimiter", "| a | b |\n| c | d |\n", "paragraph@1-2"},
		{"header only", "| a | b |\n|---|---|\n", "header@1-2"},
		{"escaped pipe", "| a \\| b | c |\n|---|---|\n| d | e |\n", "header@1-2 row@3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := parse(t, KindIndex, tc.src)
			var got []string
			for _, e := range f.Index.Entries {
				kind := map[EntryKind]string{EntryItem: "item", EntryParagraph: "paragraph", EntryCode: "code",
					EntryHTML: "html", EntryTableHeader: "header", EntryTableRow: "row"}[e.Kind]
				lines := fmt.Sprint(e.StartLine)
				if e.EndLine != e.StartLine {
					lines += fmt.Sprintf("-%d", e.EndLine)
				}
				got = append(got, kind+"@"+lines)
			}
			if g := strings.Join(got, " "); g != tc.want {
				t.Errorf("entries = %s, want %s", g, tc.want)
			}
			if err := checkIndex(f); err != nil {
				t.Error(err)
			}
		})
	}
}
