package structure

import (
	"strings"
	"testing"
	"unicode"
)

// TestCues checks the cue tables on sentences of every language they hold,
// and the words that look like cues and are not.
func TestCues(t *testing.T) {
	for _, c := range []struct {
		text string
		want cueKind
	}{
		{"Use pnpm, never npm.", givesScope},
		{"Batch the calls because the provider throttles single requests.", givesReason},
		{"Regenerate the stubs, otherwise the client and server disagree.", givesReason},
		{"That's why the job retries twice.", givesReason},
		{"The user corrected this twice.", givesReason},
		{"Run the linter before pushing.", givesScope},
		{"Rule: check the items in every pull request.", givesScope},
		{"Watch for: diffs under gen/.", givesScope},
		{"Build the docs with mkdocs since v2.", 0},
		{"Build the docs with mkdocs since 2024.", 0},
		{"Deploys have been green so far.", 0},
		{"The migration took a day.", 0},
		{"Lancer la migration parce que les tables se verrouillent.", givesReason},
		{"Quand on touche au schéma, lancer la migration.", givesScope},
		{"Ejecuta la migración porque las tablas se bloquean.", givesReason},
		{"Cuando cambies el esquema, migra primero.", givesScope},
		{"Rode a migração porque tabelas travam.", givesReason},
		{"Zuerst migrieren, weil große Tabellen sperren.", givesReason},
		{"Ne pas lancer la migration parce qu'elle verrouille les tables.", givesReason},
		{"Wenn sich das Schema ändert, zuerst migrieren.", givesScope},
		{"Запускай тесты, потому что сборка не проверяет миграции.", givesReason},
		{"Перед релизом запускай тесты.", givesScope},
		{"Chạy migration trước, vì bảng lớn bị khóa.", givesReason},
		{"Khi đổi schema, chạy migration.", givesScope},
		{"先跑迁移，否则锁表。", givesReason},
		{"部署到生产环境时，先跑迁移。", givesScope},
		{"评审时间太短。", 0},
		{"ロックで止まったことがあるため。", givesReason},
		{"本番にデプロイする前に実行する。", givesScope},
		{"運用 DB 잠금 때문에 멈췄다.", givesReason},
		{"배포/롤백 시 필수 절차", givesScope},
		{"배포전에 스테이징에서 돌린다.", givesScope},
	} {
		norm := normaliseWords(nil, []byte(c.text))
		if got := cueTables.find(norm, givesBoth); got != c.want {
			t.Errorf("cues of %q = %b, want %b", c.text, got, c.want)
		}
	}
}

// TestCueTablesNormalised keeps the tables written as the scanner reads
// them: lower case, and words apart by one space once apostrophes and
// hyphens are read as spaces. A capital or a double space would make an
// entry that never matches.
func TestCueTablesNormalised(t *testing.T) {
	for _, tables := range [][]cueLanguage{reasonCues, scopeCues} {
		for _, l := range tables {
			for _, w := range append(append([]string(nil), l.words...), l.fragments...) {
				w = strings.TrimSuffix(w, "$")
				norm := string(normaliseWords(nil, []byte(w)))
				plain := strings.NewReplacer("'", " ", "-", " ").Replace(w)
				if strings.TrimSpace(norm) != strings.TrimSpace(plain) || norm == "" {
					t.Errorf("%s: %q reads as %q: write it in lower case, without other punctuation", l.lang, w, norm)
				}
			}
			for _, w := range l.words {
				for _, r := range w {
					if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) {
						t.Errorf("%s: %q is in a script without spaces: make it a fragment", l.lang, w)
					}
				}
			}
		}
	}
}

func FuzzNormaliseWords(f *testing.F) {
	for _, s := range []string{"That's why", "из-за", "部署时，", "a\xffb", "  ", "ǅ", "İ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		norm := normaliseWords(nil, []byte(s))
		if strings.Contains(string(norm), "  ") {
			t.Fatalf("normaliseWords(%q) = %q: two spaces in a row", s, norm)
		}
		if len(norm) > 0 && norm[0] == ' ' {
			t.Fatalf("normaliseWords(%q) = %q: starts with a space", s, norm)
		}
		cueTables.find(norm, givesBoth)
	})
}
