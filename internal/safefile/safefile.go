// Package safefile reads the files a repository or a user's home may have
// planted or damaged that are not memory files (configuration, baseline,
// Claude Code settings and state, .git files, the git index): only a
// regular file is read, so a FIFO cannot block a read nor a device feed one
// forever, and a file over the bound given is refused before it is read.
//
// The checks are made on the opened file (fstat of its descriptor), not on
// the name before opening it, so a swap between the check and the open
// cannot slip a FIFO or a device past them; on Unix the open itself does
// not wait for a FIFO's writer (O_NONBLOCK).
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

// Open opens name, following a symbolic link, when it is a regular file of
// at most max bytes, and returns it with its fstat information. The caller
// closes the file. A missing file gives an error satisfying
// errors.Is(err, fs.ErrNotExist).
func Open(name string, max int64) (*os.File, fs.FileInfo, error) {
	// A first look by name spares opening a device at all (opening some
	// has effects); the checks that count are made on the descriptor,
	// and an error is the open's ("open NAME: no such file").
	if info, err := os.Stat(name); err == nil && !info.Mode().IsRegular() {
		return nil, nil, notRegular(name)
	}
	return openChecked(name, max)
}

// openChecked opens name without waiting for a FIFO's writer and checks
// what it opened: the file swapped in after any look by name is the one
// judged.
func openChecked(name string, max int64) (*os.File, fs.FileInfo, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	switch {
	case err != nil:
		f.Close()
		return nil, nil, err
	case !info.Mode().IsRegular():
		f.Close()
		return nil, nil, notRegular(name)
	case info.Size() > max:
		f.Close()
		return nil, nil, tooLarge(name, max)
	}
	return f, info, nil
}

// ReadFile reads name, following a symbolic link, when it is a regular
// file of at most max bytes. A missing file gives an error satisfying
// errors.Is(err, fs.ErrNotExist). The size is checked before the read and
// again after it: a file growing meanwhile is refused, not read in full.
func ReadFile(name string, max int64) ([]byte, error) {
	f, info, err := Open(name, max)
	if err != nil {
		return nil, err
	}
	return readOpened(f, info, name, max)
}

// ReadFileNoFollow is ReadFile for a file that must not be a symbolic
// link, as git reads a work tree's .gitignore: a link there is refused
// (ErrNotRegular), not followed. The file opened must be the one looked at
// by name, so a link swapped in between is refused too.
func ReadFileNoFollow(name string, max int64) ([]byte, error) {
	before, err := os.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !before.Mode().IsRegular() {
		return nil, notRegular(name)
	}
	f, info, err := openChecked(name, max)
	if err != nil {
		return nil, err
	}
	if !os.SameFile(before, info) {
		f.Close()
		return nil, notRegular(name)
	}
	return readOpened(f, info, name, max)
}

// readOpened reads the file f that Open or openChecked opened, and closes
// it.
func readOpened(f *os.File, info fs.FileInfo, name string, max int64) ([]byte, error) {
	defer f.Close()
	// One allocation of the file's size (plus one byte to see growth),
	// as os.ReadFile does.
	buf := make([]byte, 0, info.Size()+1)
	src, err := readAll(io.LimitReader(f, max+1), buf)
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	if int64(len(src)) > max {
		return nil, tooLarge(name, max)
	}
	return src, nil
}

// readAll appends what r holds to buf, as io.ReadAll does from a buffer
// the caller sized.
func readAll(r io.Reader, buf []byte) ([]byte, error) {
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

func notRegular(name string) error {
	return &fs.PathError{Op: "read", Path: name, Err: ErrNotRegular}
}

func tooLarge(name string, max int64) error {
	return &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: larger than %d bytes", ErrTooLarge, max)}
}
