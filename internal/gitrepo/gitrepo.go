// Package gitrepo finds where a git repository's parts are — the work
// tree, the git dir, the common dir shared by linked worktrees, the index
// file — as git itself finds them from a directory and the GIT_*
// variables, without running git. It reads only the few small files that
// say where things are (.git files, commondir, the core section of the
// config); reading objects, refs and the index is for other packages.
//
// It imports nothing of memlint, so the engine and the commands can both
// use it.
package gitrepo

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/memlint/memlint/internal/safefile"
)

// Repo is where one repository's parts are, as absolute, clean paths.
type Repo struct {
	// WorkTree is the top level of the work tree (what
	// `git rev-parse --show-toplevel` prints).
	WorkTree string
	// GitDir holds this worktree's HEAD and index (`--git-dir`): .git, a
	// linked worktree's <common>/worktrees/<name>, or a submodule's
	// <super>/.git/modules/<name>.
	GitDir string
	// CommonDir holds objects, refs and config (`--git-common-dir`); it is
	// GitDir except in linked worktrees.
	CommonDir string
	// IndexFile is $GIT_INDEX_FILE, or <GitDir>/index.
	IndexFile string
}

// MainWorkTree is the work tree of the repository's main worktree: for a
// linked worktree the folder holding the common .git dir, otherwise
// WorkTree (a submodule is its own main worktree; so is a worktree linked
// to a bare repository, which has no main work tree).
func (r Repo) MainWorkTree() string {
	if r.CommonDir != r.GitDir && filepath.Base(r.CommonDir) == ".git" {
		return filepath.Dir(r.CommonDir)
	}
	return r.WorkTree
}

var (
	// ErrNotRepository is returned when no repository holds the directory.
	ErrNotRepository = errors.New("not inside a git repository")
	// ErrNoWorkTree is returned for a bare repository, or a directory
	// inside a git dir: there is a repository but no work tree.
	ErrNoWorkTree = errors.New("no work tree")
)

// maxSmallFile bounds the files read here: a .git file, commondir and the
// config are a few lines each; anything larger (or not a regular file, a
// FIFO would block) is not what git wrote.
const maxSmallFile = 1 << 20

// Locate finds the repository for the directory cwd. Like git it honours
// GIT_DIR (then the work tree is GIT_WORK_TREE, core.worktree, or cwd
// itself), GIT_COMMON_DIR and GIT_INDEX_FILE, each relative to cwd when
// relative; without GIT_DIR it looks for .git (a folder, or a file saying
// "gitdir: …" in linked worktrees and submodules) in cwd and the folders
// above it. getenv may be nil: no variable is set. A bare repository is
// ErrNoWorkTree (wrapped, naming it); no repository is ErrNotRepository
// itself.
func Locate(cwd string, getenv func(string) string) (Repo, error) {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	cwd, err := filepath.Abs(cwd)
	if err != nil {
		return Repo{}, fmt.Errorf("locate the git repository: %w", err)
	}
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return filepath.Clean(p)
		}
		return filepath.Join(cwd, p)
	}
	var r Repo
	if d := getenv("GIT_DIR"); d != "" {
		r.GitDir = abs(d)
		core, err := readCore(filepath.Join(r.GitDir, "config"))
		if err != nil {
			return Repo{}, err
		}
		switch {
		case getenv("GIT_WORK_TREE") != "":
			r.WorkTree = abs(getenv("GIT_WORK_TREE"))
		case core.worktree != "":
			r.WorkTree = relTo(r.GitDir, core.worktree)
		case core.bare:
			return Repo{}, fmt.Errorf("%s is a bare repository: %w", r.GitDir, ErrNoWorkTree)
		default:
			r.WorkTree = cwd // git: GIT_DIR without a work tree makes cwd the top level
		}
	} else {
		r, err = discover(cwd)
		if err != nil {
			return Repo{}, err
		}
	}
	r.CommonDir = r.GitDir
	if c := getenv("GIT_COMMON_DIR"); c != "" {
		r.CommonDir = abs(c)
	} else if b, err := readSmall(filepath.Join(r.GitDir, "commondir")); err == nil {
		r.CommonDir = relTo(r.GitDir, strings.TrimSpace(string(b)))
	} else if !errors.Is(err, os.ErrNotExist) {
		return Repo{}, err
	}
	r.IndexFile = filepath.Join(r.GitDir, "index")
	if f := getenv("GIT_INDEX_FILE"); f != "" {
		r.IndexFile = abs(f)
	}
	return r, nil
}

// discover walks up from dir to the first folder holding .git, as git does
// without GIT_DIR. A folder that is itself a git dir on the way (a bare
// repository, or dir inside a .git folder) ends the search with
// ErrNoWorkTree.
func discover(dir string) (Repo, error) {
	for d := dir; ; {
		dotgit := filepath.Join(d, ".git")
		if info, err := os.Stat(dotgit); err == nil {
			gd := dotgit
			if !info.IsDir() {
				if gd, err = readGitFile(dotgit); err != nil {
					return Repo{}, err
				}
			}
			return Repo{WorkTree: d, GitDir: gd}, nil
		}
		if isGitDir(d) {
			what := "a bare repository"
			if filepath.Base(d) == ".git" {
				what = "a git dir, not in its work tree"
			}
			return Repo{}, fmt.Errorf("%s is %s: %w", d, what, ErrNoWorkTree)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return Repo{}, ErrNotRepository
		}
		d = parent
	}
}

// isGitDir tells a git dir by what git itself checks: HEAD, objects/ and
// refs/.
func isGitDir(d string) bool {
	head, err := os.Stat(filepath.Join(d, "HEAD"))
	if err != nil || !head.Mode().IsRegular() {
		return false
	}
	for _, sub := range []string{"objects", "refs"} {
		if info, err := os.Stat(filepath.Join(d, sub)); err != nil || !info.IsDir() {
			return false
		}
	}
	return true
}

// readGitFile returns the git dir a ".git" file points to ("gitdir: …",
// relative to the file's folder when relative).
func readGitFile(dotgit string) (string, error) {
	b, err := readSmall(dotgit)
	if err != nil {
		return "", err
	}
	line, _, _ := strings.Cut(string(b), "\n")
	target, ok := strings.CutPrefix(strings.TrimRight(line, "\r"), "gitdir:")
	target = strings.TrimSpace(target)
	if !ok || target == "" {
		return "", fmt.Errorf("%s is neither a git dir nor a \"gitdir: …\" file", dotgit)
	}
	return relTo(filepath.Dir(dotgit), target), nil
}

// core is what Locate needs of a repository's config.
type core struct {
	worktree string // core.worktree, relative to the git dir when relative
	bare     bool
}

// readCore reads core.worktree and core.bare from a git config file; a
// missing file is an empty config. Includes are not followed: git writes
// both keys into the repository's own config.
func readCore(name string) (core, error) {
	var c core
	b, err := readSmall(name)
	if errors.Is(err, os.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return c, err
	}
	inCore := false
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 4096), maxSmallFile)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			section, _, _ := strings.Cut(strings.TrimPrefix(line, "["), "]")
			inCore = strings.EqualFold(strings.TrimSpace(section), "core")
			continue
		}
		if !inCore {
			continue
		}
		key, value, hasValue := strings.Cut(line, "=")
		key, value = strings.TrimSpace(key), unquote(strings.TrimSpace(value))
		switch strings.ToLower(key) {
		case "worktree":
			c.worktree = value
		case "bare":
			// A key without "=" is true, as in git.
			c.bare = !hasValue || isTrue(value)
		}
	}
	return c, nil
}

// unquote drops a trailing comment and the double quotes around a config
// value.
func unquote(v string) string {
	if !strings.HasPrefix(v, `"`) {
		if i := strings.IndexAny(v, "#;"); i >= 0 {
			v = strings.TrimSpace(v[:i])
		}
		return v
	}
	if end := strings.LastIndex(v, `"`); end > 0 {
		return v[1:end]
	}
	return v
}

func isTrue(v string) bool {
	switch strings.ToLower(v) {
	case "true", "yes", "on", "1":
		return true
	}
	return false
}

// relTo resolves p against dir when it is relative.
func relTo(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// readSmall reads a regular file of at most maxSmallFile bytes.
func readSmall(name string) ([]byte, error) { return safefile.ReadFile(name, maxSmallFile) }

// TopLevel returns the top level of the git work tree around dir (see
// Locate: .git folders, .git files of linked worktrees and submodules), or
// "" outside one.
func TopLevel(dir string) string {
	r, err := Locate(dir, nil)
	if err != nil {
		return ""
	}
	return r.WorkTree
}
