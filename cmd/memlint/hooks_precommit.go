package main

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/baseline"
	"github.com/memlint/memlint/lint/report"
)

// This file is `memlint hooks run pre-commit [FILE...]`, the command of
// the git hook, the pre-commit framework, lefthook and husky. What it
// lints depends on where it runs:
//
//   - inside git commit (git sets GIT_INDEX_FILE for its hooks): exactly
//     what is staged, file names or not, since a hook manager that does
//     not stash unstaged changes (lefthook, husky) leaves them in the
//     working tree;
//   - outside a commit with file names (pre-commit run --all-files,
//     --files, --from-ref/--to-ref; lefthook run --all-files): the working
//     tree of the memory dirs that hold those files, each whole;
//   - outside a commit without names: what is staged, or, when nothing
//     memlint reads is staged, the repository's memory in the working
//     tree, rather than passing without looking.

// inGitCommit says whether the hook runs inside git commit, which sets
// GIT_INDEX_FILE for the pre-commit hook (the index, or the temporary
// one of git commit -a and git commit <paths>).
func inGitCommit(getenv func(string) string) bool { return getenv("GIT_INDEX_FILE") != "" }

// lintPreCommit is the lint of `hooks run pre-commit` with the file names
// names (see the top of this file).
func (o *checkOptions) lintPreCommit(cwd string, reg *lint.Registry, names []string) (*report.Report, *lint.Config, error) {
	inCommit := inGitCommit(os.Getenv)
	if inCommit || len(names) == 0 {
		r, linted, cfg, err := o.lintStaged(cwd, reg, nil)
		if inCommit || err != nil || len(linted) > 0 {
			return r, cfg, err
		}
	}
	top := lint.RepoTopLevel(cwd)
	if top == "" {
		return nil, nil, errors.New("hooks run pre-commit: not inside a git repository")
	}
	src := newHookTree(cwd, top, names)
	cfg, err := lint.ResolveConfig(src, cwd, o.configFile, reg)
	if err != nil {
		return nil, nil, err
	}
	res, err := lint.Run(src, o.plan(cwd, reg, nil), cfg)
	if err != nil {
		return nil, nil, err
	}
	o.failed = append(o.failed, res.Errors...)
	return newReport(res), cfg, nil
}

// hookTree is the working tree of one repository as the pre-commit hook
// lints it from file names: the memory dirs found in the repository (as
// the staged lint finds them in the index) that hold a named file, each
// whole since its files belong together; every one of them when a
// configuration or baseline is named or no name is given; and the
// repository's .claude/settings.json when it is named, or with every dir.
// Names of other files (a README.md) select nothing.
type hookTree struct {
	lint.WorkingTree
	top      string
	files    []string // absolute, clean
	all      bool
	settings bool
}

func newHookTree(cwd, top string, names []string) *hookTree {
	h := &hookTree{top: top, all: len(names) == 0}
	for _, n := range names {
		abs := n
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(cwd, abs)
		}
		abs = filepath.Clean(abs)
		rel, err := filepath.Rel(top, abs)
		switch base := filepath.Base(abs); {
		case err == nil && filepath.ToSlash(rel) == lint.ProjectSettings:
			h.settings = true
		case base == lint.ConfigFileName || base == baseline.FileName:
			h.all = true
		default:
			h.files = append(h.files, abs)
		}
	}
	h.settings = h.settings || h.all
	return h
}

// RootDir is the repository's top level.
func (h *hookTree) RootDir() string { return h.top }

// ChangedDirs returns the memory dirs of the repository the names select.
func (h *hookTree) ChangedDirs(ignored func(abs string) bool) ([]string, error) {
	var rel func(string) bool
	if ignored != nil {
		rel = func(p string) bool { return ignored(filepath.Join(h.top, filepath.FromSlash(p))) }
	}
	found, err := lint.FindMemoryDirs(os.DirFS(h.top), ".", rel)
	if err != nil {
		return nil, err
	}
	dirs := make([]string, len(found))
	for i, d := range found {
		dirs[i] = filepath.Join(h.top, filepath.FromSlash(d))
	}
	if h.all {
		return dirs, nil
	}
	picked := map[string]bool{}
	for _, f := range h.files {
		// A file belongs to the innermost memory dir around it.
		owner := ""
		for _, d := range dirs {
			if lint.Within(f, d) && len(d) > len(owner) {
				owner = d
			}
		}
		if owner != "" {
			picked[owner] = true
		}
	}
	var out []string
	for _, d := range dirs {
		if picked[d] {
			out = append(out, d)
		}
	}
	return out, nil
}

// Repos is the repository when its settings are to be checked.
func (h *hookTree) Repos(lint.Plan, []*lint.Target) []string {
	if h.settings {
		return []string{h.top}
	}
	return nil
}
