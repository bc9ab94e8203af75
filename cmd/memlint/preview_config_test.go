package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/memlint/memlint/lint"
)

// writePreviewConfig writes a .memlint.yaml with preview: true into dir,
// for tests of preview rules' findings through commands that take no
// --preview (memlint baseline, the hooks): they follow the configuration
// file, as a project that runs the preview rules would write it.
func writePreviewConfig(t *testing.T, dir string) {
	t.Helper()
	must(t, os.WriteFile(filepath.Join(dir, lint.ConfigFileName), []byte("preview: true\n"), 0o644))
}
