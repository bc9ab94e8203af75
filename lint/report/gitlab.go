package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/memlint/memlint/lint"
)

// gitlabReporter is GitLab's Code Quality report (a subset of the Code Climate
// format), which merge requests show as a widget and diff annotations:
// a JSON array with one issue per finding,
//
//	[{"description", "check_name", "fingerprint", "severity",
//	  "location": {"path", "lines": {"begin"}}}]
//
// Its fields:
//
//   - check_name is the rule ID; description the message.
//   - fingerprint is SARIF's partialFingerprints["memlint/v1"]
//     (lint.Fingerprint): it survives lines moving, so GitLab tells new
//     findings from old ones across pipelines.
//   - severity: error → major, warning → minor, info → info.
//   - path is relative to Report.Root (absolute outside it); a finding
//     about a whole file or dir is on line 1.
//
// Suppressed findings are left out. The same input gives the same bytes.
type gitlabReporter struct{}

type gitlabIssue struct {
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    gitlabLocation `json:"location"`
}

type gitlabLocation struct {
	Path  string      `json:"path"`
	Lines gitlabLines `json:"lines"`
}

type gitlabLines struct {
	Begin int `json:"begin"`
}

// gitlabSeverities maps memlint's severities to Code Quality's (info,
// minor, major, critical, blocker): an error fails memlint's run but is
// not a security hole, so it is major, as GitLab's own examples rate
// errors.
var gitlabSeverities = map[lint.Severity]string{
	lint.Error:   "major",
	lint.Warning: "minor",
	lint.Info:    "info",
}

// Report writes r as one JSON array followed by a newline.
func (gitlabReporter) Report(w io.Writer, r *Report) error {
	// Numbered with the suppressed findings, as SARIF does, so that the
	// fingerprints are SARIF's.
	findings := sarifFindings(r)
	occurrences := lint.Occurrences(findings, func(d lint.Diagnostic) string { return r.sarifPath(d.Path) })
	out := make([]gitlabIssue, 0, len(r.Diagnostics))
	for i, d := range findings {
		if d.Suppressed {
			continue
		}
		sev, ok := gitlabSeverities[d.Severity]
		if !ok {
			sev = "info"
		}
		path := r.sarifPath(d.Path)
		out = append(out, gitlabIssue{
			Description: d.Message,
			CheckName:   d.Rule,
			Fingerprint: lint.Fingerprint(d, path, occurrences[i]),
			Severity:    sev,
			Location:    gitlabLocation{Path: path, Lines: gitlabLines{Begin: max(d.Start.Line, 1)}},
		})
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	err := enc.Encode(out)
	if err == nil {
		_, err = w.Write(EscapeJSON(buf.Bytes()))
	}
	if err != nil {
		return fmt.Errorf("write GitLab report: %w", err)
	}
	return nil
}
