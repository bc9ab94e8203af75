package markdown

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/memlint/memlint/internal/lazyre"
)

// Frontmatter is the YAML block between two "---" lines at the top of a
// file. Nodes keep their positions: use Frontmatter.Pos to turn a node's
// position into a file position.
type Frontmatter struct {
	// Span covers everything from the opening "---" to the end of the
	// closing "---" line (or to the end of the file when never closed).
	Span
	OpenLine  int // 1-based line of the opening "---"
	CloseLine int // 1-based line of the closing "---"; 0 when never closed
	// Raw is the YAML text between the delimiters.
	Raw []byte
	// Doc is the mapping at the root, or nil when the YAML is empty,
	// invalid or not a mapping.
	Doc *yaml.Node
	// Err is the YAML syntax error, if any.
	Err *YAMLError
	// Repaired is set when the YAML is invalid but Claude Code's fallback
	// (quoting plain values that contain YAML indicators, then parsing
	// again) reads it; Doc then holds that reading.
	Repaired bool
	// NotMapping is set when the YAML is valid but its root is a scalar or
	// a sequence.
	NotMapping *yaml.Node
	// Duplicates lists keys that appear twice in one mapping (the second
	// occurrence); yaml.v3 node decoding does not report them.
	Duplicates []*yaml.Node
	// EarlyClose is the offset of a "---" inside the frontmatter before the
	// closing line (or, when it is never closed, anywhere after the
	// opening one), or -1. Claude Code's frontmatter pattern
	// (^---\s*\n([\s\S]*?)---) ends the frontmatter at the first "---"
	// anywhere, so it cuts the YAML there.
	EarlyClose int
	// BOM is set when the file starts with a UTF-8 byte order mark before
	// the opening "---". Claude Code drops one leading mark before it
	// looks for frontmatter, but does not stamp such a file.
	BOM bool
}

// YAMLError is a YAML syntax error with its position in the file.
type YAMLError struct {
	Pos     Pos
	Message string
}

func (e *YAMLError) Error() string { return e.Message }

// Pos converts the position of a node of Doc into a file position.
func (fm *Frontmatter) Pos(n *yaml.Node) Pos {
	return Pos{Line: fm.OpenLine + n.Line, Col: n.Column}
}

// Valid reports whether the frontmatter is closed and its YAML is a mapping
// without duplicate keys.
func (fm *Frontmatter) Valid() bool {
	return fm.CloseLine > 0 && fm.Err == nil && fm.NotMapping == nil && len(fm.Duplicates) == 0
}

// Lookup returns the key and value nodes of key in the mapping m, or nils.
// The last occurrence wins, as in Claude Code's YAML parser (SPEC §1.2).
func Lookup(m *yaml.Node, key string) (k, v *yaml.Node) {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := len(m.Content)/2*2 - 2; i >= 0; i -= 2 {
		if m.Content[i].Value == key {
			return m.Content[i], m.Content[i+1]
		}
	}
	return nil, nil
}

// Field returns the key and value nodes of a top-level key.
func (fm *Frontmatter) Field(key string) (k, v *yaml.Node) { return Lookup(fm.Doc, key) }

// Metadata returns the value of the "metadata:" mapping (newer dialect), or
// nil when there is none or it is not a mapping.
func (fm *Frontmatter) Metadata() *yaml.Node {
	_, v := fm.Field("metadata")
	if v == nil || v.Kind != yaml.MappingNode {
		return nil
	}
	return v
}

// ScalarValue returns the text of a scalar node, or "" for anything else.
// Aliases are not followed.
func ScalarValue(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}

var YAMLErrLine = lazyre.New(`^yaml: line (\d+): (.*)$`)

// maxFrontmatterBytes bounds the YAML memlint hands to the decoder. Real
// frontmatter is a few hundred bytes; anything past this is reported as
// invalid rather than decoded.
const MaxFrontmatterBytes = 64 << 10

// parseFrontmatter finds and decodes frontmatter at the top of src. It
// returns nil when the first line is not "---".
func ParseFrontmatter(src []byte, lines *LineIndex) *Frontmatter {
	fm := locateFrontmatter(src, lines)
	if fm != nil && fm.CloseLine > 0 {
		fm.decode(true)
	}
	return fm
}

// locateFrontmatter finds the frontmatter at the top of src, without
// decoding it, or returns nil when the first line is not "---".
func locateFrontmatter(src []byte, lines *LineIndex) *Frontmatter {
	start := 0
	bom := bytes.HasPrefix(src, utf8BOM)
	if bom {
		start = len(utf8BOM)
	}
	if lines.Lines() == 0 || !isDelimiter(src[start:lines.LineEnd(1)]) {
		return nil
	}
	fm := &Frontmatter{OpenLine: 1, EarlyClose: -1, BOM: bom}
	yamlStart := lines.LineStart(2)
	if lines.Lines() < 2 {
		yamlStart = len(src)
	}
	yamlEnd := len(src)
	fm.Span = Span{0, len(src)}
	for n := 2; n <= lines.Lines(); n++ {
		if isDelimiter(lines.Line(n)) || dashLineCloses(lines, n) {
			fm.CloseLine = n
			yamlEnd = lines.LineStart(n)
			fm.Span.End = lines.LineEnd(n)
			if n < lines.Lines() || bytes.HasSuffix(src, []byte("\n")) {
				fm.Span.End = lines.LineStart(n + 1)
			}
			break
		}
	}
	fm.Raw = src[yamlStart:yamlEnd]
	if i := bytes.Index(fm.Raw, []byte("---")); i >= 0 {
		fm.EarlyClose = yamlStart + i
	}
	return fm
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// keyLine matches a line that starts a top-level YAML key.
var keyLine = lazyre.New(`^[A-Za-z_][A-Za-z0-9_-]*:(?:[ \t]|$)`)

// dashLineCloses reports whether line n, which starts with "---" without
// being a plain "---" line ("-----", "--- notes"), is where the
// frontmatter ends. Claude Code ends it there in any case; memlint takes it
// for the closing line unless keys follow before the next "---" line, which
// shows that the author meant the block to go on (frontmatter-early-close
// then reports what Claude Code loses).
func dashLineCloses(lines *LineIndex, n int) bool {
	if !bytes.HasPrefix(lines.Line(n), []byte("---")) {
		return false
	}
	for m := n + 1; m <= lines.Lines() && m <= n+30; m++ {
		line := lines.Line(m)
		if isDelimiter(line) {
			break
		}
		if keyLine.Match(line) {
			return false
		}
	}
	return true
}

// isDelimiter reports whether a line is "---", allowing trailing blanks.
func isDelimiter(line []byte) bool {
	return string(bytes.TrimRight(line, " \t\r")) == "---"
}

// decode decodes Raw: with decodeFast when fast is set and it reads Raw,
// else with yaml.v3 (tests compare the two).
func (fm *Frontmatter) decode(fast bool) {
	if len(fm.Raw) > MaxFrontmatterBytes {
		fm.Err = &YAMLError{Pos: Pos{Line: fm.OpenLine + 1, Col: 1},
			Message: fmt.Sprintf("frontmatter is %d bytes; memlint does not decode more than %d", len(fm.Raw), MaxFrontmatterBytes)}
		return
	}
	if fast {
		if root, ok := decodeFast(fm.Raw); ok {
			fm.Doc = root
			fm.Duplicates = findDuplicateKeys(root, nil, 0)
			return
		}
	}
	var doc yaml.Node
	if err := SafeYAMLUnmarshal(fm.Raw, &doc); err != nil {
		fm.Err = fm.yamlError(err)
		if line := firstFailingLine(fm.Raw); line > 0 {
			fm.Err.Pos = Pos{Line: fm.OpenLine + line, Col: 1}
		}
		// Claude Code retries once with problematic values quoted; a
		// memory it reads that way still has its fields.
		doc = yaml.Node{}
		if SafeYAMLUnmarshal(LenientRetry(fm.Raw), &doc) != nil {
			return
		}
		fm.Repaired = true
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return // empty frontmatter
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		fm.NotMapping = root
		return
	}
	fm.Doc = root
	fm.Duplicates = findDuplicateKeys(root, nil, 0)
}

// DecodeLenient reads YAML as Claude Code reads frontmatter: as it is, and
// when that fails once more after its lenient retry (lenientRetry). It
// returns the root mapping, or nil when neither attempt gives one.
func DecodeLenient(raw []byte) *yaml.Node {
	if len(raw) > MaxFrontmatterBytes {
		return nil
	}
	var doc yaml.Node
	if SafeYAMLUnmarshal(raw, &doc) != nil {
		doc = yaml.Node{}
		if SafeYAMLUnmarshal(LenientRetry(raw), &doc) != nil {
			return nil
		}
	}
	if doc.Kind == 0 || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	return doc.Content[0]
}

// ClaudeYAML returns the YAML text Claude Code reads as the frontmatter of
// src: from after the opening line to the first "---" anywhere after it,
// which may be inside a value, or nil when it finds no frontmatter.
func (fm *Frontmatter) ClaudeYAML(src []byte, lines *LineIndex) []byte {
	start := len(src)
	if lines.Lines() >= fm.OpenLine+1 {
		start = lines.LineStart(fm.OpenLine + 1)
	}
	end := bytes.Index(src[start:], []byte("---"))
	if end < 0 {
		return nil
	}
	return src[start : start+end]
}

// yamlSpecial matches the characters Claude Code's frontmatter fallback
// treats as needing quotes in a plain value.
var (
	yamlSpecial   = lazyre.New("[{}\\[\\]*&#!|>%@`]|: ")
	simpleKeyLine = lazyre.New(`^([a-zA-Z_-]+):\s+(\S.*)$`)
)

// leadingTabs matches the tabs that start a line.
var leadingTabs = lazyre.New(`(?m)^\t+`)

// lenientRetry reproduces what Claude Code parses when frontmatter fails
// to parse (CC 2.1.328, SPEC §1.2): every unindented "key: value" line whose
// unquoted value holds a YAML indicator gets the value double-quoted (a
// value that reads as a [list] stays), then the tabs that start lines
// become two spaces each. Lines keep their numbers, so node positions stay
// right.
func LenientRetry(raw []byte) []byte {
	lines := strings.Split(string(raw), "\n")
	for i, line := range lines {
		// JavaScript's "." does not match "\r": CRLF lines never match.
		m := simpleKeyLine.FindStringSubmatch(line)
		if m == nil || strings.ContainsAny(line, "\r\u2028\u2029") {
			continue
		}
		key, value := m[1], m[2]
		if (strings.HasPrefix(value, `"`) && strings.HasSuffix(value, `"`)) ||
			(strings.HasPrefix(value, "'") && strings.HasSuffix(value, "'")) || !yamlSpecial.MatchString(value) ||
			isFlowList(value) {
			continue
		}
		value = strings.ReplaceAll(strings.ReplaceAll(value, `\`, `\\`), `"`, `\"`)
		lines[i] = key + `: "` + value + `"`
	}
	out := strings.Join(lines, "\n")
	out = leadingTabs.ReplaceAllStringFunc(out, func(tabs string) string { return strings.Repeat("  ", len(tabs)) })
	return []byte(out)
}

// isFlowList reports whether a value is a "[…]" that reads as a list:
// Claude Code's retry leaves those unquoted. The whole value must be one
// YAML document: yaml.v3's Unmarshal stops after "[WIP]" in "[WIP] fix
// [x]" and reports no error, where Claude Code's parser fails and the
// retry quotes the value.
func isFlowList(value string) bool {
	if !strings.HasPrefix(value, "[") || !strings.HasSuffix(value, "]") {
		return false
	}
	n, ok := decodeOneDocument([]byte(value))
	return ok && len(n.Content) == 1 && n.Content[0].Kind == yaml.SequenceNode
}

// decodeOneDocument decodes b when it is exactly one YAML document, with
// nothing after it; a decoder panic is a failure.
func decodeOneDocument(b []byte) (n yaml.Node, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(b))
	if dec.Decode(&n) != nil {
		return n, false
	}
	var rest yaml.Node
	return n, dec.Decode(&rest) == io.EOF
}

// firstFailingLine finds the first line at which the YAML stops parsing,
// by parsing ever longer prefixes (binary search). yaml.v3 sometimes
// reports the line before the culprit, or the start of the enclosing
// construct; users need the line to edit. Returns 0 when it cannot tell.
func firstFailingLine(raw []byte) int {
	var ends []int // byte offset after each line
	for i, b := range raw {
		if b == '\n' {
			ends = append(ends, i+1)
		}
	}
	if len(raw) > 0 && raw[len(raw)-1] != '\n' {
		ends = append(ends, len(raw))
	}
	fails := func(k int) bool {
		var n yaml.Node
		return SafeYAMLUnmarshal(raw[:ends[k-1]], &n) != nil
	}
	if len(ends) == 0 || !fails(len(ends)) {
		return 0
	}
	lo, hi := 1, len(ends) // the smallest failing prefix is in [lo, hi]
	for lo < hi {
		mid := (lo + hi) / 2
		if fails(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// safeYAMLUnmarshal decodes YAML into a node, turning a decoder panic into
// an error: no input may crash memlint.
func SafeYAMLUnmarshal(b []byte, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: %v", r)
		}
	}()
	return yaml.Unmarshal(b, n)
}

func (fm *Frontmatter) yamlError(err error) *YAMLError {
	msg := err.Error()
	line := 1
	if m := YAMLErrLine.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
	} else {
		msg = strings.TrimPrefix(msg, "yaml: ")
	}
	return &YAMLError{Pos: Pos{Line: fm.OpenLine + line, Col: 1}, Message: msg}
}

// findDuplicateKeys walks mappings (nested ones too, to a bounded depth)
// and returns every key that repeats an earlier key of the same mapping.
func findDuplicateKeys(m *yaml.Node, out []*yaml.Node, depth int) []*yaml.Node {
	if depth > 32 {
		return out
	}
	switch m.Kind {
	case yaml.MappingNode:
		seen := make(map[string]bool, len(m.Content)/2)
		for i := 0; i+1 < len(m.Content); i += 2 {
			k := m.Content[i]
			if k.Kind == yaml.ScalarNode {
				if seen[k.Value] {
					out = append(out, k)
				}
				seen[k.Value] = true
			}
			out = findDuplicateKeys(m.Content[i+1], out, depth+1)
		}
	case yaml.SequenceNode:
		for _, c := range m.Content {
			out = findDuplicateKeys(c, out, depth+1)
		}
	}
	return out
}

// JSFrontmatterEnd returns where the content after leading frontmatter
// starts, as Claude Code's pattern /^---\s*\n([\s\S]*?)---\s*\n?/ finds it
// after dropping one BOM, or 0 when there is none. JavaScript's \s is
// Unicode white space, the BOM included.
func JSFrontmatterEnd(src []byte) int {
	start := 0
	if strings.HasPrefix(string(src[:min(len(src), 3)]), "\uFEFF") {
		start = 3
	}
	_, closeAt, ok := JSFrontmatterBounds(src, start)
	if !ok {
		return 0
	}
	end := closeAt + 3
	for end < len(src) {
		r, n := utf8.DecodeRune(src[end:])
		if !IsJSSpace(r) {
			break
		}
		end += n
	}
	return end
}

// JSFrontmatterBounds matches the start of Claude Code's frontmatter
// pattern at src[start:]: an opening "---", white space holding a newline
// (the greedy \s*\n ends at its last one), then the first "---" anywhere
// after it. yaml is where the YAML starts, closeAt where that "---" is.
func JSFrontmatterBounds(src []byte, start int) (yaml, closeAt int, ok bool) {
	if !strings.HasPrefix(string(src[start:min(len(src), start+3)]), "---") {
		return 0, 0, false
	}
	i := start + 3
	nl := -1
	for i < len(src) {
		r, n := utf8.DecodeRune(src[i:])
		if !IsJSSpace(r) {
			break
		}
		if r == '\n' {
			nl = i
		}
		i += n
	}
	if nl < 0 {
		return 0, 0, false
	}
	at := bytes.Index(src[nl+1:], []byte("---"))
	if at < 0 {
		return 0, 0, false
	}
	return nl + 1, nl + 1 + at, true
}
