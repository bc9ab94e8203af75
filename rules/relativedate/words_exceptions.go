package relativedate

import (
	"github.com/memlint/memlint/internal/lazyre"
)

// Tables of the exceptions: retention verbs, example and default cues,
// habits, contrasts.

var (
	rdPluralWeekday  = lazyre.New(`(?i)\b` + rdEnWeekday + `(?:s|\s+(?:mornings|afternoons|evenings|nights))\b`)
	rdRecurringAfter = lazyre.New(`(?i)\b(?:(?:each|every|per)\s+(?:other\s+)?week|(?:bi-?)?weekly|fortnightly|of\s+(?:each|every)\s+(?:week|month))\b`)
)

// What a count such as 7일 후, 30天后 or 30日後 is followed by when it is a
// retention or waiting period, not a date: 7일 후 삭제된다 (deleted after 7
// days), 30天后自动删除, 30日後に失効. rdRetentionGlue may come between.
var (
	rdKoRetention = []string{"삭제", "만료", "폐기", "파기", "소멸", "자동", "제거", "비활성", "정리", "익명", "휴면",
		"말소", "영구", "잠금", "잠긴", "초기화"}
	rdCJKRetention = []string{"删除", "刪除", "过期", "過期", "失效", "清理", "清除", "销毁", "銷毀", "作废", "作廢",
		"回收", "归档", "歸檔", "注销", "註銷", "匿名", "自动", "自動", "削除", "失効", "消去", "破棄", "期限切れ",
		"無効", "消え", "匿名化", "アーカイブ", "ロック"}
	rdRetentionGlue = []string{"에는", "에", "に", "には", "で", "即", "会", "會", "将", "將", "就", "再", "被", "可", "、", "，", ","}
)

var (
	// Words before "last Friday" that make it the last Friday of each
	// period: "monthly expiry is last Thursday".
	rdPeriodCue = rdSet("monthly", "quarterly", "yearly", "annual", "annually", "month's", "quarter's")
	// Present forms of "be", whose clause says how things are: "there is
	// no retry setting today".
	rdPresentBe = rdSet("is", "are", "isn't", "aren't", "am")
	// Words that put a clause in the past or the future.
	rdPastOrFuture = rdSet("was", "were", "wasn't", "weren't", "had", "did", "will", "won't", "'ll", "would",
		"going", "shall", "yesterday", "tomorrow")
	// Status words right before "today", which then dates the status:
	// "the gateway is down today".
	rdStatusWord = rdSet("down", "up", "out", "off", "on", "open", "shut", "live", "offline", "online", "busy",
		"away", "available", "unavailable", "late", "early", "due", "running", "starting", "ending", "happening",
		"launching", "done", "over", "ready", "green", "red", "broken", "frozen", "sick", "free", "closed", "here",
		"there", "back", "gone", "underway", "pending", "ongoing")
	// Prepositions right before "today", which make it the day of
	// something: "planned for today", "at noon today".
	rdDayPreposition = rdSet("for", "at", "by", "until", "till", "on", "from", "since", "before", "after", "as",
		"of", "to", "in", "into", "noon", "midnight", "morning", "afternoon", "evening", "tonight", "eod", "cob")
	// Words that open a noun phrase after "is": "Today x is a cron entry".
	rdNounPhraseStart = rdSet("a", "an", "the", "no", "not", "only", "one", "just", "never", "nothing", "none")
	// Prepositions of a place between "is" and "today": "verified at the
	// gateway today", "no such key in the config today".
	rdPlacePreposition = rdSet("at", "in", "on", "behind", "under", "inside", "within", "from", "for", "to", "of",
		"with", "without", "across", "outside", "through", "via", "by", "into")
	rdBe = rdSet("is", "are", "was", "were", "be", "been", "being", "'s", "’s")
	// Quantifiers that make a sentence after "Today," a generalisation.
	rdQuantifier = rdSet("most", "many", "all", "few", "every", "nobody", "everyone", "everybody", "everything",
		"nearly", "almost", "nothing", "no", "none")
	// Words before "today" that compare with how things are now.
	rdComparedWith = rdSet("than", "unlike", "versus", "vs")
	// Words before "today" that mean "to this day".
	rdStillToday = rdSet("still", "even")
	// Verbs of a state before "today": "how the cache works today".
	// Event verbs ("read", "go live", "is available") are left out.
	rdStateVerb = rdSet("works", "exists", "exist", "looks", "behaves", "behave", "sits", "stands", "stand",
		"agree", "agrees", "match", "matches", "hold", "holds")
	// Words right before "in 20 years" that make it a horizon a claim is
	// judged at: "useful in 20 years", "won't matter in 2 years".
	rdHorizonBefore = rdSet("useful", "useless", "matter", "matters", "relevant", "irrelevant", "true", "obsolete",
		"outdated", "valuable", "needed", "remembered", "forgotten")
	// Nouns for a part of a system, before "today is": "the only caller
	// today is x".
	rdRoleNoun = rdSet("caller", "callers", "consumer", "consumers", "client", "clients", "user", "users", "usage",
		"implementation", "implementations", "setup", "layout", "behaviour", "behavior", "default", "design",
		"architecture", "flow", "pipeline", "approach", "owner", "owners", "source", "sources", "limit", "state")
)

var (
	// Words before an expression that make it an example of a word, not a
	// date: "dates like tomorrow", "such as next week", "e.g. today".
	rdExampleIntro = rdSet("e.g.", "e.g", "eg", "i.e.", "i.e", "ex", "example", "examples", "sample")
	// Nouns for words and values, before "like": "dates like tomorrow".
	rdWordNoun = rdSet("dates", "words", "phrases", "expressions", "terms", "strings", "values", "inputs",
		"keywords", "queries", "names", "options", "formats", "tokens", "labels", "filters", "ranges")
	// Pronouns before "today", "tomorrow": the word used as a noun ("their
	// today starts early").
	rdPossessivePronoun = rdSet("my", "your", "his", "her", "our", "their", "its", "whose")
	// Verbs a program or a test does to the current day: "the tests mock
	// today", "parse tomorrow as a date".
	rdDateVerb = rdSet("mock", "mocks", "mocking", "stub", "stubs", "stubbing", "fake", "fakes", "faking",
		"parse", "parses", "parsing", "format", "formats", "formatting", "compute", "computes", "computing",
		"resolve", "resolves", "resolving", "treat", "treats", "treating", "interpret", "interprets")
	// Talk about the calendar itself, in whose sentence weekdays are
	// names of days: "Sunday is the first day of the week in the US
	// locale", "Saturday and Sunday are weekends".
	rdCalendarTalk = lazyre.New(`(?i)\b(?:weekends|weekdays|working\s+days|business\s+days|workdays|days?\s+of\s+(?:the\s+)?week|day-of-week|(?:first|last)\s+day\s+of\s+(?:the|a)\s+week|week\s+(?:starts|begins|ends)\s+on|(?:week)?day\s+names|names\s+of\s+(?:the\s+)?days)\b`)
)

var (
	// Words that say something happens every day.
	rdDailyCJK = []string{"每天", "每日", "毎日", "毎朝", "毎晩", "每晚", "每早", "每夜", "매일", "날마다", "定时任务", "定時任務", "日次", "日批"}
	// Chinese verbs of a program, before the day it works on.
	rdProgramVerbCJK = []string{"返回", "显示", "顯示", "获取", "獲取", "读取", "讀取", "拉取", "导出", "導出", "同步",
		"计算", "計算", "统计", "統計", "查询", "查詢", "处理", "處理", "加载", "載入", "展示", "列出", "生成"}
)

// rdHabitualCount are words that make the counts of a sentence typical
// durations: "trials convert in 14 days on average", "a typical review
// lands in a week".
var rdHabitualCount = rdSet("average", "typical", "typically", "usually", "normally", "generally", "median",
	"p50", "p90", "p95", "p99")

var rdDateOption = lazyre.New(`^(?:since|until|till|date|from|to|after|before|day|when|period|range|start|end|time|as-of|asof|at|on|d)\b`)

// rdHabitualWords, before "today", "tomorrow" or "yesterday", make the
// sentence say what usually happens, so that the day is any day: "the day
// usually happened yesterday", "you almost always run this the next
// morning, so it happened yesterday".
var rdHabitualWords = rdSet("usually", "typically", "normally", "generally", "always", "often", "mostly", "whenever")

// rdContrast matches what turns a sentence from what usually happens to
// what happened once: "we usually deploy on Mondays, but today …", 每天
// 都部署，但是昨天….
var rdContrast = lazyre.New(`(?i)\bbut\b|\bhowever\b|\bexcept\b|\bthis time\b|;|但|不过|不過|可是|却|卻|でも|しかし|けど|が、|하지만|그런데|지만|그러나`)

// rdCJKEvent matches the marks of something that happened once, in the
// clause of a day word: the perfective 了 (今天终于修好了), the Japanese past
// た, the Korean past 었다/았다/했다. Such a day is a date even in a sentence
// about what happens every day.
var rdCJKEvent = lazyre.New(`了|た[。、]|た$|ました|었다|았다|했다|였다|었습니다|했습니다`)
