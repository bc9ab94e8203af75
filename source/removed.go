package source

import (
	"fmt"
	"sort"
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
	head, err := s.objects.listTree(s.headTree, "")
	if err != nil {
		return nil, fmt.Errorf("list HEAD's files: %w", err)
	}
	staged, err := s.readEntries(s.layout, func([]byte) bool { return true })
	if err != nil {
		return nil, fmt.Errorf("list the staged files: %w", err)
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
