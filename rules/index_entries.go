package rules

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
)

// IndexFrontmatter reports frontmatter in MEMORY.md.
var IndexFrontmatter = &lint.Rule{
	ID:       "index-frontmatter",
	Severity: lint.Warning,
	Summary:  "MEMORY.md has frontmatter",
	Doc: `MEMORY.md is an index, not a memory: it takes no name, description or type.
Claude Code strips leading frontmatter before loading it, so whatever is written
there is never seen; usually it means a memory was written into the index.

Bad: MEMORY.md starting with ` + "`---` / `name: index` / `---`" + `.
Good: MEMORY.md starting directly with its list of entries (a heading is fine).

Fix: delete the frontmatter block; if it held a memory, move that into a topic
file and link it.`,
	Run: func(pass *lint.Pass) {
		f := pass.Dir.Index
		if f == nil || (f.Frontmatter == nil && f.Body.Start == 0) {
			return
		}
		end := f.Body.Start
		if f.Frontmatter != nil {
			end = max(end, f.Frontmatter.End)
		}
		pass.ReportSpan(f, lint.Span{Start: 0, End: end},
			"MEMORY.md has frontmatter: the index takes none, and Claude Code strips it before loading, so it is never seen",
			"delete the --- block; move any memory it holds into a topic file")
	},
}

// IndexEntryFormat reports index lines that are not one link to one memory.
var IndexEntryFormat = &lint.Rule{
	ID:       "index-entry-format",
	Kinds:    lint.ExceptSubagent, // a subagent's MEMORY.md holds its notes (SPEC §1.1)
	Severity: lint.Warning,
	Summary:  "an index line is not a list item linking one topic file: inline content, prose, bullets without a link",
	Doc: `Every line of MEMORY.md costs context in every conversation and counts against
the 200-line and 25,000-unit limits. Claude Code's format is one line per memory,
` + "`- [Title](file.md) — one-line hook`" + `, with the memory itself in the topic
file. A known failure is the agent writing memory content into the index: prose
paragraphs, notes, bullets without a link. Those are loaded everywhere, cannot be
recalled selectively, and push real entries past the cut. Headings and blank
lines are fine; a bullet that only groups linked sub-items is fine.

Bad: ` + "`- Run locally with PORT=8008`" + ` or a paragraph of project notes.
Good: ` + "`- [Dev setup](project_dev_setup.md) — how to run the server locally`" + `.

Fix: move the content into a topic file (with frontmatter) and replace it with a
one-line entry that links it.`,
	Run: func(pass *lint.Pass) {
		f := pass.Dir.Index
		if f == nil {
			return
		}
		for _, e := range f.Index.Entries {
			if msg := entryFormatProblem(f, e); msg != "" {
				pass.ReportSpan(f, e.Span, msg,
					"move the content into a topic file and list it as: - [Title](file.md) — one-line hook")
			}
		}
	},
}

// entryFormatProblem says what is wrong with an index entry, or "".
func entryFormatProblem(f *lint.File, e lint.IndexEntry) string {
	topics := topicLinks(e.Links)
	escaping := 0 // links to Markdown outside the dir: index-link-escape reports them
	for _, l := range e.Links {
		if target, kind := lint.ResolveLink(lint.IndexName, l.Dest); kind == lint.LinkEscape && isMarkdownPath(target) {
			escaping++
		}
	}
	switch e.Kind {
	case lint.EntryItem:
		if e.Group {
			return ""
		}
		item := f.Body.Items[e.Item]
		switch {
		case item.Empty:
			return "empty list item in the index"
		case len(topics)+escaping == 1:
			return ""
		case len(topics) > 1:
			return fmt.Sprintf("index entry links %d topic files; give each memory its own line", len(topics))
		case len(e.Links) > 0:
			return "index entry links no memory file (only " + clip(e.Links[0].Dest, 40) + "); the index lists memories, one topic file per line"
		}
		return "list item without a link: memory content written into the index is loaded into every conversation and cannot be recalled on its own"
	case lint.EntryParagraph:
		if !e.InQuote && len(topics) > 0 && everyLineLinks(f, e, topics) {
			if e.StartLine == e.EndLine {
				return "index entry is not a list item: start it with \"- \""
			}
			return "index entries are not list items: start each line with \"- \""
		}
		if e.InQuote {
			return "quoted text in the index: MEMORY.md should only list memories"
		}
		return "prose in the index: MEMORY.md should only list memories, one linked line each; this text is loaded into every conversation"
	case lint.EntryCode:
		return "code block in the index: MEMORY.md should only list memories"
	case lint.EntryHTML:
		return "HTML in the index: MEMORY.md should only list memories"
	}
	return ""
}

// IndexEntryLength reports long index entries.
var IndexEntryLength = &lint.Rule{
	ID:       "index-entry-length",
	Kinds:    lint.ExceptSubagent, // a subagent's MEMORY.md holds its notes (SPEC §1.1)
	Severity: lint.Warning,
	Summary:  "an index entry is longer than 150 characters (option max)",
	Doc: `An index entry is a pointer: a title, a link and a hook of a few words, under
about 150 characters. Longer entries are descriptions or content that belong in
the topic file; they eat into the 25,000-unit budget that every conversation
pays for, and push the newest entries past the cut.

Bad: a 300-character entry that retells the memory.
Good: ` + "`- [Testing](feedback_testing.md) — integration tests hit a real database`" + `.

Fix: shorten the hook; put the detail in the topic file's description or body.`,
	Options: []lint.Option{{Name: "max", Default: 150, Doc: "longest entry, in characters"}},
	Run: func(pass *lint.Pass) {
		f := pass.Dir.Index
		if f == nil {
			return
		}
		max := pass.Options(f).Int("max")
		for _, e := range f.Index.Entries {
			if e.Kind != lint.EntryItem {
				continue
			}
			lineStart := f.Lines.LineStart(e.StartLine)
			text := strings.TrimSpace(string(f.Src[lineStart:e.End]))
			n := utf8.RuneCountInString(text)
			if n <= max {
				continue
			}
			pass.ReportSpan(f, e.Span,
				fmt.Sprintf("index entry is %d characters (max %d): the index is loaded into every conversation; detail belongs in the topic file", n, max),
				"shorten the hook after the link to a few words")
		}
	},
}

// IndexDuplicateEntry reports a topic file linked twice from the index.
var IndexDuplicateEntry = &lint.Rule{
	ID:       "index-duplicate-entry",
	Severity: lint.Warning,
	Summary:  "the same topic file is linked twice in MEMORY.md",
	Doc: `Two entries for one memory waste index budget and usually mean the agent
appended a new entry instead of updating the old one, so the two hooks may
disagree.

Bad: ` + "`- [Testing](feedback_testing.md)`" + ` on line 3 and again on line 40.
Good: one entry per topic file.

Fix: delete the later entry (merge its hook into the first if it says more).`,
	Fix: "safe (--fix): deletes the later entry when it is a list item of its own",
	Run: func(pass *lint.Pass) {
		f := pass.Dir.Index
		if f == nil {
			return
		}
		first := map[string]int{} // target → line of its first entry
		for _, e := range f.Index.Entries {
			seen := map[string]bool{}
			for _, l := range topicLinks(e.Links) {
				if seen[l.Target] {
					continue
				}
				seen[l.Target] = true
				if line, dup := first[l.Target]; dup {
					start, end := f.SpanPos(l.Span)
					diag := lint.Diagnostic{Path: f.Path, Start: start, End: end,
						Message:    fmt.Sprintf("%s is already listed on line %d", l.Target, line),
						Suggestion: "delete this entry or merge it into the first one"}
					if e, ok := soleEntry(f, l.Link); ok {
						diag.Fix = &lint.Fix{Message: "delete the duplicate entry", Edits: []lint.TextEdit{f.DeleteLines(e.StartLine, e.EndLine)}}
					}
					pass.Report(diag)
					continue
				}
				first[l.Target] = e.StartLine
			}
		}
	},
}

// everyLineLinks reports whether each line of the entry holds a topic link.
func everyLineLinks(f *lint.File, e lint.IndexEntry, topics []topicLink) bool {
	lines := map[int]bool{}
	for _, l := range topics {
		lines[f.Lines.LineOf(l.Start)] = true
	}
	for n := e.StartLine; n <= e.EndLine; n++ {
		if !lines[n] {
			return false
		}
	}
	return true
}
