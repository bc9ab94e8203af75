package teamskill_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/memlint/memlint/lint/linttest"
	"github.com/memlint/memlint/rules"
)

// TestOverHundred builds a skills folder of 102 entries (too many to keep
// as a fixture) and checks that the two Claude Code skips are reported:
// it reads the first 100 by name, so "Zeta" (upper case sorts before
// lower case) is read and the last two in that order are not.
func TestOverHundred(t *testing.T) {
	root := t.TempDir()
	mem := filepath.Join(root, "team-skill-count", "over-100", "memory")
	write := func(rel, text string) {
		t.Helper()
		p := filepath.Join(mem, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("MEMORY.md", "- [Deploy notes](project_deploy.md) — how staging deploys are run and checked\n")
	write("project_deploy.md", "---\nname: deploy-notes\ndescription: how staging deploys are run and checked by the team\nmetadata:\n  type: reference\n---\nx\n")
	write("team/MEMORY.md", "<!-- want@dir warning \"team memory holds 100 skills\" -->\n")
	write("team/skills/Zeta/SKILL.md", "---\ndescription: Read first\n---\nx\n")
	for i := 0; i < 101; i++ {
		text := "---\ndescription: A skill\n---\nx\n"
		if i >= 99 {
			text += fmt.Sprintf("<!-- want@file=. \"skills/ holds 102 entries; Claude Code reads the first 100 by name and skips the rest, so skill s%03d is never offered\" -->\n", i)
		}
		write(fmt.Sprintf("team/skills/s%03d/SKILL.md", i), text)
	}
	linttest.Run(t, rules.Registry(), root, linttest.WithRedact(rules.Redact))
}
