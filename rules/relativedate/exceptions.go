package relativedate

import (
	"bytes"
	"strings"
)

// What makes an expression found in any language not a date of the memory:
// recurring days, retention periods, examples, defaults, habits, names.

// rdRecurringSentence reports whether the sentence around a bare weekday
// makes it recurring: another weekday in the plural ("planning on
// Mondays, review by Tuesday"), or, in the same clause after it, "each
// week", "every week", "weekly" ("invoices are due Tuesday each week").
func rdRecurringSentence(text []byte, ss, s, e, se int) bool {
	if rdPluralWeekday.Match(text[ss:s]) || rdPluralWeekday.Match(text[e:se]) {
		return true
	}
	clause := text[e:se]
	if i := bytes.IndexAny(clause, ",;:()"); i >= 0 {
		clause = clause[:i]
	}
	return rdRecurringAfter.Match(clause)
}

// rdRetention reports whether rest, what follows a count, starts with a
// retention verb, after spaces and glue, or names what is kept and then
// the verb within three words: 7일 후 문의 항목 자동 익명화.
func rdRetention(rest []byte, verbs []string) bool {
	rest = bytes.TrimLeft(rest, " ")
	for _, g := range rdRetentionGlue {
		if bytes.HasPrefix(rest, []byte(g)) {
			rest = bytes.TrimLeft(rest[len(g):], " ")
			break
		}
	}
	for w := 0; w < 4 && len(rest) > 0; w++ {
		for _, v := range verbs {
			if bytes.HasPrefix(rest, []byte(v)) {
				return true
			}
		}
		i := bytes.IndexAny(rest, " ,.;:，。、")
		if i < 0 || rest[i] != ' ' {
			return false // the clause ends
		}
		rest = bytes.TrimLeft(rest[i:], " ")
	}
	return false
}

// rdTodayMeansCurrently reports whether "today" says how things are, not
// on which day something happened: "(today: scripts/x.py)", "faster than
// today", "as it works today", "still today", "the only caller today is
// x". Such a sentence describes the state the memory was written in, as
// every sentence of a memory does, and a date would add nothing a reader
// needs. "Today" that dates an event or a status ("deployed today", "the
// demo is today", "blocked today") is still reported.
func rdTodayMeansCurrently(text []byte, ss, s, e, se int, prev, next []string) bool {
	prev0, prev2 := rdAt(prev, 0), rdAt(prev, 2)
	switch {
	case e < len(text) && text[e] == ':' && (rdRuneBefore(text, s) == '(' || !atSentenceStart(text[ss:s])):
		return true // "the callers (today: a and b)"
	case rdComparedWith[prev0], rdStillToday[prev0]:
		return true // "slower than today", "even today"
	case rdStateVerb[prev0], (prev0 == "is" || prev0 == "are") && prev2 == "as":
		return true // "how it works today", "as it is today"
	case prev0 == "running" && !rdBe[rdAt(prev, 1)]:
		return true // "the sync layer running today"; not "the migration is running today"
	case rdRoleNoun[prev0] && (rdAt(next, 0) == "is" || rdAt(next, 0) == "are"):
		return true // "the only consumer today is x"
	case atSentenceStart(text[ss:s]) && bytes.HasPrefix(text[e:], []byte(", ")) && rdQuantifier[rdFirstWord(text[e+2:])]:
		return true // "Today, most users sign in with Google": nowadays
	}
	return rdTodayInPresentState(text, ss, s, e, se)
}

// rdTodayInPresentState reports "today" in a clause that says how things
// are, in the present tense of "be": "Today `x` is a cron entry that only
// logs", "there is no retry setting in the config today", "signatures are
// verified at the gateway today". After a leading "Today", "be" must lead
// into a noun phrase ("is a", "are the", "is no"); before a closing
// "today", a place must come between "be" and "today" ("at the gateway",
// "in the config"). Not a state: what "be" says (the demo is today, it's
// today), a status or a participle (the gateway is down today, the service
// is inert today, the fix is deployed today, Today the build is broken), a
// time or a preposition (at 3pm today, planned for today), a clause with a
// past or a future ("was", "will").
func rdTodayInPresentState(text []byte, ss, s, e, se int) bool {
	if atSentenceStart(text[ss:s]) {
		after := rdClauseWords(text[e:se], 8)
		for i := 1; i+1 < len(after); i++ {
			if rdPastOrFuture[after[i]] {
				return false
			}
			if rdPresentBe[after[i]] {
				return rdNounPhraseStart[after[i+1]]
			}
		}
		return false
	}
	prev := rdWordsBefore(text, ss, s, 8)
	if len(prev) == 0 || rdPresentBe[prev[0]] || rdNotStateBeforeToday(prev[0]) {
		return false
	}
	place := false
	for _, w := range prev[1:] {
		switch {
		case rdPastOrFuture[w]:
			return false
		case rdPresentBe[w]:
			return place
		case rdPlacePreposition[w]:
			place = true
		}
	}
	return false
}

// rdNotStateBeforeToday reports whether w, the word next to "today", makes
// it the date of an event or a status: a status word, a participle, a
// time, a preposition, or a contracted "is" (it's today).
func rdNotStateBeforeToday(w string) bool {
	return rdStatusWord[w] || rdDayPreposition[w] || strings.HasSuffix(w, "ed") ||
		strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "’s") || strings.ContainsAny(w, "0123456789")
}

// rdClauseWords returns up to n lowercased words of text up to the end of
// its clause, without the punctuation and Markdown around them.
func rdClauseWords(text []byte, n int) []string {
	text = rdClauseAfter(text)
	if i := bytes.IndexAny(text, ":()"); i >= 0 {
		text = text[:i]
	}
	var out []string
	for _, f := range strings.Fields(strings.ToLower(string(text[:min(len(text), 200)]))) {
		if w := strings.Trim(f, "*_`()[]\"“”‘’.!?"); w != "" && len(out) < n {
			out = append(out, w)
		}
	}
	return out
}

// rdFirstWord returns the first word of text, lowercased.
func rdFirstWord(text []byte) string {
	f := bytes.Fields(text[:min(len(text), 40)])
	if len(f) == 0 {
		return ""
	}
	return strings.ToLower(string(f[0]))
}

// rdExample reports whether the words before an expression introduce an
// example: "like" after a plural noun ("dates like tomorrow"), "such as",
// "e.g.".
func rdExample(prev []string) bool {
	prev = rdPastCoordination(prev)
	prev0, prev1 := rdAt(prev, 0), rdAt(prev, 1)
	switch {
	case rdExampleIntro[prev0]:
		return true
	case prev0 == "as" && prev1 == "such":
		return true
	case prev0 == "like" && rdWordNoun[prev1]:
		return true // "phrases like next week"; not "users like today's build"
	}
	return false
}

// rdDefaultValue reports whether an expression is the value of a default
// ("the default range is last month", "defaults to today").
func rdDefaultValue(prev []string) bool {
	p0 := rdAt(prev, 0)
	if p0 != "is" && p0 != "to" && p0 != "of" {
		return false
	}
	for i := 1; i < len(prev) && i <= 3; i++ {
		if prev[i] == "default" || prev[i] == "defaults" {
			return true
		}
	}
	return false
}

// rdCJKGenericDay reports whether 今天, 昨日 or 어제 is the day a program
// works on, not a date of the memory: "today's date" (今天的日期, 今日の日付,
// 오늘 날짜), a day in a sentence about what runs every day (每天凌晨跑昨天的
// 数据, 昨日のデータを毎朝集計する, 매일 어제 데이터를 집계한다), or the object
// of a program's verb (接口返回今天的汇率).
func rdCJKGenericDay(text []byte, ss, s, e, se int) bool {
	rest := bytes.TrimLeft(text[e:se], " ")
	for _, p := range rdCJKPossessives {
		if bytes.HasPrefix(rest, []byte(p)) {
			rest = bytes.TrimLeft(rest[len(p):], " ")
			break
		}
	}
	for _, n := range rdCJKDateNouns {
		if bytes.HasPrefix(rest, []byte(n)) {
			return true
		}
	}
	// The cue is looked for in the sentence first: cutting the clause
	// costs more, and most sentences have no cue.
	if rdContainsAny(text[ss:se], rdDailyCJK) && rdContainsAny(rdClause(text[ss:s], text[e:se]), rdDailyCJK) &&
		!rdCJKEvent.Match(rdClauseAfter(text[e:se])) {
		return true
	}
	before := text[ss:s]
	for _, v := range rdProgramVerbCJK {
		if bytes.HasSuffix(before, []byte(v)) {
			return true
		}
	}
	return false
}

// rdPolicyDue reports "invoices are due in 30 days": a plural subject
// that is due, a term of payment or a rule, not one deadline.
func rdPolicyDue(prev []string) bool {
	if rdAt(prev, 0) != "due" {
		return false
	}
	subject := rdAt(prev, 1)
	if subject == "are" || subject == "is" {
		subject = rdAt(prev, 2)
	}
	return len(subject) > 3 && strings.HasSuffix(subject, "s") && !rdVerbS[subject]
}

// rdWeekdayInName reports whether a weekday starts a name: the next word
// is Capitalised and is no month, time zone or abbreviation ("the Sunday
// Times", "Friday Night Lights"; not "Friday March 5", "Monday EOD").
func rdWeekdayInName(text []byte, e, se int) bool {
	rest := text[e:se]
	if len(rest) < 2 || rest[0] != ' ' {
		return false
	}
	f := bytes.Fields(rest)
	if len(f) == 0 {
		return false
	}
	w := bytes.TrimRight(f[0], ".,;:!?)")
	if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' || bytes.ToUpper(w)[1] == w[1] {
		return false // not Capitalised, or ALL CAPS (EOD, PST, AM)
	}
	return !rdAnchorMonth.Match(bytes.ToLower(w)) && rdWeekdayByName[strings.ToLower(string(w))] == 0 &&
		strings.ToLower(string(w)) != "sunday"
}

// rdPastCoordination skips, in the words before the second expression of
// "today or tomorrow" or "tomorrow or next week", the first one and the
// conjunction: what comes before them governs both ("dates like tomorrow
// or next week", "instead of today or tomorrow").
func rdPastCoordination(prev []string) []string {
	if p := rdAt(prev, 0); p != "or" && p != "and" {
		return prev
	}
	rest := prev[1:]
	for len(rest) > 1 && (rdWords[rest[0]] == dwDate || rdWords[rest[0]] == dwUnit || rdWords[rest[0]] == dwModifier) {
		rest = rest[1:]
	}
	if len(rest) == len(prev)-1 {
		return prev // no expression before the conjunction
	}
	return rest
}

// rdFlag reports whether w is a command-line option ("--since", "-d"),
// whose argument the expression is: a value a program reads.
func rdFlag(w string) bool {
	rest := strings.TrimPrefix(strings.TrimPrefix(w, "-"), "-")
	if len(rest) == len(w) || len(rest) == 0 || !rdLetter(rest[0]) {
		return false
	}
	// Only an option that takes a date: "--dry-run today" is a date.
	return rdDateOption.MatchString(rest)
}

// rdHasWord reports whether text has a word of set, compared in lower
// case. It reads ASCII words only, as the English scanner does.
func rdHasWord(text []byte, set map[string]bool) bool {
	var word [16]byte
	n := 0
	for i := 0; i <= len(text); i++ {
		var c byte
		if i < len(text) {
			c = rdASCIILetter[text[i]]
		}
		if c != 0 || i < len(text) && (text[i] == '-' || '0' <= text[i] && text[i] <= '9') && n > 0 {
			if c == 0 {
				c = text[i]
			}
			if n < len(word) {
				word[n] = c
			}
			n++
			continue
		}
		if n > 0 && n <= len(word) && set[string(word[:n])] {
			return true
		}
		n = 0
	}
	return false
}

// rdContainsAny reports whether text contains one of words.
func rdContainsAny(text []byte, words []string) bool {
	for _, w := range words {
		if bytes.Contains(text, []byte(w)) {
			return true
		}
	}
	return false
}

// rdMayTalkCalendar is the cheap test before rdCalendarTalk: every phrase
// it matches has "week" or "days" or "day" before "names" in it.
func rdMayTalkCalendar(text []byte) bool {
	return rdContainsFold(text, "week") || rdContainsFold(text, "days") || rdContainsFold(text, "names")
}

// rdContainsFold reports whether text contains the lowercase ASCII word w
// in any case.
func rdContainsFold(text []byte, w string) bool {
	for i := 0; i+len(w) <= len(text); i++ {
		if text[i]|0x20 != w[0] {
			continue
		}
		j := 1
		for j < len(w) && text[i+j]|0x20 == w[j] {
			j++
		}
		if j == len(w) {
			return true
		}
	}
	return false
}

// rdClauseAfter returns what follows an expression up to the end of its
// clause.
func rdClauseAfter(after []byte) []byte {
	if i := bytes.IndexAny(after, ",;，；、"); i >= 0 {
		return after[:i]
	}
	return after
}

// rdClause returns the text around an expression up to the nearest
// contrast on either side: before is the sentence before it, after the
// sentence after it.
func rdClause(before, after []byte) []byte {
	if locs := rdContrast.FindAllIndex(before, -1); len(locs) > 0 {
		before = before[locs[len(locs)-1][1]:]
	}
	if loc := rdContrast.FindIndex(after); loc != nil {
		after = after[:loc[0]]
	}
	out := make([]byte, 0, len(before)+1+len(after))
	out = append(out, before...)
	out = append(out, ' ')
	return append(out, after...)
}

// rdPossessiveNoun reports "the user's today starts early": a possessive
// noun after an article, with the sentence going on, which makes the day
// a noun. "It's today" and "the demo's tomorrow." are contractions of
// "is" and stay dates.
func rdPossessiveNoun(prev, next []string) bool {
	p0 := rdAt(prev, 0)
	if len(next) == 0 || !strings.HasSuffix(p0, "'s") && !strings.HasSuffix(p0, "’s") {
		return false
	}
	switch rdAt(prev, 1) {
	case "the", "a", "an", "our", "my", "your", "their", "his", "her", "its", "each", "every":
		return true
	}
	return false
}
