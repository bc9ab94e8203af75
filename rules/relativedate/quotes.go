package relativedate

import (
	"bytes"
	"sort"
	"unicode/utf8"
)

// Quoted text, whose dates are names or examples.

// rdQuotedExactly reports whether text[s:e] is enclosed in quotes of its
// own: a quoted "Today" is a label, not a date.
func rdQuotedExactly(text []byte, s, e int) bool {
	open, _ := utf8.DecodeLastRune(text[:s])
	close, _ := utf8.DecodeRune(text[e:])
	want, ok := rdQuotePairs[open]
	return ok && close == want
}

// rdInsideQuotes reports whether text[s:e] lies inside a double-quoted
// string of its block: a quoted UI string ("Updated 3 days ago") or
// someone's quoted words are text, not a date the memory states. Single
// quotes are left out: they double as apostrophes.
func (t *rdText) insideQuotes(s, e int) bool {
	if t.quotes == nil {
		t.quotes = make([][]int, len(rdQuoteKinds))
		for k, q := range rdQuoteKinds {
			t.quotes[k] = rdPositions(t.text, q)
		}
	}
	for k := 0; k < len(rdQuoteKinds); k += 2 {
		open, close := t.quotes[k], t.quotes[k+1]
		if rdQuoteKinds[k] == rdQuoteKinds[k+1] {
			if n := sort.SearchInts(open, s); n%2 == 1 && n < len(open) && open[n] >= e {
				return true
			}
			continue
		}
		i := sort.SearchInts(open, s) - 1
		if i < 0 {
			continue
		}
		j := sort.SearchInts(close, open[i])
		if j < len(close) && close[j] < s {
			continue // closed before the expression
		}
		if k := sort.SearchInts(close, e); k < len(close) {
			return true
		}
	}
	return false
}

// rdPositions returns the offsets of sep in text.
func rdPositions(text []byte, sep string) []int {
	var out []int
	for i := 0; ; {
		j := bytes.Index(text[i:], []byte(sep))
		if j < 0 {
			return out
		}
		out = append(out, i+j)
		i += j + len(sep)
	}
}
