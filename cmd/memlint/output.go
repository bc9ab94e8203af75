package main

import (
	"errors"

	"github.com/memlint/memlint/lint/report"
)

// writeOutputs writes the extra reports of --output FORMAT=FILE
// (placeholder: being written).
func (o *checkOptions) writeOutputs(r *report.Report) error {
	if len(o.outputs) > 0 {
		return errors.New("--output is not implemented yet")
	}
	return nil
}
