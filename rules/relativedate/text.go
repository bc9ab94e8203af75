package relativedate

import (
	"bytes"
	"sort"
	"strings"
	"unicode/utf8"
)

// Scanning one text: the detectors' matches, then the checks all languages
// share.

// rdText is one text to scan: a Markdown block's source or the
// description value.
type rdText struct {
	text []byte
	need int // the scanners rdScanners asked for
	// inCode reports whether text[s:e] is not prose (code, link
	// destinations); nil when everything is prose.
	inCode func(s, e int) bool
	// hidden reports whether an offset lies in an HTML comment, whose
	// dates do not anchor.
	hidden    func(s, e int) bool
	quotes    [][]int         // offsets of each of rdQuoteKinds, computed on demand
	sentences []int           // sentence boundaries, computed on demand
	anchors   map[[2]int]bool // whether sentence i anchors grain g
	// weeklySchedule reports whether the text belongs to a weekly schedule
	// ("- Monday: gym"), whose weekdays are not dates.
	weeklySchedule func() bool
	// scheduleContext reports whether text[s:e] sits in a recurring
	// schedule: its line, its list or a heading above it sets one
	// ("Sprint planning: Mondays at 9:30" over "- goals due Tuesday").
	scheduleContext func(s, e int) bool
}

// inSchedule reports whether text[s:e] sits in a recurring-schedule
// context.
func (t *rdText) inSchedule(s, e int) bool {
	return t.scheduleContext != nil && t.scheduleContext(s, e) || t.weeklySchedule != nil && t.weeklySchedule()
}

type rdCandidate struct {
	start, end int
	m          dateMeaning
}

func (t *rdText) scan() []rdCandidate {
	var matches []rdMatch
	if t.need&rdNeedEnglish != 0 {
		rdEnglishMatches(t.text, func(s, e int) {
			matches = append(matches, rdMatch{s, e, t.english})
		})
	}
	if t.need&rdNeedCJK != 0 {
		for _, loc := range rdCJKRe.FindAllIndex(t.text, -1) {
			matches = append(matches, rdMatch{loc[0], loc[1], t.cjk})
		}
	}
	if t.need&rdNeedKorean != 0 {
		for _, loc := range rdKoreanRe.FindAllIndex(t.text, -1) {
			matches = append(matches, rdMatch{loc[0], loc[1], t.korean})
		}
	}
	if len(matches) > 1 {
		sort.SliceStable(matches, func(i, j int) bool { return matches[i].start < matches[j].start })
	}
	if len(matches) > 2 {
		matches = rdDropOptionLists(t.text, matches)
	}
	var out []rdCandidate
	for _, m := range matches {
		out = t.consider(out, m.start, m.end, m.classify)
	}
	if len(out) > 1 {
		rdSortCandidates(out)
	}
	return out
}

// rdEnglishMatches calls found with each match of rdEnglishRe in text, as
// FindAllIndex returns them. An English expression is words and numbers
// apart by whitespace: no match holds an ASCII byte other than a letter,
// a digit, '_' or whitespace, and \b on either side of such a byte is the
// same as at the start or end of a text. So the text is cut at those
// bytes, and the regexp (a step per byte, with no literal to search for)
// runs only on the pieces the prefilter finds a date word in.
func rdEnglishMatches(text []byte, found func(s, e int)) {
	for start := 0; start < len(text); {
		end, ascii := start, true
		for end < len(text) && !rdEnglishCut[text[end]] {
			ascii = ascii && text[end] < utf8.RuneSelf
			end++
		}
		// The prefilter reads ASCII words, and takes any other character
		// for a space, as the regexp does, but for the long s “ſ” and the
		// Kelvin sign, which the case-insensitive regexp takes for s and k.
		if piece := text[start:end]; len(piece) > 0 && (!ascii && rdFoldsToASCII(piece) || rdScanners(piece)&rdNeedEnglish != 0) {
			for _, loc := range rdEnglishRe.FindAllIndex(piece, -1) {
				found(start+loc[0], start+loc[1])
			}
		}
		start = end + 1
	}
}

// rdFoldsToASCII reports whether text holds one of the two characters
// that case-fold to an ASCII letter: the long s “ſ” (U+017F) and the
// Kelvin sign (U+212A).
func rdFoldsToASCII(text []byte) bool {
	return bytes.Contains(text, []byte("\u017f")) || bytes.Contains(text, []byte("\u212a"))
}

// rdEnglishCut marks the bytes no English expression holds.
var rdEnglishCut = func() (t [256]bool) {
	for c := range utf8.RuneSelf {
		word := c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
		space := c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
		t[c] = !word && !space
	}
	return t
}()

// rdMatch is an expression one of the languages' patterns found, before
// its language classifies it.
type rdMatch struct {
	start, end int
	classify   func(s, e, ss, se int) (int, int, dateMeaning, bool)
}

// rdDropOptionLists drops expressions that stand in a list of three or
// more ("filter options: today, this week, this month"; "Today / Last 7
// days / Last month"): such a list names choices a program offers, which
// nobody writes as the dates of a memory.
func rdDropOptionLists(text []byte, c []rdMatch) []rdMatch {
	drop := make([]bool, len(c))
	for i := 0; i < len(c); {
		j := i
		for j+1 < len(c) && c[j].end <= c[j+1].start && rdListGap(text[c[j].end:c[j+1].start]) {
			j++
		}
		if j-i >= 2 {
			for k := i; k <= j; k++ {
				drop[k] = true
			}
		}
		i = j + 1
	}
	out := c[:0]
	for i, x := range c {
		if !drop[i] {
			out = append(out, x)
		}
	}
	return out
}

// rdListGap reports whether gap only separates two items of a list.
func rdListGap(gap []byte) bool {
	g := strings.ToLower(strings.TrimSpace(string(gap)))
	g = strings.Trim(g, "*_`\"“”")
	g = strings.TrimSpace(g)
	switch g {
	case ",", "/", "|", "、", "，", "or", "and", ", or", ", and", "·", "-", "–", "—":
		return true
	}
	return false
}

func rdSortCandidates(c []rdCandidate) {
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && c[j].start < c[j-1].start; j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
}

// consider runs the checks shared by all languages around a language's
// own classification. The language checks see at most rdNear bytes of the
// sentence on either side of the expression, so that no input costs more
// than linear time.
func (t *rdText) consider(out []rdCandidate, s, e int, classify func(s, e, ss, se int) (int, int, dateMeaning, bool)) []rdCandidate {
	ss, se, sentence := t.sentence(s, e)
	s, e, m, ok := classify(s, e, max(ss, s-rdNear), min(se, e+rdNear))
	if !ok || s >= e {
		return out
	}
	if t.inCode != nil && t.inCode(s, e) {
		return out
	}
	if rdQuotedExactly(t.text, s, e) || t.insideQuotes(s, e) {
		return out
	}
	if t.anchored(sentence, ss, se, m.grain()) {
		return out
	}
	return append(out, rdCandidate{start: s, end: e, m: m})
}

// rdNear is how far around an expression the language checks look.
const rdNear = 200

// sentence returns the sentence around text[s:e] and its index in
// t.sentences, or -1 when the expression crosses a sentence boundary.
func (t *rdText) sentence(s, e int) (ss, se, index int) {
	if t.sentences == nil {
		t.sentences = rdSentences(t.text)
	}
	b := t.sentences
	i := sort.SearchInts(b, s+1) - 1
	j := sort.SearchInts(b, e)
	if j <= i+1 {
		return b[i], b[i+1], i
	}
	return b[i], b[j], -1
}

// anchored reports whether sentence text[ss:se] holds an absolute date
// precise enough for an expression of grain g.
func (t *rdText) anchored(sentence, ss, se int, g dateGrain) bool {
	key := [2]int{sentence, int(g)}
	if v, ok := t.anchors[key]; ok && sentence >= 0 {
		return v
	}
	v := rdHasAnchor(t.text[ss:se], g, func(s, e int) bool {
		return t.hidden != nil && t.hidden(ss+s, ss+e)
	})
	if t.anchors == nil {
		t.anchors = map[[2]int]bool{}
	}
	t.anchors[key] = v
	return v
}
