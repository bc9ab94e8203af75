// Package rules builds the registry of memlint's built-in rules. Each family
// of closely related rules lives in its own folder, rules/<family>/: its
// lint.Rule values (exported as Rules), one embedded <rule-id>.md of
// documentation per rule, its data tables and, under testdata/, its
// fixtures (see package linttest). all.go, written by `go generate`, lists
// the families; All and Registry return their rules with the engine's own.
// docs/rules.md and `memlint rules ID` are rendered from the same values.
//
// Cross-rule fixtures live in testdata/rules/all/<case>/ at the top of the
// repository.
package rules
