package relativedate

import (
	"time"

	"github.com/memlint/memlint/internal/lazyre"
)

// Tables of the English detector: its pattern, weekday and number words, and
// the words around an expression that make it a duration, a recurrence or a
// name.

const (
	rdEnWeekday = `(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)`
	rdEnNumber  = `(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+few|a\s+couple(?:\s+of)?|a)`
	rdEnUnit    = `(?:day|week|month|year)s?`
)

var rdEnglishRe = lazyre.New(`(?i)\b(?:` +
	`the\s+day\s+(?:after\s+tomorrow|before\s+yesterday)` +
	`|(?:earlier|later)\s+this\s+(?:week|month|year)` +
	`|(?:the\s+)?end\s+of\s+(?:(?:this|next|the)\s+)?(?:week|month)` +
	`|` + rdEnWeekday + `\s+(?:of\s+)?(?:this|next|last)\s+week` +
	`|(?:this|next|last)\s+(?:weekend|week|month|year|quarter|` + rdEnWeekday + `)` +
	`|this\s+(?:morning|afternoon|evening)|last\s+night` +
	`|today|tonight|tomorrow|yesterday` +
	`|in\s+(?:(?:about|around|roughly|approximately|another)\s+)?` + rdEnNumber + `\s+` + rdEnUnit +
	`|` + rdEnNumber + `\s+` + rdEnUnit + `\s+ago` +
	`|` + rdEnWeekday +
	`)\b`)

var rdWeekdayByName = map[string]time.Weekday{
	"monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
	"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday, "sunday": time.Sunday,
}

var rdNumberWords = map[string]int{
	"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
	"seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}

var (
	// Words before a bare weekday that make it generic or not a date:
	// "every Monday", "a Friday deploy", "the Monday after launch".
	rdWeekdaySkipBefore = rdSet("every", "each", "a", "an", "any", "some", "one", "which", "what", "other",
		"first", "second", "third", "fourth", "fifth", "1st", "2nd", "3rd", "4th", "5th", "patch",
		"alternate", "alternating", "the", "most", "all", "no", "whichever", "per", "on-call")
	// Words shortly before a weekday that make it recurring.
	rdRecurringCue = rdSet("every", "each", "weekly", "biweekly", "bi-weekly", "fortnightly", "usually",
		"typically", "normally", "generally", "always", "recurring", "regularly", "never", "avoid",
		"don't", "don’t", "dont", "mondays", "tuesdays",
		"wednesdays", "thursdays", "fridays", "saturdays", "sundays")
	// Words shortly before a bare weekday that make it any such day: a
	// preference ("prefers meetings on Tuesday"), a cron line.
	rdWeekdayGenericCue = rdSet("prefer", "prefers", "preferred", "preferably", "ideally", "favour", "favours",
		"favor", "favors", "whenever", "cron", "crontab")
	// Names of days that are not the next or last such weekday.
	rdHolidayPrefix = rdSet("black", "good", "cyber", "easter", "blue", "super", "ash", "holy", "maundy",
		"palm", "giving", "fat", "shrove", "whit", "plough", "mothering", "manic", "casual", "freaky",
		"throwback", "taco", "travel", "girl", "man", "bowl", "business", "election")
	// Words after a weekday that make it recurring or a name: "Monday
	// mornings", "the Monday standup", "Friday the 13th".
	rdWeekdaySkipAfter = rdSet("mornings", "afternoons", "evenings", "nights", "standup", "standups",
		"stand-up", "stand-ups", "meeting", "meetings", "sync", "syncs", "retro", "retros", "cadence",
		"schedule", "routine", "ritual", "rotation", "the", "through", "thru", "to", "till", "until",
		// what comes out on that day each week: "the Sunday tracker post"
		"tracker", "post", "posts", "report", "reports", "digest", "newsletter", "recap", "roundup",
		"check-in", "check-ins", "livestream", "stream", "episode", "edition", "batch", "run", "runs")
	// Words before "in 3 days" that make it a duration or a time to live:
	// "finished in 2 weeks", "tokens expire in 30 days", "twice in a week".
	rdDurationBefore = rdSet("done", "finished", "finish", "finishes", "complete", "completes", "built",
		"build", "builds", "written", "wrote", "write", "implemented", "shipped", "delivered", "made",
		"did", "do", "does", "doable", "possible", "feasible", "achievable", "manageable", "took", "takes",
		"take", "taking", "ran", "runs", "run", "learned", "learnt", "read", "grew", "grown", "expire",
		"expires", "expiring", "expiry", "expiration", "lapse", "lapses", "renew", "renews", "reset",
		"resets", "refresh", "refreshes", "rotate", "rotates", "purge", "purges", "delete", "deletes",
		"timeout", "valid", "decay", "decays", "close", "closes", "once", "twice", "thrice",
		"times", "it", "them", "that", "everything", "lot", "more", "much", "less", "together", "alone",
		"happen", "happens", "occur", "occurs", "propagate", "propagates", "converge", "converges",
		"settle", "settles", "heal", "heals", "recover", "recovers", "respond", "responds", "reply", "replies",
		"answer", "answers", "acknowledge", "acknowledges", "triage", "triaged", "sla", "slo", "convert", "converts")
	// Past participles that announce a future date, not a duration:
	// "needed in 2 weeks", "scheduled in 3 days".
	rdFutureParticiple = rdSet("needed", "expected", "scheduled", "planned", "required", "wanted", "slated",
		"promised", "booked", "supposed", "revisited", "reviewed", "rechecked", "reassessed",
		"reevaluated", "re-evaluated", "resumed", "continued", "released", "decided", "due")
	// Words before "in 3 days" that make it a future date whatever
	// follows: "will be done in 2 weeks".
	rdFutureCue = rdSet("will", "'ll", "shall", "going", "gonna", "due", "scheduled", "planned", "expected",
		"slated", "deadline", "launch", "launches", "release", "releases", "eta")
	// Words after "in 3 days" that make it a duration: "in 2 weeks or
	// less", "in 3 days total".
	rdDurationAfter = rdSet("or", "flat", "total", "each", "per", "apiece", "max", "maximum", "tops", "at",
		"of", "worth", "straight", "running")
	// Quantities before "in 3 days" that make it a rate: "several fixes
	// in a week".
	rdQuantity = rdSet("several", "many", "multiple", "dozens", "hundreds", "thousands", "few", "most")
	// Auxiliaries that put "in 3 days" in the past: a duration.
	rdPastAuxiliary = rdSet("was", "were", "had", "did")
	// Nouns after an expression that make it the name of a view or a
	// control: "the today view", "Next Week tab".
	rdLabelNoun = rdSet("view", "views", "tab", "tabs", "page", "button", "filter", "list", "section",
		"column", "widget", "screen", "panel", "menu", "label", "option", "mode", "feature", "shelf",
		"row", "card", "field", "sheet", "board", "folder", "category", "playlist", "bucket", "lane",
		"header", "heading", "link", "preset", "template", "extension", "app", "carousel", "rail", "banner",
		"module", "tile", "tiles", "slot", "feed", "digest", "widgets", "buttons", "filters", "sections",
		"cards", "shelves", "lists", "pages", "screens", "tabs")
	// Verbs of what a job does, just before a bare weekday: "the backup
	// runs Sunday", "the key rotates on Monday". A job's day recurs.
	rdJobVerb = rdSet("runs", "fires", "triggers", "executes", "recurs", "repeats", "rotates", "resets",
		"refreshes", "renews", "syncs")
	// Prepositions that make a weekday a date adverbial even before a
	// Capitalised word: "on Friday Alex presents".
	rdDatePreposition = rdSet("on", "by", "until", "till", "before", "after", "since", "from", "next", "this", "last")
	// Words before an expression that make it a name: "a flag named
	// tomorrow", "the shelf called Recently Added".
	// "Called" only introduces a Capitalised name: "the client called
	// today" is a date.
	rdNameIntro = rdSet("named", "titled", "labelled", "labeled", "dubbed", "entitled")
	// Words before "end of the week" that make it a deadline.
	rdDeadlineWord = rdSet("by", "before", "until", "till", "through", "thru")
)

var (
	// Words before "of today" that keep it a date: "as of today", "the
	// end of today".
	rdOfDay = rdSet("as", "end", "rest", "morning", "afternoon", "evening", "night", "start", "beginning")
	// Words ending in s that are not plural nouns.
	rdVerbS = rdSet("is", "was", "has", "does", "this", "its", "his", "thus", "always", "plus", "as", "us")
	// Verbs that describe what a program does with "today's" data.
	rdProgramVerb = rdSet("show", "shows", "showing", "display", "displays", "load", "loads", "loading",
		"fetch", "fetches", "return", "returns", "list", "lists", "compute", "computes", "send", "sends",
		"export", "exports", "import", "imports", "pull", "pulls", "include", "includes", "read", "reads",
		"write", "writes", "sync", "syncs", "filter", "filters", "check", "checks", "render", "renders",
		"get", "gets", "build", "builds", "generate", "generates", "process", "processes", "aggregate",
		"aggregates", "query", "queries", "select", "selects", "count", "counts", "highlight",
		"highlights", "use", "uses", "using", "compare", "compares", "for")
	// Nouns after "today's" that make it figurative or generic.
	rdGenericNoun = rdSet("world", "market", "markets", "standards", "standard", "age", "society", "era",
		"economy", "landscape", "technology", "tools", "developers", "web", "internet", "generation",
		"date", "hardware", "software", "models", "browsers", "users", "youth", "children", "kids")
)

var (
	rdWeekdayRangeAfter  = lazyre.New(`(?i)^\s*(?:-|–|—|~|to|through|thru|till|until)\s*(?:mon|tue|wed|thu|fri|sat|sun)`)
	rdWeekdayRangeBefore = lazyre.New(`(?i)(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*(?:-|–|—|~|to|through|thru|till|until|from)\s*$`)
)

var rdScheduleLabel = lazyre.New(`(?im)^[ \t>]*(?:[-*+][ \t]+|\d+[.)][ \t]+|\|[ \t]*|#{1,6}[ \t]+)?(?:\*\*|__)?(` + rdEnWeekday + `)s?(?:\*\*|__)?[ \t]*(?::|\||—|–|-[ \t]|\r?$)`)

// rdPossessives follow a day word that labels something: "Monday's rail".
var rdPossessives = []string{"'s ", "’s "}
