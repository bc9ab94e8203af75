package rules

import (
	"bytes"
	"fmt"

	"github.com/memlint/memlint/lint"
)

// LogAppendOnly reports changes to logs (daily or per session) other than lines added at the
// end. It needs the earlier content: the staged commit's HEAD, or --base REV.
var LogAppendOnly = &lint.Rule{
	ID:       "log-append-only",
	Severity: lint.Error,
	Summary:  "(git modes) a change to an existing log edits or removes earlier lines",
	Doc: `Daily logs (` + "`logs/YYYY/MM/YYYY-MM-DD.md`" + `) are the raw record the nightly
consolidation distils memories from. They are append-only: an earlier line that
is edited or deleted rewrites history the consolidation may already have used,
and a poisoned edit there is hard to spot in review. memlint checks this when it
knows the earlier content: in the pre-commit hook (against HEAD) and with
` + "`--base REV`" + ` (against a revision, for pull requests). A new log, or lines
added after the last one, are fine.

Bad: a commit that changes line 3 of ` + "`logs/2026/03/2026-03-05.md`" + ` or deletes the file.
Good: a commit that only adds lines at the end of it.

Fix: restore the earlier lines and add the correction as a new line at the end
(e.g. "- 14:10 correction: the 09:12 entry named the wrong service").`,
	Run: func(pass *lint.Pass) {
		d := pass.Dir
		for _, f := range d.Logs {
			if !f.InBase {
				continue
			}
			if at, ok := appendOnly(f.Base, f.Src); !ok {
				start := f.Pos(at)
				pass.ReportAt(f, lint.Pos{Line: start.Line, Col: 1}, lint.Pos{},
					fmt.Sprintf("daily log changed at line %d: logs are append-only, so earlier lines must stay as they were", start.Line),
					"restore the earlier lines and add the correction as a new line at the end")
			}
		}
		for _, rel := range d.DeletedLogs {
			pass.Report(lint.Diagnostic{Path: d.Join(rel),
				Message:    fmt.Sprintf("daily log %s was deleted: logs are append-only", rel),
				Suggestion: "restore the file; add corrections as new lines at its end"})
		}
	},
}

// appendOnly reports whether now only adds to base at the end, and if not,
// the offset in now where the first changed line starts. A last line
// without a newline may only be followed by a newline and new lines.
func appendOnly(base, now []byte) (int, bool) {
	if bytes.HasPrefix(now, base) && (len(base) == 0 || base[len(base)-1] == '\n' || len(now) == len(base) || now[len(base)] == '\n') {
		return 0, true
	}
	// The first line that differs: the longest common prefix, back to the
	// start of its line.
	n := 0
	for n < len(base) && n < len(now) && base[n] == now[n] {
		n++
	}
	return bytes.LastIndexByte(now[:n], '\n') + 1, false
}
