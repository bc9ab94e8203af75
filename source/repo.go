package source

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/memlint/memlint/internal/gitrepo"
	"github.com/memlint/memlint/internal/safefile"
)

// repoLayout is where a repository's parts are, as git itself would find
// them from the current directory and the GIT_* variables a hook gets.
type repoLayout struct {
	workTree  string // the worktree's root folder
	gitDir    string // this worktree's git dir (HEAD, index)
	commonDir string // objects, refs and config (shared by linked worktrees)
	indexFile string // $GIT_INDEX_FILE, or <gitDir>/index
}

// errNotARepository is returned outside a git repository.
var errNotARepository = gitrepo.ErrNotRepository

// locateRepo finds the repository for cwd (gitrepo.Locate). Inside a hook
// git sets GIT_INDEX_FILE (a temporary index for `git commit -a` and
// `git commit <paths>`) and, in linked worktrees and submodules, GIT_DIR;
// both are honoured, relative to cwd as git passes them.
func locateRepo(cwd string, getenv func(string) string) (repoLayout, error) {
	r, err := gitrepo.Locate(cwd, getenv)
	if err != nil {
		return repoLayout{}, err
	}
	return repoLayout{workTree: r.WorkTree, gitDir: r.GitDir, commonDir: r.CommonDir, indexFile: r.IndexFile}, nil
}

// Bounds of the files of a git dir that go-git (or git) reads whole or
// line by line. A planted repository controls them: a FIFO would block the
// open forever, a link to a device would feed the reader forever.
const (
	maxHeadSize       = 1 << 20  // a ref name or an object name
	maxGitConfigSize  = 16 << 20 // a few lines; generous for many remotes
	maxAlternatesSize = 1 << 20  // one object folder per line
	maxPackedRefsSize = 1 << 40  // streamed by go-git: only its type matters
	maxLooseRefSize   = 1 << 20  // an object name or "ref: …"
)

// checkGitFiles refuses a repository whose HEAD, config, packed-refs or
// alternates file is anything but a regular file (or absent), before go-git
// or git is let near them: an error naming the file, not a hang.
func checkGitFiles(l repoLayout) error {
	files := []struct {
		name string
		max  int64
	}{
		{filepath.Join(l.gitDir, "HEAD"), maxHeadSize},
		{filepath.Join(l.commonDir, "config"), maxGitConfigSize},
		{filepath.Join(l.commonDir, "packed-refs"), maxPackedRefsSize},
		{filepath.Join(l.commonDir, "objects", "info", "alternates"), maxAlternatesSize},
		{filepath.Join(l.gitDir, "config.worktree"), maxGitConfigSize},
	}
	for _, f := range files {
		if err := checkGitFile(f.name, f.max); err != nil {
			return err
		}
	}
	return nil
}

// checkGitFile opens name through safefile and closes it: a missing file
// is fine (git has defaults for each), anything else is an error.
func checkGitFile(name string, max int64) error {
	f, _, err := safefile.Open(name, max)
	if err == nil {
		return f.Close()
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return fmt.Errorf("read the git repository: %w", err)
}
