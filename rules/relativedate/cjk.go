package relativedate

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The Chinese and Japanese detector.

// cjk classifies and filters a Chinese or Japanese match.
func (t *rdText) cjk(s, e, ss, se int) (int, int, dateMeaning, bool) {
	text := t.text
	m := string(text[s:e])
	before := rdRuneBefore(text, s)
	var after rune
	if e < len(text) {
		after, _ = utf8.DecodeRune(text[e:])
	}
	first, _ := utf8.DecodeRuneInString(m)
	last, _ := utf8.DecodeLastRuneInString(m)
	mm, ok := rdCJKFixed[m]
	if end := strings.TrimRight(m, "底末"); !ok && end != m && rdCJKFixed[end].unit == rdMonth && end != "今年" {
		// 本月底, 下个月末, 来月末: the end of that month.
		if mm, ok = rdCJKFixed[end]; ok {
			mm.unit = rdEndOfMonth
		}
	}
	if ok {
		switch first {
		case '今':
			// 今日では, 今日的: "nowadays", not a date.
			// 今日头条 is an app.
			if strings.ContainsRune(rdBeforeJin, before) || m == "今日" && (strings.ContainsRune("的头頭", after) || bytes.HasPrefix(text[e:], []byte("では"))) {
				return s, e, mm, false
			}
		case '明':
			// 明日香 (a name), 明日之星 ("rising star"), 明日方舟 (a game).
			if strings.ContainsRune(rdBeforeMing, before) || m == "明日" && strings.ContainsRune("香之方", after) {
				return s, e, mm, false
			}
		case '来':
			if strings.ContainsRune(rdBeforeLai, before) {
				return s, e, mm, false
			}
		case '先':
			if strings.ContainsRune(rdBeforeXian, before) {
				return s, e, mm, false
			}
		case '去':
			if strings.ContainsRune(rdBeforeQu, before) {
				return s, e, mm, false
			}
		case '后':
			if strings.ContainsRune(rdBeforeHou, before) || strings.ContainsRune("性生赋賦形获獲培努习習因缺免疾", after) ||
				bytes.HasSuffix(text[:s], []byte("先天")) {
				return s, e, mm, false
			}
		case '前':
			if strings.ContainsRune(rdBeforeQian, before) || strings.ContainsRune("数數气氣然下赋賦使空地", after) {
				return s, e, mm, false
			}
		case '上', '下', '本':
			if !rdPrefixMayFollow(first, before, 0) {
				return s, e, mm, false
			}
		}
		if last == '月' && strings.ContainsRune(rdAfterYue, after) {
			return s, e, mm, false
		}
		if mm.unit == rdDay && (rdCJKLabel(text[e:]) || rdCJKGenericDay(text, ss, s, e, se)) {
			return s, e, mm, false
		}
		return s, e, mm, true
	}
	// Counts: 3天后, 两周前, 三个月以后, 3日後, 2週間前.
	if n, rest, ok := rdLeadingCJKNumber(m); ok {
		// 作成から30日後: counted from an event, not from today.
		if !rdCountMayFollow(text, s) || bytes.HasSuffix(bytes.TrimRight(text[ss:s], " "), []byte("から")) ||
			rdRetention(text[e:se], rdCJKRetention) {
			return s, e, dateMeaning{}, false
		}
		rest = strings.TrimLeft(rest, " ")
		ago := strings.HasSuffix(rest, "前")
		// 3天前后 is "about 3 days"; 3天后续 is "3 days, follow-up".
		if ago && strings.ContainsRune(rdAfterQian, after) || !ago && strings.ContainsRune(rdAfterHou, after) {
			return s, e, dateMeaning{}, false
		}
		if ago {
			n = -n
		}
		switch {
		case strings.HasPrefix(rest, "天"), strings.HasPrefix(rest, "日"):
			return s, e, dateMeaning{unit: rdDay, n: n}, true
		case strings.HasPrefix(rest, "周"), strings.HasPrefix(rest, "週"), strings.Contains(rest, "星期"), strings.Contains(rest, "拜"):
			return s, e, dateMeaning{unit: rdDay, n: 7 * n}, true
		case strings.HasPrefix(rest, "年"):
			return s, e, dateMeaning{unit: rdYear, n: n}, true
		}
		return s, e, dateMeaning{unit: rdMonth, n: n}, true
	}
	// Japanese weeks: 来週, 来週の月曜日.
	for _, p := range rdJaWeekWords {
		if !strings.HasPrefix(m, p) {
			continue
		}
		if first == '来' && strings.ContainsRune(rdBeforeLai, before) || first == '先' && strings.ContainsRune(rdBeforeXian, before) ||
			first == '今' && strings.ContainsRune(rdBeforeJin, before) {
			return s, e, dateMeaning{}, false
		}
		n := rdCJKWeekOffset[p]
		rest := strings.TrimPrefix(strings.TrimPrefix(m, p), "の")
		if rest == "末" {
			return s, e, dateMeaning{unit: rdWeekend, n: n}, true
		}
		if rest == "" {
			if strings.ContainsRune(rdAfterZhou, after) {
				return s, e, dateMeaning{}, false
			}
			return s, e, dateMeaning{unit: rdWeek, n: n}, true
		}
		r, _ := utf8.DecodeRuneInString(rest)
		return s, e, dateMeaning{unit: rdWeekdayOfWeek, n: n, wd: rdJaWeekday[r]}, true
	}
	// Chinese weeks: 下周, 上个星期, 本周三, 下下周.
	if strings.HasPrefix(m, "下下") {
		if !rdPrefixMayFollow('下', before, after) {
			return s, e, dateMeaning{}, false
		}
		return s, e, dateMeaning{unit: rdWeek, n: 2}, true
	}
	if p := string(first); rdCJKWeekOffset[p] != 0 || p == "这" || p == "這" || p == "本" {
		zhouNext := after
		if _, ok := rdZhWeekday[last]; ok || last == '末' {
			zhouNext = last
		}
		if (p == "上" || p == "下" || p == "本") && !rdPrefixMayFollow(first, before, zhouNext) {
			return s, e, dateMeaning{}, false
		}
		n := rdCJKWeekOffset[p]
		if last == '末' {
			return s, e, dateMeaning{unit: rdWeekend, n: n}, true
		}
		if wd, ok := rdZhWeekday[last]; ok && !strings.HasSuffix(m, "星期") && !strings.HasSuffix(m, "拜") {
			if strings.ContainsRune(rdAfterWeekdayChar[last], after) {
				// 本周一直: 本周 + 一直; the weekday was part of a word.
				_, size := utf8.DecodeLastRuneInString(m)
				return s, e - size, dateMeaning{unit: rdWeek, n: n}, true
			}
			return s, e, dateMeaning{unit: rdWeekdayOfWeek, n: n, wd: wd}, true
		}
		if (strings.HasSuffix(m, "周") || strings.HasSuffix(m, "週")) && strings.ContainsRune(rdAfterZhou, after) {
			return s, e, dateMeaning{}, false
		}
		return s, e, dateMeaning{unit: rdWeek, n: n}, true
	}
	// Bare weekdays: 周三, 星期五, 金曜日.
	if rdRecurringWordCJK.Match(text[ss:se]) {
		return s, e, dateMeaning{}, false
	}
	if strings.HasSuffix(m, "曜日") {
		if rdRecurringCJK(text, ss, s, e, se, "毎隔", "から〜～-–—・、") || bytes.HasPrefix(text[e:], []byte("ごと")) || after == '毎' ||
			t.inSchedule(s, e) {
			return s, e, dateMeaning{}, false
		}
		return s, e, dateMeaning{unit: rdNearWeekday, wd: rdJaWeekday[first]}, true
	}
	wd, ok := rdZhWeekday[last]
	if !ok || strings.ContainsRune(rdBeforeBareWeekday, before) || strings.ContainsRune(rdAfterWeekdayChar[last], after) ||
		rdRecurringCJK(text, ss, s, e, se, "每逢隔", "至到~～-–—、") || t.inSchedule(s, e) {
		return s, e, dateMeaning{}, false
	}
	return s, e, dateMeaning{unit: rdNearWeekday, wd: wd}, true
}

// rdPrefixMayFollow reports whether a 上/下/本 prefix starts a time
// expression after the character before: not when the two make a word
// (线上, 一下, 版本), and only after a function word when what follows 周
// could make another word (早上周会).
func rdPrefixMayFollow(prefix, before, afterZhou rune) bool {
	if !unicode.Is(unicode.Han, before) {
		return true
	}
	block := map[rune]string{'上': rdBeforeShang, '下': rdBeforeXia, '本': rdBeforeBen}[prefix]
	if strings.ContainsRune(block, before) {
		return false
	}
	return !strings.ContainsRune(rdAfterZhouAmbiguous, afterZhou) || strings.ContainsRune(rdAfterPrefixOK, before)
}

// rdCountMayFollow reports whether a count such as 3天后 stands on its own:
// after the start, punctuation, a space or a function word, not after a
// noun or verb it counts from (上线3天后: 3 days after launch; リリースの3日後).
func rdCountMayFollow(text []byte, s int) bool {
	i := s
	for i > 0 && text[i-1] == ' ' {
		i--
	}
	r := rdRuneBefore(text, i)
	switch {
	case r == 0:
		return true
	case r == 'の' || r == '的':
		return false
	case unicode.Is(unicode.Han, r):
		return strings.ContainsRune(rdAfterPrefixOK+"约約概预預过過最", r)
	case unicode.Is(unicode.Katakana, r):
		return false
	}
	return true
}

// rdRecurringCJK reports whether a weekday is recurring: a marker such as 每
// shortly before it in the sentence, or a range/list with another weekday.
func rdRecurringCJK(text []byte, ss, s, e, se int, markers, joins string) bool {
	prefix := text[ss:s]
	n := 0
	for i := len(prefix); i > 0 && n < 6; n++ {
		r, size := utf8.DecodeLastRune(prefix[:i])
		if strings.ContainsRune(markers, r) {
			return true
		}
		i -= size
	}
	isDay := func(r rune) bool { _, z := rdZhWeekday[r]; _, j := rdJaWeekday[r]; return z || j }
	rest := bytes.TrimLeft(text[e:se], " ")
	if r, size := utf8.DecodeRune(rest); r != utf8.RuneError && strings.ContainsRune(joins, r) {
		next := bytes.TrimLeft(rest[size:], " ")
		for _, p := range rdZhWeekWords {
			next = bytes.TrimPrefix(next, []byte(p))
		}
		if r2, _ := utf8.DecodeRune(next); isDay(r2) {
			return true
		}
	}
	if bytes.HasPrefix(rest, []byte("から")) {
		if r2, _ := utf8.DecodeRune(rest[len("から"):]); isDay(r2) {
			return true
		}
	}
	before := bytes.TrimRight(prefix, " ")
	if r, size := utf8.DecodeLastRune(before); r != utf8.RuneError && (strings.ContainsRune(joins, r) || bytes.HasSuffix(before, []byte("から"))) {
		if bytes.HasSuffix(before, []byte("から")) {
			size = len("から")
		}
		prev := bytes.TrimRight(before[:len(before)-size], " ")
		prev = bytes.TrimSuffix(bytes.TrimSuffix(prev, []byte("日")), []byte("曜"))
		if r2, _ := utf8.DecodeLastRune(prev); isDay(r2) {
			return true
		}
	}
	return false
}

// rdLeadingCJKNumber parses the count at the start of 3天后 or 三个月前.
func rdLeadingCJKNumber(m string) (int, string, bool) {
	i := 0
	for i < len(m) {
		r, size := utf8.DecodeRuneInString(m[i:])
		if !(r >= '0' && r <= '9' || r >= '０' && r <= '９' || strings.ContainsRune("一二两兩三四五六七八九十百", r)) {
			break
		}
		i += size
	}
	if i == 0 {
		return 0, "", false
	}
	n := rdParseCJKNumber(m[:i])
	return n, m[i:], n > 0
}

func rdParseCJKNumber(s string) int {
	digits := map[rune]int{'一': 1, '二': 2, '两': 2, '兩': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9}
	n, cur := 0, 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			cur = cur*10 + int(r-'0')
		case r >= '０' && r <= '９':
			cur = cur*10 + int(r-'０')
		case r == '十':
			if cur == 0 {
				cur = 1
			}
			n += cur * 10
			cur = 0
		case r == '百':
			if cur == 0 {
				cur = 1
			}
			n += cur * 100
			cur = 0
		default:
			cur = cur*10 + digits[r]
		}
	}
	return n + cur
}

func rdRuneBefore(text []byte, i int) rune {
	if i <= 0 {
		return 0
	}
	r, _ := utf8.DecodeLastRune(text[:i])
	return r
}

// rdCJKLabel reports whether what follows a Chinese or Japanese day word
// (今日, 今天, 明日) runs, within a few characters and without a verb, into a
// label noun: 今日推荐模块 is a module, 今日のおすすめ欄 a box on a page.
func rdCJKLabel(rest []byte) bool {
	rest = bytes.TrimPrefix(rest, []byte("の"))
	for i, k := 0, 0; i < len(rest) && k <= 6; k++ {
		for _, n := range rdCJKLabelNouns {
			if k > 0 && bytes.HasPrefix(rest[i:], []byte(n)) {
				return true
			}
		}
		r, size := utf8.DecodeRune(rest[i:])
		if r < 0x3040 || strings.ContainsRune(rdCJKNotInName, r) {
			return false
		}
		for _, v := range rdCJKVerbsNotInName {
			if bytes.HasPrefix(rest[i:], []byte(v)) {
				return false
			}
		}
		i += size
	}
	return false
}

// rdPossessiveLabel reports whether "today's" or "Yesterday's" starts the
// name of a part of a product: a Capitalised word, then a label noun
// within three words ("Yesterday's Hits playlist", "the Today's Top Picks
// rail").
func rdPossessiveLabel(text []byte, e, se int) bool {
	rest := text[e:se]
	for _, p := range rdPossessives {
		if !bytes.HasPrefix(rest, []byte(p)) {
			continue
		}
		words := bytes.Fields(rest[len(p):])
		if len(words) == 0 || !rdStartsUpper(words[0]) {
			return false
		}
		for i := 1; i < len(words) && i <= 3; i++ {
			if rdLabelNoun[strings.ToLower(strings.Trim(string(words[i]), ".,;:!?)\"”"))] {
				return true
			}
		}
	}
	return false
}
