package report

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// fixFixture is a memory dir whose findings carry safe fixes (a type in
// capitals, an orphan memory, a value YAML cuts at " #", an invisible
// character after non-ASCII text on its line), an unsafe one
// (a dangling index entry) and none.
func fixFixture() fstest.MapFS {
	return fstest.MapFS{
		"mem/MEMORY.md": {Data: []byte("- [Role](user_role.md) — the user's role\n- [Gone](gone.md)\n")},
		"mem/user_role.md": {Data: []byte(`---
name: user-role
description: The user is a senior Go engineer, new to the React frontend
type: User
---
The user — a senior Go engineer — reviews every change.` + "\u200b" + ` Twice.
`)},
		"mem/reference_dash.md": {Data: []byte(`---
name: dashboards
description: API dashboards #grafana
type: reference
---
The API dashboards live in Grafana.
`)},
	}
}

// golden compares got with testdata/name, or rewrites the file with
// -update (only for an intended change of output).
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	file := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s changed (go test ./lint/report -run %s -update for an intended change):\n%s", name, t.Name(), got)
	}
}

// TestGolden pins each format's output for the fix fixture.
func TestGolden(t *testing.T) {
	for _, c := range []struct {
		golden string
		rep    Reporter
	}{
		{"fixes.txt", &textReporter{}},
		{"statistics.txt", &textReporter{Statistics: true}},
		{"fixes.json", jsonReporter{}},
		{"gitlab.json", gitlabReporter{}},
	} {
		t.Run(c.golden, func(t *testing.T) {
			var buf bytes.Buffer
			if err := c.rep.Report(&buf, lintFixture(t, fixFixture())); err != nil {
				t.Fatal(err)
			}
			golden(t, c.golden, buf.Bytes())
		})
	}
}
