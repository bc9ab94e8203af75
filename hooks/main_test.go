package hooks_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMain removes what the package's tests share once they are done: the
// pre-commit lab and the memlint binary.
func TestMain(m *testing.M) {
	code := m.Run()
	if labDir != "" {
		os.RemoveAll(labDir)
	}
	if memlintPath != "" {
		os.RemoveAll(filepath.Dir(memlintPath))
	}
	os.Exit(code)
}
