// Package teamskill holds the rules about the skills shared team memory
// can hold (SPEC §1.5a): what Claude Code's loader skips or ignores in a
// team memory skill, <skills folder>/<name>/SKILL.md. A skill is no
// memory: the memory rules never see it (memory.Dir.Skills), these do.
//
// Every fact here was read in Claude Code 2.1.332's loader and checked on
// the binary (2.1.332 and 2.1.328 agree): conformance/skills_test.go runs
// it offline with a team memory store and watches which skills it offers
// the model.
package teamskill

import "github.com/memlint/memlint/lint"

// Rules are the rules of this family.
var Rules = []*lint.Rule{
	TooLarge,
	Symlink,
	FolderName,
	Count,
	IgnoredFrontmatter,
	InlineShell,
}
