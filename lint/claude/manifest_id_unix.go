//go:build unix

package claude

import (
	"io/fs"
	"syscall"
)

// fileID returns a folder's device and inode, so that the recall walk
// enters each folder once however many links lead to it, and knows the
// folders that hold the memory dir.
func fileID(info fs.FileInfo) ([2]uint64, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return [2]uint64{}, false
	}
	return [2]uint64{uint64(st.Dev), uint64(st.Ino)}, true //nolint:unconvert // the field types differ by platform
}
