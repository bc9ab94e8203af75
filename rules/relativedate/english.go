package relativedate

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The English detector.

// english classifies and filters an English match.
func (t *rdText) english(s, e, ss, se int) (int, int, dateMeaning, bool) {
	text := t.text
	words := strings.Fields(strings.ToLower(string(text[s:e])))
	m, ok := rdClassifyEnglish(words)
	if !ok || rdInIdentifier(text, s, e) {
		return s, e, m, false
	}
	if rdCapitalisedLabel(text, ss, s, e, se) {
		return s, e, m, false
	}
	prev := rdWordsBefore(text, ss, s, 4)
	next := rdWordsAfter(text, e, se, 2)
	prev0, next0 := rdAt(prev, 0), rdAt(next, 0)
	if rdLabelNoun[next0] || rdNameIntro[prev0] || prev0 == "called" && rdStartsUpper(text[s:e]) ||
		rdPossessiveLabel(text, e, se) ||
		rdExample(prev) || rdFlag(prev0) || rdDefaultValue(prev) {
		return s, e, m, false
	}
	_, firstIsWeekday := rdWeekdayByName[words[0]]
	switch {
	case len(words) == 1 && (words[0] == "today" || words[0] == "tomorrow" || words[0] == "yesterday"):
		if rdGenericDay(text, e, prev) || rdGenericDay(text, e, rdPastCoordination(prev)) {
			return s, e, m, false
		}
		if words[0] == "today" && rdTodayMeansCurrently(text, ss, s, e, se, prev, next) ||
			rdHasWord(text[ss:s], rdHabitualWords) && rdHasWord(rdClause(text[ss:s], nil), rdHabitualWords) ||
			rdPossessivePronoun[prev0] || rdDateVerb[prev0] || rdPossessiveNoun(prev, next) {
			return s, e, m, false
		}
	case len(words) == 1 && firstIsWeekday:
		if rdWeekdaySkipBefore[prev0] || rdHolidayPrefix[prev0] || rdWeekdaySkipAfter[next0] ||
			!rdDatePreposition[prev0] && rdWeekdayInName(text, e, se) ||
			rdAnyIn(prev, rdRecurringCue) || (rdAnyIn(prev, rdWeekdayGenericCue) && !rdDeadlineWord[prev0]) || rdWeekdayRange(text, ss, s, e, se) ||
			rdJobVerb[prev0] || prev0 == "on" && rdJobVerb[rdAt(prev, 1)] ||
			rdRecurringSentence(text, ss, s, e, se) || rdMayTalkCalendar(text[ss:se]) && rdCalendarTalk.Match(text[ss:se]) ||
			t.inSchedule(s, e) {
			return s, e, m, false
		}
	case firstIsWeekday: // "Monday next week"
		if rdAnyIn(prev, rdRecurringCue) || prev0 == "the" {
			return s, e, m, false
		}
	case words[0] == "this" || words[0] == "next" || words[0] == "last":
		// "the last week of March", "the next year" (a rolling window),
		// "every last Friday"; "monthly expiry is last Thursday": the last
		// Thursday of each month ("the monthly report was due last
		// Thursday" is a date).
		_, weekday := rdWeekdayByName[words[1]]
		if prev0 == "the" || next0 == "of" || rdAnyIn(prev, rdRecurringCue) ||
			words[0] == "last" && weekday && rdAnyIn(prev, rdPeriodCue) && !rdAnyIn(prev, rdPastOrFuture) {
			return s, e, m, false
		}
	case words[0] == "in":
		// "due in 30 days from the invoice date": counted from an event.
		fromEvent := (next0 == "from" || next0 == "after") && rdAt(next, 1) != "now" && rdAt(next, 1) != "today"
		// "useful in 20 years", "won't matter in 2 years": a horizon a
		// claim is judged at, not a date.
		horizon := rdHorizonBefore[prev0] || rdHorizonBefore[rdAt(prev, 1)] && rdAt(prev, 0) == "still"
		if rdInDuration(prev, next) || rdPolicyDue(prev) || rdHasWord(text[ss:se], rdHabitualCount) || fromEvent || horizon {
			return s, e, m, false
		}
	case words[0] == "end" || (words[0] == "the" && words[1] == "end"):
		// "end of the month" is often a recurring time ("invoices go out
		// at the end of the month"); only a deadline is a date.
		if !rdHas(words, "this") && !rdHas(words, "next") && !rdDeadlineWord[prev0] {
			return s, e, m, false
		}
	}
	return s, e, m, true
}

func rdAt(words []string, i int) string {
	if i < len(words) {
		return words[i]
	}
	return ""
}

func rdAnyIn(words []string, set map[string]bool) bool {
	for _, w := range words {
		if set[w] {
			return true
		}
	}
	return false
}

// rdClassifyEnglish turns the lowercased words of a match into a meaning.
func rdClassifyEnglish(w []string) (dateMeaning, bool) {
	offset := map[string]int{"this": 0, "next": 1, "last": -1}
	switch w[0] {
	case "today", "tonight":
		return dateMeaning{unit: rdDay}, true
	case "tomorrow":
		return dateMeaning{unit: rdDay, n: 1}, true
	case "yesterday":
		return dateMeaning{unit: rdDay, n: -1}, true
	case "earlier", "later":
		return rdUnitMeaning(w[2], 0), true
	case "end", "the":
		if w[0] == "the" && w[1] == "day" {
			if w[2] == "after" {
				return dateMeaning{unit: rdDay, n: 2}, true
			}
			return dateMeaning{unit: rdDay, n: -2}, true
		}
		n := 0
		if rdHas(w, "next") {
			n = 1
		}
		if w[len(w)-1] == "month" {
			return dateMeaning{unit: rdEndOfMonth, n: n}, true
		}
		return dateMeaning{unit: rdEndOfWeek, n: n}, true
	case "this", "next", "last":
		n := offset[w[0]]
		switch x := w[1]; x {
		case "weekend":
			return dateMeaning{unit: rdWeekend, n: n}, true
		case "morning", "afternoon", "evening":
			return dateMeaning{unit: rdDay}, true
		case "night":
			return dateMeaning{unit: rdDay, n: -1}, true
		case "week", "month", "year", "quarter":
			return rdUnitMeaning(x, n), true
		default:
			wd := rdWeekdayByName[x]
			switch w[0] {
			case "this":
				return dateMeaning{unit: rdThisWeekday, wd: wd}, true
			case "next":
				return dateMeaning{unit: rdNextWeekday, wd: wd}, true
			}
			return dateMeaning{unit: rdLastWeekday, wd: wd}, true
		}
	case "in":
		rest := w[1:]
		switch rest[0] {
		case "about", "around", "roughly", "approximately", "another":
			rest = rest[1:]
		}
		n, vague, rest, ok := rdParseNumber(rest)
		if !ok || len(rest) == 0 {
			return dateMeaning{}, false
		}
		m := rdCountMeaning(rest[0], n)
		m.vague = m.vague || vague
		return m, true
	}
	if wd, ok := rdWeekdayByName[w[0]]; ok {
		if len(w) == 1 {
			return dateMeaning{unit: rdNearWeekday, wd: wd}, true
		}
		return dateMeaning{unit: rdWeekdayOfWeek, wd: wd, n: offset[w[len(w)-2]]}, true
	}
	n, vague, rest, ok := rdParseNumber(w)
	if !ok || len(rest) < 2 {
		return dateMeaning{}, false
	}
	m := rdCountMeaning(rest[0], -n)
	m.vague = m.vague || vague
	return m, true
}

// rdUnitMeaning is "this/next/last <unit>".
func rdUnitMeaning(unit string, n int) dateMeaning {
	switch unit {
	case "week":
		return dateMeaning{unit: rdWeek, n: n}
	case "month":
		return dateMeaning{unit: rdMonth, n: n}
	case "quarter":
		return dateMeaning{unit: rdQuarter, n: n}
	}
	return dateMeaning{unit: rdYear, n: n}
}

// rdCountMeaning is "in n <unit>s" (n > 0) or "n <unit>s ago" (n < 0).
func rdCountMeaning(unit string, n int) dateMeaning {
	switch strings.TrimSuffix(unit, "s") {
	case "week":
		return dateMeaning{unit: rdDay, n: 7 * n}
	case "month":
		return dateMeaning{unit: rdMonth, n: n}
	case "year":
		return dateMeaning{unit: rdYear, n: n}
	}
	return dateMeaning{unit: rdDay, n: n}
}

// rdParseNumber reads a count: digits, a number word, "a", "a few",
// "a couple (of)".
func rdParseNumber(w []string) (n int, vague bool, rest []string, ok bool) {
	if len(w) == 0 {
		return 0, false, nil, false
	}
	if len(w) > 1 && w[0] == "a" && w[1] == "few" {
		return 3, true, w[2:], true
	}
	if len(w) > 1 && w[0] == "a" && w[1] == "couple" {
		rest = w[2:]
		if len(rest) > 0 && rest[0] == "of" {
			rest = rest[1:]
		}
		return 2, true, rest, true
	}
	if v, ok := rdNumberWords[w[0]]; ok {
		return v, false, w[1:], true
	}
	v, err := strconv.Atoi(w[0])
	if err != nil || v == 0 {
		return 0, false, nil, false
	}
	return v, false, w[1:], true
}

// rdGenericDay reports whether today, tomorrow or yesterday is not a
// date of the memory: figurative ("the tools of tomorrow", "today's
// world"), or what a program does every day ("the cron checks tomorrow's
// loads", "shows tasks due today", "uses today's date").
func rdGenericDay(text []byte, e int, prev []string) bool {
	prev0, prev1 := rdAt(prev, 0), rdAt(prev, 1)
	if prev0 == "of" && !rdOfDay[prev1] {
		return true
	}
	if prev0 == "due" && strings.HasSuffix(prev1, "s") && !rdVerbS[prev1] {
		return true // "tasks due today"
	}
	rest := text[e:]
	if !bytes.HasPrefix(rest, []byte("'s ")) && !bytes.HasPrefix(rest, []byte("’s ")) {
		return false
	}
	if rdProgramVerb[prev0] {
		return true
	}
	next := strings.Fields(strings.ToLower(string(rest[bytes.IndexByte(rest, ' '):min(len(rest), 64)])))
	return len(next) > 0 && rdGenericNoun[strings.Trim(next[0], ".,;:!?)")]
}

// rdInDuration reports whether "in N units" is a duration rather than a
// date: what precedes says the work took or takes that long, or counts
// what happened in that time ("three instances in one day").
func rdInDuration(prev, next []string) bool {
	if rdAnyIn(prev, rdFutureCue) {
		return false
	}
	for i, p := range prev {
		if i == 3 {
			break
		}
		if n, err := strconv.Atoi(p); err == nil && n > 0 || rdNumberWords[p] > 0 && p != "a" && p != "an" ||
			rdQuantity[p] {
			return true
		}
	}
	if rdDurationAfter[rdAt(next, 0)] && !(rdAt(next, 0) == "or" && rdAt(next, 1) == "so") {
		return true
	}
	if rdAt(prev, 0) == "out" && strings.HasPrefix(rdAt(prev, 1), "time") {
		return true // "times out in 30 days"
	}
	for i, p := range prev {
		if i == 3 {
			break
		}
		if rdDurationBefore[p] || rdPastAuxiliary[p] || (strings.HasSuffix(p, "ed") && !rdFutureParticiple[p]) {
			return true
		}
	}
	return false
}

// rdWeekdayRange reports whether a weekday is one end of a range of days
// ("Monday–Friday", "Mon to Fri"): a recurring span, not a date.
func rdWeekdayRange(text []byte, ss, s, e, se int) bool {
	return rdWeekdayRangeAfter.Match(text[e:se]) || rdWeekdayRangeBefore.Match(text[ss:s])
}

// rdInIdentifier reports whether a match is part of a file name, an
// identifier, a URL or a query: today.md, due:tomorrow, monday.com,
// next_week, today().
func rdInIdentifier(text []byte, s, e int) bool {
	if s > 0 {
		r, size := utf8.DecodeLastRune(text[:s])
		switch r {
		case '/', '@', '#', '$', '\\', '=', '<', '{':
			return true
		case '_', '-', '.', ':':
			if s-size > 0 {
				if r2, _ := utf8.DecodeLastRune(text[:s-size]); rdAlnum(r2) {
					return true
				}
			}
		}
	}
	if e < len(text) {
		r, size := utf8.DecodeRune(text[e:])
		switch r {
		case '(', '@', '=', '>', '}':
			return true
		case '_', '-', '.', '/', ':':
			if e+size < len(text) {
				if r2, _ := utf8.DecodeRune(text[e+size:]); rdAlnum(r2) {
					return true
				}
			}
		}
	}
	return false
}

func rdAlnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// rdCapitalisedLabel reports whether an English expression is a name or a
// label: its normally-lowercase words are Capitalised in mid-sentence ("the
// Next Week view", "Recently Added"). Weekday names are always capitalised
// and do not count.
func rdCapitalisedLabel(text []byte, ss, s, e, se int) bool {
	words := 0
	for _, w := range bytes.Fields(text[s:e]) {
		if !rdLetter(w[0]) {
			continue
		}
		if _, ok := rdWeekdayByName[strings.ToLower(string(w))]; ok {
			continue
		}
		if w[0] < 'A' || w[0] > 'Z' {
			return false
		}
		words++
	}
	if words == 0 {
		return false
	}
	if !atSentenceStart(text[ss:s]) {
		return true
	}
	// At the start of a sentence capitals say nothing, unless the words
	// after continue a title ("Today I Learned") or a list of labels
	// ("Yesterday, Today, Blockers").
	next := bytes.FieldsFunc(text[e:se], func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == '/' })
	if len(next) == 0 || !rdStartsUpper(next[0]) {
		return false
	}
	if c := rdWords[strings.ToLower(string(bytes.TrimRight(next[0], ".:;!?")))]; c == dwDate || c == dwUnit {
		return true
	}
	return len(next) > 1 && rdStartsUpper(next[1]) && !bytes.ContainsAny(text[e:e+1], ",")
}

func rdStartsUpper(w []byte) bool {
	r, _ := utf8.DecodeRune(w)
	return unicode.IsUpper(r)
}

// atSentenceStart reports whether what precedes an expression in its
// sentence is only markup and punctuation, a table cell boundary, or a
// short label ending in a colon ("**Why:**", "Status:").
func atSentenceStart(prefix []byte) bool {
	if i := bytes.LastIndexByte(prefix, '|'); i >= 0 {
		prefix = prefix[i+1:]
	}
	p := bytes.TrimRight(prefix, " \t\r\n*_")
	if len(p) > 0 && p[len(p)-1] == ':' {
		words := 0
		for _, f := range bytes.Fields(p) {
			if bytes.IndexFunc(f, unicode.IsLetter) >= 0 {
				words++
			}
		}
		return words <= 3
	}
	return bytes.IndexFunc(prefix, unicode.IsLetter) < 0
}

// rdWordsBefore returns up to n lowercased words before text[s] within the
// sentence starting at ss, nearest first.
func rdWordsBefore(text []byte, ss, s, n int) []string {
	fields := strings.Fields(strings.ToLower(string(text[ss:s])))
	out := make([]string, 0, n)
	for i := len(fields) - 1; i >= 0 && len(out) < n; i-- {
		w := strings.Trim(fields[i], "*_()[]\"“”‘’,;:")
		if w == "" {
			break
		}
		out = append(out, w)
		if w != fields[i] && strings.ContainsAny(fields[i][len(fields[i])-1:], ",;:") {
			break // a clause boundary
		}
	}
	return out
}

// rdWordsAfter returns up to n lowercased words after text[e] within the
// sentence ending at se.
func rdWordsAfter(text []byte, e, se, n int) []string {
	rest := text[e:se]
	if len(rest) > 0 && !rdSpace(rest[0]) {
		return nil // "Friday," or "today's": punctuation ends the phrase
	}
	fields := strings.Fields(strings.ToLower(string(rest)))
	out := make([]string, 0, n)
	for _, f := range fields {
		w := strings.Trim(f, "*_()[]\"“”‘’,;:.!?")
		if w == "" || len(out) == n {
			break
		}
		out = append(out, w)
		if w != strings.TrimLeft(f, "*_([\"“‘") {
			break
		}
	}
	return out
}

// rdWeeklySchedule reports whether a body lays out a weekly schedule: at
// least two different weekdays used as labels ("- Monday: gym", "Tuesday —
// swim", "| Friday | rest |", "## Thursday"). Its weekdays are recurring
// days, not dates.
func rdWeeklySchedule(body []byte) bool {
	var first string
	for _, loc := range rdScheduleLabel.FindAllSubmatchIndex(body, -1) {
		day := strings.ToLower(string(body[loc[2]:loc[3]]))
		if first == "" {
			first = day
		} else if day != first {
			return true
		}
	}
	return false
}
