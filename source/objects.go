package source

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/go-git/go-billy/v5/memfs"
	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	format "github.com/go-git/go-git/v5/plumbing/format/config"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage/filesystem"

	"github.com/memlint/memlint/internal/safefile"
)

// objectStore reads what revisions hold: trees and blobs. It is go-git's
// object storage, or the git command line for repositories go-git cannot
// read (sha256 object names, reftable refs).
type objectStore interface {
	// resolveTree returns the tree of a revision; ok is false when the
	// revision names nothing yet (HEAD before the first commit).
	resolveTree(rev string) (tree string, ok bool, err error)
	// listTree returns the files below prefix ("" for all) of a tree,
	// recursively, with paths relative to the tree's root. Gitlinks are
	// left out.
	listTree(tree, prefix string) ([]IndexEntry, error)
	// readBlob returns a blob's content, refusing more than max bytes.
	readBlob(hash string, max int64) ([]byte, error)
	close() error
}

// lockedObjects serialises access to an object store: go-git's storage is
// not safe for concurrent use, and the linter reads files in parallel.
type lockedObjects struct {
	mu    sync.Mutex
	inner objectStore
}

// viaGit reports whether the git command line reads this repository.
func (l *lockedObjects) viaGit() bool {
	_, cli := l.inner.(*gitCLIStore)
	return cli
}

func (l *lockedObjects) resolveTree(rev string) (string, bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.inner.resolveTree(rev)
}

// subtrees is the tree of a go-git store one folder at a time, for a walk
// that skips the folders it knows are unchanged; ok is false for the git
// command line, where each folder would cost a process.
func (l *lockedObjects) subtrees() (read func(tree string) ([]object.TreeEntry, error), ok bool) {
	g, ok := l.inner.(*goGitStore)
	if !ok {
		return nil, false
	}
	return func(tree string) ([]object.TreeEntry, error) {
		l.mu.Lock()
		defer l.mu.Unlock()
		t, err := object.GetTree(g.objects, plumbing.NewHash(tree))
		if err != nil {
			return nil, fmt.Errorf("read tree %s: %w", tree, err)
		}
		return t.Entries, nil
	}, true
}

func (l *lockedObjects) listTree(tree, prefix string) ([]IndexEntry, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.inner.listTree(tree, prefix)
}

func (l *lockedObjects) readBlob(hash string, max int64) ([]byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.inner.readBlob(hash, max)
}

func (l *lockedObjects) close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.inner.close()
}

// largeObject is the size above which go-git streams an object from
// disk instead of loading it whole: memlint reads no file larger
// (lint.DefaultMaxFileSize), so a larger blob is only ever refused.
const largeObject = 8 << 20

// errTooLarge is returned for blobs over the size a caller accepts.
var errTooLarge = errors.New("too large")

// harmlessExtensions do not change how objects, refs or the index are
// read: go-git v5 refuses to open a repository that sets them, so they are
// dropped from the configuration it sees.
var harmlessExtensions = map[string]bool{
	"worktreeconfig": true, "relativeworktrees": true, "partialclone": true,
	"preciousobjects": true, "noop": true, "noop-v1": true,
}

// openObjects returns go-git's object store when it can read the
// repository, and the git command line's otherwise, with the reason.
func openObjects(l repoLayout) (*lockedObjects, string, error) {
	if err := checkGitFiles(l); err != nil {
		return nil, "", err
	}
	// KeepDescriptors: without it go-git reopens the packfile for every
	// object it reads; close() releases it.
	st := filesystem.NewStorageWithOptions(osfs.New(l.commonDir), cache.NewObjectLRUDefault(), storageOptions)
	store, err := newGoGitStore(l, st)
	if err == nil {
		return &lockedObjects{inner: store}, "", nil
	}
	reason := err.Error()
	cli, cerr := newGitCLIStore(l)
	if cerr != nil {
		return nil, "", fmt.Errorf("read the repository: go-git cannot (%s) and the git command failed: %w", reason, cerr)
	}
	return &lockedObjects{inner: cli}, reason, nil
}

// storageOptions are those of every object storage opened here, the
// repository's own and its alternates'.
// go-git's own lookup in alternates is turned off (AlternatesFS is an
// empty file system): it reads an object found there whole, and resolves
// absolute alternate paths inside the repository's folder, so it misses
// them; openAlternates and withAlternates do it instead.
var storageOptions = filesystem.Options{KeepDescriptors: true, ExclusiveAccess: true, LargeObjectThreshold: largeObject, AlternatesFS: memfs.New()}

// maxAlternateDepth is how deep git itself follows alternates of
// alternates.
const maxAlternateDepth = 5

// openAlternates opens the object stores objects/info/alternates names
// below the objects folder objects, and theirs, breadth first as git
// searches them. go-git reads an object found only there through a storage
// of its own, without LargeObjectThreshold and after no size check: a
// huge blob would be inflated whole. An alternate folder not named
// "objects" is an error (go-git's storage cannot be rooted at it; the git
// command line reads such a repository instead).
func openAlternates(objects string) ([]*filesystem.Storage, error) {
	var out []*filesystem.Storage
	seen := map[string]bool{filepath.Clean(objects): true}
	level := []string{objects}
	for depth := 0; depth < maxAlternateDepth && len(level) > 0; depth++ {
		var next []string
		for _, dir := range level {
			name := filepath.Join(dir, "info", "alternates")
			b, err := safefile.ReadFile(name, maxAlternatesSize)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("read the git repository: %w", err)
			}
			for _, line := range strings.Split(string(b), "\n") {
				line = strings.TrimRight(line, "\r")
				if line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				alt := line
				if !filepath.IsAbs(alt) {
					alt = filepath.Join(dir, alt)
				}
				alt = filepath.Clean(alt)
				if seen[alt] {
					continue
				}
				seen[alt] = true
				if filepath.Base(alt) != "objects" {
					return nil, fmt.Errorf("alternate object folder %s is not named objects", alt)
				}
				if info, err := os.Stat(alt); err != nil || !info.IsDir() {
					continue // git warns and goes on
				}
				if err := checkGitFile(filepath.Join(alt, "info", "alternates"), maxAlternatesSize); err != nil {
					return nil, err
				}
				out = append(out, filesystem.NewStorageWithOptions(osfs.New(filepath.Dir(alt)), cache.NewObjectLRUDefault(), storageOptions))
				next = append(next, alt)
			}
		}
		level = next
	}
	return out, nil
}

// tolerantStorer hides harmless extensions from go-git's check, and
// looks in the alternate object stores for an object the repository's own
// store does not hold.
type tolerantStorer struct {
	*filesystem.Storage
	alternates []*filesystem.Storage
	packs      *packs // the repository's own packfiles; nil leaves them to Storage
}

// EncodedObject finds the object in the repository's store (its packs
// first), then in its alternates, in the order git searches them.
func (t tolerantStorer) EncodedObject(typ plumbing.ObjectType, h plumbing.Hash) (plumbing.EncodedObject, error) {
	if t.packs != nil {
		if obj, ok, err := t.packs.object(typ, h); ok {
			return obj, err
		}
	}
	obj, err := t.Storage.EncodedObject(typ, h)
	if !errors.Is(err, plumbing.ErrObjectNotFound) {
		return obj, err
	}
	for _, alt := range t.alternates {
		if obj, aerr := alt.EncodedObject(typ, h); aerr == nil {
			return obj, nil
		}
	}
	return nil, err
}

func (t tolerantStorer) Config() (*config.Config, error) {
	cfg, err := t.Storage.Config()
	if err != nil || cfg.Raw == nil || !cfg.Raw.HasSection("extensions") {
		return cfg, err
	}
	sec := cfg.Raw.Section("extensions")
	for _, opt := range append(format.Options(nil), sec.Options...) {
		key, value := strings.ToLower(opt.Key), strings.ToLower(opt.Value)
		if harmlessExtensions[key] || (key == "objectformat" && value == "sha1") || (key == "refstorage" && value == "files") {
			sec.RemoveOption(opt.Key)
		}
	}
	return cfg, nil
}

type goGitStore struct {
	layout     repoLayout
	st         *filesystem.Storage
	alternates []*filesystem.Storage
	objects    tolerantStorer // st and its alternates
	// roots are the trees listTree listed below, decoded once: the memory
	// dirs of a commit are each listed from the HEAD tree, and decoding it
	// for each made a commit touching 4,000 dirs read it 4,000 times. A
	// tree keeps the folders it found on the way to a prefix
	// (object.Tree.FindEntry), so a folder above many dirs is decoded
	// once as well. lockedObjects serialises the calls.
	roots map[plumbing.Hash]*object.Tree
}

func newGoGitStore(l repoLayout, st *filesystem.Storage) (*goGitStore, error) {
	cfg, err := st.Config()
	if err != nil {
		return nil, fmt.Errorf("config: %v", err)
	}
	if cfg.Raw != nil && cfg.Raw.HasSection("extensions") {
		sec := cfg.Raw.Section("extensions")
		if f := strings.ToLower(sec.Option("objectformat")); f != "" && f != "sha1" {
			return nil, fmt.Errorf("objects are named with %s", f)
		}
		if r := strings.ToLower(sec.Option("refstorage")); r != "" && r != "files" {
			return nil, fmt.Errorf("refs are stored as %s", r)
		}
	}
	alternates, err := openAlternates(filepath.Join(l.commonDir, "objects"))
	if err != nil {
		return nil, err
	}
	objects := tolerantStorer{Storage: st, alternates: alternates, packs: openPacks(st, l.commonDir)}
	if err := checkRepository(objects); err != nil {
		closeAll(alternates)
		if objects.packs != nil {
			objects.packs.close()
		}
		return nil, err
	}
	return &goGitStore{layout: l, st: st, alternates: alternates, objects: objects}, nil
}

// head resolves this worktree's HEAD (linked worktrees have their own,
// which go-git's repository object would not see).
func (g *goGitStore) head() (plumbing.Hash, bool, error) {
	b, err := safefile.ReadFile(filepath.Join(g.layout.gitDir, "HEAD"), maxHeadSize)
	if err != nil {
		return plumbing.ZeroHash, false, fmt.Errorf("read HEAD: %w", err)
	}
	line := strings.TrimSpace(string(b))
	if !strings.HasPrefix(line, "ref:") {
		if !plumbing.IsHash(line) {
			return plumbing.ZeroHash, false, fmt.Errorf("HEAD holds %q", line)
		}
		return plumbing.NewHash(line), true, nil
	}
	name := plumbing.ReferenceName(strings.TrimSpace(strings.TrimPrefix(line, "ref:")))
	// go-git opens the loose ref file by name: a FIFO there would block.
	if err := checkGitFile(filepath.Join(g.layout.commonDir, filepath.FromSlash(name.String())), maxLooseRefSize); err != nil {
		return plumbing.ZeroHash, false, err
	}
	ref, err := g.st.Reference(name)
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return plumbing.ZeroHash, false, nil // unborn: the first commit
	}
	if err != nil {
		return plumbing.ZeroHash, false, fmt.Errorf("resolve %s: %w", name, err)
	}
	for i := 0; ref.Type() == plumbing.SymbolicReference && i < 10; i++ {
		if ref, err = g.st.Reference(ref.Target()); err != nil {
			return plumbing.ZeroHash, false, fmt.Errorf("resolve %s: %w", name, err)
		}
	}
	return ref.Hash(), true, nil
}

func (g *goGitStore) resolveTree(rev string) (string, bool, error) {
	var h plumbing.Hash
	switch {
	case rev == "HEAD":
		// Read directly: go-git's revision parser tries every ref and
		// object prefix first, which costs milliseconds on a big repository.
		head, ok, err := g.head()
		if err != nil || !ok {
			return "", ok, err
		}
		h = head
	default:
		if strings.HasPrefix(rev, "HEAD~") || strings.HasPrefix(rev, "HEAD^") {
			// This worktree's HEAD, which go-git's repository object does
			// not know for linked worktrees.
			head, ok, err := g.head()
			if err != nil || !ok {
				return "", ok, err
			}
			rev = head.String() + strings.TrimPrefix(rev, "HEAD")
		}
		p, err := resolveRevision(g.objects, rev)
		if err != nil {
			return "", false, fmt.Errorf("resolve %s: %w", rev, err)
		}
		h = p
	}
	commit, err := object.GetCommit(g.objects, h)
	if err != nil {
		return "", false, fmt.Errorf("read commit %s: %w", h, err)
	}
	return commit.TreeHash.String(), true, nil
}

func (g *goGitStore) listTree(treeID, prefix string) ([]IndexEntry, error) {
	h := plumbing.NewHash(treeID)
	tree := g.roots[h]
	if tree == nil {
		var err error
		if tree, err = object.GetTree(g.objects, h); err != nil {
			return nil, fmt.Errorf("read tree %s: %w", treeID, err)
		}
		if g.roots == nil {
			g.roots = map[plumbing.Hash]*object.Tree{}
		}
		g.roots[h] = tree
	}
	var err error
	if prefix != "" && prefix != "." {
		if tree, err = tree.Tree(prefix); errors.Is(err, object.ErrDirectoryNotFound) {
			return nil, nil
		} else if err != nil {
			return nil, fmt.Errorf("read %s in tree %s: %w", prefix, treeID, err)
		}
	}
	w := object.NewTreeWalker(tree, true, nil)
	defer w.Close()
	var out []IndexEntry
	for {
		name, e, err := w.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("walk tree %s: %w", treeID, err)
		}
		if e.Mode == filemode.Dir || e.Mode == filemode.Submodule {
			continue
		}
		out = append(out, IndexEntry{Path: path.Join(prefix, name), Mode: uint32(e.Mode), Hash: e.Hash.String()})
	}
	return out, nil
}

func (g *goGitStore) readBlob(hash string, max int64) ([]byte, error) {
	// The size first, from the loose object's header or the packfile's
	// entry: EncodedObject inflates a whole loose object into memory
	// before its size can be looked at. An object only an alternate holds
	// is looked up in the alternate's storage, opened here with the same
	// options: go-git's own fallback to alternates would load it whole.
	// The repository's packs come first (packs).
	h := plumbing.NewHash(hash)
	if g.objects.packs != nil {
		if size, ok, err := g.objects.packs.size(h); ok {
			if err == nil && size > max {
				return nil, errTooLarge
			}
			obj, _, err := g.objects.packs.object(plumbing.BlobObject, h)
			return readObject(obj, err, hash, max)
		}
	}
	st := g.st
	size, err := st.EncodedObjectSize(h)
	if errors.Is(err, plumbing.ErrObjectNotFound) && len(g.alternates) > 0 {
		for _, alt := range g.alternates {
			if s, aerr := alt.EncodedObjectSize(h); aerr == nil {
				st, size, err = alt, s, nil
				break
			}
		}
		if err != nil {
			return nil, fmt.Errorf("read blob %s: %w", hash, err)
		}
	}
	if err == nil && size > max {
		return nil, errTooLarge
	}
	obj, err := st.EncodedObject(plumbing.BlobObject, h)
	return readObject(obj, err, hash, max)
}

// readObject reads the content of a blob found (or not: err) by name,
// refusing more than max bytes.
func readObject(obj plumbing.EncodedObject, err error, hash string, max int64) ([]byte, error) {
	if err != nil {
		return nil, fmt.Errorf("read blob %s: %w", hash, err)
	}
	if obj.Size() > max {
		return nil, errTooLarge
	}
	r, err := obj.Reader()
	if err != nil {
		return nil, fmt.Errorf("read blob %s: %w", hash, err)
	}
	defer r.Close()
	b, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, fmt.Errorf("read blob %s: %w", hash, err)
	}
	return b, nil
}

func (g *goGitStore) close() error {
	if g.objects.packs != nil {
		g.objects.packs.close()
	}
	closeAll(g.alternates)
	return g.st.Close()
}

// closeAll releases the descriptors storages keep.
func closeAll(sts []*filesystem.Storage) {
	for _, st := range sts {
		st.Close()
	}
}

// gitCLIStore reads objects through the git command line: rev-parse,
// ls-tree, and one long-running cat-file --batch.
type gitCLIStore struct {
	layout repoLayout

	mu    sync.Mutex
	batch *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Reader
}

func newGitCLIStore(l repoLayout) (*gitCLIStore, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return nil, errors.New("git is not installed")
	}
	return &gitCLIStore{layout: l}, nil
}

// git runs a git command in the worktree with this repository's git dir.
func (c *gitCLIStore) git(args ...string) ([]byte, error) {
	cmd := c.command(args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

func (c *gitCLIStore) command(args ...string) *exec.Cmd {
	cmd := exec.Command("git", args...)
	cmd.Dir = c.layout.workTree
	cmd.Env = append(os.Environ(), "GIT_DIR="+c.layout.gitDir, "GIT_INDEX_FILE="+c.layout.indexFile)
	return cmd
}

func (c *gitCLIStore) resolveTree(rev string) (string, bool, error) {
	out, err := c.command("rev-parse", "--verify", "--quiet", rev+"^{tree}").Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) && rev == "HEAD" {
			return "", false, nil // unborn HEAD
		}
		return "", false, fmt.Errorf("resolve %s: not a revision of this repository", rev)
	}
	return strings.TrimSpace(string(out)), true, nil
}

func (c *gitCLIStore) listTree(tree, prefix string) ([]IndexEntry, error) {
	args := []string{"ls-tree", "-r", "-z", "--full-tree", tree}
	if prefix != "" && prefix != "." {
		args = append(args, "--", prefix+"/")
	}
	out, err := c.git(args...)
	if err != nil {
		return nil, err
	}
	var entries []IndexEntry
	for _, rec := range bytes.Split(out, []byte{0}) {
		// <mode> SP <type> SP <object> TAB <path>
		tab := bytes.IndexByte(rec, '\t')
		if tab < 0 {
			continue
		}
		fields := strings.Fields(string(rec[:tab]))
		if len(fields) != 3 || fields[1] != "blob" {
			continue
		}
		mode, _ := strconv.ParseUint(fields[0], 8, 32)
		entries = append(entries, IndexEntry{Path: string(rec[tab+1:]), Mode: uint32(mode), Hash: fields[2]})
	}
	return entries, nil
}

// lsFiles lists the stage-0 entries of the index through git, for index
// formats readIndexList leaves to it.
func (c *gitCLIStore) lsFiles(keep func([]byte) bool) ([]IndexEntry, error) {
	out, err := c.git("ls-files", "--stage", "-z")
	if err != nil {
		return nil, err
	}
	var entries []IndexEntry
	for _, rec := range bytes.Split(out, []byte{0}) {
		// <mode> SP <object> SP <stage> TAB <path>
		tab := bytes.IndexByte(rec, '\t')
		if tab < 0 {
			continue
		}
		fields := strings.Fields(string(rec[:tab]))
		p := rec[tab+1:]
		if len(fields) != 3 || fields[2] != "0" || !keep(p) {
			continue
		}
		mode, _ := strconv.ParseUint(fields[0], 8, 32)
		if mode&modeTypeBit == modeGitlink {
			continue
		}
		entries = append(entries, IndexEntry{Path: string(p), Mode: uint32(mode), Hash: fields[1]})
	}
	return entries, nil
}

func (c *gitCLIStore) readBlob(hash string, max int64) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.batch == nil {
		cmd := c.command("cat-file", "--batch")
		in, err := cmd.StdinPipe()
		if err != nil {
			return nil, fmt.Errorf("git cat-file: %w", err)
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			return nil, fmt.Errorf("git cat-file: %w", err)
		}
		if err := cmd.Start(); err != nil {
			return nil, fmt.Errorf("git cat-file: %w", err)
		}
		c.batch, c.in, c.out = cmd, in, bufio.NewReader(out)
	}
	if _, err := fmt.Fprintln(c.in, hash); err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	header, err := c.out.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	fields := strings.Fields(header)
	if len(fields) != 3 {
		return nil, fmt.Errorf("read blob %s: %s", hash, strings.TrimSpace(header))
	}
	size, err := strconv.ParseInt(fields[2], 10, 64)
	if err != nil {
		return nil, fmt.Errorf("read blob %s: bad size in %q", hash, header)
	}
	if size > max {
		// Skip the content to keep the stream in step.
		if _, err := io.CopyN(io.Discard, c.out, size+1); err != nil {
			return nil, fmt.Errorf("git cat-file: %w", err)
		}
		return nil, errTooLarge
	}
	b := make([]byte, size+1) // content and its trailing newline
	if _, err := io.ReadFull(c.out, b); err != nil {
		return nil, fmt.Errorf("git cat-file: %w", err)
	}
	return b[:size], nil
}

func (c *gitCLIStore) close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.batch == nil {
		return nil
	}
	c.in.Close()
	err := c.batch.Wait()
	c.batch = nil
	return err
}
