package markdown

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// decodeFast decodes the frontmatter YAML that memory files almost always
// hold without yaml.v3, which costs several times more: lines of
// "key: value" at the left margin, and keys with an empty value followed by
// a block of "key: value" lines indented alike (the "metadata:" dialect).
// A value is a plain scalar on one line, or a double- or single-quoted one
// closed on its line. It returns the root mapping exactly as
// yaml.Unmarshal into a yaml.Node builds it (kinds, tags, styles, values,
// lines and columns), and false for anything it is not sure of: comments,
// tabs, carriage returns, indicators, flow or block collections, anchors,
// tags, multi-line scalars, escapes other than \" and \\, empty values.
// Callers then decode with yaml.v3; TestFrontmatterFastMatchesYAML and
// FuzzFrontmatterFast check that the two agree whenever this one answers.
func decodeFast(raw []byte) (*yaml.Node, bool) {
	// Each line gives at most two nodes, a key and its value (a scalar or
	// the mapping of the block it opens), and two entries of the Content
	// of the root or of a block: one allocation each for all of them.
	top, indented := fastCountLines(raw)
	nodes := make([]yaml.Node, 0, 1+2*(top+indented))
	newNode := func(n yaml.Node) *yaml.Node {
		nodes = append(nodes, n)
		return &nodes[len(nodes)-1]
	}
	content := make([]*yaml.Node, 2*(top+indented))
	text := string(raw) // values are slices of one copy
	root := newNode(yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: content[: 0 : 2*top]})
	content = content[2*top:]
	var block *yaml.Node // the mapping a key with an empty value opened
	indent := 0          // the indentation of block's keys, once known
	closeBlock := func() bool {
		if block == nil {
			return true
		}
		n := len(block.Content)
		block.Content, content = block.Content[:n:n], content[n:]
		return n > 0 // else "key:" with nothing under it is null
	}
	for lineNo, off := 1, 0; off < len(text); lineNo++ {
		end := len(text)
		if i := bytes.IndexByte(raw[off:], '\n'); i >= 0 {
			end = off + i
		}
		line := text[off:end]
		off = end + 1
		lead := 0
		for lead < len(line) && line[lead] == ' ' {
			lead++
		}
		if lead == len(line) {
			continue // a blank line
		}
		parent := root
		switch {
		case lead == 0:
			if !closeBlock() {
				return nil, false
			}
			block = nil
		case block == nil:
			return nil, false // indented, but under no open block
		case indent == 0 || lead == indent:
			indent = lead
			parent = block
		default:
			return nil, false // a deeper or shallower indentation
		}
		if len(nodes)+2 > cap(nodes) {
			return nil, false // cannot happen: newNode's pointers must stay put
		}
		k, v, ok := fastEntry(line, lead, lineNo, newNode)
		if !ok {
			return nil, false
		}
		if v == nil { // "key:" opens a block
			if parent != root {
				return nil, false
			}
			v = newNode(yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: content[:0]})
			block, indent = v, 0
		}
		if len(parent.Content) == 0 {
			parent.Line, parent.Column = k.Line, k.Column
		}
		parent.Content = append(parent.Content, k, v)
	}
	if !closeBlock() || len(root.Content) == 0 {
		return nil, false
	}
	return root, true
}

// fastCountLines counts the lines of raw that start at the left margin
// and those that start with a space (blank lines are neither).
func fastCountLines(raw []byte) (top, indented int) {
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '\n':
			continue
		case ' ':
			indented++
		default:
			top++
		}
		if j := bytes.IndexByte(raw[i:], '\n'); j >= 0 {
			i += j
		} else {
			break
		}
	}
	return top, indented
}

// maxFastKey bounds a key's length: yaml.v3 stops looking for the ":" of a
// simple key after 1024 characters.
const maxFastKey = 128

// fastEntry reads the "key: value" line at line (which starts at column
// lead+1 after lead spaces). v is nil when the value is empty. ok is false
// when the line is not in decodeFast's subset.
func fastEntry(line string, lead, lineNo int, newNode func(yaml.Node) *yaml.Node) (k, v *yaml.Node, ok bool) {
	i := lead
	if !isFastKeyStart(line[i]) {
		return nil, nil, false
	}
	for i < len(line) && isFastKeyByte(line[i]) {
		i++
	}
	if i-lead > maxFastKey || i == len(line) || line[i] != ':' || (i+1 < len(line) && line[i+1] != ' ') {
		return nil, nil, false
	}
	key := line[lead:i]
	k = newNode(yaml.Node{Kind: yaml.ScalarNode, Tag: plainTag(key), Value: key, Line: lineNo, Column: lead + 1})
	i++ // the ':'
	for i < len(line) && line[i] == ' ' {
		i++
	}
	rest := line[i:]
	if rest == "" {
		return k, nil, true
	}
	for len(rest) > 0 && rest[len(rest)-1] == ' ' {
		rest = rest[:len(rest)-1]
	}
	if !fastPrintable(rest) {
		return nil, nil, false
	}
	n := yaml.Node{Kind: yaml.ScalarNode, Line: lineNo, Column: i + 1}
	switch rest[0] {
	case '"':
		n.Value, ok = fastDoubleQuoted(rest)
		n.Tag, n.Style = "!!str", yaml.DoubleQuotedStyle
	case '\'':
		n.Value, ok = fastSingleQuoted(rest)
		n.Tag, n.Style = "!!str", yaml.SingleQuotedStyle
	default:
		n.Value, ok = rest, fastPlain(rest)
		if ok {
			n.Tag = plainTag(rest)
		}
	}
	if !ok {
		return nil, nil, false
	}
	return k, newNode(n), true
}

// plainTag is the tag yaml.v3 resolves the plain scalar s to (resolve in
// its resolve.go): a value that may be a number or a timestamp (it starts
// with a digit, a sign or a ".") is left to yaml.v3 itself; of the others
// only the words of fastWordTags are not strings. Asking yaml.v3 for
// every value would cost an allocation each.
func plainTag(s string) string {
	switch c := s[0]; {
	case '0' <= c && c <= '9', c == '+', c == '-', c == '.':
		n := yaml.Node{Kind: yaml.ScalarNode, Value: s}
		return n.ShortTag()
	}
	for _, w := range fastWordTags {
		if w.word == s {
			return w.tag
		}
	}
	return "!!str"
}

// fastWordTags are the plain scalars without a digit, sign or "." first
// that yaml.v3 resolves to another tag than !!str (its resolveMap; "<<" is
// never a plain value here).
var fastWordTags = []struct{ word, tag string }{
	{"true", "!!bool"}, {"True", "!!bool"}, {"TRUE", "!!bool"},
	{"false", "!!bool"}, {"False", "!!bool"}, {"FALSE", "!!bool"},
	{"~", "!!null"}, {"null", "!!null"}, {"Null", "!!null"}, {"NULL", "!!null"},
}

// isFastKeyStart and isFastKeyByte define the keys decodeFast reads:
// a letter or "_", then letters, digits, "_", "-" and ".".
func isFastKeyStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}

func isFastKeyByte(c byte) bool {
	return isFastKeyStart(c) || '0' <= c && c <= '9' || c == '-' || c == '.'
}

// fastPlainStart lists the bytes a plain scalar may not start with (YAML
// indicators, and "<" for the merge key "<<", which yaml.v3 tags apart).
const fastPlainStart = "-?:,[]{}#&*!|>'\"%@`<"

// fastPlain reports whether s, a value without leading or trailing spaces,
// is a plain scalar that ends on its line: no indicator first, no ": "
// (or a final ":") that would make it a key, no " #" comment.
func fastPlain(s string) bool {
	if strings.IndexByte(fastPlainStart, s[0]) >= 0 {
		return false
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case ':':
			if i+1 == len(s) || s[i+1] == ' ' {
				return false
			}
		case '#':
			if s[i-1] == ' ' {
				return false
			}
		}
	}
	return true
}

// fastDoubleQuoted returns the value of s, a double-quoted scalar that
// must end with its closing quote; the only escapes it reads are \" and \\.
func fastDoubleQuoted(s string) (string, bool) {
	if len(s) < 2 || s[len(s)-1] != '"' {
		return "", false
	}
	body := s[1 : len(s)-1]
	if strings.IndexByte(body, '\\') < 0 {
		return body, strings.IndexByte(body, '"') < 0
	}
	out := make([]byte, 0, len(body))
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case c == '"':
			return "", false // closes before the end of the line
		case c != '\\':
			out = append(out, c)
		case i+1 < len(body) && (body[i+1] == '"' || body[i+1] == '\\'):
			out = append(out, body[i+1])
			i++
		default:
			return "", false
		}
	}
	return string(out), true
}

// fastSingleQuoted returns the value of s, a single-quoted scalar that must
// end with its closing quote; a doubled quote inside stands for one.
func fastSingleQuoted(s string) (string, bool) {
	if len(s) < 2 || s[len(s)-1] != '\'' {
		return "", false
	}
	body := s[1 : len(s)-1]
	if strings.IndexByte(body, '\'') < 0 {
		return body, true
	}
	out := make([]byte, 0, len(body))
	for i := 0; i < len(body); i++ {
		if body[i] == '\'' {
			if i+1 == len(body) || body[i+1] != '\'' {
				return "", false
			}
			i++
		}
		out = append(out, body[i])
	}
	return string(out), true
}

// fastPrintable reports whether s holds only characters yaml.v3 reads as
// ordinary text on one line: printable ASCII, and valid UTF-8 in its
// allowed ranges apart from the characters it takes for line breaks
// (U+2028, U+2029) and the byte order mark.
func fastPrintable(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7F {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1, r < 0xA0, r == 0x2028, r == 0x2029, r == 0xFEFF,
			0xD800 <= r && r < 0xE000, r == 0xFFFE, r == 0xFFFF:
			return false
		}
		i += size
	}
	return true
}
