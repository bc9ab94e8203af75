package lint_test

import (
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
)

// A run that keeps errors alone (the session summary) skips the parse of
// every body that only a warning needs, and so loses no error: the
// unparsable-body warning of file-unreadable is left out unless the
// configuration raises the rule to error, when it is reported as in a
// full run.
func TestErrorsOnlySkipsOnlyWarnings(t *testing.T) {
	fsys := fstest.MapFS{
		"MEMORY.md": {Data: []byte("- [X](x.md) — a memory that is perfectly fine here\n")},
		"x.md":      {Data: []byte(validMemory + strings.Repeat("> ", 10000) + "x\n")},
	}
	run := func(cfgSrc string, errorsOnly bool) []lint.Diagnostic {
		t.Helper()
		var cfg *lint.Config
		if cfgSrc != "" {
			var err error
			if cfg, err = lint.ParseConfig([]byte(cfgSrc), ".memlint.yaml", rules.Registry()); err != nil {
				t.Fatal(err)
			}
		}
		l := &lint.Linter{Setup: lint.Setup{Registry: rules.Registry(), ErrorsOnly: errorsOnly, Only: []string{"file-unreadable"},
			Now: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)}, Config: cfg}
		res, err := l.Lint(fsys, []string{"."})
		if err != nil {
			t.Fatal(err)
		}
		failIfRuleFailed(t, res)
		return findings(res, "x.md", "file-unreadable")
	}
	full := run("", false)
	if len(full) != 1 || !strings.Contains(full[0].Message, "deeply nested") {
		t.Fatalf("a full run: %+v; want the unparsable-body warning", full)
	}
	if got := run("", true); len(got) != 0 {
		t.Errorf("errors only: %+v; want no warning", got)
	}
	raised := "rules:\n  file-unreadable: error\n"
	want := run(raised, false)
	if got := run(raised, true); len(got) != 1 || got[0].Message != want[0].Message {
		t.Errorf("errors only, rule raised to error: %+v; want %+v", got, want)
	}
}
