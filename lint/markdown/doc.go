// Package markdown holds memlint's parsers of a memory file's text: line
// and offset arithmetic (LineIndex, Pos, Span, UTF-16 lengths as Claude
// Code's JavaScript counts them), the frontmatter parser and YAML decoding
// (Frontmatter) and the Markdown model of the body (Markdown), each with
// the fast path that handles the common shapes without goldmark or yaml.v3.
// It depends on nothing else of memlint's engine.
package markdown
