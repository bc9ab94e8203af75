package recall

import (
	_ "embed"
	"github.com/memlint/memlint/rules/internal/ruleutil"

	stdbytes "bytes"
	"fmt"
	"path"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
)

// Limits of Claude Code's recall (SPEC §1.4).
const (
	recallMaxLines = 200
	recallMaxBytes = 4096
	recallMaxFiles = 200
)

// MemoryRecallLimit reports memories that recall injects only in part. A
// document kept beside the memories (File.Document: a brief, an archived
// CLAUDE.md) is no memory to split. Recall reads an auto memory dir
// (SPEC §1.4); nothing shows it reads a subagent's topic files, whose
// MEMORY.md alone goes into the subagent's prompt (§1.1): the rule does
// not run there.
var MemoryRecallLimit = &lint.Rule{
	ID:       "memory-recall-limit",
	Severity: lint.Info,
	Summary:  "a memory is longer than 200 lines or 4,096 bytes: recall cuts it (warning in recall mode, info otherwise)",
	Doc:      memoryRecallLimitDoc,
	Kinds:    lint.ExceptSubagent,
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			if !pass.Focused(f) {
				continue // its findings are not reported
			}
			cut, why := recallCut(f.Src)
			if cut < 0 || f.Document() != "" {
				continue // within recall's window, or not a memory
			}
			start := f.Pos(cut)
			pass.Report(lint.Diagnostic{Severity: recallSeverity(pass), Path: f.Path, Start: start, End: f.Pos(len(f.Src)),
				Message: fmt.Sprintf("memory is %s; recall injects whole lines up to %d lines and %s bytes, so everything from line %d on is never seen%s",
					why, recallMaxLines, ruleutil.Thousands(recallMaxBytes), start.Line, recallModeNote(pass)),
				Suggestion: "split it into focused memories, or cut detail that can be derived from the code"})
		}
	},
}

//go:embed memory-recall-limit.md
var memoryRecallLimitDoc string

// recallCut returns the offset of the first line recall does not inject,
// and what makes the file too long, or -1 when recall injects all of it.
// It reads the file as Claude Code does: a leading byte order mark
// dropped, lines split at "\n" with a trailing "\r" removed, joined again
// with "\n"; a line is kept while the kept text stays within the byte
// limit, and at most 200 lines are kept.
func recallCut(src []byte) (int, string) {
	at := 0
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		at = 3
	}
	// Most files are well within both limits: valid UTF-8 (each byte one
	// byte in JavaScript too) no longer than the byte limit, with few lines.
	if len(src)-at <= recallMaxBytes && utf8.Valid(src[at:]) && lineCount(src) <= recallMaxLines {
		return -1, ""
	}
	bytes, lines := 0, 0
	for at < len(src) {
		end := at + indexNewline(src[at:])
		line := src[at:end]
		line = line[:len(line)-trailingCR(line)]
		if lines == recallMaxLines {
			return at, fmt.Sprintf("%s lines", ruleutil.Thousands(lineCount(src)))
		}
		n := bytes + jsUTF8Len(line)
		if lines > 0 {
			n++ // the "\n" joining it to the kept text
		}
		if n > recallMaxBytes {
			return at, fmt.Sprintf("%s bytes", ruleutil.Thousands(len(src)))
		}
		bytes, lines = n, lines+1
		at = end + 1
	}
	return -1, ""
}

// indexNewline returns the offset of the first "\n" in b, or len(b).
func indexNewline(b []byte) int {
	if i := stdbytes.IndexByte(b, '\n'); i >= 0 {
		return i
	}
	return len(b)
}

func trailingCR(line []byte) int {
	if len(line) > 0 && line[len(line)-1] == '\r' {
		return 1
	}
	return 0
}

// lineCount counts lines as a person does: a final newline ends the last
// line rather than starting another.
func lineCount(src []byte) int {
	n := stdbytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}

// jsUTF8Len is the UTF-8 length of b once decoded as JavaScript decodes
// it: each invalid byte becomes U+FFFD, three bytes.
func jsUTF8Len(b []byte) int {
	if utf8.Valid(b) {
		return len(b)
	}
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size <= 1 {
			n += 3
			size = 1
		} else {
			n += size
		}
		b = b[size:]
	}
	return n
}

// recallSeverity is warning in recall mode and info otherwise.
func recallSeverity(pass *lint.Pass) lint.Severity {
	if pass.Recall().On {
		return lint.Warning
	}
	return lint.Info
}

// recallModeNote names the mode memlint assumed, for the message.
func recallModeNote(pass *lint.Pass) string {
	r := pass.Recall()
	switch {
	case r.On:
		return " (recall mode is on: " + r.Why + ")"
	case r.Configured:
		return " (this matters only in recall mode, which .memlint.yaml turns off)"
	}
	return " (this matters only in recall mode, off by default in Claude Code and not detected here; " +
		"set claude-code: {recall: on} in .memlint.yaml if the accounts using this memory have it)"
}

// MemoryCountLimit reports dirs with more topic files than recall scans.
// Recall lists every Markdown file of the dir, templates and documents
// kept beside the memories included; it does not read a subagent's
// memory (see MemoryRecallLimit).
var MemoryCountLimit = &lint.Rule{
	ID:       "memory-count-limit",
	Stage:    lint.Preview,
	Severity: lint.Info,
	Summary:  "more than 200 topic files in a dir: recall never sees the oldest (warning in recall mode, info otherwise)",
	Doc:      memoryCountLimitDoc,
	Kinds:    lint.ExceptSubagent,
	Run: func(pass *lint.Pass) {
		var files []*memory.File
		for _, list := range [][]*memory.File{pass.Dir.Topics, pass.Dir.Templates} {
			for _, f := range list {
				if inManifest(f.Rel) {
					files = append(files, f)
				}
			}
		}
		if len(files) <= recallMaxFiles {
			return
		}
		msg := fmt.Sprintf("memory dir has %d topic files; Claude Code's recall lists only the %d most recently modified, so %s never recalled",
			len(files), recallMaxFiles, ruleutil.Plural(len(files)-recallMaxFiles, "is", "are"))
		if oldest := oldestFiles(files, len(files)-recallMaxFiles); oldest != "" {
			msg += " (the oldest: " + oldest + ")"
		}
		pass.Report(lint.Diagnostic{Severity: recallSeverity(pass), Message: msg + recallModeNote(pass),
			Suggestion: "merge related memories and delete obsolete ones"})
	},
}

//go:embed memory-count-limit.md
var memoryCountLimitDoc string

// inManifest reports whether recall lists a topic file (SPEC §1.4): no
// segment of its path starts with a dot.
func inManifest(rel string) bool {
	for _, seg := range strings.Split(rel, "/") {
		if strings.HasPrefix(seg, ".") {
			return false
		}
	}
	return path.Base(rel) != memory.IndexName
}

// oldestFiles names up to three of the n least recently modified files, or
// "" when modification times are unknown (staged content).
func oldestFiles(files []*memory.File, n int) string {
	sorted := append([]*memory.File(nil), files...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if !sorted[i].ModTime.Equal(sorted[j].ModTime) {
			return sorted[i].ModTime.Before(sorted[j].ModTime)
		}
		return sorted[i].Path < sorted[j].Path
	})
	if sorted[0].ModTime.IsZero() {
		return ""
	}
	var names []string
	for _, f := range sorted[:min(n, 3)] {
		names = append(names, f.Rel)
	}
	if n > 3 {
		names = append(names, "…")
	}
	return strings.Join(names, ", ")
}
