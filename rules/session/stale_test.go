package session_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
)

// TestStaleModTime shows the file's modification time standing in for a
// missing modified field: fixtures cannot carry one, a checkout gives
// every file a new one.
func TestStaleModTime(t *testing.T) {
	for _, tc := range []struct {
		name    string
		modTime time.Time
		want    string
	}{
		{"changed before the date", time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), "the deadline 2026-04-30 has passed (214 days ago) and it has not changed since (file last changed: 2026-03-01)"},
		{"changed after the date", time.Date(2026, 5, 2, 9, 0, 0, 0, time.UTC), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			files := map[string]string{
				"MEMORY.md":         "- [Freeze](project_freeze.md) — the v3 code freeze\n",
				"project_freeze.md": "---\nname: freeze\ndescription: Code freeze for the v3 release\ntype: project\n---\nNo merges until 2026-04-30.\n",
			}
			for name, content := range files {
				p := filepath.Join(root, name)
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.Chtimes(p, tc.modTime, tc.modTime); err != nil {
					t.Fatal(err)
				}
			}
			plan := lint.Plan{Cwd: root, Paths: []string{root}, Registry: rules.Registry(),
				Only: []string{"stale-project-memory"}, Now: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)}
			res, err := lint.Run(lint.WorkingTree{}, plan, nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range res.Diagnostics {
				got = append(got, d.Message)
			}
			if tc.want == "" {
				if len(got) != 0 {
					t.Fatalf("got %q, want no finding", got)
				}
				return
			}
			if len(got) != 1 || !strings.HasPrefix(got[0], tc.want) {
				t.Fatalf("got %q, want one finding starting %q", got, tc.want)
			}
		})
	}
}

// TestStaleUnknownChange: content with neither modified nor a
// modification time (the git index, a hook's proposed write) is not
// checked, the same memory with modified is.
func TestStaleUnknownChange(t *testing.T) {
	const body = "---\nname: freeze\ndescription: Code freeze for the v3 release\ntype: project\n%s---\nNo merges until 2026-04-30.\n"
	for _, tc := range []struct {
		modified string
		want     int
	}{
		{"", 0},
		{"modified: 2026-04-01\n", 1},
	} {
		fsys := fstest.MapFS{
			"MEMORY.md":         {Data: []byte("- [Freeze](project_freeze.md) — the v3 code freeze\n")},
			"project_freeze.md": {Data: []byte(fmt.Sprintf(body, tc.modified))},
		}
		plan := lint.Plan{Cwd: "/mem", Paths: []string{"/mem"}, Registry: rules.Registry(),
			Only: []string{"stale-project-memory"}, Now: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)}
		res, err := lint.Run(lint.FSSource{Root: "/mem", FS: fsys, Dirs: []string{"."}}, plan, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Diagnostics) != tc.want {
			t.Errorf("modified %q: %d findings %v, want %d", tc.modified, len(res.Diagnostics), res.Diagnostics, tc.want)
		}
	}
}
