// Package ruleutil holds the small helpers rule messages share: counts,
// clipped and quoted text, and the topic links of an index.
package ruleutil

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// Thousands formats n with comma separators: 25000 → "25,000".
func Thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + Thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Plural returns "1 entry" or "3 entries" style counts.
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Clip shortens s to at most n characters for use in a message: its
// words joined by single spaces (strings.Fields), cut to n-1 characters
// and an ellipsis when longer than n. One pass that stops at the cut:
// messages quote the start of long text.
func Clip(s string, n int) string {
	if n < 1 {
		return clipSlow(s, n)
	}
	var b strings.Builder
	b.Grow(min(len(s), 4*n))
	count, cut := 0, 0 // runes written; b.Len() once n-1 were
	space := false     // a space is due before the next word
	write := func(text string) bool {
		if count == n {
			return false
		}
		b.WriteString(text)
		if count++; count == n-1 {
			cut = b.Len()
		}
		return true
	}
	for i, r := range s {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		if space && !write(" ") || !write(s[i:i+size]) {
			// Longer than n: the cut, as []rune would make it.
			head := b.String()[:cut]
			if !utf8.ValidString(head) {
				head = string([]rune(head)) // each invalid byte a U+FFFD, as []rune makes it
			}
			return strings.TrimSpace(head) + "…"
		}
		space = false
	}
	return b.String()
}

// clipSlow is Clip's definition, kept for the n that make no sense.
func clipSlow(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:max(n-1, 0)])) + "…"
}

// Quote puts s in typographic quotes for a message.
func Quote(s string) string { return "“" + s + "”" }

// TopicLink is a link in MEMORY.md that points at a Markdown file inside
// the memory dir.
type TopicLink struct {
	markdown.Link
	Target string // relative to the memory dir, cleaned
}

// IsMarkdownPath reports whether p names a Markdown file.
func IsMarkdownPath(p string) bool { return strings.EqualFold(path.Ext(p), ".md") }

// TopicLinks returns the links of a list of links that point at Markdown
// files inside the memory dir (images excluded).
func TopicLinks(links []markdown.Link) []TopicLink {
	var out []TopicLink
	for _, l := range links {
		if l.Image {
			continue
		}
		target, kind := memory.ResolveLink(memory.IndexName, l.Dest)
		if kind == memory.LinkLocal && IsMarkdownPath(target) && target != memory.IndexName {
			out = append(out, TopicLink{Link: l, Target: target})
		}
	}
	return out
}

// EntryLabel is how a message names an index entry: its link text and
// target, or the start of its text.
func EntryLabel(f *memory.File, e memory.IndexEntry) string {
	if links := TopicLinks(e.Links); len(links) > 0 {
		return fmt.Sprintf("[%s](%s)", Clip(links[0].Text, 50), links[0].Dest)
	}
	return Quote(Clip(e.Text(f), 60))
}

// MemoryEntry suggests an index line for a topic file, from its name and
// description.
func MemoryEntry(f *memory.File) string {
	line := MemoryLink(f)
	if d := f.FieldValue("description"); d != "" {
		line += " — " + OneLine(Clip(d, 100))
	}
	return line
}

// MemoryLink is the start of MemoryEntry: the link alone, "- [name](path)".
func MemoryLink(f *memory.File) string {
	title := f.FieldValue("name")
	if title == "" {
		title = f.Stem()
	}
	return fmt.Sprintf("- [%s](%s)", LinkText(Clip(title, 60)), LinkPath(f.Rel))
}

// LinkPath escapes a relative path for use as a Markdown link
// destination that lint.ResolveLink (and goldmark) read back as the same
// file: every byte that would end the destination, start a fragment or
// query, be taken for a path separator or be unreadable on a terminal is
// percent-encoded — space, ( ) < >, %, # ?, \, control characters (C0,
// DEL, C1, U+2028/U+2029) and bytes that are not UTF-8.
func LinkPath(rel string) string {
	var b strings.Builder
	for i := 0; i < len(rel); {
		r, size := utf8.DecodeRuneInString(rel[i:])
		if (r == utf8.RuneError && size == 1) || linkEscaped(r) {
			for _, c := range []byte(rel[i : i+size]) {
				fmt.Fprintf(&b, "%%%02X", c)
			}
		} else {
			b.WriteString(rel[i : i+size])
		}
		i += size
	}
	return b.String()
}

// linkEscaped reports whether LinkPath percent-encodes r.
func linkEscaped(r rune) bool {
	switch r {
	case '%', ' ', '(', ')', '<', '>', '#', '?', '\\', '\u2028', '\u2029':
		return true
	}
	return unicode.IsControl(r)
}

// LinkText escapes a title for use as Markdown link text on one line:
// \ [ ] are backslash-escaped so the text cannot close the link early.
func LinkText(s string) string {
	return strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`).Replace(OneLine(s))
}

// OneLine replaces control characters (and the Unicode line and paragraph
// separators) with spaces, so text copied into MEMORY.md stays one line
// and writes no raw control byte.
func OneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
}

// numberToken is a date, time or version: digits joined by - . / :
// ("2026-03-01", "10:30", "1.2.3"), one word however many parts it has.
var numberToken = lazyre.New(`\d+(?:[-./:]\d+)+`)

// WordCount counts words: runs of letters and digits separated by spaces or
// punctuation, a date or version being one word; in scripts written
// without spaces (Han, Hiragana, Katakana) every two characters count as
// one word.
func WordCount(s string) int {
	n, cjk := 0, 0
	inWord := false
	if strings.ContainsAny(s, "-./:") && strings.ContainsAny(s, "0123456789") {
		s = numberToken.ReplaceAllString(s, "0")
	}
	for _, r := range s {
		switch {
		case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana):
			cjk++
			inWord = false
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if !inWord {
				n++
			}
			inWord = true
		default:
			inWord = false
		}
	}
	return n + (cjk+1)/2
}

// TrigramAt reports whether the three bytes at text[i:], each with bit
// 0x20 set (ASCII letters lowercased), are one of the three-byte entries
// of table ("janfebmar…"): a match of the first letters of a month's name,
// say, before the regexp that needs one is run.
func TrigramAt(text []byte, i int, table string) bool {
	if i < 0 || i+3 > len(text) {
		return false
	}
	a, b, c := text[i]|0x20, text[i+1]|0x20, text[i+2]|0x20
	for k := 0; k+3 <= len(table); k += 3 {
		if table[k] == a && table[k+1] == b && table[k+2] == c {
			return true
		}
	}
	return false
}

// IsPlaceholder reports whether a value is a template's unfilled slot as
// a whole: "<kebab-case-slug>", "[one line]", or one holding "{{…}}".
func IsPlaceholder(v string) bool {
	v = strings.TrimSpace(v)
	if i := strings.Index(v, "{{"); i >= 0 && strings.Contains(v[i:], "}}") {
		return true
	}
	if len(v) < 3 {
		return false
	}
	inner := v[1 : len(v)-1]
	return v[0] == '<' && v[len(v)-1] == '>' && !strings.ContainsAny(inner, "<>") ||
		v[0] == '[' && v[len(v)-1] == ']' && !strings.ContainsAny(inner, "[]")
}
