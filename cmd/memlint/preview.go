package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/spf13/cobra"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules"
)

// previewOptions are the flags of the preview command.
type previewOptions struct {
	stdout, stderr io.Writer
	format         string
	configFile     string
	color          string
}

func newPreviewCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &previewOptions{stdout: stdout, stderr: stderr}
	cmd := &cobra.Command{
		Use:   "preview [flags] [PATH...]",
		Short: "Show what Claude Code loads from memory: the index as injected, the cut, the recall manifest",
		Long: `memlint preview shows, for each memory dir, what Claude Code 2.1.328 does with
it: the dir's kind, the text of MEMORY.md exactly as it is injected into every
conversation (frontmatter and top-level comments stripped, invisible characters
removed, reserved tags neutralised, cut at 200 lines or 25,000 UTF-16 units with
Claude Code's warning appended) with the cut and the lost lines marked, and the
line recall would show its selector for every topic file, newest first, at most
200.

PATHs are found as memlint check finds them; a PATH that is a folder named
memory (as Claude Code's own ~/.claude/projects/<key>/memory/) is a memory dir
even with nothing in it. --format json gives the same as data.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(args) },
	}
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "text", "output format: text or json")
	f.StringVar(&o.configFile, "config", "", "configuration file (its roots and ignore decide which dirs are found)")
	f.StringVar(&o.color, "color", "auto", "colour text output: auto, always or never (auto honours NO_COLOR)")
	return cmd
}

func (o *previewOptions) run(args []string) error {
	if o.format != "text" && o.format != "json" {
		return fmt.Errorf("--format: unknown format %q (want text or json)", o.format)
	}
	color, err := (&checkOptions{stdout: o.stdout, color: o.color}).useColor()
	if err != nil {
		return err
	}
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("current directory: %w", err)
	}
	cfg, err := lint.ResolveConfig(lint.WorkingTree{}, cwd, o.configFile, builtinRules())
	if err != nil {
		return err
	}
	plan := lint.Plan{Cwd: cwd, Paths: args, Getenv: os.Getenv, Note: func(format string, args ...any) {
		fmt.Fprintf(o.stderr, "memlint: %s\n", rules.Redact(fmt.Sprintf(format, args...)))
	}}
	targets, err := plan.Targets(cfg)
	if err != nil {
		return planError(err)
	}
	dirs := previewDirs(cwd, args, targets)
	recall := lint.ResolveRecall(cfg, claude.SystemRecallProbe())
	home := claudecode.UserHome()
	doc := previewDoc{Version: 1, Dirs: []previewDirJSON{}}
	for _, dir := range dirs {
		pv, err := claude.PreviewDir(dir, claude.PreviewOptions{FollowLinksOut: claudecode.InHome(os.Getenv, home, dir), Recall: recall})
		if err != nil {
			return err
		}
		doc.Dirs = append(doc.Dirs, previewJSON(cwd, dir, pv))
	}
	if o.format == "json" {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(doc); err != nil {
			return fmt.Errorf("encode preview: %w", err)
		}
		// A file may be named after a token, and the index may quote one:
		// masked as in every other output.
		_, err := io.WriteString(o.stdout, rules.Redact(buf.String()))
		return err
	}
	// The configuration in use, text only: the JSON shape of preview has
	// no place for it that SPEC allows.
	return writePreviewText(o.stdout, doc, color, configShown(cwd, cfg))
}

// previewDirs returns the dirs to preview: those the planner found; but a
// folder PATH that is a memory dir itself (found so, or named memory/ or
// claude-memory/) is previewed alone, as the one memory dir Claude Code
// would use, with nothing below it as a dir of its own: Claude Code reads
// its subfolders as part of it.
func previewDirs(cwd string, args []string, targets []*lint.Target) []string {
	found := map[string]bool{}
	for _, t := range targets {
		found[t.Dir] = true
	}
	var roots []string
	for _, arg := range args {
		abs := arg
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(cwd, abs)
		}
		abs = filepath.Clean(abs)
		if info, err := os.Stat(abs); err == nil && info.IsDir() && (found[abs] || memory.NamedMemoryDir(filepath.Base(abs))) {
			roots = append(roots, abs)
		}
	}
	seen := map[string]bool{}
	var out []string
	add := func(d string) {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	for _, r := range roots {
		add(r)
	}
	for _, t := range targets {
		inside := false
		for _, r := range roots {
			inside = inside || (t.Dir != r && pathutil.Within(t.Dir, r))
		}
		if !inside {
			add(t.Dir)
		}
	}
	sort.Strings(out)
	return out
}

// previewDoc is the JSON document of memlint preview (version 1).
type previewDoc struct {
	Version int              `json:"version"`
	Dirs    []previewDirJSON `json:"dirs"`
}

type previewDirJSON struct {
	Path string `json:"path"`
	Kind string `json:"kind"`
	// Mode is Claude Code's mode memlint models: "index" (recall is off
	// by default in 2.1.328), or "recall" when configured or detected.
	Mode     string             `json:"mode"`
	Index    previewIndexJSON   `json:"index"`
	Manifest []previewEntryJSON `json:"manifest"`
	// ManifestTotal counts the files recall lists before its cap of 200.
	ManifestTotal int `json:"manifest_total"`
	// ManifestSkipped are files memlint did not read (links out of the
	// dir, unreadable files).
	ManifestSkipped []previewSkipJSON `json:"manifest_skipped"`
	// ManifestInParent is set for team memory, whose files recall lists
	// in the manifest of the dir above.
	ManifestInParent bool `json:"manifest_in_parent"`
}

type previewIndexJSON struct {
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
}

type previewEntryJSON struct {
	Path        string  `json:"path"`
	Type        *string `json:"type"`
	Description *string `json:"description"`
	Line        string  `json:"line"`
}

type previewSkipJSON struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// previewJSON turns a dir's preview into its JSON form.
func previewJSON(cwd, dir string, pv *claude.DirPreview) previewDirJSON {
	rel := func(p string) string { return filepath.ToSlash(lint.RelPath(cwd, p)) }
	in := join(dir, pv.Index.Path)
	ix := previewIndexJSON{
		Path: rel(in), Exists: pv.Index.Exists, Backfill: pv.Index.Backfill,
		Loaded: pv.Index.Loaded, Lines: pv.Index.Lines, Units: pv.Index.Units, Cut: pv.Index.Cut,
		KeptLines: pv.Index.KeptLines, Reason: pv.Index.Skipped,
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
	out := previewDirJSON{Path: rel(dir), Kind: pv.Kind.String(), Mode: mode, Index: ix,
		Manifest: []previewEntryJSON{}, ManifestTotal: pv.Manifest.Total, ManifestSkipped: []previewSkipJSON{},
		ManifestInParent: pv.ManifestInParent}
	for _, e := range pv.Manifest.Entries {
		j := previewEntryJSON{Path: rel(join(dir, e.Path)), Line: e.Line}
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
		out.ManifestSkipped = append(out.ManifestSkipped, previewSkipJSON{rel(join(dir, s.Path)), s.Reason})
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

// writePreviewText prints each dir: a header, the index as loaded with
// its lines numbered, the cut and the lost lines after a marker, then the
// manifest. Control and invisible characters are escaped, so that what
// is printed cannot drive the terminal.
func writePreviewText(w io.Writer, doc previewDoc, color bool, config string) error {
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
		fmt.Fprintf(&b, "%s  (%s memory; Claude Code 2.1.328 %s)\n",
			style(styleBold, escapeTerminal(d.Path+"/")), d.Kind, modeNote)
		if note := kindNotes[d.Kind]; note != "" {
			b.WriteString(style(styleDim, note) + "\n")
		}
		writeIndexText(&b, d.Index, style)
		writeManifestText(&b, d, style)
	}
	if len(doc.Dirs) > 0 {
		fmt.Fprintf(&b, "\n%s\n", style(styleDim, "config: "+escapeTerminal(config)))
	}
	// A file may be named after a token, and the index may quote one:
	// masked as in every other output.
	_, err := io.WriteString(w, rules.Redact(b.String()))
	return err
}

func writeIndexText(b *strings.Builder, ix previewIndexJSON, style func(s, text string) string) {
	b.WriteString("\n")
	name := escapeTerminal(ix.Path)
	switch {
	case !ix.Loaded && !ix.Exists:
		fmt.Fprintf(b, "%s: nothing loaded (%s)\n", style(styleBold, name), ix.Reason)
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
		style(styleBold, name), what, count(ix.Lines, "line"), thousands(ix.Units), memory.IndexMaxLines, thousands(memory.IndexMaxUnits))
	text := *ix.LoadedText
	body, warning := text, ""
	if ix.Cut {
		if at := strings.LastIndex(text, "\n\n> WARNING: "); at >= 0 {
			body, warning = text[:at], text[at+2:]
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
		b.WriteString(gutter(i+1, "│") + escapeTerminal(l) + "\n")
	}
	if !ix.Cut {
		return
	}
	b.WriteString(gutter(0, "┄") + style(styleCut, "✂ cut here; Claude Code appends its warning:") + "\n")
	b.WriteString(gutter(0, "│") + "\n")
	for _, l := range strings.Split(warning, "\n") {
		b.WriteString(gutter(0, "│") + escapeTerminal(l) + "\n")
	}
	lost := strings.Split(strings.TrimRight(derefString(ix.Lost), " \t\n"), "\n")
	first := ix.KeptLines + 1
	lostWhat := count(len(lost)-1, "line")
	if !strings.HasPrefix(derefString(ix.Lost), "\n") {
		// The cut fell inside a line: its rest comes first.
		first = ix.KeptLines
		lostWhat = fmt.Sprintf("the rest of line %d", ix.KeptLines)
		if len(lost) > 1 {
			lostWhat += " and " + count(len(lost)-1, "more line")
		}
	} else {
		lost = lost[1:]
	}
	fmt.Fprintf(b, "%s%s\n", gutter(0, "┄"), style(styleCut, fmt.Sprintf("not loaded (%s, never seen by the agent):", lostWhat)))
	for i, l := range lost {
		b.WriteString(gutter(first+i, "┆") + style(styleDim, escapeTerminal(l)) + "\n")
	}
}

func writeManifestText(b *strings.Builder, d previewDirJSON, style func(s, text string) string) {
	b.WriteString("\n")
	if d.ManifestInParent {
		fmt.Fprintf(b, "%s: team files are listed in the manifest of the memory dir above, as team/<file>\n", style(styleBold, "Recall manifest"))
		return
	}
	if d.ManifestTotal == 0 {
		fmt.Fprintf(b, "%s: no topic files\n", style(styleBold, "Recall manifest"))
	} else {
		fmt.Fprintf(b, "%s (what recall mode shows its selector, newest first): %s of %s\n",
			style(styleBold, "Recall manifest"), thousands(len(d.Manifest)), count(d.ManifestTotal, "file"))
	}
	for _, e := range d.Manifest {
		b.WriteString("  " + escapeTerminal(e.Line) + "\n")
	}
	if hidden := d.ManifestTotal - len(d.Manifest); hidden > 0 {
		fmt.Fprintf(b, "  %s\n", style(styleCut, fmt.Sprintf("… and %s older recall never shows (cap: %d)", count(hidden, "file"), claude.RecallMaxFiles)))
	}
	for _, s := range d.ManifestSkipped {
		fmt.Fprintf(b, "  %s\n", style(styleDim, "not read: "+escapeTerminal(s.Path)+": "+s.Reason))
	}
}

// escapeTerminal shows control, format and other invisible characters as
// escapes (a newline inside a line as \n), so that memory cannot drive
// the terminal or hide text from the reader.
func escapeTerminal(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\t' || r == ' ':
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == 0x200D || r == 0xFE0F: // emoji sequences
			b.WriteRune(r)
		case r < 0x20 || (r >= 0x7F && r <= 0x9F) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r) ||
			!unicode.IsGraphic(r):
			if r <= 0xFFFF {
				fmt.Fprintf(&b, `\u%04X`, r)
			} else {
				fmt.Fprintf(&b, `\U%08X`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func derefString(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// count formats n things, in the plural unless n is 1.
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return thousands(n) + " " + thing + "s"
}

// thousands formats n with comma separators.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
