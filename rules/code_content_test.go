package rules

import (
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/memlint/memlint/lint"
)

// FuzzCodeContent checks that no input makes the rule panic or report a
// span outside the file.
func FuzzCodeContent(f *testing.F) {
	for _, seed := range []string{
		"auth.ts:42 and line 42 of x.go, x.go (line 7)\n",
		"commit a1b2c3d..e4f5a6b\n- a1b2c3d Fix x\n- b2c3d4e Add y\n",
		"| Commit |\n|---|\n| `a1b2c3d` |\n",
		"```\nTraceback (most recent call last):\n  File \"x.py\", line 1, in f\n```\n",
		"[x](https://github.com/o/r/blob/main/a.go#L1-L2) https://github.com/o/r/commit/a1b2c3d\n",
		"C:\\x.cs:1 `#L` #L1 :1 line 9 of\nline",
		"\tat a.B.c(B.java:1)\n\tat a.B.d(B.java:2)\n",
		"thread 'main' panicked at a.rs:1:1:\nstack backtrace:\n   0: x\n   1: a::b\n",
	} {
		f.Add(seed)
	}
	reg, err := lint.NewRegistry(CodeContent)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body string) {
		src := "---\nname: x\ndescription: x\ntype: project\n---\n" + body
		fsys := fstest.MapFS{
			"MEMORY.md":  {Data: []byte(body)},
			"project.md": {Data: []byte(src)},
		}
		l := &lint.Linter{Registry: reg, Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
		res, err := l.Lint(fsys, []string{"."})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range res.Diagnostics {
			if d.Rule != CodeContent.ID {
				continue
			}
			if d.Start.Line < 1 || (d.End.Line != 0 && (d.End.Line < d.Start.Line ||
				(d.End.Line == d.Start.Line && d.End.Col < d.Start.Col))) {
				t.Errorf("bad span %v-%v: %s", d.Start, d.End, d.Message)
			}
			if strings.HasPrefix(d.Message, "internal error") {
				t.Errorf("rule panicked: %s", d.Message)
			}
		}
	})
}
