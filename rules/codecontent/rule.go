// Package codecontent holds the code-content rule: what memory must not hold
// because the repository already holds it (file:line citations, long code
// blocks, commit hashes and git-log history, stack traces).
//
// The words and names the detectors look for (code file extensions, the
// words for "line" in each language, commit verbs, hash keywords, info
// strings of code blocks) are tables in the tables*.go files; each detector
// has its file: blocks.go (code blocks), traces.go (stack traces),
// gitlog.go (git log lines and commit tables), hashes.go (commit hashes),
// citations.go and lines.go (file:line citations), links.go; groups.go
// gathers a section's findings into one.
package codecontent

import (
	"bytes"
	_ "embed"
	"sort"
	"strings"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// Rules is the family's rules, for the registry.
var Rules = []*lint.Rule{Rule}

// doc is the rule's documentation, shown by `memlint rules code-content`
// and in docs/rules.md.
//
//go:embed code-content.md
var doc string

// Rule reports what memory must not hold because the repository already
// holds it, and holds it better: file:line citations, long code blocks,
// commit hashes and git-log history, and stack traces.
var Rule = &lint.Rule{
	ID:       "code-content",
	Stage:    lint.Preview,
	Kinds:    lint.ExceptSubagent, // subagents are told to save codebase patterns (SPEC §1.1)
	Severity: lint.Warning,
	Summary:  "memory holds what the code or git already says: file:line citations, long code blocks, commit hashes, stack traces",
	Doc:      doc,
	Options:  lint.OptionsOf(options{MaxCodeLines: 10}),
	Run:      runCodeContent,
}

// options are code-content's options.
type options struct {
	MaxCodeLines int `option:"max-code-lines" doc:"the most lines of code a fenced or indented block may have (blank lines, comments, trees, diagrams and sample text do not count)"`
}

func runCodeContent(pass *lint.Pass) {
	var s codeScan
	if idx := pass.Dir.Index; idx != nil && pass.Focused(idx) {
		s.check(pass, idx)
	}
	// Daily logs are append-only records of what happened: a hash or a
	// trace there cannot be edited away, so they are not checked.
	for _, f := range pass.Dir.Topics {
		if pass.Focused(f) {
			s.check(pass, f)
		}
	}
}

// codeScan holds the state of one file's check; its slices are reused
// from file to file.
type codeScan struct {
	pass    *lint.Pass
	f       *memory.File
	src     []byte
	md      *markdown.Markdown
	claimed []markdown.Span // spans already reported as a whole
	run     gitLogRun
	pending markdown.Span // a hash finding not yet reported (for a..b ranges)
	pendMsg string
	found   []ccFinding // citations and hashes, reported by section
	// repo is the repository the dir's memory is about, asked for on the
	// first citation (repoAsked) and kept from file to file; nil when
	// the run has none.
	repo      lint.Repository
	repoAsked bool
}

func (s *codeScan) check(pass *lint.Pass, f *memory.File) {
	if f.Body() == nil || f.ParseError() != nil || f.Lines == nil {
		return
	}
	*s = codeScan{pass: pass, f: f, src: f.Src, md: f.Body(), claimed: s.claimed[:0], found: s.found[:0], repo: s.repo, repoAsked: s.repoAsked}
	maxLines := lint.OptionsFor[options](pass, f).MaxCodeLines

	for i := range s.md.Blocks {
		b := &s.md.Blocks[i]
		if b.Kind == markdown.BlockParagraph {
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
		if b.Kind == markdown.BlockParagraph || b.Kind == markdown.BlockHeading {
			s.inline(b.Span)
		}
	}
	s.flushHash()
	s.flushGroups()
}

// claim records a reported span so that nothing inside it is reported again.
func (s *codeScan) claim(sp markdown.Span) { s.claimed = append(s.claimed, sp) }

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
			// between two runs of prose is not hidden text, and neither
			// is the markup of emphasis or of a table's cells.
			if c := s.src[p]; c == '\n' || c == '\r' || c == ' ' || c == '\t' || c == '>' || c == '*' || c == '_' || c == '|' {
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
func ccSpanEndAt(spans []markdown.Span, off int) int {
	i := sort.Search(len(spans), func(i int) bool { return spans[i].Start > off }) - 1
	if i >= 0 && spans[i].Contains(off) {
		return spans[i].End
	}
	return -1
}

// lineBefore returns the line before the one off is on when it is a
// label for what follows — a heading, a line in bold, or a short line
// ending in a colon: a block that starts by citing a range of lines may
// name their file there ("**Example (worker.go):**" over "- used on lines
// 180 and 203"). A sentence that ends by naming a file is not a label.
func (s *codeScan) lineBefore(off int) []byte {
	n := s.f.Lines.LineOf(off)
	if n <= 1 {
		return nil
	}
	line := bytes.TrimSpace(s.f.Lines.Line(n - 1))
	if len(line) == 0 || bytes.Count(line, []byte(" ")) >= 12 {
		return nil
	}
	bare := bytes.TrimRight(line, "*_ ")
	switch {
	case line[0] == '#',
		bytes.HasSuffix(bare, []byte(":")), bytes.HasSuffix(bare, []byte("：")),
		bytes.HasPrefix(line, []byte("**")) && bytes.HasSuffix(line, []byte("**")),
		bytes.HasPrefix(line, []byte("__")) && bytes.HasSuffix(line, []byte("__")):
		return line
	}
	return nil
}

// inRepository reports whether the cited file, as the citation writes it
// (path), may be one of the repository's. A citation of a file the
// repository does not have (a third-party SDK's header, a dependency's
// source, another project's file) points at code that no edit of this
// repository moves, often as the evidence a memory needs: it is not
// reported. Without a repository (memory linted on its own), or when the
// citation does not say which file (path empty), every citation counts.
func (s *codeScan) inRepository(path []byte) bool {
	if len(path) == 0 {
		return true
	}
	if !s.repoAsked {
		s.repoAsked = true
		if s.pass != nil {
			s.repo = s.pass.Repo()
		}
		if s.repo != nil && !s.repo.HasDir("") {
			s.repo = nil // a repository whose file list could not be read tracks nothing: it tells nothing
		}
	}
	if s.repo == nil {
		return true
	}
	return repoHasFile(s.repo, string(path))
}

// repoHasFile reports whether repo tracks the file a citation writes as
// p: at that path, or at the path without its leading folders (written
// from a subproject's folder, from outside the work tree, or as a URL
// into the repository's host), or at a path ending in it.
func repoHasFile(repo lint.Repository, p string) bool {
	p = strings.Trim(strings.ReplaceAll(p, `\`, "/"), "`'\"*_()<> ")
	if q := strings.IndexAny(p, "?#"); q >= 0 {
		p = p[:q]
	}
	for p != "" {
		if repo.Tracked(p) || repo.Nested(p) {
			return true
		}
		slash := strings.IndexByte(p, '/')
		if slash < 0 {
			return false
		}
		p = p[slash+1:]
	}
	return false
}
