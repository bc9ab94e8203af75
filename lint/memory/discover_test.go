package memory

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestFindDirsProbe: a folder without MEMORY.md is a memory dir by the
// frontmatter of its own regular Markdown files, read within the probe's
// bounds — never through a symbolic link, never from a FIFO, never past
// maxProbedFiles files — so a repository cannot make discovery follow a
// link out of the tree or hang on a planted pipe.
func TestFindDirsProbe(t *testing.T) {
	typed := "---\nname: a\ndescription: a memory\ntype: project\n---\n\nA.\n"
	untyped := "---\ntitle: a page\n---\n\nA page.\n"
	root := t.TempDir()
	outside := t.TempDir()
	write := func(rel, content string) {
		t.Helper()
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("notes/project_a.md", typed)     // typed topic, any folder name: found
	write("docs/memory/guide.md", untyped) // named memory/, no typed topic: not
	write("late/a.md", untyped)            // the typed file is the fourth probed: not read
	write("late/b.md", untyped)
	write("late/c.md", untyped)
	write("late/d.md", typed)
	write("readme/README.md", typed) // a README documents a folder: not probed
	if err := os.WriteFile(filepath.Join(outside, "project_x.md"), []byte(typed), 0o644); err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	// A linked topic file and a linked folder, both holding typed memory
	// outside the tree.
	must(os.MkdirAll(filepath.Join(root, "linkfile"), 0o755))
	if err := os.Symlink(filepath.Join(outside, "project_x.md"), filepath.Join(root, "linkfile", "project_x.md")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	must(os.Symlink(outside, filepath.Join(root, "linkdir")))
	must(os.MkdirAll(filepath.Join(root, "fifo"), 0o755))
	mkfifo(t, filepath.Join(root, "fifo", "project_p.md"))

	got, err := FindDirs(os.DirFS(root), ".", nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"notes"}; !reflect.DeepEqual(got, want) {
		t.Errorf("FindDirs = %q, want %q", got, want)
	}
	for _, d := range got {
		if strings.HasPrefix(d, "link") || d == "fifo" {
			t.Errorf("found %s through a link or a FIFO", d)
		}
	}
}
