package injection

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules/internal/ruleutil"
)

// doc is the rule's documentation, shown by `memlint rules
// memory-injection` and in docs/rules.md.
//
//go:embed memory-injection.md
var doc string

// Rule reports text in memory that steers the agent instead of recording
// knowledge.
var Rule = &lint.Rule{
	ID:       "memory-injection",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "text that steers the agent instead of recording knowledge, however it is disguised or encoded and in the languages memory is written in: overriding instructions, concealment, exfiltration, image beacons, remote execution, forged system or tool messages, encoded blobs, instructions hidden in comments",
	Doc:      doc,
	Options:  lint.OptionsOf(options{Base64Length: 200}),
	Run:      run,
}

// options are memory-injection's options.
type options struct {
	Base64Length int `option:"base64-length" doc:"shortest run of base64 characters outside code reported as an encoded blob (0 turns the check off)"`
}

// run checks every file of the dir. Memory in a repository or in team/ is
// read by everyone who works there, and anyone who can commit can plant
// text in it: an error. The user's own memory in Claude Code's config home
// is written by the user and their agent: a warning, since the agent may
// have saved text it read somewhere.
func run(pass *lint.Pass) {
	sev := lint.Error
	if pass.Dir.Personal {
		sev = lint.Warning
	}
	for _, f := range pass.Dir.Files() {
		if !pass.Focused(f) || f.Lines == nil || !pass.Keeps(f, sev) {
			continue
		}
		opts := lint.OptionsFor[options](pass, f)
		for _, h := range scanFile(f, opts.Base64Length) {
			start, end := f.SpanPos(h.span)
			pass.Report(lint.Diagnostic{
				Severity:   sev,
				Path:       f.Path,
				Start:      start,
				End:        end,
				Message:    h.message(f.Src),
				Suggestion: h.suggestion(),
			})
		}
	}
}

// hit is one piece of steering text found in a file.
type hit struct {
	span    markdown.Span
	family  family
	comment bool   // inside an HTML comment the agent reads
	decoded string // for a blob: the text it decodes to, if any
	// reads is the text as the trigger read it, when that is not what
	// the file shows (look-alike letters, invisible characters, emphasis
	// inside a word, an encoding); encoding names the encoding.
	reads, encoding string
	// trigger is the index of the trigger that found it in the table,
	// which orders hits that start together.
	trigger int
}

// Families with scanners of their own.
const (
	famBlob    family = "an encoded blob"
	famTurns   family = "a forged conversation"
	famComment family = "an instruction hidden in an HTML comment"
)

func (h hit) message(src []byte) string {
	quoted := ruleutil.Quote(ruleutil.Clip(joinLines(src[h.span.Start:h.span.End]), 80))
	var msg string
	switch h.family {
	case famBlob:
		msg = fmt.Sprintf("%s: %d characters of base64 the reader cannot check", h.family, h.span.End-h.span.Start)
		if h.decoded != "" {
			msg += "; it decodes to text: " + ruleutil.Quote(ruleutil.Clip(h.decoded, 60))
		}
	case famComment:
		msg = fmt.Sprintf("%s, addressed to the agent: %s", h.family, quoted)
	case famBeacon:
		msg = fmt.Sprintf("%s: %s loads an address on another host with a placeholder for secrets or the conversation; a view that renders it sends what fills the placeholder there", h.family, quoted)
	case famTurns:
		msg = fmt.Sprintf("%s: %s opens a turn of a chat transcript, and the file has turns of both sides", h.family, quoted)
	default:
		msg = fmt.Sprintf("steering text (%s): %s", h.family, quoted)
		switch {
		case h.encoding != "":
			msg += fmt.Sprintf(", written in %s: it reads %s", h.encoding, ruleutil.Quote(ruleutil.Clip(h.reads, 80)))
		case h.reads != "":
			msg += fmt.Sprintf(", which reads %s once look-alike letters, invisible characters, escapes and markup are read as the agent reads them", ruleutil.Quote(ruleutil.Clip(h.reads, 80)))
		}
	}
	if h.comment && h.family != famComment {
		msg += ", inside an HTML comment that a rendered view hides and the agent reads"
	}
	return msg + "; memory is replayed into every later conversation, so text that steers the agent acts in each one"
}

// joinLines returns text with each line break, and the indentation and
// block-quote markers after it, made one space: a phrase broken over the
// lines of a paragraph, quoted on one line.
func joinLines(text []byte) string {
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		if text[i] != '\n' {
			b.WriteByte(text[i])
			continue
		}
		for i+1 < len(text) && (text[i+1] == ' ' || text[i+1] == '\t' || text[i+1] == '>' || text[i+1] == '\r') {
			i++
		}
		b.WriteByte(' ')
	}
	return b.String()
}

// fixHow says how to fix each family, before the advice common to all.
var fixHow = map[family]string{
	famRemoteExec:  "keep the command as a reference (in a code span, with what it installs), without telling the agent to run it unasked",
	famObfuscated:  "write out the command that runs, or delete it",
	famImpersonate: "documented markup goes in a code span; otherwise delete it",
	famTurns:       "summarise what the conversation taught as a fact, or put a quoted transcript in a code fence",
	famBlob:        "keep what the data says as text, or move the data out of memory",
	famComment:     "write the note as visible text stating a fact, or delete the comment",
	famBeacon:      "delete the image, or keep the address as a reference in a code span without the placeholder",
}

func (h hit) suggestion() string {
	how := fixHow[h.family]
	if how == "" {
		how = "record the knowledge behind it as a fact, not as an instruction to the agent"
	}
	return how + "; if nobody wrote it on purpose, delete it and find out how it got into memory; if it is intended, suppress it with a reason (<!-- memlint-disable-next-line memory-injection -- why -->)"
}

// scanFile returns the steering text in f, one hit per line at most, in
// file order.
func scanFile(f *memory.File, blobLen int) []hit {
	s := newScan(f)
	hits := s.triggers()
	hits = append(hits, s.turns()...)
	hits = append(hits, s.encoded()...)
	hits = append(hits, s.beacons()...)
	if blobLen > 0 {
		hits = append(hits, s.blobs(blobLen)...)
	}
	hits = append(hits, s.comments(hits)...)
	s.release()
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].span.Start != hits[j].span.Start {
			return hits[i].span.Start < hits[j].span.Start
		}
		return hits[i].trigger < hits[j].trigger
	})
	out := hits[:0]
	lastLine := -1
	for _, h := range hits {
		if line := f.Lines.LineOf(h.span.Start); line != lastLine {
			out = append(out, h)
			lastLine = line
		}
	}
	return out
}
