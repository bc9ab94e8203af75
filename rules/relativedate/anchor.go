package relativedate

import (
	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/rules/internal/ruleutil"
)

// Absolute dates that anchor a relative one in the same sentence.

// rdHasAnchor reports whether text holds an absolute date that anchors an
// expression of grain g; skip, when set, discards matches it reports.
func rdHasAnchor(text []byte, g dateGrain, skip func(s, e int) bool) bool {
	// Every form but a month's full name has a digit: most sentences
	// have none, and the patterns are not run over them.
	var res []*lazyre.Regexp
	switch {
	case rdHasDigit(text):
		res = append(res, rdAnchorDay)
		if g >= rdGrainMonth {
			res = append(res, rdAnchorMonth)
		}
		if g == rdGrainYear {
			res = append(res, rdAnchorYear)
		}
	case g >= rdGrainMonth && rdMayNameMonth(text):
		res = append(res, rdAnchorMonth)
	}
	for _, re := range res {
		// Most texts have no anchor or an unskipped first one: find all
		// only past a skipped one.
		first := re.FindIndex(text)
		if first == nil {
			continue
		}
		if skip == nil || !skip(first[0], first[1]) {
			return true
		}
		for _, loc := range re.FindAllIndex(text, -1)[1:] {
			if skip == nil || !skip(loc[0], loc[1]) {
				return true
			}
		}
	}
	return false
}

// rdHasDigit reports whether text holds a digit the anchors match: ASCII,
// or fullwidth (０-９, in Chinese and Japanese dates).
func rdHasDigit(text []byte) bool {
	for i, c := range text {
		if c >= '0' && c <= '9' || c == 0xEF && i+2 < len(text) && text[i+1] == 0xBC && text[i+2] >= 0x90 && text[i+2] <= 0x99 {
			return true
		}
	}
	return false
}

// rdMayNameMonth reports whether text may hold a month's full name: the
// first three letters of one in any case, or a long s “ſ”, which the
// case-insensitive pattern takes for an s.
func rdMayNameMonth(text []byte) bool {
	for i := 0; i+2 < len(text); i++ {
		if text[i] == 0xC5 && text[i+1] == 0xBF {
			return true
		}
		if ruleutil.TrigramAt(text, i, rdMonthPrefixes) {
			return true
		}
	}
	return false
}

// rdMonthPrefixes are the first three letters of the full month names of
// rdAnchorMonth (May has none: it is its own abbreviation).
const rdMonthPrefixes = "janfebmaraprjunjulaugsepoctnovdec"

// rdSentences splits a text into sentences and returns their boundaries,
// from 0 to len(text). A sentence ends at . ! ? followed by a space, at
// 。！？, and at a line that starts a list item, a table row or a bold
// label. A sentence longer than rdMaxSentence bytes is cut into pieces of
// that size.
func rdSentences(text []byte) []int {
	b := []int{0}
	add := func(end int) {
		for end-b[len(b)-1] > rdMaxSentence {
			b = append(b, b[len(b)-1]+rdMaxSentence)
		}
		if end > b[len(b)-1] {
			b = append(b, end)
		}
	}
	for i := range text {
		if end := rdSentenceEndAt(text, i); end > 0 {
			add(end)
		}
	}
	add(len(text))
	return b
}
