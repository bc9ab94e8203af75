package claude

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/lint/memory"
)

// ManifestEntry is one line of the recall manifest.
type ManifestEntry struct {
	Path    string // relative to the memory dir, slash separated
	ModTime time.Time
	RecallFields
	Line string
}

// ManifestSkip is a file the manifest may miss because memlint did not
// read it.
type ManifestSkip struct {
	Path, Reason string
}

// Manifest is what Claude Code's recall would show its selector for a
// memory dir (SPEC §1.4).
type Manifest struct {
	// Entries are newest first, at most RecallMaxFiles.
	Entries []ManifestEntry
	// Total is how many files recall lists before the cap.
	Total int
	// Skipped lists what memlint did not follow or read.
	Skipped []ManifestSkip
}

// Bounds of the recall walk: memory dirs are small, a hostile tree is not.
const (
	maxRecallEntries = 100000
	maxRecallDepth   = 64
	// What folder links lead to (in the user's config home, anywhere
	// on disk) is walked at most maxLinkedDepth levels below each link,
	// and maxLinkedEntries entries over all of them: enough for a folder
	// of notes kept elsewhere, not for a walk of the disk.
	maxLinkedEntries = 10000
	maxLinkedDepth   = 16
	// recallReadBytes is enough raw bytes for a 64 KB window of text in
	// any encoding Claude Code reads (UTF-16 halves it).
	recallReadBytes = 4*recallHeadBytes + 256
)

// recallFile is a file the recall walk found.
type recallFile struct {
	rel  string
	info fs.FileInfo
}

// scanManifestDir lists the files recall would show for the memory dir at
// dir, with their manifest lines. Symbolic links are followed as Claude
// Code follows them, but only inside dir: memlint never reads outside
// where it was pointed, and says which links it left.
func scanManifestDir(dir string) (*Manifest, error) {
	root, done, err := memory.OpenDirReader(dir, false)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", dir, err)
	}
	defer done()
	return scanManifest(root, dir, true)
}

// scanManifest lists the files recall would show for the memory dir at
// dir (an OS path), read through root. With followLinks it follows the
// walk's symbolic links as far as root lets them lead, but never into a
// folder that holds dir.
func scanManifest(root memory.DirReader, dir string, followLinks bool) (*Manifest, error) {
	w := &recallWalk{root: root, entered: map[[2]uint64]bool{}}
	if err := w.walk("", 0, false); err != nil {
		return nil, err
	}
	if followLinks {
		w.holders = foldersHolding(dir)
		for len(w.links) > 0 {
			links := w.links
			w.links = nil
			sort.Strings(links)
			for _, l := range links {
				w.follow(l)
			}
		}
	}
	m := &Manifest{Skipped: w.skipped}
	for _, f := range w.files {
		if !recallListed(f.rel) {
			continue
		}
		fields, info, err := readRecallFile(root, f.rel)
		if err != nil {
			m.Skipped = append(m.Skipped, ManifestSkip{f.rel, err.Error()})
			continue
		}
		m.Entries = append(m.Entries, ManifestEntry{Path: f.rel, ModTime: info.ModTime(), RecallFields: fields,
			Line: manifestLine(f.rel, info.ModTime(), fields)})
	}
	sortNewestFirst(m.Entries)
	m.Total = len(m.Entries)
	if len(m.Entries) > RecallMaxFiles {
		m.Entries = m.Entries[:RecallMaxFiles]
	}
	return m, nil
}

// sortNewestFirst orders entries by mtime as Claude Code compares it
// (floating-point milliseconds), newest first. Ties keep the walk's order,
// as Claude Code's stable sort does: files found through links after the
// others; within a folder memlint lists names in byte order, where Claude
// Code takes the file system's order.
func sortNewestFirst(es []ManifestEntry) {
	ms := func(t time.Time) float64 { return float64(t.Unix())*1000 + float64(t.Nanosecond())/1e6 }
	sort.SliceStable(es, func(i, j int) bool { return ms(es[i].ModTime) > ms(es[j].ModTime) })
}

// recallWalk walks a memory dir as Claude Code's recall scan does: every
// folder, dot-folders included (the listing filter drops them), links
// collected and followed afterwards, each real folder entered once.
type recallWalk struct {
	root    memory.DirReader
	files   []recallFile
	links   []string
	skipped []ManifestSkip
	entered map[[2]uint64]bool
	// holders are the memory dir and the folders above it, where no
	// link is followed.
	holders *folderHolders
	seen    int
	full    bool
	// linkedSeen counts the entries of folders reached through links.
	linkedSeen int
	linkedFull bool
}

// room is how many more entries the walk may list, in a folder reached
// through a link when linked.
func (w *recallWalk) room(linked bool) int {
	n := maxRecallEntries - w.seen
	if linked {
		n = min(n, maxLinkedEntries-w.linkedSeen)
	}
	return max(n, 0)
}

// walk lists the folder rel, depth levels below the memory dir (below
// the link that led to it, when linked) and the folders in it.
func (w *recallWalk) walk(rel string, depth int, linked bool) error {
	name := rel
	if name == "" {
		name = "."
	}
	if info, err := w.root.Stat(name); err == nil {
		if id, ok := fileID(info); ok {
			w.entered[id] = true
		}
	}
	f, err := w.root.Open(name)
	if err != nil {
		if rel == "" {
			return fmt.Errorf("read %s: %w", name, errors.Unwrap(err))
		}
		w.skipped = append(w.skipped, ManifestSkip{rel + "/", "folder cannot be read: " + memory.ErrText(err)})
		return nil
	}
	// A folder of millions of entries is not read whole: past the walk's
	// room its listing stops anyway.
	entries, err := f.ReadDir(w.room(linked) + 1)
	f.Close()
	if errors.Is(err, io.EOF) {
		err = nil // an empty folder
	}
	if err != nil {
		if rel == "" {
			return fmt.Errorf("read %s: %w", name, errors.Unwrap(err))
		}
		w.skipped = append(w.skipped, ManifestSkip{rel + "/", "folder cannot be read: " + memory.ErrText(err)})
		return nil
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	for _, e := range entries {
		if w.seen++; w.seen > maxRecallEntries {
			if !w.full {
				w.full = true
				w.skipped = append(w.skipped, ManifestSkip{rel, fmt.Sprintf("more than %d entries: memlint stopped listing", maxRecallEntries)})
			}
			return nil
		}
		if linked {
			if w.linkedSeen++; w.linkedSeen > maxLinkedEntries {
				if !w.linkedFull {
					w.linkedFull = true
					w.skipped = append(w.skipped, ManifestSkip{rel, fmt.Sprintf("more than %d entries through symbolic links: memlint stopped listing what links lead to", maxLinkedEntries)})
				}
				return nil
			}
		}
		child := path.Join(rel, e.Name())
		switch t := e.Type(); {
		case t.IsRegular():
			info, err := e.Info()
			if err == nil {
				w.files = append(w.files, recallFile{child, info})
			}
		case t.IsDir():
			if !recallMayHoldListed(child) {
				// Claude Code walks it too but lists nothing in it; a
				// link to it later lists nothing either.
				if info, err := e.Info(); err == nil {
					if id, ok := fileID(info); ok {
						w.entered[id] = true
					}
				}
				continue
			}
			if depth >= maxRecallDepth || linked && depth >= maxLinkedDepth {
				w.skipped = append(w.skipped, ManifestSkip{child + "/", "folder nested too deep: not listed"})
				continue
			}
			if err := w.walk(child, depth+1, linked); err != nil {
				return err
			}
		case t&fs.ModeSymlink != 0:
			w.links = append(w.links, child)
		}
	}
	return nil
}

// follow follows one link found by the walk: a file is listed under the
// link's path, a folder walked unless already entered or one that holds
// the memory dir (a link to / or to the folder above would list the
// whole disk, or the dir again inside itself).
func (w *recallWalk) follow(rel string) {
	info, err := w.root.Stat(rel)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return // a dangling link lists nothing, in Claude Code too
	case err != nil:
		if recallListed(rel) || recallListed(rel+"/x.md") {
			w.skipped = append(w.skipped, ManifestSkip{rel, "symbolic link out of the memory dir: Claude Code follows it, memlint does not read outside the dir"})
		}
		return
	case info.IsDir():
		if id, ok := fileID(info); ok && w.entered[id] || !recallMayHoldListed(rel) {
			return
		}
		if w.holders.hold(info, rel) {
			w.skipped = append(w.skipped, ManifestSkip{rel, "symbolic link to a folder that holds the memory dir: memlint does not follow it"})
			return
		}
		if strings.Count(rel, "/") >= maxRecallDepth {
			return
		}
		_ = w.walk(rel, 0, true)
	case info.Mode().IsRegular():
		w.files = append(w.files, recallFile{rel, info})
	}
}

// readRecallFile reads the start of a topic file inside root and what
// recall takes from it. Special files are never opened.
func readRecallFile(root memory.DirReader, rel string) (RecallFields, fs.FileInfo, error) {
	info, err := root.Stat(rel)
	if err != nil {
		return RecallFields{}, nil, fmt.Errorf("cannot be read: %s", memory.ErrText(err))
	}
	if !info.Mode().IsRegular() {
		return RecallFields{}, nil, errors.New("not a regular file; Claude Code lists nothing for it")
	}
	f, err := root.Open(rel)
	if err != nil {
		return RecallFields{}, nil, fmt.Errorf("cannot be read: %s", memory.ErrText(err))
	}
	defer f.Close()
	head, err := io.ReadAll(io.LimitReader(f, recallReadBytes))
	if err != nil {
		return RecallFields{}, nil, fmt.Errorf("cannot be read: %s", memory.ErrText(err))
	}
	if info2, err := f.Stat(); err == nil {
		info = info2
	}
	return readRecallFields(head), info, nil
}

// recallMayHoldListed reports whether a folder (relative to the memory
// dir) can hold a file recall lists. Skipping the others is what keeps a
// memory dir that is also a git repository (its .git/) cheap to scan.
func recallMayHoldListed(rel string) bool {
	segs := strings.Split(rel, "/")
	for _, s := range segs {
		if strings.HasPrefix(s, ".") {
			return false
		}
	}
	switch first := recallFolder(segs[0]); {
	case first == "team":
		return len(segs) == 1
	case recallExcludedFolders[first]:
		return false
	}
	return true
}

// folderHolders are the folders that hold a memory dir: the dir itself
// and every folder above it, by its own path and by its real one.
type folderHolders struct {
	dir string
	// ids are the folders' device and inode numbers; where the system
	// gives none, real is the dir's real path, to compare with the real
	// path of what a link leads to.
	ids  map[[2]uint64]bool
	real string
}

// foldersHolding returns the folders that hold the OS path dir.
func foldersHolding(dir string) *folderHolders {
	h := &folderHolders{dir: dir, ids: map[[2]uint64]bool{}}
	if abs, err := filepath.Abs(dir); err == nil {
		h.dir = abs
	}
	h.real = h.dir
	if real, err := filepath.EvalSymlinks(h.dir); err == nil {
		h.real = real
	}
	for _, p := range []string{h.dir, h.real} {
		for {
			if info, err := os.Stat(p); err == nil {
				if id, ok := fileID(info); ok {
					h.ids[id] = true
				}
			}
			parent := filepath.Dir(p)
			if parent == p {
				break
			}
			p = parent
		}
	}
	return h
}

// hold reports whether info, the folder the link rel in the memory dir
// leads to, holds the memory dir.
func (h *folderHolders) hold(info fs.FileInfo, rel string) bool {
	if h == nil {
		return false
	}
	if id, ok := fileID(info); ok {
		return h.ids[id]
	}
	real, err := filepath.EvalSymlinks(filepath.Join(h.dir, filepath.FromSlash(rel)))
	return err == nil && pathutil.Within(h.real, real)
}
