package memory

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memlint/memlint/lint/markdown"
)

func parse(t *testing.T, kind FileKind, src string) *File {
	t.Helper()
	f := &File{Path: "x.md", Rel: "x.md", Kind: kind}
	parseFile(f, []byte(src), nil)
	return f
}

func TestFrontmatterDialects(t *testing.T) {
	for name, src := range map[string]string{
		"flat":           "---\nname: a\ndescription: d\ntype: feedback\n---\nbody\n",
		"nested":         "---\nname: a\ndescription: d\nmetadata: \n  node_type: memory\n  type: feedback\n---\nbody\n",
		"crlf":           "---\r\nname: a\r\ndescription: d\r\ntype: feedback\r\n---\r\nbody\r\n",
		"trailing-space": "--- \nname: a\ndescription: d\ntype: feedback\n---  \nbody\n",
	} {
		t.Run(name, func(t *testing.T) {
			f := parse(t, KindTopic, src)
			fm := f.Frontmatter()
			if fm == nil || !fm.Valid() {
				t.Fatalf("frontmatter not parsed: %+v", fm)
			}
			if got := f.MemoryType(); got != "feedback" {
				t.Errorf("type = %q", got)
			}
			if got := strings.TrimSpace(string(f.Src[f.Body().Start:])); got != "body" {
				t.Errorf("body = %q", got)
			}
			k, _ := fm.Field("description")
			if p := fm.Pos(k); p.Line != 3 || p.Col != 1 {
				t.Errorf("description key at %v, want 3:1", p)
			}
		})
	}
}

func TestFrontmatterProblems(t *testing.T) {
	f := parse(t, KindTopic, "---\nname: a\n\nno closing line\n")
	if f.Frontmatter().CloseLine != 0 {
		t.Errorf("unclosed frontmatter reported closed at %d", f.Frontmatter().CloseLine)
	}
	f = parse(t, KindTopic, "\uFEFF---\nname: a\n---\n")
	if !f.Frontmatter().BOM || !f.Frontmatter().Valid() {
		t.Errorf("BOM frontmatter: %+v", f.Frontmatter())
	}
	f = parse(t, KindTopic, "---\nname: a\nname: b\n---\n")
	if len(f.Frontmatter().Duplicates) != 1 || f.Frontmatter().Duplicates[0].Line != 2 {
		t.Errorf("duplicates: %+v", f.Frontmatter().Duplicates)
	}
	f = parse(t, KindTopic, "---\nname: a\ndescription: Stack: Go and SQLite\ntype: project\n---\n")
	fm := f.Frontmatter()
	if fm.Err == nil || !fm.Repaired || fm.Err.Pos.Line != 3 {
		t.Fatalf("repaired YAML: err=%v repaired=%v", fm.Err, fm.Repaired)
	}
	if _, v := fm.Field("description"); markdown.ScalarValue(v) != "Stack: Go and SQLite" {
		t.Errorf("fallback reading = %q", markdown.ScalarValue(v))
	}
	f = parse(t, KindTopic, "---\nname: a\ndescription: x --- y\n---\n")
	if f.Frontmatter().EarlyClose != strings.Index(string(f.Src), "--- y") {
		t.Errorf("early close at %d", f.Frontmatter().EarlyClose)
	}
	if f := parse(t, KindTopic, "# Title\n---\nname: a\n---\n"); f.Frontmatter() != nil {
		t.Errorf("frontmatter must start on line 1")
	}
}

func TestMarkdownModel(t *testing.T) {
	src := "Intro [[target#frag|label]] and `code [[nolink]]` text.\n\n- [Title [x]](./a%20b.md#h) — hook\n  - [Sub](sub.md)\n\n```go\nfmt.Println(\"[[no]]\")\n```\n<!-- memlint-disable-next-line index-entry-format -- why -->\nlast [x](y.md)\n"
	f := parse(t, KindTopic, src)
	md := f.Body()
	if len(md.WikiLinks) != 1 || md.WikiLinks[0].Target != "target" || md.WikiLinks[0].Fragment != "frag" || md.WikiLinks[0].Label != "label" {
		t.Errorf("wikilinks = %+v", md.WikiLinks)
	}
	if w := md.WikiLinks[0]; src[w.Start:w.End] != "[[target#frag|label]]" {
		t.Errorf("wikilink span = %q", src[w.Start:w.End])
	}
	if len(md.Links) != 3 {
		t.Fatalf("links = %+v", md.Links)
	}
	if l := md.Links[0]; l.Dest != "./a%20b.md#h" || l.Text != "Title [x]" || src[l.Start:l.End] != "[Title [x]](./a%20b.md#h)" {
		t.Errorf("link = %+v %q", l, src[l.Start:l.End])
	}
	if len(md.CodeSpans) != 1 || src[md.CodeSpans[0].Start:md.CodeSpans[0].End] != "`code [[nolink]]`" {
		t.Errorf("code spans = %+v", md.CodeSpans)
	}
	if len(md.CodeBlocks) != 1 || md.CodeBlocks[0].Info != "go" || md.CodeBlocks[0].ContentLines != 1 || md.CodeBlocks[0].StartLine != 6 || md.CodeBlocks[0].EndLine != 8 {
		t.Errorf("code blocks = %+v", md.CodeBlocks)
	}
	if len(md.Items) != 2 || md.Items[0].Depth != 0 || !md.Items[0].HasSublist || md.Items[1].Parent != 0 {
		t.Errorf("items = %+v", md.Items)
	}
	if md.InProse(markdown.Span{Start: strings.Index(src, "nolink"), End: strings.Index(src, "nolink") + 6}) {
		t.Errorf("code span text counted as prose")
	}
	if !md.InProse(markdown.Span{Start: 0, End: 5}) {
		t.Errorf("intro text is prose")
	}
	if len(f.Suppressions()) != 1 || f.Suppressions()[0].FromLine != 10 || f.Suppressions()[0].Reason != "why" {
		t.Errorf("suppressions = %+v", f.Suppressions())
	}
}

func TestResolveLink(t *testing.T) {
	for _, tc := range []struct {
		dest, target string
		kind         LinkKind
	}{
		{"a.md", "a.md", LinkLocal},
		{"./a.md#why", "a.md", LinkLocal},
		{"a%20b.md", "a b.md", LinkLocal},
		{"sub/../a.md", "a.md", LinkLocal},
		{"sub/x.md?x=1", "sub/x.md", LinkLocal},
		{"../a.md", "../a.md", LinkEscape},
		{"sub/../../a.md", "../a.md", LinkEscape},
		{"/etc/passwd", "/etc/passwd", LinkEscape},
		{"~/notes.md", "~/notes.md", LinkEscape},
		{`C:\x.md`, `C:\x.md`, LinkEscape},
		{"file:///etc/hosts", "file:///etc/hosts", LinkEscape},
		{"https://x.io/a.md", "", LinkExternal},
		{"mailto:a@b.c", "", LinkExternal},
		{"#section", "", LinkAnchor},
		{"", "", LinkEmpty},
	} {
		target, kind := ResolveLink("MEMORY.md", tc.dest)
		if target != tc.target || kind != tc.kind {
			t.Errorf("ResolveLink(%q) = %q, %v; want %q, %v", tc.dest, target, kind, tc.target, tc.kind)
		}
	}
}

func TestAutoLinks(t *testing.T) {
	src := "See <https://github.com/x/y/blob/main/a.go#L42> and <me@example.com>.\n"
	f := parse(t, KindTopic, src)
	if len(f.Body().Links) != 2 {
		t.Fatalf("links = %+v", f.Body().Links)
	}
	l := f.Body().Links[0]
	if !l.Auto || l.Dest != "https://github.com/x/y/blob/main/a.go#L42" || src[l.Start:l.End] != "<https://github.com/x/y/blob/main/a.go#L42>" {
		t.Errorf("autolink = %+v %q", l, src[l.Start:l.End])
	}
	if _, kind := ResolveLink("MEMORY.md", f.Body().Links[1].Dest); kind != LinkExternal {
		t.Errorf("an email autolink is external: %q", f.Body().Links[1].Dest)
	}
}

// TestBlocksAfterTabs pins where headings and thematic breaks start when
// a tab indents them inside a list item: goldmark's Pos counts the columns
// the tab expands to, and may point past the block's line.
func TestBlocksAfterTabs(t *testing.T) {
	tests := []struct {
		src       string
		kind      markdown.BlockKind
		start     int // byte offset of the block's first character
		startLine int
	}{
		{"*\n\t#\n", markdown.BlockHeading, 3, 2},
		{"*\n\t#", markdown.BlockHeading, 3, 2},
		{"- a\n\t#\n", markdown.BlockHeading, 5, 2},
		{"*\n  #\n", markdown.BlockHeading, 4, 2},
		{"- a\n\t***\n", markdown.BlockThematicBreak, 5, 2},
		{"*\t 0\n\t\t#\n0#0", markdown.BlockHeading, 7, 2},  // Pos lands on the next line's '#'
		{"*\t 0\n\t\t#\n0\n0", markdown.BlockHeading, 7, 2}, // Pos lands two line breaks on
		{"*\t 0\n\t\t#\n*#", markdown.BlockHeading, 7, 2},   // "*#" is no list item
		{"*\t 0\n\t\t#\n\t#", markdown.BlockHeading, 7, 2},  // the next block starts at the second line break
	}
	for _, tt := range tests {
		md := parse(t, KindTopic, tt.src).Body()
		var got *markdown.Block
		for i := range md.Blocks {
			if md.Blocks[i].Kind == tt.kind {
				got = &md.Blocks[i]
				break
			}
		}
		if got == nil {
			t.Errorf("%q: no block of kind %v in %+v", tt.src, tt.kind, md.Blocks)
			continue
		}
		if got.Span.Start != tt.start || got.StartLine != tt.startLine {
			t.Errorf("%q: block starts at %d (line %d), want %d (line %d)", tt.src, got.Span.Start, got.StartLine, tt.start, tt.startLine)
		}
	}
}

// TestListItemsAfterTabs pins where list items start when a tab indents
// them: goldmark's Pos for the item may point past its marker.
func TestListItemsAfterTabs(t *testing.T) {
	tests := []struct {
		src    string
		starts []int // byte offset of each empty item's marker
	}{
		{"*\n\t*\n", []int{0, 3}},
		{"*\n\t*", []int{0, 3}},
		{"1.\n\t2.\n", []int{0, 4}},
		{"1.\n\t12)\n", []int{0, 4}},
		{"-\n\t-\n\t\t-\n", []int{0, 3, 7}},
	}
	for _, tt := range tests {
		md := parse(t, KindTopic, tt.src).Body()
		var got []int
		for _, it := range md.Items {
			got = append(got, it.Span.Start)
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.starts) {
			t.Errorf("%q: items start at %v, want %v", tt.src, got, tt.starts)
		}
	}
}

// TestInlineLinkSpans pins where links end: at the ")" that goldmark
// closes an inline link with, also when the destination's parentheses do
// not balance or a title holds one, and after a reference's label only
// when it is one.
func TestInlineLinkSpans(t *testing.T) {
	tests := []struct{ src, link string }{
		{"[a](b.md) (see c)\n", "[a](b.md)"},
		{"[a](b(c)d.md) x)\n", "[a](b(c)d.md)"},
		{"[a](<b c.md>) x)\n", "[a](<b c.md>)"},
		{"[a](b.md \"t)\") x)\n", "[a](b.md \"t)\")"},
		{"[a](b.md (t)) x)\n", "[a](b.md (t))"},
		{"[]((() )()()()( ", "[]((() )"},
		{"[a](\nb.md\n) x)\n", "[a](\nb.md\n)"},
		{"[]((\x00 )0 ", "[]((\x00 )"},
		{"[]((\v0 ) ", "[]((\v0 )"},
		{"[](a\\ ) x)", "[](a\\ )"},
		{"[](a\\)) x)", "[](a\\))"},
		{"[r][[ \n\n[r]: x.md\n", "[r]"},
		{"[a][r] x]\n\n[r]: x.md\n", "[a][r]"},
		{"[a][] x]\n\n[a]: x.md\n", "[a][]"},
		{"[r](0 \n\n[r]: x.md\n", "[r]"},
		{"[r] (x)\n\n[r]: x.md\n", "[r]"},
		{"[`[`]() ", "[`[`]()"},
		{"[``a]` b``](x.md) y)", "[``a]` b``](x.md)"},
		{"[a `b](x.md)", "[a `b](x.md)"},
	}
	for _, tt := range tests {
		md := parse(t, KindTopic, tt.src).Body()
		if len(md.Links) != 1 {
			t.Errorf("%q: links = %+v", tt.src, md.Links)
			continue
		}
		if l := md.Links[0]; tt.src[l.Start:l.End] != tt.link {
			t.Errorf("%q: link spans %q, want %q", tt.src, tt.src[l.Start:l.End], tt.link)
		}
	}
}

// TestFencedCodeBlockEnds pins which fence closes a code block: one in
// the same container, never one that opens a block of its own.
func TestFencedCodeBlockEnds(t *testing.T) {
	tests := []struct {
		src   string
		lines [][2]int // start and end line of each code block
		// closed lists whether each block has its closing fence.
		closed string
	}{
		{"~~~\nx\n~~~\n", [][2]int{{1, 3}}, "[true]"},
		{"~~~\n~~~\n", [][2]int{{1, 2}}, "[true]"},
		{"> ~~~\n> x\n> ~~~\n", [][2]int{{1, 3}}, "[true]"},
		{">~~~\n~~~", [][2]int{{1, 1}, {2, 2}}, "[false false]"},
		{">~~~\n ~~~", [][2]int{{1, 1}, {2, 2}}, "[false false]"},
		{"> ~~~\n> x\n~~~\n", [][2]int{{1, 2}, {3, 3}}, "[false false]"},
		{"- ~~~\n~~~\n", [][2]int{{1, 1}, {2, 2}}, "[false false]"},
		{"- a\n\n  - b\n\n    ~~~\n    x\n    ~~~\n", [][2]int{{5, 7}}, "[true]"},
		{"> - ~~~\n>   x\n>   ~~~\n", [][2]int{{1, 3}}, "[true]"},
	}
	for _, tt := range tests {
		md := parse(t, KindTopic, tt.src).Body()
		var got [][2]int
		var closed []bool
		for _, cb := range md.CodeBlocks {
			got = append(got, [2]int{cb.StartLine, cb.EndLine})
			closed = append(closed, cb.Closed)
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.lines) {
			t.Errorf("%q: code blocks on lines %v, want %v", tt.src, got, tt.lines)
		}
		if fmt.Sprint(closed) != tt.closed {
			t.Errorf("%q: code blocks closed %v, want %s", tt.src, closed, tt.closed)
		}
	}
}

// TestIndexFrontmatterAfterBOM: Claude Code drops one leading byte order
// mark before it strips MEMORY.md's frontmatter, so neither is loaded.
func TestIndexFrontmatterAfterBOM(t *testing.T) {
	f := parse(t, KindIndex, "\uFEFF---\nname: index\n---\n- [a](a.md) — a\n")
	if b := f.Index.Budget; b.Lines != 1 || b.Units != len("- [a](a.md) — a")-2 {
		t.Errorf("budget = %d lines, %d units; want 1 line, the entry only", b.Lines, b.Units)
	}
}
