// Package secret holds the secret rule, which finds credentials written into
// memory, and Redact, which masks them in every finding's text.
//
// The provider token formats (prefix, pattern, entropy floor, checksum) are
// one table, tokenFormats in formats.go; the names that mark a secret
// value and the placeholder words are tables in names.go and words.go.
// Each kind of secret has its detector: tokens.go (provider tokens),
// privatekey.go (key blocks), assignment.go (name = value), url.go
// (passwords and tokens in URLs); scan.go is the one pass over the text
// that calls them. settings.go runs that pass over the string values of
// the checked-in .claude/settings.json.
package secret

import (
	_ "embed"
	"fmt"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// Rules is the family's rules, for the registry.
var Rules = []*lint.Rule{Rule}

// doc is the rule's documentation, shown by `memlint rules secret` and in
// docs/rules.md.
//
//go:embed secret.md
var doc string

// Rule reports credentials written into memory: provider tokens, cloud
// keys, private key blocks, passwords in URLs and secret-looking values
// assigned to names such as password or api_key.
var Rule = &lint.Rule{
	ID:       "secret",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "a credential (API token, cloud key, private key, password) is written in memory",
	Doc:      doc,
	Run:      runSecret,
}

// The rule also checks the checked-in .claude/settings.json (see
// settings.go): set here, not in the literal, which would make an
// initialization cycle through Rule.Severity.
func init() { Rule.RunRepo = runSecretSettings }

const (
	secretWhy = "memory is loaded into every future conversation and, once committed, shared with everyone who can read the repository"
	secretHow = "rotate (revoke) the credential first, since it must be treated as leaked; then delete it here (and from git history if committed) and keep a pointer to where it lives instead, e.g. “deploy token: 1Password item ‘CI deploy’”"
)

func runSecret(pass *lint.Pass) {
	check := func(f *memory.File) {
		if !pass.Focused(f) {
			return // its findings are not reported: no need to scan it
		}
		reportName(pass, f)
		if f.Lines == nil {
			return
		}
		scanSecrets(f.Src, false, func(m secretMatch) {
			pass.ReportSpan(f, markdown.Span{Start: m.start, End: m.end},
				fmt.Sprintf("%s (%s): %s", m.kind, m.masked, secretWhy), secretHow)
		})
	}
	if idx := pass.Dir.Index; idx != nil {
		check(idx)
	}
	for _, f := range pass.Dir.Topics {
		check(f)
	}
	for _, f := range pass.Dir.Templates {
		check(f) // not a memory, but a secret in it is a secret all the same
	}
	for _, f := range pass.Dir.Skills {
		check(f) // a team skill loads for everyone who has the team memory
	}
	for _, f := range pass.Dir.Logs {
		check(f)
	}
}
