package checker

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/report"
)

// This file is memlint check --all: every Claude Code project memory dir
// (projects/<key>/memory/) and subagent memory dir (agent-memory/<agent>/)
// under the config home, linted as one run, with a table per project.

// keyDecodeReads bounds the folders decodeKey lists for one key: a key
// of many dashes must not make memlint walk the disk.
const keyDecodeReads = 64

// all lints every memory dir under Claude Code's config home and adds the
// per-project table to the report. It takes no PATH. (The command says
// --all cannot go with --staged.)
func (r *run) all() (*Result, error) {
	switch {
	case len(r.Paths) > 0:
		return nil, fmt.Errorf("--all lints every memory dir under Claude Code's config home: it takes no PATH (got %q)", r.Paths[0])
	case r.Base != "":
		return nil, errors.New("--all cannot be used with --base: the memory under Claude Code's config home is in no repository")
	}
	home := r.claudeHome()
	if home == "" {
		return nil, errors.New("--all: neither $CLAUDE_CONFIG_DIR nor a home folder says where Claude Code keeps its memory")
	}
	projects := r.findProjects(home)
	if len(projects) == 0 {
		r.note("no Claude Code memory under %s (no projects/<key>/memory/ or agent-memory/<agent>/ folder)", home)
		cfg, err := ResolveConfig(r.Request, nil)
		if err != nil {
			return nil, err
		}
		rep := &report.Report{Projects: []report.Project{}}
		r.decorate(rep, cfg)
		return &Result{Report: rep, Lint: &lint.Result{}, Config: cfg}, nil
	}
	dirs := make([]string, len(projects))
	for i, p := range projects {
		dirs[i] = filepath.FromSlash(p.Dir)
	}
	res, err := r.workingTree(dirs)
	if err != nil {
		return nil, err
	}
	res.Report.Projects = projects
	return res, nil
}

// findProjects lists the project and subagent memory dirs under the
// config home home, sorted: projects by path (decoded, else key), then
// subagents by name. A folder that is, or leads through, a symbolic link
// out of the config home is not followed (a note says so).
func (r *run) findProjects(home string) []report.Project {
	realHome, err := filepath.EvalSymlinks(home)
	if err != nil {
		return nil // no config home: nothing to lint
	}
	var out []report.Project
	for _, kind := range []struct {
		parent, sub string
		agent       bool
	}{{"projects", "memory", false}, {"agent-memory", "", true}} {
		entries, err := os.ReadDir(filepath.Join(home, kind.parent))
		if err != nil {
			continue
		}
		for _, e := range entries {
			keyDir := filepath.Join(home, kind.parent, e.Name())
			dir := filepath.Join(keyDir, kind.sub)
			if !r.insideHome(realHome, keyDir, dir) {
				continue
			}
			p := report.Project{Name: e.Name(), Key: e.Name(), Agent: kind.agent, Dir: filepath.ToSlash(dir)}
			if !kind.agent {
				if decoded := DecodeKey(e.Name()); decoded != "" {
					p.Name = decoded
				}
			}
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Agent != b.Agent {
			return !a.Agent
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.Key < b.Key
	})
	return out
}

// insideHome reports whether the memory dir dir (in the key folder
// keyDir) is a folder inside the config home realHome, symbolic links
// resolved. A key folder that is a link is never followed: Claude Code
// creates real folders, and a link is someone pointing memlint elsewhere.
func (r *run) insideHome(realHome, keyDir, dir string) bool {
	info, err := os.Lstat(keyDir)
	if err != nil || !info.IsDir() {
		if err == nil && info.Mode()&os.ModeSymlink != 0 {
			r.note("%s is a symbolic link; not followed", keyDir)
		}
		return false
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return false // a project without memory
	}
	if info, err := os.Stat(real); err != nil || !info.IsDir() {
		return false
	}
	rel, err := filepath.Rel(realHome, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		r.note("%s leads to %s, outside %s; not followed", dir, real, realHome)
		return false
	}
	return true
}

// DecodeKey returns the one existing folder whose Claude Code project key
// is key, or "" when none or several do. A key replaces every character
// but ASCII letters and digits by "-", so "-home-u-my-app" may be
// /home/u/my-app or /home/u/my/app: the folders on disk decide, one path
// name at a time. Only keys of absolute POSIX paths short enough to carry
// no hash are decoded.
func DecodeKey(key string) string {
	if !strings.HasPrefix(key, "-") || len(key) > claudecode.MaxKeyLen || filepath.Separator != '/' {
		return ""
	}
	var found []string
	reads := keyDecodeReads
	var walk func(dir, rest string)
	walk = func(dir, rest string) {
		if len(found) > 1 {
			return
		}
		if rest == "" {
			found = append(found, dir)
			return
		}
		// Each name follows the "-" its "/" became.
		rest = strings.TrimPrefix(rest, "-")
		if reads--; reads < 0 || rest == "" {
			return
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range entries {
			k := claudecode.ProjectKey(e.Name())
			if !strings.HasPrefix(rest, k) || (len(rest) > len(k) && rest[len(k)] != '-') {
				continue
			}
			child := filepath.Join(dir, e.Name())
			if !e.IsDir() {
				if info, err := os.Stat(child); err != nil || !info.IsDir() {
					continue
				}
			}
			walk(child, rest[len(k):])
		}
	}
	walk("/", key)
	if len(found) != 1 || claudecode.ProjectKey(found[0]) != key {
		return ""
	}
	return found[0]
}
