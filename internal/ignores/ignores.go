// Package ignores tells whether git ignores a path of a repository: what
// the patterns of the repository's .gitignore files, its info/exclude file
// and the user's global excludes file (core.excludesFile) say, as git
// reads them. The patterns are parsed and matched by go-git's gitignore
// package; this package finds the files, reads them once each, and only
// when a path below their folder is asked about.
//
// It imports nothing of memlint but safefile, so the engine's file lists
// and the repository reader can both use it.
package ignores

import (
	"bytes"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// MaxFileSize bounds an ignore file read: git's own are a few kilobytes,
// and a larger one (a planted or damaged file) is read as none.
const MaxFileSize = 1 << 20

// maxPatterns bounds the patterns kept of one file, so that matching a
// path stays cheap whatever a file holds: every pattern on the way to a
// path is tried against it (about 1.3 ms a path for 2,000 patterns on a
// loaded machine; the largest .gitignore templates in use hold a few
// hundred).
const maxPatterns = 2_000

// FileName is the name of the per-folder ignore file.
const FileName = ".gitignore"

// Rules answers whether git ignores a path of one repository. The zero
// value ignores nothing; make one with New.
type Rules struct {
	// readFolder returns the content of folder's .gitignore (folder ""
	// for the top of the work tree), nil when there is none to read.
	readFolder func(folder string) []byte
	// readBase returns the patterns that apply to every path, lowest
	// priority first: the global excludes file, then info/exclude.
	readBase func() []gitignore.Pattern

	mu       sync.Mutex
	base     []gitignore.Pattern
	baseRead bool
	folders  map[string][]gitignore.Pattern // by folder, once read
	// folderAnswers remembers whether a folder is excluded.
	folderAnswers map[string]bool
}

// New returns the rules of a repository whose folder ignore files
// readFolder reads (folder is slash separated, relative to the top of the
// work tree, "" for the top; nil content for none) and whose other
// patterns base returns (nil for none). Each is called at most once per
// folder, the first time a path below it is asked about.
func New(readFolder func(folder string) []byte, base func() []gitignore.Pattern) *Rules {
	return &Rules{readFolder: readFolder, readBase: base}
}

// Ignored reports whether git ignores the path p (slash separated,
// relative to the top of the work tree): a pattern excludes it, or one of
// the folders above it (git does not look inside an excluded folder, so a
// pattern cannot bring back a file below one). Whether p names a file or a
// folder is not known, so p is ignored when either would be.
func (r *Rules) Ignored(p string) bool {
	if r == nil || p == "" {
		return false
	}
	segs := strings.Split(p, "/")
	m := gitignore.NewMatcher(r.patterns(segs))
	for i := 1; i < len(segs); i++ {
		if r.folderIgnored(strings.Join(segs[:i], "/"), segs[:i], m) {
			return true
		}
	}
	return m.Match(segs, false) || m.Match(segs, true)
}

// folderIgnored reports whether the folder dir (segs) is excluded,
// remembering the answer: the paths a memory names share their folders,
// and each answer costs a match against every pattern.
func (r *Rules) folderIgnored(dir string, segs []string, m gitignore.Matcher) bool {
	r.mu.Lock()
	ignored, ok := r.folderAnswers[dir]
	r.mu.Unlock()
	if ok {
		return ignored
	}
	ignored = m.Match(segs, true)
	r.mu.Lock()
	if r.folderAnswers == nil {
		r.folderAnswers = map[string]bool{}
	}
	r.folderAnswers[dir] = ignored
	r.mu.Unlock()
	return ignored
}

// patterns returns the patterns that may apply to the path segs, lowest
// priority first: the base ones, then those of each folder's .gitignore
// from the top down to the path's own folder.
func (r *Rules) patterns(segs []string) []gitignore.Pattern {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.baseRead {
		r.baseRead = true
		if r.readBase != nil {
			r.base = r.readBase()
		}
	}
	out := append([]gitignore.Pattern(nil), r.base...)
	for i := 0; i < len(segs); i++ {
		folder := strings.Join(segs[:i], "/")
		ps, ok := r.folders[folder]
		if !ok {
			if r.readFolder != nil {
				ps = Parse(r.readFolder(folder), segs[:i])
			}
			if r.folders == nil {
				r.folders = map[string][]gitignore.Pattern{}
			}
			r.folders[folder] = ps
		}
		out = append(out, ps...)
	}
	return out
}

// Parse reads the patterns of an ignore file's content; domain is the
// folder the file is in, as segments (nil for the top of the work tree and
// for files that apply everywhere). Blank lines and comments are skipped;
// a CRLF line ends as an LF one. Escapes ("\#", "\!", "\ ") are left to
// the matcher, which takes a backslash to escape the next character.
func Parse(src []byte, domain []string) []gitignore.Pattern {
	var out []gitignore.Pattern
	for len(src) > 0 && len(out) < maxPatterns {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		if len(bytes.TrimSpace(line)) == 0 || line[0] == '#' {
			continue
		}
		out = append(out, gitignore.ParsePattern(string(line), domain))
	}
	return out
}
