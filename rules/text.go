package rules

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
)

// thousands formats n with comma separators: 25000 → "25,000".
func thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// plural returns "1 entry" or "3 entries" style counts.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// clip shortens s to at most n characters for use in a message.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// quote puts s in typographic quotes for a message.
func quote(s string) string { return "“" + s + "”" }

// topicLink is a link in MEMORY.md that points at a Markdown file inside
// the memory dir.
type topicLink struct {
	lint.Link
	Target string // relative to the memory dir, cleaned
}

// isMarkdownPath reports whether p names a Markdown file.
func isMarkdownPath(p string) bool { return strings.EqualFold(path.Ext(p), ".md") }

// topicLinks returns the links of a list of links that point at Markdown
// files inside the memory dir (images excluded).
func topicLinks(links []lint.Link) []topicLink {
	var out []topicLink
	for _, l := range links {
		if l.Image {
			continue
		}
		target, kind := lint.ResolveLink(lint.IndexName, l.Dest)
		if kind == lint.LinkLocal && isMarkdownPath(target) && target != lint.IndexName {
			out = append(out, topicLink{Link: l, Target: target})
		}
	}
	return out
}

// entryLabel is how a message names an index entry: its link text and
// target, or the start of its text.
func entryLabel(f *lint.File, e lint.IndexEntry) string {
	if links := topicLinks(e.Links); len(links) > 0 {
		return fmt.Sprintf("[%s](%s)", clip(links[0].Text, 50), links[0].Dest)
	}
	return quote(clip(e.Text(f), 60))
}

// memoryEntry suggests an index line for a topic file, from its name and
// description.
func memoryEntry(f *lint.File) string {
	title := f.FieldValue("name")
	if title == "" {
		title = f.Stem()
	}
	line := fmt.Sprintf("- [%s](%s)", clip(title, 60), linkPath(f.Rel))
	if d := f.FieldValue("description"); d != "" {
		line += " — " + clip(d, 100)
	}
	return line
}

// linkPath escapes a relative path for use as a Markdown link
// destination: spaces, brackets and percent signs are percent-encoded.
func linkPath(rel string) string {
	return strings.NewReplacer("%", "%25", " ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E").Replace(rel)
}
