package markdown

import (
	"fmt"
	"strings"
	"testing"
)

// TestBracketsBoundTheParse: a paragraph of unclosed links, which the link
// parser rescans from each "[a](" to the paragraph's end, is declined once
// its length times its brackets passes maxBracketCost (issue 27: 90 KB of
// "[a](" took six seconds a file), while a paragraph as long of links that
// close, a table of 900 rows each linking a memory, is parsed.
func TestBracketsBoundTheParse(t *testing.T) {
	parse := func(body string) error {
		src := []byte(body)
		_, err := ParseMarkdown(src, 0, NewLineIndex(src))
		return err
	}
	for _, unit := range []string{"[a](", "![a](<", "[[", "["} {
		body := strings.Repeat(unit, 90_000/len(unit))
		if err := parse(body); err == nil || !strings.Contains(err.Error(), "brackets cost the Markdown parser too much") {
			t.Errorf("90 KB of %q: parsed (err %v), want it declined", unit, err)
		}
	}
	var table strings.Builder
	for i := range 900 {
		fmt.Fprintf(&table, "| [Note %03d](note_%03d.md) | what note %03d is about, in a few words |\n", i, i, i)
	}
	if err := parse(table.String()); err != nil {
		t.Errorf("a table of 900 rows of links: %v", err)
	}
}
