package relativedate

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The Korean detector.

// korean classifies and filters a Korean match.
func (t *rdText) korean(s, e, ss, se int) (int, int, dateMeaning, bool) {
	text := t.text
	m := string(text[s:e])
	if unicode.Is(unicode.Hangul, rdRuneBefore(text, s)) {
		return s, e, dateMeaning{}, false
	}
	var after rune
	if e < len(text) {
		after, _ = utf8.DecodeRune(text[e:])
	}
	if mm, ok := rdKoFixed[m]; ok {
		if bytes.HasPrefix(text[e:], []byte("오늘")) {
			return s, e, mm, false // 어제오늘: lately
		}
		// 오늘의발견, 내일배움카드, 오늘날 (nowadays): the word goes on
		// past what a particle can be, so it is a compound or a name;
		// 오늘의 추천 카드 names a part of a product.
		if rdKoreanCompound(text[e:]) || rdKoreanLabel(text[e:se]) ||
			mm.unit == rdDay && rdCJKGenericDay(text, ss, s, e, se) {
			return s, e, mm, false
		}
		return s, e, mm, true
	}
	if strings.HasSuffix(m, "요일") {
		r, _ := utf8.DecodeLastRuneInString(strings.TrimSuffix(m, "요일"))
		wd := rdKoWeekday[r]
		if len(m) == len("월요일") {
			prev := rdHangulWordsBefore(text, ss, s, 2)
			for _, w := range prev {
				if strings.HasPrefix(w, "매") || strings.HasPrefix(w, "격주") {
					return s, e, dateMeaning{}, false
				}
			}
			// 매주 금요일 배포, 목요일 코드 프리즈: one 매주 makes the
			// sentence a weekly schedule, as 每周 does in Chinese.
			if bytes.HasPrefix(text[e:], []byte("마다")) || rdKoreanWeekdayRange(text, ss, s, e, se) ||
				rdRecurringWordCJK.Match(text[ss:se]) || t.inSchedule(s, e) {
				return s, e, dateMeaning{}, false
			}
			return s, e, dateMeaning{unit: rdNearWeekday, wd: wd}, true
		}
		n := rdKoOffset[m[:len("이번")]]
		if rdAt(rdHangulWordsBefore(text, ss, s, 1), 0) == "그" {
			return s, e, dateMeaning{}, false
		}
		return s, e, dateMeaning{unit: rdWeekdayOfWeek, n: n, wd: wd}, true
	}
	if n, ok := rdKoOffset[m[:min(len(m), len("이번"))]]; ok {
		if rdAt(rdHangulWordsBefore(text, ss, s, 1), 0) == "그" { // 그 다음 주: the week after that
			return s, e, dateMeaning{}, false
		}
		if strings.HasSuffix(m, "주말") {
			return s, e, dateMeaning{unit: rdWeekend, n: n}, true
		}
		if strings.HasSuffix(m, "주") {
			if unicode.Is(unicode.Hangul, after) && !strings.ContainsRune(rdAfterKoWeek, after) {
				return s, e, dateMeaning{}, false
			}
			return s, e, dateMeaning{unit: rdWeek, n: n}, true
		}
		if unicode.Is(unicode.Hangul, after) && !strings.ContainsRune(rdAfterKoMonth, after) {
			return s, e, dateMeaning{}, false
		}
		return s, e, dateMeaning{unit: rdMonth, n: n}, true
	}
	// Counts: 3일 후, 2주 전, 일주일 뒤, 한 달 전.
	if !rdKoreanCountMayFollow(text, ss, s) || (strings.HasSuffix(m, "전") && after == '후') ||
		rdRetention(text[e:se], rdKoRetention) {
		return s, e, dateMeaning{}, false
	}
	sign := 1
	if strings.HasSuffix(m, "전") {
		sign = -1
	}
	fields := strings.Fields(m)
	head := strings.TrimRight(strings.Join(fields, ""), "후전뒤")
	if c, ok := rdKoCount[strings.TrimRight(head, "달")]; ok {
		if strings.HasSuffix(head, "달") {
			return s, e, dateMeaning{unit: rdMonth, n: sign * c}, true
		}
		return s, e, dateMeaning{unit: rdDay, n: sign * c}, true
	}
	i := 0
	for i < len(head) && head[i] >= '0' && head[i] <= '9' {
		i++
	}
	n, err := strconv.Atoi(head[:i])
	if err != nil || n == 0 {
		return s, e, dateMeaning{}, false
	}
	switch head[i:] {
	case "일":
		return s, e, dateMeaning{unit: rdDay, n: sign * n}, true
	case "주":
		return s, e, dateMeaning{unit: rdDay, n: sign * 7 * n}, true
	case "개월":
		return s, e, dateMeaning{unit: rdMonth, n: sign * n}, true
	}
	return s, e, dateMeaning{unit: rdYear, n: sign * n}, true
}

// rdHangulWordsBefore returns up to n space-separated words before text[s]
// in the sentence, nearest first.
func rdHangulWordsBefore(text []byte, ss, s, n int) []string {
	fields := strings.Fields(string(text[ss:s]))
	var out []string
	for i := len(fields) - 1; i >= 0 && len(out) < n; i-- {
		out = append(out, fields[i])
	}
	return out
}

// rdKoreanCountMayFollow reports whether "3일 후" stands on its own rather
// than counting from the event named just before it.
func rdKoreanCountMayFollow(text []byte, ss, s int) bool {
	i := s
	for i > ss && text[i-1] == ' ' {
		i--
	}
	r := rdRuneBefore(text, i)
	if r == 0 || i <= ss || !unicode.Is(unicode.Hangul, r) {
		return true
	}
	w := rdAt(rdHangulWordsBefore(text, ss, i, 1), 0)
	switch w {
	case "약", "대략", "대강", "지금", "지금부터", "오늘부터", "오늘로부터", "앞으로":
		return true
	}
	return strings.ContainsRune(rdKoParticleEnd, r) && w != "그"
}

// rdKoreanWeekdayRange reports whether a weekday is one end of a range:
// 월요일부터 금요일까지, 월요일~금요일.
func rdKoreanWeekdayRange(text []byte, ss, s, e, se int) bool {
	return rdKoRangeAfter.Match(text[e:se]) || rdKoRangeBefore.Match(text[ss:s])
}

// rdKoreanCompound reports whether the Hangul run at the start of rest
// (what follows a Korean date word in its word) is more than particles
// and time words: 오늘의발견, 내일배움카드 and 오늘날 are words of their
// own.
func rdKoreanCompound(rest []byte) bool {
	n := 0
	for n < len(rest) {
		r, size := utf8.DecodeRune(rest[n:])
		if !unicode.Is(unicode.Hangul, r) {
			break
		}
		n += size
	}
	word := string(rest[:n])
	for steps := 0; word != "" && steps < 4; steps++ {
		cut := false
		for _, t := range rdKoTails {
			if strings.HasPrefix(word, t) {
				word, cut = word[len(t):], true
				break
			}
		}
		if !cut {
			break
		}
	}
	return word != ""
}

// rdKoreanLabel reports whether "의" and the next two words after a Korean
// date word name a part of a product: 오늘의 추천 카드가, 내일의 날씨 위젯.
func rdKoreanLabel(rest []byte) bool {
	if !bytes.HasPrefix(rest, []byte("의 ")) {
		return false
	}
	words := strings.Fields(string(rest[len("의 "):]))
	for i := 0; i < len(words) && i < 2; i++ {
		for _, n := range rdKoLabelNouns {
			if strings.HasPrefix(words[i], n) {
				return true
			}
		}
	}
	return false
}
