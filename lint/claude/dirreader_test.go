package claude

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPreviewFollowsLinksOutOnlyWhenAllowed: a MEMORY.md and a topic file
// that are symbolic links out of the dir are read as Claude Code reads
// them only with FollowLinksOut (memory in the user's config home); in a
// confined preview they are named, not read.
func TestPreviewFollowsLinksOutOnlyWhenAllowed(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "memory")
	outside := filepath.Join(base, "elsewhere")
	for _, d := range []string{dir, outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(outside, "index.md"), "- [Out](out.md) — kept in a dotfiles repo\n")
	write(filepath.Join(outside, "out.md"), "---\nname: out\ndescription: a memory kept elsewhere\ntype: user\n---\nBody.\n")
	for link, target := range map[string]string{"MEMORY.md": "index.md", "out.md": "out.md"} {
		if err := os.Symlink(filepath.Join(outside, target), filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	confined, err := PreviewDir(dir, PreviewOptions{Release: release332})
	if err != nil {
		t.Fatal(err)
	}
	if confined.Index.Loaded || !strings.Contains(confined.Index.Skipped, "out of the memory dir") {
		t.Errorf("confined: loaded %v (%q), want not loaded, named as a link out", confined.Index.Loaded, confined.Index.Skipped)
	}
	skippedOut := false
	for _, s := range confined.Manifest.Skipped {
		skippedOut = skippedOut || s.Path == "out.md"
	}
	if len(confined.Manifest.Entries) != 0 || !skippedOut {
		t.Errorf("confined manifest: %d entries, skipped %+v; want none, out.md skipped", len(confined.Manifest.Entries), confined.Manifest.Skipped)
	}
	followed, err := PreviewDir(dir, PreviewOptions{FollowLinksOut: true, Release: release332})
	if err != nil {
		t.Fatal(err)
	}
	if !followed.Index.Loaded || followed.Index.Text != "- [Out](out.md) — kept in a dotfiles repo" {
		t.Errorf("followed: loaded %v, text %q", followed.Index.Loaded, followed.Index.Text)
	}
	if len(followed.Manifest.Entries) != 1 || !strings.HasSuffix(followed.Manifest.Entries[0].Line, ": a memory kept elsewhere") {
		t.Errorf("followed manifest: %+v", followed.Manifest.Entries)
	}
}
