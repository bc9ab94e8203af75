package source

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// emptyBlob is the object name of empty content: one empty file deleted
// and another added is no rename (git's rename detection skips them too).
const emptyBlob = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"

// Removal is a file HEAD has that the index does not: the next commit
// deletes it, or renames it to To.
type Removal struct {
	Path string
	// To is the path the index holds the same content at, which HEAD does
	// not have: the file's new name. Empty for a deletion.
	To string
}

// Removals compares every entry of the index with HEAD's tree and
// returns the files the next commit deletes or renames, sorted by path. A
// rename is a deleted file whose content (its blob) the commit adds under
// a new path, as git's exact rename detection finds it. Before the first
// commit nothing is removed.
func (s *Staged) Removals() ([]Removal, error) {
	if s.headTree == "" {
		return nil, nil
	}
	staged, head, err := s.headDiff()
	if err != nil || head == nil {
		return nil, err
	}
	now := make(map[string]string, len(staged))
	for _, e := range staged {
		now[e.Path] = e.Hash
	}
	var removed []Removal
	var hashes []string // of removed
	was := make(map[string]bool, len(head))
	for _, e := range head {
		was[e.Path] = true
		if _, ok := now[e.Path]; !ok {
			removed = append(removed, Removal{Path: e.Path})
			hashes = append(hashes, e.Hash)
		}
	}
	if len(removed) == 0 {
		return nil, nil
	}
	// The added files, by content, for renames: the first path in index
	// order wins when one content is added twice.
	added := map[string]string{}
	for _, e := range staged {
		if _, ok := added[e.Hash]; !ok && !was[e.Path] {
			added[e.Hash] = e.Path
		}
	}
	for i := range removed {
		if hashes[i] != emptyBlob {
			removed[i].To = added[hashes[i]]
		}
	}
	sort.Slice(removed, func(i, j int) bool { return removed[i].Path < removed[j].Path })
	return removed, nil
}

// headDiff returns the entries of the index and of HEAD's tree but
// those below a folder whose tree the index holds unchanged; both nil
// when the index is HEAD's tree.
func (s *Staged) headDiff() (staged, head []IndexEntry, err error) {
	same := s.unchangedFolders()
	if same[""] == s.headTree {
		return nil, nil, nil // the index is HEAD's tree
	}
	head, unchanged, err := s.headFiles(same)
	if err != nil {
		return nil, nil, fmt.Errorf("list HEAD's files: %w", err)
	}
	if head == nil {
		head = []IndexEntry{}
	}
	// The entries below an unchanged folder are HEAD's, neither removed
	// nor added: left out (their object names are not even spelled out).
	paths := s.list.paths
	for i := 0; i < len(paths); {
		d := unchanged.holding(paths[i])
		switch {
		case d != "" && s.list.sorted:
			// The paths below d follow one another: skip them all.
			prefix, rest := d+"/", paths[i:]
			i += sort.Search(len(rest), func(k int) bool { return !strings.HasPrefix(rest[k], prefix) })
		case d != "":
			i++
		default:
			staged = append(staged, IndexEntry{Path: paths[i], Hash: s.list.hash(i)})
			i++
		}
	}
	return staged, head, nil
}

// changedFolders returns the folders ("." for the root) at or above a
// file the next commit adds, changes or deletes, found as Removals finds
// its files (the index's cache-tree spares the unchanged folders); all is
// true before the first commit, when every folder holds a change.
func (s *Staged) changedFolders() (folders map[string]bool, all bool, err error) {
	if s.headTree == "" {
		return nil, true, nil
	}
	staged, head, err := s.headDiff()
	if err != nil {
		return nil, false, err
	}
	folders = map[string]bool{}
	mark := func(p string) {
		for d := path.Dir(p); !folders[d]; d = path.Dir(d) {
			folders[d] = true
			if d == "." {
				break
			}
		}
	}
	was := make(map[string]string, len(head))
	for _, e := range head {
		was[e.Path] = e.Hash
	}
	now := make(map[string]bool, len(staged))
	for _, e := range staged {
		now[e.Path] = true
		if h, ok := was[e.Path]; !ok || h != e.Hash {
			mark(e.Path)
		}
	}
	for _, e := range head {
		if !now[e.Path] {
			mark(e.Path)
		}
	}
	return folders, false, nil
}

// unchangedFolders are the folders of the index whose tree git recorded
// (the cache-tree extension), by path, "" for the root: nil when the
// git command line reads the repository or the index records none.
func (s *Staged) unchangedFolders() map[string]string {
	if _, ok := s.objects.subtrees(); !ok {
		return nil
	}
	if s.list.decoded {
		// The pass that read the entries kept the extension.
		if s.list.cacheTree == nil {
			return nil
		}
		return parseCacheTree(s.list.cacheTree, 20)
	}
	return readCacheTree(s.layout.indexFile, 20)
}

// headFiles lists HEAD's files but those below a folder whose tree the
// index holds unchanged (same: the index's trees by folder), and says
// whether a path lies in such a folder: a commit of 10 files in a
// repository of 100,000 reads only the folders above those 10.
func (s *Staged) headFiles(same map[string]string) (files []IndexEntry, unchanged folderSet, err error) {
	read, ok := s.objects.subtrees()
	if !ok || len(same) == 0 {
		files, err = s.objects.listTree(s.headTree, "")
		return files, nil, err
	}
	skipped := folderSet{}
	var walk func(tree, dir string) error
	walk = func(tree, dir string) error {
		entries, err := read(tree)
		if err != nil {
			return err
		}
		for _, e := range entries {
			p := path.Join(dir, e.Name)
			switch {
			case e.Mode == filemode.Dir:
				if same[p] == e.Hash.String() {
					skipped[p] = true
				} else if err := walk(e.Hash.String(), p); err != nil {
					return err
				}
			case e.Mode != filemode.Submodule:
				files = append(files, IndexEntry{Path: p, Mode: uint32(e.Mode), Hash: e.Hash.String()})
			}
		}
		return nil
	}
	if err := walk(s.headTree, ""); err != nil {
		return nil, nil, err
	}
	return files, skipped, nil
}

// folderSet is a set of folders, by path.
type folderSet map[string]bool

// holding returns the folder of the set that p lies below (the outermost
// one), or "".
func (f folderSet) holding(p string) string {
	if len(f) == 0 {
		return ""
	}
	for i := range len(p) {
		if p[i] == '/' && f[p[:i]] {
			return p[:i]
		}
	}
	return ""
}
