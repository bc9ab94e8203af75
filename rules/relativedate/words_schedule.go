package relativedate

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// Tables of a recurring-schedule context: the words that make the
// weekdays of a line, of a list or of a section recurring days, not dates
// ("Sprint planning meeting: Mondays at 9:30" over "- Draft goals due end
// of Tuesday"; "## Weekly support rota" over "Ana covers Thursday").
// "Schedule" is not one of them: it is a verb as often as a noun
// ("schedule reviews before Thursday"). Extend them to teach memlint a
// language; rdScheduleContext needs no change.

var (
	// rdScheduleWords are whole words and phrases, compared in lower case.
	rdScheduleWords = []string{
		// English
		"weekly", "biweekly", "bi-weekly", "fortnightly", "daily", "nightly", "monthly", "cadence", "cadences",
		"routine", "routines", "ritual", "rituals", "rota", "rotas", "rotation",
		"rotations", "on-call", "oncall", "standup", "standups", "stand-up", "stand-ups", "recurring",
		"timetable", "rhythm", "office hours", "once a week", "twice a week", "times a week",
		"mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays",
		// French
		"chaque semaine", "toutes les semaines", "hebdomadaire", "hebdo", "astreinte", "les lundis", "les mardis",
		"les mercredis", "les jeudis", "les vendredis", "tous les lundis", "tous les vendredis",
		// Spanish
		"cada semana", "todas las semanas", "semanal", "semanalmente", "guardia", "los lunes", "los viernes",
		// Portuguese
		"toda semana", "todas as semanas", "plantão",
		// German
		"jede woche", "jeder woche", "wöchentlich", "rufbereitschaft", "montags", "dienstags", "mittwochs",
		"donnerstags", "freitags",
		// Russian
		"каждую неделю", "еженедельно", "еженедельный", "еженедельная", "дежурство", "по понедельникам",
		"по вторникам", "по средам", "по четвергам", "по пятницам",
		// Vietnamese
		"hàng tuần", "mỗi tuần", "lịch trực",
	}
	// rdEveryWords and rdEveryUnits make a phrase of the table each: "every
	// day", "each sprint", "per week", "every Friday".
	rdEveryWords = []string{"every", "each", "per"}
	rdEveryUnits = []string{"day", "days", "week", "weeks", "weekday", "weekdays", "morning", "evening", "night",
		"month", "sprint", "iteration", "cycle", "release", "monday", "tuesday", "wednesday", "thursday",
		"friday", "saturday", "sunday"}
	// rdScheduleFragments are matched anywhere: scripts written without
	// spaces, and Korean words that take particles.
	rdScheduleFragments = []string{
		"每周", "每週", "每星期", "每个星期", "每個星期", "每礼拜", "每禮拜", "周会", "週會", "例会", "例會", "值班",
		"轮值", "輪值", "双周", "雙週", "隔周", "每天", "每日", "日程表", "时间表", "時間表", // Chinese
		"毎週", "隔週", "定例", "週次", "当番", "毎日", "スケジュール", // Japanese
		"매주", "격주", "정기", "주간 회의", "당번", "당직", "매일", "일정표", // Korean
	}
)

// rdSchedulePhrases is rdScheduleWords with the every-phrases, lowercased.
var rdSchedulePhrases = func() [][]byte {
	var out [][]byte
	for _, w := range rdScheduleWords {
		out = append(out, bytes.ToLower([]byte(w)))
	}
	for _, e := range rdEveryWords {
		for _, u := range rdEveryUnits {
			out = append(out, []byte(e+" "+u))
		}
	}
	return out
}()

// rdScheduleContext reports whether text, a line, a list or a heading,
// sets a recurring schedule: one of the words or phrases of the tables, as
// whole words, or one of the fragments.
func rdScheduleContext(text []byte) bool {
	for _, f := range rdScheduleFragments {
		if bytes.Contains(text, []byte(f)) {
			return true
		}
	}
	lower := bytes.ToLower(text)
	for _, p := range rdSchedulePhrases {
		for off := 0; off < len(lower); {
			i := bytes.Index(lower[off:], p)
			if i < 0 {
				break
			}
			start, end := off+i, off+i+len(p)
			if !rdWordRuneBefore(lower, start) && !rdWordRuneAt(lower, end) {
				return true
			}
			off = start + 1
		}
	}
	return false
}

// rdWordRuneBefore reports whether a letter or digit ends text[:i].
func rdWordRuneBefore(text []byte, i int) bool {
	r, _ := utf8.DecodeLastRune(text[:i])
	return i > 0 && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// rdWordRuneAt reports whether a letter or digit starts text[i:].
func rdWordRuneAt(text []byte, i int) bool {
	r, _ := utf8.DecodeRune(text[i:])
	return i < len(text) && (unicode.IsLetter(r) || unicode.IsDigit(r))
}
