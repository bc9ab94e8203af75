package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/memlint/memlint/lint"
)

// Limits of Claude Code's recall.
const (
	recallMaxLines = 200
	recallMaxBytes = 4096
	recallMaxFiles = 200
)

// recallKinds are the memory dirs recall reads: auto memory and the team/
// files listed with it. A subagent gets its MEMORY.md only (SPEC §1.1).
var recallKinds = []lint.DirKind{lint.DirAuto, lint.DirTeam}

// MemoryRecallLimit reports topic files that recall injects only in part.
var MemoryRecallLimit = &lint.Rule{
	ID:       "memory-recall-limit",
	Kinds:    recallKinds,
	Severity: lint.Warning,
	Summary:  "a topic file is longer than 200 lines or 4,096 bytes: recall cuts it",
	Doc: `When Claude Code recalls a memory it injects at most the first 200 lines or
4,096 bytes of the file, whichever comes first (bytes of UTF-8: a CJK character
is three). The rest is never seen, however relevant. A memory that long is
usually several memories, or documentation that belongs in the repository.

Bad: a 9 KB project memory with a full feature history.
Good: a short memory with the fact, **Why:** and **How to apply:**; one memory per
topic.

Fix: split the file into focused memories, or cut history and detail that can
be derived from the code or git.`,
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			cut := -1
			var why string
			if f.Lines.Lines() > recallMaxLines {
				cut = f.Lines.LineStart(recallMaxLines + 1)
				why = fmt.Sprintf("%d lines", f.Lines.Lines())
			}
			if len(f.Src) > recallMaxBytes && (cut < 0 || recallMaxBytes < cut) {
				cut = recallMaxBytes
				// Do not point into the middle of a character.
				for cut > 0 && f.Src[cut]&0xC0 == 0x80 {
					cut--
				}
				why = fmt.Sprintf("%s bytes", thousands(len(f.Src)))
			}
			if cut < 0 {
				continue
			}
			start := f.Pos(cut)
			pass.ReportAt(f, start, f.Pos(len(f.Src)),
				fmt.Sprintf("memory is %s; recall injects only the first %d lines or %s bytes, so everything from line %d, column %d on is never seen",
					why, recallMaxLines, thousands(recallMaxBytes), start.Line, start.Col),
				"split it into focused memories, or cut detail that can be derived from the code")
		}
	},
}

// MemoryCountLimit reports dirs with more topic files than recall scans.
var MemoryCountLimit = &lint.Rule{
	ID:       "memory-count-limit",
	Kinds:    recallKinds,
	Severity: lint.Warning,
	Summary:  "more than 200 topic files in a dir: recall never sees the oldest",
	Doc: `Claude Code's recall scan lists the memory dir's Markdown files, sorts them by
modification time, newest first, and keeps 200. Older memories are never
considered, whatever their description says.

Bad: 260 topic files — the 60 least recently modified are dead weight.
Good: fewer, consolidated memories; obsolete ones deleted.

Fix: merge related memories and delete obsolete ones.`,
	Run: func(pass *lint.Pass) {
		d := pass.Dir
		files := append([]*lint.File(nil), d.Topics...)
		for _, f := range d.Logs {
			if strings.HasSuffix(f.Rel, ".md") {
				files = append(files, f)
			}
		}
		if len(files) <= recallMaxFiles {
			return
		}
		msg := fmt.Sprintf("memory dir has %d Markdown files; Claude Code's recall scans only the %d most recently modified, so %s never recalled",
			len(files), recallMaxFiles, plural(len(files)-recallMaxFiles, "is", "are"))
		if oldest := oldestFiles(files, len(files)-recallMaxFiles); oldest != "" {
			msg += " (the oldest: " + oldest + ")"
		}
		pass.Report(lint.Diagnostic{Message: msg, Suggestion: "merge related memories and delete obsolete ones"})
	},
}

// oldestFiles names up to three of the n least recently modified files, or
// "" when modification times are unknown (staged content).
func oldestFiles(files []*lint.File, n int) string {
	sorted := append([]*lint.File(nil), files...)
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
