package checker_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/memlint/memlint/lint/checker"
	"github.com/memlint/memlint/rules"
)

const typed = "---\nname: n\ndescription: a project memory about the build, in a sentence\ntype: project\n---\nBody.\n"

// TestModesAgree lints one tree holding a memory dir without MEMORY.md
// (notes/, a subfolder part of it) and a folder named memory/ that holds
// no memory, through a PATH, discovery, a file PATH and an fs.FS: every
// mode finds the same memory dir.
func TestModesAgree(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"notes/project_a.md":         typed,
		"notes/archive/project_b.md": typed,
		"docs/memory/guide.md":       "# Memory pages\n\nHow the allocator works.\n",
		".git/HEAD":                  "ref: refs/heads/main\n",
	}
	mapfs := fstest.MapFS{}
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		mapfs[name] = &fstest.MapFile{Data: []byte(content)}
	}
	want := []string{filepath.ToSlash(filepath.Join(root, "notes"))}
	for _, c := range []struct {
		name string
		req  checker.Request
	}{
		{"discovery", checker.Request{}},
		{"folder PATH", checker.Request{Paths: []string{"notes"}}},
		{"file PATH", checker.Request{Paths: []string{"notes/archive/project_b.md"}}},
		{"repository PATH", checker.Request{Paths: []string{"."}}},
		{"fs.FS", checker.Request{Mode: checker.FS, FS: mapfs, Root: root, Dirs: []string{"notes"}, Formats: []string{"text"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := c.req
			req.Cwd = root
			req.Getenv = func(string) string { return "" }
			req.Registry, req.Redact = rules.Registry(), rules.Redact
			res, err := checker.Check(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Close()
			if !slices.Equal(res.Report.MemoryDirs, want) {
				t.Errorf("memory dirs %q, want %q", res.Report.MemoryDirs, want)
			}
		})
	}
}

// TestSayEscapes: a note names what a user gave, and shows no control.
func TestSayEscapes(t *testing.T) {
	var b bytes.Buffer
	checker.Say(&b, nil, "no such key %q in %s", "k\x1b[31m", "dir\u202e")
	if got, want := b.String(), "memlint: no such key \"k\\x1b[31m\" in dir\\u202e\n"; got != want {
		t.Errorf("Say wrote %q, want %q", got, want)
	}
}
