package lint

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/lint/claude"
)

func testRegistry(t *testing.T) *Registry {
	t.Helper()
	reg, err := NewRegistry(
		&Rule{ID: "entry-length", Severity: Warning, Options: []Option{{Name: "max", Default: 150}}},
		&Rule{ID: "relative-date", Severity: Error, Options: []Option{{Name: "types", Default: []string{"project"}, Choices: []string{"user", "feedback", "project", "reference"}}}},
		&Rule{ID: "secretish", Severity: Warning},
	)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// configErrorCases are configurations ParseConfig refuses, with the
// error each gets; TestConfigSchemaRejects checks the schema refuses them
// too.
var configErrorCases = []struct {
	src, want string
}{
	{"rulez: {}\n", "c.yaml:1: rulez: unknown key"},
	{"rules:\n  no-such-rule: error\n", "c.yaml:2: rules.no-such-rule: unknown rule"},
	{"rules:\n  entry-length: loud\n", `c.yaml:2: rules.entry-length: unknown severity "loud"`},
	{"rules:\n  entry-length: {max: many}\n", `c.yaml:2: rules.entry-length.max: expected a whole number`},
	{"rules:\n  entry-length:\n    mux: 3\n", `c.yaml:3: rules.entry-length.mux: rule entry-length has no option "mux"`},
	{"rules:\n  relative-date: {types: [project, memo]}\n", `"memo" is not one of user, feedback, project, reference`},
	{"ignore: ['[']\n", `c.yaml:1: ignore: invalid glob "["`},
	{"overrides:\n  - rules: {secretish: error}\n", "overrides[0].files: an override needs files"},
	{"overrides:\n  - files: ['**/team/**']\n    rulez: {}\n", "c.yaml:3: overrides[0].rulez: unknown key"},
	{"rules:\n  entry-length: error\n  entry-length: warning\n", "c.yaml:3: rules.entry-length: key appears twice"},
	{"rules: [a\n", "c.yaml:1: invalid YAML"},
	{"- a\n- b\n", "must be a mapping"},
	{"claude-code:\n  recall: sometimes\n", `c.yaml:2: claude-code.recall: expected on, off or auto, got "sometimes"`},
	{"claude-code:\n  recall: [on]\n", `c.yaml:2: claude-code.recall: expected on, off or auto`},
	{"claude-code:\n  recal: on\n", "c.yaml:2: claude-code.recal: unknown key (want recall, guard or version)"},
	{"claude-code: on\n", "c.yaml:1: claude-code: expected a mapping such as {recall: auto}"},
	{"claude-code: {recall: on, recall: off}\n", "c.yaml:1: claude-code.recall: key appears twice"},
	{"claude-code:\n  guard: maybe\n", `c.yaml:2: claude-code.guard: expected on or off, got "maybe"`},
	{"claude-code:\n  version: 2.1\n", `c.yaml:2: claude-code.version: expected a Claude Code version such as 2.1.337, got "2.1"`},
	{"claude-code:\n  version: latest\n", `c.yaml:2: claude-code.version: expected a Claude Code version such as 2.1.337, got "latest"`},
	{"claude-code:\n  version: [2.1.332]\n", `c.yaml:2: claude-code.version: expected a Claude Code version such as 2.1.337, got ""`},
	{"claude-code:\n  gaurd: off\n", "c.yaml:2: claude-code.gaurd: unknown key (want recall, guard or version)"},
}

func TestConfigErrors(t *testing.T) {
	reg := testRegistry(t)
	for _, tc := range configErrorCases {
		_, err := ParseConfig([]byte(tc.src), "c.yaml", reg)
		var ce *ConfigError
		if !errors.As(err, &ce) {
			t.Errorf("%q: want a ConfigError, got %v", tc.src, err)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q:\n got  %v\n want %s", tc.src, err, tc.want)
		}
	}
}

func TestConfigResolve(t *testing.T) {
	reg := testRegistry(t)
	dir := t.TempDir()
	src := `
roots: [".claude/memory"]
ignore: ["**/archive/**"]
rules:
  entry-length: {severity: error, max: 200}
  secretish: off
  relative-date: {types: [project, feedback]}
overrides:
  - files: ["**/team/**"]
    rules: {secretish: error, entry-length: off}
`
	c, err := ParseConfig([]byte(src), filepath.Join(dir, ".memlint.yaml"), reg)
	if err != nil {
		t.Fatal(err)
	}
	el, _ := reg.Lookup("entry-length")
	off, sev, opts := c.Resolve(el, filepath.Join(dir, "mem", "MEMORY.md"))
	if off || sev != Error || opts.Int("max") != 200 {
		t.Errorf("entry-length: off=%v sev=%v max=%d", off, sev, opts.Int("max"))
	}
	if off, _, _ := c.Resolve(el, filepath.Join(dir, "mem", "team", "MEMORY.md")); !off {
		t.Errorf("the override turns entry-length off under team/")
	}
	s, _ := reg.Lookup("secretish")
	if off, _, _ := c.Resolve(s, filepath.Join(dir, "mem", "a.md")); !off {
		t.Errorf("secretish is off")
	}
	if off, sev, _ := c.Resolve(s, filepath.Join(dir, "mem", "team", "a.md")); off || sev != Error {
		t.Errorf("the override turns secretish back on as error: off=%v sev=%v", off, sev)
	}
	if !c.MaybeOn(s) {
		t.Errorf("a rule an override turns on must run")
	}
	rd, _ := reg.Lookup("relative-date")
	if _, _, opts := c.Resolve(rd, filepath.Join(dir, "a.md")); strings.Join(opts.Strings("types"), ",") != "project,feedback" {
		t.Errorf("types = %v", opts.Strings("types"))
	}
	if !c.Ignored(filepath.Join(dir, "mem", "archive", "old.md")) || c.Ignored(filepath.Join(dir, "mem", "new.md")) {
		t.Errorf("ignore glob not applied")
	}
	if len(c.Roots) != 1 || c.Roots[0] != ".claude/memory" {
		t.Errorf("roots = %v", c.Roots)
	}
}

func TestConfigEmpty(t *testing.T) {
	for _, src := range []string{"", "# nothing yet\n", "---\n", "---\n# nothing yet\n", "~\n"} {
		c, err := ParseConfig([]byte(src), "c.yaml", testRegistry(t))
		if err != nil || len(c.Rules) != 0 {
			t.Errorf("%q: an empty config is valid: %v", src, err)
		}
	}
}

func TestConfigRecall(t *testing.T) {
	reg := testRegistry(t)
	for src, want := range map[string]claude.RecallMode{
		"":                              claude.RecallAuto,
		"claude-code:\n":                claude.RecallAuto,
		"claude-code: {}\n":             claude.RecallAuto,
		"claude-code: {recall: auto}\n": claude.RecallAuto,
		"claude-code: {recall: on}\n":   claude.RecallOn,
		"claude-code: {recall: off}\n":  claude.RecallOff,
		"claude-code: {recall: 'on'}\n": claude.RecallOn,
		"claude-code: {recall: true}\n": claude.RecallOn,
	} {
		c, err := ParseConfig([]byte(src), "c.yaml", reg)
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if c.Recall != want {
			t.Errorf("%q: recall %v, want %v", src, c.Recall, want)
		}
	}
}

func TestConfigGuard(t *testing.T) {
	reg := testRegistry(t)
	for src, off := range map[string]bool{
		"":                            false,
		"claude-code: {}\n":           false,
		"claude-code: {guard: on}\n":  false,
		"claude-code: {guard: off}\n": true,
		"claude-code: {guard: false, recall: on}\n": true,
	} {
		c, err := ParseConfig([]byte(src), "c.yaml", reg)
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if c.NoGuard != off {
			t.Errorf("%q: NoGuard %v, want %v", src, c.NoGuard, off)
		}
	}
}
