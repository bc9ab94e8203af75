package relativedate

import (
	"github.com/memlint/memlint/internal/lazyre"
)

// Absolute dates that anchor a relative one in the same sentence.

// rdHasAnchor reports whether text holds an absolute date that anchors an
// expression of grain g; skip, when set, discards matches it reports.
func rdHasAnchor(text []byte, g dateGrain, skip func(s, e int) bool) bool {
	res := []*lazyre.Regexp{rdAnchorDay}
	if g >= rdGrainMonth {
		res = append(res, rdAnchorMonth)
	}
	if g == rdGrainYear {
		res = append(res, rdAnchorYear)
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
