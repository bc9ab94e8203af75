package lint

import (
	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/gittest"
	"github.com/memlint/memlint/lint/claude"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestClaudeInstructions: a memory dir in a repository gets that
// repository's files; the user's Claude Code memory of the repository
// around cwd gets them and the user's CLAUDE.md; any other dir nothing.
func TestClaudeInstructions(t *testing.T) {
	r := gittest.New(t)
	r.Write("CLAUDE.md", "repo rules\n")
	r.Write("docs/memory/MEMORY.md", "# Memory\n")
	config := t.TempDir()
	writeFile(t, filepath.Join(config, "CLAUDE.md"), "personal\n")
	getenv := func(k string) string {
		if k == "CLAUDE_CONFIG_DIR" {
			return config
		}
		return ""
	}
	mine := filepath.Join(config, "projects", claudecode.ProjectKey(r.Dir), "memory")
	if err := os.MkdirAll(mine, 0o755); err != nil {
		t.Fatal(err)
	}
	load := ClaudeInstructions(filepath.Join(r.Dir, "docs"), getenv, t.TempDir(), 0)
	for _, tc := range []struct {
		dir  string
		want []string
	}{
		{filepath.Join(r.Dir, "docs", "memory"), []string{"CLAUDE.md"}},
		{mine, []string{"CLAUDE.md", filepath.ToSlash(filepath.Join(config, "CLAUDE.md"))}},
		{filepath.Join(mine, "team"), []string{"CLAUDE.md", filepath.ToSlash(filepath.Join(config, "CLAUDE.md"))}},
		{t.TempDir(), nil},
	} {
		if got := names(load(tc.dir)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.dir, got, tc.want)
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

func names(files []claude.InstructionFile) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Name)
	}
	return out
}

// TestClaudeInstructionsBudget: a run loads at most
// claude.MaxInstructionBytes of instructions over all its repositories:
// the second repository's 6 MB import no longer fits after the first's
// 12 MB, and is left out.
func TestClaudeInstructionsBudget(t *testing.T) {
	big := strings.Repeat("Always run the tests before a commit.\n", 6<<20/38)
	first, second := gittest.New(t), gittest.New(t)
	first.Write("CLAUDE.md", "@a.md @b.md\n")
	first.Write("a.md", big)
	first.Write("b.md", big)
	second.Write("CLAUDE.md", "@c.md\n")
	second.Write("c.md", big)
	load := ClaudeInstructions(t.TempDir(), func(string) string { return "" }, t.TempDir(), 0)
	if got, want := names(load(filepath.Join(first.Dir, "memory"))), []string{"CLAUDE.md", "a.md", "b.md"}; !reflect.DeepEqual(got, want) {
		t.Errorf("first repository: %q, want %q", got, want)
	}
	if got, want := names(load(filepath.Join(second.Dir, "memory"))), []string{"CLAUDE.md"}; !reflect.DeepEqual(got, want) {
		t.Errorf("second repository: %q, want %q (the run's budget spent)", got, want)
	}
}
