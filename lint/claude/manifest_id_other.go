//go:build !unix

package claude

import "io/fs"

// fileID is unknown here: os.Root still keeps links inside the dir, and
// the walk's depth bound ends a loop.
func fileID(fs.FileInfo) ([2]uint64, bool) { return [2]uint64{}, false }
