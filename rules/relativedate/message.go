package relativedate

import (
	"fmt"
	"strings"
	"time"

	"github.com/memlint/memlint/rules/internal/ruleutil"
)

// How a finding is worded.

// relativeDateMessage words a finding: the expression, and the date it
// meant when the memory's modified date is known.
func relativeDateMessage(expr string, m dateMeaning, base time.Time, hasBase bool, source string) (msg, suggestion string) {
	if !hasBase {
		abs := m.placeholder()
		msg = fmt.Sprintf("relative date %s will mean nothing when this memory is read later: write the absolute date (%s)", ruleutil.Quote(expr), abs)
		suggestion = fmt.Sprintf("replace %s with the absolute date (%s), or add the date to the same sentence", ruleutil.Quote(expr), abs)
		if rdMeansNow(expr) {
			suggestion += fmt.Sprintf("; when it means “currently”, write %s", ruleutil.Quote("as of "+abs))
		}
		return msg, suggestion
	}
	abs, alt := m.resolve(base)
	when := abs
	if alt != "" {
		when += ", or " + alt
	}
	msg = fmt.Sprintf("relative date %s will mean nothing when this memory is read later: counted from %s (%s) it is %s", ruleutil.Quote(expr), source, rdISO(base), when)
	suggestion = fmt.Sprintf("replace %s with %s", ruleutil.Quote(expr), ruleutil.Quote(abs))
	switch {
	case alt != "":
		suggestion += fmt.Sprintf(" (or %s)", alt)
	case rdMeansNow(expr):
		suggestion += fmt.Sprintf(" (or %s when it means “currently”)", ruleutil.Quote("as of "+abs))
	}
	return msg, suggestion
}

// rdMeansNow reports whether an expression is "today", which often means
// "currently" rather than a day.
func rdMeansNow(expr string) bool {
	switch strings.ToLower(expr) {
	case "today", "今天", "今日", "오늘":
		return true
	}
	return false
}
