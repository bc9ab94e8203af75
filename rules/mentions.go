package rules

import (
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules/stalereference"
)

// Mentions are the repository paths a memory file names, as
// stale-reference reads them: for the pre-commit hook's warning about the
// files a commit deletes or renames (lint/checker's Request.Mentions).
func Mentions(src []byte, name, dir, root string) []memory.Mention {
	refs := stalereference.References(src, name, dir, root)
	out := make([]memory.Mention, len(refs))
	for i, r := range refs {
		out[i] = memory.Mention{Path: r.Path, Line: r.Line}
	}
	return out
}

// MentionsRule is the rule whose reading Mentions is: where it is off,
// the warning reads nothing (lint/checker's Request.MentionsRule).
var MentionsRule = stalereference.StaleReference
