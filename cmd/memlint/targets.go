package main

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/report"
	"github.com/memlint/memlint/rules"
)

func pathErrText(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// planError shows a planning error: a PATH that does not exist may be a
// misspelt command.
func planError(err error) error {
	var missing *lint.MissingPathError
	if errors.As(err, &missing) {
		return fmt.Errorf("%w%s", err, commandHint(missing.Path))
	}
	return err
}

// newReport is the report of a run's result, before the settings check
// and the baseline add to it.
func newReport(res *lint.Result) *report.Report {
	r := &report.Report{Diagnostics: res.Diagnostics, Suppressed: res.Suppressed, Files: res.Files, Redact: rules.Redact,
		DirFiles: map[string]int{}}
	for _, d := range res.Dirs {
		r.Dirs++
		r.DirFiles[d.Path] += d.Files
		r.MemoryDirs = append(r.MemoryDirs, d.Path)
		if d.Index != nil {
			r.Indexes = append(r.Indexes, report.Index{Path: d.Index.Path, Budget: d.Index.Budget})
		}
	}
	return r
}
