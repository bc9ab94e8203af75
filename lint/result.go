package lint

import (
	"crypto/sha256"
	"fmt"
	"runtime/debug"

	"github.com/memlint/memlint/lint/memory"
)

// Result is the outcome of a run.
type Result struct {
	Dirs        []DirSummary
	Diagnostics []Diagnostic
	// Suppressed are the findings inline memlint-disable comments hid,
	// with their justification, for audit (SARIF lists them).
	Suppressed []Diagnostic
	// Files counts the files looked at: indexes, topic files, logs and
	// files that could not be read.
	Files int
	// Errors are the rules that failed: a rule that panicked or said it
	// could not do its work (Pass.Fail). They are not findings: no
	// configuration, suppression or baseline hides them, and a run with
	// any fails with exit code 2 whatever it found. The other rules'
	// findings are still there.
	Errors []RuleError
	// Targets are the memory dirs Run linted, each once.
	Targets []*Target
	// Repos are the repository files the rules of ScopeRepository read,
	// each as a target reached through that file only.
	Repos []*Target

	// Linted is the SHA-256 of each file a finding's fix edits, as the
	// rules saw it, by absolute slash path: --fix writes a file only while
	// it still holds exactly these bytes, since the edits' offsets fit
	// them alone.
	Linted map[string][sha256.Size]byte

	// unfiltered are the findings before the baseline, for Relint.
	unfiltered []Diagnostic
}

// DirSummary is what a run keeps of a memory dir once its rules ran: the
// parsed files are released dir by dir, so memory use stays flat however
// many dirs a run covers.
type DirSummary struct {
	Path  string
	Kind  memory.DirKind
	Files int
	// Index is nil when the dir has no readable MEMORY.md.
	Index *IndexSummary
}

// IndexSummary is the budget of one MEMORY.md.
type IndexSummary struct {
	Path   string
	Budget memory.IndexBudget
}

// RuleError is a rule that failed over one memory dir: a bug in memlint,
// or an input the rule could not handle, to be reported and fixed rather
// than listed among the findings.
type RuleError struct {
	// Rule is the ID of the rule that failed.
	Rule string
	// Dir is the memory dir it was checking, as a path of the linted
	// fs.FS.
	Dir string
	// Err is what went wrong: the error the rule gave Pass.Fail, or the
	// value it panicked with.
	Err error
	// Stack is the goroutine's stack where the rule panicked; nil for an
	// error the rule reported itself.
	Stack []byte
}

func (e RuleError) Error() string {
	return fmt.Sprintf("rule %s failed on %s: %v", e.Rule, e.Dir, e.Err)
}

func (e RuleError) Unwrap() error { return e.Err }

// PanicError is the Err of a RuleError for a rule that panicked.
type PanicError struct {
	// Value is what the rule panicked with.
	Value any
}

func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v", e.Value) }

// runRule runs one rule over pass.Dir. A panic is recovered into a
// RuleError with its stack, and so is an error the rule gives Pass.Fail:
// a bug in one rule must not take the whole run down or hide the other
// rules' findings, and must not pass for a finding either.
func runRule(pass *Pass) (failed []RuleError) {
	defer func() {
		if r := recover(); r != nil {
			failed = append(pass.failed, RuleError{Rule: pass.Rule.ID, Dir: pass.Dir.Path, Err: &PanicError{Value: r}, Stack: stack()})
		}
	}()
	pass.Rule.Run(pass)
	return pass.failed
}

// stack is the stack of the goroutine that is recovering from a panic.
func stack() []byte { return debug.Stack() }
