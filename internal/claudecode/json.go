package claudecode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Claude Code settings files are edited by people and by other tools, so
// memlint changes them through a small JSON tree that keeps what
// encoding/json's maps lose: the order of keys, duplicate keys, and every
// string and number literal exactly as written (escapes, unicode, number
// formats). Edits keep the layout too: Edit rewrites only the bytes a
// change needs (see layout.go).

// JSONKind is the kind of a JSONValue.
type JSONKind int

const (
	JSONObject JSONKind = iota
	JSONArray
	JSONString
	JSONNumber
	JSONLiteral // true, false or null
)

// Describe names the kind of a value for messages: "an array", "null".
func (v *JSONValue) Describe() string {
	switch v.Kind {
	case JSONObject:
		return "an object"
	case JSONArray:
		return "an array"
	case JSONString:
		return "a string"
	case JSONNumber:
		return "a number"
	}
	return string(v.Raw)
}

// JSONValue is one value of a JSON document.
type JSONValue struct {
	Kind JSONKind
	// raw is the literal of a string, number, true, false or null,
	// byte for byte as written (strings with their quotes).
	Raw     []byte
	Members []JSONMember // of an object, in order
	Elems   []*JSONValue // of an array, in order

	// Where a parsed value was in its document: parsed is false for a
	// value built in code. kids are the spans of its members (key to
	// value end) or elements as parsed, which Edit keeps the bytes
	// between.
	parsed     bool
	start, end int
	kids       []span
}

// span is a range of bytes of a document.
type span struct{ start, end int }

// JSONMember is one key and value of an object.
type JSONMember struct {
	RawKey []byte // the quoted key as written
	Key    string // the key decoded
	Value  *JSONValue

	// parsed is false for a member added in code; start is where its key
	// began, valStart where its value (as parsed) began.
	parsed          bool
	start, valStart int
}

// JSONSyntaxError says where a document stops being JSON.
type JSONSyntaxError struct {
	Line, Column int
	Msg          string
}

func (e *JSONSyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// ParseJSON reads one JSON document. encoding/json decides whether it is
// valid (so nothing stricter or looser than the standard is accepted); the
// tree is then built from the raw bytes.
func ParseJSON(src []byte) (*JSONValue, error) {
	if !json.Valid(src) {
		var v any
		err := json.Unmarshal(src, &v)
		var se *json.SyntaxError
		if errors.As(err, &se) {
			// Offset counts the bytes read, the offending one included.
			return nil, syntaxErrorAt(src, int(se.Offset)-1, se.Error())
		}
		if err == nil {
			err = errors.New("invalid JSON")
		}
		return nil, err
	}
	p := &jsonParser{src: src}
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos != len(p.src) {
		return nil, p.errorf("unexpected data after the top-level value")
	}
	return v, nil
}

// syntaxErrorAt gives the line and column (1-based, in bytes) of the byte
// at offset off.
func syntaxErrorAt(src []byte, off int, msg string) *JSONSyntaxError {
	off = max(0, min(off, len(src)))
	line := 1 + bytes.Count(src[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(src[:off], '\n')
	return &JSONSyntaxError{Line: line, Column: col, Msg: msg}
}

// jsonParser builds a tree from a document encoding/json accepted. It
// still checks every step, so that no input can make it panic.
type jsonParser struct {
	src []byte
	pos int
}

func (p *jsonParser) errorf(format string, args ...any) error {
	return syntaxErrorAt(p.src, p.pos, fmt.Sprintf(format, args...))
}

func (p *jsonParser) skipSpace() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *jsonParser) value() (*JSONValue, error) {
	p.skipSpace()
	start := p.pos
	v, err := p.bare()
	if err != nil {
		return nil, err
	}
	v.parsed, v.start, v.end = true, start, p.pos
	return v, nil
}

// bare reads the value starting at p.pos.
func (p *jsonParser) bare() (*JSONValue, error) {
	if p.pos >= len(p.src) {
		return nil, p.errorf("unexpected end of JSON input")
	}
	switch c := p.src[p.pos]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		raw, err := p.str()
		if err != nil {
			return nil, err
		}
		return &JSONValue{Kind: JSONString, Raw: raw}, nil
	case c == '-' || c >= '0' && c <= '9':
		start := p.pos
		for p.pos < len(p.src) && bytes.IndexByte([]byte("+-.eE0123456789"), p.src[p.pos]) >= 0 {
			p.pos++
		}
		return &JSONValue{Kind: JSONNumber, Raw: p.src[start:p.pos]}, nil
	default:
		for _, lit := range []string{"true", "false", "null"} {
			if bytes.HasPrefix(p.src[p.pos:], []byte(lit)) {
				p.pos += len(lit)
				return &JSONValue{Kind: JSONLiteral, Raw: []byte(lit)}, nil
			}
		}
		return nil, p.errorf("invalid character %q", c)
	}
}

// str returns the raw literal of the string starting at p.pos.
func (p *jsonParser) str() ([]byte, error) {
	start := p.pos
	for p.pos++; p.pos < len(p.src); p.pos++ {
		switch p.src[p.pos] {
		case '\\':
			p.pos++
		case '"':
			p.pos++
			return p.src[start:p.pos], nil
		}
	}
	return nil, p.errorf("unterminated string")
}

func (p *jsonParser) object() (*JSONValue, error) {
	v := &JSONValue{Kind: JSONObject}
	p.pos++ // {
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == '}' {
		p.pos++
		return v, nil
	}
	for {
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != '"' {
			return nil, p.errorf("expected an object key")
		}
		keyStart := p.pos
		rawKey, err := p.str()
		if err != nil {
			return nil, err
		}
		var key string
		if err := json.Unmarshal(rawKey, &key); err != nil {
			return nil, p.errorf("object key: %v", err)
		}
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != ':' {
			return nil, p.errorf("expected ':' after an object key")
		}
		p.pos++
		val, err := p.value()
		if err != nil {
			return nil, err
		}
		v.Members = append(v.Members, JSONMember{RawKey: rawKey, Key: key, Value: val, parsed: true, start: keyStart, valStart: val.start})
		v.kids = append(v.kids, span{keyStart, val.end})
		p.skipSpace()
		if p.pos >= len(p.src) {
			return nil, p.errorf("unexpected end of JSON input")
		}
		switch p.src[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			return v, nil
		default:
			return nil, p.errorf("expected ',' or '}' in an object")
		}
	}
}

func (p *jsonParser) array() (*JSONValue, error) {
	v := &JSONValue{Kind: JSONArray, Elems: []*JSONValue{}}
	p.pos++ // [
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == ']' {
		p.pos++
		return v, nil
	}
	for {
		el, err := p.value()
		if err != nil {
			return nil, err
		}
		v.Elems = append(v.Elems, el)
		v.kids = append(v.kids, span{el.start, el.end})
		p.skipSpace()
		if p.pos >= len(p.src) {
			return nil, p.errorf("unexpected end of JSON input")
		}
		switch p.src[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			return v, nil
		default:
			return nil, p.errorf("expected ',' or ']' in an array")
		}
	}
}

// Get returns the value of key in an object, or nil. With duplicate keys
// the last one counts, as in JavaScript's JSON.parse, which Claude Code
// reads settings with.
func (v *JSONValue) Get(key string) *JSONValue {
	if v == nil || v.Kind != JSONObject {
		return nil
	}
	for i := len(v.Members) - 1; i >= 0; i-- {
		if v.Members[i].Key == key {
			return v.Members[i].Value
		}
	}
	return nil
}

// Add appends a member to an object.
func (v *JSONValue) Add(key string, val *JSONValue) {
	v.Members = append(v.Members, JSONMember{RawKey: jsonQuote(key), Key: key, Value: val})
}

// Remove deletes every member named key from an object.
func (v *JSONValue) Remove(key string) {
	out := v.Members[:0]
	for _, m := range v.Members {
		if m.Key != key {
			out = append(out, m)
		}
	}
	v.Members = out
}

// Text returns the decoded value of a string.
func (v *JSONValue) Text() (string, bool) {
	if v == nil || v.Kind != JSONString {
		return "", false
	}
	var s string
	if err := json.Unmarshal(v.Raw, &s); err != nil {
		return "", false
	}
	return s, true
}

// NewJSONString returns a string value.
func NewJSONString(s string) *JSONValue {
	return &JSONValue{Kind: JSONString, Raw: jsonQuote(s)}
}

// jsonQuote encodes s as a JSON string literal, leaving <, > and & alone
// (a hook command such as "a && b" must stay readable).
func jsonQuote(s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		// Encoding a Go string cannot fail: invalid UTF-8 becomes U+FFFD.
		return []byte(`""`)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// Compact appends the value to buf without any layout.
func (v *JSONValue) Compact(buf *bytes.Buffer) {
	switch v.Kind {
	case JSONObject:
		buf.WriteByte('{')
		for i, m := range v.Members {
			if i > 0 {
				buf.WriteByte(',')
			}
			buf.Write(m.RawKey)
			buf.WriteByte(':')
			m.Value.Compact(buf)
		}
		buf.WriteByte('}')
	case JSONArray:
		buf.WriteByte('[')
		for i, el := range v.Elems {
			if i > 0 {
				buf.WriteByte(',')
			}
			el.Compact(buf)
		}
		buf.WriteByte(']')
	default:
		buf.Write(v.Raw)
	}
}

// Format lays the value out with one member or element per line, as
// JSON.stringify(v, null, indent) does: empty objects and arrays stay {}
// and [].
func (v *JSONValue) Format(indent string) ([]byte, error) {
	var compact, out bytes.Buffer
	v.Compact(&compact)
	if err := json.Indent(&out, compact.Bytes(), "", indent); err != nil {
		return nil, fmt.Errorf("format JSON: %w", err)
	}
	return out.Bytes(), nil
}

// DetectIndent returns the indentation unit a formatted document uses: the
// leading spaces or tabs of its first indented line, or two spaces.
func DetectIndent(src []byte) string {
	for _, line := range bytes.Split(src, []byte("\n")) {
		n := 0
		for n < len(line) && (line[n] == ' ' || line[n] == '\t') {
			n++
		}
		if n == 0 || n == len(line) || n > 8 {
			continue
		}
		unit := line[:n]
		if bytes.Count(unit, unit[:1]) != n {
			break // mixed tabs and spaces: use the default
		}
		return string(unit)
	}
	return "  "
}
