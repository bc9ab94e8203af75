package lint

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// This file is a run's filter: a dir's findings are settled as its rules
// report them (severity, off, suppressions, redaction: Linter.settle),
// scoped to the files a PATH named (Result.add), and then the baseline of
// accepted findings applies to the whole run (applyBaseline), its own
// findings settled in turn.

// Baseline is a record of accepted findings (package lint/baseline).
type Baseline interface {
	// Apply returns ds without the findings it accepts, plus a finding
	// (baseline-stale) for each of its entries that matched none and that
	// inScope, given the entry's absolute OS path, says this run could
	// judge.
	Apply(ds []Diagnostic, inScope func(path string) bool) []Diagnostic
}

// planBaseline is the plan's baseline, or nil for none. It is read before
// the run, which keeps the flagged texts only when it has a baseline to
// match them with.
func planBaseline(plan Plan, cfg *Config) (Baseline, error) {
	if plan.Baseline == nil {
		return nil, nil
	}
	return plan.Baseline(cfg)
}

// applyBaseline filters res through b, the plan's baseline, if any.
func applyBaseline(src Source, plan Plan, cfg *Config, b Baseline, res *Result) error {
	if b == nil {
		return nil
	}
	// A change (the staged index) cannot tell a deleted file from one the
	// change does not touch; the working tree can.
	_, change := src.(Changes)
	judged := append(append([]*Target(nil), res.Targets...), res.Repos...)
	reg := cfg.Registry(plan.Registry)
	kept := res.Diagnostics[:0:0]
	for _, d := range b.Apply(res.Diagnostics, func(p string) bool { return InScope(judged, p, !change) }) {
		// The findings the baseline adds are its rules', settled here.
		if rule, ok := reg.Lookup(d.Rule); ok && rule.Scope == ScopeBaseline {
			off, sev := cfg.Level(rule, filepath.FromSlash(d.Path))
			if off {
				continue
			}
			if sev != SeverityDefault {
				d.Severity = sev
			}
		}
		kept = append(kept, d)
	}
	res.Diagnostics = kept
	return nil
}

// InScope reports whether a run that linted targets can judge a finding
// about the file or folder p (absolute): p is in a linted dir or file, or,
// when gone counts, p no longer exists, so that nothing will ever match
// it. A baseline's entries about other paths are neither stale nor
// dropped.
func InScope(targets []*Target, p string, gone bool) bool {
	for _, t := range targets {
		if t.Files != nil {
			if t.Files[p] {
				return true
			}
			continue
		}
		if pathutil.Within(p, t.Dir) {
			return true
		}
	}
	if !gone {
		return false
	}
	_, err := os.Lstat(p)
	return errors.Is(err, fs.ErrNotExist)
}

// settle applies configuration and suppressions to a finding and records
// the text it flags; ok is false when configuration drops it, and a
// suppressed finding comes back marked Suppressed.
func (l *Linter) settle(diag Diagnostic, d *memory.Dir, files map[string]*memory.File) (settled Diagnostic, ok bool) {
	rule, known := l.Registry.Lookup(diag.Rule)
	if known {
		off, sev := l.Config.Level(rule, l.abs(diag.Path))
		if off {
			return diag, false
		}
		switch {
		case sev != SeverityDefault:
			diag.Severity = sev
		case diag.Severity == SeverityDefault:
			diag.Severity = rule.Severity
		}
	}
	if diag.Severity == SeverityDefault {
		diag.Severity = Error
	}
	defer func() {
		if l.Redact != nil {
			settled.Message, settled.Suggestion, settled.Text = l.Redact(settled.Message), l.Redact(settled.Suggestion), l.Redact(settled.Text)
			// A suppression's reason is the author's free text: it may quote
			// the very value it excuses (SARIF shows it as the justification).
			settled.Justification = l.Redact(settled.Justification)
		}
	}()
	diag.Fix = placeEdits(diag.Fix, files)
	var sups []*memory.Suppression
	if f := files[diag.Path]; f != nil {
		sups = f.Suppressions()
		if !l.NoFlaggedText {
			diag.Text = flaggedText(f, diag.Start, diag.End)
		}
		if l.Redact != nil && diag.Text != "" && f.Lines != nil && diag.Start.IsValid() {
			// The flagged text may be a bare secret value that Redact,
			// seeing it without its label, would leave whole: judge it
			// in its place (baselines and fingerprints keep this text).
			// Text Redact masks alone is left to it, as before.
			from := f.Lines.Offset(diag.Start)
			if l.Redact(diag.Text) == diag.Text && matchHoldsSecret(l.Redact, f.Src, markdown.Span{Start: from, End: from + len(diag.Text)}, []byte(diag.Text)) {
				diag.Text = maskedMatch(diag.Text)
			}
		}
	} else if diag.Path == d.Path && d.Index != nil {
		// Findings about the whole dir are suppressed from its index.
		for _, s := range d.Index.Suppressions() {
			if s.Kind == memory.DisableFile {
				sups = append(sups, s)
			}
		}
	}
	for _, s := range sups {
		if s.Covers(diag.Rule, diag.Start.Line) {
			if s.Used == nil {
				s.Used = map[string]bool{}
			}
			s.Used[diag.Rule] = true
			diag.Suppressed, diag.Justification = true, s.Reason
			return diag, true
		}
	}
	return diag, true
}

// placeEdits returns a copy of fix whose edits carry their positions in
// the files the rules saw, so that a report can show them without reading
// the files again.
func placeEdits(fix *Fix, files map[string]*memory.File) *Fix {
	if fix == nil {
		return nil
	}
	placed := *fix
	placed.Edits = append([]memory.TextEdit(nil), fix.Edits...)
	for i, e := range placed.Edits {
		if f := files[e.Path]; f != nil && f.Lines != nil {
			placed.Edits[i].StartPos, placed.Edits[i].EndPos = f.Lines.Pos(e.Start), f.Lines.Pos(e.End)
		}
	}
	return &placed
}

// maxFlaggedText bounds the text kept per finding: enough to tell
// findings apart, never a whole file.
const maxFlaggedText = 512

// flaggedText returns the source between two positions of f, or the rest
// of the start line when there is no end; "" for whole-file findings.
func flaggedText(f *memory.File, start, end markdown.Pos) string {
	if !start.IsValid() || f.Lines == nil {
		return ""
	}
	from := f.Lines.Offset(start)
	to := f.Lines.LineEnd(start.Line)
	if end.IsValid() && !end.Before(start) {
		to = f.Lines.Offset(end)
	}
	if to < from {
		to = from
	}
	to = min(to, from+maxFlaggedText)
	for to > from && to < len(f.Src) && f.Src[to]&0xC0 == 0x80 {
		to-- // never cut a character in two
	}
	return string(f.Src[from:to])
}

// RedactPath masks with redact (the secret rule's Redact) each component
// of the path p that holds a secret, so that a file or folder named after a
// token is shown as ghp_…wXyz.md while every other component, and every
// path holding no secret, stays byte for byte as it is. Components are
// separated by "/" (and the OS separator): masking is per name, so a mask
// never runs across a separator. The result depends on p alone, so a path
// stored masked (a baseline entry) matches the same file on the next run.
// A nil redact returns p.
func RedactPath(redact func(string) string, p string) string {
	if redact == nil {
		return p
	}
	var b []byte
	start := 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' && p[i] != filepath.Separator {
			continue
		}
		name := p[start:i]
		if masked := redact(name); masked != name || b != nil {
			if b == nil {
				b = append(make([]byte, 0, len(p)), p[:start]...)
			}
			b = append(b, masked...)
			if i < len(p) {
				b = append(b, p[i])
			}
		}
		start = i + 1
	}
	if b == nil {
		return p
	}
	return string(b)
}

// UnmaskPath finds the file a path masked by RedactPath names: p itself
// when it exists, else the path whose names, each masked with redact,
// give p's, as long as every masked name matches exactly one entry of its
// folder. A baseline stores masked paths; asking whether its entry's file
// still exists, or is one a run linted, needs the real one. Anything it
// cannot resolve comes back as p.
func UnmaskPath(redact func(string) string, p string) string {
	if redact == nil {
		return p
	}
	if _, err := os.Lstat(p); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return p
	}
	vol := filepath.VolumeName(p)
	real := vol
	for i, name := range strings.Split(p[len(vol):], string(filepath.Separator)) {
		if name == "" {
			if i == 0 {
				real += string(filepath.Separator)
			}
			continue
		}
		next := filepath.Join(real, name)
		if _, err := os.Lstat(next); err != nil {
			next = ""
			entries, err := os.ReadDir(real)
			if err != nil {
				return p
			}
			for _, e := range entries {
				if e.Name() != name && redact(e.Name()) == name {
					if next != "" {
						return p // two files with the same mask: none is the one
					}
					next = filepath.Join(real, e.Name())
				}
			}
			if next == "" {
				return p
			}
		}
		real = next
	}
	return real
}
