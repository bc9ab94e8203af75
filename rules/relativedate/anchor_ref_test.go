package relativedate

import (
	"testing"

	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/rules/internal/rulebench"
)

// refHasAnchor is rdHasAnchor before it looked for digits and month names
// first: every pattern of the grain over the text.
func refHasAnchor(text []byte, g dateGrain) bool {
	res := []*lazyre.Regexp{rdAnchorDay}
	if g >= rdGrainMonth {
		res = append(res, rdAnchorMonth)
	}
	if g == rdGrainYear {
		res = append(res, rdAnchorYear)
	}
	for _, re := range res {
		if re.Match(text) {
			return true
		}
	}
	return false
}

// anchorEdgeCases are texts where an anchor has no ASCII digit, or only
// just one.
var anchorEdgeCases = []string{
	"in March", "MARCH", "marchand", "ſeptember", "auguſt", "Augu\u017ft 2026", "May", "may 3", "２０２６年４月３０日", "４月",
	"4월", "Q3", "H1 2026", "2026-04", "nothing", "a1", "\xef\xbc", "\xef\xbc\x99", "december", "DeCeMbEr", "jun", "June",
}

func sameHasAnchor(t *testing.T, text []byte) {
	t.Helper()
	// A week's anchors are a day's.
	for _, g := range []dateGrain{rdGrainDay, rdGrainMonth, rdGrainYear} {
		if got, want := rdHasAnchor(text, g, nil), refHasAnchor(text, g); got != want {
			t.Fatalf("rdHasAnchor(%q, %d) = %v, the reference %v", text, g, got, want)
		}
	}
}

func TestHasAnchorReference(t *testing.T) {
	for _, text := range rulebench.Texts(t) {
		for _, s := range rdSentencesOf(text) {
			sameHasAnchor(t, s)
		}
	}
	for _, text := range anchorEdgeCases {
		sameHasAnchor(t, []byte(text))
	}
}

// rdSentencesOf cuts text into the sentences rdHasAnchor is asked about.
func rdSentencesOf(text []byte) [][]byte {
	b := rdSentences(text)
	out := make([][]byte, 0, len(b))
	for i := 1; i < len(b); i++ {
		out = append(out, text[b[i-1]:b[i]])
	}
	return out
}

func FuzzHasAnchor(f *testing.F) {
	for _, s := range anchorEdgeCases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) { sameHasAnchor(t, text) })
}
