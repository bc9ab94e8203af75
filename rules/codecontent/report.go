package codecontent

import (
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/rules/internal/ruleutil"
)

// How findings are worded.

const (
	citationWhy  = "line numbers change with every edit, so a memory that cites one silently points at the wrong code later"
	citationHow  = "name the file and the function or behaviour instead, without a line number (memory should hold why and what to do, not where the code is)"
	commitWhy    = "git already records which commit changed what (git log, git blame); memory should hold what git cannot tell"
	commitHow    = "keep the lasting decision or lesson and drop the hash"
	codeBlockHow = "replace it with a one-line pointer to the file or command and say when and why it matters; or raise max-code-lines"
)

func (s *codeScan) report(sp markdown.Span, msg, how string) {
	s.pass.ReportSpan(s.f, sp, msg, how)
}

// ccShown returns b as a message quotes it: one line, at most 60
// characters, in quotes.
func ccShown(b []byte) string { return ruleutil.Quote(ruleutil.Clip(string(b), 60)) }
