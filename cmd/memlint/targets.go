package main

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

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/report"
	"github.com/memlint/memlint/source"
)

// target is one memory dir to lint.
type target struct {
	// dir is the absolute, clean path of the memory dir.
	dir string
	// files, when not nil, restricts the findings reported to these
	// absolute file paths: the dir was reached through file PATHs only.
	files map[string]bool
}

// targetSet collects targets by dir. A dir named as a whole wins over
// files named in it.
type targetSet map[string]*target

func (s targetSet) addDir(dir string) {
	s[dir] = &target{dir: dir}
}

func (s targetSet) addFile(dir, file string) {
	t := s[dir]
	if t == nil {
		t = &target{dir: dir, files: map[string]bool{}}
		s[dir] = t
	}
	if t.files != nil {
		t.files[file] = true
	}
}

func (s targetSet) sorted() []*target {
	out := make([]*target, 0, len(s))
	for _, t := range s {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].dir < out[j].dir })
	return out
}

// planner decides which memory dirs a run lints.
type planner struct {
	cwd    string
	cfg    *lint.Config
	getenv func(string) string
	// note tells the user what was chosen when it is not obvious.
	note func(format string, args ...any)
}

// plan resolves the PATH arguments, or, without any, the configured roots
// or the memory dirs found in the current repository, falling back to the
// user's own Claude Code memory for it. An empty plan with no error means
// there is nothing to lint.
func (p *planner) plan(args []string) ([]*target, error) {
	set := targetSet{}
	switch {
	case len(args) > 0:
		for _, arg := range args {
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
		return fmt.Errorf("%s: no such file or directory%s", arg, commandHint(arg))
	}
	if err != nil {
		return fmt.Errorf("%s: %w", arg, pathErrText(err))
	}
	if info.IsDir() {
		return p.addDir(set, abs)
	}
	set.addFile(memoryDirOf(abs), abs)
	return nil
}

// addDir adds the memory dirs at or below dir, or dir itself when there
// are none: it was named explicitly.
func (p *planner) addDir(set targetSet, dir string) error {
	found, err := lint.FindMemoryDirs(os.DirFS(dir), ".", p.ignoredIn(dir))
	if err != nil {
		return fmt.Errorf("search %s for memory dirs: %w", lint.RelPath(p.cwd, dir), err)
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
	top := gitTopLevel(p.cwd)
	if top == "" {
		top = p.cwd
	}
	found, err := lint.FindMemoryDirs(os.DirFS(top), ".", p.ignoredIn(top))
	if err != nil {
		return fmt.Errorf("search %s for memory dirs: %w", top, err)
	}
	if len(found) > 0 {
		for _, d := range found {
			set.addDir(filepath.Join(top, filepath.FromSlash(d)))
		}
		return nil
	}
	project := lint.MainWorktreeRoot(p.cwd)
	if project == "" {
		project = p.cwd
	}
	home, _ := os.UserHomeDir() // without a home, $CLAUDE_CONFIG_DIR may still say where
	dir, source := lint.ClaudeMemoryDir(p.getenv, home, project)
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		p.note("no memory dirs found in %s, and %s does not exist", top, dir)
		return nil
	}
	p.note("no memory dirs in %s; linting your Claude Code memory for it: %s (from %s)", top, dir, source)
	return p.addDir(set, dir)
}

// addRoots adds the folders matching the configuration's roots, each as if
// named on the command line. A match inside another match is not a root
// of its own (the outer one's search finds it if it is a memory dir).
func (p *planner) addRoots(set targetSet) error {
	base := p.cfg.Dir
	matches := map[string]bool{}
	for _, g := range p.cfg.Roots {
		if err := matchRoots(base, g, p.ignoredIn(base), matches); err != nil {
			return fmt.Errorf("roots in %s: %w", lint.RelPath(p.cwd, p.cfg.Path), err)
		}
	}
	if len(matches) == 0 {
		p.note("no folder matches the roots in %s", lint.RelPath(p.cwd, p.cfg.Path))
		return nil
	}
	for m := range matches {
		if nestedIn(m, matches) {
			continue
		}
		if err := p.addDir(set, filepath.Join(base, filepath.FromSlash(m))); err != nil {
			return err
		}
	}
	return nil
}

// matchRoots adds to matches the folders below base (slash paths relative
// to it) that glob matches, without descending into a match, version
// control or dependency folders, or ignored folders.
func matchRoots(base, glob string, ignored func(string) bool, matches map[string]bool) error {
	fsys := os.DirFS(base)
	if !strings.ContainsAny(glob, `*?[{\`) {
		if info, err := fs.Stat(fsys, glob); err == nil && info.IsDir() {
			matches[glob] = true
		}
		return nil
	}
	start, _ := doublestar.SplitPattern(glob)
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

// memoryDirOf returns the memory dir a file belongs to: its nearest
// ancestor folder that memory dir discovery accepts, searching no higher
// than the repository's top level, or else the file's own folder.
func memoryDirOf(file string) string {
	own := filepath.Dir(file)
	stop := gitTopLevel(own)
	for d := own; ; {
		if isMemoryDir(d) {
			return d
		}
		parent := filepath.Dir(d)
		if d == stop || parent == d {
			return own
		}
		d = parent
	}
}

// isMemoryDir asks lint.FindMemoryDirs about dir alone: its search starts
// at dir's parent (whose name matters, as for agent-memory/<agent>/ and
// team/) and enters no other folder.
func isMemoryDir(dir string) bool {
	parent := filepath.Dir(dir)
	if parent == dir {
		found, err := lint.FindMemoryDirs(os.DirFS(dir), ".", func(string) bool { return true })
		return err == nil && len(found) > 0
	}
	fsRoot, start := filepath.Dir(parent), filepath.Base(parent)
	if fsRoot == parent { // parent is a file system root
		fsRoot, start = parent, "."
	}
	want := path.Join(start, filepath.Base(dir))
	found, err := lint.FindMemoryDirs(os.DirFS(fsRoot), start, func(q string) bool { return q != want })
	if err != nil {
		return false
	}
	for _, f := range found {
		if f == want {
			return true
		}
	}
	return false
}

// gitTopLevel returns the nearest folder at or above dir holding .git (a
// folder, or a file in linked worktrees and submodules), or "".
func gitTopLevel(dir string) string {
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

func pathErrText(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// lintTargets lints every target and merges the results into one report
// whose paths are absolute, slash separated. Targets are linted through
// one fs.FS per volume, rooted at their common ancestor, so that each dir
// is linted once and nested dirs are told apart. With a base revision,
// rules that compare (log-append-only) compare with it. The rules that
// failed come back apart, with absolute dirs.
func lintTargets(base *lint.Linter, targets []*target, rev *source.Revision) (*report.Report, []lint.RuleError, error) {
	r := &report.Report{Diagnostics: []lint.Diagnostic{}}
	var failed []lint.RuleError
	byVolume := map[string][]*target{}
	var volumes []string
	for _, t := range targets {
		v := filepath.VolumeName(t.dir)
		if _, ok := byVolume[v]; !ok {
			volumes = append(volumes, v)
		}
		byVolume[v] = append(byVolume[v], t)
	}
	sort.Strings(volumes)
	for _, v := range volumes {
		errs, err := lintGroup(base, byVolume[v], rev, r)
		if err != nil {
			return nil, nil, err
		}
		failed = append(failed, errs...)
	}
	return r, failed, nil
}

func lintGroup(base *lint.Linter, targets []*target, rev *source.Revision, r *report.Report) ([]lint.RuleError, error) {
	root := targets[0].dir
	for _, t := range targets[1:] {
		root = commonDir(root, t.dir)
	}
	byRel := make(map[string]*target, len(targets))
	rels := make([]string, 0, len(targets))
	for _, t := range targets {
		rel, err := filepath.Rel(root, t.dir)
		if err != nil {
			return nil, fmt.Errorf("lint %s: %w", t.dir, err)
		}
		rel = filepath.ToSlash(rel)
		byRel[rel] = t
		rels = append(rels, rel)
	}
	l := *base
	l.Root = root
	if rev != nil {
		earlier, err := rev.Earlier(root)
		if err != nil {
			return nil, err
		}
		l.Earlier = earlier
	}
	res, err := l.Lint(os.DirFS(root), rels)
	if err != nil {
		return nil, fmt.Errorf("lint %s: %w", root, err)
	}
	addResult(r, res, root, func(p string) *target { return byRel[owner(p, rels)] })
	return absErrors(res.Errors, root), nil
}

// addResult adds a run's findings and summaries to r with absolute paths.
// owning, when not nil, says which target a path belongs to: a target
// reached through file PATHs reports only those files.
func addResult(r *report.Report, res *lint.Result, root string, owning func(p string) *target) {
	abs := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
	targetOf := func(p string) *target {
		if owning == nil {
			return nil
		}
		return owning(p)
	}
	for _, d := range res.Dirs {
		t := targetOf(d.Path)
		r.Dirs++
		r.MemoryDirs = append(r.MemoryDirs, filepath.ToSlash(abs(d.Path)))
		switch {
		case t == nil || t.files == nil:
			r.Files += d.Files
		default:
			r.Files += len(t.files)
		}
		if d.Index != nil && (t == nil || t.files == nil || t.files[abs(d.Index.Path)]) {
			r.Indexes = append(r.Indexes, report.Index{Path: filepath.ToSlash(abs(d.Index.Path)), Budget: d.Index.Budget})
		}
	}
	for _, list := range []struct {
		from []lint.Diagnostic
		to   *[]lint.Diagnostic
	}{{res.Diagnostics, &r.Diagnostics}, {res.Suppressed, &r.Suppressed}} {
		for _, diag := range list.from {
			if t := targetOf(diag.Path); t != nil && t.files != nil && !t.files[abs(diag.Path)] {
				continue
			}
			diag.Path = filepath.ToSlash(abs(diag.Path))
			if diag.Fix != nil {
				fix := *diag.Fix
				fix.Edits = append([]lint.TextEdit(nil), fix.Edits...)
				for i := range fix.Edits {
					fix.Edits[i].Path = filepath.ToSlash(abs(fix.Edits[i].Path))
				}
				diag.Fix = &fix
			}
			*list.to = append(*list.to, diag)
		}
	}
}

// absErrors returns errs with their dirs made absolute OS paths.
func absErrors(errs []lint.RuleError, root string) []lint.RuleError {
	out := make([]lint.RuleError, len(errs))
	for i, e := range errs {
		e.Dir = filepath.Join(root, filepath.FromSlash(e.Dir))
		out[i] = e
	}
	return out
}

// owner returns the memory dir among dirs (slash paths) that p belongs
// to: the deepest one holding it.
func owner(p string, dirs []string) string {
	best, bestLen := "", -1
	for _, d := range dirs {
		n := len(d)
		switch {
		case d == ".":
			n = 0
		case p != d && !strings.HasPrefix(p, d+"/"):
			continue
		}
		if n > bestLen {
			best, bestLen = d, n
		}
	}
	return best
}

// commonDir returns the deepest folder holding both a and b (absolute,
// clean, on one volume).
func commonDir(a, b string) string {
	for {
		if within(b, a) {
			return a
		}
		parent := filepath.Dir(a)
		if parent == a {
			return a
		}
		a = parent
	}
}

// within reports whether p is dir or inside it.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
