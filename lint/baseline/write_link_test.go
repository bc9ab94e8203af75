package baseline_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/internal/gittest"
	"github.com/memlint/memlint/lint/baseline"
)

// TestWriteFileThroughLink: a baseline that is a symbolic link is written
// through when its target is inside the repository, the link staying a
// link, and refused, its target byte-identical, when it points outside.
func TestWriteFileThroughLink(t *testing.T) {
	const old = "not a baseline, someone's own file\n"
	for _, tc := range []struct {
		name    string
		outside bool
		err     string
	}{
		{"inside", false, ""},
		{"outside", true, "is a symbolic link to a file outside the repository; not followed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := gittest.New(t)
			target := filepath.Join(repo.Dir, "ci", "baseline.json")
			if tc.outside {
				target = filepath.Join(t.TempDir(), "victim")
			}
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(target, []byte(old), 0o600); err != nil {
				t.Fatal(err)
			}
			link := filepath.Join(repo.Dir, baseline.FileName)
			if err := os.Symlink(target, link); err != nil {
				t.Skip("cannot make symbolic links here:", err)
			}
			err := baseline.New(nil).WriteFile(link)
			got, _ := os.ReadFile(target)
			switch {
			case tc.err == "" && err != nil:
				t.Fatal(err)
			case tc.err == "":
				if !strings.Contains(string(got), `"version": 1`) {
					t.Errorf("target holds %q", got)
				}
			case err == nil || !strings.Contains(err.Error(), tc.err) || !strings.Contains(err.Error(), link):
				t.Errorf("error %v, want %q naming %s", err, tc.err, link)
			case string(got) != old:
				t.Errorf("the outside file was changed: %q", got)
			}
			if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
				t.Errorf("the link was replaced: %v, %v", info, err)
			}
		})
	}
}
