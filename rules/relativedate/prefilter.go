package relativedate

import (
	"strings"
	"unicode/utf8"
)

// The prefilter: one cheap pass that says which detectors a text needs.
// prefilter_test.go checks it against a full scan.

// rdScanners is the cheap test run before the regular expressions: it
// tokenises the text once and says which scanners could find anything.
// English needs a word that is a date on its own (today, Friday, ago) or a
// unit after a modifier or a count ("next week", "in 3 days"); Chinese and
// Japanese need a CJK character, Korean a Hangul syllable.
func rdScanners(text []byte) int {
	need := 0
	var word [16]byte
	n := 0
	// The classes of the last four words, nearest first.
	var prev [4]byte
	// The last two CJK characters, and the last Hangul syllable with the
	// number of spaces since it.
	var cjk1, cjk2, ko rune
	koGap := 0
	for i := 0; i <= len(text); {
		// The hot path: a run of ASCII letters inside a word.
		for i < len(text) && rdASCIILetter[text[i]] != 0 {
			if n < len(word) {
				word[n] = rdASCIILetter[text[i]]
			}
			n++
			i++
			cjk1, cjk2, ko = 0, 0, 0
		}
		var c byte = ' '
		size := 1
		if i < len(text) {
			c = text[i]
		}
		if c >= utf8.RuneSelf {
			var r rune
			r, size = utf8.DecodeRune(text[i:])
			switch {
			case r >= 0xAC00 && r <= 0xD7A3:
				if need&rdNeedKorean == 0 && ko != 0 && koGap <= 1 && rdKoreanPair(ko, r, koGap) {
					need |= rdNeedKorean
				}
				ko, koGap = r, 0
				cjk1, cjk2 = 0, 0
			case r >= 0x3000:
				if need&rdNeedCJK == 0 && rdCJKPair(cjk2, cjk1, r) {
					need |= rdNeedCJK
				}
				cjk2, cjk1 = cjk1, r
				ko = 0
			default:
				cjk1, cjk2, ko = 0, 0, 0
			}
			c = ' ' // a non-ASCII character ends an English word
		} else if c == ' ' {
			koGap++
			cjk1, cjk2 = 0, 0
		} else if '0' <= c && c <= '9' {
			cjk1, cjk2, ko = 0, 0, '0' // "3일 후": a count before a Korean unit
		} else {
			cjk1, cjk2, ko = 0, 0, 0
		}
		i += size
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' {
			if n < len(word) {
				word[n] = c
			}
			n++
			continue
		}
		if n == 0 {
			continue
		}
		class := dwOther
		switch {
		case n > len(word):
		case '0' <= word[0] && word[0] <= '9':
			class = dwCount
		case rdWordLengths[word[0]-'a']&(1<<n) != 0:
			class = rdWordClass(word[:n])
		}
		n = 0
		switch class {
		case dwDate:
			need |= rdNeedEnglish
		case dwUnit:
			// "next week", "end of week", "by the end of the month".
			if prev[0] == dwModifier || prev[0] == dwCount && prev[1] == dwEnd ||
				prev[0] == dwThe && prev[1] == dwCount && prev[2] == dwEnd {
				need |= rdNeedEnglish
			}
			// "in 3 days", "in a few weeks", "in a couple of months".
			for k := 0; k < len(prev) && prev[k] == dwCount; k++ {
				if k+1 < len(prev) && prev[k+1] == dwIn {
					need |= rdNeedEnglish
				}
			}
		}
		prev[3], prev[2], prev[1], prev[0] = prev[2], prev[1], prev[0], class
	}
	return need
}

// rdCJKPair reports whether the CJK characters c2 c1 r end something
// the Chinese and Japanese expressions need: 今天, 下周, 星期三, 个月,
// 3天后, 三天以后, 来週, 月曜, 3日後.
func rdCJKPair(c2, c1, r rune) bool {
	has := strings.ContainsRune
	switch r {
	case '天':
		return has("今明昨后前周週期拜", c1)
	case '日':
		return has("今明昨後周週期拜曜", c1)
	case '晚', '早', '夜', '晩':
		return c1 == '今'
	case '年':
		return has("今明去来昨", c1)
	case '月':
		return has("今来先本个個", c1)
	case '周', '週':
		return has("下上这這本今来先", c1)
	case '期':
		return c1 == '星'
	case '拜':
		return c1 == '礼' || c1 == '禮'
	case '一', '二', '三', '四', '五', '六':
		return has("周週期拜", c1)
	case '曜':
		return has("月火水木金土日", c1)
	case '後', '前', '后':
		return has("天日周週間月年", c1) || has("以之", c1) && has("天周週月年期拜", c2)
	}
	return false
}

func rdPair(a, b rune) uint64 { return uint64(a)<<32 | uint64(b) }

// rdKoreanPair reports whether the Hangul syllables prev r (gap spaces
// apart) end something the Korean expressions need: 오늘, 다음 주, 3일 후,
// 금요일.
func rdKoreanPair(prev, r rune, gap int) bool {
	if gap == 0 {
		switch uint64(prev)<<32 | uint64(r) {
		case rdPair('오', '늘'), rdPair('내', '일'), rdPair('어', '제'), rdPair('모', '레'), rdPair('저', '께'),
			rdPair('올', '해'), rdPair('내', '년'), rdPair('작', '년'), rdPair('난', '해'), rdPair('요', '일'),
			rdPair('주', '일'):
			return true
		}
	}
	switch r {
	case '주', '달':
		return strings.ContainsRune("번음난", prev)
	case '후', '전', '뒤':
		return strings.ContainsRune("일주월년루틀흘달", prev)
	}
	return false
}

// rdWordLengths has, per first letter, a bit for each length of the
// words in rdWords: most words are rejected without a map lookup.
var rdWordLengths = func() (l [26]uint32) {
	for w := range rdWords {
		l[w[0]-'a'] |= 1 << len(w)
	}
	return l
}()

// rdASCIILetter maps ASCII letters to lowercase and everything else to 0.
var rdASCIILetter = func() (t [256]byte) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = byte(c), byte(c)
	}
	return t
}()

// rdWordClass returns the class of a lowercase word; the most frequent
// ones are compared directly.
func rdWordClass(w []byte) byte {
	switch len(w) {
	case 1:
		if w[0] == 'a' {
			return dwCount
		}
		return dwOther
	case 2:
		switch {
		case w[0] == 'i' && w[1] == 'n':
			return dwIn
		case w[0] == 'o' && w[1] == 'f', w[0] == 'a' && w[1] == 'n':
			return dwCount
		}
		return dwOther
	case 3:
		if w[0] == 't' && w[1] == 'h' && w[2] == 'e' {
			return dwThe
		}
	}
	if n := len(w); n > 0 && n < len(rdWordSlots[0]) && 'a' <= w[0] && w[0] <= 'z' {
		for _, e := range rdWordSlots[w[0]-'a'][len(w)] {
			if string(w) == e.word {
				return e.class
			}
		}
		return dwOther
	}
	return rdWords[string(w)]
}

// rdWordSlots are the words of rdWords by first letter and length: a
// word is compared with the few of its slot instead of hashed.
var rdWordSlots = func() (t [26][17][]rdWordEntry) {
	for w, class := range rdWords {
		if len(w) < len(t[0]) {
			t[w[0]-'a'][len(w)] = append(t[w[0]-'a'][len(w)], rdWordEntry{w, class})
		}
	}
	return t
}()

// rdWordEntry is a word of rdWords and its class.
type rdWordEntry struct {
	word  string
	class byte
}
