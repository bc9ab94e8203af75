package stalereference

import (
	"strings"
	"testing"

	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// TestReadSentence: what a sentence says of the paths it names, in the
// languages of the word tables, with words matched whole ("now" is not
// "nowhere"), stems by their start and CJK anywhere.
func TestReadSentence(t *testing.T) {
	for _, c := range []struct {
		text string
		want reading
	}{
		{"Session tokens are checked in `src/a.ts`; extend it there.", claim},
		{"The nowhere handler sits in src/a.ts.", claim},
		{"It prunes rows in src/a.ts once resolved.", claim},
		{"`src/a.ts` was removed in the rewrite.", known},
		{"X was cited in the plan, but `src/a.ts` does not exist.", known},
		{"`src/a.ts` 不存在。", known},
		{"整层删除 `ops/x/`。", known},
		{"`src/a.ts` は存在しない。", known},
		{"`src/a.ts` 파일 없음.", known},
		{"Файл `src/a.ts` удалён.", known},
		{"Le fichier `src/a.ts` n'existe plus.", known},
		{"El archivo `src/a.ts` ya no existe.", known},
		{"O arquivo `src/a.ts` não existe.", known},
		{"Die Datei `src/a.ts` existiert nicht.", known},
		{"Tệp `src/a.ts` không tồn tại.", known},
		{"Keep `config/local.yaml` out of git: do not commit it.", known},
		{"Tests go next to the code, e.g. `src/a.test.ts`.", known},
		{"In the infra-live repo the stack is `deploy/compose.yaml`.", known},
		{"The Beacon repo keeps its routes in `src/routes.ts`.", known},
		{"The full repo skeleton exists: `libs/solver/` with stubs.", claim},
		{"Dates stay words: 2026/03/01 touched `src/a.ts`.", claim},
		{"- 2026/03/01: touched `src/a.ts`", history},
		{"`agents/create/handler.py` holds the trip editor.", claim},
		{"In this repo the stack is `deploy/compose.yaml`.", claim},
		{"- [ ] add `src/a.ts` for the parser", known},
		{"- [x] wrote `src/a.ts` for the parser", history},
		{"- Fixed the race in `src/queue.ts`.", history},
		{"2026-03-01: touched `src/a.ts` for the rates", history},
		{"Exposed secrets were found in `.github/secrets.md`.", history},
		{"Files reviewed: `src/a.ts`, `src/b.ts`", history},
		{"`src/a.ts` 的修复已完成了。", history},
		{"Файл `src/a.ts` был переписан.", history},
		{"`src/a.ts` wurde neu geschrieben.", history},
		{"`src/a.ts` → `src/b.ts`", known},
	} {
		if got := readSentence(c.text); got != c.want {
			t.Errorf("readSentence(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestSentenceAt: a sentence wrapped over lines is read whole; an
// abbreviation's dot does not end one; a list item starts its own.
func TestSentenceAt(t *testing.T) {
	for _, c := range []struct {
		src, at, want string
	}{
		{"First one. The guard is in\n`src/a.ts`, and it\nholds. Next one.", "src/a.ts", "The guard is in\n`src/a.ts`, and it\nholds. "},
		{"Put tests near the code (e.g. `src/a.test.ts`).", "src/a", "Put tests near the code (e.g. `src/a.test.ts`)."},
		{"- one item was removed\n- `src/a.ts` holds it", "src/a", "- `src/a.ts` holds it"},
	} {
		off := strings.Index(c.src, c.at)
		start, end := sentenceAt([]byte(c.src), 0, len(c.src), off)
		if got := c.src[start:end]; got != c.want {
			t.Errorf("sentenceAt(%q, %q) = %q, want %q", c.src, c.at, got, c.want)
		}
	}
}

// TestLogName: names of logs, and names that only mention a log's word.
func TestLogName(t *testing.T) {
	for _, c := range []struct {
		rel  string
		want bool
	}{
		{"session-log.md", true},
		{"worklog.md", true},
		{"review_pr_12.md", true},
		{"sessions/auth.md", true},
		{"notes-2026-04-08.md", true},
		{"daily_20260408.md", true},
		{"devLog.md", true},
		{"project_session_tokens.md", false},
		{"feedback_code_review.md", false},
		{"project_catalog.md", false},
		{"project_login.md", false},
		{"project_backlog.md", false},
	} {
		if got := logName(c.rel); got != c.want {
			t.Errorf("logName(%q) = %v, want %v", c.rel, got, c.want)
		}
	}
}

// TestResolvedHead: a memory marked over at its head, and marks that
// only look like one.
func TestResolvedHead(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"---\nname: a\ndescription: \"RESOLVED: the retry bug\"\ntype: project\n---\nBody.\n", true},
		{"---\nname: a\ndescription: the retry bug\ntype: project\n---\n**✅ 已解决(2026-07-07)**:done.\n", true},
		{"---\nname: a\ndescription: the retry bug\ntype: project\n---\nStatus: fixed and approved.\n", true},
		{"---\nname: a\ndescription: ✅ use pnpm, ❌ not npm\ntype: feedback\n---\n✅ Do: run pnpm install.\n", false},
		{"---\nname: a\ndescription: how DNS names are resolved in the proxy\ntype: project\n---\nBody.\n", false},
		{"---\nname: a\ndescription: the FIXED_SIZE buffer\ntype: project\n---\nBody.\n", false},
	} {
		src := []byte(c.src)
		f := &memory.File{Path: "m/a.md", Rel: "a.md", Kind: memory.KindTopic, Src: src, Lines: markdown.NewLineIndex(src)}
		if got := resolvedHead(f); got != c.want {
			t.Errorf("resolvedHead(%q) = %v, want %v", c.src, got, c.want)
		}
	}
}
