package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
)

// TestFailingRuleExits2 runs the command with a rule that panics, or one
// that gives up with an error, added to the built-in ones: memlint prints
// the other rules' findings, names the rule and the dir on stderr (with
// the stack for a panic), and exits 2 although there are findings, which
// alone would be exit 1. The failure is no finding: no output lists it.
// The failing rule is stable (the zero Stage), so it runs in every run;
// the other rule's finding (index-dangling-link) is a preview rule's, so
// the checks run with --preview.
func TestFailingRuleExits2(t *testing.T) {
	for _, c := range []struct {
		name   string
		run    func(*lint.Pass)
		stderr []string
	}{
		{"panic", func(*lint.Pass) { panic("test rule panicked") },
			[]string{"rule test-failing failed on mem: panic: test rule panicked (please report this bug)", "goroutine ", "failed_test.go"}},
		{"error", func(p *lint.Pass) { p.Fail(errors.New("cannot check this")) },
			[]string{"rule test-failing failed on mem: cannot check this (please report this bug)"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			withRule(t, &lint.Rule{ID: "test-failing", Severity: lint.Error, Summary: "a rule that fails, for tests", Run: c.run})
			dir := t.TempDir()
			mem := filepath.Join(dir, "mem")
			must(t, os.MkdirAll(mem, 0o755))
			// An index link to nothing: an error-level finding of
			// another rule, which must still be reported.
			must(t, os.WriteFile(filepath.Join(mem, "MEMORY.md"), []byte("- [Gone](gone.md) — a memory that is gone\n"), 0o644))
			t.Chdir(dir)
			for _, format := range []string{"text", "json"} {
				var stdout, stderr bytes.Buffer
				code := run([]string{"--preview", "--format", format, "mem"}, &stdout, &stderr)
				if code != exitUsage {
					t.Errorf("--format %s: exit code %d, want %d; stderr:\n%s", format, code, exitUsage, stderr.String())
				}
				if !strings.Contains(stdout.String(), "index-dangling-link") {
					t.Errorf("--format %s: the other rules' findings are missing:\n%s", format, stdout.String())
				}
				if strings.Contains(stdout.String(), "test-failing") {
					t.Errorf("--format %s: the failure is reported as a finding:\n%s", format, stdout.String())
				}
				for _, want := range c.stderr {
					if !strings.Contains(stderr.String(), want) {
						t.Errorf("--format %s: stderr lacks %q:\n%s", format, want, stderr.String())
					}
				}
			}
			// Without --preview the failing rule runs all the same (it is
			// stable), and its failure still exits 2.
			var plainOut, plainErr bytes.Buffer
			if code := run([]string{"mem"}, &plainOut, &plainErr); code != exitUsage || !strings.Contains(plainErr.String(), "rule test-failing failed on mem") {
				t.Errorf("without --preview: exit code %d, want %d and the failure on stderr:\n%s", code, exitUsage, plainErr.String())
			}
			// --exit-zero forgives findings, not a failed rule.
			var zeroOut, zeroErr bytes.Buffer
			if code := run([]string{"--preview", "--exit-zero", "mem"}, &zeroOut, &zeroErr); code != exitUsage {
				t.Errorf("--exit-zero: exit code %d, want %d; stderr:\n%s", code, exitUsage, zeroErr.String())
			}
			// Nor does memlint baseline accept an incomplete run.
			var stdout, stderr bytes.Buffer
			if code := run([]string{"baseline", "mem"}, &stdout, &stderr); code != exitUsage {
				t.Errorf("baseline: exit code %d, want %d", code, exitUsage)
			}
			if _, err := os.Stat(filepath.Join(dir, ".memlint-baseline.json")); err == nil {
				t.Errorf("baseline written by a run in which a rule failed")
			}
		})
	}
}

// withRule adds a rule to the built-in ones for the rest of the test.
func withRule(t *testing.T, rule *lint.Rule) {
	t.Helper()
	reg, err := rules.Registry().With(rule)
	if err != nil {
		t.Fatal(err)
	}
	builtinRules = func() *lint.Registry { return reg }
	t.Cleanup(func() { builtinRules = rules.Registry })
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestFailingRuleInClaudeHook: in the Claude Code hook a rule that panics
// is memlint's bug, told to the user with exit 1, neither dropped (exit 0)
// nor handed to the agent as something to fix (exit 2).
func TestFailingRuleInClaudeHook(t *testing.T) {
	withRule(t, &lint.Rule{ID: "test-failing", Severity: lint.Error, Summary: "a rule that fails, for tests",
		Run: func(*lint.Pass) { panic("test rule panicked") }})
	dir := t.TempDir()
	mem := filepath.Join(dir, "memory")
	must(t, os.MkdirAll(mem, 0o755))
	topic := filepath.Join(mem, "user_role.md")
	must(t, os.WriteFile(filepath.Join(mem, "MEMORY.md"), []byte("- [Role](user_role.md) — what the user does\n"), 0o644))
	must(t, os.WriteFile(topic, []byte("---\nname: Role\ndescription: the user is a data scientist\ntype: user\n---\nThe user is a data scientist.\n"), 0o644))
	t.Setenv("CLAUDE_PROJECT_DIR", dir)
	event := `{"hook_event_name":"PostToolUse","tool_name":"Write","cwd":` + strconvQuote(dir) +
		`,"tool_input":{"file_path":` + strconvQuote(topic) + `}}`
	var stderr bytes.Buffer
	code := runClaudeHook(strings.NewReader(event), io.Discard, &stderr)
	if code != 1 {
		t.Errorf("exit code %d, want 1; stderr:\n%s", code, stderr.String())
	}
	if want := "rule test-failing failed"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
	}
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }
