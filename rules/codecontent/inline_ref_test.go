package codecontent

import (
	"reflect"
	"testing"

	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules/internal/rulebench"
)

// sameInline fails t when inline and its reference leave different
// findings on text, and returns how many they found.
func sameInline(t *testing.T, text []byte) int {
	t.Helper()
	f := &memory.File{Src: text, Lines: markdown.NewLineIndex(text), Kind: memory.KindTopic}
	md := f.Body()
	if md == nil {
		return 0
	}
	got, want := &codeScan{f: f, src: text, md: md}, &codeScan{f: f, src: text, md: md}
	for _, b := range md.Blocks {
		if b.Kind == markdown.BlockParagraph || b.Kind == markdown.BlockHeading {
			got.inline(b.Span)
			want.refInline(b.Span)
		}
	}
	got.flushHash()
	want.flushHash()
	if !reflect.DeepEqual(got.found, want.found) || !reflect.DeepEqual(got.claimed, want.claimed) {
		t.Fatalf("inline on %q found\n%v\nthe reference\n%v", text, got.found, want.found)
	}
	return len(got.found)
}

func TestInlineReference(t *testing.T) {
	total := 0
	for _, text := range rulebench.Texts(t) {
		total += sameInline(t, text)
	}
	t.Logf("%d findings", total)
	if total < 50 {
		t.Errorf("%d findings in all the texts: too few to compare inline with its reference", total)
	}
}

func FuzzInlineReference(f *testing.F) {
	for _, s := range []string{
		"fixed in a1b2c3d, b2c3d4e and c3d4e5f", "see auth.ts:42 and `x.go` :46", "line 42 of main.go",
		"https://github.com/a/b/commit/1a2b3c4d5e", "main.go#L10-L20", "deadbeef 1234567 abc_1234567",
		"a1b2c3d..e4f5a6b", "第42行", "commit 0123456789abcdef0123456789abcdef01234567",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) { sameInline(t, text) })
}

// BenchmarkInline compares inline with its reference on the texts of
// TestInlineReference, parsed beforehand.
func BenchmarkInline(b *testing.B) {
	type parsed struct {
		f  *memory.File
		md *markdown.Markdown
	}
	var files []parsed
	for _, text := range rulebench.Texts(b) {
		f := &memory.File{Src: text, Lines: markdown.NewLineIndex(text), Kind: memory.KindTopic}
		if md := f.Body(); md != nil {
			files = append(files, parsed{f, md})
		}
	}
	for _, c := range []struct {
		name string
		run  func(*codeScan, markdown.Span)
	}{{"reference", (*codeScan).refInline}, {"digits", (*codeScan).inline}} {
		b.Run(c.name, func(b *testing.B) {
			rulebench.Measure(b, func() int {
				for _, p := range files {
					s := &codeScan{f: p.f, src: p.f.Src, md: p.md}
					for _, blk := range p.md.Blocks {
						if blk.Kind == markdown.BlockParagraph || blk.Kind == markdown.BlockHeading {
							c.run(s, blk.Span)
						}
					}
				}
				return len(files)
			})
		})
	}
}
