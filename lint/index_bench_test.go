package lint_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// bigIndex returns a memory dir whose MEMORY.md lists n entries, each a
// link to a topic file that does not exist (or, with dup, to one of ten
// such files, so that most entries are duplicates), next to a few topic
// files that do exist.
func bigIndex(n int, dup bool) fstest.MapFS {
	var sb strings.Builder
	sb.WriteString("# Memory\n\n")
	for i := range n {
		target := i
		if dup {
			target = i % 10
		}
		fmt.Fprintf(&sb, "- [Note %d](note_%d.md) — what happened on step %d\n", i, target, i)
	}
	fsys := fstest.MapFS{"memory/MEMORY.md": {Data: []byte(sb.String())}}
	for i := range 3 {
		fsys[fmt.Sprintf("memory/topic_%d.md", i)] = &fstest.MapFile{Data: []byte(fmt.Sprintf(
			"---\nname: topic %d\ndescription: a topic\ntype: project\n---\n\nBody %d.\n", i, i))}
	}
	return fsys
}

// BenchmarkIndexEntries lints an index of 10,000 and of 100,000 dangling
// entries (and of as many duplicate ones) with every built-in rule: ns/op
// grows tenfold when the index rules are linear in the number of entries
// (index-dangling-link and index-duplicate-entry were quadratic: a
// 40,000-entry index took 2 s).
func BenchmarkIndexEntries(b *testing.B) {
	for _, dup := range []bool{false, true} {
		for _, n := range []int{10_000, 100_000} {
			fsys := bigIndex(n, dup)
			name := fmt.Sprintf("dangling=%d", n)
			if dup {
				name = fmt.Sprintf("duplicate=%d", n)
			}
			b.Run(name, func(b *testing.B) { benchLint(b, fsys, totalBytes(fsys)) })
		}
	}
}
