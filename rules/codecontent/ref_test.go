package codecontent

// The scan of paragraphs and headings for citations and hashes as it was
// before it skipped paragraphs without a digit and went from digit to
// digit for hashes, and the line tests as they were before their cheap
// prefilters: the references the differential tests compare them with.

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint/markdown"
)

// refInline is the inline replaced, which scans every paragraph. It scans the source of a paragraph or heading for citations, commit
// URLs and hashes in prose and inline code.
func (s *codeScan) refInline(blk markdown.Span) {
	b := s.src[blk.Start:blk.End]
	base := blk.Start
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
		s.addHash(markdown.Span{Start: base + start, End: base + end}, full)
		last = end
	}
}

// refProseLine is the ccProseLine replaced, which runs rePlaceholder on every line. It recognises a sentence: mostly words, few of the symbols
// code is made of, and not a statement that starts with a keyword.
func refProseLine(t []byte) bool {
	// A list marker: sample Markdown ("- Fixed the login bug").
	if len(t) > 2 && (t[0] == '-' || t[0] == '*' || t[0] == '>') && t[1] == ' ' {
		t = bytes.TrimSpace(t[2:])
	}
	// "key: value" is YAML or a header; a capitalised header followed by
	// a sentence ("Subject: Your invoice is ready") is part of a sample
	// message.
	// A leading "[label]" tags a slide or section of sample copy
	// ("[표지] …", "[cover] …").
	if len(t) > 2 && t[0] == '[' {
		if j := bytes.IndexByte(t, ']'); j > 1 && j <= 40 && j+1 < len(t) && t[j+1] == ' ' {
			t = bytes.TrimSpace(t[j+1:])
		}
	}
	// A key in another script ("태그: …", "标题：…") is a label of sample
	// copy, not YAML: keys of code are ASCII identifiers.
	if k := bytes.IndexByte(t, ':'); k > 0 && k+1 < len(t) && t[k+1] == ' ' && !bytes.ContainsAny(t[:k], " \t") {
		if !(t[0] >= 'A' && t[0] <= 'Z') && ccASCIIKey(t[:k]) {
			return false
		}
		t = bytes.TrimSpace(t[k+1:])
	}
	// Placeholders of a message template are words: "Hi {name},".
	t = rePlaceholder.ReplaceAll(t, []byte("X"))
	var words, letters, symbols, runes, cjk int
	inWord := false
	for _, r := range string(t) {
		runes++
		switch {
		case unicode.IsLetter(r):
			letters++
			if r >= 0x2E80 { // CJK and Hangul: every few characters make a word
				words++
				cjk++
			}
			if !inWord {
				words++
				inWord = true
			}
		default:
			inWord = r == '\'' || r == '’' || r == '-'
			if strings.ContainsRune("{}();=<>$[]|&\\@`", r) {
				symbols++
			}
		}
	}
	// Words of a sentence are separated by spaces; "A_B=c://d/e" is one token.
	spaces := bytes.Count(t, []byte(" "))
	if words < 4 || symbols > 1 || letters*10 < runes*6 || (spaces < 3 && cjk < 4) {
		return false
	}
	// Shell flags: "cargo build --release".
	if bytes.Contains(t, []byte(" --")) || bytes.Contains(t, []byte(" -")) && !bytes.Contains(t, []byte(" - ")) {
		return false
	}
	first := t
	if i := bytes.IndexAny(first, " \t("); i >= 0 {
		first = first[:i]
	}
	if proseCodeKeywords[strings.ToLower(string(first))] || sqlKeywords[string(first)] || shellCommands[string(first)] {
		return false
	}
	// A statement or an argument list.
	if bytes.HasSuffix(t, []byte(";")) || bytes.HasSuffix(t, []byte("{")) {
		return false
	}
	if r, _ := utf8.DecodeRune(t); r != utf8.RuneError && !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("\"'“«[(*", r) {
		return false
	}
	return true
}

// refClassifyFrame is the classifyFrame replaced, which searches for " +0x" by its space. It says whether line is part of a stack trace, and of which
// language.
func refClassifyFrame(line []byte) (traceLineKind, string) {
	t := bytes.TrimLeft(line, " \t")
	if len(t) < 3 {
		return notFrame, ""
	}
	switch {
	case t[0] == 'a' && t[1] == 't' && t[2] == ' ':
		if m := reJSFrame.FindSubmatch(t); m != nil {
			if bytes.HasSuffix(m[1], []byte(".rs")) {
				return frameLine, "Rust"
			}
			return frameLine, "JavaScript"
		}
		if reJavaFrame.Match(t) {
			return frameLine, "Java/Kotlin"
		}
		if reDotnetFrame.Match(t) {
			return frameLine, ".NET"
		}
	case t[0] == 'F':
		if rePyFrame.Match(t) {
			return frameLine, "Python"
		}
	case t[0] == 'T':
		if rePyHead.Match(t) {
			return traceHead, "Python"
		}
	case t[0] == 'g':
		if reGoHead.Match(t) {
			return traceHead, "Go"
		}
	case t[0] == 'p':
		if bytes.HasPrefix(t, []byte("panic: ")) {
			return weakHead, "Go"
		}
	case t[0] == 't':
		if reRustHead.Match(t) {
			return traceHead, "Rust"
		}
	case t[0] == 's':
		if bytes.HasPrefix(t, []byte("stack backtrace:")) {
			return traceHead, "Rust"
		}
	case t[0] >= '0' && t[0] <= '9':
		if reRustFrame.Match(t) {
			if bytes.Contains(t, []byte("::")) {
				return frameLine, "Rust"
			}
			return numberedLine, "Rust"
		}
	}
	if bytes.Contains(t, []byte(" +0x")) && reGoFrame.Match(t) {
		return frameLine, "Go"
	}
	return notFrame, ""
}
