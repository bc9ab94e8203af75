package claudemd

import (
	"bytes"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// What a memory states: its description and the sentences of its body's
// paragraphs and list items. Headings, code blocks and HTML are not
// statements; a leading label ("**Why:**", "How to apply:") is not part of
// the sentence it introduces.
//
// Two kinds of sentence repeat nothing of the memory's own when an
// instruction file holds them too: the rule a section opens with before
// it explains it (a lead: CLAUDE.md states the rule in a line, the memory
// carries its why and how, and without that line the explanation would
// explain nothing), and a quotation (a review quoting a module's stated
// purpose cites it). Neither is reported.

// statement is one sentence of a memory.
type statement struct {
	toks []token
	// span is where the sentence is in the file; zero for the
	// description, which is at pos.
	span markdown.Span
	pos  markdown.Pos
	text string // the description's text; a sentence's is read from span
	// region is the index of the sentence's region in memory.regions.
	region int
	// cited is set for a lead or a quotation (see above).
	cited bool
}

// topicMemory is what one topic file states.
type topicMemory struct {
	f          *memory.File
	desc       string
	statements []statement
	body       []token // every token of the body's prose, for its share
	regions    []region
	from       int // where the body starts
	// self is the index of the instruction file that is this memory (an
	// instruction file imports it), or -1.
	self int
}

// maxLabel is the longest leading label, in bytes, that is cut off a
// paragraph.
const maxLabel = 32

// readMemory reads what f states into m, whose slices it reuses: the
// rule reads every topic file and keeps none, so one memory's buffers
// serve them all.
func readMemory(f *memory.File, m *topicMemory) {
	*m = topicMemory{f: f, statements: m.statements[:0], body: m.body[:0], regions: m.regions[:0], self: -1}
	bodyStart := 0
	if fm := f.Frontmatter(); fm != nil {
		if fm.CloseLine > 0 {
			bodyStart = f.Lines.LineStart(fm.CloseLine + 1)
		}
		if fm.Doc != nil {
			if _, v := fm.Field("description"); v != nil {
				if desc := strings.TrimSpace(markdown.ScalarValue(v)); desc != "" {
					m.desc = desc
					src := []byte(desc)
					m.statements = append(m.statements, statement{text: desc, toks: tokenize(src, 0, len(src), nil), pos: fm.Pos(v)})
				}
			}
		}
	}
	m.from = bodyStart
	m.regions = proseRegions(f.Src, bodyStart, false, m.regions[:0])
	if need := (len(f.Src) - bodyStart) / 6; cap(m.body) < need {
		m.body = make([]token, 0, need)
	}
	for ri, r := range m.regions {
		// A label is no part of the sentence after it, but is of the body:
		// "Indentation:" says something a file without it does not.
		label := labelLen(f.Src[r.Start:r.End])
		m.body = tokenize(f.Src, r.Start, r.Start+label, m.body)
		for _, s := range sentences(f.Src, r.Start+label, r.End) {
			from := len(m.body)
			m.body = tokenize(f.Src, s.Start, s.End, m.body)
			m.statements = append(m.statements, statement{toks: m.body[from:len(m.body):len(m.body)], span: s, region: ri})
		}
	}
}

// markCited marks the leads and quotations among the body's statements.
// Only a memory that shares words with the instructions needs it.
func (m *topicMemory) markCited() {
	// A lead is the first sentence of a section (the body's start, or
	// what follows a heading or a thematic break) when it opens a
	// paragraph, not a list, and the section goes on after it.
	prevSection := -1
	for i := range m.statements {
		s := &m.statements[i]
		if s.text != "" {
			continue // the description
		}
		r := m.regions[s.region]
		if r.section != prevSection {
			prevSection = r.section
			goesOn := i+1 < len(m.statements) && m.regions[m.statements[i+1].region].section == r.section
			if !r.item && goesOn {
				s.cited = true
				continue
			}
		}
		s.cited = quotation(m.f.Src[s.span.Start:s.span.End])
	}
}

// quotePairs maps an opening quotation mark to its closing one.
var quotePairs = map[rune]rune{
	'"': '"', '\'': '\'', '“': '”', '„': '“', '‘': '’', '‚': '‘', '«': '»', '‹': '›',
	'「': '」', '『': '』', '〝': '〞',
}

// quotation reports whether a sentence is all one quotation: emphasis
// aside, it opens with a quotation mark and ends with its closing one
// (sentence punctuation after it aside), with no other closing mark
// between.
func quotation(text []byte) bool {
	text = bytes.Trim(text, "*_ \t\r\n")
	open, size := utf8.DecodeRune(text)
	closing, ok := quotePairs[open]
	if !ok {
		return false
	}
	inner := bytes.TrimRightFunc(text[size:], func(r rune) bool {
		return r == '*' || r == '_' || unicode.IsSpace(r) || strings.ContainsRune(".,;:!?。，；：！？", r)
	})
	last, n := utf8.DecodeLastRune(inner)
	return n > 0 && last == closing && !bytes.ContainsRune(inner[:len(inner)-n], closing)
}

// where returns a statement's text and position.
func (m *topicMemory) where(s *statement) (text string, start, end markdown.Pos) {
	if s.text != "" {
		return s.text, s.pos, markdown.Pos{}
	}
	text = strings.Join(strings.Fields(string(m.f.Src[s.span.Start:s.span.End])), " ")
	// Emphasis around the whole sentence is markup, not what it says.
	text = strings.Trim(text, "*_ ")
	start, end = m.f.SpanPos(s.span)
	return text, start, end
}

// bodyStart is where the body's first statement starts.
func (m *topicMemory) bodyStart() markdown.Pos {
	for i := range m.statements {
		if m.statements[i].text == "" {
			return m.f.Pos(m.statements[i].span.Start)
		}
	}
	return markdown.Pos{}
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
func sentences(src []byte, start, end int) []markdown.Span {
	var out []markdown.Span
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
			out = append(out, markdown.Span{Start: from, End: next})
			from = next
			for from < end && isSpace(src[from]) {
				from++
			}
			next = from
		}
		i = next
	}
	if from < end {
		out = append(out, markdown.Span{Start: from, End: end})
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
func (m *topicMemory) citesInstructions(files []claude.InstructionFile) bool {
	var b strings.Builder
	b.WriteString(strings.ToLower(m.desc))
	for _, r := range proseRegions(m.f.Src, m.from, true, nil) {
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

// pathByte reports whether c may be part of a folder's name, so that the
// folder named after it is not the one looked for.
func pathByte(c byte) bool {
	return isAlnum(c) || c == '-' || c == '_' || c == '.' || c >= utf8.RuneSelf
}

// pathStop reports whether c ends a path written in prose.
func pathStop(c byte) bool {
	return isSpace(c) || strings.IndexByte(")]>`\"'#|,;*<(", c) >= 0
}
