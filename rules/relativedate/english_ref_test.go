package relativedate

import (
	"slices"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/rules/internal/rulebench"
)

// refEnglishMatches is the English scan rdEnglishMatches replaced: the
// regexp over the whole text, which the prefilter passed.
func refEnglishMatches(text []byte) [][2]int {
	var out [][2]int
	for _, loc := range rdEnglishRe.FindAllIndex(text, -1) {
		out = append(out, [2]int{loc[0], loc[1]})
	}
	return out
}

// sameEnglishMatches fails t when rdEnglishMatches and the reference find
// different expressions in a text the prefilter sends to English.
func sameEnglishMatches(t *testing.T, text []byte) int {
	t.Helper()
	if rdScanners(text)&rdNeedEnglish == 0 {
		return 0
	}
	var got [][2]int
	rdEnglishMatches(text, func(s, e int) { got = append(got, [2]int{s, e}) })
	if want := refEnglishMatches(text); !slices.Equal(got, want) {
		t.Fatalf("English expressions in %q: %v, the reference finds %v", text, got, want)
	}
	return len(got)
}

// englishEdgeCases cut where a match could be: punctuation inside and
// around expressions, the long s and the Kelvin sign case-folded regexps
// take for s and k, underscores, and whitespace runs.
var englishEdgeCases = []string{
	"today, next week. in 3 days; 2 weeks ago", "next,week", "next_week today", "_today_", "x-today-y",
	"in\tabout\n3\fdays", "laſt week and today", "next weeK today", "thiſ month, tomorrow", "the day after tomorrow!",
	"(yesterday)", "end of\nthe month", "Monday of next week.", "a couple of days ago", "tonight's",
	"12 months ago: today", "1234 days ago today", "ſunday, Friday", "today\u00a0next week",
	"“today” — next week", "in 3 days → tomorrow", "next week’s plan", "laſt—week", "é today é", "K next weeK",
}

func TestEnglishMatchesReference(t *testing.T) {
	total := 0
	for _, text := range rulebench.Texts(t) {
		total += sameEnglishMatches(t, text)
	}
	for seed := uint64(1); seed <= 2; seed++ {
		for _, f := range generated(seed, 20, 50) {
			total += sameEnglishMatches(t, f.Data)
		}
	}
	for _, text := range englishEdgeCases {
		total += sameEnglishMatches(t, []byte(text))
	}
	if total < 500 {
		t.Errorf("%d expressions in all the texts: too few to compare the two", total)
	}
}

func FuzzEnglishMatches(f *testing.F) {
	for _, s := range englishEdgeCases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) { sameEnglishMatches(t, text) })
}

// BenchmarkEnglishMatches compares the scan of pieces with the regexp over
// each whole text, on the texts the prefilter sends to English.
func BenchmarkEnglishMatches(b *testing.B) {
	var texts [][]byte
	for _, t := range rulebench.Texts(b) {
		if rdScanners(t)&rdNeedEnglish != 0 {
			texts = append(texts, t)
		}
	}
	for _, c := range []struct {
		name string
		scan func([]byte) int
	}{
		{"reference", func(t []byte) int { return len(refEnglishMatches(t)) }},
		{"pieces", func(t []byte) int {
			n := 0
			rdEnglishMatches(t, func(int, int) { n++ })
			return n
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			rulebench.Measure(b, func() int {
				n := 0
				for _, t := range texts {
					n += c.scan(t)
				}
				return n
			})
		})
	}
}

// TestFoldsToASCII checks rdFoldsToASCII's premise: of the characters
// beyond ASCII, the long s and the Kelvin sign alone case-fold to an ASCII
// letter, which a case-insensitive regexp then matches as that letter.
func TestFoldsToASCII(t *testing.T) {
	var folding []rune
	for r := rune(utf8.RuneSelf); r <= unicode.MaxRune; r++ {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f < utf8.RuneSelf {
				folding = append(folding, r)
				break
			}
		}
	}
	if want := []rune{'\u017f', '\u212a'}; !slices.Equal(folding, want) {
		t.Fatalf("characters folding to ASCII: %q, rdFoldsToASCII knows %q", folding, want)
	}
	for _, r := range folding {
		if !rdFoldsToASCII([]byte("x" + string(r) + "y")) {
			t.Errorf("rdFoldsToASCII misses %q", r)
		}
	}
}
