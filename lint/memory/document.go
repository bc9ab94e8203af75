package memory

import (
	"bytes"
	"strings"
	"unicode"
)

// Documents kept beside the memories. People keep files in a memory dir
// that are not memories and are not meant to be: a README, a persona's
// brief or a plan handed between sessions, a dated review or session
// report, a copy of CLAUDE.md put aside, a skill's own state file. The
// rules that judge a file by the format of a memory (its frontmatter,
// recall's window) ask File.Document first, and say nothing about a
// document: a suggestion to give it a memory's frontmatter, or to split it
// into memories, would be wrong. This file is the one place that decides.

// documentLines is the length past which an unlisted file without a
// memory's frontmatter or name reads as a report or design document: it
// is past recall's whole window (SPEC §1.4), and memories, one fact each,
// are a fraction of it.
const documentLines = 200

// documentNames are the names of instruction and project files that a copy
// in a memory dir starts with (CLAUDE_full_archive.md, AGENTS.old.md),
// compared lowercased.
var documentNames = setOf("claude", "agents", "gemini", "copilot", "readme", "changelog", "contributing")

// memoryKeys are the frontmatter keys that make a frontmatter a memory's.
var memoryKeys = []string{"name", "description", "type", "metadata"}

// Document says why a topic file is a document kept beside the memories
// rather than a memory, or "" when it is, or may be, a memory. A file is a
// memory when its frontmatter holds a memory's keys (name, description,
// type, metadata); a README is a document; any other file is a memory when
// an entry of the index links it, and otherwise a document when it has a
// frontmatter of another format, or when it has none (or an empty one)
// and its name or length says so: a name
// written as a document's (all capitals, as README or RESTORE, or starting
// with CLAUDE or AGENTS), or — unless the name starts with a memory type,
// as Claude Code names memories (feedback_…) — a name carrying a date (a
// record of one day: a session summary, a review) or more than 200 lines.
func (f *File) Document() string {
	if f.Lines == nil || f.MemoryFrontmatter() {
		return ""
	}
	stem := f.Stem()
	if strings.EqualFold(stem, "readme") {
		return "a README documents the folder"
	}
	if f.listed() {
		return ""
	}
	switch fm := f.Frontmatter(); {
	case fm != nil && (fm.Doc != nil && len(fm.Doc.Content) > 0 || fm.Doc == nil && len(bytes.TrimSpace(fm.Raw)) > 0):
		return "its frontmatter has none of a memory's keys (name, description, type): it follows another format"
	case documentName(stem):
		return "its name is written as a document's, not a memory's"
	case f.TypedName():
		return ""
	case datedName(stem):
		return "its name carries a date: a record of one day's work, such as a session summary or a review"
	case f.Lines.Lines() > documentLines:
		return "it is longer than recall's whole window, as a report or a design document is"
	}
	return ""
}

// MemoryFrontmatter reports whether f starts with frontmatter that holds a
// memory's keys: name, description, type or metadata. A frontmatter YAML
// cannot read counts when one of its lines starts with such a key.
func (f *File) MemoryFrontmatter() bool {
	fm := f.Frontmatter()
	if fm == nil {
		return false
	}
	if fm.Doc != nil {
		for _, k := range memoryKeys {
			if key, _ := fm.Field(k); key != nil {
				return true
			}
		}
		return false
	}
	for _, line := range bytes.Split(fm.Raw, []byte("\n")) {
		for _, k := range memoryKeys {
			if bytes.HasPrefix(line, []byte(k+":")) {
				return true
			}
		}
	}
	return false
}

// listed reports whether an entry of the dir's index (a list item or a
// table row of MEMORY.md, or of the index around a team dir) links the
// file: the index presents it as a memory.
func (f *File) listed() bool {
	d := f.Dir
	if d == nil {
		return false
	}
	d.listedOnce.Do(func() { d.listed = d.listedFiles() })
	return d.listed[f.Rel] || d.ParentLinks[f.Rel]
}

// listedFiles returns the files, relative to the dir, that the entries of
// its index link.
func (d *Dir) listedFiles() map[string]bool {
	out := map[string]bool{}
	if d.Index == nil || d.Index.Index == nil {
		return out
	}
	for _, e := range d.Index.Index.Entries {
		if e.Kind != EntryItem && e.Kind != EntryTableRow {
			continue
		}
		for _, l := range e.Links {
			if target, kind := ResolveLink(IndexName, l.Dest); kind == LinkLocal && !l.Image {
				out[target] = true
			}
		}
	}
	return out
}

// documentName reports whether a file stem is written as a document's
// name: all its letters capitals (README, RESTORE, WEEKLY_PLAN_V2), or its
// first word the name of an instruction or project file in capitals
// (CLAUDE_full_archive).
func documentName(stem string) bool {
	upper, lower := 0, 0
	for _, r := range stem {
		switch {
		case unicode.IsUpper(r):
			upper++
		case unicode.IsLower(r):
			lower++
		}
	}
	if upper >= 2 && lower == 0 {
		return true
	}
	words := nameWords(stem)
	if len(words) == 0 || !documentNames[words[0]] {
		return false
	}
	// The word as written: documentNames are ASCII, so it is as long.
	first := strings.TrimLeft(stem, "-_. ")
	if len(first) < len(words[0]) {
		return false
	}
	first = first[:len(words[0])]
	return strings.ToUpper(first) == first
}

// TypedName reports whether the file is named as Claude Code names
// memories, its type first: feedback_testing.md, project-auth-rewrite.md.
func (f *File) TypedName() bool {
	words := nameWords(f.Stem())
	return len(words) > 1 && memoryTypeNames[words[0]]
}

// datedName reports whether a stem carries a calendar date: 2026-03-11,
// 2026_03_11 or 20260311, with a plausible month and day.
func datedName(stem string) bool {
	for i := 0; i+8 <= len(stem); i++ {
		if isDate(stem[i:]) && (i == 0 || !isDigit(stem[i-1])) {
			return true
		}
	}
	return false
}

// isDate reports whether s starts with a date: YYYY, MM and DD, each pair
// joined by "-" or "_" or by nothing, the year 1900–2099, not followed by
// another digit.
func isDate(s string) bool {
	if len(s) < 8 || !(strings.HasPrefix(s, "19") || strings.HasPrefix(s, "20")) || !allDigits(s[:4]) {
		return false
	}
	rest := s[4:]
	sep := ""
	if rest[0] == '-' || rest[0] == '_' {
		sep = rest[:1]
	}
	rest = rest[len(sep):]
	if len(rest) < 4+len(sep) || !allDigits(rest[:2]) || rest[2:2+len(sep)] != sep {
		return false
	}
	month, day := rest[:2], rest[2+len(sep):4+len(sep)]
	rest = rest[4+len(sep):]
	return allDigits(day) && "01" <= month && month <= "12" && "01" <= day && day <= "31" &&
		(rest == "" || !isDigit(rest[0]))
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }
