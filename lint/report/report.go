// Package report writes the outcome of a lint run in the formats memlint
// offers: one file per format, each a Reporter. Reporters only format:
// they never decide which findings to show or what the exit code is.
package report

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
)

// Report is everything a reporter may print about one run.
type Report struct {
	// Diagnostics are the findings to print, sorted with Sort.
	Diagnostics []lint.Diagnostic
	// Suppressed are findings inline memlint-disable comments hid, for
	// formats that list them for audit (SARIF).
	Suppressed []lint.Diagnostic
	// Indexes are the budgets of the indexes linted, one per memory dir
	// that has a readable MEMORY.md and was linted as a whole.
	Indexes []Index
	// Dirs and Files count the memory dirs and files looked at.
	Dirs, Files int
	// MemoryDirs are the absolute, slash-separated paths of the memory
	// dirs linted (fixes may only write inside them).
	MemoryDirs []string
	// DirFiles counts the files looked at in each memory dir, by its path
	// in MemoryDirs.
	DirFiles map[string]int
	// Projects, set (even to an empty list) by memlint check --all, are
	// the Claude Code projects and subagents whose memory the run linted:
	// text prints a table of them before the findings, JSON adds them as
	// "projects" (projects.go).
	Projects []Project
	// DisplayPath turns a path found in Diagnostics or Indexes into the
	// path shown to the user: relative to the current directory with "/"
	// separators, or absolute when outside it. Nil shows paths as they are.
	DisplayPath func(p string) string
	// Redact, when set, masks secrets (the secret rule's Redact) in every
	// path a format shows — displayed paths, paths relative to Root, URIs,
	// the root itself — one name at a time (lint.RedactPath): a topic file
	// named after a token must not print the token. Messages were masked
	// by the engine already.
	Redact func(string) string
	// Rules are the rules that ran, for formats that describe them
	// (SARIF's tool.driver.rules). Findings of a rule missing here are
	// still reported.
	Rules []*lint.Rule
	// CustomRules are the IDs among Rules that the configuration defines:
	// docs/rules.md does not describe them, so SARIF gives them no helpUri.
	CustomRules map[string]bool
	// Root is the absolute, slash-separated folder that SARIF locations
	// are relative to (%SRCROOT%) and GitHub annotations name files from:
	// the repository's top level. Paths outside it stay absolute; empty
	// makes every such path absolute.
	Root string
	// ToolVersion is memlint's version, for formats that name the tool
	// (SARIF).
	ToolVersion string

	shown map[string]string // DisplayPath's answers, by path
}

// Index is the loaded size of one MEMORY.md.
type Index struct {
	Path   string // the MEMORY.md file, in the same form as diagnostic paths
	Budget memory.IndexBudget
}

// Counts are the findings of a report by severity.
type Counts struct {
	Errors, Warnings, Infos int
}

// Total is the number of findings.
func (c Counts) Total() int { return c.Errors + c.Warnings + c.Infos }

// Counts tallies the report's findings by severity.
func (r *Report) Counts() Counts {
	var c Counts
	for _, d := range r.Diagnostics {
		switch d.Severity {
		case lint.Error:
			c.Errors++
		case lint.Warning:
			c.Warnings++
		default:
			c.Infos++
		}
	}
	return c
}

// display returns the path shown for p, computing it once per path.
func (r *Report) display(p string) string {
	if d, ok := r.shown[p]; ok {
		return d
	}
	if r.shown == nil {
		r.shown = map[string]string{}
	}
	d := p
	if r.DisplayPath != nil {
		d = r.DisplayPath(p)
	}
	d = EscapeText(r.redactPath(d))
	r.shown[p] = d
	return d
}

// Sort orders diagnostics by display path, line, column, rule and message,
// and indexes by display path, so that output does not depend on how the
// run was split up.
func (r *Report) Sort() {
	sort.SliceStable(r.Diagnostics, func(i, j int) bool {
		a, b := r.Diagnostics[i], r.Diagnostics[j]
		if pa, pb := r.display(a.Path), r.display(b.Path); pa != pb {
			return pa < pb
		}
		return a.Less(b)
	})
	sort.SliceStable(r.Indexes, func(i, j int) bool {
		return r.display(r.Indexes[i].Path) < r.display(r.Indexes[j].Path)
	})
}

// Reporter writes a report in one format.
type Reporter interface {
	Report(w io.Writer, r *Report) error
}

// Options are the settings of the terminal-oriented formats; the other
// formats ignore them.
type Options struct {
	// Color adds ANSI colours to text output.
	Color bool
	// Quiet leaves out everything but the findings: no budget lines, no
	// summary.
	Quiet bool
	// Statistics prints a count of findings per rule instead of the
	// findings (--statistics).
	Statistics bool
}

// Formats lists the formats New accepts.
var Formats = []string{"text", "json", "sarif", "github", "gitlab"}

// fingerprinted are the formats whose findings carry lint.Fingerprint,
// which is made from each finding's flagged text.
var fingerprinted = map[string]bool{"sarif": true, "gitlab": true}

// ReadsFlaggedText reports whether the format reads the flagged text of
// findings (Diagnostic.Text); a run for any other can leave it out
// (lint.Plan.NoFlaggedText).
func ReadsFlaggedText(format string) bool { return fingerprinted[format] }

// New returns the reporter for a format name.
func New(format string, opts Options) (Reporter, error) {
	switch format {
	case "text":
		return &textReporter{Color: opts.Color, Quiet: opts.Quiet, Statistics: opts.Statistics}, nil
	case "json":
		return jsonReporter{}, nil
	case "sarif":
		return sarifReporter{}, nil
	case "github":
		return githubReporter{}, nil
	case "gitlab":
		return gitlabReporter{}, nil
	}
	return nil, fmt.Errorf("unknown format %q (want %s)", format, FormatList())
}

// FormatList names the formats for messages: "text, json, sarif, github
// or gitlab".
func FormatList() string {
	last := len(Formats) - 1
	return strings.Join(Formats[:last], ", ") + " or " + Formats[last]
}

// redactPath masks the names of p that hold a secret (Redact).
func (r *Report) redactPath(p string) string { return lint.RedactPath(r.Redact, p) }

// relToRoot returns p (an absolute slash path, as in Diagnostics) relative
// to Root, with "/" separators and names holding a secret masked; ok is
// false when p is not inside Root. Root itself is ".".
func (r *Report) relToRoot(p string) (rel string, ok bool) {
	rel, ok = r.relToRootRaw(p)
	return r.redactPath(rel), ok
}

func (r *Report) relToRootRaw(p string) (rel string, ok bool) {
	if r.Root == "" {
		return "", false
	}
	root := strings.TrimSuffix(r.Root, "/")
	switch {
	case p == root || p == r.Root:
		return ".", true
	case strings.HasPrefix(p, root+"/"):
		return p[len(root)+1:], true
	}
	return "", false
}
