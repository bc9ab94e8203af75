package index

import (
	_ "embed"
	"github.com/memlint/memlint/rules/internal/ruleutil"

	"bytes"
	"fmt"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
)

// Missing reports a memory dir whose index the agent will not see:
// there is no MEMORY.md, or there is one that loads nothing.
var Missing = &lint.Rule{
	ID:       "index-missing",
	Stage:    lint.Preview,
	Severity: lint.Warning,
	Summary:  "a memory dir with topic files has no MEMORY.md (warning), or has one that loads nothing (error)",
	Doc:      missingDoc,
	Run: func(pass *lint.Pass) {
		d := pass.Dir
		if msg := unloadableIndex(d); msg != "" {
			pass.Report(lint.Diagnostic{Severity: lint.Error, Path: d.Join(memory.IndexName), Message: msg,
				Suggestion: "make MEMORY.md a regular file under 4 MiB with one line per memory: - [Title](file.md) — one-line hook"})
			return
		}
		if f := d.Index; f != nil && f.Index != nil && f.Index.Budget.Lines == 0 && !f.Index.Budget.TooLarge && len(d.Topics) > 0 {
			pass.Report(lint.Diagnostic{Severity: lint.Error, Path: f.Path,
				Message: fmt.Sprintf("MEMORY.md loads nothing: it %s, so the agent gets no index at all and knows nothing of the %s in this dir",
					emptyIndexWhat(f), ruleutil.Plural(len(d.Topics), "topic file", "topic files")),
				Suggestion: "list every memory in MEMORY.md, one line each: - [Title](file.md) — one-line hook"})
			return
		}
		if d.Index != nil || d.Exists(memory.IndexName) || len(d.Topics) == 0 || allLinkedFromParent(d) {
			return
		}
		msg := fmt.Sprintf("memory dir has %s and no MEMORY.md: Claude Code loads the index into every conversation, so without it these memories are only found by chance",
			ruleutil.Plural(len(d.Topics), "topic file", "topic files"))
		if d.Kind == memory.DirAuto {
			msg += " (if this is the dir Claude Code uses as auto memory, it writes an index itself at the next session, one line per topic file; nothing does that for memory kept elsewhere)"
		}
		if d.NameCaseIndex != "" {
			msg = fmt.Sprintf("memory dir has no MEMORY.md but has %s: Claude Code only loads an index named exactly MEMORY.md", d.NameCaseIndex)
		}
		pass.Report(lint.Diagnostic{Message: msg, Suggestion: "create MEMORY.md with one line per memory: - [Title](file.md) — one-line hook"})
	},
}

//go:embed index-missing.md
var missingDoc string

// allLinkedFromParent reports whether the private index around a team dir
// links every one of its topic files, so that the agent knows them all.
func allLinkedFromParent(d *memory.Dir) bool {
	if len(d.ParentLinks) == 0 {
		return false
	}
	for _, t := range d.Topics {
		if !d.ParentLinks[t.Rel] {
			return false
		}
	}
	return true
}

// unloadableIndex says why the dir's MEMORY.md, which is there, loads
// nothing because of what it is: a folder, a link to nothing, a file over
// 4 MiB. "" when none of these.
func unloadableIndex(d *memory.Dir) string {
	if d.IndexNotFile != "" {
		return fmt.Sprintf("MEMORY.md is %s: Claude Code loads nothing from it, so the agent gets no index at all", d.IndexNotFile)
	}
	if size := indexSize(d); size > memory.IndexMaxBytes {
		return fmt.Sprintf("MEMORY.md is %s, over the 4 MiB (%s bytes) Claude Code reads: it skips the file silently and loads nothing, so the agent gets no index at all",
			mebibytes(size), ruleutil.Thousands(memory.IndexMaxBytes))
	}
	return ""
}

// indexSize returns the size of the dir's MEMORY.md, also when memlint did
// not read it (larger than it reads), or -1.
func indexSize(d *memory.Dir) int64 {
	if d.Index != nil {
		return d.Index.Size
	}
	for _, f := range d.Unreadable {
		if f.Kind == memory.KindIndex {
			return f.Size
		}
	}
	return -1
}

func mebibytes(n int64) string {
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// emptyIndexWhat says why a MEMORY.md that exists loads no text.
func emptyIndexWhat(f *memory.File) string {
	switch {
	case len(f.Src) == 0:
		return "is empty"
	case len(bytes.TrimSpace(bytes.TrimPrefix(f.Src, []byte("\uFEFF")))) == 0:
		return "holds only blank lines"
	case f.Body().Start > 0 && len(bytes.TrimSpace(f.Src[f.Body().Start:])) == 0:
		return "holds only frontmatter, which Claude Code strips"
	case f.Body().Start > 0:
		return "holds only frontmatter and HTML comments, which Claude Code strips"
	}
	return "holds only HTML comments, which Claude Code strips"
}
