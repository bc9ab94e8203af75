package stalereference

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules/internal/rulebench"
)

// benchMemory is a memory dir of n topic files naming paths of a
// repository of 100,000 files: in each file two present paths, a missing
// claim, a missing path in a past event, one the memory says was removed,
// and prose without paths.
// With complete, the repository tracks every path the memory names.
func benchMemory(n int, complete bool) (fstest.MapFS, *lint.FileList) {
	fsys := fstest.MapFS{}
	var index strings.Builder
	index.WriteString("# Memory\n\n")
	for i := range n {
		name := fmt.Sprintf("project_note_%03d.md", i)
		fmt.Fprintf(&index, "- [Note %d](%s) — where part %d of the service lives\n", i, name, i)
		body := fmt.Sprintf(`---
name: note-%[1]d
description: Where part %[1]d of the service lives and how to extend it
type: project
---
The handler of part %[1]d lives in `+"`src/pkg%[1]d/handler.go`"+` and its settings in
config/app%[1]d.yaml. Session tokens are checked in `+"`src/auth/validate%[1]d.ts`"+`;
extend it there.

- Fixed the race in `+"`src/queue/worker%[1]d.go`"+` by taking the lock first.
- The old `+"`src/legacy/part%[1]d.go`"+` was removed in the rewrite.

Requests are retried three times with a growing pause between tries, and a
request that fails every time is written to the dead-letter table for a
person to look at. The pause starts at one second and doubles each time.

**Why:** part %[1]d broke twice under load.
**How to apply:** keep the retries and the pause as they are.
`, i)
		fsys["memory/"+name] = &fstest.MapFile{Data: []byte(body)}
	}
	fsys["memory/MEMORY.md"] = &fstest.MapFile{Data: []byte(index.String())}
	repo := &lint.FileList{RootDir: "/bench"}
	for i := range 100_000 {
		repo.Paths = append(repo.Paths, fmt.Sprintf("src/pkg%d/handler.go", i), fmt.Sprintf("config/app%d.yaml", i))
	}
	if complete {
		for i := range n {
			repo.Paths = append(repo.Paths, fmt.Sprintf("src/auth/validate%d.ts", i), fmt.Sprintf("src/queue/worker%d.go", i), fmt.Sprintf("src/legacy/part%d.go", i))
		}
	}
	sort.Strings(repo.Paths)
	return fsys, repo
}

// BenchmarkStaleReference measures the rule over 200 topic files against
// a repository of 200,000 tracked paths, the files parsed once before:
// "missing" with three of the five paths each file names missing, "present"
// with none.
func BenchmarkStaleReference(b *testing.B) {
	for _, complete := range []bool{false, true} {
		b.Run(map[bool]string{false: "missing", true: "present"}[complete], func(b *testing.B) {
			benchStaleReference(b, complete)
		})
	}
}

func benchStaleReference(b *testing.B, complete bool) {
	fsys, repo := benchMemory(200, complete)
	reg, err := lint.NewRegistry(StaleReference)
	if err != nil {
		b.Fatal(err)
	}
	dirs, err := memory.FindDirs(fsys, ".", nil)
	if err != nil {
		b.Fatal(err)
	}
	l := &lint.Linter{Setup: lint.Setup{Registry: reg, Reuse: memory.NewReuse(), Repos: func(string) lint.Repository { return repo }}, Config: (*lint.Config)(nil).WithPreview()}
	if _, err := l.Lint(fsys, dirs); err != nil { // parse once
		b.Fatal(err)
	}
	rulebench.Measure(b, func() int {
		res, err := l.Lint(fsys, dirs)
		if err != nil {
			b.Fatal(err)
		}
		return res.Files
	})
}
