// Package recall holds the rules about what recall mode shows of each topic file and of the dir: memory-recall-limit and memory-count-limit.
package recall

import "github.com/memlint/memlint/lint"

// Rules are the rules of this family.
var Rules = []*lint.Rule{
	MemoryRecallLimit,
	MemoryCountLimit,
}
