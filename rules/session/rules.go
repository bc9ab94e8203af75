// Package session holds the rules about memory that records one
// conversation instead of what outlasts it: ephemeral-content (task
// checklists, session diaries, lists of PR numbers) and
// stale-project-memory (a project memory whose newest date is long past
// and which nobody has changed since).
package session

import "github.com/memlint/memlint/lint"

// Rules are the rules of this family.
var Rules = []*lint.Rule{
	EphemeralContent,
	StaleProjectMemory,
}
