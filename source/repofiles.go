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

	"github.com/go-git/go-git/v5/plumbing"
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
	layout repoLayout

	mu      sync.Mutex        // guards what follows: rules run in parallel
	renames map[string]string // old path → new path ("" for none)
	history *lockedObjects    // opened on the first rename lookup

	wordsOnce sync.Once
	words     map[string]struct{} // HasWord's, read on first use
}

// Close releases the object store a rename lookup opened.
func (r *RepoFiles) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.history == nil {
		return nil
	}
	err := r.history.close()
	r.history = nil
	return err
}

// renameHistory bounds how many commits of HEAD's first-parent history
// RenamedTo reads for one path: enough for the renames a memory is likely
// to have missed, and a cost bounded whatever the history's length.
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
	// The paths are gathered into one buffer and cut out of one string:
	// on 100,000 files, one allocation instead of 100,000 (and no object
	// names, which a file list does not need). keep sees exactly the
	// entries the index reader would keep, and keeps none.
	var buf []byte
	var ends []int
	collect := func(p []byte) bool {
		buf = append(buf, p...)
		ends = append(ends, len(buf))
		return false
	}
	_, err := readIndex(layout.indexFile, 20, collect)
	if errors.Is(err, errIndexUnsupported) {
		buf, ends = buf[:0], ends[:0]
		var cli *gitCLIStore
		if cli, err = newGitCLIStore(layout); err == nil {
			_, err = cli.lsFiles(collect)
			cli.close()
		}
	}
	if err != nil {
		return nil, fmt.Errorf("list the files of %s: %w", layout.workTree, err)
	}
	all := string(buf)
	paths := make([]string, len(ends))
	start := 0
	for i, end := range ends {
		paths[i] = all[start:end]
		start = end
	}
	// The index is sorted by bytes, as sort.Strings sorts; a damaged one
	// must not make the binary searches wrong.
	if !sort.StringsAreSorted(paths) {
		sort.Strings(paths)
	}
	return &RepoFiles{FileList: lint.FileList{RootDir: layout.workTree, Paths: paths}, layout: layout}, nil
}

// RenamedTo follows the renames of HEAD's recent history from p to the
// path the repository tracks now, or returns "".
func (r *RepoFiles) RenamedTo(p string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return lint.FollowRenames(p, r.renameOf, func(q string) bool { return r.Tracked(q) || r.HasDir(q) })
}

// renameOf looks for the commit of HEAD's first-parent history (the last
// renameHistory) that removed the file p, and returns the path that
// commit added with the same content. Each commit costs a lookup of p in
// its tree, not a diff; only the commit that removed p is diffed.
func (r *RepoFiles) renameOf(p string) (string, bool) {
	if to, ok := r.renames[p]; ok {
		return to, to != ""
	}
	to := r.findRename(p)
	if r.renames == nil {
		r.renames = map[string]string{}
	}
	r.renames[p] = to
	return to, to != ""
}

func (r *RepoFiles) findRename(p string) string {
	if r.history == nil {
		objects, _, err := openObjects(r.layout)
		if err != nil {
			return ""
		}
		r.history = objects
	}
	r.history.mu.Lock()
	defer r.history.mu.Unlock()
	store, ok := r.history.inner.(*goGitStore)
	if !ok {
		return ""
	}
	head, ok, err := store.head()
	if err != nil || !ok {
		return ""
	}
	commit, err := object.GetCommit(store.objects, head)
	if err != nil {
		return ""
	}
	for n := 0; n < renameHistory && commit.NumParents() > 0; n++ {
		parent, err := commit.Parent(0)
		if err != nil {
			return ""
		}
		before, err := parent.Tree()
		if err != nil {
			return ""
		}
		if e, err := before.FindEntry(p); err == nil {
			// The parent had p and this commit, the newest without it,
			// removed it: what did it add with the same content?
			return addedWithHash(commit, before, e.Hash)
		}
		commit = parent
	}
	return ""
}

// addedWithHash returns the file commit added (relative to its parent's
// tree before) whose content has the given hash, or "".
func addedWithHash(commit *object.Commit, before *object.Tree, h plumbing.Hash) string {
	after, err := commit.Tree()
	if err != nil {
		return ""
	}
	changes, err := object.DiffTreeWithOptions(context.Background(), before, after, nil)
	if err != nil {
		return ""
	}
	for _, c := range changes {
		if c.From.Name == "" && c.To.TreeEntry.Hash == h {
			return c.To.Name
		}
	}
	return ""
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
