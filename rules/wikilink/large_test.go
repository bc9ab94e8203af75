package wikilink_test

import (
	"fmt"
	"testing"
	"testing/fstest"
	"time"

	"github.com/memlint/memlint/internal/hostiletest"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
)

// TestDanglingInALargeDir: a dir of 70,000 memories, each with a
// [[wikilink]] that nearly names another, is linted in time linear in the
// dir (issue 27: the did-you-mean of each dangling link weighed every
// name, and a dir of 100,000 files cost 21 times the CPU of 10,000); the
// did-you-means made are those of an unbounded search. Bounded by
// outcome: a deadline far above what the run takes.
func TestDanglingInALargeDir(t *testing.T) {
	if testing.Short() {
		t.Skip("lints 70,000 files")
	}
	const n = 70_000
	fsys := fstest.MapFS{"mem/MEMORY.md": {Data: []byte("- [Note](note-00000.md) — a note\n")}}
	for i := range n {
		fsys[fmt.Sprintf("mem/note-%05d.md", i)] = &fstest.MapFile{Data: []byte(fmt.Sprintf(
			"---\nname: note-%05d\ndescription: a note about part %d of the build\ntype: project\n---\nSee [[nte-%05d]].\n", i, i, (i+1)%n))}
	}
	l := &lint.Linter{Setup: lint.Setup{Registry: rules.Registry(), Only: []string{"wikilink-dangling"}, Now: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)}}
	res := hostiletest.Finish(t, 60*time.Second, fmt.Sprintf("wikilink-dangling over %d memories", n),
		func() (*lint.Result, error) { return l.Lint(fsys, []string{"mem"}) })
	if len(res.Diagnostics) != n {
		t.Fatalf("%d findings, want one for each of the %d links", len(res.Diagnostics), n)
	}
	if d := res.Diagnostics[0]; d.Path != "mem/note-00000.md" || d.Message != "[[nte-00001]] matches no memory's name or file name in this dir (did you mean [[note-00001]]?)" {
		t.Errorf("first finding: %s: %s", d.Path, d.Message)
	}
}
