package lint

import (
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

func TestFingerprintSurvivesInsertedLines(t *testing.T) {
	reg, err := NewRegistry(&Rule{ID: "flag-x", Severity: Warning, Run: func(p *Pass) {
		for _, f := range p.Dir.Topics {
			for i := 0; i < len(f.Src); i++ {
				if f.Src[i] == 'X' {
					p.ReportSpan(f, markdown.Span{Start: i, End: i + 1}, "an X at column "+strconv.Itoa(f.Pos(i).Col), "")
				}
			}
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	prints := func(src string) []string {
		fsys := fstest.MapFS{"m/a.md": {Data: []byte(src)}}
		res, err := (&Linter{Setup: Setup{Registry: reg}}).Lint(fsys, []string{"m"})
		if err != nil {
			t.Fatal(err)
		}
		occ := Occurrences(res.Diagnostics, func(d Diagnostic) string { return d.Path })
		var out []string
		for i, d := range res.Diagnostics {
			out = append(out, Fingerprint(d, d.Path, occ[i]))
		}
		return out
	}
	before := prints("one X\ntwo\nthree X\n")
	after := prints("new line\nanother\none   X\ntwo\nthree X\n")
	if len(before) != 2 || strings.Join(before, ",") != strings.Join(after, ",") {
		t.Errorf("fingerprints changed when lines were inserted above:\n%v\n%v", before, after)
	}
	if before[0] == before[1] {
		t.Errorf("two occurrences of the same text must get different fingerprints")
	}
}

func TestApplyFixes(t *testing.T) {
	src := map[string][]byte{"a.md": []byte("one two three\n"), "b.md": []byte("x\n")}
	fix := func(path string, start, end int, text string) *Fix {
		return &Fix{Edits: []memory.TextEdit{{Path: path, Start: start, End: end, NewText: text}}}
	}
	out, applied := ApplyFixes(src, []*Fix{
		fix("a.md", 4, 7, "2"),        // two → 2
		fix("a.md", 5, 9, "clash"),    // overlaps the first: skipped
		fix("a.md", 14, 14, "four\n"), // insertions at the end, in order
		fix("a.md", 14, 14, "five\n"),
		{Edits: []memory.TextEdit{{Path: "a.md", Start: 0, End: 3, NewText: "1"}, {Path: "b.md", Start: 0, End: 1, NewText: "y"}}},
		fix("gone.md", 0, 0, "x"), // a file not given: skipped
	})
	if got := string(out["a.md"]); got != "1 2 three\nfour\nfive\n" {
		t.Errorf("a.md = %q", got)
	}
	if got := string(out["b.md"]); got != "y\n" {
		t.Errorf("b.md = %q", got)
	}
	if len(applied) != 4 {
		t.Errorf("applied %d fixes, want 4", len(applied))
	}
	if string(src["a.md"]) != "one two three\n" {
		t.Errorf("the input must not change")
	}
}
