//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/memlint/memlint/internal/gittest"
)

// TestNotUTF8MemoryDirInEveryMode: a memory dir under a folder whose name
// is not UTF-8, holding a file and a folder so named, and another memory
// dir beside it. The working tree (discovery, and the dir named), --staged,
// the pre-commit hook (inside a commit's index, and with file names) and
// check --all lint both dirs alike: the findings name the file and the
// folder that cannot be opened, escaped, and nothing else; no raw byte
// that is not UTF-8 reaches the output.
func TestNotUTF8MemoryDirInEveryMode(t *testing.T) {
	hostileHome(t)
	repo := t.TempDir()
	gitInit(t, repo)
	bad := "notes-\xff"
	files := map[string]string{
		"good/MEMORY.md":                  gittest.GoodIndex,
		"good/feedback_testing.md":        gittest.GoodFeedback,
		bad + "/MEMORY.md":                gittest.GoodIndex,
		bad + "/feedback_testing.md":      gittest.GoodFeedback,
		bad + "/caf\xe9.md":               gittest.GoodFeedback,
		bad + "/old-\xfe/feedback_old.md": gittest.GoodFeedback,
	}
	for name, content := range files {
		p := filepath.Join(repo, name)
		must(t, os.MkdirAll(filepath.Dir(p), 0o755))
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Skipf("this file system refuses the name %q: %v", name, err)
		}
	}
	git := exec.Command("git", "add", ".")
	git.Dir = repo
	if out, err := git.CombinedOutput(); err != nil {
		t.Fatalf("git add: %v\n%s", err, out)
	}
	want := []string{
		`notes-\xff/caf\xe9.md: error: caf\xe9.md: its name is not valid UTF-8, and memlint opens files by UTF-8 names only: rename it [file-unreadable]`,
		`notes-\xff/old-\xfe: error: old-\xfe: folder whose name is not valid UTF-8; memlint opens files by UTF-8 names only, so nothing in it is checked: rename it [file-unreadable]`,
	}
	finding := regexp.MustCompile(`(?m)^\S.*\[[a-z-]+\]$`)
	for _, tc := range []struct {
		args    []string
		summary string
	}{
		{nil, "2 errors in 6 files (2 memory dirs)"},
		{[]string{"--staged"}, "2 errors in 6 files (2 memory dirs)"},
		{[]string{"hooks", "run", "pre-commit"}, "2 errors in 6 files (2 memory dirs)"},
		{[]string{"hooks", "run", "pre-commit", "good/MEMORY.md", bad + "/MEMORY.md"}, "2 errors in 6 files (2 memory dirs)"},
		{[]string{bad}, "2 errors in 4 files (1 memory dir)"},
	} {
		args := tc.args
		code, stdout, stderr := hostileRun(t, repo, args...)
		if code != exitFindings {
			t.Errorf("memlint %q: exit %d, want %d; stderr %q", args, code, exitFindings, stderr)
		}
		if got := finding.FindAllString(stdout, -1); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("memlint %q: findings\n%s\nwant\n%s", args, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if !strings.Contains(stdout, "\n"+tc.summary+"\n") {
			t.Errorf("memlint %q: not every memory dir was linted, want %q:\n%s", args, tc.summary, stdout)
		}
		if c := rawControl([]byte(stdout + stderr)); c != "" {
			t.Errorf("memlint %q: raw byte in the output: %q", args, c)
		}
	}

	// check --all: a project folder whose name is not UTF-8 is linted with
	// the others, named escaped in the table.
	projects := filepath.Join(os.Getenv("CLAUDE_CONFIG_DIR"), "projects")
	for _, key := range []string{"-home-u-app", "-home-u-caf\xe9"} {
		dir := filepath.Join(projects, key, "memory")
		must(t, os.MkdirAll(dir, 0o755))
		must(t, os.WriteFile(filepath.Join(dir, "MEMORY.md"), []byte(gittest.GoodIndex), 0o644))
		must(t, os.WriteFile(filepath.Join(dir, "feedback_testing.md"), []byte(gittest.GoodFeedback), 0o644))
	}
	code, stdout, stderr := hostileRun(t, t.TempDir(), "--all")
	if code != exitOK || !strings.Contains(stdout, `-home-u-caf\xe9 `) || !strings.Contains(stdout, "no problems in 4 files (2 memory dirs)") {
		t.Errorf("--all: exit %d, stdout\n%s\nstderr %q", code, stdout, stderr)
	}
	if c := rawControl([]byte(stdout + stderr)); c != "" {
		t.Errorf("--all: raw byte in the output: %q", c)
	}
}
