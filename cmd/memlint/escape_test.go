package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/report"
)

// hostile is planted in a file name, a dir name, a configuration key, a
// rule option value and a custom rule's message and suggestion: ESC (a
// colour and a screen clear), a C1 control (NEL, CSI), DEL, the
// right-to-left override, other bidirectional and format controls, a
// line separator and a tag character.
const hostile = "\x1b[31m\u0085\u009b\x7f\u202e\u2066\u200b\u2028\U000E0041"

// rawControl returns the first unsafe character in out that is not a
// line break, as report.UnsafeRune judges, or "" when there is none.
func rawControl(out []byte) string {
	for i := 0; i < len(out); {
		r, size := utf8.DecodeRune(out[i:])
		if r != '\n' && (r == utf8.RuneError && size == 1 || report.UnsafeRune(r)) {
			lo, hi := max(i-20, 0), min(i+20, len(out))
			return strings.ToValidUTF8(string(out[lo:hi]), "?")
		}
		i += size
	}
	return ""
}

// ownAnnotation is a line of memlint's github format: a workflow command
// memlint writes, its properties escaped (no raw ":" or "," in a value).
var ownAnnotation = regexp.MustCompile(`^::(error|warning|notice) file=[^,:]*(,(line|endLine|col|endColumn)=[0-9]+)*,title=memlint [^,:]*::`)

// runnerLines splits output as the GitHub Actions runner reads it (.NET's
// ReadLine: a CR alone ends a line too).
var runnerLines = regexp.MustCompile(`\r\n|\r|\n`)

// workflowCommandLine returns the first line of out that the GitHub
// Actions runner would read as a workflow command, or "": one that opens
// with "::" past white space (in the github format, memlint's own
// annotations do), or holds "##[" anywhere (the runner's older form).
func workflowCommandLine(out string, github bool) string {
	for _, line := range runnerLines.Split(out, -1) {
		if strings.Contains(line, "##[") {
			return line
		}
		if !strings.HasPrefix(strings.TrimLeftFunc(line, unicode.IsSpace), "::") {
			continue
		}
		if github && ownAnnotation.MatchString(line) {
			continue
		}
		return line
	}
	return ""
}

// TestNoRawControls runs every format, --statistics, preview, -v, a
// failing rule, a missing baseline, --diff as JSON and configuration
// errors over a tree whose names, keys, values and custom messages hold
// controls: no raw control reaches stdout or stderr, in any of them.
// (--diff as text, a patch for git apply, escapes its lines too; its
// JSON form keeps their bytes as data.)
func TestNoRawControls(t *testing.T) {
	withRule(t, &lint.Rule{ID: "test-failing-controls", Severity: lint.Error, Summary: "a rule that fails, for tests",
		Run: func(p *lint.Pass) { p.Fail(errors.New("cannot check " + hostile)) }})
	dir := t.TempDir()
	mem := filepath.Join(dir, "mem"+hostile)
	must(t, os.MkdirAll(mem, 0o755))
	topic := "note" + hostile + ".md"
	must(t, os.WriteFile(filepath.Join(mem, "MEMORY.md"), []byte("- [Note](<"+topic+">) — a note\n- [Gone](gone"+hostile+".md) — gone\nprose line\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(mem, topic), []byte("---\nname: note\ndescription: a note about the corp host\ntype: project\n---\n\nThe corp host is down.\n"), 0o644))
	good := `custom-rules:
  - id: no-corp
    message: "corp \e[2J\N\x9b\u202e\u2067 {match}"
    suggestion: "do not \e[31m\u202e say it"
    pattern: 'corp'
`
	configs := map[string]string{
		"custom":       good,
		"unknown key":  "rules:\n  \"key\\e[31m\\u202e\\N\": off\n",
		"option value": "rules:\n  index-entry-length: {max: \"\\e[31m\\u202e\\N\"}\n",
		"custom value": "custom-rules:\n  - id: \"x\\e\\u202e\"\n    message: m\n    pattern: p\n",
	}
	t.Chdir(dir)
	runs := [][]string{
		{"check", "--preview"}, {"check", "--preview", "--format", "json"}, {"check", "--preview", "--format", "sarif"},
		{"check", "--preview", "--format", "github"}, {"check", "--preview", "--format", "gitlab"},
		{"check", "--preview", "--statistics"}, {"check", "--preview", "-v", "--color", "never"},
		{"check", "--preview", "--fix", "--diff", "--format", "json"}, {"check", "--preview", "--fix", "--diff"},
		{"preview"}, {"preview", "--format", "json"},
		{"check", "--preview", "--baseline", "base" + hostile + ".json"},
	}
	for name, cfg := range configs {
		must(t, os.WriteFile(filepath.Join(dir, ".memlint.yaml"), []byte(cfg), 0o644))
		for _, args := range runs {
			for _, target := range [][]string{{filepath.Base(mem)}, {filepath.Join(filepath.Base(mem), topic)}, {}} {
				var stdout, stderr bytes.Buffer
				all := append(append([]string(nil), args...), target...)
				code := run(all, &stdout, &stderr)
				if name == "custom" && args[0] == "check" && code != exitUsage {
					t.Errorf("%s: %q: exit code %d, want 2 (the failing rule); stderr:\n%s", name, all, code, stderr.String())
				}
				if name == "custom" && args[0] == "check" && len(args) == 2 && !strings.Contains(stdout.String()+stderr.String(), "corp") {
					t.Errorf("%s: %q: the custom rule's finding is missing:\n%s", name, all, stdout.String())
				}
				if name != "custom" && code != exitUsage {
					t.Errorf("%s: %q: exit code %d, want 2 (a configuration error)", name, all, code)
				}
				if c := rawControl(stdout.Bytes()); c != "" {
					t.Errorf("%s: %q: raw control on stdout: %q", name, all, c)
				}
				if c := rawControl(stderr.Bytes()); c != "" {
					t.Errorf("%s: %q: raw control on stderr: %q", name, all, c)
				}
			}
		}
	}
}

// forged is what a memory, a name or a configuration plants for the GitHub
// Actions runner: an annotation on a line of its own, behind white space
// too, the older "##[" form inside a line, and a stop-commands that would
// silence every real annotation after it.
const forged = "::error file=README.md,line=1::forged\n \u00a0::stop-commands::tok\n##[warning]forged"

// TestNoLineForgesAWorkflowCommand: memory, file names, a custom rule's
// message and suggestion, and configuration errors holding workflow
// commands, printed in every format, as --diff (text and JSON), by
// preview, -v, --statistics and baseline, run from the memory dir (so
// that a file name opens the line): no line of stdout or stderr is one
// the GitHub Actions runner reads as a command, but the github format's
// own annotations, and no raw control gets through.
func TestNoLineForgesAWorkflowCommand(t *testing.T) {
	dir := t.TempDir()
	mem := filepath.Join(dir, "mem")
	must(t, os.MkdirAll(mem, 0o755))
	topic := "::error file=x::forged\u202e ##[error]x.md"
	files := map[string]string{
		"MEMORY.md": "- [Note](<note.md>) — a note\n::warning file=y::forged\n - ##[error]forged\n",
		"note.md":   "---\nname: note\ndescription: a note about the corp host\ntype: project\n---\n\nThe corp host is down.\n" + forged + "\n",
		// An orphan: --fix --diff adds its link, beside the lines above.
		topic: "---\nname: orphan\ndescription: \"::error::forged ##[error]x\"\ntype: user\n---\n::notice::forged\n",
	}
	for name, content := range files {
		must(t, os.WriteFile(filepath.Join(mem, name), []byte(content), 0o644))
	}
	configs := map[string]string{
		"custom": "custom-rules:\n  - id: no-corp\n    message: \"corp {match} ##[error]forged\"\n" +
			"    suggestion: \"fix it\\n::error file=x::forged\\n\\u00a0 ::stop-commands::tok\\n##[error]forged\"\n    pattern: 'corp'\n",
		"unknown rule":   "rules:\n  \"##[error]forged\": off\n",
		"unknown key":    "\"::error file=x::forged\": 1\n",
		"pattern":        "custom-rules:\n  - id: x\n    message: m\n    pattern: '##[error]forged('\n",
		"option value":   "rules:\n  index-entry-length: {max: \"\\n::error::forged\"}\n",
		"severity value": "rules:\n  orphan-memory: \"::error::forged\"\n",
	}
	t.Chdir(mem)
	runs := [][]string{
		{"check", "--preview"}, {"check", "--preview", "--format", "json"}, {"check", "--preview", "--format", "sarif"},
		{"check", "--preview", "--format", "github"}, {"check", "--preview", "--format", "gitlab"},
		{"check", "--preview", "--statistics"}, {"check", "--preview", "-v"},
		{"check", "--preview", "--fix", "--diff"}, {"check", "--preview", "--fix", "--diff", "--format", "json"},
		{"preview"}, {"preview", "--format", "json"},
		{"check", "--preview", "--baseline", "::error::forged.json"},
	}
	for name, cfg := range configs {
		must(t, os.WriteFile(filepath.Join(dir, ".memlint.yaml"), []byte(cfg), 0o644))
		for _, args := range runs {
			for _, target := range [][]string{{"."}, {topic}} {
				var stdout, stderr bytes.Buffer
				all := append(append([]string(nil), args...), target...)
				code := run(all, &stdout, &stderr)
				if name != "custom" && code != exitUsage {
					t.Errorf("%s: %q: exit code %d, want 2 (a configuration error)", name, all, code)
				}
				github := slices.Contains(args, "github")
				if l := workflowCommandLine(stdout.String(), github); l != "" {
					t.Errorf("%s: %q: stdout line read as a workflow command: %q", name, all, l)
				}
				if l := workflowCommandLine(stderr.String(), false); l != "" {
					t.Errorf("%s: %q: stderr line read as a workflow command: %q", name, all, l)
				}
				for _, out := range []*bytes.Buffer{&stdout, &stderr} {
					if c := rawControl(out.Bytes()); c != "" {
						t.Errorf("%s: %q: raw control: %q", name, all, c)
					}
				}
				if name == "custom" && len(args) == 2 && target[0] == "." && !strings.Contains(stdout.String(), "corp") {
					t.Errorf("%s: %q: the custom rule's finding is missing:\n%s", name, all, stdout.String())
				}
			}
		}
	}
	// --baseline names a file that does not exist: nothing was written.
	if _, err := os.Stat(filepath.Join(mem, "::error::forged.json")); err == nil {
		t.Errorf("a baseline was written")
	}
}

// TestOrdinaryTextUnescaped: text without controls is printed as it is.
func TestOrdinaryTextUnescaped(t *testing.T) {
	for _, s := range []string{"", "mem/MEMORY.md", "emoji 👩‍💻 ❤️ 中文 é", "a\u00a0b"} {
		if got := report.EscapeText(s); got != s {
			t.Errorf("EscapeText(%q) = %q", s, got)
		}
		if got := report.EscapeJSON([]byte(s)); string(got) != s {
			t.Errorf("EscapeJSON(%q) = %q", s, got)
		}
	}
}
