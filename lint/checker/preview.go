package checker

import (
	"os"
	"path/filepath"
	"sort"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/lint/report"
)

// Preview is memlint preview: for each memory dir the PATHs name (or
// discovery finds), what Claude Code loads from it. It returns the
// document and the configuration in use, as a person reads it.
func Preview(req Request) (doc report.PreviewDoc, config string, err error) {
	r, err := newRun(req)
	if err != nil {
		return doc, "", err
	}
	cfg, err := ResolveConfig(r.Request, nil)
	if err != nil {
		return doc, "", err
	}
	plan := lint.Plan{Cwd: r.Cwd, Paths: r.Paths, Getenv: r.Getenv, Note: func(format string, args ...any) { Say(r.Stderr, r.Redact, format, args...) }}
	targets, err := plan.Targets(cfg)
	if err != nil {
		return doc, "", err
	}
	dirs := previewDirs(r.Cwd, r.Paths, targets, r.claudeHome())
	recall := lint.ResolveRecall(cfg, claude.SystemRecallProbe())
	release := lint.ResolveRelease(cfg, r.VersionProbe)
	home := claudecode.UserHome()
	doc = report.PreviewDoc{Version: 1, ClaudeCode: report.NewPreviewRelease(release), Dirs: []report.PreviewDir{}}
	for _, dir := range dirs {
		pv, err := claude.PreviewDir(dir, claude.PreviewOptions{FollowLinksOut: claudecode.InHome(r.Getenv, home, dir), Recall: recall, Release: release})
		if err != nil {
			return doc, "", err
		}
		doc.Dirs = append(doc.Dirs, report.NewPreviewDir(r.Cwd, dir, pv))
	}
	return doc, ConfigShown(r.Cwd, cfg), nil
}

// previewDirs returns the dirs to preview: those the planner found; but a
// folder PATH that is a memory dir itself (found so, or by lint's rule) is
// previewed alone, as the one memory dir Claude Code would use, with
// nothing below it as a dir of its own: Claude Code reads its subfolders
// as part of it.
func previewDirs(cwd string, args []string, targets []*lint.Target, claudeHome string) []string {
	found := map[string]bool{}
	for _, t := range targets {
		found[t.Dir] = true
	}
	var roots []string
	for _, arg := range args {
		abs := arg
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(cwd, abs)
		}
		abs = filepath.Clean(abs)
		if info, err := os.Stat(abs); err == nil && info.IsDir() && (found[abs] || memory.IsDir(abs, claudeHome)) {
			roots = append(roots, abs)
		}
	}
	seen := map[string]bool{}
	var out []string
	add := func(d string) {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	for _, r := range roots {
		add(r)
	}
	for _, t := range targets {
		inside := false
		for _, r := range roots {
			inside = inside || (t.Dir != r && pathutil.Within(t.Dir, r))
		}
		if !inside {
			add(t.Dir)
		}
	}
	sort.Strings(out)
	return out
}
