package logs

import (
	"bytes"
	_ "embed"
	"fmt"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
)

// AppendOnly reports changes to logs (daily or per session) other than lines added at the
// end. It needs the earlier content: the staged commit's HEAD, or --base REV.
var AppendOnly = &lint.Rule{
	ID:       "log-append-only",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "(git modes) a change to an existing log edits or removes earlier lines",
	Doc:      appendOnlyDoc,
	Run: func(pass *lint.Pass) {
		d := pass.Dir
		for _, f := range d.Logs {
			if !f.InBase {
				continue
			}
			if at, ok := appendOnly(f.Base, f.Src); !ok {
				start := f.Pos(at)
				pass.ReportAt(f, markdown.Pos{Line: start.Line, Col: 1}, markdown.Pos{},
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

//go:embed log-append-only.md
var appendOnlyDoc string

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
