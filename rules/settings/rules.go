// Package settings holds the rule about Claude Code's autoMemoryDirectory setting: settings-memory-directory.
package settings

import "github.com/memlint/memlint/lint"

// Rules are the rules of this family.
var Rules = []*lint.Rule{
	MemoryDirectory,
}
