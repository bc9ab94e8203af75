package main

import (
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/report"
)

// applyBaseline drops findings recorded in the baseline file
// (placeholder: being written).
func (o *checkOptions) applyBaseline(cwd string, cfg *lint.Config, r *report.Report) error {
	return nil
}
