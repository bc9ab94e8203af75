package claude

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestImports(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"See @docs/a.md and @b.md.\n", []string{"docs/a.md", "b.md."}},
		{"@~/.claude/x.md#part\n", []string{"~/.claude/x.md"}},
		{"mail me@example.com, `@code.md` is code\n", nil},
		{"```\n@fenced.md\n```\n@after.md\n", []string{"after.md"}},
		{"~~~~\n@fenced.md\n~~~\nstill fenced @x.md\n~~~~\n", nil},
		{`@my\ notes.md` + "\n", []string{"my notes.md"}},
	} {
		if got := imports([]byte(tc.src)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Imports(%q) = %q, want %q", tc.src, got, tc.want)
		}
	}
}

func writeFile(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func names(files []InstructionFile) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Name)
	}
	return out
}

// TestLoadInstructionsBounds: imports are followed four hops, each file
// once, never outside the repository and the Claude Code config folder,
// nor through a link that leads out of them.
func TestLoadInstructionsBounds(t *testing.T) {
	top := t.TempDir()
	repo, home := filepath.Join(top, "repo"), filepath.Join(top, "home")
	writeFile(t, filepath.Join(repo, "CLAUDE.md"), "@a.md @../secret.md @/etc/hostname @link.md @~/.claude/mine.md @~/other.md\n")
	writeFile(t, filepath.Join(repo, "a.md"), "@b.md @CLAUDE.md\n")
	writeFile(t, filepath.Join(repo, "b.md"), "@c.md\n")
	writeFile(t, filepath.Join(repo, "c.md"), "@d.md\n")
	writeFile(t, filepath.Join(repo, "d.md"), "@e.md\n")
	writeFile(t, filepath.Join(repo, "e.md"), "five hops\n")
	writeFile(t, filepath.Join(repo, ".claude", "rules", "sub", "r.md"), "rule\n")
	writeFile(t, filepath.Join(repo, ".claude", "rules", "notes.txt"), "not a rule\n")
	writeFile(t, filepath.Join(top, "secret.md"), "outside\n")
	writeFile(t, filepath.Join(home, ".claude", "mine.md"), "mine\n")
	writeFile(t, filepath.Join(home, ".claude", "CLAUDE.md"), "personal\n")
	writeFile(t, filepath.Join(home, "other.md"), "home, not ~/.claude\n")
	if err := os.Symlink(filepath.Join(top, "secret.md"), filepath.Join(repo, "link.md")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	roots := InstructionRoots{Repo: repo, Home: home, ClaudeHome: filepath.Join(home, ".claude")}
	want := []string{"CLAUDE.md", "a.md", "b.md", "c.md", "d.md", "~/.claude/mine.md", ".claude/rules/sub/r.md"}
	if got := names(LoadInstructions(roots, 0)); !reflect.DeepEqual(got, want) {
		t.Errorf("repository memory: %q, want %q", got, want)
	}
	roots.Personal = true
	want = append(want, "~/.claude/CLAUDE.md")
	if got := names(LoadInstructions(roots, 0)); !reflect.DeepEqual(got, want) {
		t.Errorf("personal memory: %q, want %q", got, want)
	}
}
