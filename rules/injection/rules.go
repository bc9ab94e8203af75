// Package injection holds the rule against memory that carries instructions
// for the agent instead of knowledge: memory-injection.
//
// The patterns are a trigger table (triggers.go): each entry has cheap
// lowercase words that must occur before its regular expression is tried
// on the line holding them, so a file is read a few times with
// bytes.Index and only the lines that hold a trigger word meet a regexp.
// Encoded blobs (base64.go) and the comments of topic files (comments.go)
// have scanners of their own.
package injection

import "github.com/memlint/memlint/lint"

// Rules are the rules of this family.
var Rules = []*lint.Rule{
	Rule,
}
