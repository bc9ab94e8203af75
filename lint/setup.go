package lint

import (
	"time"

	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/memory"
)

// Setup is what a run is given besides its source and configuration: the
// rules, the time, the repository and Claude Code context, and what the
// caller keeps. Plan and Linter embed it; Run gives the Linter of each
// memory dir its Plan's.
type Setup struct {
	// Registry holds the rules. In a Plan it is the built-in rules, and
	// the configuration adds its custom ones; a Linter runs the rules it
	// holds.
	Registry *Registry
	// Now is what "in the future" is measured against; zero means
	// time.Now().
	Now time.Time
	// Only, when not empty, restricts the run to these rule IDs (fixture
	// tests run one rule at a time); preview rules among them run.
	Only []string
	// Reuse, when set, shares the topic files whose content is unchanged
	// with the other runs given the same Reuse over the same root.
	Reuse *memory.Reuse
	// ErrorsOnly tells that the caller keeps error-level findings alone
	// (the Claude Code session summary): rules may skip work that can
	// only report below error (Pass.Keeps). Findings are not filtered by
	// it; what a rule reports is reported.
	ErrorsOnly bool
	// NoFlaggedText leaves Diagnostic.Text empty, for runs whose output
	// and filters never read it: only baselines and the fingerprints of
	// SARIF and GitLab do. At 100,000 files the flagged texts were a third
	// of the heap live at the report, and the GC's work grew with it. In
	// a Plan it has no effect when Plan.Baseline gives a baseline, which
	// matches findings by it.
	NoFlaggedText bool
	// Redact, when set, masks secrets in the text of every finding
	// (message, suggestion, flagged text) whatever rule made it: a
	// description quoted by one rule may hold a token another detects.
	Redact func(string) string
	// RecallProbe, when set, tells whether the account running memlint has
	// Claude Code's recall mode, for claude-code: {recall: auto} (the
	// default); the command line sets claude.SystemRecallProbe. Nil means unknown.
	RecallProbe claude.RecallProbe
	// VersionProbe, when set, finds the version of the Claude Code the user
	// runs, when configuration names none (claude-code: {version: X}); the
	// command line sets claude.SystemVersionProbe. Nil means the newest
	// release memlint models. It runs at most once a run, and only when
	// the answer matters (ResolveRelease).
	VersionProbe claude.VersionProbe
	// Instructions, when set, gives the instruction files Claude Code
	// loads with the memory dir at an absolute OS path (its repository's
	// CLAUDE.md and kin; see ClaudeInstructions), for claude-md-overlap.
	// Nil, or nil for a dir, means none are known.
	Instructions func(dir string) []claude.InstructionFile
	// Repos, when set, finds the repository a memory dir's path references
	// name (Pass.Repo); nil means none.
	Repos Repositories
}
