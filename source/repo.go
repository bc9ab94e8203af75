package source

import (
	"github.com/memlint/memlint/internal/gitrepo"
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
