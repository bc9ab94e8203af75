package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	small := write("small", "12345")
	big := write("big", "123456")
	link := filepath.Join(dir, "link")
	if err := os.Symlink(small, link); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		path string
		want string
		err  error
	}{
		{"regular file within the bound", small, "12345", nil},
		{"a link to one is followed", link, "12345", nil},
		{"one byte over the bound", big, "", ErrTooLarge},
		{"a folder", dir, "", ErrNotRegular},
		{"missing", filepath.Join(dir, "none"), "", fs.ErrNotExist},
	}
	for _, c := range cases {
		got, err := ReadFile(c.path, 5)
		if c.err == nil {
			if err != nil || string(got) != c.want {
				t.Errorf("%s: got %q, %v; want %q", c.name, got, err, c.want)
			}
			continue
		}
		if !errors.Is(err, c.err) || got != nil {
			t.Errorf("%s: got %q, %v; want error %v", c.name, got, err, c.err)
		}
	}
}

// TestReadFileNoFollow: as ReadFile, but a symbolic link is refused
// rather than followed, as git refuses a .gitignore that is one.
func TestReadFileNoFollow(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, []byte("123456"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(small, link); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, path, want string
		err              error
	}{
		{"regular file within the bound", small, "12345", nil},
		{"a link to one is refused", link, "", ErrNotRegular},
		{"one byte over the bound", big, "", ErrTooLarge},
		{"a folder", dir, "", ErrNotRegular},
		{"missing", filepath.Join(dir, "none"), "", fs.ErrNotExist},
	}
	for _, c := range cases {
		got, err := ReadFileNoFollow(c.path, 5)
		if c.err == nil {
			if err != nil || string(got) != c.want {
				t.Errorf("%s: got %q, %v; want %q", c.name, got, err, c.want)
			}
			continue
		}
		if !errors.Is(err, c.err) || got != nil {
			t.Errorf("%s: got %q, %v; want error %v", c.name, got, err, c.err)
		}
	}
}
