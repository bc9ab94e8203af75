package lint

import (
	"testing"
	"testing/fstest"

	"github.com/memlint/memlint/lint/claude"
)

// TestRecallReachesRules checks that configuration and the probe decide
// what rules see, configuration first.
func TestRecallReachesRules(t *testing.T) {
	var seen claude.Recall
	rule := &Rule{ID: "probe", Severity: Info, Run: func(p *Pass) { seen = p.Recall() }}
	reg, err := NewRegistry(rule)
	if err != nil {
		t.Fatal(err)
	}
	detected := func() (bool, string) { return true, "CLAUDE_MEMORY_STORES is set" }
	cfgOff, err := ParseConfig([]byte("claude-code: {recall: off}\n"), "/repo/.memlint.yaml", reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		cfg   *Config
		probe claude.RecallProbe
		want  claude.Recall
	}{
		{"unknown", nil, nil, claude.Recall{}},
		{"detected", nil, detected, claude.Recall{On: true, Why: "CLAUDE_MEMORY_STORES is set"}},
		{"configured off beats detected", cfgOff, detected, claude.Recall{Configured: true, Why: "claude-code: {recall: off} in .memlint.yaml"}},
	} {
		seen = claude.Recall{}
		l := &Linter{Setup: Setup{Registry: reg, RecallProbe: tc.probe}, Config: tc.cfg, Root: "/repo"}
		if _, err := l.Lint(fstest.MapFS{"m/MEMORY.md": {Data: []byte("- x\n")}}, []string{"m"}); err != nil {
			t.Fatal(err)
		}
		if seen != tc.want {
			t.Errorf("%s: rules saw %+v, want %+v", tc.name, seen, tc.want)
		}
	}
}
