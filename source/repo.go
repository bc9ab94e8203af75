package source

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
var errNotARepository = errors.New("not inside a git repository")

// locateRepo finds the repository for cwd. Inside a hook git sets
// GIT_INDEX_FILE (a temporary index for `git commit -a` and
// `git commit <paths>`) and, in linked worktrees and submodules, GIT_DIR;
// both are honoured, relative to cwd as git passes them.
func locateRepo(cwd string, getenv func(string) string) (repoLayout, error) {
	var l repoLayout
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return filepath.Clean(p)
		}
		return filepath.Join(cwd, p)
	}
	if d := getenv("GIT_DIR"); d != "" {
		l.gitDir = abs(d)
		l.workTree = cwd
		if wt := getenv("GIT_WORK_TREE"); wt != "" {
			l.workTree = abs(wt)
		} else if top := findDotGit(cwd); top != "" {
			l.workTree = top
		}
	} else {
		top := findDotGit(cwd)
		if top == "" {
			return l, errNotARepository
		}
		l.workTree = top
		gd, err := resolveDotGit(filepath.Join(top, ".git"))
		if err != nil {
			return l, err
		}
		l.gitDir = gd
	}
	l.commonDir = l.gitDir
	if c := getenv("GIT_COMMON_DIR"); c != "" {
		l.commonDir = abs(c)
	} else if b, err := os.ReadFile(filepath.Join(l.gitDir, "commondir")); err == nil {
		c := strings.TrimSpace(string(b))
		if !filepath.IsAbs(c) {
			c = filepath.Join(l.gitDir, c)
		}
		l.commonDir = filepath.Clean(c)
	}
	l.indexFile = filepath.Join(l.gitDir, "index")
	if f := getenv("GIT_INDEX_FILE"); f != "" {
		l.indexFile = abs(f)
	}
	return l, nil
}

// findDotGit returns the nearest folder at or above dir that holds .git.
func findDotGit(dir string) string {
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// resolveDotGit returns the git dir a .git entry stands for: the folder
// itself, or the target of a "gitdir: …" file (linked worktrees and
// submodules).
func resolveDotGit(dotgit string) (string, error) {
	info, err := os.Stat(dotgit)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", dotgit, err)
	}
	if info.IsDir() {
		return dotgit, nil
	}
	b, err := os.ReadFile(dotgit)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", dotgit, err)
	}
	line := strings.TrimSpace(string(b))
	if !strings.HasPrefix(line, "gitdir:") {
		return "", fmt.Errorf("%s is neither a git dir nor a gitdir: file", dotgit)
	}
	gd := strings.TrimSpace(strings.TrimPrefix(line, "gitdir:"))
	if !filepath.IsAbs(gd) {
		gd = filepath.Join(filepath.Dir(dotgit), gd)
	}
	return filepath.Clean(gd), nil
}
