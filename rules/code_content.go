package rules

import (
	"github.com/memlint/memlint/rules/internal/ruleutil"

	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
)

// CodeContent reports what memory must not hold because the repository
// already holds it, and holds it better: file:line citations, long code
// blocks, commit hashes and git-log history, and stack traces.
var CodeContent = &lint.Rule{
	ID:       "code-content",
	Kinds:    lint.ExceptSubagent, // subagents are told to save codebase patterns (SPEC §1.1)
	Severity: lint.Warning,
	Summary:  "memory holds what the code or git already says: file:line citations, long code blocks, commit hashes, stack traces",
	Doc: `Memory is for what cannot be read from the current code: decisions, reasons,
preferences, lessons. Facts copied out of the code rot silently: a line number
points at other code after the next edit, a pasted block drifts from the file it
came from, a commit hash or a git log excerpt repeats what ` + "`git log`" + ` and
` + "`git blame`" + ` already answer, and a stack trace describes one past failure in
code that has since changed. Claude Code's own instructions say not to save code
patterns, file paths, git history or debugging recipes.

This rule reports, in the body of topic files and the index (daily logs are
append-only records and are not checked):

- ` + "`file:line`" + ` citations: ` + "`auth.ts:42`" + `, ` + "`src/x/handler.go:120:5`" + `,
  ` + "`auth.ts:42-50`" + `, shorthand after a file name (` + "`routes.ts` :465-484" + `,
  ` + "`app.ts:120, :245`" + `), GitHub ` + "`#L42-L50`" + ` anchors (also in link targets),
  and prose such as "line 42 of auth.ts", "x.py (line 179)" (also across a line
  break), "lines 39 and 60", "Lines 399-400" right after a sentence naming the
  file, and the same in other languages ("ligne 42 de", "Zeile 42 in", "dòng 84
  của", "строка 42", "42행", "42行目", "第42行"). Only names with a source, build or
  config extension count, so times, ports, ratios, versions and verse numbers are
  never reported; line 1 (the top of a file) and MEMORY.md's line numbers (a
  budget, not a place) are left alone.
- Code blocks with more than ` + "`max-code-lines`" + ` lines of code (default 10).
  Blank lines, comments, lone braces and elisions do not count, and neither do
  directory trees, ASCII diagrams and wireframes, Mermaid and other diagram
  blocks, sample text (messages, emails, transcripts, prose, templates with
  empty slots), log excerpts, command output and data introduced as what a
  program returns or prints. Stack traces and git log output in a block are
  reported as such.
- Commit hashes used as history: a 40-character hex SHA anywhere; a shorter
  one (7 or more lowercase hex digits, both letters and digits) a few words
  after "commit", "sha", "git", "merged", "deployed", "reverted", "fixed in",
  "caused by" and the like; ` + "`git log --oneline`" + ` lines; a table column headed
  "Commit"; links to commits. A hash kept as an anchor is knowledge and is not
  reported: "roll back to a1b2c3d if …", "last good build: 1a2b3c4d", "pinned
  at …", "(known good)", "baseline". IDs that only look like hashes (UUIDs,
  colours, ` + "`0x`" + ` numbers, words like deadbeef, image tags, session and trace
  IDs, checksums) are left alone.
- Stack traces of JavaScript, Python, Java/Kotlin, .NET, Go and Rust, once per
  trace.

Citations and hashes are counted per section (the text under one heading,
or the whole file without headings): a section with several gets one finding
that says how many and on which lines, since they are fixed together.

Bad:

    The token refresh bug is at src/auth/refresh.ts:88 (fixed in commit 3f9a2c1).

Good:

    Token refresh must happen before the retry loop, not inside it: a refresh
    inside the loop logged users out under load (incident 2026-03-02).

Fix: keep the lasting fact (what to do, and why) and point to code by file and
function name without a line number; let git keep the history. Raise
` + "`max-code-lines`" + ` if short snippets longer than 10 lines are really what your
memory needs.`,
	Options: lint.OptionsOf(codeContentOptions{MaxCodeLines: 10}),
	Run:     runCodeContent,
}

func runCodeContent(pass *lint.Pass) {
	var s codeScan
	if idx := pass.Dir.Index; idx != nil {
		s.check(pass, idx)
	}
	// Daily logs are append-only records of what happened: a hash or a
	// trace there cannot be edited away, so they are not checked.
	for _, f := range pass.Dir.Topics {
		s.check(pass, f)
	}
}

// codeScan holds the state of one file's check; its slices are reused
// from file to file.
type codeScan struct {
	pass    *lint.Pass
	f       *lint.File
	src     []byte
	md      *lint.Markdown
	claimed []lint.Span // spans already reported as a whole
	run     gitLogRun
	pending lint.Span // a hash finding not yet reported (for a..b ranges)
	pendMsg string
	found   []ccFinding // citations and hashes, reported by section
}

func (s *codeScan) check(pass *lint.Pass, f *lint.File) {
	if f.Body == nil || f.ParseError != nil || f.Lines == nil {
		return
	}
	*s = codeScan{pass: pass, f: f, src: f.Src, md: f.Body, claimed: s.claimed[:0], found: s.found[:0]}
	maxLines := lint.OptionsFor[codeContentOptions](pass, f).MaxCodeLines

	for i := range s.md.Blocks {
		b := &s.md.Blocks[i]
		if b.Kind == lint.BlockParagraph {
			s.traces(b.StartLine, b.EndLine, "")
		}
	}
	s.gitLogProse()
	for i := range s.md.CodeBlocks {
		s.codeBlock(&s.md.CodeBlocks[i], maxLines)
	}
	for i := range s.md.Links {
		s.link(&s.md.Links[i])
	}
	for i := range s.md.Blocks {
		b := &s.md.Blocks[i]
		if b.Kind == lint.BlockParagraph || b.Kind == lint.BlockHeading {
			s.inline(b.Span)
		}
	}
	s.flushHash()
	s.flushGroups()
}

// claim records a reported span so that nothing inside it is reported again.
func (s *codeScan) claim(sp lint.Span) { s.claimed = append(s.claimed, sp) }

func (s *codeScan) isClaimed(start, end int) bool {
	for _, c := range s.claimed {
		if start < c.End && end > c.Start {
			return true
		}
	}
	return false
}

// visible reports whether src[start:end] is text a reader sees: prose or
// inline code, not a link destination, HTML or comment.
func (s *codeScan) visible(start, end int) bool {
	for p := start; p < end; {
		q := ccSpanEndAt(s.md.Prose, p)
		if q < 0 {
			q = ccSpanEndAt(s.md.CodeSpans, p)
		}
		if q <= p {
			// A line break or the indentation of a continuation line
			// between two runs of prose is not hidden text.
			if c := s.src[p]; c == '\n' || c == '\r' || c == ' ' || c == '\t' || c == '>' {
				p++
				continue
			}
			return false
		}
		p = q
	}
	return true
}

// ccSpanEndAt returns the end of the span in sorted spans that contains off,
// or -1.
func ccSpanEndAt(spans []lint.Span, off int) int {
	i := sort.Search(len(spans), func(i int) bool { return spans[i].Start > off }) - 1
	if i >= 0 && spans[i].Contains(off) {
		return spans[i].End
	}
	return -1
}

// ---------------------------------------------------------------------------
// Messages

const (
	citationWhy  = "line numbers change with every edit, so a memory that cites one silently points at the wrong code later"
	citationHow  = "name the file and the function or behaviour instead, without a line number (memory should hold why and what to do, not where the code is)"
	commitWhy    = "git already records which commit changed what (git log, git blame); memory should hold what git cannot tell"
	commitHow    = "keep the lasting decision or lesson and drop the hash"
	codeBlockHow = "replace it with a one-line pointer to the file or command and say when and why it matters; or raise max-code-lines"
)

func (s *codeScan) report(sp lint.Span, msg, how string) {
	s.pass.ReportSpan(s.f, sp, msg, how)
}

// ccShown returns b as a message quotes it: one line, at most 60
// characters, in quotes.
func ccShown(b []byte) string { return ruleutil.Quote(ruleutil.Clip(string(b), 60)) }

// ---------------------------------------------------------------------------
// Code blocks

func (s *codeScan) codeBlock(cb *lint.CodeBlock, maxLines int) {
	if cb.ContentLines == 0 || cb.Content.End <= cb.Content.Start {
		return
	}
	first := s.f.Lines.LineOf(cb.Content.Start)
	last := s.f.Lines.LineOf(cb.Content.End - 1)
	if s.traces(first, last, " in a code block") {
		return
	}
	s.run = gitLogRun{}
	for n := first; n <= last; n++ {
		s.gitLogLine(n, true)
	}
	if s.flushGitRun() {
		return
	}
	if cb.ContentLines <= maxLines {
		return
	}
	n := codeBlockLines(s.src[cb.Content.Start:cb.Content.End], cb.Info)
	if n <= maxLines || s.sampleLeadIn(cb) {
		return
	}
	kind := "code block"
	if !cb.Fenced {
		kind = "indented code block"
	}
	count := fmt.Sprintf("%d lines", n)
	if n < cb.ContentLines {
		count = fmt.Sprintf("%d lines of code", n)
	}
	s.report(cb.Span, fmt.Sprintf("this %s has %s (more than %d): memory should say what to do and why, not paste code or config that the repository already holds and that drifts from it; a pointer to the file is better", kind, count, maxLines), codeBlockHow)
}

// ---------------------------------------------------------------------------
// Stack traces

type traceLineKind int

const (
	notFrame     traceLineKind = iota
	frameLine                  // one frame of a trace
	traceHead                  // a line that only starts traces (Traceback, goroutine N)
	weakHead                   // "panic: ..." – part of a Go trace when one follows
	numberedLine               // "0: symbol" – a frame inside a Rust backtrace
)

var (
	reJSFrame     = regexp.MustCompile(`^at (?:async )?(?:\S.*? \()?(?:file://)?(\S*[./]\S*?|node:\w+):\d+:\d+\)?\s*$`)
	reJavaFrame   = regexp.MustCompile(`^at [\w$.<>/]+\.[\w$<>]+\((?:[\w$.-]+\.(java|kt|kts|scala|groovy|clj):\d+|Native Method|Unknown Source)\)\s*$`)
	reDotnetFrame = regexp.MustCompile("^at [\\w.<>`+\\[\\]]+\\.[\\w<>`]+\\([^)]*\\)(?: in \\S.*:line \\d+)?\\s*$")
	rePyHead      = regexp.MustCompile(`^Traceback \(most recent call last\):`)
	rePyFrame     = regexp.MustCompile(`^File "[^"]+", line \d+`)
	reGoHead      = regexp.MustCompile(`^goroutine \d+ \[[^\]]*\]:`)
	reGoFrame     = regexp.MustCompile(`^\S+\.go:\d+ \+0x[0-9a-f]+\s*$`)
	reRustHead    = regexp.MustCompile(`^thread '[^']*' panicked at`)
	reRustFrame   = regexp.MustCompile(`^\d+:\s+(?:0x[0-9a-f]+ - )?[\w<>$.:]+\s*$`)
	// reTraceMessage is the exception line above JavaScript, Java and .NET
	// frames: "TypeError: x", "java.lang.IllegalStateException: closed".
	reTraceMessage = regexp.MustCompile(`^(?:[\w$.]*(?:Error|Exception|Throwable)\b|Exception in thread |Caused by: )`)
)

// classifyFrame says whether line is part of a stack trace, and of which
// language.
func classifyFrame(line []byte) (traceLineKind, string) {
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

// traceFrameGap is how many lines may separate two frames of one trace (code
// excerpts, "Caused by:", Go function lines).
const traceFrameGap = 3

type traceState struct {
	lang          string
	first, last   int // first line (head or frame) and last frame line
	frames, heads int
}

// traces reports the stack traces among lines first..last and reports
// whether it found any.
func (s *codeScan) traces(first, last int, where string) bool {
	var cur traceState
	var weak int // line of the last "panic:" line
	found := false
	flush := func() {
		if cur.frames >= 1 && cur.frames+cur.heads >= 2 {
			start := s.f.Lines.LineStart(cur.first)
			start += len(s.f.Lines.Line(cur.first)) - len(bytes.TrimLeft(s.f.Lines.Line(cur.first), " \t"))
			sp := lint.Span{Start: start, End: s.f.Lines.LineEnd(cur.last)}
			what := fmt.Sprintf("%d frames", cur.frames)
			if cur.frames == 1 {
				what = "1 frame"
			}
			s.report(sp, fmt.Sprintf("stack trace (%s, %s)%s: a trace records one past failure in code that has since changed; memory should keep the lesson (what went wrong, how to avoid or diagnose it), not the trace", cur.lang, what, where),
				"replace the trace with one sentence on the cause and the fix or the check that catches it")
			s.claim(sp)
			found = true
		}
		cur = traceState{}
	}
	for n := first; n <= last; n++ {
		kind, lang := classifyFrame(s.f.Lines.Line(n))
		if kind == numberedLine {
			kind = notFrame
			if cur.lang == "Rust" {
				kind = frameLine
			}
		}
		switch kind {
		case notFrame:
			if cur.lang != "" && n-cur.last > traceFrameGap {
				flush()
			}
			continue
		case weakHead:
			weak = n
			continue
		}
		if cur.lang != lang || n-cur.last > traceFrameGap {
			flush()
			cur = traceState{lang: lang, first: n, last: n}
			if lang == "Go" && weak > 0 && n-weak <= traceFrameGap {
				cur.first = weak
			} else if n > first && reTraceMessage.Match(bytes.TrimLeft(s.f.Lines.Line(n-1), " \t")) {
				cur.first = n - 1
			}
		}
		cur.last = n
		if kind == frameLine {
			cur.frames++
		} else {
			cur.heads++
		}
	}
	flush()
	return found
}

// ---------------------------------------------------------------------------
// git log --oneline lines

// gitLogRun is a run of consecutive lines that look like git log output.
type gitLogRun struct {
	first, last int       // line numbers
	span        lint.Span // first hash to end of last line
	lines       int
	subject     bool // some line has a commit-like subject
}

var commitVerbs = map[string]bool{
	"add": true, "adds": true, "added": true, "fix": true, "fixes": true, "fixed": true,
	"update": true, "updates": true, "updated": true, "remove": true, "removes": true, "removed": true,
	"refactor": true, "refactors": true, "refactored": true, "merge": true, "merged": true,
	"bump": true, "bumps": true, "revert": true, "reverts": true, "implement": true, "implements": true,
	"implemented": true, "introduce": true, "introduces": true, "rename": true, "renamed": true,
	"move": true, "moved": true, "delete": true, "deleted": true, "replace": true, "replaced": true,
	"improve": true, "improved": true, "clean": true, "cleanup": true, "change": true, "changed": true,
	"create": true, "created": true, "initial": true, "init": true, "wip": true, "support": true,
	"allow": true, "use": true, "make": true, "enable": true, "disable": true, "drop": true,
	"upgrade": true, "migrate": true, "document": true, "release": true, "prepare": true,
	"handle": true, "extract": true, "simplify": true, "split": true, "switch": true, "restore": true,
	"reapply": true, "tweak": true, "correct": true, "convert": true, "ensure": true, "avoid": true,
	"prevent": true, "optimize": true, "optimise": true, "format": true, "rewrite": true, "reword": true,
	"feat": true, "chore": true, "docs": true, "test": true, "tests": true, "perf": true, "ci": true,
	"build": true, "style": true, "hotfix": true, "squash": true,
}

// conventionalTypes are Conventional Commits types, recognised with a
// scope or colon: "feat(auth): ...", "fix: ...".
var conventionalTypes = map[string]bool{
	"feat": true, "fix": true, "chore": true, "docs": true, "refactor": true, "test": true,
	"perf": true, "ci": true, "build": true, "style": true, "revert": true,
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
		for _, d := range []string{"(HEAD", "(tag:", "(origin/", "(upstream/"} {
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
		*r = gitLogRun{first: n, last: n, lines: 1, span: lint.Span{Start: start + hs, End: s.f.Lines.LineEnd(n)}}
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
		if b.Kind != lint.BlockParagraph {
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
func (s *codeScan) commitTable(b *lint.Block) bool {
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
	var sp lint.Span
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

// ---------------------------------------------------------------------------
// Links

func (s *codeScan) link(l *lint.Link) {
	dest := l.Dest
	if !strings.Contains(dest, "#L") && !strings.Contains(dest, "/commit") && !colonDigit(dest) {
		return
	}
	d := []byte(dest)
	if a := findLineAnchor(d); a.ok {
		s.collect(ccCitation, l.Span, ccShown(d[a.start:a.end]), fmt.Sprintf("this link points at %s of %s (%s): %s", a.what(), a.file, ccShown(d[a.start:a.end]), citationWhy))
		s.claim(l.Span)
		return
	}
	if c := findColonCitation(d, 0); c.ok {
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

// ---------------------------------------------------------------------------
// Inline text: citations and hashes

// inline scans the source of a paragraph or heading for citations, commit
// URLs and hashes in prose and inline code.
func (s *codeScan) inline(blk lint.Span) {
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
func (s *codeScan) addHash(sp lint.Span, full bool) {
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
	s.pending = lint.Span{}
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

// ---------------------------------------------------------------------------
// Citation finders. They work on any byte slice (a block's source or a
// link destination) and return offsets into it.

// codeFileName reports whether the path ends in the name of a code or
// config file, and returns that name.
func codeFileName(p []byte) ([]byte, bool) {
	name := p
	if i := bytes.LastIndexAny(p, `/\`); i >= 0 {
		name = p[i+1:]
	}
	if codeFileNames[string(name)] {
		return name, true
	}
	dot := bytes.LastIndexByte(name, '.')
	if dot <= 0 || dot == len(name)-1 {
		return nil, false
	}
	stem := bytes.Trim(name[:dot], ".-")
	if len(stem) == 0 {
		return nil, false
	}
	return name, codeFileExts[string(name[dot+1:])]
}

func ccPathByte(c byte) bool {
	return ccLetter(c) || ccDigit(c) || c == '_' || c == '.' || c == '-' || c == '/' || c == '\\' || c == '~'
}

// ccPathBefore returns where the path ending at end starts: the run of path
// characters before it. It reports false for URLs ("https://host.sh:22")
// and user@host.
func ccPathBefore(b []byte, end int) (int, bool) {
	st := end
	for st > 0 && ccPathByte(b[st-1]) {
		st--
	}
	// Leading dots of an ellipsis are not part of the path.
	for st < end && b[st] == '.' && st+1 < end && b[st+1] == '.' && (st+2 >= end || b[st+2] == '.') {
		st += 3
	}
	if st >= end {
		return end, false
	}
	if st >= 2 && b[st-1] == ':' && ccLetter(b[st-2]) && (st == 2 || !ccWordByte(b[st-3])) && (b[st] == '\\' || b[st] == '/') && b[st+1] != '/' {
		st -= 2 // a Windows drive: C:\src\x.cs
	}
	if bytes.HasPrefix(b[st:end], []byte("//")) {
		return end, false // a URL: "https://host.rs:443", "file:///x"
	}
	if st > 0 && b[st-1] == '@' {
		return end, false // user@host.sh:22
	}
	return st, true
}

type codeCitation struct {
	ok          bool
	start, end  int
	next        int // where to continue scanning
	file, lines string
	several     bool // a range or list of lines
	named       bool // the file is named in the text before, not next to the lines
}

// findColonCitation finds the next "path.ext:LINE" at or after from, with an
// optional ":COL", "-END" or "L" prefix (auth.ts:L42).
func findColonCitation(b []byte, from int) codeCitation {
	for from < len(b) {
		i := bytes.IndexByte(b[from:], ':')
		if i < 0 {
			break
		}
		i += from
		from = i + 1
		d := i + 1
		if d < len(b) && b[d] == 'L' {
			d++
		}
		if d >= len(b) || !ccDigit(b[d]) || i == 0 {
			continue
		}
		st, ok := ccPathBefore(b, i)
		if !ok {
			// Shorthand after a file name: "`routes.ts` :465-484",
			// "app.ts:120, :245".
			if st, ok = colonShorthand(b, i, 0); !ok {
				continue
			}
		} else if _, ok := codeFileName(b[st:i]); !ok {
			continue
		}
		end, ok := ccLineRef(b, d, true)
		if !ok || hostPort(b[st:i], b[d:end]) {
			continue
		}
		if string(b[d:end]) == "1" {
			continue // "index.ts:1": the top of a file, which no edit moves
		}
		return codeCitation{ok: true, start: st, end: end, next: end}
	}
	return codeCitation{}
}

// colonShorthand reports whether the ":" at b[i], with no path of its
// own, continues a file name or a citation just before it, and where the
// finding starts: at the file name ("`x.ts` :46") or at the colon (", :245").
func colonShorthand(b []byte, i, depth int) (int, bool) {
	if depth > 8 || (i > 0 && !strings.ContainsRune(" \t`'\"(,", rune(b[i-1]))) {
		return 0, false
	}
	p := i
	for p > 0 && strings.IndexByte(" \t`'\"(,", b[p-1]) >= 0 {
		p--
	}
	gap := string(b[p:i])
	for _, w := range []string{" and", " or", " &"} {
		if bytes.HasSuffix(b[:p], []byte(w)) {
			p -= len(w)
			for p > 0 && strings.IndexByte(" \t,", b[p-1]) >= 0 {
				p--
			}
			gap = "," // only a citation may come before "and"
			break
		}
	}
	// An earlier citation: "app.ts:120, :245".
	q := p
	for q > 0 && (ccDigit(b[q-1]) || b[q-1] == '-') {
		q--
	}
	if q < p && q > 0 && b[q-1] == ':' {
		if st, ok := ccPathBefore(b, q-1); ok {
			if _, ok := codeFileName(b[st : q-1]); ok {
				return i, true
			}
		}
		if _, ok := colonShorthand(b, q-1, depth+1); ok {
			return i, true
		}
		return 0, false
	}
	// A file name right before: "`routes.ts` :465".
	if strings.ContainsAny(gap, ",(") || !strings.ContainsAny(gap, " \t`'\"") {
		return 0, false
	}
	p = i - len(strings.TrimLeft(gap, "`'\""))
	var quote byte
	if p > 0 && (b[p-1] == '`' || b[p-1] == '\'' || b[p-1] == '"') {
		quote = b[p-1]
		p--
	}
	st, ok := ccPathBefore(b, p)
	if !ok {
		return 0, false
	}
	if _, ok := codeFileName(b[st:p]); !ok {
		return 0, false
	}
	if quote != 0 && st > 0 && b[st-1] == quote {
		st--
	}
	return st, true
}

// hostPort reports whether name:num reads as a host name and a port: a
// lowercase dotted name with at least two dots ending in a country domain,
// and a bare number.
func hostPort(name, num []byte) bool {
	if bytes.Count(name, []byte(".")) < 2 || !ccAllDigits(num) {
		return false
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z') && !ccDigit(c) && c != '.' && c != '-' {
			return false
		}
	}
	return tldExts[string(name[bytes.LastIndexByte(name, '.')+1:])]
}

func ccAllDigits(b []byte) bool {
	for _, c := range b {
		if !ccDigit(c) {
			return false
		}
	}
	return len(b) > 0
}

// ccLineRef reads a line number at b[d:] with an optional column (":5") or
// range ("-50", "–50", "-L50"), and reports where it ends. A number glued to
// letters, or followed by ".digit" (a version), is not a line reference.
func ccLineRef(b []byte, d int, colon bool) (int, bool) {
	e := ccDigitsEnd(b, d)
	if e-d > 6 {
		return 0, false
	}
	switch {
	case colon && e+1 < len(b) && b[e] == ':' && ccDigit(b[e+1]):
		e = ccDigitsEnd(b, e+1)
	case e+1 < len(b) && b[e] == '-' && ccDigit(b[e+1]):
		e = ccDigitsEnd(b, e+1)
	case e+2 < len(b) && b[e] == '-' && b[e+1] == 'L' && ccDigit(b[e+2]):
		e = ccDigitsEnd(b, e+2)
	case bytes.HasPrefix(b[e:], []byte("–")) && e+3 < len(b) && ccDigit(b[e+3]):
		e = ccDigitsEnd(b, e+3)
	}
	if e < len(b) {
		c := b[e]
		if ccLetter(c) || c == '_' || (c == '.' && e+1 < len(b) && ccDigit(b[e+1])) || (c == ':' && e+1 < len(b) && ccDigit(b[e+1])) {
			return 0, false
		}
	}
	return e, true
}

func ccDigitsEnd(b []byte, i int) int {
	for i < len(b) && ccDigit(b[i]) {
		i++
	}
	return i
}

type lineAnchor struct {
	ok          bool
	start, end  int
	file, lines string
}

// findLineAnchor finds a "#L42" anchor after a code file name in b (a link
// destination).
func findLineAnchor(b []byte) lineAnchor { return findLineAnchorFrom(b, 0) }

// findLineAnchorFrom finds the next "name.ext#L42[-L50]" at or after from; the
// match starts at the beginning of the URL or path.
func findLineAnchorFrom(b []byte, from int) lineAnchor {
	for from < len(b) {
		i := bytes.Index(b[from:], []byte("#L"))
		if i < 0 {
			break
		}
		i += from
		from = i + 2
		if i+2 >= len(b) || !ccDigit(b[i+2]) || i == 0 {
			continue
		}
		// The URL or path before the anchor: anything up to a space or
		// bracket.
		st := i
		for st > 0 && !ccURLStop(b[st-1]) {
			st--
		}
		name, ok := codeFileName(b[st:i])
		if !ok {
			continue
		}
		e := ccDigitsEnd(b, i+2)
		if e+1 < len(b) && b[e] == 'C' && ccDigit(b[e+1]) {
			e = ccDigitsEnd(b, e+1)
		}
		lines := string(b[i+2 : ccDigitsEnd(b, i+2)])
		if e+2 < len(b) && b[e] == '-' && (b[e+1] == 'L' || ccDigit(b[e+1])) {
			r := e + 1
			if b[r] == 'L' {
				r++
			}
			if r < len(b) && ccDigit(b[r]) {
				lines += "–" + string(b[r:ccDigitsEnd(b, r)])
				e = ccDigitsEnd(b, r)
				if e+1 < len(b) && b[e] == 'C' && ccDigit(b[e+1]) {
					e = ccDigitsEnd(b, e+1)
				}
			}
		}
		if e < len(b) && (ccLetter(b[e]) || b[e] == '_') {
			continue
		}
		return lineAnchor{ok: true, start: st, end: e, file: string(name), lines: lines}
	}
	return lineAnchor{}
}

// what says which lines the anchor names: "line 42", "lines 42–50".
func (a lineAnchor) what() string {
	if strings.Contains(a.lines, "–") {
		return "lines " + a.lines
	}
	return "line " + a.lines
}

func ccURLStop(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '(', ')', '[', ']', '<', '>', '"', '\'', '`', '|', '*':
		return true
	}
	return c >= utf8.RuneSelf
}

func ccSkipSpacesBack(b []byte, p int) int {
	for p > 0 && b[p-1] == ' ' {
		p--
	}
	return p
}

// findCommitURL finds "…/commit/<hex>" (GitHub, GitLab "/-/commit/",
// "/commits/") at or after from; the match runs from the URL's start to
// the end of the hash.
func findCommitURL(b []byte, from int) (int, int) {
	for from < len(b) {
		i := bytes.Index(b[from:], []byte("/commit"))
		if i < 0 {
			break
		}
		i += from
		from = i + len("/commit")
		h := from
		if h < len(b) && b[h] == 's' {
			h++
		}
		if h >= len(b) || b[h] != '/' {
			continue
		}
		h++
		e := h
		for e < len(b) && ccLowerHex(b[e]) {
			e++
		}
		if e-h < 7 || e-h > 40 || !ccMixedHex(b[h:e]) || (e < len(b) && ccWordByte(b[e])) {
			continue
		}
		st := i
		for st > 0 && !ccURLStop(b[st-1]) {
			st--
		}
		return st, e
	}
	return 0, 0
}

// ---------------------------------------------------------------------------
// Bytes

// Byte classes, looked up in a table: the hash scan visits every byte of
// prose.
const (
	ccClassDigit = 1 << iota
	ccClassLetter
	ccClassLowerHex
	ccClassWord
)

var ccClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case c >= '0' && c <= '9':
			t[c] = ccClassDigit | ccClassLowerHex | ccClassWord
		case c >= 'a' && c <= 'f':
			t[c] = ccClassLetter | ccClassLowerHex | ccClassWord
		case (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'):
			t[c] = ccClassLetter | ccClassWord
		case c == '_':
			t[c] = ccClassWord
		}
	}
	return t
}()

func ccDigit(c byte) bool    { return ccClass[c]&ccClassDigit != 0 }
func ccLowerHex(c byte) bool { return ccClass[c]&ccClassLowerHex != 0 }
func ccLetter(c byte) bool   { return ccClass[c]&ccClassLetter != 0 }
func ccWordByte(c byte) bool { return ccClass[c]&ccClassWord != 0 }

func ccLower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func ccAllLowerHex(b []byte) bool {
	for _, c := range b {
		if !ccLowerHex(c) {
			return false
		}
	}
	return true
}

// ccMixedHex reports whether a hex word has both a digit and a letter: "1234567"
// is a number and "deadbeef" a word, not hashes.
func ccMixedHex(b []byte) bool {
	var digit, letter bool
	for _, c := range b {
		if ccDigit(c) {
			digit = true
		} else {
			letter = true
		}
	}
	return digit && letter
}

// codeContentOptions are code-content's options.
type codeContentOptions struct {
	MaxCodeLines int `option:"max-code-lines" doc:"the most lines of code a fenced or indented block may have (blank lines, comments, trees, diagrams and sample text do not count)"`
}
