package source

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/memlint/memlint/internal/safefile"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
)

// ErrNotARepository is returned when there is no git repository to read.
var ErrNotARepository = errNotARepository

// Staged is what the git index holds: the content the next commit will
// have. Its FS is rooted at the worktree and serves the staged Markdown,
// daily logs and .memlint.yaml files from their blobs; the working tree is
// never read.
type Staged struct {
	// Root is the worktree's root folder: paths of FS are relative to it.
	Root string
	// FS serves the staged files.
	FS fs.FS
	// Fallback, when not empty, says why the git command line reads this
	// repository instead of go-git.
	Fallback string

	objects  *lockedObjects
	headTree string // empty when HEAD is unborn (the first commit)
	layout   repoLayout
	// list is every entry of the index, from the pass that found the
	// staged files: the repository's file list and Removals read it.
	list *indexList
}

// ProjectSettings is Claude Code's checked-in project settings file,
// relative to the worktree root.
const ProjectSettings = lint.ProjectSettings

// keepStaged selects the index entries memlint can use: Markdown files,
// anything in a logs/ folder, configuration files and Claude Code's
// project settings. Everything else is skipped without allocating.
func keepStaged(p []byte) bool {
	return bytes.HasSuffix(p, mdSuffix) || bytes.Equal(p, configName) || bytes.HasSuffix(p, slashConfigName) ||
		bytes.HasPrefix(p, logsPrefix) || bytes.Contains(p, slashLogs) || bytes.Equal(p, projectSettings)
}

var (
	mdSuffix        = []byte(".md")
	configName      = []byte(lint.ConfigFileName)
	slashConfigName = []byte("/" + lint.ConfigFileName)
	logsPrefix      = []byte("logs/")
	slashLogs       = []byte("/logs/")
	projectSettings = []byte(ProjectSettings)
)

// OpenStaged reads the index of the repository around cwd: the file named
// by $GIT_INDEX_FILE when git sets it (git commit -a and git commit
// <paths> use temporary indexes), else the repository's own; $GIT_DIR is
// honoured.
func OpenStaged(cwd string, getenv func(string) string) (*Staged, error) {
	layout, err := locateRepo(cwd, getenv)
	if err != nil {
		return nil, err
	}
	// The object store is opened (its pack indexes read) and HEAD
	// resolved while the git index is decoded.
	type opened struct {
		objects  *lockedObjects
		fallback string
		tree     string
		ok       bool
		err      error
	}
	openc := make(chan opened, 1)
	go func() {
		var o opened
		if o.objects, o.fallback, o.err = openObjects(layout); o.err == nil {
			o.tree, o.ok, o.err = o.objects.resolveTree("HEAD")
		}
		openc <- o
	}()
	decoded, list, decodeErr := readIndexList(layout.indexFile, 20, keepStaged)
	o := <-openc
	if o.objects == nil {
		return nil, o.err
	}
	s := &Staged{Root: layout.workTree, Fallback: o.fallback, objects: o.objects, layout: layout}
	entries, err := s.readEntries(layout, decoded, list, decodeErr)
	if err == nil {
		err = o.err
	}
	if err != nil {
		o.objects.close()
		return nil, err
	}
	s.FS = newTreeFS(o.objects, entries)
	if o.ok {
		s.headTree = o.tree
	}
	return s, nil
}

// readEntries takes the index as decoded here (entries, list and err
// from readIndexList) when go-git reads the repository, and asks git for
// the formats it leaves to git (split and sparse indexes, sha256). It
// returns the entries keepStaged keeps and sets s.list to all of them.
func (s *Staged) readEntries(layout repoLayout, entries []IndexEntry, list *indexList, err error) ([]IndexEntry, error) {
	if !s.objects.viaGit() {
		if err == nil {
			s.list = list
			return entries, nil
		}
		if !errors.Is(err, errIndexUnsupported) {
			return nil, err
		}
		s.Fallback = err.Error()
	}
	// git would block opening a FIFO there, or read a device forever.
	if f, _, err := safefile.Open(layout.indexFile, maxIndexSize); err == nil {
		f.Close()
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("read git index: %w", err)
	}
	cli, err := newGitCLIStore(layout)
	if err != nil {
		return nil, fmt.Errorf("read the git index (%s): %w", s.Fallback, err)
	}
	defer cli.close()
	all, err := cli.lsFiles(func([]byte) bool { return true })
	if err != nil {
		return nil, err
	}
	c, err := collectListed(all, keepStaged)
	if err != nil {
		return nil, err
	}
	s.list = c.list()
	return c.kept, nil
}

// collectListed gathers the entries git ls-files listed as the index
// reader gathers decoded ones, keeping those keep selects.
func collectListed(all []IndexEntry, keep func(path []byte) bool) (*indexCollector, error) {
	c := &indexCollector{keep: keep}
	for _, e := range all {
		hash, err := hex.DecodeString(e.Hash)
		if err != nil || (c.hashLen != 0 && len(hash) != c.hashLen) {
			return nil, fmt.Errorf("git ls-files: bad object name %q", e.Hash)
		}
		c.hashLen = len(hash)
		c.add([]byte(e.Path), e.Mode, hash, e.Size)
	}
	return c, nil
}

// Close releases the object store (and the git process reading it),
// after any read-ahead has finished.
func (s *Staged) Close() error {
	if t, ok := s.FS.(*treeFS); ok {
		t.wait()
	}
	return s.objects.close()
}

// ChangedMemoryDirs finds the memory dirs of the staged content and
// returns those with a staged change against HEAD: a file added, modified,
// deleted or renamed (before the first commit, every one). It also returns
// the content those dirs had at HEAD, for log-append-only.
func (s *Staged) ChangedMemoryDirs(ignored func(string) bool) ([]string, memory.Earlier, error) {
	// Only folders holding a change need their frontmatter read: a
	// commit of a few files in a tree of thousands of Markdown folders
	// reads no blob of the others.
	changedIn, all, err := s.changedFolders()
	if err != nil {
		return nil, nil, err
	}
	var probe func(string) bool
	if !all {
		probe = func(p string) bool { return changedIn[p] }
	}
	dirs, err := memory.FindDirsIn(s.FS, ".", memory.FindOptions{Ignored: ignored, Probe: probe, RootIsTop: true})
	if err != nil {
		return nil, nil, err
	}
	tfs := s.FS.(*treeFS)
	var changed []string
	var head []IndexEntry
	own := lint.NewOwners(dirs)
	// The staged files of each dir, in path order, from one pass over the
	// index: a pass for each dir made a commit touching 4,000 memory dirs
	// read the index 4,000 times.
	stagedIn := map[string][]string{}
	for _, p := range tfs.sortedPaths() {
		if d := own.Of(p); d != "" {
			stagedIn[d] = append(stagedIn[d], p)
		}
	}
	for _, d := range dirs {
		inDir := func(p string) bool { return own.Of(p) == d }
		var before []IndexEntry
		if s.headTree != "" {
			listed, err := s.objects.listTree(s.headTree, d)
			if err != nil {
				return nil, nil, err
			}
			for _, e := range listed {
				if keepStaged([]byte(e.Path)) && inDir(e.Path) {
					before = append(before, e)
				}
			}
		}
		if differs(before, tfs, stagedIn[d]) {
			changed = append(changed, d)
			head = append(head, before...)
		}
	}
	// The linter reads every staged file of the changed dirs: start on
	// their blobs now.
	var read []string
	for _, d := range changed {
		read = append(read, stagedIn[d]...)
	}
	tfs.prefetch(read)
	return changed, memory.FSEarlier{FS: newTreeFS(s.objects, head)}, nil
}

// differs compares a dir's files at HEAD with the staged ones, those of
// staged at paths.
func differs(before []IndexEntry, staged *treeFS, paths []string) bool {
	if len(paths) != len(before) {
		return true
	}
	for _, e := range before {
		now, ok := staged.files[e.Path]
		if !ok || now.Hash != e.Hash || now.Mode&modeTypeBit != e.Mode&modeTypeBit {
			return true
		}
	}
	return false
}

// StagedConfig returns the staged .memlint.yaml nearest above the folder
// rel (relative to the root), or ok false when none is staged.
func (s *Staged) StagedConfig(rel string) (p string, data []byte, ok bool, err error) {
	for dir := path.Clean(rel); ; dir = path.Dir(dir) {
		p := path.Join(dir, lint.ConfigFileName)
		if e, isFile := s.FS.(*treeFS).files[p]; isFile {
			if e.Mode&modeTypeBit == modeSymlink {
				// Refused as on disk (lint.FindConfig): not followed.
				return p, nil, false, lint.ErrConfigSymlink
			}
			// The configuration's own cap, as on disk (lint.LoadConfig),
			// not the memory files' larger one.
			data, err := s.objects.readBlob(e.Hash, lint.MaxConfigSize)
			if errors.Is(err, errTooLarge) {
				err = fmt.Errorf("%w: larger than %d bytes", safefile.ErrTooLarge, lint.MaxConfigSize)
			}
			return p, data, err == nil, err
		}
		if dir == "." || dir == "/" {
			return "", nil, false, nil
		}
	}
}

// Changed reports whether the index holds a file at p (a path keepStaged
// keeps) that the next commit adds or changes: it is not at HEAD, or has
// other content or another file type there. Before the first commit every
// staged file is a change.
func (s *Staged) Changed(p string) (bool, error) {
	now, ok := s.FS.(*treeFS).files[p]
	if !ok {
		return false, nil
	}
	if s.headTree == "" {
		return true, nil
	}
	listed, err := s.objects.listTree(s.headTree, path.Dir(p))
	if err != nil {
		return false, fmt.Errorf("compare %s with HEAD: %w", p, err)
	}
	for _, e := range listed {
		if e.Path == p {
			return e.Hash != now.Hash || e.Mode&modeTypeBit != now.Mode&modeTypeBit, nil
		}
	}
	return true, nil
}

// Index is the staged content as a lint.Source of a change: a run lints
// the memory dirs with a staged change, as the index holds them, and
// compares with HEAD, or with Base when set (--base).
type Index struct {
	Staged *Staged
	Base   *Revision

	earlier memory.Earlier
}

// RootDir is the worktree the index belongs to.
func (x *Index) RootDir() string { return x.Staged.Root }

// ChangedDirs returns the memory dirs with a staged change, absolute.
func (x *Index) ChangedDirs(ignored func(abs string) bool) ([]string, error) {
	var rel func(string) bool
	if ignored != nil {
		rel = func(p string) bool { return ignored(filepath.Join(x.Staged.Root, filepath.FromSlash(p))) }
	}
	dirs, earlier, err := x.Staged.ChangedMemoryDirs(rel)
	if err != nil {
		return nil, err
	}
	x.earlier = earlier
	out := make([]string, len(dirs))
	for i, d := range dirs {
		out[i] = filepath.Join(x.Staged.Root, filepath.FromSlash(d))
	}
	return out, nil
}

// StagedConfig returns the staged .memlint.yaml nearest above the
// absolute folder dir (the configuration being committed); a dir outside
// the worktree looks from its top.
func (x *Index) StagedConfig(dir string) (string, []byte, bool, error) {
	rel, err := filepath.Rel(x.Staged.Root, dir)
	if err != nil || strings.HasPrefix(rel, "..") {
		rel = "."
	}
	p, data, ok, err := x.Staged.StagedConfig(filepath.ToSlash(rel))
	abs := filepath.Join(x.Staged.Root, filepath.FromSlash(p))
	if errors.Is(err, safefile.ErrTooLarge) {
		// Worded as lint.LoadConfig words it for the file on disk.
		return "", nil, false, fmt.Errorf("read config: %w", &fs.PathError{Op: "read", Path: abs + " (staged)", Err: err})
	}
	if err != nil {
		return "", nil, false, fmt.Errorf("read staged %s: %w", p, err)
	}
	return abs, data, ok, nil
}

// Open returns the whole index, rooted at the worktree.
func (x *Index) Open([]string) (string, fs.FS, memory.Earlier, error) {
	earlier := x.earlier
	if x.Base != nil {
		var err error
		if earlier, err = x.Base.Earlier(x.Staged.Root); err != nil {
			return "", nil, nil, fmt.Errorf("--base: %w", err)
		}
	}
	return x.Staged.Root, x.Staged.FS, earlier, nil
}

// Repos is the worktree alone: the commit is in that repository.
func (x *Index) Repos(lint.Plan, []*lint.Target) []string { return []string{x.Staged.Root} }

// RepoFile reads a file of the commit when the commit adds or changes it:
// like the memory dirs, it is checked when the commit touches it, so that
// a setting accepted earlier does not fail every later commit.
func (x *Index) RepoFile(top, rel string) ([]byte, string, error) {
	changed, err := x.Staged.Changed(rel)
	if err != nil || !changed {
		return nil, "", err
	}
	shown := rel + " (staged)"
	info, err := fs.Stat(x.Staged.FS, rel)
	if err != nil {
		return nil, "", fmt.Errorf("read %s: %w", shown, err)
	}
	switch {
	case !info.Mode().IsRegular():
		return nil, shown + " is not a regular file; not checked", nil
	case info.Size() > memory.DefaultMaxFileSize:
		return nil, fmt.Sprintf("%s is larger than %d bytes; not checked", shown, memory.DefaultMaxFileSize), nil
	}
	src, err := fs.ReadFile(x.Staged.FS, rel)
	if err != nil {
		return nil, "", fmt.Errorf("read %s: %w", shown, err)
	}
	return src, "", nil
}

// FixedContents reads the staged content of the files the fixes of ds
// edit (paths absolute, slash separated), by path: what lint.FixOptions'
// Staged compares the working copies with.
func (x *Index) FixedContents(ds []lint.Diagnostic) map[string][]byte {
	staged := x.Staged
	out := map[string][]byte{}
	for _, d := range ds {
		for _, e := range d.Fix.EditsOf() {
			if _, done := out[e.Path]; done {
				continue
			}
			rel, err := filepath.Rel(staged.Root, filepath.FromSlash(e.Path))
			if err != nil {
				continue
			}
			if data, err := fs.ReadFile(staged.FS, filepath.ToSlash(rel)); err == nil {
				out[e.Path] = data
			}
		}
	}
	return out
}
