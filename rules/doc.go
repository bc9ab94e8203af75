// Package rules holds memlint's built-in rules: one file per rule or family
// of closely related rules, each a lint.Rule value with its ID, default
// severity, documentation, options and check function. All returns them;
// docs/rules.md and `memlint rules` are generated from the same values.
//
// Fixtures live in testdata/rules/<rule-id>/<case>/: a memory dir whose
// files carry their expected findings as comments (see rules_test.go).
package rules
