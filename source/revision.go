package source

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/memlint/memlint/lint/memory"
)

// Revision is a commit of the repository, read for its files: the
// earlier content of `memlint check --base REV`.
type Revision struct {
	Root    string // the worktree root
	Name    string // the revision as given
	objects objectStore
	tree    string
}

// OpenRevision resolves rev in the repository around cwd.
func OpenRevision(cwd, rev string, getenv func(string) string) (*Revision, error) {
	layout, err := locateRepo(cwd, getenv)
	if err != nil {
		return nil, err
	}
	objects, _, err := openObjects(layout)
	if err != nil {
		return nil, err
	}
	tree, ok, err := objects.resolveTree(rev)
	if err == nil && !ok {
		err = fmt.Errorf("%s names no commit yet", rev)
	}
	if err != nil {
		objects.close()
		return nil, err
	}
	return &Revision{Root: layout.workTree, Name: rev, objects: objects, tree: tree}, nil
}

// Close releases the object store.
func (r *Revision) Close() error { return r.objects.close() }

// Earlier returns the revision's files as a lint.Earlier for a linted
// fs.FS rooted at fsRoot, which must be the worktree root or inside it.
func (r *Revision) Earlier(fsRoot string) (memory.Earlier, error) {
	rel, err := filepath.Rel(r.Root, fsRoot)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("%s is not inside the repository %s", fsRoot, r.Root)
	}
	return &revisionEarlier{rev: r, prefix: filepath.ToSlash(rel), dirs: map[string][]IndexEntry{}}, nil
}

// revisionEarlier reads files of a revision on demand, listing each
// folder once.
type revisionEarlier struct {
	rev    *Revision
	prefix string // the linted fs.FS's root, relative to the worktree

	mu   sync.Mutex // the loader reads files in parallel
	dirs map[string][]IndexEntry
}

func (b *revisionEarlier) repoPath(p string) string { return path.Join(b.prefix, p) }

func (b *revisionEarlier) list(dir string) ([]IndexEntry, error) {
	if entries, ok := b.dirs[dir]; ok {
		return entries, nil
	}
	entries, err := b.rev.objects.listTree(b.rev.tree, dir)
	if err != nil {
		return nil, err
	}
	b.dirs[dir] = entries
	return entries, nil
}

// ReadFile returns a file's content at the revision.
func (b *revisionEarlier) ReadFile(p string) ([]byte, bool, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	q := b.repoPath(p)
	entries, err := b.list(path.Dir(q))
	if err != nil {
		return nil, false, err
	}
	for _, e := range entries {
		if e.Path == q {
			data, err := b.rev.objects.readBlob(e.Hash, memory.DefaultMaxFileSize)
			if errors.Is(err, errTooLarge) {
				return nil, false, fmt.Errorf("%s at %s is larger than memlint reads", q, b.rev.Name)
			}
			return data, err == nil, err
		}
	}
	return nil, false, nil
}

// Files lists the files below dir at the revision.
func (b *revisionEarlier) Files(dir string) ([]string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	entries, err := b.list(b.repoPath(dir))
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(entries))
	for _, e := range entries {
		p := e.Path
		if b.prefix != "." && b.prefix != "" {
			p = strings.TrimPrefix(p, b.prefix+"/")
		}
		out = append(out, p)
	}
	return out, nil
}
