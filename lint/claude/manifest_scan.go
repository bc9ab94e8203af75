package claude

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"

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
	return scanManifest(root, true)
}

func scanManifest(root memory.DirReader, followLinks bool) (*Manifest, error) {
	w := &recallWalk{root: root, entered: map[[2]uint64]bool{}}
	if err := w.walk("", 0); err != nil {
		return nil, err
	}
	if followLinks {
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
	seen    int
	full    bool
}

func (w *recallWalk) walk(rel string, depth int) error {
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
	entries, err := f.ReadDir(-1)
	f.Close()
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
			if depth >= maxRecallDepth {
				w.skipped = append(w.skipped, ManifestSkip{child + "/", "folder nested too deep: not listed"})
				continue
			}
			if err := w.walk(child, depth+1); err != nil {
				return err
			}
		case t&fs.ModeSymlink != 0:
			w.links = append(w.links, child)
		}
	}
	return nil
}

// follow follows one link found by the walk: a file is listed under the
// link's path, a folder walked unless already entered.
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
		if strings.Count(rel, "/") >= maxRecallDepth {
			return
		}
		_ = w.walk(rel, strings.Count(rel, "/")+1)
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
