package source

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/gitrepo"
	"github.com/memlint/memlint/internal/ignores"
	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/internal/safefile"
	"github.com/memlint/memlint/lint"
)

// RepoFiles is the list of files a repository's git index tracks, for the
// path references of memory (lint.Repository). It is read once, from the
// index git would commit ($GIT_INDEX_FILE in a hook), never from the
// working tree; renames are looked up in HEAD's recent history on demand.
type RepoFiles struct {
	lint.FileList
	layout repoLayout

	// load, when set, reads the index into FileList on the first question
	// about the files (ensure): a run whose memory names no path of the
	// repository never reads it, which in a repository of 100,000 files
	// costs as much as the rest of a Claude Code hook's run. An index that
	// cannot be read leaves the list empty, which asks nothing further of
	// the memory (stale-reference looks only at paths whose first folder
	// the repository has).
	load     func() *indexList
	loadOnce sync.Once
	// unread says load could not read the index: HasWord then finds every
	// word, as a missing repository reports none missing.
	unread bool

	mu      sync.Mutex        // guards what follows: rules run in parallel
	renames map[string]string // old path → new path ("" for none)
	history *lockedObjects    // opened on the first rename lookup, or the Staged's
	// borrowed says history is the object store of the Staged this list
	// came from, which closes it.
	borrowed bool
	// head is HEAD's commit, read on the first rename lookup (headRead);
	// nil when there is none or it cannot be read.
	head     *object.Commit
	headRead bool
	// histories are the memory dirs' histories LastCommit read, by dir.
	histories map[string]*dirHistory

	wordsOnce sync.Once
	words     map[string]struct{} // HasWord's, read on first use

	// list is the index the paths came from: the object names and kinds
	// of the .gitignore files Ignored reads.
	list *indexList
	// ignoresFromDisk says a .gitignore is read from the work tree (a run
	// over it), not from its staged blob.
	ignoresFromDisk bool
}

// Close releases the object store a rename lookup opened.
func (r *RepoFiles) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.history == nil || r.borrowed {
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

// OpenRepoFiles reads the index of the repository around dir. Its
// ignore rules are the repository's own (its .gitignore files, read from
// their staged blobs, and info/exclude), without the user's global
// excludes file.
func OpenRepoFiles(dir string, getenv func(string) string) (*RepoFiles, error) {
	layout, err := locateRepo(dir, getenv)
	if err != nil {
		return nil, err
	}
	return openRepoFiles(layout)
}

func openRepoFiles(layout repoLayout) (*RepoFiles, error) {
	list, err := readRepoIndex(layout)
	if err != nil {
		return nil, err
	}
	r := newRepoFiles(layout, list)
	r.setIgnores(nil, false)
	return r, nil
}

// lazyRepoFiles is the file list of the repository at layout, read from
// its index on first use (RepoFiles.load).
func lazyRepoFiles(layout repoLayout) *RepoFiles {
	r := &RepoFiles{FileList: lint.FileList{RootDir: layout.workTree}, layout: layout}
	r.load = func() *indexList {
		list, err := readRepoIndex(layout)
		if err != nil {
			r.unread = true
			return &indexList{sorted: true}
		}
		return list
	}
	return r
}

// readRepoIndex reads the paths the index of the repository at layout
// tracks.
func readRepoIndex(layout repoLayout) (*indexList, error) {
	// keep sees exactly the entries the index reader would keep, and
	// keeps none: the list holds them all.
	_, list, err := readIndexList(layout.indexFile, 20, func([]byte) bool { return false })
	if errors.Is(err, errIndexUnsupported) {
		var cli *gitCLIStore
		if cli, err = newGitCLIStore(layout); err == nil {
			var entries []IndexEntry
			entries, err = cli.lsFiles(func([]byte) bool { return true })
			cli.close()
			var c *indexCollector
			if err == nil {
				c, err = collectListed(entries, func([]byte) bool { return false })
			}
			if err == nil {
				list = c.list()
			}
		}
	}
	if err != nil {
		return nil, fmt.Errorf("list the files of %s: %w", layout.workTree, err)
	}
	return list, nil
}

// newRepoFiles is the file list of the repository at layout, of the
// index's paths.
func newRepoFiles(layout repoLayout, list *indexList) *RepoFiles {
	return &RepoFiles{FileList: lint.FileList{RootDir: layout.workTree, Paths: sortedPaths(list)}, layout: layout, list: list}
}

// setIgnores gives the list git's ignore rules for the repository: the
// .gitignore files the index tracks, read from the work tree when
// fromDisk and from their staged blobs otherwise, then info/exclude and,
// with getenv, the user's global excludes file. Nothing is read before
// the first question (Ignored).
func (r *RepoFiles) setIgnores(getenv func(string) string, fromDisk bool) {
	r.ignoresFromDisk = fromDisk
	layout := r.layout
	r.Ignores = ignores.New(r.readIgnoreFile, func() []gitignore.Pattern {
		return ignores.Base(layout.commonDir, layout.workTree, getenv)
	})
}

// readIgnoreFile returns the content of the .gitignore of folder ("" for
// the top), nil when the index tracks none there or it cannot be read. A
// symbolic link is none, as git reads no ignore file through one.
func (r *RepoFiles) readIgnoreFile(folder string) []byte {
	name := path.Join(folder, ignores.FileName)
	i, ok := r.list.find(name)
	if !ok || r.list.symlink(i) {
		return nil
	}
	if r.ignoresFromDisk {
		src, err := safefile.ReadFileNoFollow(filepath.Join(r.Root(), filepath.FromSlash(name)), ignores.MaxFileSize)
		if err != nil {
			return nil
		}
		return src
	}
	if r.list.hashLen == 0 {
		return nil
	}
	objects := r.objects()
	if objects == nil {
		return nil
	}
	src, err := objects.readBlob(r.list.hash(i), ignores.MaxFileSize)
	if err != nil {
		return nil
	}
	return src
}

// objects returns the object store, opening it on first use; nil when
// the repository's objects cannot be read.
func (r *RepoFiles) objects() *lockedObjects {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.history == nil {
		objects, _, err := openObjects(r.layout)
		if err != nil {
			return nil
		}
		r.history = objects
	}
	return r.history
}

// Ignored reports whether git's ignore rules match p.
func (r *RepoFiles) Ignored(p string) bool { r.ensure(); return r.FileList.Ignored(p) }

// sortedPaths are list's paths in sort.Strings order. The index is sorted
// by bytes, as sort.Strings sorts; a damaged one must not make the binary
// searches wrong.
func sortedPaths(list *indexList) []string {
	paths := list.paths
	if !list.sorted {
		paths = append([]string(nil), paths...) // the caller's order stays
		sort.Strings(paths)
	}
	return paths
}

// ensure reads the index when the list is read lazily and was not yet.
func (r *RepoFiles) ensure() {
	r.loadOnce.Do(func() {
		if r.load != nil {
			r.list = r.load()
			r.Paths = sortedPaths(r.list)
		}
	})
}

// Preload reads the index now when the list is read lazily: the Claude
// Code hook starts the read while it reads the memory dir, and does not
// wait for it when no rule asks.
func (r *RepoFiles) Preload() { r.ensure() }

// Tracked reports whether the index holds p.
func (r *RepoFiles) Tracked(p string) bool { r.ensure(); return r.FileList.Tracked(p) }

// HasDir reports whether the index holds a file below folder p.
func (r *RepoFiles) HasDir(p string) bool { r.ensure(); return r.FileList.HasDir(p) }

// HasPrefix reports whether the index holds a file whose path starts
// with p.
func (r *RepoFiles) HasPrefix(p string) bool { r.ensure(); return r.FileList.HasPrefix(p) }

// Nested reports whether the index holds a file whose path ends in "/" + p.
func (r *RepoFiles) Nested(p string) bool { r.ensure(); return r.FileList.Nested(p) }

// repoFiles is the file list of the staged index's repository, from the
// pass that read the staged entries, with the staged content's object
// store for rename lookups: the repository is not opened a second time.
func (s *Staged) repoFiles() *RepoFiles {
	r := newRepoFiles(s.layout, s.list)
	r.history, r.borrowed = s.objects, true
	return r
}

// RenamedTo follows the renames of HEAD's recent history from p to the
// path the repository tracks now, or returns "".
func (r *RepoFiles) RenamedTo(p string) string {
	r.ensure()
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
	commit := r.headCommit()
	if commit == nil {
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

// headCommit reads HEAD's commit once; r.history must be locked.
func (r *RepoFiles) headCommit() *object.Commit {
	if r.headRead {
		return r.head
	}
	r.headRead = true
	store, ok := r.history.inner.(*goGitStore)
	if !ok {
		return nil
	}
	head, ok, err := store.head()
	if err != nil || !ok {
		return nil
	}
	if r.head, err = object.GetCommit(store.objects, head); err != nil {
		r.head = nil
	}
	return r.head
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
// read once, on the first question about its files (a run whose memory
// names none never reads it); one that cannot be read tracks nothing and
// finds every word, so that it reports nothing missing. With
// workTree, a path the work tree has counts as present (workTreeFiles);
// a run over staged content passes false.
func RepositoryFinder(cwd string, getenv func(string) string, workTree bool) lint.Repositories {
	return repositoryFinder(cwd, getenv, workTree, nil)
}

// Repositories is RepositoryFinder for a run over the staged content s
// (workTree false) started in cwd: the repository s reads (the same git
// dir and index file) gets s's file list and object store rather than a
// second read of the index and a second opening of the objects. s must
// stay open while the run looks up renames.
func (s *Staged) Repositories(cwd string, getenv func(string) string) lint.Repositories {
	return repositoryFinder(cwd, getenv, false, s)
}

func repositoryFinder(cwd string, getenv func(string) string, workTree bool, staged *Staged) lint.Repositories {
	var mu sync.Mutex
	opened := map[string]*RepoFiles{}
	var cwdRepo *gitrepo.Repo
	if r, err := gitrepo.Locate(cwd, getenv); err == nil {
		cwdRepo = &r
	}
	open := func(l repoLayout) lint.Repository {
		r, ok := opened[l.workTree]
		if !ok {
			if staged != nil && l == staged.layout {
				r = staged.repoFiles()
			} else {
				r = lazyRepoFiles(l)
			}
			r.setIgnores(getenv, workTree)
			opened[l.workTree] = r
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
		if cwdRepo != nil && (pathutil.Within(dir, cwdRepo.WorkTree) || isProjectMemoryOf(dir, *cwdRepo, getenv)) {
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
