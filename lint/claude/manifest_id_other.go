//go:build !unix

package claude

import "io/fs"

// fileID is unknown here: os.Root still keeps links inside the dir, the
// walk's depth bound ends a loop, and the folders that hold the memory
// dir are known by their real paths.
func fileID(fs.FileInfo) ([2]uint64, bool) { return [2]uint64{}, false }
