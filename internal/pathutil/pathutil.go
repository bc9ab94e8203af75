// Package pathutil holds helpers for OS paths.
package pathutil

import (
	"path/filepath"
	"strings"
)

// Within reports whether the path p is dir or inside it.
func Within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
