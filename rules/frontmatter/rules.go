// Package frontmatter holds the rules about a topic file's YAML frontmatter, the part Claude Code reads to find, describe and type a memory: frontmatter-missing, frontmatter-invalid, frontmatter-early-close, frontmatter-scan-window, frontmatter-required, frontmatter-field-type, frontmatter-unknown-key, frontmatter-comment-truncation, memory-type, modified-timestamp, name-duplicate, name-format and description-quality.
package frontmatter

import "github.com/memlint/memlint/lint"

// Rules are the rules of this family.
var Rules = []*lint.Rule{
	Missing,
	Invalid,
	ScanWindow,
	Required,
	FieldType,
	UnknownKey,
	CommentTruncation,
	EarlyClose,
	DescriptionQuality,
	MemoryType,
	ModifiedTimestamp,
	NameDuplicate,
	NameFormat,
}
