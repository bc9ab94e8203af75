package rules

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/lint/linttest"
	"github.com/memlint/memlint/rules/internal/gen"
)

// TestAllGo fails when all.go does not list every rule family folder, so
// that a new family cannot be left out of the registry.
func TestAllGo(t *testing.T) {
	families, err := gen.Families(".")
	if err != nil {
		t.Fatal(err)
	}
	want, err := gen.AllGo(families)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("all.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("all.go does not list the rule families %v: run go generate ./...", families)
	}
}

// TestFamilies checks each family folder: its test runs its fixtures with
// linttest.Run, and its testdata names only its own rules.
func TestFamilies(t *testing.T) {
	names, err := gen.Families(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != len(families) {
		t.Fatalf("%d family folders, %d families in all.go: run go generate ./...", len(names), len(families))
	}
	for i, name := range names {
		own := map[string]bool{}
		for _, r := range families[i] {
			own[r.ID] = true
		}
		if len(own) == 0 {
			t.Errorf("rules/%s: Rules is empty", name)
		}
		cases, err := os.ReadDir(filepath.Join(name, "testdata"))
		if errors.Is(err, fs.ErrNotExist) {
			continue // its rules are tested elsewhere (TestEveryRuleHasFixtures)
		}
		if err != nil {
			t.Errorf("rules/%s: %v", name, err)
			continue
		}
		tests, _ := filepath.Glob(filepath.Join(name, "*_test.go"))
		runs := false
		for _, f := range tests {
			if b, err := os.ReadFile(f); err == nil && strings.Contains(string(b), "linttest.Run(") {
				runs = true
			}
		}
		if !runs {
			t.Errorf("rules/%s: no test calls linttest.Run on its fixtures", name)
		}
		for _, c := range cases {
			if c.IsDir() && !own[c.Name()] && c.Name() != linttest.FuzzCorpus {
				t.Errorf("rules/%s/testdata/%s: not a rule of this family", name, c.Name())
			}
		}
	}
}

// TestFamilyDocs checks that each rule's documentation is the embedded
// <rule-id>.md of its family folder, and that no .md there is left over
// from a rule that is gone.
func TestFamilyDocs(t *testing.T) {
	names, err := gen.Families(".")
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range names {
		if i >= len(families) {
			break // TestFamilies reports the mismatch
		}
		docs, _ := filepath.Glob(filepath.Join(name, "*.md"))
		seen := map[string]bool{}
		for _, r := range families[i] {
			file := filepath.Join(name, r.ID+".md")
			seen[file] = true
			b, err := os.ReadFile(file)
			if err != nil {
				t.Errorf("rule %s: its documentation belongs in %s: %v", r.ID, file, err)
				continue
			}
			if string(b) != r.Doc {
				t.Errorf("rule %s: Doc is not the text of %s (embed it with //go:embed)", r.ID, file)
			}
		}
		for _, d := range docs {
			if !seen[d] {
				t.Errorf("%s: no rule %s in rules/%s", d, strings.TrimSuffix(filepath.Base(d), ".md"), name)
			}
		}
	}
}

// TestPatternsCompile compiles every pattern the rules and the engine
// declare: they compile on first use, so a bad one would otherwise fail
// only the run that meets its text.
func TestPatternsCompile(t *testing.T) {
	if n := lazyre.MustCompileAll(); n < 150 {
		t.Errorf("%d patterns: the rules declare about two hundred; are they still made with lazyre.New?", n)
	}
}
