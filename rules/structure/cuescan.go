package structure

import (
	"bytes"
	"iter"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint/memory"
)

// Finding the cues of cues.go in a memory's prose.

// cueKind is what a cue gives: the reason, the scope, or both (a bit set).
type cueKind uint8

const (
	givesReason cueKind = 1 << iota
	givesScope
	givesBoth = givesReason | givesScope
)

// cuePhrase is a cue as the scanner compares it: normalised as the text is
// (normaliseWords).
type cuePhrase struct {
	text string
	kind cueKind
	// wordEnd: a fragment written with a final "$", which must end its
	// word: 部署时 before a comma is "when deploying", 时间 is "time".
	wordEnd bool
}

// cueIndex holds the tables compiled for one pass over a text: phrases of
// words by their first word, fragments by their first character.
type cueIndex struct {
	byWord map[string][]cuePhrase
	byRune map[rune][]cuePhrase
	// notBefore: words after a cue word that make it mean something else.
	notBefore map[string]map[string]bool
	// maxWords is the most words a phrase of byWord has.
	maxWords int
}

var cueTables = compileCues(reasonCues, scopeCues, notCueBefore)

func compileCues(reason, scope []cueLanguage, notBefore map[string][]string) *cueIndex {
	ix := &cueIndex{byWord: map[string][]cuePhrase{}, byRune: map[rune][]cuePhrase{}, notBefore: map[string]map[string]bool{}}
	add := func(langs []cueLanguage, kind cueKind) {
		for _, l := range langs {
			for _, w := range l.words {
				text := strings.TrimSpace(string(normaliseWords(nil, []byte(w))))
				if text == "" {
					continue
				}
				first, _, _ := bytes.Cut([]byte(text), []byte(" "))
				ix.maxWords = max(ix.maxWords, strings.Count(text, " ")+1)
				ix.byWord[string(first)] = append(ix.byWord[string(first)], cuePhrase{text: text, kind: kind})
			}
			for _, f := range l.fragments {
				f, wordEnd := strings.CutSuffix(f, "$")
				text := strings.TrimSpace(string(normaliseWords(nil, []byte(f))))
				if text == "" {
					continue
				}
				r, _ := utf8.DecodeRuneInString(text)
				ix.byRune[r] = append(ix.byRune[r], cuePhrase{text, kind, wordEnd})
			}
		}
	}
	add(reason, givesReason)
	add(scope, givesScope)
	for cue, words := range notBefore {
		set := map[string]bool{}
		for _, w := range words {
			set[strings.TrimSpace(string(normaliseWords(nil, []byte(w))))] = true
		}
		ix.notBefore[strings.TrimSpace(string(normaliseWords(nil, []byte(cue))))] = set
	}
	return ix
}

// notCueBefore lists, for cue words that also mean something else, what
// after them gives the other meaning: "since 2024", "since then", "since
// v2" say when, not why; "so far", "so much" are not "therefore". A
// number or a version after them does too.
var notCueBefore = map[string][]string{
	"so": {"far", "much", "many", "long", "few", "little", "called", "on", "forth", "to", "as"},
	"since": {"then", "last", "early", "late", "v", "version", "release", "launch", "yesterday", "today",
		"january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
		"november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"},
}

// normaliseWords appends text's words to dst, lowercased and separated by
// one space: letters, digits and combining marks make words, anything else
// (punctuation, apostrophes, hyphens, Markdown) separates them.
func normaliseWords(dst, text []byte) []byte {
	dst = slices.Grow(dst, len(text)+1)
	space := len(dst) == 0 || dst[len(dst)-1] == ' '
	for i := 0; i < len(text); {
		// The hot path: a run of ASCII, written through an index into
		// the room grown for it (ASCII never comes out longer).
		out, n := dst[:cap(dst)], len(dst)
		for ; i < len(text) && text[i] < utf8.RuneSelf && n < len(out); i++ {
			if w := asciiWord[text[i]]; w != 0 {
				out[n], space = w, false
				n++
			} else if !space {
				out[n], space = ' ', true
				n++
			}
		}
		dst = out[:n]
		switch {
		case i == len(text):
			continue
		case text[i] < utf8.RuneSelf:
			// Out of room: lowercasing made a character longer.
			dst = slices.Grow(dst, len(text)-i+1)
			continue
		}
		r, size := utf8.DecodeRune(text[i:])
		i += size
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) {
			if !space {
				dst = append(dst, ' ')
				space = true
			}
			continue
		}
		dst = utf8.AppendRune(dst, unicode.ToLower(r))
		space = false
	}
	return dst
}

// asciiWord maps an ASCII byte to itself lowercased when it is part of a
// word (a letter or a digit), and to 0 when it separates words.
var asciiWord = func() (t [utf8.RuneSelf]byte) {
	for c := range byte(utf8.RuneSelf) {
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			t[c] = c
		case 'A' <= c && c <= 'Z':
			t[c] = c + 'a' - 'A'
		}
	}
	return t
}()

// find reports which of want the normalised text gives, stopping as soon
// as it has seen all of it. It looks at each word once, and at each
// character beyond ASCII once; the tables' entries per word or character
// are few.
func (ix *cueIndex) find(norm []byte, want cueKind) cueKind {
	return ix.findFrom(norm, 0, len(norm), want)
}

// findFrom is find for the cues that start at a word in norm[from:limit]
// (from at a word's start); the words after limit are read only as what
// follows a cue.
func (ix *cueIndex) findFrom(norm []byte, from, limit int, want cueKind) cueKind {
	var found cueKind
	for i := from; i < limit && found&want != want; {
		j := i
		ascii := true
		for j < len(norm) && norm[j] != ' ' {
			ascii = ascii && norm[j] < utf8.RuneSelf
			j++
		}
		for _, p := range ix.byWord[string(norm[i:j])] {
			if p.kind&want&^found != 0 && phraseAt(norm, i, p.text) && !ix.timeWord(norm, i, p.text) {
				found |= p.kind
			}
		}
		for k := i; !ascii && k < j; {
			r, size := utf8.DecodeRune(norm[k:])
			for _, p := range ix.byRune[r] {
				if p.kind&want&^found != 0 && bytes.HasPrefix(norm[k:], []byte(p.text)) && (!p.wordEnd || k+len(p.text) == j) {
					found |= p.kind
				}
			}
			k += size
		}
		i = j + 1
	}
	return found & want
}

// phraseAt reports whether the words of phrase start at norm[i].
func phraseAt(norm []byte, i int, phrase string) bool {
	end := i + len(phrase)
	return end <= len(norm) && string(norm[i:end]) == phrase && (end == len(norm) || norm[end] == ' ')
}

// timeWord reports whether the cue phrase at norm[i] is followed by what
// makes it a word of time (notCueBefore).
func (ix *cueIndex) timeWord(norm []byte, i int, phrase string) bool {
	set, ok := ix.notBefore[phrase]
	if !ok {
		return false
	}
	rest := norm[min(len(norm), i+len(phrase)+1):]
	next, _, _ := bytes.Cut(rest, []byte(" "))
	return len(next) > 0 && (isDigit(next[0]) || next[0] == 'v' && len(next) > 1 && isDigit(next[1]) || set[string(next)])
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// proseCues reports which of want the memory's own words give: its
// description and the prose of its body (headings, paragraphs, list items
// and table cells; not code, HTML or link destinations). The prose is
// read a chunk at a time, so that a memory whose first paragraph gives
// both parts costs no more than that paragraph.
func proseCues(f *memory.File, want cueKind) cueKind {
	md := f.Body()
	prose := func(yield func([]byte) bool) {
		if !yield([]byte(f.FieldValue("description"))) || md == nil {
			return
		}
		for _, s := range md.Prose {
			if !yield(f.Src[s.Start:s.End]) {
				return
			}
		}
	}
	return cueTables.findIn(prose, want, cueChunk)
}

// findIn is find over the words of pieces of text, read in turn as if
// they were one text with a space between pieces. It looks for cues each
// time it has normalised chunk more bytes, and stops once it has found
// want.
func (ix *cueIndex) findIn(pieces iter.Seq[[]byte], want cueKind, chunk int) cueKind {
	var found cueKind
	var norm []byte
	from := 0
	check := func(last bool) {
		limit := len(norm)
		if !last {
			// A cue starting in the last words may go on in the next
			// chunk, or be followed by what makes it no cue.
			limit = lastWords(norm, ix.maxWords+1)
		}
		if limit > from {
			found |= ix.findFrom(norm, from, limit, want&^found)
			from = limit
		}
	}
	for p := range pieces {
		norm = separate(normaliseWords(norm, p))
		if len(norm)-from >= chunk {
			if check(false); found == want {
				return found
			}
			// Keep only the words not looked at yet: the buffer stays
			// a chunk long however long the text.
			norm = norm[:copy(norm, norm[from:])]
			from = 0
		}
	}
	check(true)
	return found
}

// cueChunk is how many bytes of normalised prose proseCues gathers before
// it looks for cues in them.
const cueChunk = 512

// lastWords returns where the n-th last word of norm starts (norm ends in
// a space), or 0 when it has fewer words.
func lastWords(norm []byte, n int) int {
	i := len(norm)
	for ; n > 0 && i > 0; n-- {
		i-- // the space after the word
		for i > 0 && norm[i-1] != ' ' {
			i--
		}
	}
	return i
}

// separate ends the words of norm so far: what is appended next starts a
// new word.
func separate(norm []byte) []byte {
	if len(norm) > 0 && norm[len(norm)-1] != ' ' {
		norm = append(norm, ' ')
	}
	return norm
}
