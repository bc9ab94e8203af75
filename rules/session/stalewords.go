package session

// The words stale-project-memory reads a dated statement by (see
// classify). Each is lowercase and matched as a word or a run of words:
// next to a letter of a script written with spaces it must start and end
// at a word's edge, and an entry ending in "*" is a stem, which the rest of
// a word may follow. Chinese, Japanese and Korean entries match anywhere,
// as those scripts (and Korean's particles) join words. A contributor adds
// a language by adding its words to each table.

// supersededWords mark a statement its own memory says no longer holds:
// it is kept as history, whatever else it says.
var supersededWords = []string{
	// English
	"superseded", "obsolete", "outdated", "no longer true", "no longer applies", "for the record",
	// Chinese
	"已过时", "已废弃", "已被取代", "被取代", "取代", "作废", "时点记录", "历史记录",
	// Japanese
	"廃止", "旧記録", "置き換え済",
	// Korean
	"폐기", "대체됨",
	// Russian
	"устарел*", "заменен*", "заменён*",
	// Vietnamese
	"lỗi thời", "đã thay thế",
	// French
	"obsolète", "remplacé*", "périmé*",
	// Spanish, Portuguese
	"obsoleto", "obsoleta", "reemplazad*", "substituíd*",
	// German
	"veraltet", "überholt", "ersetzt",
}

// pendingWords mark a statement about what is not done yet: planned,
// pending, under way, blocked, not yet, until. Such a statement goes stale
// whatever finished event it also records ("deployed on 2026-03-01; the
// flag stays on until the migration ends").
var pendingWords = []string{
	// English
	"pending", "todo", "to do", "to-do", "wip", "in progress", "in-progress", "under way", "underway",
	"ongoing", "not yet", "yet", "not done", "not complete", "not completed", "not finished",
	"not implemented", "not started", "not deployed", "not merged", "not released", "not fixed",
	"not committed", "not pushed", "nothing wired", "not wired", "unfinished", "incomplete",
	"blocked", "waiting", "awaiting", "on hold", "planned", "plan", "plans", "proposed", "proposal",
	"next step", "next steps", "is next", "up next", "remaining", "outstanding", "until", "till",
	"scheduled", "due", "for now", "temporarily", "temporary", "retry later",
	"follow-up", "follow up", "tbd", "roadmap",
	// Chinese
	"未完成", "未做", "未实现", "未实施", "未上线", "未部署", "未合并", "未解决", "未修复", "未开始",
	"未推送", "未提交", "未實現", "尚未", "还没", "还未", "還沒", "没有完成", "进行中",
	"计划", "計劃", "规划", "待办", "待辦", "待做",
	"待定", "待推", "待完", "待处", "待确", "待合", "待上", "待部", "待修", "待验", "待测", "待补",
	"待实", "待开", "待跟", "待解", "待发", "下一步", "暂时", "暂定", "临时", "直到", "预计",
	// Japanese
	"予定", "計画", "未実装", "未対応", "未完了", "未着手", "未解決", "未定", "対応中", "進行中",
	"作業中", "検討中", "保留", "待ち", "まだ", "次回", "残作業", "暫定", "一時的", "まで",
	// Korean
	"예정", "계획", "미완료", "미구현", "미해결", "미정", "진행 중", "진행중", "대기", "보류", "아직",
	"다음 단계", "남은", "임시", "까지",
	// Russian
	"в процессе", "в работе", "запланир*", "план", "планы", "ожида*", "пока", "ещё не", "еще не",
	"не завершен*", "не сделан*", "не готов*", "осталось", "следующ*", "временно",
	// Vietnamese
	"đang", "dự kiến", "kế hoạch", "chưa", "tạm thời", "tiếp theo", "còn lại", "đến khi",
	// French
	"en cours", "prévu*", "planifié*", "à faire", "pas encore", "reste à", "restant*",
	"prochaine étape", "prochaines étapes", "temporairement", "provisoire*", "jusqu'à", "jusqu'au",
	"en attente",
	// Spanish
	"en curso", "en progreso", "pendiente*", "previst*", "planead*", "por hacer", "todavía no",
	"aún no", "siguiente paso", "próximos pasos", "temporalmente", "hasta",
	// Portuguese
	"em andamento", "planejad*", "ainda não", "próximo passo", "temporariamente", "provisóri*",
	// German
	"in arbeit", "geplant", "offen", "ausstehend", "noch nicht", "nächste schritte",
	"nächster schritt", "vorübergehend", "vorläufig", "bis",
}

// doneWords mark a statement that records a finished event: done,
// shipped, deployed, merged, fixed, closed, ✅. A memory written on the day
// of such an event is its history, not a claim that goes stale.
var doneWords = []string{
	// English
	"done", "complete", "completed", "finished", "shipped", "deployed", "merged", "released",
	"fixed", "resolved", "closed", "landed", "published", "launched", "delivered", "went live",
	"rolled out", "implemented", "no longer", "✅", "✔", "☑", "[x]",
	// Chinese
	"完成", "已上线", "已部署", "已修复", "已合并", "已合", "已发布", "已解决", "已关闭", "已交付",
	"已实现", "已结束", "已落地", "已提交", "已删", "已上", "已修", "搞定", "完工", "解决", "不再",
	"已上線", "已修復", "已合併", "已發布", "已解決", "已關閉", "已實現", "已結束",
	// Japanese
	"完了", "済み", "解決", "解消", "終了", "リリース済", "実装済", "修正済", "対応済",
	// Korean
	"완료", "해결", "종료", "배포됨", "머지됨", "병합됨", "출시됨", "릴리스됨",
	// Russian
	"завершен*", "завершён*", "выполнен*", "сделан*", "готово", "исправлен*", "развёрнут*",
	"развернут*", "выпущен*", "закрыт*", "решен*", "решён*",
	// Vietnamese
	"hoàn thành", "hoàn tất", "đã xong", "đã triển khai", "đã sửa", "đã merge", "đã phát hành",
	"đã giải quyết", "đã đóng",
	// French
	"terminé*", "déployé*", "livré*", "corrigé*", "résolu*", "fusionné*", "publié*", "achevé*",
	// Spanish
	"completad*", "terminad*", "desplegad*", "finalizad*", "resuelt*", "corregid*", "publicad*",
	"lanzad*", "entregad*",
	// Portuguese
	"concluíd*", "implantad*", "resolvid*", "lançad*", "entregue*",
	// German
	"erledigt", "abgeschlossen", "fertig", "behoben", "veröffentlicht", "ausgerollt", "gemergt",
	"gelöst",
}

// snapshotWords mark a statement of how things stand on its date ("status
// as of 2026-07-04", "current state", "recent progress"): it goes stale
// though it records nothing pending, unless it says what it states is
// done (doneWords).
var snapshotWords = []string{
	// English
	"as of", "status", "current", "currently", "recent", "latest",
	// Chinese
	"截至", "截止", "目前", "当前", "现状", "进度", "状态", "最近", "最新",
	// Japanese
	"時点", "現在", "現状", "進捗", "状況", "ステータス",
	// Korean
	"기준", "현재", "현황", "상태", "최근", "최신",
	// Russian
	"на момент", "по состоянию на", "сейчас", "текущ*", "статус", "недавн*",
	// Vietnamese
	"tính đến", "hiện tại", "hiện nay", "trạng thái", "tiến độ", "gần đây", "mới nhất",
	// French
	"à ce jour", "en date du", "actuellement", "actuel*", "état", "statut", "récent*",
	// Spanish, Portuguese
	"a fecha de", "a día de", "hasta la fecha", "actualmente", "estado", "reciente*",
	"até o momento", "atualmente", "atual",
	// German
	"stand:", "stand vom", "aktuell*", "derzeit", "zurzeit", "momentan", "kürzlich", "neueste*",
}

// recordWords mark a statement that tells what happened on its day: what
// was written, built, found, measured or decided. Such a date can only
// have been written on that day or after, so a plan it is not; but unlike
// doneWords they say nothing about whether the work the memory describes
// is finished ("written 2026-08-07; status: proposed").
var recordWords = []string{
	// English
	"written", "wrote", "built", "created", "removed", "deleted", "renamed", "migrated",
	"upgraded", "installed", "verified", "confirmed", "measured", "found", "recorded", "settled",
	"established", "decided", "agreed", "signed off", "submitted", "approved", "refreshed",
	"observed", "noticed", "discovered", "learned", "reported", "stated",
	// Chinese
	"记录于", "实测", "发现", "确认", "决定", "拍板", "敲定", "盘点",
	// Japanese
	"記録", "実測", "計測", "確認済", "判明", "決定",
	// Korean
	"기록", "측정", "확인됨", "발견", "결정",
	// Russian
	"измерен*", "обнаружен*", "подтвержден*", "записан*", "решили",
	// Vietnamese
	"đã đo", "phát hiện", "đã xác nhận", "ghi nhận",
	// French
	"mesuré*", "constaté*", "vérifié*", "décidé*",
	// Spanish, Portuguese
	"medid*", "verificad*", "decidid*", "medido em", "constatad*",
	// German
	"gemessen", "festgestellt", "verifiziert", "entschieden",
}

// deadlineWords, found just before a date, make it a deadline: "has
// passed" then says more than "N days ago".
var deadlineWords = []string{
	"deadline", "due", "due on", "due by", "until", "till", "by", "before",
	"expires", "expires on", "expiry", "no later than", "deadline is",
	"deadline of", "deadline on",
}

// deadlineAfter are the words that follow a date to make it a deadline,
// as Chinese, Japanese and Korean put them.
var deadlineAfter = []string{"截止", "之前", "前", "まで", "까지", "마감"}

// provenanceWords, just before a date, make it the day something began
// ("added 2026-07-27") or the date of a record ("**Date:** 2026-06-17" in
// a decision record): a convention, a component or a decision does not
// decay with the day it was made, so such dates are not counted.
var provenanceWords = []string{
	"added", "added on", "added in", "created", "created on", "introduced",
	"introduced on", "since", "founded", "born", "date", "日期", "日付", "날짜",
}

// provenanceAfter are the same words as Chinese, Japanese and Korean put
// them after the date.
var provenanceAfter = []string{"생성", "추가", "도입", "创建", "新增", "引入", "作成", "追加", "導入"}
