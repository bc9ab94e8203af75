package claude

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memlint/memlint/internal/hostiletest"
	"github.com/memlint/memlint/lint/memory"
)

// countingReader counts the opens and stats a walk makes through r.
type countingReader struct {
	memory.DirReader
	calls int
}

func (c *countingReader) Open(name string) (*os.File, error) {
	c.calls++
	return c.DirReader.Open(name)
}

func (c *countingReader) Stat(name string) (fs.FileInfo, error) {
	c.calls++
	return c.DirReader.Stat(name)
}

func (c *countingReader) Lstat(name string) (fs.FileInfo, error) {
	c.calls++
	return c.DirReader.Lstat(name)
}

// plantLinksAbove makes a memory dir in a config home, with a topic file,
// links to /, to the folder above, to the top of the config home and to
// itself, and a link to a folder of notes elsewhere. It returns the dir.
func plantLinksAbove(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	dir := filepath.Join(home, "projects", "x", "memory")
	notes := t.TempDir()
	writeFile(t, filepath.Join(dir, "a.md"), fmFile("description: a memory\ntype: user\n"))
	writeFile(t, filepath.Join(home, "projects", "x", "beside.md"), fmFile("description: beside the dir\ntype: user\n"))
	writeFile(t, filepath.Join(home, "top.md"), fmFile("description: at the top\ntype: user\n"))
	writeFile(t, filepath.Join(notes, "n.md"), fmFile("description: a note kept elsewhere\ntype: reference\n"))
	for link, target := range map[string]string{"root": "/", "up": "..", "home": home, "self": ".", "notes": notes} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	return dir
}

func manifestPaths(m *Manifest) []string {
	var out []string
	for _, e := range m.Entries {
		out = append(out, e.Path)
	}
	slices.Sort(out)
	return out
}

func skipsWith(m *Manifest, reason string) []string {
	var out []string
	for _, s := range m.Skipped {
		if strings.Contains(s.Reason, reason) {
			out = append(out, s.Path)
		}
	}
	slices.Sort(out)
	return out
}

// TestPreviewFollowsNoLinkAbove: in the user's config home, where preview
// follows links out as Claude Code does, a link to /, to the folder above
// the memory dir or to the config home is not followed, and preview says
// so; a link to the dir itself adds nothing; a link to notes elsewhere is
// followed. The walk makes a few dozen opens and stats, where following
// / walked the disk (/proc included) to the 100,000-entry cap.
func TestPreviewFollowsNoLinkAbove(t *testing.T) {
	dir := plantLinksAbove(t)
	hostiletest.Within(t, 60*time.Second, func() {
		pv, err := PreviewDir(dir, PreviewOptions{FollowLinksOut: true, Release: release332})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := manifestPaths(pv.Manifest), []string{"a.md", "notes/n.md"}; !slices.Equal(got, want) {
			t.Errorf("manifest lists %d files (%q…), want %q", len(got), got[:min(len(got), 5)], want)
		}
		if got, want := skipsWith(pv.Manifest, "holds the memory dir"), []string{"home", "root", "up"}; !slices.Equal(got, want) {
			t.Errorf("links named as not followed: %q, want %q", got, want)
		}
		root, done, err := memory.OpenDirReader(dir, true)
		if err != nil {
			t.Fatal(err)
		}
		defer done()
		counted := &countingReader{DirReader: root}
		if _, err := scanManifest(counted, dir, true); err != nil {
			t.Fatal(err)
		}
		if counted.calls > 100 {
			t.Errorf("the walk made %d opens and stats, want a few dozen", counted.calls)
		}
	})
}

// TestPreviewLinkedFolderBounds: what a link leads to is walked at most
// maxLinkedDepth levels deep and maxLinkedEntries entries in all, and
// preview says where it stopped.
func TestPreviewLinkedFolderBounds(t *testing.T) {
	home := t.TempDir()
	dir := filepath.Join(home, "memory")
	writeFile(t, filepath.Join(dir, "a.md"), fmFile("description: a memory\ntype: user\n"))
	deep := filepath.Join(t.TempDir(), "deep")
	p := deep
	for level := 0; level <= maxLinkedDepth+4; level++ {
		writeFile(t, filepath.Join(p, "x.md"), fmFile("description: a deep note\ntype: reference\n"))
		p = filepath.Join(p, fmt.Sprint(level+1))
	}
	many := t.TempDir()
	for i := 0; i < maxLinkedEntries+50; i++ {
		if err := os.WriteFile(filepath.Join(many, fmt.Sprintf("%05d.txt", i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{"deep": deep, "many": many} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	pv, err := PreviewDir(dir, PreviewOptions{FollowLinksOut: true, Release: release332})
	if err != nil {
		t.Fatal(err)
	}
	deepest := ""
	for _, e := range pv.Manifest.Entries {
		if strings.HasPrefix(e.Path, "deep/") && len(e.Path) > len(deepest) {
			deepest = e.Path
		}
	}
	if levels := strings.Count(deepest, "/") - 1; levels != maxLinkedDepth {
		t.Errorf("deepest file listed through the link: %q (%d levels below it), want %d levels", deepest, levels, maxLinkedDepth)
	}
	if len(skipsWith(pv.Manifest, "nested too deep")) != 1 {
		t.Errorf("skips %+v, want the folder nested too deep named", pv.Manifest.Skipped)
	}
	if len(skipsWith(pv.Manifest, fmt.Sprintf("more than %d entries through symbolic links", maxLinkedEntries))) != 1 {
		t.Errorf("skips %+v, want the cap on linked entries named", pv.Manifest.Skipped)
	}
}
