// Package stalereference holds the rule against memory that names a
// repository path the repository no longer has: stale-reference.
package stalereference

import "github.com/memlint/memlint/lint"

// Rules are the rules of this family.
var Rules = []*lint.Rule{
	StaleReference,
}
