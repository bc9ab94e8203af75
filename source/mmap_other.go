//go:build !unix

package source

import "os"

// readFileMapped reads the file; memory mapping is used on Unix only.
func readFileMapped(path string) ([]byte, func(), error) {
	data, err := os.ReadFile(path)
	return data, func() {}, err
}
