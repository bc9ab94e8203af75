package duplicate_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/memlint/memlint/internal/hostiletest"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/linttest"
	"github.com/memlint/memlint/rules"
)

// TestManyPairsInALargeDir: a dir of 32,000 memories in 16,000 pairs of
// copies, all repeating a template's paragraph, is compared in time linear
// in the dir (issue 27: counting which memories hold each phrase of a
// pair went through every pair holding the phrase, for each memory: the
// template's phrases, held by every pair, made it the number of memories
// times the number of pairs). Each copy is reported. Bounded by outcome:
// a deadline far above what the run takes.
func TestManyPairsInALargeDir(t *testing.T) {
	if testing.Short() {
		t.Skip("lints 32,000 files")
	}
	const pairs = 16_000
	// The template's paragraph, 100 words, and what each pair says of
	// its own, 150: two memories of different pairs share a quarter of
	// their phrases, the two of a pair all.
	words := func(n int, f string, args ...any) string {
		var w []string
		for i := range n {
			w = append(w, fmt.Sprintf(f, append(args, i)...))
		}
		return strings.Join(w, " ") + "."
	}
	template := words(100, "step%d")
	fsys := fstest.MapFS{"mem/MEMORY.md": {Data: []byte("- [Note](note-00000-a.md) — a note\n")}}
	for i := range pairs {
		own := words(150, "part%dword%d", i)
		for _, copy := range []string{"a", "b"} {
			fsys[fmt.Sprintf("mem/note-%05d-%s.md", i, copy)] = &fstest.MapFile{Data: []byte(fmt.Sprintf(
				"---\nname: note-%05d-%s\ndescription: where part %d of the build runs and who owns it\ntype: project\n---\n%s\n\n%s\n", i, copy, i, own, template))}
		}
	}
	l := &lint.Linter{Setup: lint.Setup{Registry: rules.Registry(), Only: []string{"memory-duplicate"}, Now: linttest.Now}}
	res := hostiletest.Finish(t, 60*time.Second, fmt.Sprintf("memory-duplicate over %d memories", 2*pairs),
		func() (*lint.Result, error) { return l.Lint(fsys, []string{"mem"}) })
	if len(res.Diagnostics) != pairs {
		t.Errorf("%d findings, want one for each of the %d copies", len(res.Diagnostics), pairs)
	}
}
