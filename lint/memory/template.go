package memory

import (
	"bytes"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/memlint/memlint/lint/markdown"
)

// A template is a file a memory dir keeps to write memories from — a
// _template.md, templates/feedback.md, a file whose frontmatter is
// <kebab-case-slug> and {{description}} — and not a memory: filling in its
// placeholders, listing it in the index or giving it a name of its own
// would ruin it. This file is the one place that decides what a template
// is; the loader moves templates from Dir.Topics to Dir.Templates
// (Dir.settleTemplates), so that no memory rule sees them, while the rules
// about every file (Dir.Files: hidden Unicode, secrets, injected
// instructions) still check them. The words it matches are tables in
// template_words.go.

// templateNaming says what a file's path says about it being a template.
type templateNaming int

const (
	notTemplateName   templateNaming = iota
	templateName                     // _template.md, TEMPLATE.md, examples/x.md, memory-example.md
	typedTemplateName                // feedback_template.md: a template for one type, or a memory about templates
)

// isTemplate reports whether f, a topic file that was read, is a template
// for memories: by its name, or by frontmatter whose values are
// placeholders where a memory's name, description and type would be.
func isTemplate(f *File) bool {
	if f.Lines == nil {
		return false
	}
	fm := f.Frontmatter()
	switch templateNameOf(f.Rel) {
	case templateName:
		// A file that has a memory's own name and description is a
		// memory, whatever its file is called (notes_template.md: a
		// memory about a template for notes).
		return fm == nil || !scanPlaceholders(f, fm, func(p placeholderScan) bool { return p.named }).named
	case typedTemplateName:
		// feedback_template.md is a template when it has placeholders
		// (or no frontmatter), and a memory about templates ("use the PR
		// template") when its frontmatter is filled in.
		return fm == nil || scanPlaceholders(f, fm, func(p placeholderScan) bool { return p.placeholders > 0 }).placeholders > 0
	}
	if fm == nil {
		return false
	}
	p := scanPlaceholders(f, fm, func(p placeholderScan) bool { return p.filled })
	return !p.filled && p.placeholders >= 2
}

// templateNameOf reads a file's path (relative to its memory dir): a
// folder named as templates, or a stem that is a template word alone
// (with words such as memory or new beside it), names a template; a
// template word beside a memory type names one for that type.
func templateNameOf(rel string) templateNaming {
	dir, base := path.Split(rel)
	for dir != "" {
		seg, rest, _ := strings.Cut(dir, "/")
		if seg != "" && templateWords[strings.Trim(strings.ToLower(seg), "_-. ")] {
			return templateName
		}
		dir = rest
	}
	// The words of the stem that are not filler; a name of more than two
	// is about something.
	var words [2]string
	n := 0
	stem := strings.ToLower(strings.TrimSuffix(base, path.Ext(base)))
	for w, rest := nextNameWord(stem); w != ""; w, rest = nextNameWord(rest) {
		if templateNameFiller[w] {
			continue
		}
		if n == len(words) {
			return notTemplateName
		}
		words[n] = w
		n++
	}
	switch {
	case n == 1 && isTemplateWord(words[0]):
		return templateName
	case n == 2 && (memoryTypeNames[words[0]] && isTemplateWord(words[1]) || isTemplateWord(words[0]) && memoryTypeNames[words[1]]):
		return typedTemplateName
	}
	return notTemplateName
}

// isNameSeparator reports whether r separates the words of a file name.
func isNameSeparator(r rune) bool { return r == '-' || r == '_' || r == '.' || unicode.IsSpace(r) }

// nextNameWord returns the first word of a file stem, words being
// separated by "-", "_", "." and spaces, and the text after it.
func nextNameWord(s string) (word, rest string) {
	start := strings.IndexFunc(s, func(r rune) bool { return !isNameSeparator(r) })
	if start < 0 {
		return "", ""
	}
	s = s[start:]
	end := strings.IndexFunc(s, isNameSeparator)
	if end < 0 {
		return s, ""
	}
	return s[:end], s[end:]
}

// nameWords splits a file stem into its lowercased words.
func nameWords(stem string) []string {
	var out []string
	for w, rest := nextNameWord(strings.ToLower(stem)); w != ""; w, rest = nextNameWord(rest) {
		out = append(out, w)
	}
	return out
}

// isTemplateWord reports whether w is a template word, also glued to a
// filler word (记忆模板, memorytemplate).
func isTemplateWord(w string) bool { return templateWords[w] || templateCompounds[w] }

// templateCompounds are the template words glued to a filler word, before
// or after it, for scripts written without spaces: 记忆模板, メモリテンプレート.
var templateCompounds = func() map[string]bool {
	m := make(map[string]bool, 2*len(templateWords)*len(templateNameFiller))
	for t := range templateWords {
		for filler := range templateNameFiller {
			m[filler+t], m[t+filler] = true, true
		}
	}
	return m
}()

// placeholderScan is what scanPlaceholders found in a frontmatter.
type placeholderScan struct {
	placeholders int  // values that are placeholders, at the top level and under metadata
	filled       bool // name, description or type holds a value that is no placeholder
	named        bool // name and description both do: a memory's own
	realName     bool
	realDesc     bool
}

// scanPlaceholders reads the values of a frontmatter, the top level first
// and then metadata's, until decided says the answer is known: it counts
// the placeholders and tells which of a memory's fields hold real values.
func scanPlaceholders(f *File, fm *markdown.Frontmatter, decided func(placeholderScan) bool) placeholderScan {
	var out placeholderScan
	if fm.Doc == nil {
		return out
	}
	scan := func(m *yaml.Node, nested bool) bool {
		for i := 0; i+1 < len(m.Content); i += 2 {
			key, v := m.Content[i].Value, m.Content[i+1]
			text := strings.TrimSpace(valueText(f, fm, v))
			if text == "" {
				continue
			}
			switch {
			case placeholder(text) || key == "type" && typeChoices(text):
				out.placeholders++
			case key == "type":
				out.filled = true
			case nested: // only metadata.type is a memory's field
			case key == "name":
				out.realName, out.filled = true, true
			case key == "description":
				out.realDesc, out.filled = true, true
			}
			out.named = out.realName && out.realDesc
			if decided(out) {
				return true
			}
		}
		return false
	}
	if !scan(fm.Doc, false) {
		if md := fm.Metadata(); md != nil {
			scan(md, true)
		}
	}
	return out
}

// valueText is a frontmatter value as its author wrote it: a scalar's
// text, or the source of a one-line flow collection, which is what an
// unquoted {{name}} or [one line] is to YAML. "" for anything else.
func valueText(f *File, fm *markdown.Frontmatter, v *yaml.Node) string {
	switch v.Kind {
	case yaml.ScalarNode:
		return v.Value
	case yaml.MappingNode, yaml.SequenceNode:
		if v.Style&yaml.FlowStyle == 0 || fm.Repaired {
			return "" // a block collection; or positions in the retry's text
		}
		pos := fm.Pos(v)
		if pos.Line < 1 || pos.Line > f.Lines.Lines() {
			return ""
		}
		return string(f.Src[f.Lines.Offset(pos):f.Lines.LineEnd(pos.Line)])
	}
	return ""
}

// maxPlaceholderWords is the longest value, in bytes, that Placeholder
// reads word by word: a placeholder made of words is short, and a longer
// value (most descriptions) is not one.
const maxPlaceholderWords = 64

// placeholder reports whether a value is a placeholder left for whoever
// fills in a template: wrapped whole in brackets (<kebab-case-slug>,
// {{description}}, [one line]), a date format (YYYY-MM-DD), a note to fill
// it in (TODO, TBD, 待定, "TODO: …"), addressed to the reader
// (your-memory-name), or written only of words about the value itself
// ("A short description", example-name).
func placeholder(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	if wrappedPlaceholder(s) || dateFormat(s) {
		return true
	}
	// Lowercased into a buffer on the stack: every frontmatter value of
	// every file is read here, and few are placeholders.
	var buf [maxPlaceholderWords]byte
	low, ok := lowerInto(&buf, s)
	if !ok {
		return false
	}
	if placeholderValues[string(low)] || placeholderValues[string(bytes.TrimRight(low, ":：. "))] {
		return true
	}
	for _, m := range placeholderMarkers {
		if len(low) > len(m) && string(low[:len(m)]) == m && (low[len(m)] == ':' || bytes.HasPrefix(low[len(m):], fullwidthColon)) {
			return true
		}
	}
	for _, p := range placeholderPossessives {
		if len(low) > len(p) && string(low[:len(p)]) == p && wordStartsAfter(p, low[len(p):]) {
			return true
		}
	}
	return placeholderWordsOnly(low)
}

var fullwidthColon = []byte("：")

// lowerInto writes s lowercased into buf and returns it, or false when it
// does not fit.
func lowerInto(buf *[maxPlaceholderWords]byte, s string) ([]byte, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			s = strings.ToLower(s) // unchanged, without a copy, for scripts without case
			break
		}
	}
	if len(s) > len(buf) {
		return nil, false
	}
	low := buf[:len(s)]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		low[i] = c
	}
	return low, true
}

// wrappedPlaceholder reports whether s is one placeholder wrapped whole in
// a pair of placeholderBrackets, which do not occur inside it.
func wrappedPlaceholder(s string) bool {
	for _, b := range placeholderBrackets {
		open, closer := b[0], b[1]
		if len(s) <= len(open)+len(closer) || !strings.HasPrefix(s, open) || !strings.HasSuffix(s, closer) {
			continue
		}
		inner := s[len(open) : len(s)-len(closer)]
		if strings.TrimSpace(inner) != "" && !strings.Contains(inner, closer) && !strings.Contains(inner, open) {
			return true
		}
	}
	return false
}

// dateFormat reports whether s is a date or time format rather than a
// date: YYYY-MM-DD, yyyy/mm/dd, YYYY-MM-DDTHH:MM:SSZ.
func dateFormat(s string) bool {
	for i := 0; i < len(s); i++ {
		if !strings.ContainsRune("YMDHSTZymdhstz0123456789-:/.+ ", rune(s[i])) {
			return false
		}
	}
	return containsFold(s, "yyyy") || containsFold(s, "yy") && containsFold(s, "mm") && containsFold(s, "dd")
}

// containsFold reports whether s holds sub, an ASCII word, in any case.
func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

// wordStartsAfter reports whether rest, the text after prefix p, starts a
// new word: p is a whole word ("your-slug", not "yourself"). Possessives
// of scripts written without spaces (你的名称) need no break.
func wordStartsAfter(p string, rest []byte) bool {
	last, _ := utf8.DecodeLastRuneInString(p)
	if last >= utf8.RuneSelf && !unicode.In(last, unicode.Latin, unicode.Cyrillic, unicode.Greek) {
		return true
	}
	r, _ := utf8.DecodeRune(rest)
	return !isLetterOrDigit(r)
}

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// placeholderWordsOnly reports whether every word of low is one of
// placeholderWords and one of them says what the value stands for.
func placeholderWordsOnly(low []byte) bool {
	marked := false
	for {
		start := bytes.IndexFunc(low, isLetterOrDigit)
		if start < 0 {
			return marked
		}
		low = low[start:]
		end := bytes.IndexFunc(low, func(r rune) bool { return !isLetterOrDigit(r) })
		if end < 0 {
			end = len(low)
		}
		if !placeholderWords[string(low[:end])] {
			return false
		}
		marked = marked || placeholderWordMarks[string(low[:end])]
		low = low[end:]
	}
}

// typeChoices reports whether a type value lists two or more memory
// types, as a template offers them: user | feedback | project | reference.
func typeChoices(s string) bool {
	n := 0
	for t := range memoryTypeNames {
		if containsWordFold(s, t) {
			n++
		}
	}
	return n >= 2
}

// containsWordFold reports whether s holds word, in any case, not as a
// part of a longer word.
func containsWordFold(s, word string) bool {
	for i := 0; i+len(word) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(word)], word) &&
			(i == 0 || !isASCIILetter(s[i-1])) && (i+len(word) == len(s) || !isASCIILetter(s[i+len(word)])) {
			return true
		}
	}
	return false
}

// settleTemplates moves the templates among the dir's topic files to
// Templates.
func (d *Dir) settleTemplates() {
	d.Topics, d.Templates = splitTemplates(d.Topics)
}

// splitTemplates separates templates from memories, keeping each list in
// its order.
func splitTemplates(files []*File) (memories, templates []*File) {
	memories = files[:0]
	for _, f := range files {
		if isTemplate(f) {
			f.Template = true
			templates = append(templates, f)
		} else {
			memories = append(memories, f)
		}
	}
	return memories, templates
}
