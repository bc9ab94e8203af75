package lint

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/memlint/memlint/lint/memory"
)

type lengthOptions struct {
	Max   int      `option:"max" doc:"longest entry, in characters"`
	Types []string `option:"types" doc:"types checked" choices:"user,feedback,project"`
	Loud  bool     `option:"loud"`
	Word  string   `option:"word"`
}

var typedRule = &Rule{ID: "typed-rule", Severity: Warning,
	Options: OptionsOf(lengthOptions{Max: 150, Types: []string{"project"}, Word: "x"})}

func TestOptionsOf(t *testing.T) {
	var got []string
	for _, o := range typedRule.Options {
		got = append(got, o.Name+"="+FormatOptionDefault(o)+" ("+o.Doc+") "+strings.Join(o.Choices, "|"))
	}
	want := []string{
		"max=150 (longest entry, in characters) ",
		"types=[project] (types checked) user|feedback|project",
		"loud=false () ",
		`word="x" () `,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("options:\n got  %q\n want %q", got, want)
	}
	for _, bad := range []any{3, struct{ max int }{}, struct {
		Max float64 `option:"max"`
	}{}, struct{ Max int }{}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("OptionsOf(%T) did not refuse it", bad)
				}
			}()
			OptionsOf(bad)
		}()
	}
}

// TestOptionsFor reads options as configured per file, typed, once per
// file, and validates config against the struct's option names.
func TestOptionsFor(t *testing.T) {
	reg, err := NewRegistry(typedRule)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src := `
rules:
  typed-rule: {max: 200, loud: true}
overrides:
  - files: ["**/team/**"]
    rules: {typed-rule: {types: [user, feedback]}}
`
	c, err := ParseConfig([]byte(src), filepath.Join(dir, ".memlint.yaml"), reg)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	pass := &Pass{Rule: typedRule, Dir: &memory.Dir{Path: "mem"}, options: func(r *Rule, p string) Options {
		calls++
		_, _, o := c.Resolve(r, filepath.Join(dir, p))
		return o
	}}
	a := &memory.File{Path: "mem/a.md"}
	team := &memory.File{Path: "mem/team/b.md"}
	got := OptionsFor[lengthOptions](pass, a)
	if want := (lengthOptions{Max: 200, Types: []string{"project"}, Loud: true, Word: "x"}); !reflect.DeepEqual(got, want) {
		t.Errorf("a.md: %+v, want %+v", got, want)
	}
	got.Types[0] = "changed" // the caller's copy, not the default
	if got := OptionsFor[lengthOptions](pass, team); !reflect.DeepEqual(got.Types, []string{"user", "feedback"}) || got.Max != 200 {
		t.Errorf("team/b.md: %+v", got)
	}
	OptionsFor[lengthOptions](pass, a)
	OptionsFor[lengthOptions](pass, team)
	if calls != 2 {
		t.Errorf("options resolved %d times for 2 files", calls)
	}
	if def := (&Pass{Rule: typedRule, Dir: &memory.Dir{Path: "mem"}}); OptionsFor[lengthOptions](def, nil).Types[0] != "project" {
		t.Errorf("defaults changed by a caller: %+v", OptionsFor[lengthOptions](def, nil))
	}

	_, err = ParseConfig([]byte("rules:\n  typed-rule: {mux: 3}\n"), "c.yaml", reg)
	var ce *ConfigError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), `c.yaml:2: rules.typed-rule.mux: rule typed-rule has no option "mux" (it has severity, max, types, loud, word)`) {
		t.Errorf("unknown option: %v", err)
	}
	_, err = ParseConfig([]byte("rules:\n  typed-rule: {types: [memo]}\n"), "c.yaml", reg)
	if err == nil || !strings.Contains(err.Error(), `"memo" is not one of user, feedback, project`) {
		t.Errorf("bad choice: %v", err)
	}
}

// TestOptionsForWrongType shows that reading another struct than the one
// declared is caught, not a zero value.
func TestOptionsForWrongType(t *testing.T) {
	type other struct {
		Max int `option:"max"`
	}
	for _, r := range []*Rule{typedRule, {ID: "untyped", Options: []Option{{Name: "max", Default: 1}}}, {ID: "none"}} {
		func() {
			defer func() {
				if p := recover(); p == nil || !strings.Contains(p.(string), "does not declare them with lint.OptionsOf") {
					t.Errorf("%s: OptionsFor[other] = %v", r.ID, p)
				}
			}()
			OptionsFor[other](&Pass{Rule: r, Dir: &memory.Dir{Path: "mem"}}, nil)
		}()
	}
}

// TestOptionsForOverrides lints one dir whose files three overrides give
// different options: each file reads its own, though files the same
// overrides apply to share one decoding.
func TestOptionsForOverrides(t *testing.T) {
	seen := map[string]string{}
	rule := &Rule{ID: "typed-rule", Severity: Warning, Scope: ScopeDir,
		Options: OptionsOf(lengthOptions{Max: 150, Types: []string{"project"}, Word: "x"}),
		Run: func(p *Pass) {
			for _, f := range p.Dir.Topics {
				o := OptionsFor[lengthOptions](p, f)
				seen[f.Path] = fmt.Sprintf("%d %v %v %s", o.Max, o.Types, o.Loud, o.Word)
			}
		}}
	reg, err := NewRegistry(rule)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src := `
rules:
  typed-rule: {max: 200}
overrides:
  - files: ["mem/team_*.md"]
    rules: {typed-rule: {types: [user]}}
  - files: ["mem/*_loud.md"]
    rules: {typed-rule: {loud: true}}
  - files: ["mem/*.md"]
    rules: {typed-rule: {severity: error}}
`
	c, err := ParseConfig([]byte(src), filepath.Join(dir, ConfigFileName), reg)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{"mem/MEMORY.md": {Data: []byte("- [a](a.md)\n")}}
	for _, name := range []string{"a", "b", "team_c", "team_d_loud", "e_loud"} {
		fsys["mem/"+name+".md"] = &fstest.MapFile{Data: []byte("text\n")}
	}
	l := &Linter{Setup: Setup{Registry: c.Registry(reg)}, Config: c, Root: dir}
	if _, err := l.Lint(fsys, []string{"mem"}); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"mem/a.md":           "200 [project] false x",
		"mem/b.md":           "200 [project] false x",
		"mem/team_c.md":      "200 [user] false x",
		"mem/team_d_loud.md": "200 [user] true x",
		"mem/e_loud.md":      "200 [project] true x",
	}
	if !reflect.DeepEqual(seen, want) {
		t.Errorf("options by file:\n got  %v\n want %v", seen, want)
	}
	// The key tells apart only the overrides that set options.
	keys := map[uint64]bool{}
	for p := range want {
		k, ok := c.optionsKey(rule, func() string { return filepath.Join(dir, p) })
		if !ok {
			t.Fatalf("%s: no key", p)
		}
		keys[k] = true
	}
	if len(keys) != 4 {
		t.Errorf("%d keys for four different sets of options", len(keys))
	}
}
