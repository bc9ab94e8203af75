package claudemd

import (
	"bytes"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
)

// What a memory states: its description and the sentences of its body's
// paragraphs and list items. Headings, code blocks and HTML are not
// statements; a leading label ("**Why:**", "How to apply:") is not part of
// the sentence it introduces.

// statement is one sentence of a memory.
type statement struct {
	toks []token
	// span is where the sentence is in the file; zero for the
	// description, which is at pos.
	span lint.Span
	pos  lint.Pos
	text string // the description's text; a sentence's is read from span
}

// memory is what one topic file states.
type memory struct {
	f          *lint.File
	desc       string
	statements []statement
	body       []token // every token of the body's prose, for its share
	regions    []lint.Span
	from       int // where the body starts
}

// maxLabel is the longest leading label, in bytes, that is cut off a
// paragraph.
const maxLabel = 32

// readMemory reads what f states into m, whose slices it reuses: the
// rule reads every topic file and keeps none, so one memory's buffers
// serve them all.
func readMemory(f *lint.File, m *memory) {
	*m = memory{f: f, statements: m.statements[:0], body: m.body[:0]}
	bodyStart := 0
	if fm := f.Frontmatter(); fm != nil {
		if fm.CloseLine > 0 {
			bodyStart = f.Lines.LineStart(fm.CloseLine + 1)
		}
		if fm.Doc != nil {
			if _, v := fm.Field("description"); v != nil {
				if desc := strings.TrimSpace(lint.ScalarValue(v)); desc != "" {
					m.desc = desc
					src := []byte(desc)
					m.statements = append(m.statements, statement{text: desc, toks: tokenize(src, 0, len(src), nil), pos: fm.Pos(v)})
				}
			}
		}
	}
	m.from = bodyStart
	m.regions = proseRegions(f.Src, bodyStart, false)
	if need := (len(f.Src) - bodyStart) / 6; cap(m.body) < need {
		m.body = make([]token, 0, need)
	}
	for _, r := range m.regions {
		// A label is no part of the sentence after it, but is of the body:
		// "Indentation:" says something a file without it does not.
		label := labelLen(f.Src[r.Start:r.End])
		m.body = tokenize(f.Src, r.Start, r.Start+label, m.body)
		for _, s := range sentences(f.Src, r.Start+label, r.End) {
			from := len(m.body)
			m.body = tokenize(f.Src, s.Start, s.End, m.body)
			m.statements = append(m.statements, statement{toks: m.body[from:len(m.body):len(m.body)], span: s})
		}
	}
}

// where returns a statement's text and position.
func (m *memory) where(s *statement) (text string, start, end lint.Pos) {
	if s.text != "" {
		return s.text, s.pos, lint.Pos{}
	}
	text = strings.Join(strings.Fields(string(m.f.Src[s.span.Start:s.span.End])), " ")
	// Emphasis around the whole sentence is markup, not what it says.
	text = strings.Trim(text, "*_ ")
	start, end = m.f.SpanPos(s.span)
	return text, start, end
}

// bodyStart is where the body's first statement starts.
func (m *memory) bodyStart() lint.Pos {
	for i := range m.statements {
		if m.statements[i].text == "" {
			return m.f.Pos(m.statements[i].span.Start)
		}
	}
	return lint.Pos{}
}

// labelLen is the length of a leading label of a paragraph: bold text
// ending in a colon, or up to three words and a colon.
func labelLen(p []byte) int {
	if bytes.HasPrefix(p, []byte("**")) {
		if i := bytes.Index(p[2:], []byte("**")); i >= 0 && i+4 <= maxLabel {
			label := bytes.TrimSpace(p[2 : 2+i])
			end := 2 + i + 2
			if bytes.HasSuffix(label, []byte(":")) || bytes.HasPrefix(p[end:], []byte(":")) {
				if bytes.HasPrefix(p[end:], []byte(":")) {
					end++
				}
				return end
			}
		}
		return 0
	}
	head := p
	if len(head) > maxLabel {
		head = head[:maxLabel]
	}
	i := bytes.IndexByte(head, ':')
	if i <= 0 || i+1 < len(p) && p[i+1] != ' ' || len(bytes.Fields(p[:i])) > 3 || bytes.ContainsAny(p[:i], ".`/") {
		return 0
	}
	return i + 1
}

// sentences splits src[start:end] at sentence ends: . ! ? ; followed by
// white space, and 。！？；.
func sentences(src []byte, start, end int) []lint.Span {
	var out []lint.Span
	from := start
	for i := start; i < end; {
		if c := src[i]; c != '.' && c != '!' && c != '?' && c != ';' && c < utf8.RuneSelf {
			i++ // ASCII that ends no sentence
			continue
		}
		r, size := utf8.DecodeRune(src[i:end])
		next := i + size
		cut := false
		switch r {
		case '.', '!', '?', ';':
			cut = next >= end || src[next] == ' ' || src[next] == '\n' || src[next] == '\t' || src[next] == '\r'
		case '。', '！', '？', '；':
			cut = true
		}
		if cut {
			out = append(out, lint.Span{Start: from, End: next})
			from = next
			for from < end && isSpace(src[from]) {
				from++
			}
			next = from
		}
		i = next
	}
	if from < end {
		out = append(out, lint.Span{Start: from, End: end})
	}
	return out
}

// withoutComments returns text without its HTML comments.
func withoutComments(text []byte) []byte {
	var out []byte
	for {
		i := bytes.Index(text, []byte("<!--"))
		if i < 0 {
			return append(out, text...)
		}
		out = append(out, text[:i]...)
		j := bytes.Index(text[i:], []byte("-->"))
		if j < 0 {
			return out
		}
		text = text[i+j+3:]
	}
}

// citedNames are the instruction files a memory may name to relate itself
// to them ("CLAUDE.md says to use pnpm; the reason is …"): a memory that
// does knows what they say and adds to it.
var citedNames = []string{"claude.md", "agents.md", "claude.local.md", ".claude/rules"}

// citesInstructions reports whether the memory names an instruction file.
func (m *memory) citesInstructions(files []lint.InstructionFile) bool {
	var b strings.Builder
	b.WriteString(strings.ToLower(m.desc))
	for _, r := range proseRegions(m.f.Src, m.from, true) {
		b.WriteByte('\n')
		b.Write(bytes.ToLower(withoutComments(m.f.Src[r.Start:r.End])))
	}
	lower := b.String()
	for _, n := range citedNames {
		if strings.Contains(lower, n) {
			return true
		}
	}
	for _, f := range files {
		if strings.Contains(lower, strings.ToLower(path.Base(f.Path))) {
			return true
		}
	}
	return false
}
