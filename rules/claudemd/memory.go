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
	text       string
	toks       []token
	start, end lint.Pos
}

// memory is what one topic file states.
type memory struct {
	f          *lint.File
	statements []*statement
	body       []token // every token of the body's prose, for its share
	bodyStart  lint.Pos
	// prose is the lower-cased text of the description and of the body's
	// paragraphs and headings, comments left out, where a citation of an
	// instruction file is looked for.
	prose strings.Builder
}

// maxLabel is the longest leading label, in bytes, that is cut off a
// paragraph.
const maxLabel = 32

func readMemory(f *lint.File) *memory {
	m := &memory{f: f}
	if fm := f.Frontmatter(); fm != nil && fm.Doc != nil {
		if _, v := fm.Field("description"); v != nil {
			if desc := strings.TrimSpace(lint.ScalarValue(v)); desc != "" {
				src := []byte(desc)
				pos := fm.Pos(v)
				m.statements = append(m.statements, &statement{text: desc, toks: tokenize(src, 0, len(src), nil), start: pos})
				m.addProse(src)
			}
		}
	}
	md := f.Body()
	if md == nil {
		return m
	}
	for _, b := range md.Blocks {
		if b.Kind == lint.BlockHeading {
			m.addProse(f.Src[b.Start:b.End])
		}
		if b.Kind != lint.BlockParagraph {
			continue
		}
		m.addProse(f.Src[b.Start:b.End])
		start := b.Start + labelLen(f.Src[b.Start:b.End])
		if len(m.body) == 0 {
			m.bodyStart = f.Pos(start)
		}
		for _, s := range sentences(f.Src, start, b.End) {
			toks := tokenize(f.Src, s.Start, s.End, nil)
			m.body = append(m.body, toks...)
			text := strings.Join(strings.Fields(string(f.Src[s.Start:s.End])), " ")
			m.statements = append(m.statements, &statement{text: text, toks: toks, start: f.Pos(s.Start), end: f.Pos(s.End)})
		}
	}
	return m
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
		}
		i = next
	}
	if from < end {
		out = append(out, lint.Span{Start: from, End: end})
	}
	return out
}

// addProse adds text to m.prose, HTML comments left out.
func (m *memory) addProse(text []byte) {
	for len(text) > 0 {
		i := bytes.Index(text, []byte("<!--"))
		if i < 0 {
			m.prose.Write(bytes.ToLower(text))
			break
		}
		m.prose.Write(bytes.ToLower(text[:i]))
		j := bytes.Index(text[i:], []byte("-->"))
		if j < 0 {
			break
		}
		text = text[i+j+3:]
	}
	m.prose.WriteByte('\n')
}

// citedNames are the instruction files a memory may name to relate itself
// to them ("CLAUDE.md says to use pnpm; the reason is …"): a memory that
// does knows what they say and adds to it.
var citedNames = []string{"claude.md", "agents.md", "claude.local.md", ".claude/rules"}

// citesInstructions reports whether the memory names an instruction file.
func (m *memory) citesInstructions(files []lint.InstructionFile) bool {
	lower := m.prose.String()
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
