// Package hiddenunicode holds the rule against invisible and bidirectional characters that hide text from a human reviewer: hidden-unicode.
package hiddenunicode

import "github.com/memlint/memlint/lint"

// Rules are the rules of this family.
var Rules = []*lint.Rule{
	HiddenUnicode,
}
