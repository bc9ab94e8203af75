package memory

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/memlint/memlint/internal/fuzzseed"
	"github.com/memlint/memlint/lint/markdown"
)

// FuzzParseFile checks that no content makes parsing panic, and that the
// model every rule trusts holds: spans inside the file and in document
// order, lines that exist, an index budget that adds up.
func FuzzParseFile(f *testing.F) {
	for _, s := range fuzzseed.Files {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, kind := range []FileKind{KindTopic, KindIndex, KindLog} {
			file := &File{Path: "m/x.md", Rel: "x.md", Kind: kind}
			parseFile(file, []byte(src), nil)
			if err := checkModel(file); err != nil {
				t.Fatalf("kind %v: %v", kind, err)
			}
		}
		// The index as a release that drops link reference definitions
		// beside a comment (2.1.328) loads it.
		file := &File{Path: "m/MEMORY.md", Rel: "MEMORY.md", Kind: KindIndex}
		parseFile(file, []byte(src), func() bool { return true })
		if err := checkModel(file); err != nil {
			t.Fatalf("index, definitions dropped: %v", err)
		}
	})
}

// checkModel returns the first broken invariant of a parsed file's model.
func checkModel(f *File) error {
	n := len(f.Src)
	lines := f.Lines.Lines()
	span := func(what string, s markdown.Span) error {
		if s.Start < 0 || s.End < s.Start || s.End > n {
			return fmt.Errorf("%s span %v outside [0,%d]", what, s, n)
		}
		return nil
	}
	lineRange := func(what string, from, to int) error {
		if from < 1 || to < from || to > lines {
			return fmt.Errorf("%s lines %d-%d outside 1-%d", what, from, to, lines)
		}
		return nil
	}
	ordered := func(what string, spans []markdown.Span) error {
		for i, s := range spans {
			if err := span(what, s); err != nil {
				return err
			}
			if i > 0 && s.Start < spans[i-1].Start {
				return fmt.Errorf("%s %d starts before %d: %v, %v", what, i, i-1, s, spans[i-1])
			}
		}
		return nil
	}
	if fm := f.Frontmatter(); fm != nil {
		if err := span("frontmatter", fm.Span); err != nil {
			return err
		}
		if fm.OpenLine < 1 || (fm.CloseLine != 0 && fm.CloseLine <= fm.OpenLine) {
			return fmt.Errorf("frontmatter lines %d-%d", fm.OpenLine, fm.CloseLine)
		}
		if fm.EarlyClose >= n || fm.EarlyClose < -1 {
			return fmt.Errorf("frontmatter early close %d outside the file", fm.EarlyClose)
		}
		if fm.Err != nil && fm.Err.Pos.Line > lines+1 {
			return fmt.Errorf("YAML error on line %d of %d", fm.Err.Pos.Line, lines)
		}
	}
	if f.ParseError() != nil {
		return nil
	}
	md := f.Body()
	if md == nil {
		return fmt.Errorf("no body and no parse error")
	}
	for _, list := range []struct {
		what  string
		spans []markdown.Span
	}{
		{"block", spansOf(md.Blocks, func(b markdown.Block) markdown.Span { return b.Span })},
		{"list item", spansOf(md.Items, func(it markdown.ListItem) markdown.Span { return it.Span })},
		{"link", spansOf(md.Links, func(l markdown.Link) markdown.Span { return l.Span })},
		{"wikilink", spansOf(md.WikiLinks, func(w markdown.WikiLink) markdown.Span { return w.Span })},
		{"code block", spansOf(md.CodeBlocks, func(c markdown.CodeBlock) markdown.Span { return c.Span })},
		{"code span", md.CodeSpans},
		{"comment", spansOf(md.Comments, func(c markdown.Comment) markdown.Span { return c.Span })},
	} {
		if err := ordered(list.what, list.spans); err != nil {
			return err
		}
	}
	for _, b := range md.Blocks {
		if err := lineRange("block", b.StartLine, b.EndLine); err != nil {
			return err
		}
		if b.Start < md.Start {
			return fmt.Errorf("block %v before the body start %d", b.Span, md.Start)
		}
	}
	for _, it := range md.Items {
		if err := lineRange("list item", it.StartLine, it.EndLine); err != nil {
			return err
		}
	}
	for _, c := range md.CodeBlocks {
		if err := span("code content", c.Content); err != nil {
			return err
		}
		if !c.Span.Covers(c.Content) {
			return fmt.Errorf("code content %v outside its block %v", c.Content, c.Span)
		}
	}
	if err := ordered("prose", md.Prose); err != nil {
		return err
	}
	for i := 1; i < len(md.Prose); i++ {
		if md.Prose[i].Start < md.Prose[i-1].End {
			return fmt.Errorf("prose runs overlap: %v, %v", md.Prose[i-1], md.Prose[i])
		}
	}
	for _, s := range f.Suppressions() {
		if err := span("suppression", s.Span); err != nil {
			return err
		}
		if s.FromLine < 0 || s.ToLine < s.FromLine || s.ToLine > lines+1 {
			return fmt.Errorf("suppression covers lines %d-%d of %d", s.FromLine, s.ToLine, lines)
		}
	}
	if f.Index != nil {
		return checkIndex(f)
	}
	return nil
}

func spansOf[T any](xs []T, span func(T) markdown.Span) []markdown.Span {
	out := make([]markdown.Span, len(xs))
	for i, x := range xs {
		out[i] = span(x)
	}
	return out
}

// checkIndex checks the index model: entries inside the file and in
// order, and a budget that matches the text Claude Code would load.
func checkIndex(f *File) error {
	n, lines := len(f.Src), f.Lines.Lines()
	for i, e := range f.Index.Entries {
		if e.Start < 0 || e.End < e.Start || e.End > n {
			return fmt.Errorf("entry %d span %v outside [0,%d]", i, e.Span, n)
		}
		if e.StartLine < 1 || e.EndLine < e.StartLine || e.EndLine > lines {
			return fmt.Errorf("entry %d lines %d-%d of %d", i, e.StartLine, e.EndLine, lines)
		}
		if i > 0 && e.Start < f.Index.Entries[i-1].End {
			return fmt.Errorf("entries %d and %d overlap", i-1, i)
		}
		for _, l := range e.Links {
			if !e.Span.Covers(l.Span) {
				return fmt.Errorf("entry %d link %v outside the entry %v", i, l.Span, e.Span)
			}
		}
	}
	b := f.Index.Budget
	if len(b.LoadedLines) != b.Lines {
		return fmt.Errorf("%d loaded lines mapped, %d counted", len(b.LoadedLines), b.Lines)
	}
	for i, l := range b.LoadedLines {
		// Non-decreasing, not increasing: comment stripping turns a lone
		// CR, which does not end a line of the file, into a line break.
		if l < 1 || l > lines || (i > 0 && l < b.LoadedLines[i-1]) {
			return fmt.Errorf("loaded line %d maps to file line %d (previous %v)", i, l, b.LoadedLines[max(i-1, 0):i])
		}
	}
	if (b.LineCut >= 0) != (b.Lines > IndexMaxLines) {
		return fmt.Errorf("line cut %d with %d lines", b.LineCut, b.Lines)
	}
	if (b.SizeCut >= 0) != (b.Units > IndexMaxUnits) {
		return fmt.Errorf("size cut %d with %d units", b.SizeCut, b.Units)
	}
	for _, cut := range []int{b.LineCut, b.SizeCut, b.Hidden()} {
		if cut < -1 || cut > n {
			return fmt.Errorf("cut at %d outside [0,%d]", cut, n)
		}
	}
	// With nothing stripped and no cut, the budget counts the file itself.
	src := string(f.Src)
	if b.Hidden() < 0 && indexBodyStart(f.Src) == 0 && !strings.Contains(src, "<!--") && !strings.Contains(src, "\r") && utf8.ValidString(src) {
		ts, te := markdown.JSTrimBounds(f.Src)
		trimmed := src[ts:te]
		if want := len(utf16.Encode([]rune(trimmed))); b.Units != want {
			return fmt.Errorf("budget counts %d UTF-16 units, the trimmed file has %d", b.Units, want)
		}
		if want := strings.Count(trimmed, "\n") + 1; trimmed != "" && b.Lines != want {
			return fmt.Errorf("budget counts %d lines, the trimmed file has %d", b.Lines, want)
		}
	}
	return nil
}
