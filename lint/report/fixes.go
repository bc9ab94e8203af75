package report

import "github.com/memlint/memlint/lint"

// fixApplicability is how a fix may be applied, as ruff names it: safe fixes
// run with --fix, unsafe ones (they may change meaning) only with
// --unsafe-fixes as well.
type fixApplicability string

// The applicabilities of fixes.
const (
	safeFix   fixApplicability = "safe"
	unsafeFix fixApplicability = "unsafe"
)

// applicability is the applicability of d's fix, or "" without one.
func applicability(d lint.Diagnostic) fixApplicability {
	switch {
	case d.Fix == nil || len(d.Fix.Edits) == 0:
		return ""
	case d.Fix.Unsafe:
		return unsafeFix
	}
	return safeFix
}

// fixable counts the findings of a report that memlint can fix.
type fixable struct {
	// Safe are fixed by --fix; Unsafe need --unsafe-fixes too.
	Safe, Unsafe int
}

// fixable counts the report's findings with a fix, by applicability.
func (r *Report) fixable() fixable { return countFixable(r.Diagnostics) }

func countFixable(ds []lint.Diagnostic) fixable {
	var f fixable
	for _, d := range ds {
		switch applicability(d) {
		case safeFix:
			f.Safe++
		case unsafeFix:
			f.Unsafe++
		}
	}
	return f
}

// String is the text format's line about fixes: "3 fixable with --fix
// (2 more with --unsafe-fixes)", "" when nothing is fixable.
func (f fixable) String() string {
	switch {
	case f.Safe == 0 && f.Unsafe == 0:
		return ""
	case f.Unsafe == 0:
		return thousands(f.Safe) + " fixable with --fix"
	case f.Safe == 0:
		return thousands(f.Unsafe) + " fixable with --unsafe-fixes"
	}
	return thousands(f.Safe) + " fixable with --fix (" + thousands(f.Unsafe) + " more with --unsafe-fixes)"
}
