//go:build !unix

package source

import "github.com/memlint/memlint/internal/safefile"

// readFileMapped reads a regular file of at most max bytes; memory mapping
// is used on Unix only.
func readFileMapped(path string, max int64) ([]byte, func(), error) {
	data, err := safefile.ReadFile(path, max)
	return data, func() {}, err
}
