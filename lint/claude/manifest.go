package claude

import (
	"math"
	"path"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"

	"gopkg.in/yaml.v3"

	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// Limits of Claude Code's recall scan (SPEC §1.4): how much of each topic
// file it reads, and how many files the selector is shown.
const (
	recallHeadLines = 30
	recallHeadBytes = 64 << 10
	RecallMaxFiles  = 200
)

// recallTypes are the only types Claude Code's recall reads (case-sensitive).
var recallTypes = map[string]bool{"user": true, "feedback": true, "project": true, "reference": true}

// RecallFields is what Claude Code's recall scan reads from a topic file:
// its type and description, each only when valid.
type RecallFields struct {
	Type        string // one of the four types, or ""
	Description string // a non-empty string (may span lines), or ""
}

// readRecallFields reads a topic file's type and description exactly as
// Claude Code 2.1.328's recall scan does (SPEC §1.2): from its first 30
// lines / 64 KB, frontmatter from byte 0 closing at the first "---",
// Bun's YAML 1.2 core schema with its lenient retry, duplicate keys
// keeping the last value, metadata.type winning over type.
func readRecallFields(src []byte) RecallFields {
	head := strings.TrimPrefix(recallHead(src), "\uFEFF")
	start, end, ok := jsFrontmatterYAML(head)
	if !ok {
		return RecallFields{}
	}
	doc := decodeBunYAML(head[start:end])
	if doc == nil {
		return RecallFields{}
	}
	var out RecallFields
	if s, ok := yamlString(lookupNode(doc, "description")); ok && s != "" {
		out.Description = s
	}
	// Claude Code merges the top-level keys under metadata, metadata's
	// own keys winning; a null top-level value is dropped first.
	typ := lookupNode(doc, "type")
	if typ != nil && isYAMLNull(typ) {
		typ = nil
	}
	if md := lookupNode(doc, "metadata"); md != nil && md.Kind == yaml.MappingNode {
		if v := lookupNode(md, "type"); v != nil {
			typ = v
		}
	}
	if s, ok := yamlString(typ); ok && recallTypes[s] {
		out.Type = s
	}
	return out
}

// recallHead decodes the start of a file as Claude Code's reader does
// (UTF-16LE after its byte order mark, else UTF-8; one BOM dropped) and
// keeps the first 30 lines, each without its "\r", as long as they fit in
// 64 KB of UTF-8 joined by "\n".
func recallHead(src []byte) string {
	var text string
	if len(src) >= 2 && src[0] == 0xFF && src[1] == 0xFE {
		u := make([]uint16, 0, len(src)/2)
		for i := 0; i+1 < len(src); i += 2 {
			u = append(u, uint16(src[i])|uint16(src[i+1])<<8)
		}
		text = string(utf16.Decode(u))
	} else {
		text = string(decodeUTF8(src))
	}
	text = strings.TrimPrefix(text, "\uFEFF")
	var b strings.Builder
	lines := 0
	for n := 0; n < recallHeadLines; n++ {
		line, rest, more := strings.Cut(text, "\n")
		line = strings.TrimSuffix(line, "\r")
		sep := 0
		if lines > 0 {
			sep = 1
		}
		if b.Len()+sep+len(line) > recallHeadBytes {
			break
		}
		if sep > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(line)
		lines++
		if !more {
			break
		}
		text = rest
	}
	return b.String()
}

// jsFrontmatterYAML finds the YAML of leading frontmatter in s as Claude
// Code's pattern does (one more BOM dropped, closing at the first "---"
// anywhere after the opening line) and returns its bounds.
func jsFrontmatterYAML(s string) (start, end int, ok bool) {
	off := len(s) - len(strings.TrimPrefix(s, "\uFEFF"))
	return markdown.JSFrontmatterBounds([]byte(s), off)
}

// yamlStandIns are what memlint hands yaml.v3 instead of characters Bun's
// YAML parser reads as plain text and yaml.v3 rejects or breaks lines at
// (raw controls, NEL, line and paragraph separators): private-use code
// points, mapped back in the values read.
const yamlStandInBase = 0xF0000

func yamlStandIn(r rune) (rune, bool) {
	switch {
	case (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || (r >= 0x7F && r <= 0x9F):
		return yamlStandInBase + r, true
	case r == 0x2028 || r == 0x2029:
		return yamlStandInBase + 0xA0 + r - 0x2028, true
	}
	return r, false
}

func yamlOriginal(r rune) rune {
	switch {
	case r >= yamlStandInBase && r < yamlStandInBase+0xA0:
		return r - yamlStandInBase
	case r == yamlStandInBase+0xA0 || r == yamlStandInBase+0xA1:
		return r - yamlStandInBase - 0xA0 + 0x2028
	}
	return r
}

// decodeBunYAML decodes frontmatter as Bun's YAML parser, with Claude
// Code's lenient retry (lenientRetry), would read it; nil when it reads no
// mapping. A raw NUL fails both attempts. On top of yaml.v3, one
// strictness of Bun's: a root mapping whose first key is indented ends at
// a less indented line, and what follows is an error.
func decodeBunYAML(raw string) *yaml.Node {
	if strings.IndexByte(raw, 0) >= 0 || len(raw) > markdown.MaxFrontmatterBytes {
		return nil
	}
	for _, text := range []string{raw, string(markdown.LenientRetry([]byte(raw)))} {
		mapped := false
		text = strings.Map(func(r rune) rune {
			s, ok := yamlStandIn(r)
			mapped = mapped || ok
			return s
		}, text)
		var doc yaml.Node
		if !rootIndentConsistent(text) || markdown.SafeYAMLUnmarshal([]byte(text), &doc) != nil {
			continue
		}
		if doc.Kind == 0 || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
			return nil
		}
		if mapped {
			unmapStandIns(doc.Content[0], 0)
		}
		return doc.Content[0]
	}
	return nil
}

// rootIndentConsistent reports whether no content line is indented less
// than the first one.
func rootIndentConsistent(text string) bool {
	base := -1
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		if strings.TrimSpace(trimmed) == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		indent := len(line) - len(trimmed)
		if base < 0 {
			base = indent
		} else if indent < base {
			return false
		}
	}
	return true
}

func unmapStandIns(n *yaml.Node, depth int) {
	if n == nil || depth > 64 {
		return
	}
	n.Value = strings.Map(yamlOriginal, n.Value)
	for _, c := range n.Content {
		unmapStandIns(c, depth+1)
	}
}

// lookupNode returns the value of key in mapping m (the last occurrence),
// following an alias, or else from the mappings merged in with "<<" (the
// first that has it), as Bun's parser merges them.
func lookupNode(m *yaml.Node, key string) *yaml.Node {
	return lookupMerged(m, key, 0)
}

func lookupMerged(m *yaml.Node, key string, depth int) *yaml.Node {
	if m != nil && m.Kind == yaml.AliasNode {
		m = m.Alias
	}
	if m == nil || m.Kind != yaml.MappingNode || depth > 8 {
		return nil
	}
	_, v := markdown.Lookup(m, key)
	if v == nil {
		_, merge := markdown.Lookup(m, "<<")
		if merge != nil && merge.Kind == yaml.AliasNode {
			merge = merge.Alias
		}
		switch {
		case merge == nil:
		case merge.Kind == yaml.MappingNode:
			v = lookupMerged(merge, key, depth+1)
		case merge.Kind == yaml.SequenceNode:
			for _, src := range merge.Content {
				if v = lookupMerged(src, key, depth+1); v != nil {
					break
				}
			}
		}
	}
	if v != nil && v.Kind == yaml.AliasNode {
		v = v.Alias
	}
	return v
}

// YAML 1.2 core schema patterns for plain scalars (what Bun resolves).
var (
	coreNull  = lazyre.New(`^(~|null|Null|NULL|)$`)
	coreBool  = lazyre.New(`^(true|True|TRUE|false|False|FALSE)$`)
	coreInt   = lazyre.New(`^([-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$`)
	coreFloat = lazyre.New(`^([-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?|[-+]?\.(inf|Inf|INF)|\.nan|\.NaN|\.NAN)$`)
)

// yamlString returns a scalar's value when YAML 1.2's core schema reads it
// as a string: quoted and block scalars always, plain ones unless they
// read as null, a boolean or a number. A local tag ("!note v") keeps the
// string; "!!str" makes one.
func yamlString(n *yaml.Node) (string, bool) {
	if n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n == nil || n.Kind != yaml.ScalarNode {
		return "", false
	}
	// Bun reads a quoted or block scalar as a string whatever its tag.
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return n.Value, true
	}
	if n.Style&yaml.TaggedStyle != 0 {
		switch n.Tag {
		case "!!str":
			return n.Value, true
		case "!!null", "!!bool", "!!int", "!!float":
			return "", false
		}
	}
	v := n.Value
	if coreNull.MatchString(v) || coreBool.MatchString(v) || coreInt.MatchString(v) || coreFloat.MatchString(v) {
		return "", false
	}
	return v, true
}

func isYAMLNull(n *yaml.Node) bool {
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n == nil || n.Kind != yaml.ScalarNode {
		return false
	}
	if n.Style&yaml.TaggedStyle != 0 {
		return n.Tag == "!!null"
	}
	return n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0 && coreNull.MatchString(n.Value)
}

// manifestLine is the line recall shows the selector for a topic file:
// "- [<type>] <relpath> (<mtime ISO>): <description>", type and
// description left out when Claude Code reads none.
func manifestLine(rel string, mtime time.Time, f RecallFields) string {
	var b strings.Builder
	b.WriteString("- ")
	if f.Type != "" {
		b.WriteString("[" + f.Type + "] ")
	}
	b.WriteString(rel + " (" + jsISOString(mtime) + ")")
	if f.Description != "" {
		b.WriteString(": " + f.Description)
	}
	return b.String()
}

// jsMillis is a file's mtime as Claude Code's runtime reports it: seconds
// times 1000 plus nanoseconds over a million, in floating point (so that
// .999999999 s rounds up to the next second), then truncated to whole
// milliseconds as new Date() does.
func jsMillis(t time.Time) int64 {
	ms := float64(t.Unix())*1000 + float64(t.Nanosecond())/1e6
	return int64(math.Trunc(ms))
}

// jsISOString formats t as JavaScript's new Date(mtimeMs).toISOString().
func jsISOString(t time.Time) string {
	ms := jsMillis(t)
	u := time.UnixMilli(ms).UTC()
	year := u.Year()
	var y string
	switch {
	case year >= 0 && year <= 9999:
		y = leftPad(strconv.Itoa(year), 4)
	case year < 0:
		y = "-" + leftPad(strconv.Itoa(-year), 6)
	default:
		y = "+" + leftPad(strconv.Itoa(year), 6)
	}
	return y + u.Format("-01-02T15:04:05.000Z")
}

func leftPad(s string, n int) string {
	for len(s) < n {
		s = "0" + s
	}
	return s
}

// recallFolder normalises a path segment as Claude Code compares folder
// names: trailing dots and spaces dropped, lowercased. (Claude Code also
// normalises to NFC first, which only matters for names no folder of
// these has.)
func recallFolder(seg string) string {
	return strings.ToLower(strings.TrimRight(seg, ". "))
}

// recallExcludedFolders are the first segments recall never lists.
var recallExcludedFolders = map[string]bool{"logs": true, "sessions": true, "proposals": true}

// recallListed reports whether recall lists the file at rel (relative to
// the memory dir, slash separated): any *.md except MEMORY.md, not under a
// dot-path or logs/, sessions/, proposals/ (any case), and not deeper
// than one level under team/ (team/.x.md is listed).
func recallListed(rel string) bool {
	if !strings.HasSuffix(rel, ".md") || path.Base(rel) == memory.IndexName {
		return false
	}
	segs := strings.Split(rel, "/")
	if recallFolder(segs[0]) == "team" {
		return len(segs) < 3
	}
	for _, s := range segs {
		if strings.HasPrefix(s, ".") {
			return false
		}
	}
	return !recallExcludedFolders[recallFolder(segs[0])]
}
