package report

import (
	"strings"

	"github.com/memlint/memlint/internal/lazyre"
)

// rulesDocBase is where docs/rules.md lives, up to the ref of the version.
const rulesDocBase = "https://github.com/memlint/memlint/blob/"

// RuleDocURL is the address of a rule's section of docs/rules.md as it
// was at memlint's version: the tag for a release (v1.2.3), the commit
// for a pseudo-version (v0.0.0-20261201120000-abcdef123456), and main for
// anything else, such as "(devel)" for a build from a checkout. The
// anchor is the rule ID: docs/rules.md has a "## rule-id" heading per
// rule, and GitHub's anchor of such a heading is its text.
func RuleDocURL(rule, version string) string {
	return rulesDocBase + docRef(version) + "/docs/rules.md#" + rule
}

// Module versions, as the go command records them: a semantic version
// tag, and a pseudo-version, which ends in a timestamp and the commit's
// first 12 hex digits.
var (
	semverTag     = lazyre.New(`^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$`)
	pseudoVersion = lazyre.New(`[-.][0-9]{14}-([0-9a-f]{12})$`)
)

// docRef is the git ref of docs/rules.md for a module version.
func docRef(version string) string {
	// Build metadata (+dirty, +incompatible) names no ref.
	v, _, _ := strings.Cut(version, "+")
	if !semverTag.MatchString(v) {
		return "main"
	}
	if m := pseudoVersion.FindStringSubmatch(v); m != nil {
		return m[1]
	}
	return v
}

// ruleURL is the doc address of a finding's rule, or "" for a custom
// rule, which docs/rules.md does not describe.
func (r *Report) ruleURL(rule string) string {
	if r.CustomRules[rule] {
		return ""
	}
	return RuleDocURL(rule, r.ToolVersion)
}
