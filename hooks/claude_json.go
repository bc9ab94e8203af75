package hooks

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
// formats). Only the layout is rewritten.

// jsonKind is the kind of a jsonValue.
type jsonKind int

const (
	jsonObject jsonKind = iota
	jsonArray
	jsonString
	jsonNumber
	jsonLiteral // true, false or null
)

// describe names the kind of a value for messages: "an array", "null".
func (v *jsonValue) describe() string {
	switch v.kind {
	case jsonObject:
		return "an object"
	case jsonArray:
		return "an array"
	case jsonString:
		return "a string"
	case jsonNumber:
		return "a number"
	}
	return string(v.raw)
}

// jsonValue is one value of a JSON document.
type jsonValue struct {
	kind jsonKind
	// raw is the literal of a string, number, true, false or null,
	// byte for byte as written (strings with their quotes).
	raw     []byte
	members []jsonMember // of an object, in order
	elems   []*jsonValue // of an array, in order
}

// jsonMember is one key and value of an object.
type jsonMember struct {
	rawKey []byte // the quoted key as written
	key    string // the key decoded
	value  *jsonValue
}

// jsonSyntaxError says where a document stops being JSON.
type jsonSyntaxError struct {
	Line, Column int
	Msg          string
}

func (e *jsonSyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// parseJSON reads one JSON document. encoding/json decides whether it is
// valid (so nothing stricter or looser than the standard is accepted); the
// tree is then built from the raw bytes.
func parseJSON(src []byte) (*jsonValue, error) {
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
func syntaxErrorAt(src []byte, off int, msg string) *jsonSyntaxError {
	off = max(0, min(off, len(src)))
	line := 1 + bytes.Count(src[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(src[:off], '\n')
	return &jsonSyntaxError{Line: line, Column: col, Msg: msg}
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

func (p *jsonParser) value() (*jsonValue, error) {
	p.skipSpace()
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
		return &jsonValue{kind: jsonString, raw: raw}, nil
	case c == '-' || c >= '0' && c <= '9':
		start := p.pos
		for p.pos < len(p.src) && bytes.IndexByte([]byte("+-.eE0123456789"), p.src[p.pos]) >= 0 {
			p.pos++
		}
		return &jsonValue{kind: jsonNumber, raw: p.src[start:p.pos]}, nil
	default:
		for _, lit := range []string{"true", "false", "null"} {
			if bytes.HasPrefix(p.src[p.pos:], []byte(lit)) {
				p.pos += len(lit)
				return &jsonValue{kind: jsonLiteral, raw: []byte(lit)}, nil
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

func (p *jsonParser) object() (*jsonValue, error) {
	v := &jsonValue{kind: jsonObject}
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
		v.members = append(v.members, jsonMember{rawKey: rawKey, key: key, value: val})
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

func (p *jsonParser) array() (*jsonValue, error) {
	v := &jsonValue{kind: jsonArray, elems: []*jsonValue{}}
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
		v.elems = append(v.elems, el)
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

// get returns the value of key in an object, or nil. With duplicate keys
// the last one counts, as in JavaScript's JSON.parse, which Claude Code
// reads settings with.
func (v *jsonValue) get(key string) *jsonValue {
	if v == nil || v.kind != jsonObject {
		return nil
	}
	for i := len(v.members) - 1; i >= 0; i-- {
		if v.members[i].key == key {
			return v.members[i].value
		}
	}
	return nil
}

// add appends a member to an object.
func (v *jsonValue) add(key string, val *jsonValue) {
	v.members = append(v.members, jsonMember{rawKey: jsonQuote(key), key: key, value: val})
}

// remove deletes every member named key from an object.
func (v *jsonValue) remove(key string) {
	out := v.members[:0]
	for _, m := range v.members {
		if m.key != key {
			out = append(out, m)
		}
	}
	v.members = out
}

// text returns the decoded value of a string.
func (v *jsonValue) text() (string, bool) {
	if v == nil || v.kind != jsonString {
		return "", false
	}
	var s string
	if err := json.Unmarshal(v.raw, &s); err != nil {
		return "", false
	}
	return s, true
}

// newJSONString returns a string value.
func newJSONString(s string) *jsonValue {
	return &jsonValue{kind: jsonString, raw: jsonQuote(s)}
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

// compact appends the value to buf without any layout.
func (v *jsonValue) compact(buf *bytes.Buffer) {
	switch v.kind {
	case jsonObject:
		buf.WriteByte('{')
		for i, m := range v.members {
			if i > 0 {
				buf.WriteByte(',')
			}
			buf.Write(m.rawKey)
			buf.WriteByte(':')
			m.value.compact(buf)
		}
		buf.WriteByte('}')
	case jsonArray:
		buf.WriteByte('[')
		for i, el := range v.elems {
			if i > 0 {
				buf.WriteByte(',')
			}
			el.compact(buf)
		}
		buf.WriteByte(']')
	default:
		buf.Write(v.raw)
	}
}

// format lays the value out with one member or element per line, as
// JSON.stringify(v, null, indent) does: empty objects and arrays stay {}
// and [].
func (v *jsonValue) format(indent string) ([]byte, error) {
	var compact, out bytes.Buffer
	v.compact(&compact)
	if err := json.Indent(&out, compact.Bytes(), "", indent); err != nil {
		return nil, fmt.Errorf("format JSON: %w", err)
	}
	return out.Bytes(), nil
}

// detectIndent returns the indentation unit a formatted document uses: the
// leading spaces or tabs of its first indented line, or two spaces.
func detectIndent(src []byte) string {
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
