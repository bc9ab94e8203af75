package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/baseline"
)

func TestBaselinePath(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	repo := filepath.Join(root, "repo")
	sub := filepath.Join(repo, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := &lint.Config{Path: filepath.Join(repo, "a", lint.ConfigFileName), Dir: filepath.Join(repo, "a")}
	for _, tc := range []struct {
		name  string
		flag  string
		cwd   string
		cfg   *lint.Config
		want  string
		named bool
	}{
		{"beside the configuration", "", sub, cfg, filepath.Join(repo, "a", baseline.FileName), false},
		{"repository top level", "", sub, nil, filepath.Join(repo, baseline.FileName), false},
		{"current directory", "", root, nil, filepath.Join(root, baseline.FileName), false},
		{"--baseline relative", "ci/../ci/x.json", sub, cfg, filepath.Join(sub, "ci", "x.json"), true},
		{"--baseline absolute", filepath.Join(root, "x.json"), sub, cfg, filepath.Join(root, "x.json"), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := &checkOptions{baselineFile: tc.flag}
			got, named := o.baselinePath(tc.cwd, tc.cfg)
			if got != tc.want || named != tc.named {
				t.Errorf("baselinePath = %s, %v; want %s, %v", got, named, tc.want, tc.named)
			}
		})
	}
}

func TestBaselineScope(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, f := range []string{"mem/a.md", "mem/team/b.md", "other/c.md"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	whole := []*lint.Target{{Dir: filepath.Join(dir, "mem")}}
	oneFile := []*lint.Target{{Dir: filepath.Join(dir, "mem"), Files: map[string]bool{filepath.Join(dir, "mem", "a.md"): true}}}
	for _, tc := range []struct {
		path    string
		targets []*lint.Target
		gone    bool
		want    bool
	}{
		{"mem/a.md", whole, true, true},
		{"mem/team/b.md", whole, true, true},
		{"mem", whole, true, true},
		{"other/c.md", whole, true, false},
		{"mem/a.md", oneFile, true, true},
		{"mem/team/b.md", oneFile, true, false},
		{"mem", oneFile, true, false},
		{"other/deleted.md", whole, true, true},
		{"other/deleted.md", whole, false, false},
		{"other/deleted.md", nil, true, true},
		{"mem/a.md", nil, true, false},
	} {
		if got := lint.InScope(tc.targets, baseline.Entry{Path: tc.path}.AbsPath(dir), tc.gone); got != tc.want {
			t.Errorf("in scope(%s, %d targets, files %v, gone %v) = %v, want %v", tc.path, len(tc.targets), tc.targets != nil && tc.targets[0].Files != nil, tc.gone, got, tc.want)
		}
	}
}

// TestBaselineKeepsSameTextFindingsApart: frontmatter-required reports
// every missing field at the opening ---. A baseline that accepted "no
// type" must not hide a later "no description" (and report the accepted
// one instead), as it did while the two shared a fingerprint.
// frontmatter-required is a preview rule, and memlint baseline takes no
// --preview: the project's configuration turns the preview rules on, for
// the baseline and the check alike.
func TestBaselineKeepsSameTextFindingsApart(t *testing.T) {
	dir := t.TempDir()
	writePreviewConfig(t, dir)
	mem := filepath.Join(dir, "memory")
	must(t, os.MkdirAll(mem, 0o755))
	must(t, os.WriteFile(filepath.Join(mem, "MEMORY.md"), []byte("- [Role](user_role.md) — the user is a data scientist\n"), 0o644))
	topic := filepath.Join(mem, "user_role.md")
	must(t, os.WriteFile(topic, []byte("---\nname: Role\ndescription: the user is a data scientist\n---\nThe user is a data scientist.\n"), 0o644))
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"baseline", "memory"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("baseline: exit %d: %s", code, stderr.String())
	}
	must(t, os.WriteFile(topic, []byte("---\nname: Role\n---\nThe user is a data scientist.\n"), 0o644))
	stdout.Reset()
	stderr.Reset()
	run([]string{"--format", "json", "memory"}, &stdout, &stderr)
	var out struct {
		Diagnostics []struct{ Rule, Message string }
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("%v: %s", err, stdout.String())
	}
	var required []string
	for _, d := range out.Diagnostics {
		if d.Rule == "frontmatter-required" {
			required = append(required, d.Message)
		}
	}
	if len(required) != 1 || !strings.Contains(required[0], "no description") {
		t.Errorf("frontmatter-required findings after the baseline = %q, want only the new “no description”", required)
	}
}
