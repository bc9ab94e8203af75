package memory

import (
	"github.com/memlint/memlint/lint/markdown"
)

// TextEdit and the helpers for rules that attach fixes: they build text
// edits of a file from the shared model, so rules never compute byte
// offsets by hand.

// Replace returns an edit replacing span s of f with text.
func (f *File) Replace(s markdown.Span, text string) TextEdit {
	return TextEdit{Path: f.Path, Start: s.Start, End: s.End, NewText: text}
}

// DeleteLines returns an edit removing lines from..to (1-based, inclusive)
// with their line breaks.
func (f *File) DeleteLines(from, to int) TextEdit {
	end := f.Lines.LineStart(to + 1)
	if to >= f.Lines.Lines() {
		end = len(f.Src)
	}
	return TextEdit{Path: f.Path, Start: f.Lines.LineStart(from), End: end}
}

// AppendLine returns an edit adding text as a new last line of f. Several
// such edits stack: without a final newline each one starts a line,
// with one each one ends its line.
func (f *File) AppendLine(text string) TextEdit {
	if len(f.Src) > 0 && f.Src[len(f.Src)-1] != '\n' {
		text = "\n" + text
	} else {
		text += "\n"
	}
	return TextEdit{Path: f.Path, Start: len(f.Src), End: len(f.Src), NewText: text}
}

// TextEdit replaces the bytes [Start, End) of a file with NewText.
type TextEdit struct {
	Path       string // slash path inside the linted fs.FS
	Start, End int
	NewText    string
	// StartPos and EndPos are Start and End as positions, filled in by the
	// engine from the content the rules saw, for reports that show edits
	// (JSON); zero when the file was not among those linted.
	StartPos, EndPos markdown.Pos
}
