package lint

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// This file is the part of a run's filter that looks beyond one memory
// dir: a dir's own findings are settled as its rules report them (severity,
// off, suppressions, redaction: Linter.settle), scoped to the files a PATH
// named (Result.add), and then the baseline of accepted findings applies
// to the whole run.

// Baseline is a record of accepted findings (package lint/baseline).
type Baseline interface {
	// Apply returns ds without the findings it accepts, plus a finding
	// (baseline-stale) for each of its entries that matched none and that
	// inScope, given the entry's absolute OS path, says this run could
	// judge.
	Apply(ds []Diagnostic, inScope func(path string) bool) []Diagnostic
}

// applyBaseline filters res through the plan's baseline, if any.
func applyBaseline(src Source, plan Plan, cfg *Config, res *Result) error {
	if plan.Baseline == nil {
		return nil
	}
	b, err := plan.Baseline(cfg)
	if err != nil || b == nil {
		return err
	}
	// A change (the staged index) cannot tell a deleted file from one the
	// change does not touch; the working tree can.
	_, change := src.(Changes)
	judged := append(append([]*Target(nil), res.Targets...), res.Repos...)
	reg := cfg.Registry(plan.Registry)
	kept := res.Diagnostics[:0:0]
	for _, d := range b.Apply(res.Diagnostics, func(p string) bool { return InScope(judged, p, !change) }) {
		// The findings the baseline adds are its rules', settled here.
		if rule, ok := reg.Lookup(d.Rule); ok && rule.Scope == ScopeBaseline {
			off, sev, _ := cfg.Resolve(rule, filepath.FromSlash(d.Path))
			if off {
				continue
			}
			if sev != SeverityDefault {
				d.Severity = sev
			}
		}
		kept = append(kept, d)
	}
	res.Diagnostics = kept
	return nil
}

// InScope reports whether a run that linted targets can judge a finding
// about the file or folder p (absolute): p is in a linted dir or file, or,
// when gone counts, p no longer exists, so that nothing will ever match
// it. A baseline's entries about other paths are neither stale nor
// dropped.
func InScope(targets []*Target, p string, gone bool) bool {
	for _, t := range targets {
		if t.Files != nil {
			if t.Files[p] {
				return true
			}
			continue
		}
		if Within(p, t.Dir) {
			return true
		}
	}
	if !gone {
		return false
	}
	_, err := os.Lstat(p)
	return errors.Is(err, fs.ErrNotExist)
}
