package teamskill

import (
	"bytes"
	_ "embed"
	"fmt"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// ignoredKeys are the frontmatter keys of a skill that Claude Code reads
// in a user's or a project's skill and drops in a team memory skill, with
// what the key would have done. Its loader overrides them (2.1.332: the
// memory store loader resets hooks, allowed and disallowed tools, model,
// effort, shell, context, agent and paths, and makes every such skill
// not user-invocable).
var ignoredKeys = []struct{ key, does string }{
	{"allowed-tools", "grant tools without asking"},
	{"disallowed-tools", "take tools away"},
	{"disallowedTools", "take tools away"},
	{"hooks", "register hooks"},
	{"model", "switch the model"},
	{"effort", "set the reasoning effort"},
	{"shell", "choose the shell of its inline commands"},
	{"context", "run it in a forked context"},
	{"agent", "run it as a subagent"},
	{"paths", "limit it to some paths"},
	{"user-invocable", "let the user run it as a slash command"},
}

// IgnoredFrontmatter reports frontmatter keys a team memory skill sets
// in vain.
var IgnoredFrontmatter = &lint.Rule{
	ID:       "team-skill-ignored-frontmatter",
	Stage:    lint.Preview,
	Severity: lint.Warning,
	Summary:  "a team memory skill sets allowed-tools, hooks, model, shell or another capability key, which Claude Code ignores in team memory",
	Doc:      ignoredFrontmatterDoc,
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Skills {
			fm := f.Frontmatter()
			if fm == nil || fm.Doc == nil || !pass.Focused(f) {
				continue
			}
			for _, k := range ignoredKeys {
				key, _ := fm.Field(k.key)
				if key == nil {
					continue
				}
				pass.Report(lint.Diagnostic{Path: f.Path, Start: fm.Pos(key),
					Message: fmt.Sprintf("%s is ignored in a team memory skill: Claude Code drops capability frontmatter of skills shared through team memory, so it does not %s",
						k.key, k.does),
					Suggestion: "remove it; a skill that needs it belongs in .claude/skills/ of the repository or ~/.claude/skills/"})
			}
		}
	},
}

//go:embed team-skill-ignored-frontmatter.md
var ignoredFrontmatterDoc string

// InlineShell reports inline shell commands, which Claude Code runs in a
// user's or a project's skill and leaves as text in a team memory skill.
var InlineShell = &lint.Rule{
	ID:       "team-skill-inline-shell",
	Stage:    lint.Preview,
	Severity: lint.Warning,
	Summary:  "a team memory skill has inline shell (!`command` or a ```! block), which Claude Code does not run in team memory",
	Doc:      inlineShellDoc,
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Skills {
			if f.Lines == nil || !pass.Focused(f) {
				continue
			}
			for _, s := range inlineShell(f.Src, bodyStart(f)) {
				pass.ReportSpan(f, s, "inline shell command is not run in a team memory skill: Claude Code hands the model the command's text, not its output",
					"write the command as an instruction for the agent to run (it then asks for permission), or move the skill to .claude/skills/")
			}
		}
	},
}

//go:embed team-skill-inline-shell.md
var inlineShellDoc string

// bodyStart is where a skill's body starts: after its frontmatter.
func bodyStart(f *memory.File) int {
	if fm := f.Frontmatter(); fm != nil && fm.CloseLine > 0 {
		return fm.Span.End
	}
	return 0
}

// inlineShell returns the spans Claude Code's skill loader takes for
// inline shell in src[from:], as its two patterns match them: a block
// from "```!" to the next "```", and "!`…`" (one or more characters other
// than a backtick, newlines included) at the start of the text or after
// whitespace. Inline commands inside a block are the block's. One pass.
func inlineShell(src []byte, from int) []markdown.Span {
	var blocks, inline []markdown.Span
	// Blocks: each "```!" up to the first "```" after it.
	for i := from; i < len(src); {
		k := indexFrom(src, i, "```!")
		if k < 0 {
			break
		}
		end := indexFrom(src, k+4, "```")
		if end < 0 {
			break // no later block can close either
		}
		blocks = append(blocks, markdown.Span{Start: k, End: end + 3})
		i = end + 3
	}
	b := 0
	for i := from; i+1 < len(src); i++ {
		for b < len(blocks) && blocks[b].End <= i {
			b++
		}
		if b < len(blocks) && blocks[b].Start <= i {
			i = blocks[b].End - 1
			continue
		}
		if src[i] != '!' || src[i+1] != '`' || (i > from && !jsSpaceBefore(src[from:], i-from)) {
			continue
		}
		end := indexFrom(src, i+2, "`")
		if end < 0 {
			break // no later command can close either
		}
		if end == i+2 {
			continue // "!``": nothing between the backticks
		}
		inline = append(inline, markdown.Span{Start: i, End: end + 1})
		i = end
	}
	return mergeSpans(blocks, inline)
}

// indexFrom is the offset of the first sub in src at or after i, or -1.
func indexFrom(src []byte, i int, sub string) int {
	if i > len(src) {
		return -1
	}
	if j := bytes.Index(src[i:], []byte(sub)); j >= 0 {
		return i + j
	}
	return -1
}

// jsSpaceBefore reports whether the character before offset i of s is
// whitespace as JavaScript's \s knows it.
func jsSpaceBefore(s []byte, i int) bool {
	r, _ := utf8.DecodeLastRune(s[:i])
	switch r {
	case ' ', '\t', '\n', '\v', '\f', '\r', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// mergeSpans merges two sorted lists of spans into one sorted list.
func mergeSpans(a, b []markdown.Span) []markdown.Span {
	out := make([]markdown.Span, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		if len(b) == 0 || (len(a) > 0 && a[0].Start < b[0].Start) {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	return out
}
