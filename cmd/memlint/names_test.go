package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestHostileFileNames lints files whose names hold a newline, a tab, an
// escape character and bytes that are not UTF-8: every output format must
// keep one finding per line (text, github), stay valid JSON with valid
// UTF-8 (json, sarif), and show the name unambiguously. The findings
// about those files are frontmatter-missing's, a preview rule's: every run
// has --preview.
func TestHostileFileNames(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "memory")
	names := []string{"new\nline.md", "tab\there.md", "esc\x1b[31mred.md", "latin1-\xe9t\xe9.md"}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("no frontmatter\n"), 0o644); err != nil {
			t.Skipf("this file system refuses the name %q: %v", n, err)
		}
	}
	// A memory with frontmatter: the dir's memories use it, so the files
	// above are memories that lack theirs (frontmatter-missing reports them).
	memory := "---\nname: feedback-deploys\ndescription: Deploys go to staging first, then production\ntype: feedback\n---\nStaging first.\n"
	if err := os.WriteFile(filepath.Join(dir, "feedback_deploys.md"), []byte(memory), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Dir(dir))
	out := func(format string) string {
		done := make(chan string, 1)
		go func() {
			var stdout bytes.Buffer
			run([]string{"--preview", "--format", format, "--color", "never", "memory"}, &stdout, io.Discard)
			done <- stdout.String()
		}()
		select {
		case s := <-done:
			return s
		case <-time.After(20 * time.Second):
			t.Fatalf("memlint --format %s did not finish within 20s", format)
			return ""
		}
	}

	text := out("text")
	for _, want := range []string{`memory/new\nline.md:1:1: warning`, `memory/tab\there.md`, `memory/esc\x1b[31mred.md`, `memory/latin1-\xe9t\xe9.md`} {
		if !strings.Contains(text, want) {
			t.Errorf("text output lacks %q:\n%s", want, text)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if strings.ContainsAny(line, "\t\x1b") || !utf8.ValidString(line) {
			t.Errorf("text line with a raw control character or invalid UTF-8: %q", line)
		}
	}

	for _, format := range []string{"json", "sarif"} {
		doc := out(format)
		if !utf8.ValidString(doc) || !json.Valid([]byte(doc)) {
			t.Errorf("%s output is not valid UTF-8 JSON", format)
		}
	}
	if sarif := out("sarif"); !strings.Contains(sarif, "new%0Aline.md") || !strings.Contains(sarif, "latin1-%E9t%E9.md") {
		t.Errorf("SARIF URIs must percent-encode the names:\n%s", sarif)
	}
	for _, line := range strings.Split(strings.TrimSpace(out("github")), "\n") {
		if !strings.HasPrefix(line, "::") || strings.ContainsAny(line, "\r\x1b") {
			t.Errorf("github output line is not one clean command: %q", line)
		}
	}
}
