package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
)

// SARIF constants: the schema and version of the format, the base id that
// locations are relative to, and where the tool and its rules are
// documented.
const (
	sarifSchemaURL      = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifSpecVersion    = "2.1.0"
	sarifSourceRoot     = "%SRCROOT%"
	sarifFingerprintKey = "memlint/v1"
	sarifInformationURI = "https://github.com/memlint/memlint"
)

// sarifReporter is the format of code scanning tools: a SARIF 2.1.0 log with one
// run, written by hand from plain structs.
//
//   - tool.driver.rules describes each rule of Report.Rules once (plus any
//     rule a finding names that is not among them).
//   - Each finding is a result whose location is relative to Report.Root
//     (uriBaseId %SRCROOT%, resolved by run.originalUriBaseIds); paths
//     outside it are absolute file URIs. Findings about a whole file or
//     dir have no region.
//   - partialFingerprints["memlint/v1"] is lint.Fingerprint: it does not
//     change when the finding moves to another line.
//   - Findings hidden by memlint-disable comments (Report.Suppressed) are
//     results too, with an inSource suppression and its justification,
//     so that code scanning shows them as dismissed and audits see them.
//
// The output has no timestamps: the same input gives the same bytes.
type sarifReporter struct{}

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                        `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifactLocation `json:"originalUriBaseIds,omitempty"`
	Results            []sarifResult                    `json:"results"`
	ColumnKind         string                           `json:"columnKind"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name            string      `json:"name"`
	Version         string      `json:"version,omitempty"`
	SemanticVersion string      `json:"semanticVersion,omitempty"`
	InformationURI  string      `json:"informationUri"`
	Rules           []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string                  `json:"id"`
	Name                 string                  `json:"name"`
	ShortDescription     *sarifMessage           `json:"shortDescription,omitempty"`
	FullDescription      *sarifMessage           `json:"fullDescription,omitempty"`
	Help                 *sarifMarkdownMessage   `json:"help,omitempty"`
	HelpURI              string                  `json:"helpUri,omitempty"`
	DefaultConfiguration *sarifRuleConfiguration `json:"defaultConfiguration,omitempty"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifMarkdownMessage struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown"`
}

type sarifRuleConfiguration struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID              string             `json:"ruleId"`
	RuleIndex           int                `json:"ruleIndex"`
	Level               string             `json:"level"`
	Message             sarifMessage       `json:"message"`
	Locations           []sarifLocation    `json:"locations"`
	PartialFingerprints map[string]string  `json:"partialFingerprints"`
	Suppressions        []sarifSuppression `json:"suppressions,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           *sarifRegion          `json:"region,omitempty"`
}

type sarifArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifSuppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification,omitempty"`
}

// Report writes r as one SARIF document, indented by two spaces.
func (sarifReporter) Report(w io.Writer, r *Report) error {
	version, semver := sarifVersion(r.ToolVersion)
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:            "memlint",
			Version:         version,
			SemanticVersion: semver,
			InformationURI:  sarifInformationURI,
		}},
		Results:    []sarifResult{},
		ColumnKind: "unicodeCodePoints",
	}
	if r.Root != "" {
		run.OriginalURIBaseIDs = map[string]sarifArtifactLocation{
			sarifSourceRoot: {URI: fileURI(r.redactPath(strings.TrimSuffix(r.Root, "/")) + "/")},
		}
	}

	ruleIndex := map[string]int{}
	addRule := func(rule sarifRule) {
		if _, dup := ruleIndex[rule.ID]; dup {
			return // code scanning rejects a run that lists a rule twice
		}
		ruleIndex[rule.ID] = len(run.Tool.Driver.Rules)
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, rule)
	}
	for _, rule := range r.Rules {
		addRule(sarifRuleOf(rule, !r.CustomRules[rule.ID], r.ToolVersion))
	}

	findings := sarifFindings(r)
	var unknown []string
	for _, f := range findings {
		if _, ok := ruleIndex[f.Rule]; !ok {
			unknown = append(unknown, f.Rule)
		}
	}
	sort.Strings(unknown)
	for _, id := range unknown {
		addRule(sarifRule{ID: id, Name: ruleName(id)})
	}
	if run.Tool.Driver.Rules == nil {
		run.Tool.Driver.Rules = []sarifRule{}
	}

	occurrences := lint.Occurrences(findings, func(d lint.Diagnostic) string { return r.sarifPath(d.Path) })
	for i, d := range findings {
		run.Results = append(run.Results, r.sarifResult(d, ruleIndex[d.Rule], occurrences[i]))
	}

	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	err := enc.Encode(sarifLog{Schema: sarifSchemaURL, Version: sarifSpecVersion, Runs: []sarifRun{run}})
	if err == nil {
		_, err = w.Write(EscapeJSON(buf.Bytes()))
	}
	if err != nil {
		return fmt.Errorf("write SARIF report: %w", err)
	}
	return nil
}

// sarifVersion turns a Go module version into SARIF's version and
// semanticVersion, which have no "v": v1.2.3 gives 1.2.3 twice. Anything
// else, such as "(devel)" for a build from a checkout, is only a version.
func sarifVersion(v string) (version, semver string) {
	if len(v) > 1 && v[0] == 'v' && '0' <= v[1] && v[1] <= '9' {
		return v[1:], v[1:]
	}
	return v, ""
}

// sarifFindings merges the reported and the suppressed findings in the
// order of the other formats: display path, then position. They are
// numbered together for fingerprints, so that suppressing one finding
// does not change the fingerprint of its twin further down.
func sarifFindings(r *Report) []lint.Diagnostic {
	out := make([]lint.Diagnostic, 0, len(r.Diagnostics)+len(r.Suppressed))
	out = append(out, r.Diagnostics...)
	for _, d := range r.Suppressed {
		d.Suppressed = true
		out = append(out, d)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if pa, pb := r.display(a.Path), r.display(b.Path); pa != pb {
			return pa < pb
		}
		return a.Less(b)
	})
	return out
}

// sarifRuleOf describes a rule; documented rules link to their section
// of docs/rules.md at the version that made the report, as JSON's url.
func sarifRuleOf(rule *lint.Rule, documented bool, version string) sarifRule {
	out := sarifRule{ID: rule.ID, Name: ruleName(rule.ID)}
	if documented {
		out.HelpURI = RuleDocURL(rule.ID, version)
	}
	if rule.Summary != "" {
		out.ShortDescription = &sarifMessage{Text: rule.Summary}
	}
	if doc := strings.TrimSpace(rule.Doc); doc != "" {
		out.FullDescription = &sarifMessage{Text: doc}
		out.Help = &sarifMarkdownMessage{Text: doc, Markdown: doc}
	}
	if rule.Severity != lint.SeverityDefault {
		out.DefaultConfiguration = &sarifRuleConfiguration{Level: sarifLevel(rule.Severity)}
	}
	return out
}

// ruleName is a rule ID in CamelCase, SARIF's "friendly name":
// index-line-limit becomes IndexLineLimit.
func ruleName(id string) string {
	var b strings.Builder
	for _, part := range strings.Split(id, "-") {
		if part == "" {
			continue
		}
		first, size := utf8.DecodeRuneInString(part)
		b.WriteRune(unicode.ToUpper(first))
		b.WriteString(part[size:])
	}
	return b.String()
}

// sarifLevel maps severities to SARIF levels: info is "note".
func sarifLevel(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "error"
	case lint.Warning:
		return "warning"
	}
	return "note"
}

func (r *Report) sarifResult(d lint.Diagnostic, ruleIndex, occurrence int) sarifResult {
	text := d.Message
	if d.Suggestion != "" {
		text += "\nSuggestion: " + d.Suggestion
	}
	res := sarifResult{
		RuleID:    d.Rule,
		RuleIndex: ruleIndex,
		Level:     sarifLevel(d.Severity),
		Message:   sarifMessage{Text: text},
		Locations: []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{
			ArtifactLocation: r.artifactLocation(d.Path),
			Region:           sarifRegionOf(d.Start, d.End),
		}}},
		PartialFingerprints: map[string]string{
			sarifFingerprintKey: lint.Fingerprint(d, r.sarifPath(d.Path), occurrence),
		},
	}
	if d.Suppressed {
		res.Suppressions = []sarifSuppression{{Kind: "inSource", Justification: d.Justification}}
	}
	return res
}

// sarifRegionOf is the region of a finding, nil for one about a whole
// file or dir. SARIF regions, like memlint positions, are 1-based and
// end just after the flagged text.
func sarifRegionOf(start, end markdown.Pos) *sarifRegion {
	if start.Line < 1 {
		return nil
	}
	reg := &sarifRegion{StartLine: start.Line}
	if start.Col >= 1 {
		reg.StartColumn = start.Col
	}
	if end.Line >= 1 && !end.Before(start) {
		reg.EndLine = end.Line
		if end.Col >= 1 && (end.Line > start.Line || end.Col >= reg.StartColumn) {
			reg.EndColumn = end.Col
		}
	}
	return reg
}

// sarifPath is the path a finding's fingerprint is made of: relative to
// the root when inside it, so that fingerprints do not depend on where
// the repository is checked out; names holding a secret masked, as shown.
func (r *Report) sarifPath(p string) string {
	if rel, ok := r.relToRoot(p); ok {
		return rel
	}
	return r.redactPath(p)
}

// artifactLocation is a relative URI under %SRCROOT% for a path inside the
// root, an absolute file URI for one outside it. Names holding a secret
// are masked before escaping, so the mask's "…" is percent-encoded and
// the URI stays valid.
func (r *Report) artifactLocation(p string) sarifArtifactLocation {
	rel, ok := r.relToRoot(p)
	p = r.redactPath(p)
	switch {
	case ok && rel == ".":
		return sarifArtifactLocation{URI: "./", URIBaseID: sarifSourceRoot}
	case ok:
		return sarifArtifactLocation{URI: escapePath(rel), URIBaseID: sarifSourceRoot}
	case isAbsSlash(p):
		return sarifArtifactLocation{URI: fileURI(p)}
	}
	// A relative path with no root to resolve it: the best left is a
	// relative reference.
	return sarifArtifactLocation{URI: escapePath(p)}
}

// isAbsSlash reports whether p is an absolute slash path: /a/b, C:/a/b or
// //host/share/a.
func isAbsSlash(p string) bool {
	return strings.HasPrefix(p, "/") || hasDrive(p)
}

// hasDrive reports whether p starts with a Windows drive: C:/.
func hasDrive(p string) bool {
	return len(p) >= 3 && p[1] == ':' && p[2] == '/' &&
		('a' <= p[0] && p[0] <= 'z' || 'A' <= p[0] && p[0] <= 'Z')
}

// fileURI turns an absolute slash path into a file URI:
// /home/a b/x.md → file:///home/a%20b/x.md, C:/x → file:///C:/x,
// //host/share/x → file://host/share/x.
func fileURI(p string) string {
	switch {
	case strings.HasPrefix(p, "//"):
		host, rest, _ := strings.Cut(p[2:], "/")
		return "file://" + url.PathEscape(host) + "/" + escapePath(rest)
	case hasDrive(p):
		return "file:///" + p[:2] + "/" + escapePath(p[3:])
	}
	return "file:///" + escapePath(strings.TrimPrefix(p, "/"))
}

// escapePath percent-encodes each segment of a slash path for use in a
// URI: spaces, "#", "%", "?", non-ASCII and ":" (which would otherwise
// read as a scheme in a relative reference).
func escapePath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = strings.ReplaceAll(url.PathEscape(s), ":", "%3A")
	}
	return strings.Join(segs, "/")
}
