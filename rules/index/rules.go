// Package index holds the rules about MEMORY.md, the index Claude Code loads into every conversation, and the topic files it links: index-missing, index-line-limit, index-size-limit, index-frontmatter, index-entry-format, index-entry-length, index-dangling-link, index-link-escape, index-duplicate-entry and orphan-memory.
package index

import "github.com/memlint/memlint/lint"

// Rules are the rules of this family.
var Rules = []*lint.Rule{
	Missing,
	LineLimit,
	SizeLimit,
	Frontmatter,
	EntryFormat,
	EntryLength,
	DuplicateEntry,
	DanglingLink,
	LinkEscape,
	OrphanMemory,
}
