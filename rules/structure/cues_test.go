package structure

import (
	"strings"
	"testing"
	"unicode"

	"github.com/memlint/memlint/rules/internal/rulebench"
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
		{"左侧导航仅在业务页使用。", givesScope},
		{"合二为一，节省一次跳转。", givesReason},
		{"Keep one CTA: it saves the visitor a click.", givesReason},
		{"Prefer table-driven tests in Go packages.", givesScope},
		{"Run the linters by hand.", 0},
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
	for _, tables := range [][]cueLanguage{reasonCues, scopeCues, shapeWords} {
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

func TestSentences(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"One. Two! Three?", 3},
		{"Version 1.2 is out", 1},
		{"Steps:", 0},
		{"A line that wraps\nover two lines.", 1},
		{"一句。两句！三句？", 3},
		{"| a | b |\n| c | d |", 0},
		{"", 0},
	} {
		if got := sentences([]byte(c.text)); got != c.want {
			t.Errorf("sentences(%q) = %d, want %d", c.text, got, c.want)
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
		shapeIndex.find(norm, givesReason)
	})
}

// TestFindInChunks checks that reading the prose a chunk at a time finds
// what one pass over the whole of it finds, however the text is cut into
// pieces.
func TestFindInChunks(t *testing.T) {
	texts := rulebench.Texts(t)
	checked := 0
	for _, text := range texts {
		whole := cueTables.find(normaliseWords(nil, text), givesBoth)
		for _, size := range []int{1, 7, 64, 300, 5000} {
			pieces := func(yield func([]byte) bool) {
				for i := 0; i < len(text); i += size {
					// Cut at a space, as prose spans are cut, so
					// that no word is split in two.
					end := min(len(text), i+size)
					for end < len(text) && text[end] != ' ' {
						end++
					}
					if !yield(text[i:end]) {
						return
					}
					i = end - size
				}
			}
			for _, chunk := range []int{1, 40, cueChunk} {
				if got := cueTables.findIn(pieces, givesBoth, chunk); got != whole {
					t.Fatalf("findIn in pieces of %d, chunks of %d = %b, find over the whole text = %b:\n%s", size, chunk, got, whole, text)
				}
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no texts to check")
	}
}

func FuzzFindInChunks(f *testing.F) {
	f.Add("Build the docs since 2024, so far so good.", uint8(3), uint8(1))
	f.Add("部署时，先跑迁移，否则锁表。Build with mkdocs since v2.", uint8(1), uint8(9))
	f.Fuzz(func(t *testing.T, text string, size, chunk uint8) {
		n := int(size)%64 + 1
		words := strings.Fields(text)
		pieces := func(yield func([]byte) bool) {
			for i := 0; i < len(words); i += n {
				if !yield([]byte(strings.Join(words[i:min(len(words), i+n)], " "))) {
					return
				}
			}
		}
		whole := cueTables.find(normaliseWords(nil, []byte(strings.Join(words, " "))), givesBoth)
		if got := cueTables.findIn(pieces, givesBoth, int(chunk)); got != whole {
			t.Fatalf("findIn in pieces of %d words, chunks of %d = %b, find over the whole text = %b", n, chunk, got, whole)
		}
	})
}
