package main

import (
	"errors"

	"github.com/memlint/memlint/lint/report"
)

// applyFixes applies or shows the findings' fixes (placeholder: being
// written).
func (o *checkOptions) applyFixes(r *report.Report) error {
	return errors.New("--fix is not implemented yet")
}
