package claude

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
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
	if got := names(LoadInstructions(roots, 0, nil)); !reflect.DeepEqual(got, want) {
		t.Errorf("repository memory: %q, want %q", got, want)
	}
	roots.Personal = true
	want = append(want, "~/.claude/CLAUDE.md")
	if got := names(LoadInstructions(roots, 0, nil)); !reflect.DeepEqual(got, want) {
		t.Errorf("personal memory: %q, want %q", got, want)
	}
}

// plantBigInstructions writes a repository whose CLAUDE.md imports a 7 MB
// file through 20 folder links to its folder and then by its own path,
// and returns the repository.
func plantBigInstructions(t *testing.T) string {
	t.Helper()
	repo := t.TempDir()
	writeFile(t, filepath.Join(repo, "real", "big.md"), strings.Repeat("Always run the tests before a commit.\n", 7<<20/38))
	var imports strings.Builder
	for i := 1; i <= 20; i++ {
		alias := fmt.Sprintf("alias%02d", i)
		if err := os.Symlink("real", filepath.Join(repo, alias)); err != nil {
			t.Skip("no symbolic links:", err)
		}
		imports.WriteString("@" + alias + "/big.md\n")
	}
	imports.WriteString("@real/big.md\n")
	writeFile(t, filepath.Join(repo, "CLAUDE.md"), imports.String())
	return repo
}

// TestLoadInstructionsReadsAFileOnce: 20 folder links to a 7 MB file's
// folder, each imported, load the file once, as Claude Code does (it
// skips a path that resolves to one it has loaded): 7 MB read, not
// 147 MB; the load allocates about the file once.
func TestLoadInstructionsReadsAFileOnce(t *testing.T) {
	repo := plantBigInstructions(t)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	files := LoadInstructions(InstructionRoots{Repo: repo}, 0, nil)
	runtime.ReadMemStats(&after)
	if got, want := names(files), []string{"CLAUDE.md", "alias01/big.md"}; !reflect.DeepEqual(got, want) {
		t.Errorf("loaded %q, want %q", got, want)
	}
	read := 0
	for _, f := range files {
		read += len(f.Src)
	}
	if read > 8<<20 {
		t.Errorf("read %d MB of instructions, want the 7 MB file once", read>>20)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
		t.Errorf("loading allocated %d MB, want under 16 MB", alloc>>20)
	}
}

// TestLoadInstructionsBudget: files the links do not give away (20 hard
// links of a 7 MB file: Claude Code loads each) load only up to
// MaxInstructionBytes in all; the others are left out, and a budget
// shared by two calls is spent once.
func TestLoadInstructionsBudget(t *testing.T) {
	repo := t.TempDir()
	big := filepath.Join(repo, "big.md")
	writeFile(t, big, strings.Repeat("Always run the tests before a commit.\n", 7<<20/38))
	var imports strings.Builder
	for i := 1; i <= 20; i++ {
		name := fmt.Sprintf("copy%02d.md", i)
		if err := os.Link(big, filepath.Join(repo, name)); err != nil {
			t.Skip("no hard links:", err)
		}
		imports.WriteString("@" + name + "\n")
	}
	writeFile(t, filepath.Join(repo, "CLAUDE.md"), imports.String())
	read := func(files []InstructionFile) int64 {
		n := int64(0)
		for _, f := range files {
			n += int64(len(f.Src))
		}
		return n
	}
	files := LoadInstructions(InstructionRoots{Repo: repo}, 0, nil)
	if got, want := names(files), []string{"CLAUDE.md", "copy01.md", "copy02.md"}; !reflect.DeepEqual(got, want) {
		t.Errorf("loaded %q, want %q", got, want)
	}
	if n := read(files); n > MaxInstructionBytes {
		t.Errorf("read %d bytes of instructions, want at most %d", n, MaxInstructionBytes)
	}
	budget := int64(MaxInstructionBytes)
	first := read(LoadInstructions(InstructionRoots{Repo: repo}, 0, &budget))
	second := LoadInstructions(InstructionRoots{Repo: repo}, 0, &budget)
	if budget != MaxInstructionBytes-first-read(second) || len(second) != 1 {
		t.Errorf("shared budget: %d left after %d and %d bytes (%q); want the second call to get only CLAUDE.md", budget, first, read(second), names(second))
	}
}
