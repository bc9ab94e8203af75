//go:build unix

package source

import (
	"fmt"
	"os"
	"syscall"
)

// readFileMapped maps a file into memory read-only: for the git index of a
// large repository this saves copying (and first touching) megabytes that
// are read once. release unmaps it; the data must not be used after.
func readFileMapped(path string) (data []byte, release func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := info.Size()
	if size == 0 || size != int64(int(size)) {
		data, err := os.ReadFile(path)
		return data, func() {}, err
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		// Some file systems cannot map: read instead.
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, fmt.Errorf("read %s: %w", path, err)
		}
		return data, func() {}, nil
	}
	return data, func() { syscall.Munmap(data) }, nil
}
