package report

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/memlint/memlint/internal/atomicfile"
)

// WriteFile writes a report (what write writes) to name, as --output does. What name is decides how:
//
//   - a regular file, or nothing yet: atomicfile.WriteFile, the whole
//     report renamed over name once complete; an existing file keeps its
//     permissions;
//   - one of this process's open files (/dev/stdout, /dev/stderr,
//     /dev/fd/N, /proc/self/fd/N, or a symbolic link leading to one):
//     written to that open file, where a shell's 2> already points it,
//     never reopened or replaced (replacing the file stderr was redirected
//     to would lose it, and replacing a link such as /dev/stderr would turn
//     it into a regular file);
//   - a device, pipe or socket, or a symbolic link to one: opened for
//     writing as it is (no create, no truncate, the link untouched);
//   - a symbolic link to a regular file: written through, the target
//     replaced whole and the link kept, as with a shell's >; a link to
//     nothing is refused rather than creating a file wherever it points.
func WriteFile(name string, write func(io.Writer) error) error {
	if fd, ok := openFileOf(name); ok {
		return writeOpenFile(fd, name, write)
	}
	info, err := os.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return writeAtomic(name, write)
	case err != nil:
		return pathErrText(err)
	case info.Mode()&fs.ModeSymlink != 0:
		target, err := os.Stat(name)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return errors.New("is a symbolic link to nothing; not followed")
		case err != nil:
			return pathErrText(err)
		case target.IsDir():
			return errors.New("is a directory")
		case !target.Mode().IsRegular():
			return writeDirect(name, 0, write)
		}
		resolved, err := filepath.EvalSymlinks(name)
		if err != nil {
			return pathErrText(err)
		}
		return writeAtomic(resolved, write)
	case info.IsDir():
		return errors.New("is a directory")
	case !info.Mode().IsRegular():
		return writeDirect(name, 0, write)
	}
	return writeAtomic(name, write)
}

func writeAtomic(name string, write func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	return pathErrText(atomicfile.WriteFile(name, buf.Bytes(), 0o644))
}

// maxLinkHops bounds how many symbolic links openFileOf follows, as the
// kernel does (Linux gives up at 40).
const maxLinkHops = 40

// openFileOf reports whether name is, or leads through symbolic links to,
// one of this process's open files, and which descriptor. It reads the
// links' text rather than resolving them, because resolving
// /proc/self/fd/2 yields the file stderr was redirected to, and writing
// there by name would replace it under the shell.
func openFileOf(name string) (int, bool) {
	p := filepath.Clean(name)
	for range maxLinkHops {
		if fd, ok := fdPath(p); ok {
			return fd, true
		}
		info, err := os.Lstat(p)
		if err != nil || info.Mode()&fs.ModeSymlink == 0 {
			return 0, false
		}
		to, err := os.Readlink(p)
		if err != nil {
			return 0, false
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = filepath.Clean(to)
	}
	return 0, false
}

// stdNames are the names of the standard streams, and fdDirs the folders
// that list a process's open files by number.
var (
	stdNames = map[string]int{"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}
	fdDirs   = []string{"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"}
)

// fdPath reports the descriptor a path names directly, if it names one.
func fdPath(p string) (int, bool) {
	if runtime.GOOS == "windows" {
		return 0, false
	}
	if fd, ok := stdNames[p]; ok {
		return fd, true
	}
	own := "/proc/" + strconv.Itoa(os.Getpid()) + "/fd/"
	for _, dir := range append(slices.Clip(fdDirs), own) {
		if rest, ok := strings.CutPrefix(p, dir); ok {
			fd, err := strconv.Atoi(rest)
			return fd, err == nil && fd >= 0 && strconv.Itoa(fd) == rest
		}
	}
	return 0, false
}

// writeOpenFile writes to descriptor fd, which name led to. The standard
// streams are written as they are, where they already point (never
// closed); any other descriptor is opened again by name for appending, so
// nothing already written there is overwritten.
func writeOpenFile(fd int, name string, write func(io.Writer) error) error {
	std := map[int]*os.File{0: os.Stdin, 1: os.Stdout, 2: os.Stderr}
	if f := std[fd]; f != nil {
		bw := bufio.NewWriter(f)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	return writeDirect(name, os.O_APPEND, write)
}

// writeDirect writes to a device, pipe or socket (or a link to one) as it
// is: opened write-only, never created or truncated, so neither the device
// nor a link to it is replaced by a regular file.
func writeDirect(name string, flag int, write func(io.Writer) error) error {
	f, err := os.OpenFile(name, os.O_WRONLY|flag, 0)
	if err != nil {
		return pathErrText(err)
	}
	bw := bufio.NewWriter(f)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func pathErrText(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
