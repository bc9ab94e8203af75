package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/memory"
)

// This file formats memlint preview: what Claude Code loads from each
// memory dir, as text or as a JSON document (version 1).

// WritePreviewJSON writes doc as JSON, indented by two spaces; secrets
// masked (redact) and unsafe characters escaped, as in every output.
func WritePreviewJSON(w io.Writer, doc PreviewDoc, redact func(string) string) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("encode preview: %w", err)
	}
	// A file may be named after a token, and the index may quote one:
	// masked as in every other output.
	_, err := w.Write(EscapeJSON([]byte(redact(buf.String()))))
	return err
}

// PreviewDoc is the JSON document of memlint preview (version 1).
type PreviewDoc struct {
	Version int `json:"version"`
	// ClaudeCode is the Claude Code release the preview models.
	ClaudeCode PreviewRelease `json:"claude_code"`
	Dirs       []PreviewDir   `json:"dirs"`
}

// PreviewRelease says which Claude Code release a preview models, and why.
type PreviewRelease struct {
	// Version is the release asked for: configured, or what the claude on
	// PATH prints.
	Version string `json:"version"`
	// Modelled is the release memlint reproduces: Version, or the nearest
	// release memlint models when Version is outside them.
	Modelled string `json:"modelled"`
	// Why says where Version comes from.
	Why string `json:"why"`
	// Note, when set, says that Version is outside what memlint models.
	Note string `json:"note,omitempty"`
}

// NewPreviewRelease describes r for the preview document.
func NewPreviewRelease(r claude.Release) PreviewRelease {
	m := r.Modelled()
	return PreviewRelease{Version: m.Asked.String(), Modelled: m.Version.String(), Why: r.Why, Note: m.Outside()}
}

type PreviewDir struct {
	Path string `json:"path"`
	Kind string `json:"kind"`
	// Mode is Claude Code's mode memlint models: "index" (recall is off
	// by default), or "recall" when configured or detected.
	Mode     string         `json:"mode"`
	Index    PreviewIndex   `json:"index"`
	Manifest []PreviewEntry `json:"manifest"`
	// ManifestTotal counts the files recall lists before its cap of 200.
	ManifestTotal int `json:"manifest_total"`
	// ManifestSkipped are files memlint did not read (links out of the
	// dir, unreadable files).
	ManifestSkipped []PreviewSkip `json:"manifest_skipped"`
	// ManifestInParent is set for team memory, whose files recall lists
	// in the manifest of the dir above.
	ManifestInParent bool `json:"manifest_in_parent"`
}

type PreviewIndex struct {
	Path       string  `json:"path"`
	Exists     bool    `json:"exists"`
	Backfill   bool    `json:"backfill"`
	Loaded     bool    `json:"loaded"`
	LoadedText *string `json:"loaded_text"`
	Lines      int     `json:"lines"`
	Units      int     `json:"units"`
	Cut        bool    `json:"cut"`
	KeptLines  int     `json:"kept_lines"`
	Lost       *string `json:"lost_text"`
	Reason     string  `json:"reason,omitempty"`
	// Preamble, when set, is what Claude Code puts before the index it
	// quotes (2.1.337 and later); loaded_text starts with it.
	Preamble string `json:"preamble,omitempty"`
}

type PreviewEntry struct {
	Path        string  `json:"path"`
	Type        *string `json:"type"`
	Description *string `json:"description"`
	Line        string  `json:"line"`
}

type PreviewSkip struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// NewPreviewDir turns a dir's preview into its JSON form.
func NewPreviewDir(cwd, dir string, pv *claude.DirPreview) PreviewDir {
	rel := func(p string) string { return filepath.ToSlash(lint.RelPath(cwd, p)) }
	in := join(dir, pv.Index.Path)
	ix := PreviewIndex{
		Path: rel(in), Exists: pv.Index.Exists, Backfill: pv.Index.Backfill,
		Loaded: pv.Index.Loaded, Lines: pv.Index.Lines, Units: pv.Index.Units, Cut: pv.Index.Cut,
		KeptLines: pv.Index.KeptLines, Reason: pv.Index.Skipped, Preamble: pv.Index.Preamble,
	}
	if pv.Index.Loaded {
		ix.LoadedText = &pv.Index.Text
	}
	if pv.Index.Cut {
		ix.Lost = &pv.Index.Lost
	}
	mode := "index"
	if pv.Recall {
		mode = "recall"
	}
	out := PreviewDir{Path: rel(dir), Kind: pv.Kind.String(), Mode: mode, Index: ix,
		Manifest: []PreviewEntry{}, ManifestTotal: pv.Manifest.Total, ManifestSkipped: []PreviewSkip{},
		ManifestInParent: pv.ManifestInParent}
	for _, e := range pv.Manifest.Entries {
		j := PreviewEntry{Path: rel(join(dir, e.Path)), Line: e.Line}
		if e.Type != "" {
			t := e.Type
			j.Type = &t
		}
		if e.Description != "" {
			d := e.Description
			j.Description = &d
		}
		out.Manifest = append(out.Manifest, j)
	}
	for _, s := range pv.Manifest.Skipped {
		out.ManifestSkipped = append(out.ManifestSkipped, PreviewSkip{rel(join(dir, s.Path)), s.Reason})
	}
	return out
}

func join(dir, rel string) string { return filepath.Join(dir, filepath.FromSlash(rel)) }

// kindNotes say what is particular about how Claude Code uses a kind of
// memory dir.
var kindNotes = map[string]string{
	"subagent": "A subagent's memory: its MEMORY.md goes into that subagent's prompt, not the main conversation's; Claude Code writes no index for it.",
	"team":     "Team memory: shared with everyone on the project; recall lists its files in the manifest of the dir above.",
	"logs":     "Daily logs: Claude Code does not load them at the start of a session, and recall never lists them.",
}

// Terminal styles of the text output.
const (
	styleBold  = "\x1b[1m"
	styleDim   = "\x1b[2m"
	styleCut   = "\x1b[33m"
	styleReset = "\x1b[0m"
)

// WritePreviewText prints each dir: a header, the index as loaded with
// its lines numbered, the cut and the lost lines after a marker, then the
// manifest. Control and invisible characters are escaped, so that what
// is printed cannot drive the terminal.
func WritePreviewText(w io.Writer, doc PreviewDoc, color bool, config string, redact func(string) string) error {
	style := func(s, text string) string {
		if !color {
			return text
		}
		return s + text + styleReset
	}
	var b strings.Builder
	for i, d := range doc.Dirs {
		if i > 0 {
			b.WriteString("\n")
		}
		modeNote := "in index mode, recall off by default"
		if d.Mode == "recall" {
			modeNote = "in recall mode"
		}
		fmt.Fprintf(&b, "%s  (%s memory; Claude Code %s %s)\n",
			style(styleBold, EscapeText(d.Path+"/")), d.Kind, EscapeText(doc.ClaudeCode.Modelled), modeNote)
		if note := kindNotes[d.Kind]; note != "" {
			b.WriteString(style(styleDim, note) + "\n")
		}
		writeIndexText(&b, d.Index, style)
		writeManifestText(&b, d, style)
	}
	if len(doc.Dirs) > 0 {
		fmt.Fprintf(&b, "\n%s\n", style(styleDim, "config: "+EscapeText(config)))
		rel := doc.ClaudeCode
		line := "claude code: " + rel.Version + " (" + rel.Why + ")"
		if rel.Note != "" {
			line += "; " + rel.Note
		}
		fmt.Fprintf(&b, "%s\n", style(styleDim, EscapeText(line)))
	}
	// A file may be named after a token, and the index may quote one:
	// masked as in every other output.
	_, err := io.WriteString(w, redact(b.String()))
	return err
}

func writeIndexText(b *strings.Builder, ix PreviewIndex, style func(s, text string) string) {
	b.WriteString("\n")
	name := EscapeText(ix.Path)
	switch {
	case !ix.Loaded && !ix.Exists:
		fmt.Fprintf(b, "%s: nothing loaded (%s)\n", style(styleBold, name), EscapeText(ix.Reason))
		return
	case !ix.Loaded:
		fmt.Fprintf(b, "%s: %s\n", style(styleBold, name), style(styleCut, "nothing loaded: "+ix.Reason))
		return
	}
	what := "loaded whole"
	if ix.Cut {
		what = "loaded in part"
	}
	if ix.Backfill {
		fmt.Fprintf(b, "%s: missing; Claude Code writes it from the topic files when a session starts, then loads it:\n", style(styleBold, name))
	}
	fmt.Fprintf(b, "%s: %s, %s, %s UTF-16 units (limits: %d lines, %s units)\n",
		style(styleBold, name), what, countOf(ix.Lines, "line"), thousands(ix.Units), memory.IndexMaxLines, thousands(memory.IndexMaxUnits))
	text := *ix.LoadedText
	// Claude Code quotes the index after a preamble (2.1.337): the
	// preamble is shown once, above the lines it quotes.
	warningAt := "\n\n> WARNING: "
	if ix.Preamble != "" {
		fmt.Fprintf(b, "%s\n", style(styleDim, "Claude Code puts before it: "+EscapeText(ix.Preamble)))
		text = strings.TrimPrefix(text, ix.Preamble+"\n\n")
		warningAt = "\n> \n> WARNING: "
	}
	body, warning := text, ""
	if ix.Cut {
		if at := strings.LastIndex(text, warningAt); at >= 0 {
			body, warning = text[:at], text[at+len(warningAt)-len("> WARNING: "):]
		}
	}
	lines := strings.Split(body, "\n")
	width := len(strconv.Itoa(len(lines) + strings.Count(derefString(ix.Lost), "\n") + 1))
	gutter := func(n int, mark string) string {
		if n == 0 {
			return strings.Repeat(" ", width) + " " + mark + " "
		}
		return fmt.Sprintf("%*d %s ", width, n, mark)
	}
	for i, l := range lines {
		b.WriteString(gutter(i+1, "│") + EscapeLines(l, true) + "\n")
	}
	if !ix.Cut {
		return
	}
	b.WriteString(gutter(0, "┄") + style(styleCut, "✂ cut here; Claude Code appends its warning:") + "\n")
	b.WriteString(gutter(0, "│") + "\n")
	for _, l := range strings.Split(warning, "\n") {
		b.WriteString(gutter(0, "│") + EscapeLines(l, true) + "\n")
	}
	lost := strings.Split(strings.TrimRight(derefString(ix.Lost), " \t\n"), "\n")
	first := ix.KeptLines + 1
	lostWhat := countOf(len(lost)-1, "line")
	if !strings.HasPrefix(derefString(ix.Lost), "\n") {
		// The cut fell inside a line: its rest comes first.
		first = ix.KeptLines
		lostWhat = fmt.Sprintf("the rest of line %d", ix.KeptLines)
		if len(lost) > 1 {
			lostWhat += " and " + countOf(len(lost)-1, "more line")
		}
	} else {
		lost = lost[1:]
	}
	fmt.Fprintf(b, "%s%s\n", gutter(0, "┄"), style(styleCut, fmt.Sprintf("not loaded (%s, never seen by the agent):", lostWhat)))
	for i, l := range lost {
		b.WriteString(gutter(first+i, "┆") + style(styleDim, EscapeLines(l, true)) + "\n")
	}
}

func writeManifestText(b *strings.Builder, d PreviewDir, style func(s, text string) string) {
	b.WriteString("\n")
	if d.ManifestInParent {
		fmt.Fprintf(b, "%s: team files are listed in the manifest of the memory dir above, as team/<file>\n", style(styleBold, "Recall manifest"))
		return
	}
	if d.ManifestTotal == 0 {
		fmt.Fprintf(b, "%s: no topic files\n", style(styleBold, "Recall manifest"))
	} else {
		fmt.Fprintf(b, "%s (what recall mode shows its selector, newest first): %s of %s\n",
			style(styleBold, "Recall manifest"), thousands(len(d.Manifest)), countOf(d.ManifestTotal, "file"))
	}
	for _, e := range d.Manifest {
		b.WriteString("  " + EscapeText(e.Line) + "\n")
	}
	if hidden := d.ManifestTotal - len(d.Manifest); hidden > 0 {
		fmt.Fprintf(b, "  %s\n", style(styleCut, fmt.Sprintf("… and %s older recall never shows (cap: %d)", countOf(hidden, "file"), claude.RecallMaxFiles)))
	}
	for _, s := range d.ManifestSkipped {
		fmt.Fprintf(b, "  %s\n", style(styleDim, "not read: "+EscapeText(s.Path)+": "+EscapeText(s.Reason)))
	}
}

func derefString(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// countOf formats n things, in the plural unless n is 1.
func countOf(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return thousands(n) + " " + thing + "s"
}
