package codecontent

// The scan of paragraphs and headings for citations and hashes as it was
// before it skipped paragraphs without a digit and went from digit to
// digit for hashes: the reference TestInlineReference compares it with.

import (
	"fmt"

	"github.com/memlint/memlint/lint"
)

// refInline is the inline replaced, which scans every paragraph. It scans the source of a paragraph or heading for citations, commit
// URLs and hashes in prose and inline code.
func (s *codeScan) refInline(blk lint.Span) {
	b := s.src[blk.Start:blk.End]
	base := blk.Start

	// file:line and file:line:col
	for from := 0; ; {
		c := findColonCitation(b, from)
		if !c.ok {
			break
		}
		from = c.end
		if s.accept(base+c.start, base+c.end) {
			s.collect(ccCitation, lint.Span{Start: base + c.start, End: base + c.end}, ccShown(b[c.start:c.end]),
				fmt.Sprintf("%s is a file:line citation: %s", ccShown(b[c.start:c.end]), citationWhy))
		}
	}
	// file#L42 and URLs with #L anchors
	for from := 0; ; {
		a := findLineAnchorFrom(b, from)
		if !a.ok {
			break
		}
		from = a.end
		if s.accept(base+a.start, base+a.end) {
			s.collect(ccCitation, lint.Span{Start: base + a.start, End: base + a.end}, ccShown(b[a.start:a.end]),
				fmt.Sprintf("%s points at %s of %s: %s", ccShown(b[a.start:a.end]), a.what(), a.file, citationWhy))
		}
	}
	// "line 42 of x.go", "x.go line 42"
	for from := 0; ; {
		c := findLineWord(b, from)
		if !c.ok {
			break
		}
		from = c.next
		if s.accept(base+c.start, base+c.end) {
			what := "line " + c.lines
			if c.several {
				what = "lines " + c.lines
			}
			of := " of " + c.file
			if c.named {
				of = " (of " + c.file + ", named just before)"
			}
			s.collect(ccCitation, lint.Span{Start: base + c.start, End: base + c.end}, ccShown(b[c.start:c.end]),
				fmt.Sprintf("%s cites %s%s: %s", ccShown(b[c.start:c.end]), what, of, citationWhy))
		}
	}
	// links to commits written as bare URLs
	for from := 0; ; {
		st, en := findCommitURL(b, from)
		if en <= st {
			break
		}
		from = en
		if s.accept(base+st, base+en) && !s.anchored(base+st, base+en) {
			s.collect(ccHash, lint.Span{Start: base + st, End: base + en}, ccShown(b[st:en]),
				fmt.Sprintf("this URL points at a commit (%s): %s", ccShown(b[st:en]), commitWhy))
			s.claim(lint.Span{Start: base + st, End: base + en})
		}
	}
	s.refHashes(b, base)
}

// refHashes is the hashes replaced, which visits every word. It reports commit hashes among the hex words of b.
func (s *codeScan) refHashes(b []byte, base int) {
	last := 0 // end of the last hash found
	for i := 0; i < len(b); {
		if ccClass[b[i]]&ccClassWord == 0 {
			i++
			continue
		}
		// One pass over the word collects what the hash test needs.
		start := i
		all, any := uint8(0xff), uint8(0)
		for ; i < len(b); i++ {
			cl := ccClass[b[i]]
			if cl&ccClassWord == 0 {
				break
			}
			all &= cl
			any |= cl
		}
		end := i
		if n := end - start; n < 7 || n > 40 || all&ccClassLowerHex == 0 ||
			any&ccClassDigit == 0 || any&ccClassLetter == 0 {
			continue
		}
		if !hashBoundary(b, start, end) {
			continue
		}
		full := end-start == 40
		if !full && !commitContext(b, start) && !hashListed(b, last, start) && !commitAfter(b, end) {
			continue
		}
		if !s.accept(base+start, base+end) || s.anchored(base+start, base+end) {
			continue
		}
		s.addHash(lint.Span{Start: base + start, End: base + end}, full)
		last = end
	}
}
