package checker

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/memlint/memlint/internal/gitrepo"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/baseline"
	"github.com/memlint/memlint/lint/report"
)

// baseline is the plan's baseline: the baseline file of the run, read once
// the configuration is known. Without --baseline, a missing file means
// there is no baseline; memlint baseline, which writes it, and the Claude
// Code hooks apply none.
func (r *run) baseline() func(cfg *lint.Config) (lint.Baseline, error) {
	if r.Recording || r.Mode == FS {
		return nil
	}
	return func(cfg *lint.Config) (lint.Baseline, error) {
		file, named := BaselinePath(r.Cwd, r.BaselineFile, cfg)
		b, err := baseline.Read(file, lint.RelPath(r.Cwd, file))
		if errors.Is(err, fs.ErrNotExist) && !named {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		return baseline.Applied{Baseline: b, File: file, Redact: r.Redact}, nil
	}
}

// BaselinePath is the baseline file of a run, absolute: flag (--baseline)
// relative to cwd, else .memlint-baseline.json in the configuration's
// folder, the repository's top level or the current directory. named
// reports whether the flag chose it.
func BaselinePath(cwd, flag string, cfg *lint.Config) (file string, named bool) {
	if flag != "" {
		file = flag
		if !filepath.IsAbs(file) {
			file = filepath.Join(cwd, file)
		}
		return filepath.Clean(file), true
	}
	dir := cwd
	if cfg != nil && cfg.Dir != "" {
		dir = cfg.Dir
	} else if top := gitrepo.TopLevel(cwd); top != "" {
		dir = top
	}
	return filepath.Join(dir, baseline.FileName), false
}

// Recorded is what memlint baseline wrote.
type Recorded struct {
	// Shown is the baseline file as a message names it; Cwd the folder
	// the run's paths are shown from.
	Shown, Cwd string
	// Counts are the findings accepted; Kept the entries kept for paths
	// the run did not lint.
	Errors, Warnings, Infos, Kept int
	// Failed are the rules that failed: then nothing was written (a
	// baseline of an incomplete run would accept too little).
	Failed []lint.RuleError
}

// Summary is what memlint baseline prints of the file it wrote: its name,
// the findings accepted by severity, and the entries kept.
func (r *Recorded) Summary() string {
	s := fmt.Sprintf("wrote %s: %s accepted (%s, %s, %s)", report.EscapeText(r.Shown), plural(r.Errors+r.Warnings+r.Infos, "finding"),
		plural(r.Errors, "error"), plural(r.Warnings, "warning"), plural(r.Infos, "info"))
	if r.Kept > 0 {
		s += fmt.Sprintf("; kept %s for paths not linted", plural(r.Kept, "entry", "entries"))
	}
	return s
}

// RecordBaseline lints as req says (the working tree, recording) and
// writes every finding to the baseline file, keeping the entries for
// paths the run did not lint.
func RecordBaseline(req Request) (*Recorded, error) {
	req.Mode, req.Recording = WorkingTree, true
	res, err := Check(req)
	if err != nil {
		return nil, err
	}
	defer res.Close()
	if len(res.Failed) > 0 {
		return &Recorded{Failed: res.Failed, Cwd: res.req.Cwd}, nil
	}
	cwd, redact := res.req.Cwd, res.req.Redact
	file, _ := BaselinePath(cwd, req.BaselineFile, res.Config)
	shown := lint.RelPath(cwd, file)
	dir := filepath.Dir(file)
	old, err := baseline.Read(file, shown)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	entries := baseline.Entries(res.Report.Diagnostics, dir, redact)
	kept := 0
	if old != nil {
		for _, e := range old.Entries {
			if !lint.InScope(res.Targets, lint.UnmaskPath(redact, e.AbsPath(dir)), true) {
				entries = append(entries, e)
				kept++
			}
		}
	}
	if err := baseline.New(entries).WriteFile(file); err != nil {
		return nil, fmt.Errorf("%s: %w", lint.RedactPath(redact, shown), err)
	}
	c := res.Report.Counts()
	return &Recorded{Shown: lint.RedactPath(redact, shown), Cwd: cwd, Errors: c.Errors, Warnings: c.Warnings, Infos: c.Infos, Kept: kept}, nil
}
