// Package testcorpus finds the shared corpus of real memory dirs that tests
// and benchmarks read in place when it is there: $MEMLINT_CORPUS, or
// shared/corpus beside the repository or beside one of its parents (a
// linked worktree sits deeper than the clone). Its files are never copied
// into the project, and a test that reads them still runs without them.
package testcorpus

import (
	"os"
	"path/filepath"
)

// Dir returns the corpus dir, or "" when there is none.
func Dir() string {
	if d := os.Getenv("MEMLINT_CORPUS"); d != "" {
		return d
	}
	dir, err := filepath.Abs(".")
	if err != nil {
		return ""
	}
	for {
		c := filepath.Join(dir, "shared", "corpus")
		if st, err := os.Stat(c); err == nil && st.IsDir() {
			return c
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
