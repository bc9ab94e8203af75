package memory

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// DirFS is os.DirFS(root) for discovering and reading memory, except that
// it also opens paths that are not UTF-8 (a folder named in Latin-1 on a
// system whose names are bytes). io/fs paths are UTF-8, and os.DirFS
// refuses any other with a bare "invalid argument": discovery passed over
// a memory dir below such a folder in silence, and a run that reached one
// (check --all) failed whole. Every other rule of fs.ValidPath holds: no
// "..", no empty or "." element, no leading or trailing slash. Names
// inside a memory dir must still be UTF-8 (the loader reports one that is
// not): only where the dir is may hold such bytes. On systems whose file
// names are not bytes (Windows), it is os.DirFS.
func DirFS(root string) fs.FS {
	if filepath.Separator != '/' {
		return os.DirFS(root)
	}
	return bytesDirFS{FS: os.DirFS(root), root: root}
}

// ValidBytesPath is fs.ValidPath without its rule that a path is UTF-8:
// bytes that are not UTF-8 are taken as any other name's characters (the
// path's structure, "/" and ".", is ASCII).
func ValidBytesPath(name string) bool {
	return fs.ValidPath(strings.ToValidUTF8(name, "_"))
}

// bytesDirFS is DirFS on a system whose file names are bytes: UTF-8 paths
// go to os.DirFS, the others are opened here by the same rules.
type bytesDirFS struct {
	fs.FS
	root string
}

// path is the OS path of name, a path that is not UTF-8 but otherwise
// valid for io/fs.
func (d bytesDirFS) path(op, name string) (string, error) {
	if !ValidBytesPath(name) {
		return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	return d.root + "/" + name, nil
}

func (d bytesDirFS) Open(name string) (fs.File, error) {
	if utf8.ValidString(name) {
		return d.FS.Open(name)
	}
	p, err := d.path("open", name)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, fsPathErr(err, name)
	}
	return f, nil
}

// fsPathErr names name, the path the caller gave, in an error of the OS
// (which names the OS path), as os.DirFS does.
func fsPathErr(err error, name string) error {
	if pe, ok := err.(*fs.PathError); ok {
		pe.Path = name
	}
	return err
}

func (d bytesDirFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if utf8.ValidString(name) {
		return fs.ReadDir(d.FS, name)
	}
	p, err := d.path("readdir", name)
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(p)
	return entries, fsPathErr(err, name)
}

func (d bytesDirFS) Stat(name string) (fs.FileInfo, error) {
	if utf8.ValidString(name) {
		return fs.Stat(d.FS, name)
	}
	p, err := d.path("stat", name)
	if err != nil {
		return nil, err
	}
	info, err := os.Stat(p)
	return info, fsPathErr(err, name)
}
