package lint

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/gitrepo"
	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/memory"
)

// This file plans a run: which memory dirs it lints, from the PATHs named,
// the configured roots, or discovery. discover.go decides which folders
// are memory dirs.

// Plan says what a run lints and how.
type Plan struct {
	// Cwd is the absolute folder relative PATHs and discovery start from.
	Cwd string
	// Paths are the PATH arguments: memory dirs, files in them, or folders
	// to search. Empty means the configured roots, or discovery.
	Paths []string
	// Getenv reads the environment (Claude Code's config dir); nil means
	// os.Getenv.
	Getenv func(string) string
	// Note, when set, tells the user what the plan chose when it is not
	// obvious (discovery falling back to the user's Claude Code memory).
	Note func(format string, args ...any)

	// Baseline, when set, gives the baseline of accepted findings to
	// filter the run through (nil for none), once the run's configuration
	// is known.
	Baseline func(cfg *Config) (Baseline, error)

	Setup
	// Focus, when not empty, are the files (absolute paths) whose findings
	// the caller keeps, as in Linter.Focus: findings in other files are
	// left out, and the run costs little more than linting these files
	// (the Claude Code hook, on a write).
	Focus []string
}

// MissingPathError is a PATH that does not exist.
type MissingPathError struct{ Path string }

func (e *MissingPathError) Error() string { return e.Path + ": no such file or directory" }

// Target is one memory dir to lint.
type Target struct {
	// Dir is the absolute, clean path of the memory dir.
	Dir string
	// Files, when not nil, restricts the findings reported to these
	// absolute file paths: the dir was reached through file PATHs only.
	Files map[string]bool
	// ReadOnly, when set, says why no fix may write in the dir: the
	// repository's own files chose it, and it is outside the repository
	// (the user's memory of another project, a folder of theirs). It is
	// linted; --fix refuses its files with this reason.
	ReadOnly string
}

// targetSet collects targets by dir. A dir named as a whole wins over
// files named in it.
type targetSet map[string]*Target

func (s targetSet) addDir(dir string) {
	s[dir] = &Target{Dir: dir}
}

func (s targetSet) addFile(dir, file string) {
	t := s[dir]
	if t == nil {
		t = &Target{Dir: dir, Files: map[string]bool{}}
		s[dir] = t
	}
	if t.Files != nil {
		t.Files[file] = true
	}
}

func (s targetSet) sorted() []*Target {
	out := make([]*Target, 0, len(s))
	for _, t := range s {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Dir < out[j].Dir })
	return out
}

// planner decides which memory dirs a run lints.
type planner struct {
	cwd    string
	cfg    *Config
	getenv func(string) string
	// note tells the user what was chosen when it is not obvious.
	note func(format string, args ...any)
}

// Targets resolves the plan's PATHs, or, without any, the configured
// roots or the memory dirs found in the current repository, falling back
// to the user's own Claude Code memory for it. Each memory dir is listed
// once. An empty list with no error means there is nothing to lint.
func (pl Plan) Targets(cfg *Config) ([]*Target, error) {
	p := &planner{cwd: pl.Cwd, cfg: cfg, getenv: pl.Getenv, note: pl.Note}
	if p.getenv == nil {
		p.getenv = os.Getenv
	}
	if p.note == nil {
		p.note = func(string, ...any) {}
	}
	set := targetSet{}
	switch {
	case len(pl.Paths) > 0:
		for _, arg := range pl.Paths {
			if err := p.addPath(set, arg); err != nil {
				return nil, err
			}
		}
	case p.cfg != nil && len(p.cfg.Roots) > 0:
		if err := p.addRoots(set); err != nil {
			return nil, err
		}
	default:
		if err := p.discover(set); err != nil {
			return nil, err
		}
	}
	return set.sorted(), nil
}

// addPath adds what one PATH names: a directory is searched for memory
// dirs (and is one itself when the search finds none); a file stands for
// its memory dir, reporting only the findings in that file.
func (p *planner) addPath(set targetSet, arg string) error {
	abs := arg
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(p.cwd, abs)
	}
	abs = filepath.Clean(abs)
	info, err := os.Stat(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return &MissingPathError{Path: arg}
	}
	if err != nil {
		return fmt.Errorf("%s: %w", arg, pathErr(err))
	}
	if info.IsDir() {
		return p.addDir(set, abs)
	}
	set.addFile(memory.DirOf(abs, claudecode.HomeFromEnv(p.getenv)), abs)
	return nil
}

// addDir adds the memory dirs at or below dir, or dir itself when there
// are none: it was named explicitly.
func (p *planner) addDir(set targetSet, dir string) error {
	found, err := memory.FindDirs(memory.DirFS(dir), ".", p.ignoredIn(dir))
	if err != nil {
		return fmt.Errorf("search %s for memory dirs: %w", RelPath(p.cwd, dir), err)
	}
	if len(found) == 0 {
		set.addDir(dir)
	}
	for _, d := range found {
		set.addDir(filepath.Join(dir, filepath.FromSlash(d)))
	}
	return nil
}

// ignoredIn returns the configuration's ignore test for paths of an fs.FS
// rooted at root.
func (p *planner) ignoredIn(root string) func(string) bool {
	if p.cfg == nil || len(p.cfg.Ignore) == 0 {
		return nil
	}
	return func(q string) bool { return p.cfg.Ignored(filepath.Join(root, filepath.FromSlash(q))) }
}

// discover searches the current repository (or, outside one, the current
// directory) for memory dirs; when there are none it lints the user's
// Claude Code memory for the repository.
func (p *planner) discover(set targetSet) error {
	top := gitrepo.TopLevel(p.cwd)
	if top == "" {
		top = p.cwd
	}
	found, err := memory.FindDirs(memory.DirFS(top), ".", p.ignoredIn(top))
	if err != nil {
		return fmt.Errorf("search %s for memory dirs: %w", top, err)
	}
	if len(found) > 0 {
		for _, d := range found {
			set.addDir(filepath.Join(top, filepath.FromSlash(d)))
		}
		return nil
	}
	project := claude.MainWorktreeRoot(p.cwd)
	if project == "" {
		project = p.cwd
	}
	home, _ := os.UserHomeDir() // without a home, $CLAUDE_CONFIG_DIR may still say where
	loc := claude.MemoryDir(p.getenv, home, project)
	dir := loc.Dir
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		p.note("no memory found in %s (no folder holding a MEMORY.md or topic files with a memory type), and your Claude Code memory for it, %s, does not exist; see memlint --help", top, dir)
		return nil
	}
	readOnly := chosenOutside(loc, top)
	if readOnly == "" {
		p.note("no memory dirs in %s; linting your Claude Code memory for it: %s (from %s)", top, dir, loc.Source)
		return p.addDir(set, dir)
	}
	p.note("no memory dirs in %s; linting your Claude Code memory for it: %s (from %s), read-only: %s", top, dir, loc.Source, readOnly)
	if err := p.addDir(set, dir); err != nil {
		return err
	}
	for _, t := range set {
		t.ReadOnly = readOnly
	}
	return nil
}

// chosenOutside says why memlint writes nothing in the memory dir of loc,
// or "": a folder the repository's own settings chose (a clone brings
// .claude/settings.json, and settings.local.json when committed) is the
// repository's choice, not the user's, and outside the repository top it
// may be the user's memory of other projects, or any folder of theirs
// (autoMemoryDirectory: "~/.claude", "/usr"). It is linted, read-only:
// nothing a repository holds may lead a write out of it.
func chosenOutside(loc claude.MemoryLocation, top string) string {
	if loc.ProjectSettings == "" || withinResolved(loc.Dir, top) {
		return ""
	}
	return fmt.Sprintf("autoMemoryDirectory in %s, a file of the repository, chose it, outside the repository: memlint writes nothing there (name the folder on the command line to fix it)",
		RelPath(top, loc.ProjectSettings))
}

// addRoots adds the folders matching the configuration's roots, each as if
// named on the command line. A match inside another match is not a root
// of its own (the outer one's search finds it if it is a memory dir).
func (p *planner) addRoots(set targetSet) error {
	base := p.cfg.Dir
	inside := p.insideTop(base)
	matches := map[string]bool{}
	for _, g := range p.cfg.Roots {
		if err := matchRoots(base, g, p.ignoredIn(base), inside, matches); err != nil {
			return fmt.Errorf("roots in %s: %w", RelPath(p.cwd, p.cfg.Path), err)
		}
	}
	if len(matches) == 0 {
		p.note("no folder matches the roots in %s", RelPath(p.cwd, p.cfg.Path))
		return nil
	}
	for m := range matches {
		if nestedIn(m, matches) {
			continue
		}
		if err := inside(m); err != nil {
			return fmt.Errorf("roots in %s: %w", RelPath(p.cwd, p.cfg.Path), err)
		}
		if err := p.addDir(set, filepath.Join(base, filepath.FromSlash(m))); err != nil {
			return err
		}
	}
	return nil
}

// insideTop returns the check that a root (a slash path relative to base)
// resolves, symbolic links followed, inside the repository's top level
// around base (outside git, inside base itself). A configuration is
// repository content: a committed symlink named in roots must not make
// memlint read, or --fix write, a folder outside the repository. Folders
// named on the command line are the user's choice and are not checked.
func (p *planner) insideTop(base string) func(m string) error {
	top := gitrepo.TopLevel(base)
	if top == "" {
		top = base
	}
	if real, err := filepath.EvalSymlinks(top); err == nil {
		top = real
	}
	return func(m string) error {
		abs := filepath.Join(base, filepath.FromSlash(m))
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return fmt.Errorf("root %q: %w", m, pathErr(err))
		}
		if rel, err := filepath.Rel(top, real); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return &RootOutsideError{Root: m, Target: real, Top: top}
		}
		return nil
	}
}

// withinResolved reports whether the folder p is dir or inside it once
// the symbolic links of both are resolved.
func withinResolved(p, dir string) bool {
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	return pathutil.Within(p, dir)
}

// RootOutsideError is a configured root that leads out of the repository
// (a symbolic link to a folder elsewhere): it is refused, never read.
type RootOutsideError struct {
	Root   string // as matched, relative to the configuration's folder
	Target string // where it leads
	Top    string // the repository's top level (or the configuration's folder outside git)
}

func (e *RootOutsideError) Error() string {
	return fmt.Sprintf("root %q leads to %s, outside %s: memlint lints no folder outside the repository through its configuration (name the folder on the command line to lint it)", e.Root, e.Target, e.Top)
}

// matchRoots adds to matches the folders below base (slash paths relative
// to it) that glob matches, without descending into a match, version
// control or dependency folders, or ignored folders. inside refuses a
// search start leading out of the repository before it is listed.
func matchRoots(base, glob string, ignored func(string) bool, inside func(string) error, matches map[string]bool) error {
	fsys := os.DirFS(base)
	if !strings.ContainsAny(glob, `*?[{\`) {
		if info, err := fs.Stat(fsys, glob); err == nil && info.IsDir() {
			matches[glob] = true
		}
		return nil
	}
	start, _ := doublestar.SplitPattern(glob)
	if info, err := fs.Stat(fsys, start); err == nil && info.IsDir() && start != "." {
		if err := inside(start); err != nil {
			return err
		}
	}
	// Without "**", a match is never deeper than the pattern.
	maxDepth := -1
	if !strings.Contains(glob, "**") {
		maxDepth = strings.Count(glob, "/") + 1
	}
	err := fs.WalkDir(fsys, start, func(q string, d fs.DirEntry, err error) error {
		if err != nil {
			if q == start && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil // an unreadable folder below base holds no root we can lint
		}
		if !d.IsDir() {
			return nil
		}
		if q != start && (skippedDir(d.Name()) || (ignored != nil && ignored(q))) {
			return fs.SkipDir
		}
		if ok, _ := doublestar.Match(glob, q); ok && q != "." {
			matches[q] = true
			return fs.SkipDir
		}
		if maxDepth >= 0 && q != "." && strings.Count(q, "/")+1 >= maxDepth {
			return fs.SkipDir
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("search for %q: %w", glob, err)
	}
	return nil
}

// skippedDir reports folders a roots search never enters.
func skippedDir(name string) bool {
	return name == ".git" || name == "node_modules" || name == "vendor"
}

// nestedIn reports whether a parent folder of the slash path m is in set.
func nestedIn(m string, set map[string]bool) bool {
	for q := path.Dir(m); q != "." && q != "/"; q = path.Dir(q) {
		if set[q] {
			return true
		}
	}
	return false
}

// pathErr is the cause of a file system error, without the path the
// message around it names already.
func pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
