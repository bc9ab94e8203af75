package stalereference

import (
	"reflect"
	"strings"
	"testing"
)

// TestReferences: the paths the pre-commit hook matches against the files
// a commit removes are read as the rule reads them: only claims, not
// history, plans or examples, and not what a log or a subagent's notes
// record.
func TestReferences(t *testing.T) {
	cases := []struct {
		name, file, dir, src string
		want                 []Ref
	}{
		{"code span and prose", "mem/project_a.md", "mem", "see `src/a.ts`\nand ./docs/b.md:12, then lib/c/.", []Ref{{"src/a.ts", 1}, {"docs/b.md", 2}, {"lib/c", 2}}},
		{"absolute inside the root", "mem/project_a.md", "mem", "at /repo/src/a.go.", []Ref{{"src/a.go", 1}}},
		{"history sentence", "mem/project_a.md", "mem", "src/old.ts was removed.\n\nsrc/new.ts holds it.", []Ref{{"src/new.ts", 3}}},
		{"past event", "mem/project_a.md", "mem", "- Fixed the race in `src/queue.ts`.\n- The queue lives in `src/jobs.ts`.", []Ref{{"src/jobs.ts", 2}}},
		{"a log by name", "mem/session-log.md", "mem", "Edited `src/a.ts`.", nil},
		{"a subagent's notes", ".claude/agent-memory/reviewer/notes.md", ".claude/agent-memory/reviewer", "The guard is in `src/a.ts`.", nil},
		{"code blocks are layouts", "mem/project_a.md", "mem", "```\nsrc/a.ts\n```\n", nil},
		{"a dated entry's heading", "mem/project_a.md", "mem", "## 2026-04-08 — auth\n\n`src/a.ts` holds it.\n", nil},
		{"a heading dating its topic", "mem/project_a.md", "mem", "## Sprint 3 (started 2026-04-01)\n\n`src/a.ts` holds it.\n", []Ref{{"src/a.ts", 3}}},
		{"findings are no log", "mem/project_a.md", "mem", "## Key findings\n\n`src/a.ts` holds it.\n", []Ref{{"src/a.ts", 3}}},
		{"a command before a path", "mem/project_a.md", "mem", "Run `python scripts/run.py` first.", []Ref{{"scripts/run.py", 1}}},
		{"a command template", "mem/project_a.md", "mem", "Run `hardhat run scripts/deploy.js --network <net>` first.", nil},
		{"a path with a space", "mem/project_a.md", "mem", "See `docs/Config Studio/TASKS.md`.", []Ref{{"docs/Config Studio/TASKS.md", 1}}},
		{"not references", "mem/project_a.md", "mem", "https://x.org/a/b.md ~/notes/a.md /elsewhere/a.go ../up/a.go src/*.ts README.md $HOME/a/b", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := References([]byte(tc.src), tc.file, tc.dir, "/repo"); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("References(%q) = %v, want %v", tc.src, got, tc.want)
			}
		})
	}
}

// FuzzReferences: any text is read without a panic, and every reference
// is a clean relative path on a line of the text.
func FuzzReferences(f *testing.F) {
	for _, s := range []string{
		"see `src/a.ts`\nand ./docs/b.md:12, then lib/c/.",
		"- 2026-03-01: Fixed `src/a.ts` 不存在。\n## Changes\n- `docs/Config Studio/x.md`",
		"`docs/a/\nb.md` e.g. `x/y/z` (dotfiles repo) `src/模块/路线图.md`",
		"---\nname: x\ndescription: RESOLVED ✅\n---\nFiles reviewed: `a/b.go`",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		lines := strings.Count(src, "\n") + 1
		for _, name := range []string{"mem/project_a.md", "mem/session-log.md", "mem/MEMORY.md"} {
			for _, r := range References([]byte(src), name, "mem", "/repo") {
				if r.Path == "" || strings.HasPrefix(r.Path, "/") || strings.HasSuffix(r.Path, "/") || r.Line < 1 || r.Line > lines {
					t.Fatalf("References(%q) gave %+v", src, r)
				}
			}
		}
		readSentence(src)
		sentencePhrases.find(strings.ToLower(src), 0)
	})
}
