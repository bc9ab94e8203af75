package claudecode

import (
	"bytes"
	"sort"
	"strings"
)

// An edit of a settings file must change only the bytes it needs: people
// keep these files compact or indented their own way, and a diff of a
// whole reformatted file hides what memlint changed. Edit therefore writes
// every parsed member and element with the bytes it had, the separators
// between kept ones included, and lays out only what was added, the way
// the file around it is laid out: on one line with the file's separators
// in a compact container, one member per line at the container's
// indentation in an indented one.

// docLayout is how a document lays out what it holds.
type docLayout struct {
	src       []byte
	multiline bool   // the top-level value spans lines
	unit      string // one level of indentation
	nl        string // "\n" or "\r\n"
	colon     string // between a key and its value: ":", ": ", " : "
	comma     string // between members on one line: ",", ", "
}

// Edit returns src, the document v was parsed from, with v's changes made
// in place: members and elements removed with their separator, added ones
// laid out like their neighbours, everything else byte for byte. A v not
// parsed from a document is laid out with Format and two spaces.
func (v *JSONValue) Edit(src []byte) ([]byte, error) {
	if !v.parsed || v.start < 0 || v.end > len(src) || v.start >= v.end {
		return v.Format("  ")
	}
	l := &docLayout{
		src:       src,
		multiline: bytes.IndexByte(src[v.start:v.end], '\n') >= 0,
		unit:      DetectIndent(src),
		nl:        "\n",
	}
	if bytes.Contains(src, []byte("\r\n")) {
		l.nl = "\r\n"
	}
	l.colon, l.comma = ":", ""
	if l.multiline {
		l.colon = ": "
	}
	l.findSeparators(v, new(bool))
	if l.comma == "" {
		l.comma = ","
		if bytes.HasSuffix([]byte(l.colon), []byte(" ")) {
			l.comma = ", "
		}
	}
	var out bytes.Buffer
	out.Write(src[:v.start])
	l.write(&out, v, lineIndent(src, v.start), l.multiline)
	out.Write(src[v.end:])
	return out.Bytes(), nil
}

// findSeparators takes the colon of the first member and the comma of the
// first one-line separator, in document order, as the document's style.
// colonSet says a member's colon was found.
func (l *docLayout) findSeparators(v *JSONValue, colonSet *bool) {
	if v.Kind == JSONObject && len(v.Members) > 0 && !*colonSet {
		m := v.Members[0]
		if k := m.start + len(m.RawKey); m.parsed && k <= m.valStart && m.valStart <= len(l.src) {
			l.colon, *colonSet = string(l.src[k:m.valStart]), true
		}
	}
	for i := 1; l.comma == "" && i < len(v.kids); i++ {
		if sep := l.src[v.kids[i-1].end:v.kids[i].start]; bytes.IndexByte(sep, '\n') < 0 {
			l.comma = string(sep)
		}
	}
	for _, m := range v.Members {
		l.findSeparators(m.Value, colonSet)
	}
	for _, el := range v.Elems {
		l.findSeparators(el, colonSet)
	}
}

// lineIndent returns the spaces and tabs starting the line holding src[at].
func lineIndent(src []byte, at int) string {
	start := bytes.LastIndexByte(src[:at], '\n') + 1
	end := start
	for end < at && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end])
}

// write appends v: its parsed bytes where they are kept, a fresh layout
// where it is new. indent is the indentation of v's line; multi says
// whether new members go one per line.
func (l *docLayout) write(out *bytes.Buffer, v *JSONValue, indent string, multi bool) {
	if !v.parsed || v.Kind != JSONObject && v.Kind != JSONArray {
		l.writeNew(out, v, indent, multi)
		return
	}
	n := len(v.kids)
	count := len(v.Elems)
	if v.Kind == JSONObject {
		count = len(v.Members)
	}
	if count == 0 {
		if n == 0 {
			out.Write(l.src[v.start:v.end]) // as it was: {} or [ ]
		} else {
			out.WriteByte(l.src[v.start])
			out.WriteByte(l.src[v.end-1])
		}
		return
	}
	// New members and elements follow the last separator: one per line
	// at its indentation when it holds a line break, else on v's line.
	var lead, trail, sep string
	if n > 0 {
		lead = string(l.src[v.start+1 : v.kids[0].start])
		trail = string(l.src[v.kids[n-1].end : v.end-1])
		switch {
		case n >= 2:
			sep = string(l.src[v.kids[n-2].end:v.kids[n-1].start])
		case strings.Contains(lead, "\n"):
			sep = "," + lead
		default:
			sep = l.comma
		}
	} else {
		sep = l.comma
		if multi {
			lead, trail = l.nl+indent+l.unit, l.nl+indent
			sep = "," + lead
		}
	}
	childMulti, childIndent := false, indent
	if i := strings.LastIndexByte(sep, '\n'); i >= 0 {
		childMulti, childIndent = true, sep[i+1:]
	}
	out.WriteByte(l.src[v.start])
	out.WriteString(lead)
	for j := 0; j < count; j++ {
		var at int
		if v.Kind == JSONObject {
			m := v.Members[j]
			at = l.kidIndex(v, m.parsed, m.start)
		} else {
			el := v.Elems[j]
			at = l.kidIndex(v, el.parsed, el.start)
		}
		if j > 0 {
			if at > 0 {
				out.Write(l.src[v.kids[at-1].end:v.kids[at].start])
			} else {
				out.WriteString(sep)
			}
		}
		if v.Kind == JSONArray {
			l.write(out, v.Elems[j], childIndent, childMulti)
			continue
		}
		m := v.Members[j]
		if at >= 0 {
			out.Write(l.src[m.start:m.valStart])
			l.write(out, m.Value, childIndent, childMulti)
			continue
		}
		out.Write(m.RawKey)
		out.WriteString(l.colon)
		l.writeNew(out, m.Value, childIndent, childMulti)
	}
	out.WriteString(trail)
	out.WriteByte(l.src[v.end-1])
}

// kidIndex returns the index in v.kids of the parsed member or element
// that started at start, or -1 for one added since.
func (l *docLayout) kidIndex(v *JSONValue, parsed bool, start int) int {
	if !parsed {
		return -1
	}
	i := sort.Search(len(v.kids), func(i int) bool { return v.kids[i].start >= start })
	if i < len(v.kids) && v.kids[i].start == start {
		return i
	}
	return -1
}

// writeNew lays out a value that has no bytes of its own yet: one member
// or element per line under indent when multi, else on one line with the
// document's separators. Empty objects and arrays are {} and [].
func (l *docLayout) writeNew(out *bytes.Buffer, v *JSONValue, indent string, multi bool) {
	var count int
	switch v.Kind {
	case JSONObject:
		count = len(v.Members)
	case JSONArray:
		count = len(v.Elems)
	default:
		out.Write(v.Raw)
		return
	}
	open, close := byte('{'), byte('}')
	if v.Kind == JSONArray {
		open, close = '[', ']'
	}
	out.WriteByte(open)
	inner := indent + l.unit
	for i := 0; i < count; i++ {
		switch {
		case i > 0 && multi:
			out.WriteByte(',')
		case i > 0:
			out.WriteString(l.comma)
		}
		if multi {
			out.WriteString(l.nl + inner)
		}
		if v.Kind == JSONArray {
			l.writeNew(out, v.Elems[i], inner, multi)
			continue
		}
		out.Write(v.Members[i].RawKey)
		out.WriteString(l.colon)
		l.writeNew(out, v.Members[i].Value, inner, multi)
	}
	if multi && count > 0 {
		out.WriteString(l.nl + indent)
	}
	out.WriteByte(close)
}
