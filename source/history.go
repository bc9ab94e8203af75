package source

import (
	"bytes"
	"path"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/memlint/memlint/lint/memory"
)

// maxHistory bounds how many commits of HEAD's first-parent history a
// memory dir's history reads: a cost bounded whatever the history's
// length. A file the walk has not seen change by then changed at the
// oldest commit read or before, which is all stale-project-memory needs
// to say it has not changed since a later date.
const maxHistory = 5000

// dirHistory is what HEAD's history says of the files of one memory dir.
type dirHistory struct {
	// head holds HEAD's blob of each Markdown file below the dir, by path
	// relative to the work tree; nil when HEAD cannot be read.
	head map[string]plumbing.Hash
	// dates holds when each file of head last changed; read on the first
	// question about a file whose content is HEAD's (walked).
	dates  map[string]memory.LastCommit
	walked bool
}

// LastCommit returns when HEAD's first-parent history last changed the
// file p of the memory dir dir, when content is what HEAD holds at p
// (lint.History). The dir's files are looked up in HEAD's tree on the
// first question about one of them, and their history is walked once, on
// the first question about a file whose content is HEAD's: a run whose
// files were all edited since, as the Claude Code hook's written file is,
// never walks it. Repositories read through the git command line (sha256
// object names, reftable refs) have no history here.
func (r *RepoFiles) LastCommit(dir, p string, content []byte) (memory.LastCommit, bool) {
	dir = strings.Trim(dir, "/")
	if dir == "." {
		dir = ""
	}
	if dir != "" && !strings.HasPrefix(p, dir+"/") {
		return memory.LastCommit{}, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	h := r.dirHistory(dir)
	want, ok := h.head[p]
	if !ok || !sameBlob(want, content) {
		return memory.LastCommit{}, false
	}
	if !h.walked {
		h.walked = true
		r.walkHistory(dir, h)
	}
	c, ok := h.dates[p]
	return c, ok
}

// dirHistory returns the history of dir, with HEAD's files read; r.mu
// must be held.
func (r *RepoFiles) dirHistory(dir string) *dirHistory {
	if h, ok := r.histories[dir]; ok {
		return h
	}
	h := &dirHistory{}
	if r.histories == nil {
		r.histories = map[string]*dirHistory{}
	}
	r.histories[dir] = h
	objects := r.goGitObjects()
	if objects == nil {
		return h
	}
	r.history.mu.Lock()
	defer r.history.mu.Unlock()
	commit := r.headCommit()
	if commit == nil {
		return h
	}
	tree, err := treeAt(objects, commit.TreeHash, dir)
	if err != nil {
		return h
	}
	h.head = map[string]plumbing.Hash{}
	if tree.IsZero() {
		return h // HEAD has no such folder: nothing of it is committed
	}
	if err := listBlobs(objects, tree, dir, h.head); err != nil {
		h.head = nil
	}
	return h
}

// goGitObjects opens the repository's objects on first use, as a rename
// lookup does, and returns go-git's storage of them; nil when they cannot
// be opened or the git command line reads them. r.mu must be held.
func (r *RepoFiles) goGitObjects() *tolerantStorer {
	if r.history == nil {
		objects, _, err := openObjects(r.layout)
		if err != nil {
			return nil
		}
		r.history = objects
	}
	store, ok := r.history.inner.(*goGitStore)
	if !ok {
		return nil
	}
	return &store.objects
}

// walkHistory dates every file of h.head: it walks HEAD's first-parent
// history, newest first, and gives a file the time of the first commit
// whose parent held other content at its path (or none). A commit whose
// tree holds the dir's folder as its parent does costs a lookup of the
// folder's tree name; only the folders that changed are compared entry by
// entry. The walk ends when every file is dated, at the first commit, or
// after maxHistory commits (or at a parent it cannot read, as a shallow
// clone's first commit has): the files not dated then get the time of
// the oldest commit read, Bounded. r.mu must be held.
func (r *RepoFiles) walkHistory(dir string, h *dirHistory) {
	objects := r.goGitObjects()
	if objects == nil || h.head == nil {
		return
	}
	r.history.mu.Lock()
	defer r.history.mu.Unlock()
	commit := r.headCommit()
	if commit == nil {
		return
	}
	pending := make(map[string]plumbing.Hash, len(h.head))
	for p, hash := range h.head {
		pending[p] = hash
	}
	h.dates = make(map[string]memory.LastCommit, len(h.head))
	date := func(c *object.Commit, bounded bool) func(p string) {
		return func(p string) {
			if _, ok := pending[p]; ok {
				h.dates[p] = memory.LastCommit{Time: c.Committer.When, Bounded: bounded}
				delete(pending, p)
			}
		}
	}
	finish := func(c *object.Commit, bounded bool) {
		mark := date(c, bounded)
		for p := range pending {
			mark(p)
		}
	}
	tree, err := treeAt(objects, commit.TreeHash, dir)
	if err != nil {
		return
	}
	for n := 1; len(pending) > 0; n++ {
		if commit.NumParents() == 0 {
			finish(commit, false) // the first commit added what is left
			return
		}
		if n >= maxHistory {
			finish(commit, true)
			return
		}
		parent, err := commit.Parent(0)
		if err != nil {
			finish(commit, true) // a shallow clone's boundary, or a missing object
			return
		}
		parentTree := tree
		if parent.TreeHash != commit.TreeHash {
			if parentTree, err = treeAt(objects, parent.TreeHash, dir); err != nil {
				finish(commit, true)
				return
			}
		}
		if parentTree != tree {
			if err := changedBlobs(objects, tree, parentTree, dir, pending, date(commit, false)); err != nil {
				finish(commit, true)
				return
			}
		}
		commit, tree = parent, parentTree
	}
}

// sameBlob reports whether content is the blob named want: as read, or
// with its line ends as git's autocrlf commits them.
func sameBlob(want plumbing.Hash, content []byte) bool {
	if plumbing.ComputeHash(plumbing.BlobObject, content) == want {
		return true
	}
	return bytes.Contains(content, []byte("\r\n")) &&
		plumbing.ComputeHash(plumbing.BlobObject, bytes.ReplaceAll(content, []byte("\r\n"), []byte("\n"))) == want
}

// treeAt returns the name of the tree at folder dir (slash-separated, ""
// for the top) of the tree root; the zero hash when there is none.
func treeAt(objects *tolerantStorer, root plumbing.Hash, dir string) (plumbing.Hash, error) {
	h := root
	if dir == "" {
		return h, nil
	}
	for _, name := range strings.Split(dir, "/") {
		t, err := object.GetTree(objects, h)
		if err != nil {
			return plumbing.ZeroHash, err
		}
		h = plumbing.ZeroHash
		for _, e := range t.Entries {
			if e.Name == name {
				if e.Mode == filemode.Dir {
					h = e.Hash
				}
				break
			}
		}
		if h.IsZero() {
			return h, nil
		}
	}
	return h, nil
}

// listBlobs adds the Markdown files below the tree named h, which is at
// folder prefix, to out by path: memory is Markdown, and a memory dir at
// the top of a repository would otherwise have the walk date every file
// of it.
func listBlobs(objects *tolerantStorer, h plumbing.Hash, prefix string, out map[string]plumbing.Hash) error {
	t, err := object.GetTree(objects, h)
	if err != nil {
		return err
	}
	for _, e := range t.Entries {
		p := path.Join(prefix, e.Name)
		switch {
		case e.Mode == filemode.Dir:
			if err := listBlobs(objects, e.Hash, p, out); err != nil {
				return err
			}
		case e.Mode.IsFile() && e.Mode != filemode.Symlink && strings.HasSuffix(p, ".md"):
			out[p] = e.Hash
		}
	}
	return nil
}

// changedBlobs calls changed with the path of each pending file below
// the trees newer and older (at folder prefix; either may be the zero
// hash, for none) whose content differs between them; only the folders
// whose trees differ are read.
func changedBlobs(objects *tolerantStorer, newer, older plumbing.Hash, prefix string, pending map[string]plumbing.Hash, changed func(p string)) error {
	if newer == older || newer.IsZero() {
		return nil
	}
	nt, err := object.GetTree(objects, newer)
	if err != nil {
		return err
	}
	before := map[string]object.TreeEntry{}
	if !older.IsZero() {
		ot, err := object.GetTree(objects, older)
		if err != nil {
			return err
		}
		for _, e := range ot.Entries {
			before[e.Name] = e
		}
	}
	for _, e := range nt.Entries {
		p := path.Join(prefix, e.Name)
		old, had := before[e.Name]
		switch {
		case e.Mode == filemode.Dir:
			var oldTree plumbing.Hash
			if had && old.Mode == filemode.Dir {
				oldTree = old.Hash
			}
			if err := changedBlobs(objects, e.Hash, oldTree, p, pending, changed); err != nil {
				return err
			}
		case !had || old.Hash != e.Hash || old.Mode == filemode.Dir:
			if _, ok := pending[p]; ok {
				changed(p)
			}
		}
	}
	return nil
}
