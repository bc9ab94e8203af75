package source

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/gitrepo"
	"github.com/memlint/memlint/lint"
)

// RepoFiles is the list of files a repository's git index tracks, for the
// path references of memory (lint.Repository). It is read once, from the
// index git would commit ($GIT_INDEX_FILE in a hook), never from the
// working tree; renames are looked up in HEAD's recent history on demand.
type RepoFiles struct {
	lint.FileList
	layout      repoLayout
	renamesOnce sync.Once
}

// renameHistory bounds how many commits of HEAD's first-parent history
// RenamedTo reads: enough for the renames a memory is likely to have
// missed, and a cost bounded whatever the history's length.
const renameHistory = 200

// OpenRepoFiles reads the index of the repository around dir.
func OpenRepoFiles(dir string, getenv func(string) string) (*RepoFiles, error) {
	layout, err := locateRepo(dir, getenv)
	if err != nil {
		return nil, err
	}
	return openRepoFiles(layout)
}

func openRepoFiles(layout repoLayout) (*RepoFiles, error) {
	keepAll := func([]byte) bool { return true }
	entries, err := readIndex(layout.indexFile, 20, keepAll)
	if errors.Is(err, errIndexUnsupported) {
		var cli *gitCLIStore
		if cli, err = newGitCLIStore(layout); err == nil {
			entries, err = cli.lsFiles(keepAll)
			cli.close()
		}
	}
	if err != nil {
		return nil, fmt.Errorf("list the files of %s: %w", layout.workTree, err)
	}
	paths := make([]string, len(entries))
	for i, e := range entries {
		paths[i] = e.Path
	}
	// The index is sorted by bytes, as sort.Strings sorts; a damaged one
	// must not make the binary searches wrong.
	if !sort.StringsAreSorted(paths) {
		sort.Strings(paths)
	}
	return &RepoFiles{FileList: lint.FileList{RootDir: layout.workTree, Paths: paths}, layout: layout}, nil
}

// RenamedTo follows the renames of HEAD's recent history from p to the
// path the repository tracks now, or returns "". History is read on the
// first call.
func (r *RepoFiles) RenamedTo(p string) string {
	r.renamesOnce.Do(r.readRenames)
	return r.FileList.RenamedTo(p)
}

// readRenames diffs the commits of HEAD's first-parent history with their
// parents, renames detected as git does, and keeps the newest rename of
// each old path. It reads nothing when go-git cannot open the repository:
// a reference is then reported without the new path.
func (r *RepoFiles) readRenames() {
	r.Renames = map[string]string{}
	objects, _, err := openObjects(r.layout)
	if err != nil {
		return
	}
	defer objects.close()
	objects.mu.Lock()
	defer objects.mu.Unlock()
	store, ok := objects.inner.(*goGitStore)
	if !ok {
		return
	}
	head, ok, err := store.head()
	if err != nil || !ok {
		return
	}
	commit, err := object.GetCommit(store.objects, head)
	for n := 0; err == nil && n < renameHistory && commit.NumParents() > 0; n++ {
		var parent *object.Commit
		if parent, err = commit.Parent(0); err != nil {
			break
		}
		r.addRenames(parent, commit)
		commit = parent
	}
}

// addRenames records the renames between a commit and its parent; newer
// commits were read first, so an old path keeps its newest rename.
func (r *RepoFiles) addRenames(parent, commit *object.Commit) {
	from, err := parent.Tree()
	if err != nil {
		return
	}
	to, err := commit.Tree()
	if err != nil {
		return
	}
	changes, err := object.DiffTreeWithOptions(context.Background(), from, to, &object.DiffTreeOptions{DetectRenames: true, RenameScore: 60, RenameLimit: 100})
	if err != nil {
		return
	}
	for _, c := range changes {
		if c.From.Name != "" && c.To.Name != "" && c.From.Name != c.To.Name {
			if _, newer := r.Renames[c.From.Name]; !newer {
				r.Renames[c.From.Name] = c.To.Name
			}
		}
	}
}

// workTreeFiles is a repository whose files on disk count as present
// too, for a run over the working tree: a file a memory names that is
// there but not committed yet (or ignored, as generated files are) is not
// a stale reference for the agent reading that disk. Only the path asked
// about is looked up; the working tree is never walked.
type workTreeFiles struct{ *RepoFiles }

// Tracked reports whether the index holds p or the work tree has it.
func (w workTreeFiles) Tracked(p string) bool {
	if w.RepoFiles.Tracked(p) {
		return true
	}
	_, err := os.Lstat(filepath.Join(w.Root(), filepath.FromSlash(p)))
	return err == nil
}

// RepositoryFinder returns a lint.Repositories for a run started in cwd:
// a memory dir inside a work tree gets that repository's files, and the
// user's Claude Code memory of the repository around cwd
// (<config>/projects/<key>/memory) gets cwd's. Each repository's index is
// read once, on first use; one that cannot be read counts as none. With
// workTree, a path the work tree has counts as present (workTreeFiles);
// a run over staged content passes false.
func RepositoryFinder(cwd string, getenv func(string) string, workTree bool) lint.Repositories {
	var mu sync.Mutex
	opened := map[string]*RepoFiles{}
	var cwdRepo *gitrepo.Repo
	if r, err := gitrepo.Locate(cwd, getenv); err == nil {
		cwdRepo = &r
	}
	open := func(l repoLayout) lint.Repository {
		if r, ok := opened[l.workTree]; ok {
			switch {
			case r == nil:
				return nil
			case workTree:
				return workTreeFiles{r}
			}
			return r
		}
		r, err := openRepoFiles(l)
		if err != nil {
			r = nil
		}
		opened[l.workTree] = r
		if r == nil {
			return nil
		}
		if workTree {
			return workTreeFiles{r}
		}
		return r
	}
	layoutOf := func(r gitrepo.Repo) repoLayout {
		return repoLayout{workTree: r.WorkTree, gitDir: r.GitDir, commonDir: r.CommonDir, indexFile: r.IndexFile}
	}
	return func(dir string) lint.Repository {
		mu.Lock()
		defer mu.Unlock()
		if cwdRepo != nil && (lint.Within(dir, cwdRepo.WorkTree) || isProjectMemoryOf(dir, *cwdRepo, getenv)) {
			return open(layoutOf(*cwdRepo))
		}
		r, err := gitrepo.Locate(dir, nil)
		if err != nil {
			return nil
		}
		return open(layoutOf(r))
	}
}

// isProjectMemoryOf reports whether dir is Claude Code's default memory
// dir of the repository r (keyed by its main work tree, as Claude Code
// keys every worktree of a repository).
func isProjectMemoryOf(dir string, r gitrepo.Repo, getenv func(string) string) bool {
	if getenv == nil {
		return false
	}
	projects := filepath.Join(claudecode.Home(getenv, claudecode.UserHome()), "projects")
	if filepath.Dir(filepath.Dir(dir)) != projects || filepath.Base(dir) != "memory" {
		return false
	}
	key := filepath.Base(filepath.Dir(dir))
	for _, root := range []string{r.MainWorkTree(), r.WorkTree} {
		if k := claudecode.ProjectKey(root); k == key || (len(k) > claudecode.MaxKeyLen && strings.HasPrefix(key, k[:claudecode.MaxKeyLen]+"-")) {
			return true
		}
	}
	return false
}
