package injection

// Letters of other scripts that imitate a Latin letter, and the letter
// each imitates: a compact subset of Unicode's confusables.txt (UTS #39,
// the "MA" entries, https://www.unicode.org/Public/security/latest/confusables.txt)
// for the scripts text is disguised with: Cyrillic, Greek, Armenian and
// the Latin small capitals and IPA letters. Full-width and mathematical
// letters need no entry: NFKC makes them ASCII before this table is read.
//
// Two departures from confusables.txt, both because a word is matched
// here, not a glyph: letters that look like a capital I, which
// confusables.txt maps to "l" (І, Ι, Ӏ), stand for "i"; and a few
// letters with a stroke that NFD does not take apart (đ, ł, ø, ħ, ƀ)
// stand for their base letter, as Vietnamese and Polish readers read them.
//
// lowerLookAlikes are folded wherever they stand, after lowercasing: a
// Russian word folds the same way whatever its case, so the Russian
// patterns (normalised by the same code) still match it. upperLookAlikes
// imitate a Latin capital only in their capital form (Cyrillic Н looks
// like H, its н does not): they are folded only inside a word that also
// holds a Latin letter, which is how a disguised English word looks.
var lowerLookAlikes = map[rune]byte{
	// Cyrillic.
	'а': 'a', 'г': 'r', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x',
	'ѕ': 's', 'і': 'i', 'ј': 'j', 'ѡ': 'w', 'ѵ': 'v', 'ү': 'y', 'һ': 'h', 'ӏ': 'i', 'ԁ': 'd',
	'ԛ': 'q', 'ԝ': 'w',
	// Greek.
	'α': 'a', 'γ': 'y', 'ι': 'i', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'σ': 'o', 'υ': 'u', 'ϱ': 'p',
	'ϲ': 'c', 'ϳ': 'j',
	// Armenian.
	'հ': 'h', 'ո': 'n', 'ռ': 'n', 'ս': 'u', 'ց': 'g', 'օ': 'o', 'զ': 'q', 'ք': 'f',
	// Latin small capitals and IPA letters.
	'ɑ': 'a', 'ɡ': 'g', 'ɣ': 'y', 'ɩ': 'i', 'ɪ': 'i', 'ʏ': 'y', 'ı': 'i', 'ᴄ': 'c',
	'ᴏ': 'o', 'ᴜ': 'u', 'ᴠ': 'v', 'ᴡ': 'w', 'ᴢ': 'z', 'ɯ': 'w', 'ʋ': 'u',
	// Letters with a stroke.
	'đ': 'd', 'ł': 'l', 'ø': 'o', 'ħ': 'h', 'ƀ': 'b',
}

var upperLookAlikes = map[rune]byte{
	// Cyrillic capitals whose small letter looks like no Latin letter.
	'В': 'b', 'Н': 'h', 'К': 'k', 'М': 'm', 'Т': 't', 'Ь': 'b', 'Ѕ': 's', 'І': 'i', 'Ј': 'j', 'Ӏ': 'i',
	'Ԍ': 'g', 'Ԝ': 'w', 'Ү': 'y', 'Ѵ': 'v',
	// Greek capitals.
	'Α': 'a', 'Β': 'b', 'Ε': 'e', 'Ζ': 'z', 'Η': 'h', 'Ι': 'i', 'Κ': 'k', 'Μ': 'm', 'Ν': 'n',
	'Ο': 'o', 'Ρ': 'p', 'Τ': 't', 'Υ': 'y', 'Χ': 'x', 'Ϲ': 'c', 'Ϳ': 'j',
	// Armenian capitals.
	'Ս': 'u', 'Օ': 'o',
}
