// Package claudemd holds the rule against memory that repeats the
// instructions Claude Code already loads for the repository (CLAUDE.md and
// its kin): claude-md-overlap.
package claudemd

import "github.com/memlint/memlint/lint"

// Rules are the rules of this family.
var Rules = []*lint.Rule{
	ClaudeMdOverlap,
}
