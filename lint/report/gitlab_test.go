package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/memlint/memlint/lint"
)

// gitlabSchema is GitLab's Code Quality report format as its
// documentation (ci/testing/code_quality, "Code Quality report format")
// states it: an array of issues, each with these required fields; a
// location needs lines.begin or positions.begin.line.
const gitlabSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "array",
  "items": {
    "type": "object",
    "required": ["description", "check_name", "fingerprint", "severity", "location"],
    "properties": {
      "description": {"type": "string", "minLength": 1},
      "check_name": {"type": "string", "minLength": 1},
      "fingerprint": {"type": "string", "minLength": 1},
      "severity": {"enum": ["info", "minor", "major", "critical", "blocker"]},
      "location": {
        "type": "object",
        "required": ["path", "lines"],
        "properties": {
          "path": {"type": "string", "minLength": 1, "not": {"pattern": "^(/|\\./|[A-Za-z]:)"}},
          "lines": {
            "type": "object",
            "required": ["begin"],
            "properties": {"begin": {"type": "integer", "minimum": 1}}
          }
        }
      }
    }
  }
}`

func validateGitLab(t *testing.T, data []byte) error {
	t.Helper()
	c := jsonschema.NewCompiler()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(gitlabSchema))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.AddResource("gitlab-code-quality.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("gitlab-code-quality.json")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return sch.Validate(inst)
}

func writeGitLab(t *testing.T, r *Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := (gitlabReporter{}).Report(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestGitLab validates the report against the format's required shape,
// and checks that its fingerprints are SARIF's (the same findings are
// tracked the same way on either code host) and unique, and that
// suppressed findings are left out.
func TestGitLab(t *testing.T) {
	r := lintFixture(t, sarifFixture())
	if len(r.Suppressed) == 0 {
		t.Fatal("the fixture has no suppressed finding")
	}
	data := writeGitLab(t, r)
	if err := validateGitLab(t, data); err != nil {
		t.Errorf("not a Code Quality report: %v\n%s", err, data)
	}
	var issues []gitlabIssue
	if err := json.Unmarshal(data, &issues); err != nil {
		t.Fatal(err)
	}
	if len(issues) != len(r.Diagnostics) {
		t.Fatalf("%d issues for %d findings", len(issues), len(r.Diagnostics))
	}
	sarif := sarifOf(t, r)
	fingerprints := map[string]bool{}
	for i, d := range r.Diagnostics {
		is := issues[i]
		if is.CheckName != d.Rule || is.Description != d.Message || is.Severity != gitlabSeverities[d.Severity] ||
			is.Location.Path != strings.TrimPrefix(d.Path, sarifRoot+"/") || is.Location.Lines.Begin != max(d.Start.Line, 1) {
			t.Errorf("issue %d: %+v for %+v", i, is, d)
		}
		if !sarif[is.Fingerprint] {
			t.Errorf("issue %d: fingerprint %s is not among SARIF's", i, is.Fingerprint)
		}
		if fingerprints[is.Fingerprint] {
			t.Errorf("issue %d: fingerprint %s twice", i, is.Fingerprint)
		}
		fingerprints[is.Fingerprint] = true
	}

	// Empty, and outside the root: still valid (the path stays as shown).
	if got := string(writeGitLab(t, &Report{})); got != "[]\n" {
		t.Errorf("empty report: %q", got)
	}
	s := sample()
	s.Root = "/w"
	if err := validateGitLab(t, writeGitLab(t, s)); err != nil {
		t.Errorf("sample: %v", err)
	}
	// The schema can fail: an absolute path is not a Code Quality path.
	s.Root = ""
	if err := validateGitLab(t, writeGitLab(t, s)); err == nil {
		t.Error("an absolute path validates")
	}
}

// sarifOf returns the SARIF fingerprints of a report's reported results.
func sarifOf(t *testing.T, r *Report) map[string]bool {
	t.Helper()
	var doc struct {
		Runs []struct {
			Results []struct {
				PartialFingerprints map[string]string
				Suppressions        []any
			}
		}
	}
	if err := json.Unmarshal(writeSARIF(t, r), &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, res := range doc.Runs[0].Results {
		if len(res.Suppressions) == 0 {
			out[res.PartialFingerprints[sarifFingerprintKey]] = true
		}
	}
	return out
}

func TestGitLabSeverities(t *testing.T) {
	for _, sev := range severityOrder {
		if gitlabSeverities[sev] == "" {
			t.Errorf("%s has no Code Quality severity", sev)
		}
	}
	r := &Report{Diagnostics: []lint.Diagnostic{
		{Rule: "a", Severity: lint.Error, Path: "/w/x.md", Message: "e"},
		{Rule: "b", Severity: lint.Warning, Path: "/w/x.md", Message: "w"},
		{Rule: "c", Severity: lint.Info, Path: "/w/x.md", Message: "i"},
	}, Root: "/w"}
	var issues []gitlabIssue
	if err := json.Unmarshal(writeGitLab(t, r), &issues); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, is := range issues {
		got = append(got, is.Severity)
	}
	if strings.Join(got, " ") != "major minor info" {
		t.Errorf("severities %v", got)
	}
}
