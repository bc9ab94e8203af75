package lint

import (
	"fmt"
	"strings"
	"testing"
)

// TestFileListNested checks Nested against a walk of every path: the
// chains by name hash must find each path ending in "/" + p, and nothing
// else, whatever shares a chain.
func TestFileListNested(t *testing.T) {
	paths := []string{
		".devcontainer/scripts/run.sh",
		"a/b/index.ts",
		"a/index.ts",
		"c/index.ts.bak",
		"docs/guide.md",
		"run.sh",
		"scripts/deploy.sh",
	}
	// Enough paths that many names share a slot with others.
	for i := range 300 {
		paths = append(paths, fmt.Sprintf("gen/d%03d/f%03d.go", i%17, i))
	}
	walk := func(p string) bool {
		for _, q := range paths {
			if strings.HasSuffix(q, "/"+p) {
				return true
			}
		}
		return false
	}
	l := &FileList{Paths: paths}
	queries := []string{
		"scripts/run.sh", "run.sh", "index.ts", "b/index.ts", "x/index.ts", "index.ts.bak",
		"guide.md", "docs/guide.md", "deploy.sh", "scripts/deploy.sh", "nothing.md", "s/run.sh",
		"d003/f020.go", "d004/f020.go", "f299.go", "f300.go", "gen/d000/f000.go", "dir/", "",
	}
	for _, q := range queries {
		if got, want := l.Nested(q), walk(q); got != want {
			t.Errorf("Nested(%q) = %v, want %v", q, got, want)
		}
	}
	if (&FileList{}).Nested("run.sh") {
		t.Error("an empty list has a nested run.sh")
	}
}
