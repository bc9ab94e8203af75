package main

import (
	"errors"
	"fmt"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/checker"
	"github.com/memlint/memlint/lint/report"
)

// planError shows a planning error: a PATH that does not exist may be a
// misspelt command.
func planError(err error) error {
	var missing *lint.MissingPathError
	if errors.As(err, &missing) {
		return fmt.Errorf("%w%s", err, commandHint(missing.Path))
	}
	return err
}

// What the tests call by the names these had here.
var (
	decodeKey   = checker.DecodeKey
	unifiedDiff = report.UnifiedDiff
	writeFixes  = func(cwd string, fx *lint.Fixed) error { return checker.WriteFixes(redact, cwd, fx) }
)
