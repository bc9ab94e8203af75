package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/rules"
)

// TestReportRedactsPaths checks that every format masks the names in a
// path that hold a secret — a topic file, a folder and the repository
// itself named after tokens, inside and outside the root — with the mask
// percent-encoded in SARIF URIs so that the log stays valid, and that a
// report with Redact set shows ordinary paths exactly as one without.
func TestReportRedactsPaths(t *testing.T) {
	const (
		ghp  = "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"
		xoxb = "xoxb-966632132733-4195039528911-MemLintQq7RARJ6YrZRKY8TJ"
		root = "/w/" + ghp
	)
	secrets := []string{"MemLintFixtureNdMv48qoCJrB2Ioq0bZDAu", "MemLintQq7RARJ6YrZRKY8TJ"}
	named := func() *Report {
		r := sample()
		r.Root, r.Redact = root, rules.Redact
		r.DisplayPath = nil
		r.Diagnostics = append(r.Diagnostics,
			lint.Diagnostic{Rule: "secret", Severity: lint.Error, Path: root + "/mem/" + xoxb + "/notes.md", Message: "m"},
			lint.Diagnostic{Rule: "orphan-memory", Severity: lint.Warning, Path: root + "/mem/" + ghp + ".md",
				Start: markdown.Pos{Line: 1, Col: 1}, Message: "m"},
			lint.Diagnostic{Rule: "secret", Severity: lint.Error, Path: "/elsewhere/" + xoxb + ".md", Message: "m"})
		r.Suppressed = []lint.Diagnostic{{Rule: "secret", Severity: lint.Error, Path: root + "/mem/" + ghp + ".md", Message: "m"}}
		r.Indexes = append(r.Indexes, Index{Path: root + "/mem/" + xoxb + "/MEMORY.md"})
		return r
	}
	sch := sarifSchema(t)
	for _, format := range Formats {
		rep, err := New(format, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := rep.Report(&buf, named()); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		for _, s := range secrets {
			if strings.Contains(out, s) {
				t.Errorf("%s shows the fake secret %q:\n%s", format, s, out)
			}
		}
		mask := "ghp_…ZDAu"
		if format == "sarif" {
			mask = "ghp_%E2%80%A6ZDAu"
			validateSARIF(t, sch, buf.Bytes())
		}
		if !strings.Contains(out, mask) {
			t.Errorf("%s does not show the masked name %s:\n%s", format, mask, out)
		}

		// Ordinary paths: the same bytes with Redact as without.
		var plain, redacted bytes.Buffer
		r := sample()
		if err := rep.Report(&plain, r); err != nil {
			t.Fatal(err)
		}
		r = sample()
		r.Redact = rules.Redact
		if err := rep.Report(&redacted, r); err != nil {
			t.Fatal(err)
		}
		if plain.String() != redacted.String() {
			t.Errorf("%s: Redact changes a report without secrets:\n%s\nwant:\n%s", format, redacted.String(), plain.String())
		}
	}
}
