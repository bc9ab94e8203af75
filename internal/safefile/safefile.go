// Package safefile reads the small files a repository or a user's home may
// have planted or damaged (Claude Code settings and state, .git files):
// only a regular file is opened, so a FIFO cannot block a read nor a
// device feed one forever, and a file over the bound given is refused.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is returned, wrapped in an *fs.PathError, for a folder,
// device, pipe or socket.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is returned, wrapped in an *fs.PathError, for a file larger
// than the bound it was read with.
var ErrTooLarge = errors.New("too large")

// ReadFile reads name, following a symbolic link, when it is a regular
// file of at most max bytes. A missing file gives an error satisfying
// errors.Is(err, fs.ErrNotExist). The size is checked before the read and
// again after it: a file growing meanwhile is refused, not read in full.
func ReadFile(name string, max int64) ([]byte, error) {
	info, err := os.Stat(name)
	switch {
	case err != nil:
		return nil, err
	case !info.Mode().IsRegular():
		return nil, &fs.PathError{Op: "read", Path: name, Err: ErrNotRegular}
	case info.Size() > max:
		return nil, tooLarge(name, max)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(src)) > max {
		return nil, tooLarge(name, max)
	}
	return src, nil
}

func tooLarge(name string, max int64) error {
	return &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: larger than %d bytes", ErrTooLarge, max)}
}
