package lint

import (
	"hash/maphash"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/memlint/memlint/internal/ignores"
)

// Repository is what a git repository tracks: the file list a memory's
// path references are checked against (stale-reference). It is read from
// the git index (or a tree), never from a walk of the working tree, so a
// file that is only on one developer's disk does not count.
type Repository interface {
	// Root is the work tree's top folder, an absolute OS path; the paths
	// Tracked and HasDir take are slash-separated and relative to it.
	Root() string
	// Tracked reports whether the repository tracks a file at p.
	Tracked(p string) bool
	// HasDir reports whether the repository tracks a file below folder p.
	HasDir(p string) bool
	// HasPrefix reports whether the repository tracks a file whose path
	// starts with p: a name written short (docs/07 for docs/07_backlog.md,
	// gui/server for gui/server.py).
	HasPrefix(p string) bool
	// Nested reports whether the repository tracks a file whose path ends
	// in "/" + p: a path written relative to a subproject's folder
	// (scripts/run.sh for .devcontainer/scripts/run.sh).
	Nested(p string) bool
	// RenamedTo returns the path the recent history renamed p to (following
	// renames to the last one), or "" when it shows none.
	RenamedTo(p string) string
	// Ignored reports whether git ignores p: a pattern of a .gitignore the
	// repository tracks on the way to p, of its info/exclude file or of
	// the user's global excludes file matches p or a folder above it.
	// Such a path is on a developer's disk and in no clone, so it is never
	// a stale one. The ignore files are read on the first question about
	// a path below their folder.
	Ignored(p string) bool
}

// Repositories finds the repository whose files a memory dir's references
// name: the one the dir is committed in, or for the user's Claude Code
// memory of a project, that project's repository. dir is an absolute OS
// path; nil means none (memlint runs outside a repository).
type Repositories func(dir string) Repository

// Repo returns the repository the dir's references resolve against, or
// nil when the run has none: a rule that needs one is then silent.
func (p *Pass) Repo() Repository {
	if p.linter == nil || p.linter.Repos == nil {
		return nil
	}
	return p.linter.Repos(p.linter.abs(p.Dir.Path))
}

// Abs maps a path of the linted fs.FS (a Dir's or a File's) to the OS
// path it stands for.
func (p *Pass) Abs(rel string) string {
	if p.linter == nil {
		return filepath.FromSlash(rel)
	}
	return p.linter.abs(rel)
}

// FileList is a Repository held in memory: a sorted list of tracked paths
// and the renames history shows. The command's repositories and fixtures
// both use it.
type FileList struct {
	// RootDir is the work tree's top folder (Root).
	RootDir string
	// Paths are the tracked files, slash-separated, sorted.
	Paths []string
	// Renames maps an old path to the path it was renamed to.
	Renames map[string]string
	// Words are the words the tracked files contain (HasWord).
	Words map[string]bool
	// Ignores are git's ignore rules for the repository (Ignored); nil
	// ignores nothing.
	Ignores *ignores.Rules

	// byName chains the paths of Paths by a hash of their last name, for
	// Nested: byName[h] is 1 + the index of the last path whose name hashes
	// to h (0 for none), and sameHash[i] is 1 + the index of the path before
	// i in its chain. Made on the first call, once Paths are complete.
	byName     []int32
	sameHash   []int32
	seed       maphash.Seed
	byNameOnce sync.Once
}

// Nested reports whether a path ends in "/" + p. Such a path has p's last
// name: only the paths whose name hashes alike are compared, so that a
// rule asking about each path a memory names costs no walk of 100,000
// paths per ask. (Paths of another name in the same chain fail the
// comparison; a table of slots rather than a map keeps building it to one
// hash per path.)
func (l *FileList) Nested(p string) bool {
	suffix := "/" + p
	name := lastName(p)
	if name == "" || len(l.Paths) >= math.MaxInt32 {
		for _, q := range l.Paths {
			if strings.HasSuffix(q, suffix) {
				return true
			}
		}
		return false
	}
	l.byNameOnce.Do(l.indexNames)
	if len(l.byName) == 0 {
		return false
	}
	mask := uint64(len(l.byName) - 1)
	for i := l.byName[maphash.String(l.seed, name)&mask]; i > 0; i = l.sameHash[i-1] {
		if strings.HasSuffix(l.Paths[i-1], suffix) {
			return true
		}
	}
	return false
}

// indexNames makes byName and sameHash: as many slots as the power of two
// at or above the number of paths.
func (l *FileList) indexNames() {
	if len(l.Paths) == 0 {
		return
	}
	slots := 1
	for slots < len(l.Paths) {
		slots <<= 1
	}
	l.seed = maphash.MakeSeed()
	l.byName = make([]int32, slots)
	l.sameHash = make([]int32, len(l.Paths))
	mask := uint64(slots - 1)
	for i, q := range l.Paths {
		h := maphash.String(l.seed, lastName(q)) & mask
		l.sameHash[i] = l.byName[h]
		l.byName[h] = int32(i + 1)
	}
}

// lastName is what follows the last "/" of p: all of p when it has none,
// "" when p ends in "/".
func lastName(p string) string { return p[strings.LastIndexByte(p, '/')+1:] }

// Root is the work tree's top folder.
func (l *FileList) Root() string { return l.RootDir }

// Tracked reports whether p is one of the paths.
func (l *FileList) Tracked(p string) bool {
	i := sort.SearchStrings(l.Paths, p)
	return i < len(l.Paths) && l.Paths[i] == p
}

// HasDir reports whether a path lies below folder p.
func (l *FileList) HasDir(p string) bool {
	p = strings.TrimSuffix(p, "/")
	if p == "" || p == "." {
		return len(l.Paths) > 0
	}
	prefix := p + "/"
	i := sort.SearchStrings(l.Paths, prefix)
	return i < len(l.Paths) && strings.HasPrefix(l.Paths[i], prefix)
}

// Ignored reports whether the ignore rules match p.
func (l *FileList) Ignored(p string) bool { return l.Ignores.Ignored(p) }

// HasPrefix reports whether a path starts with p.
func (l *FileList) HasPrefix(p string) bool {
	i := sort.SearchStrings(l.Paths, p)
	return p != "" && i < len(l.Paths) && strings.HasPrefix(l.Paths[i], p)
}

// RenamedTo follows Renames from p to a tracked path, or returns "".
func (l *FileList) RenamedTo(p string) string {
	return FollowRenames(p, func(q string) (string, bool) { to, ok := l.Renames[q]; return to, ok },
		func(q string) bool { return l.Tracked(q) || l.HasDir(q) })
}

// FollowRenames follows the renames next tells from p, through paths that
// were renamed again, to the first one present; "" when there is none (or
// the renames loop).
func FollowRenames(p string, next func(string) (string, bool), present func(string) bool) string {
	seen := map[string]bool{}
	for cur := p; !seen[cur]; {
		seen[cur] = true
		to, ok := next(cur)
		if !ok {
			return ""
		}
		if present(to) {
			return to
		}
		cur = to
	}
	return ""
}

// Words is a Repository that can tell whether its tracked text files
// contain a word (stale-reference's identifiers option): a word is a run
// of ASCII letters, digits and underscores (IdentifierWords).
type Words interface {
	HasWord(w string) bool
}

// HasWord reports whether Words holds w.
func (l *FileList) HasWord(w string) bool { return l.Words[w] }

// MinWordLen is the shortest word a Words set holds: identifiers the
// option checks are at least this long.
const MinWordLen = 4

// IdentifierWords calls fn with each run of ASCII letters, digits and
// underscores of text at least MinWordLen bytes long.
func IdentifierWords(text []byte, fn func(w []byte)) {
	start := -1
	for i := 0; i <= len(text); i++ {
		if i < len(text) && isWordByte(text[i]) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && i-start >= MinWordLen {
			fn(text[start:i])
		}
		start = -1
	}
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_'
}
