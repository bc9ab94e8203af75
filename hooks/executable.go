package hooks

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/memlint/memlint/internal/gitrepo"
)

// This file is what memlint hooks install records about the running
// binary and the project.

// ProjectDir is the Claude Code project a hook belongs to: the folder
// Claude Code says ($CLAUDE_PROJECT_DIR), else the repository's top level,
// else the current directory.
func ProjectDir(cwd string, getenv func(string) string) string {
	if d := getenv("CLAUDE_PROJECT_DIR"); d != "" {
		return d
	}
	if top := gitrepo.TopLevel(cwd); top != "" {
		return top
	}
	return cwd
}

// Executable is the absolute path of the running memlint.
func Executable() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("find the memlint binary: %w", err)
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	return exe, nil
}

// RecordableExecutable refuses to record the running memlint when the go
// command built it for one run (`go run`, `go test`): such a binary lives
// in a go-build* folder of $GOTMPDIR (else the temp dir) or, since Go
// 1.24, in the build cache, and goes away with it, so a hook naming it
// would stop working. It asks no go command: the binary may run where
// there is none, and go run's own environment is the one that counts.
func RecordableExecutable(getenv func(string) string) error {
	exe, err := Executable()
	if err != nil {
		return err
	}
	where, ok := goBuildBinary(exe, getenv)
	if !ok {
		return nil
	}
	return fmt.Errorf("memlint is running from %s (%s), where `go run` builds it for one run; a hook naming it would break when the go command cleans it up: "+
		"install memlint first (`go install github.com/memlint/memlint/cmd/memlint@latest`, or `go build -o ~/bin/memlint ./cmd/memlint` in a checkout), then run that memlint's `hooks install`",
		where, exe)
}

// goBuildBinary says whether exe is a binary the go command built into its
// temporary work dirs or its build cache, and names the place.
func goBuildBinary(exe string, getenv func(string) string) (string, bool) {
	var tmps []string
	if d := getenv("GOTMPDIR"); d != "" {
		tmps = append(tmps, d)
	}
	tmps = append(tmps, os.TempDir())
	for _, tmp := range tmps {
		if rel, ok := relInside(exe, tmp); ok && strings.HasPrefix(rel, "go-build") {
			return "a temporary go-build folder", true
		}
	}
	cache := getenv("GOCACHE")
	if cache == "" {
		if d, err := os.UserCacheDir(); err == nil {
			cache = filepath.Join(d, "go-build")
		}
	}
	if cache != "" && cache != "off" {
		if _, ok := relInside(exe, cache); ok {
			return "the Go build cache", true
		}
	}
	return "", false
}

// relInside returns path relative to dir, slash separated, when path is
// inside dir (both taken with their symbolic links resolved).
func relInside(path, dir string) (string, bool) {
	if resolved, err := filepath.EvalSymlinks(dir); err == nil {
		dir = resolved
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}
