package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestFixFileNamesFixedPoint lints topic files missing from MEMORY.md
// whose names hold every character a Markdown link or a terminal can
// mistake: `check --fix` lists them, and a second run finds nothing to
// fix, no orphan-memory and no dangling link — each written link reads
// back as its file — while --diff and MEMORY.md hold no raw control byte.
// The index rules involved are preview rules: every run has --preview.
func TestFixFileNamesFixedPoint(t *testing.T) {
	names := []string{
		"tab\tx", "cr\rx", "lf\nx", "esc\x1bx", `back\x`, "lb[x", "rb]x", "lp(x", "rp)x",
		"lt<x", "gt>x", "sp x", "pc%x", "pc%41x", "hash#x", "q?x", "üni", "-lead", "trail ",
	}
	dir := filepath.Join(t.TempDir(), "memory")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "MEMORY.md"), []byte("# Index\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, n := range names {
		body := fmt.Sprintf("---\nname: topic %d\ndescription: the topic numbered %d for this test\ntype: user\n---\nbody\n", i, i)
		if err := os.WriteFile(filepath.Join(dir, n+".md"), []byte(body), 0o644); err != nil {
			t.Skipf("this file system refuses the name %q: %v", n, err)
		}
	}
	// A file without a name: its stem, brackets and all, becomes the title.
	if err := os.WriteFile(filepath.Join(dir, "no]name[.md"), []byte("---\ndescription: a topic whose title is its file name\ntype: user\n---\nbody\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Dir(dir))
	memlint := func(args ...string) (string, string) {
		type out struct{ stdout, stderr string }
		done := make(chan out, 1)
		go func() {
			var stdout, stderr bytes.Buffer
			run(append(args, "--preview", "--color", "never", "memory"), &stdout, &stderr)
			done <- out{stdout.String(), stderr.String()}
		}()
		select {
		case o := <-done:
			return o.stdout, o.stderr
		case <-time.After(20 * time.Second):
			t.Fatalf("memlint %v did not finish within 20s", args)
			return "", ""
		}
	}
	noControls := func(what, s string) {
		t.Helper()
		for _, c := range []byte(s) {
			if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
				t.Errorf("%s holds the raw byte %#x:\n%q", what, c, s)
				return
			}
		}
	}

	diff, _ := memlint("check", "--diff")
	noControls("--diff output", diff)
	for i := range names {
		if !strings.Contains(diff, fmt.Sprintf("[topic %d](", i)) {
			t.Errorf("--diff adds no entry for %q:\n%s", names[i], diff)
		}
	}

	memlint("check", "--fix")
	index, err := os.ReadFile(filepath.Join(dir, "MEMORY.md"))
	if err != nil {
		t.Fatal(err)
	}
	noControls("MEMORY.md", string(index))
	if strings.Contains(string(index), "\t") {
		t.Errorf("MEMORY.md holds a raw TAB:\n%q", index)
	}
	if got, want := strings.Count(string(index), "\n- ["), len(names)+1; got != want {
		t.Errorf("MEMORY.md has %d entries, want %d:\n%s", got, want, index)
	}
	if !strings.Contains(string(index), `- [no\]name\[](no]name[.md)`) {
		t.Errorf("brackets in a title are not escaped:\n%s", index)
	}

	stdout, stderr := memlint("check", "--fix")
	if strings.Contains(stderr, "fixed") {
		t.Errorf("second --fix still changed something: %s", stderr)
	}
	for _, rule := range []string{"[orphan-memory]", "[index-dangling-link]", "[index-entry-format]", "[index-duplicate-entry]"} {
		if strings.Contains(stdout, rule) {
			t.Errorf("after --fix, a %s finding remains:\n%s", rule, stdout)
		}
	}
	after, err := os.ReadFile(filepath.Join(dir, "MEMORY.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(after, index) {
		t.Errorf("second --fix rewrote MEMORY.md:\n%s", after)
	}
}

// TestBrokenIndexAndNameFindings: a memory dir whose MEMORY.md is a folder
// is found and reported as index-missing, and a topic file whose name is
// not UTF-8 gets a finding saying so, not a bare "invalid argument".
func TestBrokenIndexAndNameFindings(t *testing.T) {
	root := t.TempDir()
	notes := filepath.Join(root, "notes")
	if err := os.MkdirAll(filepath.Join(notes, "MEMORY.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	topic := []byte("---\nname: a\ndescription: a topic file beside an index that is a folder\ntype: user\n---\nbody\n")
	if err := os.WriteFile(filepath.Join(notes, "a.md"), topic, 0o644); err != nil {
		t.Fatal(err)
	}
	latin1 := filepath.Join(notes, "caf\xe9.md")
	if err := os.WriteFile(latin1, topic, 0o644); err != nil {
		t.Skipf("this file system refuses a name that is not UTF-8: %v", err)
	}
	t.Chdir(root)
	check := func(args ...string) string {
		done := make(chan string, 1)
		go func() {
			var stdout bytes.Buffer
			run(append([]string{"check", "--color", "never"}, args...), &stdout, &stdout)
			done <- stdout.String()
		}()
		select {
		case out := <-done:
			return out
		case <-time.After(20 * time.Second):
			t.Fatal("memlint check did not finish within 20s")
		}
		return ""
	}
	const (
		folder     = "notes/MEMORY.md: error: MEMORY.md is a folder: Claude Code loads nothing from it, so the agent gets no index at all [index-missing]"
		unreadable = `notes/caf\xe9.md: error: caf\xe9.md: its name is not valid UTF-8, and memlint opens files by UTF-8 names only: rename it [file-unreadable]`
	)
	// file-unreadable runs by default (an engine report, stable);
	// index-missing is a preview rule.
	if out := check("."); !strings.Contains(out, unreadable) || strings.Contains(out, "[index-missing]") {
		t.Errorf("a run with no flags: want %q and no index-missing:\n%s", unreadable, out)
	}
	out := check("--preview", ".")
	for _, want := range []string{folder, unreadable} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "invalid argument") {
		t.Errorf("output names no cause:\n%s", out)
	}
}
