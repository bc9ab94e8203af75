package lint

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/gitrepo"
	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/lint/memory"
)

// This file is memlint's one answer to "which folders are memory dirs"
// and "which memory dir does this file belong to". Every entry point asks
// it: PATHs and discovery (FindMemoryDirs, MemoryDirOf), the staged index
// and pre-commit file names (FindMemoryDirs over their fs.FS), a Claude
// Code write (MemoryDirAbove), the repository words stale-reference
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
//   - or it is team/ directly inside a memory dir and holds Markdown;
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
	// here (FindMemoryDirsProbing); top: the folder is a repository's top
	// level.
	unprobed, top bool
}

// isMemoryDir is the rule, for the folder p of fsys holding entries.
func isMemoryDir(fsys fs.FS, p string, entries []fs.DirEntry, at dirPlace) bool {
	switch {
	case hasIndex(entries):
		return true
	case memory.AgentMemoryParent(at.parent) && (at.grandparent == claudeFolder || at.homeAt2):
		return true // a subagent's memory, by place
	case at.name == "memory" && at.grandparent == "projects" && (at.great == claudeFolder || at.homeAt3):
		return true // Claude Code's project memory, by place
	case at.parentIs && at.name == "team":
		return hasMarkdown(entries)
	case at.inside:
		return false // a subfolder of a memory dir is part of it
	case at.unprobed || at.top || hasEntry(entries, ".git"):
		return false // a repository's top level needs its MEMORY.md
	}
	return hasTypedTopic(fsys, p, entries)
}

// FindMemoryDirs returns the memory dirs at or below root in fsys, sorted,
// by the rule at the top of this file. Version control, dependency and
// hidden folders (but .claude) are skipped, and so is anything ignored
// reports true for.
func FindMemoryDirs(fsys fs.FS, root string, ignored func(p string) bool) ([]string, error) {
	return FindMemoryDirsIn(fsys, root, FindOptions{Ignored: ignored})
}

// FindOptions are the settings of FindMemoryDirsIn.
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

// FindMemoryDirsIn is FindMemoryDirs with options.
func FindMemoryDirsIn(fsys fs.FS, root string, opts FindOptions) ([]string, error) {
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
			if !e.IsDir() || memory.IsSkippedDir(e.Name()) {
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

// MemoryDirAbove returns the innermost memory dir holding the folder dir
// (an absolute OS path), dir included, judging at most levels folders from
// dir up and none above stop (when stop is dir or a folder above it). The
// folders are judged from the top down, as FindMemoryDirs judges them, so
// a subfolder of a memory dir is never taken for one of its own.
// claudeHome is the Claude Code config home ("" for none). ok is false
// when none of them is a memory dir.
func MemoryDirAbove(dir, stop, claudeHome string, levels int) (string, bool) {
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

// MemoryDirOf returns the memory dir a file belongs to: the innermost
// memory dir holding it (MemoryDirAbove), searching no higher than the
// repository's top level, or else the file's own folder.
func MemoryDirOf(file, claudeHome string) string {
	own := filepath.Dir(file)
	stop := RepoTopLevel(own)
	if stop == "" {
		stop = filepath.VolumeName(own) + string(filepath.Separator)
	}
	if d, ok := MemoryDirAbove(own, stop, claudeHome, maxResolveLevels); ok {
		return d
	}
	return own
}

// IsMemoryDir reports whether the folder dir (an absolute OS path) is a
// memory dir, judged with the folders above it up to the repository's top
// level (MemoryDirAbove).
func IsMemoryDir(dir, claudeHome string) bool {
	stop := RepoTopLevel(dir)
	if stop == "" {
		stop = filepath.VolumeName(dir) + string(filepath.Separator)
	}
	d, ok := MemoryDirAbove(dir, stop, claudeHome, maxResolveLevels)
	return ok && d == filepath.Clean(dir)
}

// maxResolveLevels bounds the folders MemoryDirOf judges above a file.
const maxResolveLevels = 64

// hasIndex reports whether entries hold a MEMORY.md. A folder of that name
// counts too: it marks a memory dir whose index is broken, which
// index-missing then reports, where skipping the dir would report nothing.
func hasIndex(entries []fs.DirEntry) bool {
	for _, e := range entries {
		if e.Name() == memory.IndexName {
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

// ClaudeMemoryDir returns the folder Claude Code keeps auto memory in for
// the project whose main worktree is root, and where that choice came
// from. Linting that folder only reads Markdown from it; a checked-in
// autoMemoryDirectory is itself reported by settings-memory-directory.
func ClaudeMemoryDir(getenv func(string) string, home, root string) (dir, source string) {
	claudeHome := claudecode.Home(getenv, home)
	// First match wins, as in Claude Code 2.1.328 (SPEC §1.1): the
	// override variable, then autoMemoryDirectory in the project's local
	// and checked-in settings (the latter honoured in trusted workspaces
	// and in every non-interactive run), then the user's settings.
	if v := getenv("CLAUDE_COWORK_MEMORY_PATH_OVERRIDE"); v != "" && filepath.IsAbs(v) {
		return filepath.Clean(v), "CLAUDE_COWORK_MEMORY_PATH_OVERRIDE"
	}
	for _, settings := range []string{
		filepath.Join(root, ".claude", "settings.local.json"),
		filepath.Join(root, ".claude", "settings.json"),
		filepath.Join(claudeHome, "settings.json"),
	} {
		if v, ok := claudecode.AutoMemoryDirectory(settings); ok {
			if resolved, ok := ResolveAutoMemoryDirectory(v, home); ok {
				return resolved, "autoMemoryDirectory in " + settings
			}
		}
	}
	if getenv("CLAUDE_CONFIG_DIR") == "" {
		if remote := getenv("CLAUDE_CODE_REMOTE_MEMORY_DIR"); remote != "" {
			claudeHome = remote
		}
	}
	key := claudecode.ProjectKey(root)
	projects := filepath.Join(claudeHome, "projects")
	if len(key) > claudecode.MaxKeyLen {
		// The hash suffix depends on the runtime Claude Code was built
		// with; trust a folder that exists with the same prefix.
		if matches, _ := filepath.Glob(filepath.Join(projects, globEscape(key[:claudecode.MaxKeyLen])+"-*")); len(matches) == 1 {
			return filepath.Join(matches[0], "memory"), "the project key of " + root
		}
	}
	return filepath.Join(projects, key, "memory"), "the project key of " + root
}

func globEscape(s string) string {
	return strings.NewReplacer(`*`, `\*`, `?`, `\?`, `[`, `\[`, `\`, `\\`).Replace(s)
}

var bareDrive = lazyre.New(`^[A-Za-z]:$`)

// AutoMemoryDirectoryProblem says why Claude Code would ignore a value of
// autoMemoryDirectory and fall back to the default, or "" when it accepts
// it. Paths are judged as on the system memlint runs on, as Claude Code
// judges them on its own.
func AutoMemoryDirectoryProblem(v string) string {
	// The home folder only matters for the result, not for the verdict:
	// any absolute folder stands in.
	home := filepath.FromSlash("/home/user")
	if runtime.GOOS == "windows" {
		home = `C:\Users\user`
	}
	_, problem := resolveAutoMemoryDirectory(v, home)
	return problem
}

// ResolveAutoMemoryDirectory expands an accepted autoMemoryDirectory value
// as Claude Code 2.1.328 does (SPEC §1.5): "~/" or "~\" then the rest,
// unless the rest normalises to ".", ".." or "../…"; the normalised path
// without trailing separators must be absolute, at least 3 characters, not
// a bare drive, not a UNC path, without NUL. ok is false when Claude Code
// would reject it.
func ResolveAutoMemoryDirectory(v, home string) (string, bool) {
	dir, problem := resolveAutoMemoryDirectory(v, home)
	return dir, problem == ""
}

func resolveAutoMemoryDirectory(v, home string) (dir, problem string) {
	if v == "" {
		return "", "it is empty"
	}
	p := v
	if strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`) {
		rest := p[2:]
		if rest == "" {
			rest = "."
		}
		n := filepath.Clean(rest)
		if n == "." || n == ".." || strings.HasPrefix(n, "../") || strings.HasPrefix(n, `..\`) ||
			strings.HasPrefix(n, ".."+string(filepath.Separator)) {
			return "", "it names the home folder itself or a place above it"
		}
		p = filepath.Join(home, p[2:])
	}
	// Node's normalize, then trailing separators dropped (filepath.Clean
	// drops them already, but keeps a lone root).
	n := strings.TrimRight(filepath.Clean(p), `/\`)
	switch {
	case strings.ContainsRune(n, 0):
		return "", "it contains a NUL byte"
	case isUNC(n):
		return "", "UNC paths are not accepted"
	case bareDrive.MatchString(n):
		return "", "a bare drive is not accepted"
	case !filepath.IsAbs(n):
		if strings.HasPrefix(v, "~") && !strings.HasPrefix(v, "~/") && !strings.HasPrefix(v, `~\`) {
			return "", "only ~/ is expanded, not ~ alone or ~user"
		}
		if strings.HasPrefix(v, "$") || strings.HasPrefix(v, "%") {
			return "", "variables are not expanded"
		}
		return "", "it must be an absolute path or start with ~/"
	case len(n) < 3:
		return "", "paths shorter than 3 characters are not accepted"
	}
	return n, ""
}

// isUNC reports whether a normalised path is a Windows UNC path. On other
// systems "//srv/share" normalises to "/srv/share" first, so only Windows
// sees one.
func isUNC(p string) bool {
	return filepath.VolumeName(p) != "" && (strings.HasPrefix(p, `\\`) || strings.HasPrefix(p, "//"))
}

// MainWorktreeRoot finds the git repository containing dir and returns the
// root of its main worktree (linked worktrees share the main one's memory;
// a submodule is its own), or "" when dir is not in a repository.
func MainWorktreeRoot(dir string) string {
	r, err := gitrepo.Locate(dir, nil)
	if err != nil {
		return ""
	}
	return r.MainWorkTree()
}
