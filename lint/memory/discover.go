package memory

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/memlint/memlint/internal/gitrepo"
	"github.com/memlint/memlint/internal/lazyre"
)

// This file is memlint's one answer to "which folders are memory dirs"
// and "which memory dir does this file belong to". Every entry point asks
// it: PATHs and discovery (FindDirs, DirOf), the staged index
// and pre-commit file names (FindDirs over their fs.FS), a Claude
// Code write (DirAbove), the repository words stale-reference
// compares with, and the engine (Owners).
//
// The rule: a folder is a memory dir when
//
//   - it holds MEMORY.md (a folder of that name counts too: it marks a
//     memory dir whose index is broken, which index-missing reports);
//   - or, when it is inside no other memory dir and is no repository's
//     top level (a folder holding .git), it holds topic files whose
//     frontmatter carries a memory type (type or metadata.type
//     user, feedback, project or reference, or node_type: memory),
//     whatever the folder is named: at most maxProbedFiles Markdown files
//     are probed, the first probeBytes of each;
//   - or it is team/ directly inside a memory dir and holds Markdown, or
//     holds a skills folder (skills.go) itself or in one of its folders
//     (team/<mount>/skills/, Claude Code's team memory stores);
//   - or it is where Claude Code keeps memory by its place alone: a
//     subagent's folder agent-memory/<agent>/ or agent-memory-local/<agent>/,
//     or projects/<key>/memory/, in a folder named .claude or in the
//     Claude Code config home.
//
// A folder merely named memory/ that holds other Markdown is not one.
// Symbolic links are never followed: neither linked folders nor linked
// files are looked into.

// Bounds of the frontmatter probe: the Markdown files read per folder, and
// the bytes read of each.
const (
	maxProbedFiles = 3
	probeBytes     = 2048
)

// claudeFolder is the name of the folder Claude Code keeps its state in,
// in a project (.claude/) and in the home folder (~/.claude/).
const claudeFolder = ".claude"

// dirPlace is where a folder is, as the rule needs it: its name and the
// names of the folders above it, whether the folder two or three levels up
// is the Claude Code config home, and whether the folder above, or any
// folder above, is a memory dir.
type dirPlace struct {
	name, parent, grandparent, great string
	// homeAt2, homeAt3: the grandparent, the great-grandparent is the
	// Claude Code config home.
	homeAt2, homeAt3 bool
	parentIs, inside bool
	// unprobed: the caller needs no answer from the frontmatter probe
	// here (FindDirsIn with a Probe); top: the folder is a repository's top
	// level.
	unprobed, top bool
}

// isMemoryDir is the rule, for the folder p of fsys holding entries.
func isMemoryDir(fsys fs.FS, p string, entries []fs.DirEntry, at dirPlace) bool {
	switch {
	case hasIndex(entries):
		return true
	case AgentMemoryParent(at.parent) && (at.grandparent == claudeFolder || at.homeAt2):
		return true // a subagent's memory, by place
	case at.name == "memory" && at.grandparent == "projects" && (at.great == claudeFolder || at.homeAt3):
		return true // Claude Code's project memory, by place
	case at.parentIs && at.name == "team":
		return hasMarkdown(entries) || holdsTeamSkills(fsys, p, entries)
	case at.inside:
		return false // a subfolder of a memory dir is part of it
	case at.unprobed || at.top || hasEntry(entries, ".git"):
		return false // a repository's top level needs its MEMORY.md
	}
	return hasTypedTopic(fsys, p, entries)
}

// FindDirs returns the memory dirs at or below root in fsys, sorted,
// by the rule at the top of this file. Version control, dependency and
// hidden folders (but .claude) are skipped, and so is anything ignored
// reports true for.
func FindDirs(fsys fs.FS, root string, ignored func(p string) bool) ([]string, error) {
	return FindDirsIn(fsys, root, FindOptions{Ignored: ignored})
}

// FindOptions are the settings of FindDirsIn.
type FindOptions struct {
	// Ignored, when set, leaves out the folders it reports true for.
	Ignored func(p string) bool
	// Probe, when set, limits reading topic files' frontmatter to the
	// folders it accepts; elsewhere a folder is a memory dir only by the
	// rule's other clauses. A caller that needs only the memory dirs
	// holding some paths (the changes of a commit) passes the folders at
	// and above them and spares the reads in the rest of the tree: a
	// folder holding none of the paths cannot change which dir holds one.
	Probe func(p string) bool
	// RootIsTop says root is a repository's top level although fsys
	// shows no .git there (the git index).
	RootIsTop bool
}

// FindDirsIn is FindDirs with options.
func FindDirsIn(fsys fs.FS, root string, opts FindOptions) ([]string, error) {
	ignored, probe := opts.Ignored, opts.Probe
	var out []string
	var walk func(p string, at dirPlace) error
	walk = func(p string, at dirPlace) error {
		entries, err := fs.ReadDir(fsys, p)
		if err != nil {
			if p == root {
				return fmt.Errorf("read %s: %w", p, err)
			}
			return nil // an unreadable folder deep in a tree is not memory
		}
		at.unprobed = probe != nil && !probe(p)
		is := isMemoryDir(fsys, p, entries, at)
		if is {
			out = append(out, p)
		}
		for _, e := range entries {
			if !e.IsDir() || IsSkippedDir(e.Name()) {
				continue
			}
			child := path.Join(p, e.Name())
			if ignored != nil && ignored(child) {
				continue
			}
			next := dirPlace{name: e.Name(), parent: at.name, grandparent: at.parent, great: at.grandparent,
				parentIs: is, inside: at.inside || is}
			if err := walk(child, next); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(root, dirPlace{name: path.Base(root), top: opts.RootIsTop}); err != nil {
		return nil, err
	}
	return out, nil
}

// DirAbove returns the innermost memory dir holding the folder dir
// (an absolute OS path), dir included, judging at most levels folders from
// dir up and none above stop (when stop is dir or a folder above it). The
// folders are judged from the top down, as FindDirs judges them, so
// a subfolder of a memory dir is never taken for one of its own.
// claudeHome is the Claude Code config home ("" for none). ok is false
// when none of them is a memory dir.
func DirAbove(dir, stop, claudeHome string, levels int) (string, bool) {
	dir = filepath.Clean(dir)
	chain := []string{dir}
	for d := dir; len(chain) < levels && d != stop; {
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		chain = append(chain, parent)
		d = parent
	}
	if claudeHome != "" {
		claudeHome = filepath.Clean(claudeHome)
	}
	found := ""
	var at dirPlace
	for i := len(chain) - 1; i >= 0; i-- {
		d := chain[i]
		parent := filepath.Dir(d)
		grand := filepath.Dir(parent)
		at = dirPlace{
			name: filepath.Base(d), parent: filepath.Base(parent), grandparent: filepath.Base(grand),
			great:    filepath.Base(filepath.Dir(grand)),
			homeAt2:  claudeHome != "" && grand == claudeHome,
			homeAt3:  claudeHome != "" && filepath.Dir(grand) == claudeHome,
			parentIs: i < len(chain)-1 && found == parent,
			inside:   found != "",
		}
		entries, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		if isMemoryDir(os.DirFS(d), ".", entries, at) {
			found = d
		}
	}
	return found, found != ""
}

// DirOf returns the memory dir a file belongs to: the innermost
// memory dir holding it (DirAbove), searching no higher than the
// repository's top level, or else the file's own folder.
func DirOf(file, claudeHome string) string {
	own := filepath.Dir(file)
	stop := gitrepo.TopLevel(own)
	if stop == "" {
		stop = filepath.VolumeName(own) + string(filepath.Separator)
	}
	if d, ok := DirAbove(own, stop, claudeHome, maxResolveLevels); ok {
		return d
	}
	return own
}

// IsDir reports whether the folder dir (an absolute OS path) is a
// memory dir, judged with the folders above it up to the repository's top
// level (DirAbove).
func IsDir(dir, claudeHome string) bool {
	stop := gitrepo.TopLevel(dir)
	if stop == "" {
		stop = filepath.VolumeName(dir) + string(filepath.Separator)
	}
	d, ok := DirAbove(dir, stop, claudeHome, maxResolveLevels)
	return ok && d == filepath.Clean(dir)
}

// maxResolveLevels bounds the folders DirOf judges above a file.
const maxResolveLevels = 64

// hasIndex reports whether entries hold a MEMORY.md. A folder of that name
// counts too: it marks a memory dir whose index is broken, which
// index-missing then reports, where skipping the dir would report nothing.
func hasIndex(entries []fs.DirEntry) bool {
	for _, e := range entries {
		if e.Name() == IndexName {
			return true
		}
	}
	return false
}

func hasEntry(entries []fs.DirEntry, name string) bool {
	for _, e := range entries {
		if e.Name() == name {
			return true
		}
	}
	return false
}

func hasMarkdown(entries []fs.DirEntry) bool {
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".md") {
			return true
		}
	}
	return false
}

// memoryFrontmatter matches the frontmatter lines that mark a memory file.
var memoryFrontmatter = lazyre.New(`(?m)^(\s*type:\s*["']?(user|feedback|project|reference)["']?\s*$|\s*node_type:\s*memory\s*$)`)

// hasTypedTopic reads the start of at most maxProbedFiles regular Markdown
// files of the folder p (a README.md, which documents a folder, is not
// probed) and reports whether one opens with frontmatter carrying a memory
// type: it tells a memory dir from, say, the documentation of a package
// called memory.
func hasTypedTopic(fsys fs.FS, p string, entries []fs.DirEntry) bool {
	probed := 0
	head := make([]byte, probeBytes)
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasSuffix(name, ".md") || name == "README.md" {
			continue
		}
		if probed++; probed > maxProbedFiles {
			return false
		}
		f, err := fsys.Open(path.Join(p, name))
		if err != nil {
			continue
		}
		n, _ := io.ReadFull(f, head)
		f.Close()
		if typedFrontmatter(head[:n]) {
			return true
		}
	}
	return false
}

// typedFrontmatter reports whether src opens with frontmatter (after one
// BOM) holding a memory type line: the lines up to the closing "---", or
// all of src when it does not close within it.
func typedFrontmatter(src []byte) bool {
	src = bytes.TrimPrefix(src, []byte("\ufeff"))
	if !bytes.HasPrefix(src, []byte("---")) {
		return false
	}
	fm := src[3:]
	if end := bytes.Index(fm, []byte("\n---")); end >= 0 {
		fm = fm[:end+1]
	}
	return memoryFrontmatter.Match(fm)
}
