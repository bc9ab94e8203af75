package memory

import (
	"gopkg.in/yaml.v3"
	"unicode/utf8"

	"github.com/memlint/memlint/lint/markdown"
)

// NodeEnd returns the position just past the source text of n, a node of
// f's frontmatter, for the end of a finding that starts at
// Frontmatter.Pos(n): past the closing quote of a quoted scalar, past the
// last character of a plain or block scalar. The decoded value is no
// measure of that: "a \"b\" c", or a single-quoted value with a doubled
// quote in it, is longer in the file than its value, and a folded or
// multi-line value spans lines. A node that is not a scalar, or whose
// text memlint cannot find in the file (a value of a repaired
// frontmatter), ends where its value would on its first line.
func (f *File) NodeEnd(n *yaml.Node) markdown.Pos {
	fm := f.Frontmatter()
	start := fm.Pos(n)
	fallback := markdown.Pos{Line: start.Line, Col: start.Col + utf8.RuneCountInString(n.Value)}
	if n.Kind != yaml.ScalarNode {
		return fallback
	}
	src, limit := f.Src, min(fm.Span.End, len(f.Src))
	j := skipTagsAndAnchors(src, f.Lines.Offset(start), limit)
	switch n.Style &^ (yaml.TaggedStyle | yaml.FlowStyle) {
	case yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle:
		if end := quotedEnd(src[:limit], j); end >= 0 {
			return f.Lines.Pos(end)
		}
	}
	offsets := ScalarOffsets(f, fm, n)
	if offsets == nil {
		return fallback
	}
	// The end of the value's last character that is not white space: a
	// block scalar's final newline, or a run of spaces standing for the
	// indentation of the next line, is not part of its text.
	for i := len(n.Value) - 1; i >= 0; i-- {
		if !isYAMLSpace(n.Value[i]) {
			_, size := utf8.DecodeLastRuneInString(n.Value[:i+1])
			return f.Lines.Pos(offsets[i+1-size] + size)
		}
	}
	return f.Lines.Pos(offsets[0])
}

// skipTagsAndAnchors returns the offset of a node's value in src from the
// node's position j: past any tag (!!str) and anchor (&a) before it.
func skipTagsAndAnchors(src []byte, j, limit int) int {
	for j < limit && (src[j] == '!' || src[j] == '&') {
		for j < limit && !isYAMLSpace(src[j]) {
			j++
		}
		for j < limit && isYAMLSpace(src[j]) {
			j++
		}
	}
	return j
}

// quotedEnd returns the offset just past the quoted scalar that opens at
// src[j], or -1 when src[j] opens none: in a double-quoted one a backslash
// escapes the next byte, in a single-quoted one a doubled quote is a quote.
func quotedEnd(src []byte, j int) int {
	if j >= len(src) || (src[j] != '"' && src[j] != '\'') {
		return -1
	}
	q := src[j]
	for k := j + 1; k < len(src); k++ {
		switch {
		case q == '"' && src[k] == '\\':
			k++
		case src[k] == q && q == '\'' && k+1 < len(src) && src[k+1] == '\'':
			k++
		case src[k] == q:
			return k + 1
		}
	}
	return -1
}

// scalarOffsets maps each byte of a scalar's value (and the end) to its
// offset in the file, walking the source from the node's position: past a
// tag or anchor and an opening quote or block indicator, then byte by
// byte, a run of white space in the value standing for a run of white
// space in the source (folded lines, indentation). It returns nil when
// the source does not hold the value that way (escape sequences).
func ScalarOffsets(f *File, fm *markdown.Frontmatter, v *yaml.Node) []int {
	src, limit := f.Src, min(fm.Span.End, len(f.Src))
	j := skipTagsAndAnchors(src, f.Lines.Offset(fm.Pos(v)), limit)
	switch v.Style &^ (yaml.TaggedStyle | yaml.FlowStyle) {
	case yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle:
		// A repaired frontmatter (see Frontmatter.Repaired) has quotes
		// that are not in the file.
		if j < limit && (src[j] == '"' || src[j] == '\'') {
			j++
		}
	case yaml.LiteralStyle, yaml.FoldedStyle:
		// The value starts on the line after the indicator, indented.
		for j < limit && src[j] != '\n' {
			j++
		}
		j++
		if v.Value != "" && !isYAMLSpace(v.Value[0]) {
			for j < limit && isYAMLSpace(src[j]) {
				j++
			}
		}
	}
	value := v.Value
	out := make([]int, len(value)+1)
	for i := 0; i < len(value); {
		switch {
		case j >= limit:
			return nil
		case isYAMLSpace(value[i]) && isYAMLSpace(src[j]):
			for ; i < len(value) && isYAMLSpace(value[i]); i++ {
				out[i] = j
			}
			for j < limit && isYAMLSpace(src[j]) {
				j++
			}
		case value[i] == src[j]:
			out[i] = j
			i++
			j++
		default:
			return nil
		}
	}
	out[len(value)] = j
	return out
}

func isYAMLSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }
