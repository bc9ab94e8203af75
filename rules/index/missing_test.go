package index_test

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/linttest"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules"
)

// TestIndexOver4MiB checks that a MEMORY.md over 4 MiB, which Claude Code
// skips whole, is reported as loading nothing, whether memlint reads it or
// not (larger than it reads), and that one of exactly 4 MiB is not: it is
// loaded and cut, at 200 lines, which here come before 25,000 units, so
// index-size-limit warns of its size.
func TestIndexOver4MiB(t *testing.T) {
	line := []byte("- [DB](feedback_db.md) — integration tests hit a real database\n")
	index := func(size int) []byte {
		b := bytes.Repeat(line, size/len(line)+1)
		return b[:size]
	}
	topic := []byte("---\nname: feedback-db\ndescription: Integration tests hit a real database\ntype: feedback\n---\n")
	for _, tc := range []struct {
		name    string
		size    int
		maxRead int64
		sev     lint.Severity
		want    []string // rule: message fragment
	}{
		{"exactly 4 MiB: loaded, then cut", memory.IndexMaxBytes, 0, lint.Warning, []string{
			"index-size-limit: UTF-16 units, more than the 25,000 Claude Code loads; today its 200-line cut comes first",
		}},
		{"4 MiB + 1", memory.IndexMaxBytes + 1, 0, lint.Error, []string{
			"index-missing: over the 4 MiB (4,194,304 bytes) Claude Code reads: it skips the file silently and loads nothing",
			"index-size-limit: Claude Code skips a MEMORY.md over 4 MiB (4,194,304 bytes) and loads nothing at all",
		}},
		{"4 MiB + 1, larger than memlint reads", memory.IndexMaxBytes + 1, memory.IndexMaxBytes, lint.Error, []string{
			"index-missing: MEMORY.md is 4.0 MiB, over the 4 MiB",
			"index-size-limit: MEMORY.md is 4.0 MiB (4,194,305 bytes)",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"memory/MEMORY.md":      {Data: index(tc.size)},
				"memory/feedback_db.md": {Data: topic},
			}
			linter := &lint.Linter{Setup: lint.Setup{Registry: rules.Registry(), Now: linttest.Now,
				Only: []string{"index-missing", "index-size-limit"}}, Root: "/repo", MaxFileSize: tc.maxRead}
			res, err := linter.Lint(fsys, []string{"memory"})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range res.Diagnostics {
				if d.Severity != tc.sev || d.Path != "memory/MEMORY.md" {
					t.Errorf("finding %s %s on %s, want %s on memory/MEMORY.md", d.Severity, d.Rule, d.Path, tc.sev)
				}
				got = append(got, d.Rule+": "+d.Message)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("findings:\n%s\nwant %d", strings.Join(got, "\n"), len(tc.want))
			}
			for i, w := range tc.want {
				rule, frag, _ := strings.Cut(w, ": ")
				if !strings.HasPrefix(got[i], rule+": ") || !strings.Contains(got[i], frag) {
					t.Errorf("finding %d = %q, want %s containing %q", i, got[i], rule, frag)
				}
			}
		})
	}
}
