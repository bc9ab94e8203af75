package claude

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"unicode/utf16"

	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// IndexPreview is what Claude Code loads as the index of a memory
// dir when a session starts (index mode).
type IndexPreview struct {
	// Path is the index's path relative to the memory dir.
	Path string
	// Exists is set when the dir holds an entry named MEMORY.md (a file,
	// a folder or a link).
	Exists bool
	// Backfill is set when there is no MEMORY.md and Claude Code would
	// write one from the topic files at the start of a session, then load
	// it (SPEC §1.1); BackfillText is the file it would write.
	Backfill     bool
	BackfillText string
	LoadedIndex
}

// DirPreview is memlint's model of what Claude Code does with one memory
// dir: its index as loaded, and the manifest recall would show.
type DirPreview struct {
	Kind memory.DirKind
	// Recall is set when Claude Code runs in recall mode for this dir
	// (SPEC §1.4): it then loads no MEMORY.md, and Index says so.
	Recall   bool
	Index    IndexPreview
	Manifest *Manifest
	// ManifestInParent is set for team memory: recall lists its files in
	// the manifest of the memory dir above (as team/<file>), not on their
	// own, so Manifest is empty.
	ManifestInParent bool
}

// PreviewOptions say how far PreviewDir may read.
type PreviewOptions struct {
	// FollowLinksOut lets symbolic links lead out of the dir, as Claude
	// Code follows them. Only for memory in the user's own Claude Code
	// config home (InClaudeHome): in a repository a link can point at
	// anything the user can read, and preview would print it.
	FollowLinksOut bool
	// Recall is the run's recall mode (ResolveRecall). In recall mode
	// Claude Code loads no MEMORY.md of an auto memory dir; a subagent's
	// still goes into its prompt.
	Recall Recall
	// Release is the Claude Code release modelled.
	Release Release
}

// PreviewDir reads the memory dir at dir (an OS path) the way Claude Code
// would; it reads nothing outside it unless opts allow links out.
func PreviewDir(dir string, opts PreviewOptions) (*DirPreview, error) {
	root, done, err := memory.OpenDirReader(dir, opts.FollowLinksOut)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", dir, err)
	}
	defer done()
	m, err := scanManifest(root, dir, true)
	if err != nil {
		return nil, err
	}
	// KindOf judges from the dir's shape: whether it has an index, topic
	// files and logs.
	_, err = root.Lstat(memory.IndexName)
	shape := &memory.Dir{Topics: make([]*memory.File, len(m.Entries))}
	if err == nil {
		shape.Index = &memory.File{}
	}
	if hasLogs(root) {
		shape.Logs = []*memory.File{{}}
	}
	p := &DirPreview{Manifest: m, Kind: memory.KindOf(dir, shape)}
	load := loadIndex
	if p.Kind == memory.DirSubagent {
		load = loadAgentIndex
	}
	p.Index = readIndexPreview(root, load, opts.Release)
	if p.Kind == memory.DirTeam {
		p.Manifest, p.ManifestInParent = &Manifest{}, true
	}
	if opts.Recall.On && p.Kind != memory.DirSubagent {
		p.Recall = true
		p.Index.LoadedIndex = LoadedIndex{Skipped: "recall mode (" + opts.Recall.Why + "): Claude Code does not load MEMORY.md; once per turn it shows its selector the manifest below and injects up to 5 chosen files"}
		return p, nil
	}
	if !p.Index.Exists && p.Kind == memory.DirAuto {
		if text := backfillIndex(root); text != "" {
			p.Index.Backfill, p.Index.BackfillText = true, text
			p.Index.LoadedIndex = loadIndex([]byte(text), opts.Release)
		}
	}
	return p, nil
}

// readIndexPreview reads MEMORY.md inside root and loads it.
func readIndexPreview(root memory.DirReader, load func([]byte, Release) LoadedIndex, rel Release) IndexPreview {
	ip := IndexPreview{Path: memory.IndexName}
	nothing := func(why string) IndexPreview {
		ip.LoadedIndex = LoadedIndex{Skipped: why}
		return ip
	}
	info, err := root.Lstat(memory.IndexName)
	if errors.Is(err, fs.ErrNotExist) {
		return nothing("there is no MEMORY.md")
	}
	ip.Exists = true
	if err != nil {
		return nothing("MEMORY.md cannot be read: " + memory.ErrText(err))
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		info, err = root.Stat(memory.IndexName)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nothing("MEMORY.md is a symbolic link to nothing: Claude Code loads no index")
		case err != nil:
			return nothing("MEMORY.md is a symbolic link out of the memory dir: Claude Code follows it, memlint does not read outside the dir")
		}
	}
	switch {
	case info.IsDir():
		return nothing("MEMORY.md is a folder: Claude Code loads no index")
	case !info.Mode().IsRegular():
		return nothing("MEMORY.md is not a regular file: Claude Code loads no index")
	}
	f, err := root.Open(memory.IndexName)
	if err != nil {
		return nothing("MEMORY.md cannot be read: " + memory.ErrText(err))
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, memory.IndexMaxBytes+1))
	if err != nil {
		return nothing("MEMORY.md cannot be read: " + memory.ErrText(err))
	}
	ip.LoadedIndex = load(src, rel)
	return ip
}

func hasLogs(root memory.DirReader) bool {
	info, err := root.Stat("logs")
	return err == nil && info.IsDir()
}

// Limits of the index Claude Code writes when MEMORY.md is missing: 70 %
// of the loading limits, entries cut to 150 characters.
const (
	backfillMaxLines = memory.IndexMaxLines * 7 / 10
	backfillMaxUnits = memory.IndexMaxUnits * 7 / 10
	backfillLineMax  = 150
)

// backfillIndex returns the MEMORY.md Claude Code 2.1.328 writes for a
// memory dir that has none, or "" when it writes none: one line per
// regular topic file outside team/, logs/, sessions/, proposals/ and
// dot-paths, newest first, until 140 lines or 17,500 units.
func backfillIndex(root memory.DirReader) string {
	if !hasBackfillCandidates(root) {
		return ""
	}
	m, err := scanManifest(root, "", false)
	if err != nil {
		return ""
	}
	var b []uint16
	lines := 0
	for _, e := range m.Entries {
		if !backfillListed(e.Path) {
			continue
		}
		line := backfillLine(e)
		if line == nil {
			continue
		}
		if lines+1 > backfillMaxLines || len(b)+len(line)+1 > backfillMaxUnits {
			break
		}
		b = append(append(b, line...), '\n')
		lines++
	}
	return string(utf16.Decode(b))
}

// hasBackfillCandidates is Claude Code's first look at the dir: no entry
// named MEMORY.md, and a topic file or a folder at the top that is not
// excluded.
func hasBackfillCandidates(root memory.DirReader) bool {
	f, err := root.Open(".")
	if err != nil {
		return false
	}
	entries, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		return false
	}
	found := false
	for _, e := range entries {
		name := e.Name()
		if name == memory.IndexName {
			return false
		}
		if strings.HasPrefix(name, ".") || recallExcludedFolders[recallFolder(name)] || recallFolder(name) == "team" {
			continue
		}
		switch t := e.Type(); {
		case t.IsRegular():
			found = found || strings.HasSuffix(name, ".md")
		case t.IsDir():
			found = true
		}
	}
	return found
}

// backfillListed drops, besides what recall drops, any path with a
// dot-segment or a team, logs, sessions or proposals segment anywhere.
func backfillListed(rel string) bool {
	for _, s := range strings.Split(rel, "/") {
		if strings.HasPrefix(s, ".") || recallExcludedFolders[recallFolder(s)] || recallFolder(s) == "team" {
			return false
		}
	}
	return true
}

// backfillLine is the index entry Claude Code writes for a topic file:
// "- [<stem>](<path>) — <description>", the line cut to 150 units, or nil
// for a path it will not link.
func backfillLine(e ManifestEntry) []uint16 {
	rel := e.Path
	if strings.ContainsAny(rel, "[]()\n\r\u2028\u2029") {
		return nil
	}
	name := utf16.Encode([]rune(rel))
	noBreaks := utf16.Encode([]rune(strings.NewReplacer("\t", "").Replace(rel)))
	if string(utf16.Decode(cleanIndex16(noBreaks))) != rel || len(name) == 0 {
		return nil
	}
	link := utf16.Encode([]rune("- [" + strings.TrimSuffix(path.Base(rel), ".md") + "](" + rel + ")"))
	desc := collapseJSSpace(cleanIndex16(utf16.Encode([]rune(e.Description))))
	room := backfillLineMax - len(link) - 3
	if len(desc) == 0 || room <= 1 {
		return link
	}
	out := append(append([]uint16(nil), link...), utf16.Encode([]rune(" \u2014 "))...)
	return append(out, cleanIndex16(shorten16(desc, room))...)
}

// collapseJSSpace replaces runs of JavaScript white space with one space
// and trims.
func collapseJSSpace(u []uint16) []uint16 {
	out := make([]uint16, 0, len(u))
	space := false
	for _, c := range u {
		if markdown.IsJSSpace(rune(c)) {
			space = true
			continue
		}
		if space && len(out) > 0 {
			out = append(out, ' ')
		}
		space = false
		out = append(out, c)
	}
	return out
}
