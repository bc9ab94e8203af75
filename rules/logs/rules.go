// Package logs holds the rules about daily logs under logs/YYYY/MM/: log-path and log-append-only.
package logs

import "github.com/memlint/memlint/lint"

// Rules are the rules of this family.
var Rules = []*lint.Rule{
	Path,
	AppendOnly,
}
