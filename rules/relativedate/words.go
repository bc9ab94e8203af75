package relativedate

import (
	"sort"
)

// Tables shared by the languages: the prefilter's word classes,
// abbreviations, quote pairs.

// Which scanners a text needs.
const (
	rdNeedEnglish = 1 << iota
	rdNeedCJK
	rdNeedKorean
)

// Word classes for rdScanners.
const (
	dwOther    byte = iota
	dwDate          // a date on its own: today, Friday, ago
	dwUnit          // week, month, morning
	dwModifier      // this, next, last
	dwCount         // 3, three, a, few, couple, of (a couple of; end of)
	dwIn            // in, about, around
	dwEnd           // end
	dwThe           // the
)

var rdWords = map[string]byte{
	"today": dwDate, "tonight": dwDate, "tomorrow": dwDate, "yesterday": dwDate, "ago": dwDate,
	"monday": dwDate, "tuesday": dwDate, "wednesday": dwDate, "thursday": dwDate,
	"friday": dwDate, "saturday": dwDate, "sunday": dwDate,
	"day": dwUnit, "days": dwUnit, "week": dwUnit, "weeks": dwUnit, "weekend": dwUnit,
	"month": dwUnit, "months": dwUnit, "year": dwUnit, "years": dwUnit, "quarter": dwUnit,
	"morning": dwUnit, "afternoon": dwUnit, "evening": dwUnit, "night": dwUnit,
	"this": dwModifier, "next": dwModifier, "last": dwModifier,
	"a": dwCount, "an": dwCount, "one": dwCount, "two": dwCount, "three": dwCount,
	"four": dwCount, "five": dwCount, "six": dwCount, "seven": dwCount, "eight": dwCount,
	"nine": dwCount, "ten": dwCount, "eleven": dwCount, "twelve": dwCount, "few": dwCount,
	"couple": dwCount, "of": dwCount,
	"in": dwIn, "about": dwIn, "around": dwIn, "roughly": dwIn, "approximately": dwIn,
	"another": dwIn, "end": dwEnd, "the": dwThe,
}

const rdMaxSentence = 1000

var rdAbbreviations = map[string]bool{
	"e.g": true, "i.e": true, "etc": true, "vs": true, "approx": true, "mr": true, "mrs": true,
	"ms": true, "dr": true, "cf": true, "fig": true, "al": true, "inc": true, "ltd": true, "no": true,
	"jan": true, "feb": true, "mar": true, "apr": true, "jun": true, "jul": true, "aug": true,
	"sep": true, "sept": true, "oct": true, "nov": true, "dec": true, "est": true, "ca": true,
}

var rdQuotePairs = map[rune]rune{'"': '"', '\'': '\'', '“': '”', '‘': '’', '«': '»', '「': '」', '『': '』', '《': '》'}

// rdQuoteKinds are pairs of opening and closing quotes.
var rdQuoteKinds = []string{`"`, `"`, "“", "”", "「", "」", "『", "』"}

func rdSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

func rdByLength(words ...string) []string {
	sort.SliceStable(words, func(i, j int) bool { return len(words[i]) > len(words[j]) })
	return words
}
