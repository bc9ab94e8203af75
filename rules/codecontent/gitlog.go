package codecontent

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/memlint/memlint/lint/markdown"
)

// The git log detector: git log --oneline lines and tables with a Commit
// column.

// gitLogRun is a run of consecutive lines that look like git log output.
type gitLogRun struct {
	first, last int           // line numbers
	span        markdown.Span // first hash to end of last line
	lines       int
	subject     bool // some line has a commit-like subject
}

// parseGitLogLine recognises "abc1234 Subject", optionally after a list or
// git-graph marker and with the hash in backticks. It returns the hash's
// offsets in line and whether the subject reads like a commit subject.
// In code blocks it also accepts "commit <40 hex>" (git log's long form).
func parseGitLogLine(line []byte, inCode bool) (hs, he int, subject, ok bool) {
	p := 0
	for p < len(line) && (line[p] == ' ' || line[p] == '\t') {
		p++
	}
	if inCode && bytes.HasPrefix(line[p:], []byte("commit ")) {
		hs = p
		h := p + len("commit ")
		e := h
		for e < len(line) && ccLowerHex(line[e]) {
			e++
		}
		if e-h == 40 && (e == len(line) || line[e] == ' ') {
			return hs, e, true, true
		}
		return 0, 0, false, false
	}
	// A list item or git --graph marker.
	if p+1 < len(line) && (line[p] == '-' || line[p] == '*' || line[p] == '+') && line[p+1] == ' ' {
		p += 2
	} else if q := p; q < len(line) && ccDigit(line[q]) {
		for q < len(line) && ccDigit(line[q]) {
			q++
		}
		if q+1 < len(line) && (line[q] == '.' || line[q] == ')') && line[q+1] == ' ' {
			p = q + 2
		}
	}
	tick := p < len(line) && line[p] == '`'
	if tick {
		p++
	}
	hs = p
	for p < len(line) && ccLowerHex(line[p]) {
		p++
	}
	he = p
	if n := he - hs; n < 7 || n > 40 || (n > 12 && n != 40) || !ccMixedHex(line[hs:he]) {
		return 0, 0, false, false
	}
	if tick {
		if p >= len(line) || line[p] != '`' {
			return 0, 0, false, false
		}
		p++
	}
	// Separator: " ", " - ", " — ", " – ", ": ".
	rest := line[p:]
	switch {
	case bytes.HasPrefix(rest, []byte(": ")):
		rest = rest[2:]
	case bytes.HasPrefix(rest, []byte(" ")):
		rest = rest[1:]
		for _, sep := range [][]byte{[]byte("- "), []byte("— "), []byte("– ")} {
			if bytes.HasPrefix(rest, sep) {
				rest = rest[len(sep):]
				break
			}
		}
	default:
		return 0, 0, false, false
	}
	if len(rest) == 0 {
		return 0, 0, false, false
	}
	if rest[0] == '(' {
		// Only git's ref decorations: (HEAD -> main), (tag: v1), (origin/x).
		for _, d := range refDecorations {
			if bytes.HasPrefix(rest, []byte(d)) {
				return hs, he, true, true
			}
		}
		return 0, 0, false, false
	}
	if !ccLetter(rest[0]) {
		return 0, 0, false, false
	}
	return hs, he, commitSubject(rest), true
}

// commitSubject reports whether s starts like a commit subject: a verb such
// as "Fix" or "Add", or a Conventional Commits type.
func commitSubject(s []byte) bool {
	e := 0
	for e < len(s) && ccLetter(s[e]) {
		e++
	}
	var buf [16]byte
	if e == 0 || e > len(buf) {
		return false
	}
	w := buf[:e]
	for i := 0; i < e; i++ {
		w[i] = ccLower(s[i])
	}
	if e < len(s) && (s[e] == '(' || s[e] == ':' || s[e] == '!') && conventionalTypes[string(w)] {
		return true
	}
	return commitVerbs[string(w)] && (e == len(s) || s[e] == ' ' || s[e] == ':')
}

// gitLogLine adds line n to the current run when it looks like git log
// output, and ends the run otherwise.
func (s *codeScan) gitLogLine(n int, inCode bool) {
	line := s.f.Lines.Line(n)
	hs, he, subject, ok := parseGitLogLine(line, inCode)
	if ok && !inCode {
		start := s.f.Lines.LineStart(n)
		ok = s.visible(start+hs, start+he)
	}
	if !ok {
		if len(bytes.TrimSpace(line)) > 0 {
			s.flushGitRun()
		}
		return
	}
	start := s.f.Lines.LineStart(n)
	r := &s.run
	if r.lines > 0 && (n == r.last+1 || (n == r.last+2 && len(bytes.TrimSpace(s.f.Lines.Line(n-1))) == 0)) {
		r.last, r.lines = n, r.lines+1
		r.span.End = s.f.Lines.LineEnd(n)
	} else {
		s.flushGitRun()
		*r = gitLogRun{first: n, last: n, lines: 1, span: markdown.Span{Start: start + hs, End: s.f.Lines.LineEnd(n)}}
	}
	r.subject = r.subject || subject
}

// flushGitRun reports the current run if it is git history, and starts
// afresh.
func (s *codeScan) flushGitRun() bool {
	r := s.run
	s.run = gitLogRun{}
	if r.lines == 0 || !r.subject {
		return false
	}
	msg := "this line looks like git log output (a commit hash and its message): " + commitWhy
	if r.lines > 1 {
		msg = fmt.Sprintf("these %d lines look like git log output (commit hashes and their messages): %s", r.lines, commitWhy)
	}
	s.report(r.span, msg, "keep the decision or lesson these commits carry, not the list of commits")
	s.claim(r.span)
	return true
}

// gitLogProse finds git log lines in paragraphs and list items, and tables
// with a commit column.
func (s *codeScan) gitLogProse() {
	s.run = gitLogRun{}
	for i := range s.md.Blocks {
		b := &s.md.Blocks[i]
		if b.Kind != markdown.BlockParagraph {
			continue
		}
		if s.commitTable(b) {
			continue
		}
		for n := b.StartLine; n <= b.EndLine; n++ {
			s.gitLogLine(n, false)
		}
	}
	s.flushGitRun()
}

// commitTable reports a pipe table that has a column of commit hashes
// under a header such as "Commit" or "SHA".
func (s *codeScan) commitTable(b *markdown.Block) bool {
	if b.EndLine-b.StartLine < 2 {
		return false
	}
	head := bytes.TrimSpace(s.f.Lines.Line(b.StartLine))
	delim := bytes.TrimSpace(s.f.Lines.Line(b.StartLine + 1))
	if len(head) == 0 || head[0] != '|' || !ccTableDelimiter(delim) {
		return false
	}
	col := -1
	for i, cell := range ccTableCells(head) {
		if commitColumnHeader(cell) {
			col = i
			break
		}
	}
	if col < 0 {
		return false
	}
	var sp markdown.Span
	rows := 0
	for n := b.StartLine + 2; n <= b.EndLine; n++ {
		line := s.f.Lines.Line(n)
		cells := ccTableCells(line)
		if col >= len(cells) {
			continue
		}
		cell := bytes.Trim(bytes.TrimSpace(cells[col]), "`")
		if len(cell) < 7 || len(cell) > 40 || !ccAllLowerHex(cell) || !ccMixedHex(cell) {
			continue
		}
		off := s.f.Lines.LineStart(n) + bytes.Index(line, cell)
		if !s.visible(off, off+len(cell)) {
			continue
		}
		if rows == 0 {
			sp.Start = off
		}
		sp.End = off + len(cell)
		rows++
	}
	if rows == 0 {
		return false
	}
	s.report(sp, fmt.Sprintf("this table lists commit hashes (%d rows): %s", rows, commitWhy), commitHow)
	s.claim(sp)
	return true
}

func ccTableDelimiter(line []byte) bool {
	if !bytes.Contains(line, []byte("-")) {
		return false
	}
	for _, c := range line {
		if c != '|' && c != '-' && c != ':' && c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// ccTableCells splits a table row on "|", dropping the empty cells outside
// leading and trailing pipes.
func ccTableCells(line []byte) [][]byte {
	t := bytes.TrimSpace(line)
	t = bytes.TrimPrefix(t, []byte("|"))
	t = bytes.TrimSuffix(t, []byte("|"))
	return bytes.Split(t, []byte("|"))
}

func commitColumnHeader(cell []byte) bool {
	h := strings.ToLower(strings.Trim(strings.TrimSpace(string(cell)), "*_` "))
	switch h {
	case "sha", "sha1", "sha-1", "rev", "revision", "commit", "commits", "commit hash", "commit sha", "commit id", "hash (commit)":
		return true
	}
	return false
}
