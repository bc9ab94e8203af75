package source

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"sync"
	"time"

	"github.com/memlint/memlint/lint/memory"
)

// treeFS is a read-only fs.FS over files named by object IDs: the entries
// of the git index, or of a commit's tree. Folders are implied by the
// paths; file content is read from the object store on Open, so the
// working tree is never touched.
type treeFS struct {
	objects objectStore
	files   map[string]IndexEntry
	dirs    map[string][]fs.DirEntry // folder → children, sorted by name

	// fetched holds blobs read ahead by prefetch, by path; Open waits
	// for a path whose read is under way.
	fetched  map[string]*fetchedBlob
	fetching sync.WaitGroup
}

// fetchedBlob is a blob read ahead; ready is closed once data or err is
// set.
type fetchedBlob struct {
	ready chan struct{}
	data  []byte
	err   error
}

// prefetch starts reading the blobs of the given files, in order, on one
// goroutine: the object store reads one object at a time, and this way
// the linter parses the files already read while the next ones are
// inflated. It must be called before any Open of those files.
func (t *treeFS) prefetch(paths []string) {
	if t.fetched == nil {
		t.fetched = make(map[string]*fetchedBlob, len(paths))
	}
	var todo []string
	for _, p := range paths {
		if _, ok := t.files[p]; ok && t.fetched[p] == nil {
			t.fetched[p] = &fetchedBlob{ready: make(chan struct{})}
			todo = append(todo, p)
		}
	}
	t.fetching.Add(1)
	go func() {
		defer t.fetching.Done()
		for _, p := range todo {
			f := t.fetched[p]
			f.data, f.err = t.objects.readBlob(t.files[p].Hash, memory.DefaultMaxFileSize)
			close(f.ready)
		}
	}()
}

// wait returns once read-ahead has finished, so the object store can be
// closed.
func (t *treeFS) wait() { t.fetching.Wait() }

func newTreeFS(objects objectStore, entries []IndexEntry) *treeFS {
	t := &treeFS{objects: objects, files: make(map[string]IndexEntry, len(entries)), dirs: map[string][]fs.DirEntry{".": nil}}
	seen := map[string]bool{}
	for _, e := range entries {
		t.files[e.Path] = e
		child, name := e.Path, path.Base(e.Path)
		t.addChild(path.Dir(child), treeDirEntry{name: name, mode: e.modeBits()})
		for dir := path.Dir(child); dir != "." && !seen[dir]; dir = path.Dir(dir) {
			seen[dir] = true
			t.addChild(path.Dir(dir), treeDirEntry{name: path.Base(dir), mode: fs.ModeDir | 0o755})
		}
	}
	for _, children := range t.dirs {
		sort.Slice(children, func(i, j int) bool { return children[i].Name() < children[j].Name() })
	}
	return t
}

func (t *treeFS) addChild(dir string, e treeDirEntry) {
	t.dirs[dir] = append(t.dirs[dir], e)
}

// modeBits maps a git mode to an fs.FileMode: symlinks stay symlinks, so
// the engine reports them instead of following them.
func (e IndexEntry) modeBits() fs.FileMode {
	switch e.Mode & modeTypeBit {
	case modeSymlink:
		return fs.ModeSymlink | 0o777
	}
	if e.Mode&0o111 != 0 {
		return 0o755
	}
	return 0o644
}

// Open opens a file (reading its object) or a folder.
func (t *treeFS) Open(name string) (fs.File, error) {
	// A path that is not UTF-8 is opened too, as memory.DirFS opens it
	// on disk: a memory dir below a folder so named is linted alike.
	if !memory.ValidBytesPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if children, ok := t.dirs[name]; ok {
		return &treeDir{name: name, entries: children}, nil
	}
	e, ok := t.files[name]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if e.modeBits()&fs.ModeSymlink != 0 {
		// A link is never followed: report it as what it is.
		return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("symbolic link")}
	}
	var err error
	var data []byte
	if f := t.fetched[name]; f != nil {
		<-f.ready
		data, err = f.data, f.err
	} else {
		data, err = t.objects.readBlob(e.Hash, memory.DefaultMaxFileSize)
	}
	if errors.Is(err, errTooLarge) {
		// The engine checks the size with Stat before reading: report a
		// size over its limit.
		return &treeFile{name: name, entry: e, size: memory.DefaultMaxFileSize + 1}, nil
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return &treeFile{name: name, entry: e, r: bytes.NewReader(data), size: int64(len(data))}, nil
}

// ReadDir lists a folder.
func (t *treeFS) ReadDir(name string) ([]fs.DirEntry, error) {
	children, ok := t.dirs[name]
	if !ok {
		if _, isFile := t.files[name]; isFile {
			return nil, &fs.PathError{Op: "readdir", Path: name, Err: errors.New("not a directory")}
		}
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	return append([]fs.DirEntry(nil), children...), nil
}

// Stat describes a file or folder without reading any object. A symlink
// is described as a link: staged content has no target to follow to.
func (t *treeFS) Stat(name string) (fs.FileInfo, error) {
	if _, ok := t.dirs[name]; ok {
		return treeInfo{name: path.Base(name), mode: fs.ModeDir | 0o755}, nil
	}
	if e, ok := t.files[name]; ok {
		return treeInfo{name: path.Base(name), mode: e.modeBits(), size: int64(e.Size)}, nil
	}
	return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
}

type treeDirEntry struct {
	name string
	mode fs.FileMode
}

func (e treeDirEntry) Name() string               { return e.name }
func (e treeDirEntry) IsDir() bool                { return e.mode.IsDir() }
func (e treeDirEntry) Type() fs.FileMode          { return e.mode.Type() }
func (e treeDirEntry) Info() (fs.FileInfo, error) { return treeInfo{name: e.name, mode: e.mode}, nil }

type treeInfo struct {
	name string
	mode fs.FileMode
	size int64
}

func (i treeInfo) Name() string       { return i.name }
func (i treeInfo) Size() int64        { return i.size }
func (i treeInfo) Mode() fs.FileMode  { return i.mode }
func (i treeInfo) ModTime() time.Time { return time.Time{} }
func (i treeInfo) IsDir() bool        { return i.mode.IsDir() }
func (i treeInfo) Sys() any           { return nil }

type treeFile struct {
	name  string
	entry IndexEntry
	r     *bytes.Reader
	size  int64
}

func (f *treeFile) Stat() (fs.FileInfo, error) {
	return treeInfo{name: path.Base(f.name), mode: f.entry.modeBits(), size: f.size}, nil
}

func (f *treeFile) Read(b []byte) (int, error) {
	if f.r == nil {
		return 0, fmt.Errorf("read %s: %w", f.name, errTooLarge)
	}
	return f.r.Read(b)
}

func (f *treeFile) Close() error { return nil }

type treeDir struct {
	name    string
	entries []fs.DirEntry
	read    int
}

func (d *treeDir) Stat() (fs.FileInfo, error) {
	return treeInfo{name: path.Base(d.name), mode: fs.ModeDir | 0o755}, nil
}
func (d *treeDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: errors.New("is a directory")}
}
func (d *treeDir) Close() error { return nil }

// ReadDir implements fs.ReadDirFile.
func (d *treeDir) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.entries[d.read:]
	if n <= 0 {
		d.read = len(d.entries)
		return append([]fs.DirEntry(nil), rest...), nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	n = min(n, len(rest))
	d.read += n
	return append([]fs.DirEntry(nil), rest[:n]...), nil
}

// sortedPaths lists the files in path order.
func (t *treeFS) sortedPaths() []string {
	paths := make([]string, 0, len(t.files))
	for p := range t.files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths
}
