package codecontent

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"

	"github.com/memlint/memlint/lint/markdown"
)

// Commit hashes: history or anchor. A hash that records what was done
// ("fixed in a1b2c3d", "merged 4e5f6a7", "deployed 9f8e7d6") repeats git
// log and goes stale as knowledge. A hash kept as a place to return to or
// to stay on ("roll back to a1b2c3d if the migration fails", "last good
// build: 1a2b3c4d", "nixpkgs is pinned at 5c6d7e8") is operational
// knowledge that git does not volunteer: it is not reported.

// inline scans the source of a paragraph or heading for citations, commit
// URLs and hashes in prose and inline code.
func (s *codeScan) inline(blk markdown.Span) {
	b := s.src[blk.Start:blk.End]
	base := blk.Start
	// Everything below holds an ASCII digit: a line number, or a hash
	// (a hex word of digits alone or letters alone is not one). Most
	// paragraphs have none and are passed once.
	if ccIndexDigit(b) < 0 {
		return
	}
	before := s.lineBefore(blk.Start)

	// file:line and file:line:col
	for from := 0; ; {
		c := findColonCitation(b, from)
		if !c.ok {
			break
		}
		from = c.end
		if s.accept(base+c.start, base+c.end) && s.inRepository(c.path) {
			s.collect(ccCitation, markdown.Span{Start: base + c.start, End: base + c.end}, ccShown(b[c.start:c.end]),
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
		if s.accept(base+a.start, base+a.end) && s.inRepository(a.path) {
			s.collect(ccCitation, markdown.Span{Start: base + a.start, End: base + a.end}, ccShown(b[a.start:a.end]),
				fmt.Sprintf("%s points at %s of %s: %s", ccShown(b[a.start:a.end]), a.what(), a.file, citationWhy))
		}
	}
	// "line 42 of x.go", "x.go line 42"
	for from := 0; ; {
		c := findLineWord(b, before, from)
		if !c.ok {
			break
		}
		from = c.next
		if s.accept(base+c.start, base+c.end) && s.inRepository(c.path) {
			what := "line " + c.lines
			if c.several {
				what = "lines " + c.lines
			}
			of := " of " + c.file
			if c.named {
				of = " (of " + c.file + ", named just before)"
			}
			s.collect(ccCitation, markdown.Span{Start: base + c.start, End: base + c.end}, ccShown(b[c.start:c.end]),
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
			s.collect(ccHash, markdown.Span{Start: base + st, End: base + en}, ccShown(b[st:en]),
				fmt.Sprintf("this URL points at a commit (%s): %s", ccShown(b[st:en]), commitWhy))
			s.claim(markdown.Span{Start: base + st, End: base + en})
		}
	}
	s.hashes(b, base)
}

// accept reports whether a candidate at src[start:end] is visible text that
// no earlier finding covers.
func (s *codeScan) accept(start, end int) bool {
	return !s.isClaimed(start, end) && s.visible(start, end)
}

// hashes reports commit hashes among the hex words of b.
func (s *codeScan) hashes(b []byte, base int) {
	last := 0 // end of the last hash found
	for i := 0; i < len(b); {
		// A hash holds a digit: go to the next one and back to the start
		// of its word, which is not before i (at the start of b or after
		// a word). The words before it are not hashes.
		d := ccIndexDigit(b[i:])
		if d < 0 {
			break
		}
		start := i + d
		for start > i && ccWordByte(b[start-1]) {
			start--
		}
		i = start
		// One pass over the word collects what the hash test needs.
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
		s.addHash(markdown.Span{Start: base + start, End: base + end}, full)
		last = end
	}
}

// ccIndexDigit returns the offset of the first ASCII digit in b, or -1.
func ccIndexDigit(b []byte) int {
	for i, c := range b {
		if c-'0' <= 9 {
			return i
		}
	}
	return -1
}

// hashListed reports whether the hex word at b[start:] continues a list of
// hashes whose previous one ended at last: "fixed in a1b2c3d, b2c3d4e and
// again in c3d4e5f".
func hashListed(b []byte, last, start int) bool {
	if last <= 0 || start-last > 24 {
		return false
	}
	for _, c := range b[last:start] {
		if !ccLetter(c) && c != ' ' && c != ',' && c != '`' && c != '/' {
			return false
		}
	}
	return true
}

// addHash reports a hash, merging "a1b2c3d..e4f5a6b" ranges into one
// finding.
func (s *codeScan) addHash(sp markdown.Span, full bool) {
	if p := s.pending; p.End > p.Start && sp.Start-p.End >= 2 && sp.Start-p.End <= 3 &&
		len(bytes.Trim(s.src[p.End:sp.Start], ".")) == 0 {
		s.pending.End = sp.End
		s.pendMsg = fmt.Sprintf("%s is a range of git commits: %s", ccShown(s.src[s.pending.Start:s.pending.End]), commitWhy)
		return
	}
	s.flushHash()
	s.pending = sp
	if full {
		s.pendMsg = fmt.Sprintf("%s is a 40-character hex string, which is how git writes a commit SHA: %s", ccShown(s.src[sp.Start:sp.End]), commitWhy)
	} else {
		s.pendMsg = fmt.Sprintf("%s is a commit hash: %s", ccShown(s.src[sp.Start:sp.End]), commitWhy)
	}
}

func (s *codeScan) flushHash() {
	if s.pending.End > s.pending.Start {
		s.collect(ccHash, s.pending, ccShown(s.src[s.pending.Start:s.pending.End]), s.pendMsg)
	}
	s.pending = markdown.Span{}
}

// hashBoundary rejects hex words glued to other text by characters that
// make them part of something else: UUIDs and hyphenated IDs, colour
// codes, paths, file names, versions, query strings.
func hashBoundary(b []byte, start, end int) bool {
	if start > 0 {
		switch b[start-1] {
		case '.':
			if start < 2 || b[start-2] != '.' { // "a1b2c3d..e4f5a6b" is a range
				return false
			}
		case '-', '#', '/', '\\', '@', '=', '+', '$', '%', '&', '~':
			return false
		}
	}
	if end < len(b) {
		if bytes.HasPrefix(b[end:], []byte("…")) {
			return false // "86b5c771…": an ID shown cut short, not a commit
		}
		switch c := b[end]; c {
		case '-', '/', '\\', '@', '=', '+', '#', '$', '%', '&', '~':
			return false
		case '.':
			// "abc1234." ends a sentence; "abc1234.js" is a file name, and
			// "abc1234..def5678" a range.
			if end+1 < len(b) && ccWordByte(b[end+1]) {
				return false
			}
		}
	}
	return true
}

// commitContext reports whether a commit keyword stands within a few words
// before b[at:] on the same line.
func commitContext(b []byte, at int) bool {
	from := at - 80
	if from < 0 {
		from = 0
	}
	if nl := bytes.LastIndexByte(b[from:at], '\n'); nl >= 0 {
		from += nl + 1
	}
	win := b[from:at]
	// Korean, Chinese and Japanese for "commit", right before the hash
	// (提交 also means "submit", so only when nothing else stands between).
	near := win[max(0, len(win)-8):]
	if bytes.Contains(near, []byte("커밋")) || bytes.Contains(near, []byte("提交")) ||
		bytes.Contains(win[max(0, len(win)-12):], []byte("コミット")) {
		return true
	}
	// Other languages, in the few words before the hash.
	tail := bytes.ToLower(win[max(0, len(win)-30):])
	for _, p := range historyPhrasesBefore {
		if bytes.Contains(tail, []byte(p)) {
			return true
		}
	}
	var words [4][]byte
	n := 0
	for e := len(win); e > 0 && n < len(words); {
		for e > 0 && !ccKeywordByte(win[e-1]) {
			e--
		}
		st := e
		for st > 0 && ccKeywordByte(win[st-1]) {
			st--
		}
		if st == e {
			break
		}
		words[n] = win[st:e]
		n++
		e = st
	}
	var buf [16]byte
	lower := func(w []byte) string {
		if len(w) > len(buf) {
			return ""
		}
		for i, c := range w {
			buf[i] = ccLower(c)
		}
		return string(buf[:len(w)])
	}
	if n >= 1 && resourceNouns[lower(words[0])] {
		return false // "deploy to the D1 database 86b5c771": an ID, not a commit
	}
	for i := 0; i < n; i++ {
		if hashKeywords[lower(words[i])] {
			return true
		}
	}
	if n >= 2 && lower(words[0]) == "in" && inKeywords[lower(words[1])] {
		return true
	}
	if n >= 2 && lower(words[0]) == "by" && byKeywords[lower(words[1])] {
		return true
	}
	return false
}

func ccKeywordByte(c byte) bool { return ccLetter(c) || ccDigit(c) || c == '-' }

// commitAfter reports whether a history phrase follows the hash ending at
// b[end].
func commitAfter(b []byte, end int) bool {
	win := b[end:min(len(b), end+24)]
	win = bytes.TrimLeft(win, " `")
	for _, p := range historyPhrasesAfter {
		if bytes.HasPrefix(win, []byte(p)) {
			return true
		}
	}
	return false
}

// anchored reports whether the hash at src[start:end] is kept as an
// anchor, or is not a commit at all, judged by the words of its sentence.
func (s *codeScan) anchored(start, end int) bool {
	before := s.src[max(0, start-80):start]
	if i := bytes.LastIndexByte(before, '\n'); i >= 0 {
		before = before[i+1:]
	}
	before = bytes.ToLower(ccSentenceTail(before))
	for _, a := range notCommitsBefore {
		if bytes.Contains(before, []byte(a)) {
			return true
		}
	}
	for _, a := range anchorsBefore {
		if bytes.Contains(before, []byte(a)) {
			return true
		}
	}
	for _, w := range bytes.FieldsFunc(before, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if anchorWords[string(w)] {
			return true
		}
	}
	after := s.src[end:min(len(s.src), end+50)]
	if i := bytes.IndexByte(after, '\n'); i >= 0 {
		after = after[:i]
	}
	after = bytes.ToLower(ccSentenceHead(after))
	for _, a := range anchorsAfter {
		if bytes.Contains(after, []byte(a)) {
			return true
		}
	}
	return false
}

// ccSentenceTail returns the last sentence of b.
func ccSentenceTail(b []byte) []byte {
	cut := 0
	for _, e := range sentenceEnds {
		if i := bytes.LastIndex(b, []byte(e)); i >= 0 && i+len(e) > cut {
			cut = i + len(e)
		}
	}
	return b[cut:]
}

// ccSentenceHead returns the first sentence of b.
func ccSentenceHead(b []byte) []byte {
	cut := len(b)
	for _, e := range sentenceEnds {
		if i := bytes.Index(b, []byte(e)); i >= 0 && i < cut {
			cut = i
		}
	}
	if strings.HasSuffix(string(b[:cut]), ".") {
		cut--
	}
	return b[:cut]
}
