package relativedate

import (
	"time"

	"github.com/memlint/memlint/internal/lazyre"
)

// Tables of the Chinese and Japanese detector: its pattern, weekday and
// offset words, and the characters that may or may not stand next to an
// expression.

const (
	rdZhNumber = `(?:[0-9０-９]{1,3}|[一二两兩三四五六七八九十百]{1,3})`
	rdZhDay    = `[一二三四五六日天]`
	rdJaDay    = `[月火水木金土日]`
)

var rdCJKRe = lazyre.New(`下下(?:个)?(?:周|星期|礼拜)` +
	`|再来週` +
	`|(?:下|上|这|這|本)(?:个|個)?(?:周|週|星期|礼拜|禮拜)(?:末|` + rdZhDay + `)?` +
	`|(?:(?:这|這|下|上)(?:个|個)月|本月)(?:底|末)?` +
	`|今天|明天|昨天|后天|前天|今晚|今早` +
	`|今年|明年|去年|来年|一昨年|昨年` +
	`|(?:今週|来週|先週)(?:末|の?` + rdJaDay + `曜日?)?` +
	`|(?:今月|来月|先月)末?` +
	`|今日|明後日|明日|一昨日|昨日|今夜|今晩` +
	`|` + rdZhNumber + ` ?(?:天|周|週|[个個]星期|个礼拜|個禮拜|[个個]月|年)(?:以[后後]|之[后後]|以前|之前|[后後前])` +
	`|` + rdZhNumber + ` ?(?:日|週間|[ヶケカか箇ヵ]月|年)(?:後|前)` +
	`|(?:周|週|星期|礼拜|禮拜)` + rdZhDay +
	`|` + rdJaDay + `曜日`)

var (
	rdZhWeekday = map[rune]time.Weekday{'一': time.Monday, '二': time.Tuesday, '三': time.Wednesday,
		'四': time.Thursday, '五': time.Friday, '六': time.Saturday, '日': time.Sunday, '天': time.Sunday}
	rdJaWeekday = map[rune]time.Weekday{'月': time.Monday, '火': time.Tuesday, '水': time.Wednesday,
		'木': time.Thursday, '金': time.Friday, '土': time.Saturday, '日': time.Sunday}
	rdCJKFixed = map[string]dateMeaning{
		"今天": {unit: rdDay}, "明天": {unit: rdDay, n: 1}, "昨天": {unit: rdDay, n: -1},
		"后天": {unit: rdDay, n: 2}, "前天": {unit: rdDay, n: -2}, "今晚": {unit: rdDay},
		"今早": {unit: rdDay}, "今年": {unit: rdYear}, "明年": {unit: rdYear, n: 1},
		"去年": {unit: rdYear, n: -1}, "来年": {unit: rdYear, n: 1}, "昨年": {unit: rdYear, n: -1},
		"一昨年": {unit: rdYear, n: -2}, "今月": {unit: rdMonth}, "来月": {unit: rdMonth, n: 1},
		"先月": {unit: rdMonth, n: -1}, "本月": {unit: rdMonth}, "这个月": {unit: rdMonth},
		"下个月": {unit: rdMonth, n: 1}, "上个月": {unit: rdMonth, n: -1}, "今日": {unit: rdDay},
		"這個月": {unit: rdMonth}, "下個月": {unit: rdMonth, n: 1}, "上個月": {unit: rdMonth, n: -1},
		"明日": {unit: rdDay, n: 1}, "昨日": {unit: rdDay, n: -1}, "明後日": {unit: rdDay, n: 2},
		"一昨日": {unit: rdDay, n: -2}, "今夜": {unit: rdDay}, "今晩": {unit: rdDay},
	}
	rdCJKWeekOffset = map[string]int{"下": 1, "上": -1, "这": 0, "這": 0, "本": 0, "今週": 0, "来週": 1, "先週": -1, "再来週": 2}
)

// Characters before a word's first character that make them one longer
// word: 说明天 (说明 + 天), 如今天 (如今 + 天), 将来月 (将来 + 月).
const (
	rdBeforeJin  = "如迄古现現当當而昨只即"
	rdBeforeMing = "说說证證透聪聰英发發表声聲简簡阐闡申标標注查失清开開高精鲜鮮分光文神黎指写寫载載讲講点點挑言澄昌辨严嚴公贤賢修圣聖阳陽晶通照松昭廉"
	rdBeforeLai  = "将將本元従从以出未到由往伝传外家古近旧舊生爾尔在如渡襲袭舶飛飞招去年后後看起归歸回过過进進带帶原向素越"
	rdBeforeXian = "優优祖最率機机行宛送届取得連连勤出旅手口筆笔鼻指爪舌穂店庭軒轩春矢切首事領领先目眼真一今相売卖仕移預预引派遣納纳転转赴訪访問问接請请争抢原"
	rdBeforeQu   = "过過失出回上下进進离離死除删減减抹撤拿送跑逝归歸飞飛走带帶搬"
	rdBeforeHou  = "先然之最背此落以其而随隨前事午身幕往今"
	rdBeforeQian = "提之以目当當事从從向往眼面跟空超先此生日年月会會饭飯睡考战戰赛賽线線午门門胸额額身上前不史阵陣台幕席期节節天"
	// Characters before 上, 下 or 本 that make a word ending in it (线上,
	// 一下, 版本): 线上周报 is "online weekly report", not "last week".
	rdBeforeShang = "线線以之晚早马馬网網世天地面往向至楼樓手头頭身路桌顶頂北加"
	rdBeforeXia   = "以之一地底南天手部乡鄉陛阁閣殿足私眼当當落剩楼樓脚腳水树樹桌床山屋云雲低往向朝留放写寫记記拿打按"
	rdBeforeBen   = "基根成资資样樣版日文剧劇课課账賬原范範副脚腳书書标標读讀话話蓝藍底血老股院画畫稿抄秘孤善刻唱台译譯珍残殘手笔筆簿一两兩三几幾每"
	// Function words and pronouns after which a prefix reads as the start
	// of a time expression even where the rest is ambiguous (上周末 after
	// 我们; 早上周会 is a morning meeting).
	rdAfterPrefixOK = "在于於从從到至自由等将將会會要的了是和与與及或把被让讓给給对對就都也还還再才又已需计計划劃算备備取迟遲止直我你他她它们們您咱家说說约約定起始截即"
	// Characters after 周 that make a word a preceding 上/下 may also
	// belong to: 上周末 (last weekend) or 早上 + 周会 (morning meeting).
	rdAfterZhouAmbiguous = "报報会會末刊例"
	// Characters after 周 that make another word: 周期, 周年, 周边.
	rdAfterZhou = "期年岁歲刊边邊围圍到全知转轉密旋游遊长長遭波率正易公朝恩"
	// Characters after 月 in 这个月/本月 that make another word: 月饼.
	rdAfterYue = "饼餅亮光球台臺票薪刊"
	// Characters after 后/前 that make another word: 后续, 前端.
	rdAfterHou  = "续續端台面者缀綴果悔遗遺勤备備盾路门門代辈輩人事患劲勁援手撤退方置记記序部卫衛腿背院边邊世宫宮妈媽"
	rdAfterQian = "后後端台面者缀綴提景途程线線方置辈輩人言任身期沿锋鋒卫衛进進往列夕科嫌瞻奏额額胸门門厅廳院排例所车車兆"
	// Characters before a bare weekday that make it a count or a
	// recurrence: 两周一次, 每周一, 一个星期.
	rdBeforeBareWeekday = "每一二两兩三四五六七八九十几幾数數半隔个個全整当當同次前该該哪首周週圆圓上下本这這那逢某多第末余餘近头頭0123456789０１２３４５６７８９"
)

// rdAfterWeekdayChar lists, per weekday character, characters after it that
// make another word: 一直, 一样; 日志, 日期; 天气.
var rdAfterWeekdayChar = map[rune]string{
	'一': "直样樣致起切般定共些点點旦边邊次遍回个個片半月年份段条條项項轮輪部声聲体體类類套种種",
	'二': "手者次遍回个個",
	'三': "次遍回个個角",
	'四': "次遍回个個",
	'五': "次遍回个個",
	'六': "次遍回个個",
	'日': "志誌期常报報程历歷记記均益子光出落夜化用语語文本系",
	'天': "气氣数數内內下上地然空",
}

// rdRecurringWordCJK matches words that make the weekdays of a sentence
// recurring: 每周, 毎週, 定例 (regular meeting), 例会, 定期.
var rdRecurringWordCJK = lazyre.New(`每|毎|隔週|隔周|定例|例会|例會|定期|例行|ごと|매주|매월|격주|정기|마다` +
	// Preferences and rules about a weekday, not one date: 用户喜欢周五下午开会,
	// 不要在周五发版, 金曜日のデプロイは避ける, 금요일 배포는 피한다.
	`|喜欢|喜歡|偏好|倾向|傾向|不要|避免|禁止|尽量|盡量|从不|從不|总是|總是|通常` +
	`|避け|好む|原則|いつも|通常|基本的|피한다|피하|피해|금지|선호|좋아|보통|항상|주로` +
	// Talk about the calendar: 一周的第一天是周一, 月曜日始まり, 平日, 工作日.
	`|工作日|平日|始まり|一周的第一天|每周的第一天|週の初め|평일|주의 첫날`)

// rdCJKNotInName are characters that cannot sit between a day word and
// the label noun of a name: verbs and function words that make the day
// the time of something done (今天上线新页面, 明天修复列表, 今日の作業でボタン).
const rdCJKNotInName = "上下修改发發加增删刪部做写寫完开開测測提合处處更重调調接迁遷替换換把将將要会會需得去来來有是在给給用的了和与與及或就都也还還再又已被让讓对對从從到" +
	"建搭装裝配跑试試搞弄交买買卖賣定订訂排" +
	"でにをはがともへや、。，"

// rdCJKVerbsNotInName are verbs whose first character also starts nouns
// of names (推出 "launch" but 推荐 "recommended").
var rdCJKVerbsNotInName = []string{"推出", "推送", "出售", "出了", "出现", "出現"}

// rdJaWeekWords are the Japanese weeks: 来週, 来週の月曜日.
var rdJaWeekWords = []string{"再来週", "今週", "来週", "先週"}

// rdZhWeekWords are the words for "week" that may come before a weekday
// after a join: 下周一和周三.
var rdZhWeekWords = []string{"周", "週", "星期", "礼拜", "禮拜"}

// rdCJKPossessives may stand between a day word and the noun it
// qualifies: 今天的, 今日の, 오늘의.
var rdCJKPossessives = []string{"的", "の", "의", "자"}

// rdCJKDateNouns are the words for "date": a day word before one is a
// program's date (今天的日期), not a day that passes.
var rdCJKDateNouns = []string{"日期", "日付", "날짜", "日时", "日時"}
