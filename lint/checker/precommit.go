package checker

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/memlint/memlint/internal/gitrepo"
	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/baseline"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/source"
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

// preCommit is the lint of `hooks run pre-commit` with the file names
// r.Paths (see the top of this file).
func (r *run) preCommit() (*Result, error) {
	inCommit := inGitCommit(r.Getenv)
	if inCommit || len(r.Paths) == 0 {
		res, err := r.staged(nil)
		if inCommit || err != nil || len(res.Targets) > 0 {
			return res, err
		}
	}
	top := gitrepo.TopLevel(r.Cwd)
	if top == "" {
		return nil, errors.New("hooks run pre-commit: not inside a git repository")
	}
	src := newHookTree(r.Cwd, top, r.Paths)
	cfg, err := r.config(src)
	if err != nil {
		return nil, err
	}
	res, err := lint.Run(src, r.plan(nil), cfg)
	if err != nil {
		return nil, err
	}
	return r.result(res, cfg), nil
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
	found, err := memory.FindDirs(memory.DirFS(h.top), ".", rel)
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
	own := lint.NewOwners(found)
	for _, f := range h.files {
		// A file belongs to the innermost memory dir around it.
		rel, err := filepath.Rel(h.top, f)
		if err != nil || !pathutil.Within(f, h.top) {
			continue
		}
		if owner := own.Of(filepath.ToSlash(rel)); owner != "" {
			picked[filepath.Join(h.top, filepath.FromSlash(owner))] = true
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

// maxMentionsShown bounds the places one removal's warning lists.
const maxMentionsShown = 5

// warnRemovals tells a commit that deletes or renames files which
// memories of the repository mention them, as a warning on stderr that
// does not fail the commit: the memory is not wrong yet, and may be fixed
// in a later commit, but it will be once the commit lands. The memories
// are read as staged, from every memory dir of the repository, with
// stale-reference's reading of paths; a dir where the rule is off is
// skipped. When the commit removes nothing, no memory is read; without
// Mentions, nothing is.
func (c *run) warnRemovals(staged *source.Staged, cfg *lint.Config) {
	cwd := c.Cwd
	if c.Mentions == nil {
		return
	}
	removals, err := staged.Removals()
	if err != nil {
		c.note("could not compare the commit with HEAD for deleted files: %v", err)
		return
	}
	if len(removals) == 0 {
		return
	}
	gone := make(map[string]int, len(removals))
	names := make([][]byte, 0, len(removals))
	for i, r := range removals {
		gone[r.Path] = i
		names = append(names, []byte(path.Base(r.Path)))
	}
	root := staged.Root
	abs := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
	dirs, err := memory.FindDirsIn(staged.FS, ".", memory.FindOptions{Ignored: func(p string) bool { return cfg.Ignored(abs(p)) }, RootIsTop: true})
	if err != nil {
		c.note("could not find the memory dirs for deleted files: %v", err)
		return
	}
	own := lint.NewOwners(dirs)
	mentions := make([][]string, len(removals)) // file:line, one per file
	err = fs.WalkDir(staged.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".md" {
			return err
		}
		dir := own.Of(p)
		if dir == "" || cfg.Ignored(abs(p)) {
			return nil
		}
		if c.MentionsRule != nil {
			if off, _, _ := cfg.Resolve(c.MentionsRule, abs(p)); off {
				return nil
			}
		}
		src, err := fs.ReadFile(staged.FS, p)
		if err != nil {
			return err
		}
		if !containsAny(src, names) {
			return nil // names no removed file: not worth reading as Markdown
		}
		seen := map[int]bool{}
		for _, ref := range c.Mentions(src, p, dir, root) {
			i, ok := gone[ref.Path]
			if !ok || seen[i] || (dir != "." && strings.HasPrefix(ref.Path, dir+"/")) {
				continue // the memory dir's own files: the link rules own them
			}
			seen[i] = true
			mentions[i] = append(mentions[i], fmt.Sprintf("%s:%d", lint.RelPath(cwd, abs(p)), ref.Line))
		}
		return nil
	})
	if err != nil {
		c.note("could not read the memory for deleted files: %v", err)
		return
	}
	for i, r := range removals {
		at := mentions[i]
		if len(at) == 0 {
			continue
		}
		what := "deletes"
		if r.To != "" {
			what = "renames to " + r.To
		}
		subject := fmt.Sprintf("%d memories mention", len(at))
		if len(at) == 1 {
			subject = "1 memory mentions"
		}
		list := strings.Join(at[:min(len(at), maxMentionsShown)], ", ")
		if len(at) > maxMentionsShown {
			list += fmt.Sprintf(", and %d more", len(at)-maxMentionsShown)
		}
		Say(c.Stderr, c.Redact, "%s %s, which this commit %s: %s", subject, r.Path, what, list)
	}
}

// containsAny reports whether src holds one of names.
func containsAny(src []byte, names [][]byte) bool {
	for _, n := range names {
		if bytes.Contains(src, n) {
			return true
		}
	}
	return false
}
