package relativedate

import (
	"time"

	"github.com/memlint/memlint/internal/lazyre"
)

// Tables of the Korean detector: its pattern, weekday and offset words,
// particles, and the nouns of compounds and labels.

const rdKoDay = `[월화수목금토일]`

var rdKoreanRe = lazyre.New(`오늘|내일|어제|모레|그저께|올해|내년|작년|지난해` +
	`|(?:이번|다음|지난)\s?(?:주말|주|달)(?:\s?` + rdKoDay + `요일)?` +
	`|[0-9]{1,3}\s?(?:일|주|개월|년)\s?(?:후|전|뒤)` +
	`|(?:일주일|하루|이틀|사흘|한\s?달|두\s?달|세\s?달)\s?(?:후|전|뒤)` +
	`|` + rdKoDay + `요일`)

var (
	rdKoWeekday = map[rune]time.Weekday{'월': time.Monday, '화': time.Tuesday, '수': time.Wednesday,
		'목': time.Thursday, '금': time.Friday, '토': time.Saturday, '일': time.Sunday}
	rdKoFixed = map[string]dateMeaning{
		"오늘": {unit: rdDay}, "내일": {unit: rdDay, n: 1}, "어제": {unit: rdDay, n: -1},
		"모레": {unit: rdDay, n: 2}, "그저께": {unit: rdDay, n: -2}, "올해": {unit: rdYear},
		"내년": {unit: rdYear, n: 1}, "작년": {unit: rdYear, n: -1}, "지난해": {unit: rdYear, n: -1},
	}
	rdKoOffset = map[string]int{"이번": 0, "다음": 1, "지난": -1}
	rdKoCount  = map[string]int{"일주일": 7, "하루": 1, "이틀": 2, "사흘": 3, "한": 1, "두": 2, "세": 3}
)

// Particles and words that may follow 주 (week) and 달 (month): 다음 주에,
// 지난달부터, 이번 주말; not 다음 주제 (next topic) or 다음 달성.
const (
	rdAfterKoWeek  = "에는은의도부까내중말동가를만와랑보엔초께쯤"
	rdAfterKoMonth = "에는은의도부까내중말동가을만와랑보엔초께쯤"
	// Endings of the word before a count that let it stand on its own:
	// "배포는 3일 후" (the release is in 3 days); "배포 3일 후" (3 days after
	// the release) counts from an event.
	rdKoParticleEnd = "은는이가도에서고"
)

var (
	rdKoRangeAfter  = lazyre.New(`^\s*(?:부터|에서|~|～|-|–|—)\s*` + rdKoDay)
	rdKoRangeBefore = lazyre.New(rdKoDay + `(?:요일)?\s*(?:부터|에서|~|～|-|–|—)\s*$`)
)

// rdKoTails are what may follow 오늘, 내일, 어제 or 올해 inside one word
// when it is the date: particles and copulas (오늘은, 내일까지, 어제였다),
// parts of the day (오늘밤, 내일오전) and time words (오늘중, 내일이후).
// Longer entries come first, so that the longest one is taken.
var rdKoTails = rdByLength("까지는", "까지도", "까지만", "까지", "부터는", "부터", "에는", "에도", "에만", "에서",
	"으로", "이나", "이랑", "처럼", "보다", "이면", "이라", "입니다", "이에요", "이었다", "였다", "이다",
	"중에", "중으로", "안에", "내로", "이후", "이전", "하루", "아침", "저녁", "오전", "오후", "새벽",
	"에", "은", "는", "이", "가", "을", "를", "도", "만", "의", "로", "과", "와", "나", "랑", "엔", "께",
	"쯤", "중", "내", "안", "밤", "낮", "자", "면", "다", "인", "일", "부", "요", "야", "만큼")

// rdKoLabelNouns name parts of a product: 오늘의 추천 카드, 어제의 인기글
// 목록 (a word that starts with one of them, particles included).
var rdKoLabelNouns = []string{"카드", "섹션", "탭", "페이지", "화면", "위젯", "메뉴", "버튼", "배너", "목록",
	"리스트", "코너", "기능", "피드", "영역", "필드", "뷰", "모듈", "알림", "추천", "랭킹", "컬렉션"}

// rdCJKLabelNouns name parts of a product or a program: 今日推荐模块,
// 今天吃什么小程序, 今日のおすすめ欄.
var rdCJKLabelNouns = rdByLength("模块", "模塊", "页面", "頁面", "板块", "栏目", "欄目", "频道", "頻道", "卡片",
	"组件", "組件", "按钮", "按鈕", "入口", "标签", "標籤", "弹窗", "列表", "榜单", "榜", "栏", "欄", "接口",
	"小程序", "插件", "专区", "專區", "专栏", "專欄", "字段", "菜单", "菜單", "模板", "视图", "視圖",
	"タブ", "画面", "ページ", "ボタン", "メニュー", "ウィジェット", "機能", "セクション", "カード", "一覧",
	"リスト", "枠", "コーナー", "項目", "フィールド", "ビュー", "モジュール")
