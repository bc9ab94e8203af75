package structure

import (
	"bytes"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// The shape of a project memory. Claude Code's Why / How to apply layout
// is for a decision or a fact a later conversation acts on. A project
// memory that is an inventory (of files, services, positions), a plan
// (phases, milestones, next steps), a status board (✅, blocked, in
// progress) or the summary of a session records something else, and
// asking it for a reason and a scope is advice that does not fit: the
// rule leaves such memories alone. (A session summary is
// ephemeral-content's business.)

// Marks of a status board, a plan or a session summary, in the headings,
// list items and table rows of a memory. Words and phrases are compared as
// cues are (cues.go): whole words, in lower case.
var (
	statusMarks = []string{"✅", "❌", "✔", "✓", "✗", "☑", "☐", "⏳", "🚧", "🔴", "🟢", "🟡", "🟠", "⚠", "🔄", "⬜", "[x]", "[ ]"}
	shapeWords  = []cueLanguage{
		{lang: "en", words: []string{
			// status
			"done", "wip", "todo", "to do", "in progress", "blocked", "pending", "completed", "complete",
			"shipped", "merged", "deployed", "fixed", "resolved", "not started", "status", "live",
			"implemented", "verified", "open questions", "known issues", "remaining", "submitted", "approved",
			"rejected", "reviewed", "in review", "landed", "released", "started", "finished", "ongoing",
			"on hold", "cancelled", "canceled", "postponed", "deferred", "not yet", "as of", "retry",
			// plans
			"phase", "step", "milestone", "milestones", "roadmap", "sprint", "stage", "next steps",
			"next step", "plan", "backlog", "goals", "deliverables", "timeline", "deadline", "priorities",
			// sessions
			"session", "what was done", "what changed", "changes made", "accomplished", "handoff", "recap",
			"summary", "progress", "current state", "state", "snapshot",
		}},
		{lang: "fr", words: []string{"terminé", "fait", "en cours", "bloqué", "à faire", "étape", "phase", "état", "prochaines étapes", "statut"}},
		{lang: "es", words: []string{"hecho", "terminado", "en progreso", "en curso", "bloqueado", "pendiente", "fase", "paso", "estado", "próximos pasos"}},
		{lang: "pt", words: []string{"feito", "concluído", "em andamento", "bloqueado", "pendente", "fase", "etapa", "estado", "próximos passos"}},
		{lang: "de", words: []string{"erledigt", "fertig", "in arbeit", "blockiert", "offen", "phase", "schritt", "stand", "nächste schritte"}},
		{lang: "ru", words: []string{"готово", "сделано", "в работе", "заблокировано", "этап", "фаза", "шаг", "статус", "состояние", "следующие шаги"}},
		{lang: "vi", words: []string{"xong", "hoàn thành", "đang làm", "bị chặn", "giai đoạn", "bước", "trạng thái"}},
		{lang: "zh", fragments: []string{"完成", "进行中", "進行中", "待办", "待辦", "阻塞", "阶段", "階段", "里程碑", "计划", "計劃", "状态", "狀態", "进度", "進度", "会话", "會話", "下一步", "总结", "總結"}},
		{lang: "ja", fragments: []string{"完了", "対応中", "未着手", "済み", "フェーズ", "段階", "ステップ", "計画", "状態", "進捗", "セッション", "次の"}},
		{lang: "ko", fragments: []string{"완료", "진행 중", "진행중", "대기", "보류", "단계", "마일스톤", "계획", "상태", "현황", "세션", "다음 작업"}},
	}
)

// shapeIndex finds shapeWords; every hit counts as a mark (givesReason is
// only the bit the index is built with).
var shapeIndex = compileCues(shapeWords, nil, nil)

// Thresholds of the shapes, measured in lines outside code.
const (
	// An inventory has at least this many headings, list items and table
	// rows, and at least twice as many of them as lines of prose.
	inventoryMinItems = 4
	// A status board, a plan or a session summary has marks in at least
	// this many of its headings, items and rows.
	recordMinMarks = 2
)

// notADecision reports whether a project memory's body is an inventory, a
// plan, a status board or a session summary rather than a decision.
func notADecision(f *memory.File) bool {
	md := f.Body()
	if md == nil {
		return false
	}
	structured, prose, marked := 0, 0, 0
	var norm []byte
	for _, b := range md.Blocks {
		if b.Kind != markdown.BlockParagraph && b.Kind != markdown.BlockHeading {
			continue
		}
		for line := range bytes.Lines(f.Src[b.Start:b.End]) {
			line = bytes.TrimSpace(line)
			if len(line) == 0 {
				continue
			}
			item := b.Kind == markdown.BlockHeading || b.Container == markdown.InListItem || line[0] == '|' || fieldLine(line)
			if !item {
				prose++
				continue
			}
			structured++
			if hasStatusMark(line) {
				marked++
				continue
			}
			norm = normaliseWords(norm[:0], line)
			if shapeIndex.find(norm, givesReason) != 0 {
				marked++
			}
		}
	}
	return marked >= recordMinMarks || structured >= inventoryMinItems && structured >= 2*prose
}

// fieldLine reports whether a line is a bold field and its value, the way
// status boards and inventories are written without lists: "**Owner:**
// platform team", "**Status**: blocked".
func fieldLine(line []byte) bool {
	if !bytes.HasPrefix(line, []byte("**")) && !bytes.HasPrefix(line, []byte("__")) {
		return false
	}
	end := bytes.Index(line[2:], line[:2])
	if end < 0 {
		return false
	}
	inner := bytes.TrimSpace(line[2 : 2+end])
	after := line[2+end+2:]
	return len(inner) > 0 && len(inner) <= 60 && (bytes.HasSuffix(inner, []byte(":")) || bytes.HasPrefix(after, []byte(":")))
}

// hasStatusMark reports whether a line holds one of statusMarks.
func hasStatusMark(line []byte) bool {
	for _, m := range statusMarks {
		if bytes.Contains(line, []byte(m)) {
			return true
		}
	}
	return false
}

// proseMinSentences is how many sentences of running prose (paragraphs
// outside lists, tables and code) make a memory one that explains itself:
// its reason and its scope are in there in words no table lists, and a
// finding asking for them would be wrong more often than right.
const proseMinSentences = 6

// explainsItself reports whether a memory's body holds proseMinSentences
// sentences of running prose.
func explainsItself(f *memory.File) bool {
	md := f.Body()
	if md == nil {
		return false
	}
	n := 0
	for _, b := range md.Blocks {
		if b.Kind != markdown.BlockParagraph || b.Container == markdown.InListItem {
			continue
		}
		n += sentences(f.Src[b.Start:b.End])
		if n >= proseMinSentences {
			return true
		}
	}
	return false
}

// sentences counts the sentence ends in a paragraph outside its table
// rows: a full stop, a question or an exclamation mark before a space or
// the end of a line, or their full-width forms anywhere. A paragraph that
// runs on to its end without one counts one more when it ends in a letter
// ("The cache is warm by noon"), not when it ends a label ("Steps:").
func sentences(para []byte) int {
	n := 0
	var last rune
	for line := range bytes.Lines(para) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '|' {
			continue
		}
		for i := 0; i < len(line); i++ {
			switch line[i] {
			case '.', '!', '?':
				if i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t' {
					n++
				}
			case 0xe3, 0xef: // "。" is E3 80 82; "！" EF BC 81, "？" EF BC 9F
				if i+2 < len(line) && (line[i] == 0xe3 && line[i+1] == 0x80 && line[i+2] == 0x82 ||
					line[i] == 0xef && line[i+1] == 0xbc && (line[i+2] == 0x81 || line[i+2] == 0x9f)) {
					n++
				}
			}
		}
		last, _ = utf8.DecodeLastRune(line)
	}
	if unicode.IsLetter(last) {
		n++
	}
	return n
}
