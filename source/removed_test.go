package source

import (
	"reflect"
	"strings"
	"testing"

	"github.com/memlint/memlint/internal/gittest"
)

// TestRemovalsSkipUnchangedFolders checks the deletion notice's comparison
// of the index with HEAD where git's cache-tree lets it skip the folders a
// change did not touch: the removals are those of the whole comparison,
// the walk reads fewer files than HEAD has, and every file it skips is in
// a folder the index holds unchanged.
func TestRemovalsSkipUnchangedFolders(t *testing.T) {
	r := gittest.New(t)
	for _, f := range []string{"keep/a.md", "keep/deep/b.md", "gone/c.md", "gone/sub/d.md", "moved/e.md", "top.md"} {
		r.Write(f, "content of "+f+"\n")
	}
	r.Git("add", ".")
	r.Git("commit", "-q", "--no-verify", "-m", "first")
	head := strings.TrimSpace(r.Git("rev-parse", "HEAD^{tree}"))
	open := func() *Staged {
		s, err := OpenStaged(r.Dir, func(string) string { return "" })
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}

	s := open()
	if got := s.unchangedFolders()[""]; got != head {
		t.Fatalf("after a commit the index's root tree is %q, want HEAD's %s", got, head)
	}
	if got, err := s.Removals(); err != nil || got != nil {
		t.Fatalf("nothing staged: Removals() = %v, %v; want none", got, err)
	}

	r.Git("rm", "-q", "gone/sub/d.md")
	r.Git("rm", "-q", "moved/e.md")
	r.Write("new/e2.md", "content of moved/e.md\n")
	r.Git("add", "new/e2.md")
	r.Write("keep2/f.md", "a new file\n")
	r.Git("add", "keep2/f.md")
	s = open()
	got, err := s.Removals()
	if err != nil {
		t.Fatal(err)
	}
	want := []Removal{{Path: "gone/sub/d.md"}, {Path: "moved/e.md", To: "new/e2.md"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Removals() = %v, want %v", got, want)
	}

	same := s.unchangedFolders()
	if keep := strings.TrimSpace(r.Git("rev-parse", "HEAD:keep")); same["keep"] != keep || same["gone"] != "" {
		t.Fatalf("cache-tree: keep = %q (HEAD %s), gone = %q (want it invalidated)", same["keep"], keep, same["gone"])
	}
	full, err := s.objects.listTree(s.headTree, "")
	if err != nil {
		t.Fatal(err)
	}
	walked, unchanged, err := s.headFiles(same)
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, e := range walked {
		listed[e.Path] = true
	}
	for _, e := range full {
		if !listed[e.Path] && unchanged.holding(e.Path) == "" {
			t.Errorf("HEAD's %s was neither read nor in a folder the index holds unchanged", e.Path)
		}
	}
	if len(walked) >= len(full) {
		t.Errorf("the walk read %d of HEAD's %d files; the unchanged folder keep should be skipped", len(walked), len(full))
	}
}
