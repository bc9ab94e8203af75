package index

import (
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint/memory"
)

// What an index entry says, as words, so that index-duplicate-entry can
// tell an entry that repeats another from one that adds to it: deleting
// the second of two entries for one memory is harmless only when it says
// nothing the first does not.

// entryText is what an index entry says, in pieces.
type entryText struct {
	// outside is the text around the entry's links, then the text of the
	// items nested under it, which go with it. HTML comments count:
	// Claude Code loads those inside a list item, and they are what
	// someone wrote.
	outside []string
	// titles are the links' texts (a destination is syntax, not
	// something the entry says), and dests their destinations.
	titles, dests []string
}

// textOf splits an entry into its entryText.
func textOf(f *memory.File, e memory.IndexEntry) entryText {
	var t entryText
	at := e.Start
	for _, l := range e.Links {
		if l.Start < at || l.End > e.End {
			continue
		}
		t.outside = append(t.outside, string(f.Src[at:l.Start]))
		t.titles = append(t.titles, l.Text)
		t.dests = append(t.dests, l.Dest)
		at = l.End
	}
	t.outside = append(t.outside, string(f.Src[at:e.End]))
	if e.Kind == memory.EntryItem {
		items := f.Body().Items
		for k := e.Item + 1; k < len(items) && items[k].Depth > items[e.Item].Depth; k++ {
			t.outside = append(t.outside, string(f.Src[items[k].Start:items[k].End]))
		}
	}
	return t
}

// entryWords is the set of an entry's words (splitWords), sorted and
// without repeats: says those of its outside text and its titles, targets
// those of its links' file names. An entry that keeps its link keeps the
// file's name, so a second entry whose title is only that name
// ("[feedback_testing](feedback_testing.md)") adds nothing to it. Sorted
// slices, not maps: an entry has a few dozen words, and an index that
// lists files again and again has tens of thousands of entries to compare.
type entryWords struct{ says, targets []string }

// wordsOf returns the entry's words.
func wordsOf(f *memory.File, e memory.IndexEntry) entryWords {
	var w entryWords
	t := textOf(f, e)
	for _, p := range append(t.outside, t.titles...) {
		w.says = append(w.says, splitWords(p)...)
	}
	for _, d := range t.dests {
		w.targets = append(w.targets, splitWords(strings.TrimSuffix(path.Base(d), path.Ext(d)))...)
	}
	slices.Sort(w.says)
	slices.Sort(w.targets)
	w.says, w.targets = slices.Compact(w.says), slices.Compact(w.targets)
	return w
}

// entryWordCache holds the words of the first entries of files listed
// again, by the entry's start: an index that lists one file many times
// compares its first entry with every later one, and reads its words once.
type entryWordCache map[int]entryWords

func (c entryWordCache) of(f *memory.File, e memory.IndexEntry) entryWords {
	w, ok := c[e.Start]
	if !ok {
		w = wordsOf(f, e)
		c[e.Start] = w
	}
	return w
}

// saysNothingNew reports whether every word a says is one that b says or
// names in a link's file name.
func saysNothingNew(a, b entryWords) bool {
	for _, w := range a.says {
		if _, ok := slices.BinarySearch(b.says, w); ok {
			continue
		}
		if _, ok := slices.BinarySearch(b.targets, w); !ok {
			return false
		}
	}
	return true
}

// onlyLinks reports whether an entry says nothing but its links' titles:
// no hook after the link, nothing nested under it.
func onlyLinks(f *memory.File, e memory.IndexEntry) bool {
	for _, p := range textOf(f, e).outside {
		if len(splitWords(p)) > 0 {
			return false
		}
	}
	return true
}

// entrySays returns what an entry says as plain text on one line, for a
// message: its text with links written as their titles, without a list
// item's marker or a table row's outer bars.
func entrySays(f *memory.File, e memory.IndexEntry) string {
	t := textOf(f, e)
	var b strings.Builder
	for i, p := range t.outside {
		b.WriteString(p)
		if i < len(t.titles) {
			b.WriteString(t.titles[i])
		}
	}
	text := strings.Join(strings.Fields(b.String()), " ")
	if e.Kind == memory.EntryTableRow {
		return strings.TrimSpace(strings.Trim(text, "|"))
	}
	marker, rest, _ := strings.Cut(text, " ")
	if strings.Trim(marker, "-*+") == "" || strings.TrimRight(strings.TrimRight(marker, ".)"), "0123456789") == "" {
		return rest
	}
	return text
}

// splitWords returns the lowercased words of s in order: runs of letters,
// digits and combining marks, and single characters of the scripts
// written without spaces (Han, Hiragana, Katakana).
func splitWords(s string) []string {
	var out []string
	start := -1
	flush := func(end int) {
		if start >= 0 {
			out = append(out, strings.ToLower(s[start:end]))
			start = -1
		}
	}
	for i, r := range s {
		if r < utf8.RuneSelf {
			// ASCII, most of every index: no table lookups.
			if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
				if start < 0 {
					start = i
				}
			} else {
				flush(i)
			}
			continue
		}
		switch {
		case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana):
			flush(i)
			out = append(out, string(r))
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.In(r, unicode.Mn, unicode.Mc):
			if start < 0 {
				start = i
			}
		default:
			flush(i)
		}
	}
	flush(len(s))
	return out
}
