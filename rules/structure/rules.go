// Package structure holds the rules about the body layout Claude Code asks of feedback and project memories: feedback-structure and project-structure.
package structure

import "github.com/memlint/memlint/lint"

// Rules are the rules of this family.
var Rules = []*lint.Rule{
	Feedback,
	Project,
}
