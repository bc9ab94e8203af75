// Package atomicfile replaces a file's content whole: every file memlint
// writes (fixed memory files, baselines, reports, Claude Code's settings,
// the git hook) goes through WriteFile, so a reader — or a crash — sees the
// old content or the new, never half of either.
package atomicfile

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

// ErrSymlink is the error WriteFile returns, inside an *fs.PathError, when
// path is a symbolic link.
var ErrSymlink = errors.New("is a symbolic link; not followed")

// ErrNotRegular is the error WriteFile returns, inside an *fs.PathError,
// when path is a directory, a device, a pipe or a socket.
var ErrNotRegular = errors.New("is not a regular file")

// rename is os.Rename; tests replace it to make the last step fail.
var rename = os.Rename

// WriteFile writes data to path: it writes a temporary file in path's
// folder, syncs it to disk, renames it over path and syncs the folder, so
// the new content is in place whole, and durably, or not at all. A file
// that exists keeps its permission bits; perm is the mode of a new file.
// On any failure the temporary file is removed and path is left as it was.
//
// A symbolic link at path is refused (ErrSymlink), never followed and
// never replaced: following it would write wherever the link points,
// which for a linter handed a memory dir may be outside everything it was
// pointed at, and replacing it would silently turn someone's link into a
// copy. A caller that means to write through a link the user named (a
// settings file kept in a dotfiles repository) resolves it first with
// filepath.EvalSymlinks. Anything else that is not a regular file is
// refused too (ErrNotRegular).
//
// Errors are *fs.PathError values naming path, never the temporary file.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	info, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return pathError(path, err)
	case info.Mode()&fs.ModeSymlink != 0:
		return &fs.PathError{Op: "write", Path: path, Err: ErrSymlink}
	case !info.Mode().IsRegular():
		return &fs.PathError{Op: "write", Path: path, Err: ErrNotRegular}
	default:
		perm = info.Mode().Perm()
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".memlint-*")
	if err != nil {
		return pathError(path, err)
	}
	placed := false
	defer func() {
		if !placed {
			tmp.Close() // a second Close fails harmlessly
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		return pathError(path, err)
	}
	// Windows has no permission bits beyond read-only: a failure to set
	// them there is not worth failing the write.
	if err := tmp.Chmod(perm); err != nil && runtime.GOOS != "windows" {
		return pathError(path, err)
	}
	if err := tmp.Sync(); err != nil {
		return pathError(path, err)
	}
	if err := tmp.Close(); err != nil {
		return pathError(path, err)
	}
	if err := rename(tmp.Name(), path); err != nil {
		return pathError(path, err)
	}
	placed = true
	syncDir(dir)
	return nil
}

// syncDir makes a rename in dir durable. It is best effort: the new
// content is already in place, and some systems (Windows, some network
// and FUSE file systems) cannot sync a folder at all.
func syncDir(dir string) {
	if runtime.GOOS == "windows" {
		return
	}
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	d.Sync()
	d.Close()
}

// pathError reports err as a failure to write path: the underlying cause
// without the name of the temporary file it may carry.
func pathError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		err = le.Err
	}
	return &fs.PathError{Op: "write", Path: path, Err: err}
}

// ErrChanged is the error ReplaceUnchanged returns, inside an
// *fs.PathError, when the file no longer holds what the caller read.
var ErrChanged = errors.New("changed since it was read; not written")

// ErrTooLarge is the error ReadNoFollow returns, inside an *fs.PathError,
// for a file larger than the bound it was given.
var ErrTooLarge = errors.New("is larger than memlint reads")

// ReadNoFollow reads the regular file at path, of at most max bytes,
// without following a symbolic link there (ErrSymlink) and refusing
// anything else that is not a regular file (ErrNotRegular). The file
// opened is checked to be the one looked at, so a link swapped in between
// is caught too.
func ReadNoFollow(path string, max int64) ([]byte, error) {
	info, err := os.Lstat(path)
	switch {
	case err != nil:
		return nil, err
	case info.Mode()&fs.ModeSymlink != 0:
		return nil, &fs.PathError{Op: "read", Path: path, Err: ErrSymlink}
	case !info.Mode().IsRegular():
		return nil, &fs.PathError{Op: "read", Path: path, Err: ErrNotRegular}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	opened, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !os.SameFile(info, opened) {
		return nil, &fs.PathError{Op: "read", Path: path, Err: ErrSymlink}
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, &fs.PathError{Op: "read", Path: path, Err: ErrTooLarge}
	}
	return data, nil
}

// ReplaceUnchanged writes data to path as WriteFile does, but only while
// path still is the regular file holding exactly old: right before the
// write it is read again without following a link, and a file changed,
// or swapped for a link, since the caller read it is refused (ErrChanged,
// ErrSymlink) and left as it is. Edits computed from old would otherwise
// land inside someone else's new text, or copy a linked file's content in.
func ReplaceUnchanged(path string, old, data []byte) error {
	now, err := ReadNoFollow(path, int64(len(old)))
	switch {
	case errors.Is(err, ErrTooLarge):
		return &fs.PathError{Op: "write", Path: path, Err: ErrChanged}
	case err != nil:
		return pathError(path, err)
	case !bytes.Equal(now, old):
		return &fs.PathError{Op: "write", Path: path, Err: ErrChanged}
	}
	return WriteFile(path, data, 0o644)
}
