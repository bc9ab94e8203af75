package session

import (
	"bytes"
	"strings"
	"testing"
)

// TestClassify reads dated sentences in the languages of real memory.
func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		sentence string
		want     statementKind
	}{
		{"Measured on 2026-03-02 with the staging profiler", statementRecorded},
		{"Written 2026-03-02 from outside the team", statementRecorded},
		{"基线实测（2026-03-02）", statementRecorded},
		{"Sidebar links reorganised on 2026-03-02", statementNeutral},
		{"Closed 2026-03-02 by reading two files", statementDone},
		{"Issue 412 COMPLETE (2026-03-02)", statementDone},
		{"✅ 2026-03-02 rollout", statementDone},
		{"Deployed on 2026-03-02; the flag must stay on until the migration ends", statementPending},
		{"Status as of 2026-03-02: BON-2 is NOT done", statementPending},
		{"Status as of 2026-03-02:", statementSnapshot},
		{"Phase 1 is complete as of 2026-03-02", statementDone},
		{"Offer terms (SUPERSEDED 2026-03-02): $40, rising on 2026-04-30", statementSuperseded},
		{"the build target changed on 2026-03-02", statementNeutral},
		{"the undone work of 2026-03-02", statementNeutral}, // "done" inside a word
		{"unplanned outage on 2026-03-02", statementNeutral},
		{"支付模块重构已上线（2026-03-02）", statementDone},
		{"内购代码已合并（2026-03-02），待推送到远端仓库", statementPending},
		{"WordPulse 全部未完成任务清单（2026-03-02 盘点）", statementPending},
		{"スクロール低下は flush 抑止で解決 (2026-03-02)", statementDone},
		{"## 再計測（2026-03-02）— 未実装", statementPending},
		{"2026년 3월 2일 배포 완료", statementDone},
		{"2026년 3월 2일 기준 충돌 해결은 미완료 상태다", statementPending},
		{"Перенос очередей завершён 2026-03-02", statementDone},
		{"По состоянию на 2026-03-02 перенос ещё не начат", statementPending},
		{"Đã triển khai bản 2.0 ngày 2026-03-02", statementDone},
		{"Ngày 2026-03-02: chưa triển khai", statementPending},
		{"Migration terminée le 2026-03-02", statementDone},
		{"Le 2026-03-02, l'archivage est en cours", statementPending},
		{"Migración completada el 2026-03-02", statementDone},
		{"Migração concluída em 2026-03-02", statementDone},
		{"Umzug am 2026-03-02 abgeschlossen", statementDone},
		{"Stand vom 2026-03-02: die Jobs laufen noch nicht", statementPending},
	} {
		if got := classify([]byte(tc.sentence)); got != tc.want {
			t.Errorf("classify(%q) = %d, want %d", tc.sentence, got, tc.want)
		}
	}
}

// TestSentenceAround cuts the sentence of a date out of its paragraph.
func TestSentenceAround(t *testing.T) {
	for _, tc := range []struct {
		text, date, want string
	}{
		{"The cfg changes nothing until exec'd. Measured 2026-08-16 while testing.", "2026-08-16", "Measured 2026-08-16 while testing"},
		{"**Status: proposed.** Written 2026-08-07 from outside.", "2026-08-07", "Written 2026-08-07 from outside"},
		{"Deployed 2026-03-01; the flag stays on until the end. Then more.", "2026-03-01", "Deployed 2026-03-01; the flag stays on until the end"},
		{"已提交（2026-06-11）：代码已合并。待推送。", "2026-06-11", "已提交（2026-06-11）：代码已合并"},
		{"| a | 2026-03-01 |\n| b | 2026-03-02 pending |", "2026-03-01", "| a | 2026-03-01 |"},
		{"**Why:** x\n**How:** fixed 2026-03-02 in v2", "2026-03-02", "**How:** fixed 2026-03-02 in v2"},
		{"Version 1.2 shipped 2026-03-02.", "2026-03-02", "Version 1.2 shipped 2026-03-02"},
		// No end in reach: at most maxSentence bytes before the date.
		{strings.Repeat("word ", 200) + "on 2026-03-02", "2026-03-02", strings.Repeat("word ", 200)[1000-maxSentence+3:] + "on 2026-03-02"},
	} {
		s := strings.Index(tc.text, tc.date)
		got := sentenceAround([]byte(tc.text), s, s+len(tc.date))
		if string(got) != tc.want {
			t.Errorf("sentenceAround(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestStaleWordTables keeps the tables matchable: lowercase (the text is
// lowercased before matching), no blank or repeated entry.
func TestStaleWordTables(t *testing.T) {
	seen := map[string]string{}
	for name, table := range map[string][]string{"superseded": supersededWords, "pending": pendingWords, "done": doneWords, "snapshot": snapshotWords} {
		for _, w := range table {
			if strings.TrimSpace(strings.TrimSuffix(w, "*")) == "" || w != strings.TrimSpace(w) {
				t.Errorf("%s: blank or padded entry %q", name, w)
			}
			if !bytes.Equal(bytes.ToLower([]byte(w)), []byte(w)) {
				t.Errorf("%s: %q is not lowercase", name, w)
			}
			if other, dup := seen[w]; dup {
				t.Errorf("%q is in %s and %s", w, other, name)
			}
			seen[w] = name
		}
	}
}
