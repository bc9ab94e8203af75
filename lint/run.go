package lint

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/lint/memory"
)

// This file is a run from end to end: plan, then load, check and filter
// each memory dir once, whatever the content comes from.

// Source is where a run reads the memory it lints: the working tree, the
// git index, or a test's fs.FS.
type Source interface {
	// Open returns the content below root for the memory dirs (absolute,
	// clean, on one volume): an fs.FS rooted at root, and the content its
	// files had at an earlier revision (nil when the run compares with
	// nothing).
	Open(dirs []string) (root string, fsys fs.FS, earlier memory.Earlier, err error)
}

// Changes is a Source of a change (the staged index): a run lints the
// memory dirs the change touches, narrowed by the PATHs, rather than
// planning from the PATHs.
type Changes interface {
	Source
	// RootDir is the absolute folder the change is in (the worktree).
	RootDir() string
	// ChangedDirs returns the memory dirs (absolute) a change touches.
	// ignored, when not nil, tells which absolute paths to leave out.
	ChangedDirs(ignored func(abs string) bool) ([]string, error)
}

// WorkingTree is the files on disk.
type WorkingTree struct {
	// Earlier, when set, gives the earlier content of the files below a
	// folder (--base).
	Earlier func(root string) (memory.Earlier, error)
}

// Open roots a memory.DirFS at the deepest folder holding every dir, so
// that nested dirs are told apart and each is read once.
func (w WorkingTree) Open(dirs []string) (string, fs.FS, memory.Earlier, error) {
	root := dirs[0]
	for _, d := range dirs[1:] {
		root = commonDir(root, d)
	}
	var earlier memory.Earlier
	if w.Earlier != nil {
		var err error
		if earlier, err = w.Earlier(root); err != nil {
			return "", nil, nil, err
		}
	}
	return root, memory.DirFS(root), earlier, nil
}

// Run lints what plan names in src with configuration cfg (nil means
// defaults): it plans the memory dirs (or asks a Changes source which
// have a change), loads and checks each once, and filters the findings:
// those of a dir reached through file PATHs only are those files'. Paths
// in the result are absolute and slash separated, and Result.Targets
// lists what was linted. The repository rules run next, and last the
// baseline filters the whole run.
func Run(src Source, plan Plan, cfg *Config) (*Result, error) {
	targets, err := planTargets(src, plan, cfg)
	if err != nil {
		return nil, err
	}
	bl, err := planBaseline(plan, cfg)
	if err != nil {
		return nil, err
	}
	plan.NoFlaggedText = plan.NoFlaggedText && bl == nil
	reg := cfg.Registry(plan.Registry)
	res := &Result{Diagnostics: []Diagnostic{}, Targets: targets}
	if err := runTargets(src, plan, cfg, targets, nil, res); err != nil {
		return nil, err
	}
	if res.Repos, err = runRepos(src, plan, cfg, reg, res); err != nil {
		return nil, err
	}
	res.unfiltered = res.Diagnostics
	if err := applyBaseline(src, plan, cfg, bl, res); err != nil {
		return nil, err
	}
	return res, nil
}

// Relint lints again the memory dirs of prev, a result of Run, that hold
// the files changed (absolute, slash separated: what --fix wrote), and
// filters the whole run again; the other dirs keep their findings, and
// the repository rules, which read no memory file, are not run again.
func Relint(src Source, plan Plan, cfg *Config, prev *Result, changed []string) (*Result, error) {
	all := make([]string, len(prev.Targets))
	for i, t := range prev.Targets {
		all[i] = filepath.ToSlash(t.Dir)
	}
	own := NewOwners(all)
	redo := map[string]bool{}
	for _, p := range changed {
		if d := own.Of(p); d != "" {
			redo[d] = true
		}
	}
	repoFiles := map[string]bool{}
	for _, t := range prev.Repos {
		for f := range t.Files {
			repoFiles[filepath.ToSlash(f)] = true
		}
	}
	kept := func(p string) bool { return repoFiles[p] || !redo[own.Of(p)] }
	res := &Result{Diagnostics: []Diagnostic{}, Targets: prev.Targets, Repos: prev.Repos, Files: prev.Files}
	for _, d := range prev.Dirs {
		if redo[d.Path] {
			res.Files -= d.Files
			continue
		}
		res.Dirs = append(res.Dirs, d)
	}
	for _, list := range []struct{ from, to *[]Diagnostic }{{&prev.unfiltered, &res.Diagnostics}, {&prev.Suppressed, &res.Suppressed}} {
		for _, d := range *list.from {
			if kept(d.Path) {
				*list.to = append(*list.to, d)
			}
		}
	}
	for p, sum := range prev.Linted {
		if kept(p) {
			if res.Linted == nil {
				res.Linted = map[string][sha256.Size]byte{}
			}
			res.Linted[p] = sum
		}
	}
	for _, e := range prev.Errors {
		if !redo[e.Dir] {
			res.Errors = append(res.Errors, e)
		}
	}
	bl, err := planBaseline(plan, cfg)
	if err != nil {
		return nil, err
	}
	plan.NoFlaggedText = plan.NoFlaggedText && bl == nil
	var again []*Target
	for _, t := range prev.Targets {
		if redo[filepath.ToSlash(t.Dir)] {
			again = append(again, t)
		}
	}
	if err := runTargets(src, plan, cfg, again, prev.Targets, res); err != nil {
		return nil, err
	}
	sort.SliceStable(res.Dirs, func(i, j int) bool { return res.Dirs[i].Path < res.Dirs[j].Path })
	sort.SliceStable(res.Suppressed, func(i, j int) bool { return res.Suppressed[i].Less(res.Suppressed[j]) })
	res.unfiltered = res.Diagnostics
	if err := applyBaseline(src, plan, cfg, bl, res); err != nil {
		return nil, err
	}
	return res, nil
}

// planTargets is the plan's targets, or for a change the dirs it touches
// that a PATH names.
func planTargets(src Source, plan Plan, cfg *Config) ([]*Target, error) {
	ch, ok := src.(Changes)
	if !ok {
		return plan.Targets(cfg)
	}
	var ignored func(string) bool
	if cfg != nil {
		ignored = cfg.Ignored
	}
	dirs, err := ch.ChangedDirs(ignored)
	if err != nil {
		return nil, err
	}
	if dirs, err = selectDirs(uniqueSorted(dirs), plan.Paths, plan.Cwd, ch.RootDir()); err != nil {
		return nil, err
	}
	targets := make([]*Target, len(dirs))
	for i, d := range dirs {
		targets[i] = &Target{Dir: d}
	}
	return targets, nil
}

// selectDirs keeps the memory dirs (absolute) that a PATH names: the dir
// itself, a folder above it, or a file inside it. Every PATH must be in
// the repository at root.
func selectDirs(dirs, args []string, cwd, root string) ([]string, error) {
	if len(args) == 0 {
		return dirs, nil
	}
	var out []string
	for _, d := range dirs {
		for _, arg := range args {
			abs := arg
			if !filepath.IsAbs(abs) {
				abs = filepath.Join(cwd, arg)
			}
			if !pathutil.Within(abs, root) {
				return nil, fmt.Errorf("%s is outside the repository %s", arg, root)
			}
			abs = filepath.Clean(abs)
			if pathutil.Within(d, abs) || pathutil.Within(abs, d) {
				out = append(out, d)
				break
			}
		}
	}
	return out, nil
}

// runTargets lints targets, through one fs.FS per volume, and adds the
// outcome to res; others are as for runGroup.
func runTargets(src Source, plan Plan, cfg *Config, targets, others []*Target, res *Result) error {
	getenv := plan.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	base := &Linter{Setup: plan.Setup, Config: cfg, ClaudeHome: claudecode.HomeFromEnv(getenv)}
	base.Registry = cfg.Registry(plan.Registry)
	byVolume := map[string][]*Target{}
	var volumes []string
	for _, t := range targets {
		v := filepath.VolumeName(t.Dir)
		if _, ok := byVolume[v]; !ok {
			volumes = append(volumes, v)
		}
		byVolume[v] = append(byVolume[v], t)
	}
	sort.Strings(volumes)
	for _, v := range volumes {
		if err := runGroup(base, src, byVolume[v], res, others, plan.Focus); err != nil {
			return err
		}
	}
	return nil
}

// runGroup lints targets on one volume through one fs.FS and adds the
// outcome to res. others are the run's other targets, whose files are no
// part of these. focus is the plan's Focus (absolute paths).
func runGroup(base *Linter, src Source, targets []*Target, res *Result, others []*Target, focus []string) error {
	dirs := make([]string, len(targets))
	for i, t := range targets {
		dirs[i] = t.Dir
	}
	root, fsys, earlier, err := src.Open(dirs)
	if err != nil {
		return err
	}
	byRel := make(map[string]*Target, len(targets))
	rels := make([]string, 0, len(targets))
	for _, t := range targets {
		rel, err := filepath.Rel(root, t.Dir)
		if err != nil {
			return fmt.Errorf("lint %s: %w", t.Dir, err)
		}
		rel = filepath.ToSlash(rel)
		byRel[rel] = t
		rels = append(rels, rel)
	}
	l := *base
	l.Root, l.Earlier = root, earlier
	if len(focus) > 0 {
		l.Focus = map[string]bool{}
		for _, f := range focus {
			if rel, err := filepath.Rel(root, f); err == nil && pathutil.Within(f, root) {
				l.Focus[filepath.ToSlash(rel)] = true
			}
		}
	}
	for _, t := range others {
		if rel, err := filepath.Rel(root, t.Dir); err == nil && pathutil.Within(t.Dir, root) && byRel[filepath.ToSlash(rel)] == nil {
			l.alsoNested = append(l.alsoNested, filepath.ToSlash(rel))
		}
	}
	got, err := l.Lint(fsys, rels)
	if err != nil {
		return fmt.Errorf("lint %s: %w", root, err)
	}
	own := NewOwners(rels)
	res.add(got, root, func(p string) *Target { return byRel[own.Of(p)] })
	return nil
}

// add adds a run over the fs.FS rooted at root to r, with absolute slash
// paths, keeping of a target reached through file PATHs only those files.
func (r *Result) add(res *Result, root string, targetOf func(p string) *Target) {
	abs := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
	// A file's findings share one copy of its absolute path: a run with
	// many findings per file keeps them all until the report.
	slashAbs := map[string]string{}
	absSlash := func(p string) string {
		a, ok := slashAbs[p]
		if !ok {
			a = filepath.ToSlash(abs(p))
			slashAbs[p] = a
		}
		return a
	}
	for _, d := range res.Dirs {
		t := targetOf(d.Path)
		s := DirSummary{Path: filepath.ToSlash(abs(d.Path)), Kind: d.Kind, Files: d.Files}
		if t != nil && t.Files != nil {
			s.Files = len(t.Files)
		}
		if d.Index != nil && (t == nil || t.Files == nil || t.Files[abs(d.Index.Path)]) {
			s.Index = &IndexSummary{Path: filepath.ToSlash(abs(d.Index.Path)), Budget: d.Index.Budget}
		}
		r.Dirs = append(r.Dirs, s)
		r.Files += s.Files
	}
	for _, list := range []struct {
		from []Diagnostic
		to   *[]Diagnostic
	}{{res.Diagnostics, &r.Diagnostics}, {res.Suppressed, &r.Suppressed}} {
		// In place: res is not used again, and a second copy of every
		// finding would double the peak heap of a large run.
		kept := list.from[:0]
		for _, diag := range list.from {
			if t := targetOf(diag.Path); t != nil && t.Files != nil && !t.Files[abs(diag.Path)] {
				continue
			}
			diag.Path = absSlash(diag.Path)
			if diag.Fix != nil {
				fix := *diag.Fix
				fix.Edits = append([]memory.TextEdit(nil), fix.Edits...)
				for i := range fix.Edits {
					fix.Edits[i].Path = absSlash(fix.Edits[i].Path)
				}
				diag.Fix = &fix
			}
			kept = append(kept, diag)
		}
		if len(*list.to) == 0 && kept != nil {
			*list.to = kept
		} else {
			*list.to = append(*list.to, kept...)
		}
	}
	for p, sum := range res.Linted {
		if r.Linted == nil {
			r.Linted = map[string][sha256.Size]byte{}
		}
		r.Linted[filepath.ToSlash(abs(p))] = sum
	}
	for _, e := range res.Errors {
		e.Dir = filepath.ToSlash(abs(e.Dir))
		r.Errors = append(r.Errors, e)
	}
}

// Owners finds which of a run's memory dirs a path belongs to, the
// deepest one holding it, by looking its folders up in a set, deepest
// first: O(depth) per path, where a scan of every dir per finding made a
// run over 500 dirs cost 438 times one dir. It is the one owner lookup:
// the engine, the staged index, the pre-commit hook and the repository
// words stale-reference reads all use it.
type Owners struct {
	dirs map[string]bool
	root bool // "." is among the dirs: it holds every path
}

// NewOwners returns the Owners of dirs: slash paths, relative ("." for
// the root) or absolute.
func NewOwners(dirs []string) Owners {
	o := Owners{dirs: make(map[string]bool, len(dirs))}
	for _, d := range dirs {
		if d == "." {
			o.root = true
			continue
		}
		o.dirs[d] = true
	}
	return o
}

// Of returns the deepest of the dirs that is p or holds it, or "" when
// none does.
func (o Owners) Of(p string) string {
	for q := p; q != ""; {
		if o.dirs[q] {
			return q
		}
		i := strings.LastIndexByte(q, '/')
		if i < 0 {
			break
		}
		q = q[:i]
	}
	if o.root {
		return "."
	}
	return ""
}

// commonDir returns the deepest folder holding both a and b (absolute,
// clean, on one volume).
func commonDir(a, b string) string {
	for {
		if pathutil.Within(b, a) {
			return a
		}
		parent := filepath.Dir(a)
		if parent == a {
			return a
		}
		a = parent
	}
}

// FSSource is content held in an fs.FS that stands for the folder Root:
// test input, or any content not on disk. A run lints the memory dirs
// Dirs (paths of FS), narrowed by the plan's PATHs.
type FSSource struct {
	Root string
	FS   fs.FS
	Dirs []string
	// Earlier, when set, is the content the files had before.
	Earlier memory.Earlier
}

// Open returns the whole fs.FS.
func (s FSSource) Open([]string) (string, fs.FS, memory.Earlier, error) {
	return s.Root, s.FS, s.Earlier, nil
}

// RootDir is the folder the fs.FS stands for.
func (s FSSource) RootDir() string { return s.Root }

// ChangedDirs returns Dirs as absolute paths.
func (s FSSource) ChangedDirs(func(string) bool) ([]string, error) {
	out := make([]string, len(s.Dirs))
	for i, d := range s.Dirs {
		out[i] = filepath.Join(s.Root, filepath.FromSlash(d))
	}
	return out, nil
}

// Repos is none: an fs.FS has no repository settings to check.
func (FSSource) Repos(Plan, []*Target) []string { return nil }

// RepoFile is never called: Repos is empty.
func (FSSource) RepoFile(string, string) ([]byte, string, error) { return nil, "", nil }
