package rules_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/lint/linttest"
	"github.com/memlint/memlint/rules"
)

// TestFixtures runs the cross-rule cases of testdata/rules/all, which run
// every rule at once, and the fixtures still kept there (see package
// linttest for their format). Each family runs its own fixtures,
// rules/<family>/testdata/<rule-id>/<case>/, in its own test.
func TestFixtures(t *testing.T) {
	linttest.Run(t, rules.Registry(), filepath.Join("..", "testdata", "rules"), linttest.WithRedact(rules.Redact))
}

// TestEveryRuleHasFixtures keeps the promise that every rule is shown both
// firing and not firing, in exactly one place.
func TestEveryRuleHasFixtures(t *testing.T) {
	// Findings made outside the engine are tested where they are made.
	elsewhere := map[string]string{
		"baseline-stale":            filepath.Join("..", "cmd", "memlint", "testdata", "script", "baseline.txtar"),
		"settings-memory-directory": filepath.Join("..", "cmd", "memlint", "testdata", "script", "settings.txtar"),
	}
	for _, r := range rules.All() {
		if test, ok := elsewhere[r.ID]; ok {
			if b, err := os.ReadFile(test); err != nil || !strings.Contains(string(b), r.ID) {
				t.Errorf("rule %s: %s does not test it", r.ID, test)
			}
			continue
		}
		dirs, err := filepath.Glob(filepath.Join("*", "testdata", r.ID))
		if err != nil {
			t.Fatal(err)
		}
		if top := filepath.Join("..", "testdata", "rules", r.ID); dirExists(top) {
			dirs = append(dirs, top)
		}
		switch len(dirs) {
		case 0:
			t.Errorf("rule %s has no fixtures in rules/<family>/testdata/%s", r.ID, r.ID)
		case 1:
			linttest.Coverage(t, filepath.Dir(dirs[0]), r)
		default:
			t.Errorf("rule %s has fixtures in several places: %s", r.ID, strings.Join(dirs, ", "))
		}
	}
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
