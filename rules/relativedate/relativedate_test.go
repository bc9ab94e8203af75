package relativedate

import (
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// rdBodyDates returns the relative date expressions checkBody finds in a
// Markdown body, joined by "|".
func rdBodyDates(src string) string {
	b := []byte(src)
	lines := markdown.NewLineIndex(b)
	md, err := markdown.ParseMarkdown(b, 0, lines)
	if err != nil {
		return "error: " + err.Error()
	}
	f := &memory.File{Src: b, Lines: lines}
	f.SetBody(md)
	var out []string
	rdCheckBody(f, rdScanners, func(s, e int, m dateMeaning) { out = append(out, string(b[s:e])) })
	return strings.Join(out, "|")
}

func TestRelativeDateFinds(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		// English
		{"The demo is tomorrow.", "tomorrow"},
		{"We ship next Thursday.", "next Thursday"},
		{"Deploy next week, then tell QA.", "next week"},
		{"Budget was cut last month.", "last month"},
		{"Revisit in 3 days.", "in 3 days"},
		{"It broke 2 weeks ago.", "2 weeks ago"},
		{"It broke a few days ago.", "a few days ago"},
		{"Follow up in a couple of weeks.", "in a couple of weeks"},
		{"The migration will be done in two weeks.", "in two weeks"},
		{"Ask again the day after tomorrow.", "the day after tomorrow"},
		{"Staging died the day before yesterday.", "the day before yesterday"},
		{"Freeze starts end of next week.", "end of next week"},
		{"Finish by the end of the month.", "the end of the month"},
		{"We saw it earlier this week.", "earlier this week"},
		{"Legal signs off on Friday.", "Friday"},
		{"Monday next week is the cutover.", "Monday next week"},
		{"The office is closed this weekend.", "this weekend"},
		{"Found this morning: the cache is stale.", "this morning"},
		{"Goal for this quarter: ship billing.", "this quarter"},
		{"Tomorrow we cut the release.", "Tomorrow"},
		{"**Why:** Yesterday the deploy failed twice.", "Yesterday"},
		{"- today: the export runs nightly", "today"},
		{"Ship the fix next\nweek.", "next\nweek"},
		{"## Plan for tomorrow", "tomorrow"},
		{"| auth | blocked until next week |", "next week"},
		{"Effective as of today, all merges need review.", "today"},
		{"Yesterday's deploy broke checkout.", "Yesterday"},
		{"- She offered to call today or tomorrow", "today|tomorrow"},
		{"Interview Monday 10:30 AM EDT", "Monday"},
		{"The cert will expire in 30 days.", "in 30 days"},
		{"Code freeze in 2 weeks.", "in 2 weeks"},
		// Chinese
		{"下周四发布新版本。", "下周四"},
		{"我们下周上线。", "下周"},
		{"上个月预算被砍了。", "上个月"},
		{"今天修好了缓存。", "今天"},
		{"三天后再检查一次。", "三天后"},
		{"本周一直在忙迁移。", "本周"},
		{"这周末加班，下个月底交付。", "这周末|下个月底"},
		{"支付模块下周四上线。", "下周四"},
		{"我们上周末断电了。", "上周末"},
		{"支付模組下週四上線，這個月底前驗收，兩週後複查。", "下週四|這個月底|兩週後"},
		{"周三开评审会。", "周三"},
		{"明天之前提交。", "明天"},
		{"我们 3 天前卡住了。", "3 天前"},
		// Japanese
		{"来週の月曜にリリースする。", "来週の月曜"},
		{"明日までに直す。", "明日"},
		{"先月の障害の続き。", "先月"},
		{"今週末に対応、来月末に締め。", "今週末|来月末"},
		{"3日後に再確認する。", "3日後"},
		{"金曜日にデモがある。", "金曜日"},
		// Korean
		{"다음 주 월요일에 배포한다.", "다음 주 월요일"},
		{"오늘은 배포하지 않는다.", "오늘"},
		{"내일까지 고친다.", "내일"},
		{"지난달 장애가 있었다.", "지난달"},
		{"배포는 3일 후에 한다.", "3일 후"},
		{"금요일에 데모가 있다.", "금요일"},
		{"이번 주에 끝낸다.", "이번 주"},
		{"지난 주말에 장애가 있었다.", "지난 주말"},
		{"2주 후에 다시 본다. 일주일 전에 장애.", "2주 후|일주일 전"},
		// near misses of the compounds, schedules, retention periods and
		// "today" meaning "currently" left alone below
		{"오늘밤 배포하고 내일까지는 고친다.", "오늘|내일"},
		{"올해의 목표는 안정화다.", "올해"},
		{"장애는 어제였다.", "어제"},
		{"오늘의 배포는 취소되었다.", "오늘"},
		{"3일 후에 다시 확인한다.", "3일 후"},
		{"今天上线新页面，明天发布新功能。", "今天|明天"},
		{"30天后再复查。", "30天后"},
		{"今日の作業でボタンを直した。", "今日"},
		{"Tomorrow's release includes the billing fix.", "Tomorrow"},
		{"We flipped the flag today.", "today"},
		// A schedule on the line makes its weekdays recurring; on the
		// next line it does not.
		{"The review is Tuesday; standups are every Monday.", ""},
		{"Standups are every Monday.\nThe review is Tuesday.", "Tuesday"},
		{"The migration happens Monday.", "Monday"},
		{"The demo is today. Deployed today, verify tomorrow.", "today|today|tomorrow"},
		{"**Status:** blocked today on QA.", "today"},
		{"**Update:**\n\nShe will call tomorrow.", "tomorrow"},
		{"**Update 2026-03-25:**\n\n## Next\n\nCall tomorrow.", "tomorrow"},
		{"- **Update 2026-03-25:**\n- call tomorrow", "tomorrow"},
		{"In today's session we moved the parser; earlier today the user asked for a rollback.", "today|today"},
		{"The report is due in 3 days.", "in 3 days"},
		{"Follow up in 3 days from now.", "in 3 days"},
		{"The user wants dates like that by Friday.", "Friday"},
		{"The default changed last month.", "last month"},
		{"Call today or tomorrow.", "today|tomorrow"},
		{"Friday EOD is the cutoff.", "Friday"},
		{"下周一的周会取消。", "下周一"},
		{"Le client veut une démo next week.", "next week"},
		{"Today, the deploy failed.", "Today"},
		{"Usually we deploy on Mondays. Yesterday the deploy failed.", "Yesterday"},
		{"The fix was deployed today.", "today"},
		{"The queue cron is planned for next week; the daily job ships 明天.", "next week|明天"},
		{"The user prefers to ship next week.", "next week"},
		{"It's today. The demo's tomorrow.", "today|tomorrow"},
		{"We go live today; the user read today that the promo is available today.", "today|today|today"},
		{"The migration is running today. We'd like today's build tested.", "today|today"},
		{"The client called today. Users like today's build.", "today|today"},
		{"Ship the locale fix on Friday. Friday is my first day.", "Friday|Friday"},
		{"On Friday Alex presents the demo.", "Friday"},
		{"The user prefers we ship by Friday.", "Friday"},
		{"Run the migration with --dry-run today.", "today"},
		{"每天都有人问，今天终于修好了。毎日更新するが、今日は止める。", "今天|今日"},
		{"今天推出小程序。", "今天"},
		{"We usually deploy on Mondays, but today we skipped it.", "today"},
		{"我们每天都部署，但是昨天没有部署。", "昨天"},
		{"Yesterday the deploy failed, as it usually does.", "Yesterday"},
		// "Today" in a clause that says how things are; and the same
		// words dating a status or an event.
		{"Today `x` is a cron entry that only logs.", ""},
		{"There is no retry key in the worker config today.", ""},
		{"Signatures are verified at the gateway today; the API is not.", ""},
		{"Today the build is broken.", "Today"},
		{"The service is inert today.", "today"},
		{"The call is at 3pm today.", "today"},
		{"There was no retry key in the config today.", "today"},
		// A horizon, and a date in the same words.
		{"Keep knowledge that is useful in 20 years.", ""},
		{"It won't matter in 2 years.", ""},
		{"The lease on the office ends in 2 years.", "in 2 years"},
		{"Two copies that agree today drift apart.", ""},
		// The last such weekday of a period, and a past date.
		{"- Futures roll monthly: expiry is last Thursday.", ""},
		{"The monthly report was due last Thursday.", "last Thursday"},
	} {
		if got := rdBodyDates(tc.src); got != tc.want {
			t.Errorf("%q: found %q, want %q", tc.src, got, tc.want)
		}
	}
}

func TestRelativeDateLeavesAlone(t *testing.T) {
	for _, src := range []string{
		// code, links, comments
		"Run `deploy --when tomorrow` first.",
		"```\nnext week\n```",
		"See [the plan](docs/next-week.md).",
		"See [[today]] for notes.",
		"<!-- tomorrow -->",
		"Open today.md and monday.com, call today(), set due:tomorrow.",
		// absolute date in the same sentence
		"We ship next Thursday (2026-03-05).",
		"Tomorrow, March 5, is the cutover.",
		"Next month (2026-04) the budget resets.",
		"Next month, in April, the budget resets.",
		"Last year (2025) we moved to Postgres.",
		"Today's date is 2026-04-19.",
		"下周四（3月5日）发布。",
		"다음 주 월요일(3월 5일)에 배포한다.",
		"| 2026-05-15 | done today |",
		"## 2026-03-05\n\nDeployed the fix today.",
		"- 2026-03-05\n  - deployed the fix today",
		// recurring
		"Standups every Monday and Thursday.",
		"Each Friday we cut a release.",
		"Reports go out on Mondays.",
		"Office hours Monday–Friday, Mon-Fri otherwise.",
		"Support runs Monday to Friday.",
		"A weekly sync on Thursday.",
		"Deploys freeze on Friday afternoons... on Friday evenings.",
		"We usually deploy on Tuesday.",
		"每周一开会。",
		"一周一次，两周三天。",
		"周一至周五值班。",
		"毎週月曜に定例。",
		"月曜日から金曜日まで稼働。",
		"매주 월요일 회의.",
		"월요일부터 금요일까지 근무.",
		// durations and times to live
		"The rewrite took 3 days.",
		"We finished in 2 weeks.",
		"Reply within 3 days.",
		"A sprint is 2 weeks long.",
		"Tokens expire in 30 days.",
		"It happens twice in a week.",
		"Built in 3 days or less.",
		"Three instances in one day, each green for the wrong reason.",
		"We shipped 3 features in 2 weeks.",
		"Deploys happen in a day once approved.",
		// names and labels
		"The Recently Added shelf and the Next Week view.",
		"Click the \"Today\" tab.",
		"Black Friday traffic, Good Friday, Cyber Monday.",
		"A Friday deploy is risky.",
		"The Monday standup moved.",
		"Mon, Tue, Wed and Fri are abbreviations.",
		"the last week of March; the next year of work",
		"at the end of the month invoices go out",
		"「明日」ボタンを押す。",
		"Users see \"Updated 3 days ago\" under each item.",
		"They said \"we ship. Then in 5 years we audit...\" and left.",
		"Today I Learned: maps are unordered.",
		// generic or figurative days
		"The nightly cron checks tomorrow's loads.",
		"The dashboard shows tasks due today; the script uses today's date.",
		"Build the tools of tomorrow. In today's market, speed wins.",
		// schedules
		"- Monday: gym\n- Tuesday: swim\n- Friday: rest",
		"Monday — planning\nTuesday — reviews\n\nMonday is the only day for submissions.",
		// CJK substrings
		"本周期的任务、下周期计划、成本月报。",
		"说明天数、提前天数、如今天下。",
		"先天后天，后天性。",
		"오늘날의 기술, 다음 주제, 다음 주소, 그 다음 주에.",
		"안내일정을 확인한다.",
		"배포 3일 후 장애가 났다.",
		"上线3天后出现问题。",
		"リリースの3日後に障害。",
		"3月3日前に提出。",
		"线上周报，看一下周报。",
		"早上周会讨论了这个问题。",
		"明日之星项目，今日头条的接口，今日では一般的。",
		"月曜日と木曜日に定例。",
		"週一回の定例、週二回のレビュー。先只提醒兩週。",
		"어제오늘 일이 아니다. 이번 달성 목표.",
		// compounds and names (Korean, Chinese, Japanese, English)
		"오늘의발견 섹션과 오늘의집 API, 내일배움카드 결제.",
		"오늘의 추천 카드가 메인에 뜨고 어제의 인기글 목록은 캐시된다.",
		"今日推荐模块由推荐组维护，今天吃什么小程序的后端。",
		"今日のおすすめ欄はキャッシュされる。",
		"The Today's Picks carousel and the Yesterday's Hits playlist.",
		"A flag named tomorrow, a shelf called Today.",
		// schedules
		"Sprint planning on Mondays, review by Tuesday.",
		"Invoices are due Tuesday each week; the backup job runs Sunday at 02:00.",
		"The API key rotates on Monday.",
		"매주 금요일 배포, 목요일 코드 프리즈.",
		// retention and waiting periods
		"7일 후 삭제된다. 탈퇴하면 30일 후에 데이터가 삭제된다. 7일 후 문의 항목 자동 익명화.",
		"30天后自动删除，数据将在30天后删除。",
		"作成から30日後に削除される。ログは30日後に自動削除。",
		// "today" meaning "currently"
		"any code that reads exports (today: `scripts/x.py`) must cope",
		"The only consumer today is `scripts/export.py`; as it works today, the cache is per-process.",
		"It is slower than today's baseline and still today the default.",
		"Today, most users sign in with Google.",
		"The date defaults to the run date, but the day usually happened yesterday.",
		"Export layer running today; the Sunday tracker post goes to #general.",
		"Cron: Sunday 02:00 UTC.",
		// examples, option lists, defaults, arguments and values
		"Natural-language dates like tomorrow or next week are parsed by chrono.",
		"Write absolute dates instead of today or tomorrow, such as 2026-03-05.",
		"Filter options: today, this week, this month. The picker offers Today / Yesterday / Last month.",
		"The chart's default range is last month; the end date defaults to today.",
		"Run journalctl --since yesterday to see the logs.",
		"The tests mock today as a fixed date; their today starts early in UTC+9.",
		// the calendar itself, preferences, rules and named days
		"Sunday is the first day of the week in the US locale; Saturday and Sunday are weekends.",
		"The user prefers meetings on Tuesday or Wednesday afternoons; prefer Monday for migrations.",
		"Releases happen on the second Tuesday of the month; Patch Tuesday updates are automatic.",
		"The Sunday Times API and Friday Night Lights are names.",
		"用户喜欢周五下午开会，不要在周五发版。金曜日のデプロイは避ける。금요일 배포는 피한다.",
		"日历默认一周的第一天是周一。カレンダーは月曜日始まり。",
		// what a program does each day, in Chinese, Japanese and Korean
		"每天凌晨跑昨天的数据。接口返回今天的汇率。今天的日期由服务器返回。",
		"昨日のデータを毎朝集計する。今日の日付はサーバーから取得する。",
		"매일 어제 데이터를 집계한다. 오늘 날짜는 서버에서 받는다.",
		// terms and typical durations
		"Invoices are due in 30 days; payment is due in 30 days from the invoice date.",
		"The SLA is to respond in 2 days. Trials convert in 14 days on average.",
		"A typical review takes 2 days; merges land in a week.",
		// a bold label with a date heads what follows it
		"**Update 2026-03-25 — the funnel is live:**\n\n- She offered to call today or tomorrow.",
	} {
		if got := rdBodyDates(src); got != "" {
			t.Errorf("%q: found %q, want nothing", src, got)
		}
	}
}

func TestRelativeDateResolve(t *testing.T) {
	base := time.Date(2026, 9, 12, 0, 0, 0, 0, time.UTC) // a Saturday
	for _, tc := range []struct {
		m        dateMeaning
		abs, alt string
	}{
		{dateMeaning{unit: rdDay, n: 1}, "2026-09-13", ""},
		{dateMeaning{unit: rdDay, n: -14}, "2026-08-29", ""},
		{dateMeaning{unit: rdDay, n: -3, vague: true}, "around 2026-09-09", ""},
		{dateMeaning{unit: rdWeek, n: 1}, "the week of 2026-09-14", ""},
		{dateMeaning{unit: rdWeek}, "the week of 2026-09-07", ""},
		{dateMeaning{unit: rdNextWeekday, wd: time.Thursday}, "2026-09-17", ""},
		{dateMeaning{unit: rdThisWeekday, wd: time.Saturday}, "2026-09-12", ""},
		{dateMeaning{unit: rdLastWeekday, wd: time.Saturday}, "2026-09-05", ""},
		{dateMeaning{unit: rdNearWeekday, wd: time.Thursday}, "2026-09-17", "2026-09-10 if it meant the Thursday before"},
		{dateMeaning{unit: rdWeekdayOfWeek, n: 1, wd: time.Monday}, "2026-09-14", ""},
		{dateMeaning{unit: rdWeekdayOfWeek, n: 0, wd: time.Sunday}, "2026-09-13", ""},
		{dateMeaning{unit: rdWeekend}, "the weekend of 2026-09-12", ""},
		{dateMeaning{unit: rdWeekend, n: 1}, "the weekend of 2026-09-19", ""},
		{dateMeaning{unit: rdEndOfWeek, n: 1}, "2026-09-18", ""},
		{dateMeaning{unit: rdMonth, n: -1}, "2026-08", ""},
		{dateMeaning{unit: rdMonth, n: 4}, "2027-01", ""},
		{dateMeaning{unit: rdEndOfMonth, n: 1}, "2026-10-31", ""},
		{dateMeaning{unit: rdQuarter, n: 2}, "2027-Q1", ""},
		{dateMeaning{unit: rdQuarter, n: -3}, "2025-Q4", ""},
		{dateMeaning{unit: rdYear, n: -1}, "2025", ""},
	} {
		abs, alt := tc.m.resolve(base)
		if abs != tc.abs || alt != tc.alt {
			t.Errorf("%+v: got %q, %q; want %q, %q", tc.m, abs, alt, tc.abs, tc.alt)
		}
	}
	// On a Monday, "next Thursday" may mean either Thursday.
	monday := time.Date(2026, 9, 14, 0, 0, 0, 0, time.UTC)
	abs, alt := dateMeaning{unit: rdNextWeekday, wd: time.Thursday}.resolve(monday)
	if abs != "2026-09-17" || !strings.HasPrefix(alt, "2026-09-24") {
		t.Errorf("next Thursday from a Monday: got %q, %q", abs, alt)
	}
}

// FuzzRelativeDate checks that no input makes the scanners panic or report
// a span outside the text.
func FuzzRelativeDate(f *testing.F) {
	for _, seed := range []string{"next week", "下周四，3天后", "다음 주 월요일", "来週の月曜", "\xff\xfetoday", "in a couple of", "end of", "|\n- today",
		"- Planning: Mondays\n  - goals due Tuesday", "## 每周例会\n周三", "Today `x` is a cron", "monthly expiry is last Friday"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		b := []byte(src)
		lines := markdown.NewLineIndex(b)
		md, err := markdown.ParseMarkdown(b, 0, lines)
		if err != nil {
			return
		}
		file := &memory.File{Src: b, Lines: lines}
		file.SetBody(md)
		rdCheckBody(file, rdScanners, func(s, e int, m dateMeaning) {
			if s < 0 || e > len(b) || s > e {
				t.Fatalf("span %d..%d outside %d bytes", s, e, len(b))
			}
			m.resolve(time.Date(2026, 9, 12, 0, 0, 0, 0, time.UTC))
		})
	})
}

// TestRelativeDateCap checks that a file full of relative dates lists the
// first rdMaxFindings and then says how many more there are.
func TestRelativeDateCap(t *testing.T) {
	body := strings.Repeat("Ship the next fix tomorrow.\n\n", 150)
	fsys := fstest.MapFS{
		"MEMORY.md":       {Data: []byte("- [Plan](project_plan.md) — the plan\n")},
		"project_plan.md": {Data: []byte("---\nname: plan\ndescription: the release plan for the billing service\ntype: project\n---\n\n" + body)},
	}
	reg, err := lint.NewRegistry(Rule)
	if err != nil {
		t.Fatal(err)
	}
	l := &lint.Linter{Setup: lint.Setup{Registry: reg, Only: []string{Rule.ID}}}
	res, err := l.Lint(fsys, []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != rdMaxFindings+1 {
		t.Fatalf("got %d findings, want %d", len(res.Diagnostics), rdMaxFindings+1)
	}
	if last := res.Diagnostics[0]; last.Start.Line != 0 || !strings.Contains(last.Message, "50 more relative dates") {
		t.Errorf("file-level finding: got %+v", last)
	}
}

// TestScheduleContext checks the schedule tables in each language they
// hold, and words that look like a schedule and are not.
func TestScheduleContext(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Sprint planning meeting: Mondays at 9:30", true},
		{"## Weekly support rota", true},
		{"Release rotation: one engineer each sprint", true},
		{"On-call hand-over", true},
		{"Standups every day at 9:15", true},
		{"Demo twice a week", true},
		{"## 每周例会", true},
		{"毎週の定例", true},
		{"매주 회의", true},
		{"Réunion chaque semaine", true},
		{"Reunión cada semana", true},
		{"Reunião toda semana", true},
		{"Jede Woche ein Treffen", true},
		{"Созвон каждую неделю", true},
		{"Họp hàng tuần", true},
		{"The review is Monday", false},
		{"Check every commit", false},
		{"Each file has a header", false},
		{"The sprint review", false},
		{"Scheduled downtime", false},
		{"Schedule reviews before Thursday", false},
		{"Mondaysomething", false},
	} {
		if got := rdScheduleContext([]byte(c.text)); got != c.want {
			t.Errorf("rdScheduleContext(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
