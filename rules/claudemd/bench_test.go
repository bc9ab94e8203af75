package claudemd

import (
	"bytes"
	"io/fs"
	"sort"
	"strings"
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/rules/internal/rulebench"
)

// BenchmarkOverlap measures claude-md-overlap's own work on the generated
// tree of the project's benchmarks, with a CLAUDE.md of about 150 lines
// that copies paragraphs of some of its memories: most memories share no
// shingle with it, and the rest go through the whole comparison.
func BenchmarkOverlap(b *testing.B) {
	rulebench.Run(b, ClaudeMdOverlap, 10, 200, func(l *lint.Linter, fsys fs.FS) {
		files := benchInstructions(b, fsys)
		l.Instructions = func(string) []claude.InstructionFile { return files }
	})
}

// benchInstructions is a CLAUDE.md of the first paragraph of every 40th
// topic file of fsys, up to 150 lines.
func benchInstructions(b *testing.B, fsys fs.FS) []claude.InstructionFile {
	var paths []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && isTopic(p) {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	sort.Strings(paths)
	var src bytes.Buffer
	src.WriteString("# Project instructions\n\n")
	for i := 0; i < len(paths) && bytes.Count(src.Bytes(), []byte("\n")) < 150; i += 40 {
		data, err := fs.ReadFile(fsys, paths[i])
		if err != nil {
			b.Fatal(err)
		}
		parts := bytes.SplitN(data, []byte("\n---\n"), 2)
		body := parts[len(parts)-1]
		if p := bytes.SplitN(bytes.TrimSpace(body), []byte("\n\n"), 2); len(p[0]) > 0 {
			src.Write(p[0])
			src.WriteString("\n\n")
		}
	}
	return []claude.InstructionFile{{Path: "/bench/CLAUDE.md", Name: "CLAUDE.md", Src: src.Bytes()}}
}

// isTopic reports whether p is a topic file.
func isTopic(p string) bool {
	return strings.HasSuffix(p, ".md") && !strings.HasSuffix(p, "MEMORY.md")
}
