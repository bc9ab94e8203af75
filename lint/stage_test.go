package lint_test

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/memlint/memlint/lint"
)

// TestPreviewRulesRunWhenAsked shows who runs a preview rule: nobody by
// default; preview: true (or the command line's --preview, WithPreview);
// rules: naming it, unless it says off; an override giving it a severity,
// for the files it matches only; a run restricted to it (Only), as a
// fixture's is.
func TestPreviewRulesRunWhenAsked(t *testing.T) {
	// The rule reports every topic file, so which files it reported says
	// where it ran.
	preview := &lint.Rule{ID: "test-preview", Severity: lint.Warning, Stage: lint.Preview, Summary: "reports every topic file, for tests",
		Run: func(p *lint.Pass) {
			for _, f := range p.Dir.Topics {
				p.ReportFile(f, "seen", "")
			}
		}}
	reg, err := lint.NewRegistry(preview)
	if err != nil {
		t.Fatal(err)
	}
	topic := "---\nname: a\ndescription: a topic for the test run\ntype: user\n---\nTea.\n"
	fsys := fstest.MapFS{
		"mem/MEMORY.md":      {Data: []byte("- [A](a.md) — a\n- [B](team/b.md) — b\n")},
		"mem/a.md":           {Data: []byte(topic)},
		"mem/archive/old.md": {Data: []byte(topic)},
	}
	parse := func(yaml string) *lint.Config {
		if yaml == "" {
			return nil
		}
		cfg, err := lint.ParseConfig([]byte(yaml), filepath.Join(string(filepath.Separator), "repo", lint.ConfigFileName), reg)
		if err != nil {
			t.Fatalf("%s: %v", yaml, err)
		}
		return cfg
	}
	for _, c := range []struct {
		name string
		cfg  *lint.Config
		only []string
		want string // the files reported, space separated
	}{
		{"default", nil, nil, ""},
		{"config without it", parse("rules: {}\n"), nil, ""},
		{"preview: true", parse("preview: true\n"), nil, "mem/a.md mem/archive/old.md"},
		{"--preview", (*lint.Config)(nil).WithPreview(), nil, "mem/a.md mem/archive/old.md"},
		{"--preview over a file", parse("rules: {}\n").WithPreview(), nil, "mem/a.md mem/archive/old.md"},
		{"named in rules", parse("rules: {test-preview: error}\n"), nil, "mem/a.md mem/archive/old.md"},
		{"named with options only", parse("rules: {test-preview: {}}\n"), nil, "mem/a.md mem/archive/old.md"},
		{"named off", parse("rules: {test-preview: off}\n"), nil, ""},
		{"preview: true but off", parse("preview: true\nrules: {test-preview: off}\n"), nil, ""},
		{"an override's files", parse("overrides:\n  - files: [\"mem/archive/**\"]\n    rules: {test-preview: warning}\n"), nil, "mem/archive/old.md"},
		{"preview: false", parse("preview: false\n"), nil, ""},
		{"Only", nil, []string{"test-preview"}, "mem/a.md mem/archive/old.md"},
		{"Only, but off", parse("rules: {test-preview: off}\n"), []string{"test-preview"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := filepath.Join(string(filepath.Separator), "repo")
			l := &lint.Linter{Setup: lint.Setup{Registry: reg, Only: c.only}, Config: c.cfg, Root: root}
			res, err := l.Lint(fsys, []string{"mem"})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range res.Diagnostics {
				if d.Rule == preview.ID {
					got = append(got, d.Path)
				}
			}
			sort.Strings(got)
			if strings.Join(got, " ") != c.want {
				t.Errorf("reported %q, want %q", got, c.want)
			}
			if on := c.cfg.MaybeOn(preview); c.only == nil && on != (c.want != "") {
				t.Errorf("MaybeOn = %v, but the rule reported %q", on, got)
			}
		})
	}
}

// withPreview is the configuration of a run with every rule, the preview
// ones included: --preview without a configuration file. The tests that
// check what rules find, whatever their stage, run with it.
func withPreview() *lint.Config { return (*lint.Config)(nil).WithPreview() }

// TestPreviewConfigValues checks the values preview: takes.
func TestPreviewConfigValues(t *testing.T) {
	for _, c := range []struct {
		yaml    string
		want    bool
		wantErr string
	}{
		{"preview: true\n", true, ""},
		{"preview: on\n", true, ""},
		{"preview: false\n", false, ""},
		{"preview: yes\n", false, `preview: expected true or false, got "yes"`},
		{"preview: [true]\n", false, "preview: expected true or false"},
	} {
		cfg, err := lint.ParseConfig([]byte(c.yaml), "/repo/.memlint.yaml", nil)
		if c.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("%q: error %v, want %q", c.yaml, err, c.wantErr)
			}
			continue
		}
		if err != nil || cfg.Preview != c.want {
			t.Errorf("%q: Preview %v, error %v; want %v", c.yaml, cfg != nil && cfg.Preview, err, c.want)
		}
	}
}
