//go:build unix

package source

import (
	"fmt"
	"io"
	"syscall"

	"github.com/memlint/memlint/internal/safefile"
)

// readFileMapped maps a regular file of at most max bytes into memory
// read-only: for the git index of a large repository this saves copying
// (and first touching) megabytes that are read once. release unmaps it;
// the data must not be used after. A FIFO or a device ($GIT_INDEX_FILE
// can name anything) is refused from the opened file's fstat, without
// waiting for a writer or reading it.
func readFileMapped(path string, max int64) (data []byte, release func(), err error) {
	f, info, err := safefile.Open(path, max)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	size := info.Size()
	if size == 0 || size != int64(int(size)) {
		data, err := io.ReadAll(io.LimitReader(f, max))
		return data, func() {}, err
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		// Some file systems cannot map: read instead.
		data, err := safefile.ReadFile(path, max)
		if err != nil {
			return nil, nil, fmt.Errorf("read %s: %w", path, err)
		}
		return data, func() {}, nil
	}
	return data, func() { syscall.Munmap(data) }, nil
}
