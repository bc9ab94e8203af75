package rules

//go:generate go run ./internal/gen/allgo
//go:generate go run ./internal/gen/docs

import (
	"fmt"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/baseline"
	"github.com/memlint/memlint/rules/secret"
	"github.com/memlint/memlint/rules/settings"
)

// All returns every built-in rule, sorted by ID.
func All() []*lint.Rule {
	return Registry().Rules()
}

// Registry returns a registry of every built-in rule: the engine's own and
// those of every family listed in all.go.
func Registry() *lint.Registry {
	all := []*lint.Rule{
		lint.FileUnreadable,
		lint.UnusedSuppression,
		baseline.StaleFindings,
	}
	for _, f := range families {
		all = append(all, f...)
	}
	reg, err := lint.NewRegistry(all...)
	if err != nil {
		// The built-in IDs are fixed at compile time; a clash is a
		// programming error caught by the tests.
		panic(fmt.Sprintf("rules: %v", err))
	}
	return reg
}

// SettingsMemoryDirectory is the settings-memory-directory rule, which the
// command runs over Claude Code's settings files.
var SettingsMemoryDirectory = settings.MemoryDirectory

// CheckSettings reports problems in one Claude Code settings file's
// autoMemoryDirectory (see settings.Check).
func CheckSettings(path string, src []byte, home string) []lint.Diagnostic {
	return settings.Check(path, src, home)
}

// Redact masks every secret the secret rule would find in s; see
// secret.Redact. The command and the hooks pass it to the linter.
func Redact(s string) string { return secret.Redact(s) }
