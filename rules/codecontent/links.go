package codecontent

import (
	"fmt"
	"strings"

	"github.com/memlint/memlint/lint/markdown"
)

// Links to code lines and commits.

func (s *codeScan) link(l *markdown.Link) {
	dest := l.Dest
	if !strings.Contains(dest, "#L") && !strings.Contains(dest, "/commit") && !colonDigit(dest) {
		return
	}
	d := []byte(dest)
	if a := findLineAnchor(d); a.ok {
		if !s.inRepository(a.path) {
			return
		}
		s.collect(ccCitation, l.Span, ccShown(d[a.start:a.end]), fmt.Sprintf("this link points at %s of %s (%s): %s", a.what(), a.file, ccShown(d[a.start:a.end]), citationWhy))
		s.claim(l.Span)
		return
	}
	if c := findColonCitation(d, 0); c.ok {
		if !s.inRepository(c.path) {
			return
		}
		s.collect(ccCitation, l.Span, ccShown(d[c.start:c.end]), fmt.Sprintf("this link cites %s, a file:line location: %s", ccShown(d[c.start:c.end]), citationWhy))
		s.claim(l.Span)
		return
	}
	if st, en := findCommitURL(d, 0); en > st && !s.anchored(l.Span.Start, l.Span.End) {
		s.collect(ccHash, l.Span, ccShown(d[st:en]), fmt.Sprintf("this link points at a commit (%s): %s", ccShown(d[st:en]), commitWhy))
		s.claim(l.Span)
	}
}

// colonDigit reports whether s has a ":" followed by a digit.
func colonDigit(s string) bool {
	for i := strings.IndexByte(s, ':'); i >= 0 && i+1 < len(s); {
		if ccDigit(s[i+1]) {
			return true
		}
		j := strings.IndexByte(s[i+1:], ':')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}
