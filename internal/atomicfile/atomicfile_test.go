package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestWriteFile(t *testing.T) {
	for _, tc := range []struct {
		name     string
		existing fs.FileMode // 0: no file yet
		perm     fs.FileMode
		want     fs.FileMode
	}{
		{"new file gets perm", 0, 0o600, 0o600},
		{"existing file keeps its mode", 0o640, 0o644, 0o640},
		{"executable stays executable", 0o755, 0o644, 0o755},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if runtime.GOOS == "windows" {
				t.Skip("no permission bits on Windows")
			}
			dir := t.TempDir()
			p := filepath.Join(dir, "m.md")
			if tc.existing != 0 {
				if err := os.WriteFile(p, []byte("old\n"), tc.existing); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(p, tc.existing); err != nil { // past the umask
					t.Fatal(err)
				}
			}
			if err := WriteFile(p, []byte("new\n"), tc.perm); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(p)
			if err != nil || string(got) != "new\n" {
				t.Errorf("content %q, %v", got, err)
			}
			info, err := os.Stat(p)
			if err != nil || info.Mode().Perm() != tc.want {
				t.Errorf("mode %v, %v; want %v", info.Mode().Perm(), err, tc.want)
			}
			assertOnly(t, dir, "m.md")
		})
	}
}

// TestWriteFileRenameFails makes the final rename fail: the file keeps its
// old content and mode, and no temporary file is left behind.
func TestWriteFileRenameFails(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "m.md")
	if err := os.WriteFile(p, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rename = func(string, string) error {
		return &os.LinkError{Op: "rename", Old: "tmp", New: p, Err: errors.New("disk full")}
	}
	defer func() { rename = os.Rename }()
	err := WriteFile(p, []byte("new\n"), 0o600)
	if err == nil || err.Error() != "write "+p+": disk full" {
		t.Fatalf("error %v; want one naming %s and the cause, not the temporary file", err, p)
	}
	if got, _ := os.ReadFile(p); string(got) != "old\n" {
		t.Errorf("original changed to %q", got)
	}
	assertOnly(t, dir, "m.md")
}

// TestWriteFileReadOnlyDir cannot create the temporary file: the error
// names the file asked for and the original is intact.
func TestWriteFileReadOnlyDir(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		t.Skip("needs a folder this user cannot write to")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "m.md")
	if err := os.WriteFile(p, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	err := WriteFile(p, []byte("new\n"), 0o644)
	if !errors.Is(err, fs.ErrPermission) || !strings.HasPrefix(err.Error(), "write "+p+": ") || strings.Contains(err.Error(), ".memlint-") {
		t.Fatalf("error %v; want permission denied naming %s only", err, p)
	}
	if got, _ := os.ReadFile(p); string(got) != "old\n" {
		t.Errorf("original changed to %q", got)
	}
	assertOnly(t, dir, "m.md")
}

// TestWriteFileRefuses: a symbolic link is neither followed nor replaced,
// and a folder is not a file to write.
func TestWriteFileRefuses(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(outside, []byte("keep\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.md")
	if err := os.Symlink(outside, link); err != nil {
		t.Skip("cannot make symbolic links here:", err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		want error
	}{{"link.md", ErrSymlink}, {"sub", ErrNotRegular}} {
		err := WriteFile(filepath.Join(dir, tc.name), []byte("new\n"), 0o644)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
		}
	}
	if got, _ := os.ReadFile(outside); string(got) != "keep\n" {
		t.Errorf("the link's target changed to %q", got)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v, %v", info, err)
	}
	assertOnly(t, dir, "link.md", "sub")
}

// assertOnly fails unless dir holds exactly the named entries: no
// temporary file is left behind.
func assertOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, " ") != strings.Join(names, " ") {
		t.Errorf("%s holds %v, want %v", dir, got, names)
	}
}

// TestReplaceUnchanged: the write happens only while the file holds
// exactly the bytes given; a change, a growth or a link swapped in is
// refused and the file left as it is.
func TestReplaceUnchanged(t *testing.T) {
	for _, tc := range []struct {
		name, now string
		link      bool
		want      error
	}{
		{"same", "old", false, nil},
		{"edited", "olD", false, ErrChanged},
		{"grown", "old and more", false, ErrChanged},
		{"shrunk", "ol", false, ErrChanged},
		{"link", "old", true, ErrSymlink},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "x.md")
			at := path
			if tc.link {
				at = filepath.Join(t.TempDir(), "outside.md")
				if err := os.Symlink(at, path); err != nil {
					t.Skip("cannot make symbolic links here:", err)
				}
			}
			if err := os.WriteFile(at, []byte(tc.now), 0o644); err != nil {
				t.Fatal(err)
			}
			err := ReplaceUnchanged(path, []byte("old"), []byte("new"))
			if !errors.Is(err, tc.want) || (err == nil) != (tc.want == nil) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
			want := tc.now
			if tc.want == nil {
				want = "new"
			}
			if got, _ := os.ReadFile(at); string(got) != want {
				t.Errorf("%s holds %q, want %q", at, got, want)
			}
			if err != nil && !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name %s", err, path)
			}
		})
	}
}
