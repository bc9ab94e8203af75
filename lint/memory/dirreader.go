package memory

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// dirReader reads files inside one memory dir by slash paths relative to
// it. An *os.Root confines every path, symbolic links included, to the
// dir; outwardDir lets links lead out of it.
type DirReader interface {
	Open(name string) (*os.File, error)
	Stat(name string) (fs.FileInfo, error)
	Lstat(name string) (fs.FileInfo, error)
}

// outwardDir reads a memory dir whose symbolic links may point anywhere,
// as Claude Code follows them. It is used only for memory the user keeps
// in their own Claude Code config home, which no repository can plant
// (PreviewOptions.FollowLinksOut); names themselves never climb out.
type outwardDir string

var errNameOutside = errors.New("path leaves the memory dir")

func (d outwardDir) path(name string) (string, error) {
	if name == "" {
		name = "."
	}
	if !fs.ValidPath(name) {
		return "", &fs.PathError{Op: "open", Path: name, Err: errNameOutside}
	}
	return filepath.Join(string(d), filepath.FromSlash(name)), nil
}

func (d outwardDir) Open(name string) (*os.File, error) {
	p, err := d.path(name)
	if err != nil {
		return nil, err
	}
	return os.Open(p)
}

func (d outwardDir) Stat(name string) (fs.FileInfo, error) {
	p, err := d.path(name)
	if err != nil {
		return nil, err
	}
	return os.Stat(p)
}

func (d outwardDir) Lstat(name string) (fs.FileInfo, error) {
	p, err := d.path(name)
	if err != nil {
		return nil, err
	}
	return os.Lstat(p)
}

// openDirReader opens dir for reading: confined to it, unless links may
// lead out. close releases it.
func OpenDirReader(dir string, followOut bool) (r DirReader, close func(), err error) {
	if followOut {
		info, err := os.Stat(dir)
		if err != nil {
			return nil, nil, err
		}
		if !info.IsDir() {
			return nil, nil, &fs.PathError{Op: "open", Path: dir, Err: errors.New("not a directory")}
		}
		return outwardDir(dir), func() {}, nil
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, err
	}
	return root, func() { root.Close() }, nil
}
