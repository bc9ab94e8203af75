// Package checker is memlint's one driver, as go/analysis has its checker
// under both its command-line tools and analysistest: every entry point —
// memlint check (a PATH, discovery, --staged, --all, --fix), memlint
// preview and baseline, the git pre-commit hook and the pre-commit
// framework, and the three Claude Code hooks — describes what it wants in
// a Request and calls Check (or Preview, RecordBaseline). The checker
// selects the source (the working tree, the staged index with --base, the
// pre-commit hook's file names, Claude Code's config home, an fs.FS),
// resolves the configuration, asks lint's one memory-dir resolver which
// dirs to lint, builds the plan, applies the baseline at its one path, and
// turns the result into a report. The command only parses flags, picks a
// reporter and sets the exit code; lint/report formats.
package checker

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/gitrepo"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/lint/report"
	"github.com/memlint/memlint/source"
)

// Mode is what a check reads.
type Mode int

const (
	// WorkingTree lints the files on disk the PATHs name, else the
	// configured roots, else what discovery finds.
	WorkingTree Mode = iota
	// Staged lints the memory dirs with a staged change, as the git
	// index holds them, against HEAD or Base (--staged).
	Staged
	// PreCommit is memlint hooks run pre-commit: inside git commit what
	// is staged; outside, with file names, the working tree of the memory
	// dirs holding them (precommit.go).
	PreCommit
	// AllProjects lints every Claude Code project and subagent memory dir
	// under the config home (--all, all.go).
	AllProjects
	// FS lints the memory dirs Dirs of an fs.FS standing for the folder
	// Root: a test's files, or a memory dir as a Claude Code write leaves
	// (or found) it.
	FS
)

// FixMode is what a run does with fixes.
type FixMode int

const (
	NoFix     FixMode = iota
	Fix               // --fix
	UnsafeFix         // --unsafe-fixes
	Diff              // --diff: print the changes, write nothing
)

// Request describes one check.
type Request struct {
	Mode Mode
	// Cwd is the folder relative PATHs and discovery start from; "" is
	// the current directory.
	Cwd string
	// Paths are the PATH arguments (the pre-commit hook's file names in
	// PreCommit).
	Paths []string
	// Getenv reads the environment; nil is os.Getenv.
	Getenv func(string) string
	// Stderr receives the notes of the run (what it chose to lint, -v);
	// nil discards them. Quiet silences the notes, Verbose adds the
	// configuration, the mode and the dirs linted.
	Stderr         io.Writer
	Quiet, Verbose bool

	// ConfigFile is --config; Preview is --preview.
	ConfigFile string
	Preview    bool
	// Config, with ConfigKnown, is the configuration already resolved
	// (by ResolveConfig; nil for the defaults), used as it is.
	Config      *lint.Config
	ConfigKnown bool
	// Base is --base: the revision earlier content comes from.
	Base string
	// BaselineFile is --baseline. Recording is memlint baseline: the run
	// applies no baseline and keeps every finding's flagged text.
	BaselineFile string
	Recording    bool
	// Formats are the formats the run's report is written in (stdout and
	// --output): the flagged text of findings is kept when one reads it.
	Formats []string
	// Fix is what the run does with fixes; it keeps what they need.
	Fix FixMode

	// Registry holds the built-in rules (rules.Registry()): required.
	// Redact masks secrets in findings, paths and messages
	// (rules.Redact); nil masks nothing. The caller gives both, so that
	// the checker imports no rule: a rule family's tests run their
	// fixtures through it (lint/linttest).
	Registry *lint.Registry
	Redact   func(string) string
	// RecallProbe tells whether Claude Code's recall mode is on for the
	// account (lint.Plan); nil is claude.SystemRecallProbe().
	RecallProbe claude.RecallProbe
	// VersionProbe finds the version of the Claude Code the user runs
	// (lint.ResolveRelease); nil is claude.SystemVersionProbe(), run at
	// most once.
	VersionProbe claude.VersionProbe
	// Mentions, in PreCommit, reads the repository paths a memory file
	// names (stale-reference's reading, rules/stalereference.References),
	// for the warning about the memories that name a file the commit
	// deletes or renames; memory dirs where MentionsRule is off are not
	// read. Nil: no such warning.
	Mentions     func(src []byte, name, dir, root string) []memory.Mention
	MentionsRule *lint.Rule
	// ToolVersion is memlint's version, for the report.
	ToolVersion string

	// FS mode: the content, the folder it stands for, its memory dirs
	// (paths of FS, "." for the root) and the earlier content.
	FS      fs.FS
	Root    string
	Dirs    []string
	Earlier memory.Earlier
	// Repository, in FS mode, also reads the instruction files
	// (CLAUDE.md, claude-md-overlap) and the repository (stale-reference)
	// around Cwd, as the other modes always do; without it the memory is
	// linted alone, as the Claude Code guard and SessionStart hook lint.
	Repository bool
	// Instructions and Repos, when set, are the run's instruction files
	// and repositories (RepositoryContext); else the checker finds them
	// from Cwd when the mode reads them.
	Instructions func(dir string) []claude.InstructionFile
	Repos        lint.Repositories
	// Focus, Only, ErrorsOnly, Reuse and Now are as in lint.Plan.
	Focus      []string
	Only       []string
	ErrorsOnly bool
	Reuse      *memory.Reuse
	Now        time.Time
}

// Result is the outcome of a check.
type Result struct {
	// Report is the run's report, ready for a reporter: paths shown
	// relative to Cwd, secrets masked, the rules that ran.
	Report *report.Report
	// Lint is the engine's result (absolute slash paths).
	Lint *lint.Result
	// Config is the configuration the run used.
	Config *lint.Config
	// Failed are the rules that failed, with absolute dirs: a memlint
	// bug, reported on stderr (PrintFailed), and the run exits 2.
	Failed []lint.RuleError
	// Linted are the files linted with their content's hash, for --fix
	// to write only files still as linted; StagedContent, with --staged
	// and a fix, the staged content of the files fixes edit.
	Linted        map[string][sha256.Size]byte
	StagedContent map[string][]byte
	// Targets are the memory dirs (and repositories) linted.
	Targets []*lint.Target

	req     *run
	relint  func(changed []string) (*Result, error)
	closers []func() error
}

// Cwd is the folder the check's paths are shown from.
func (r *Result) Cwd() string { return r.req.Cwd }

// Close releases what the check kept open (a --base revision).
func (r *Result) Close() {
	for _, c := range r.closers {
		c()
	}
	r.closers = nil
}

// Relint lints again the dirs holding the files --fix changed and returns
// the new report; Failed and Linted follow. A run that cannot (--staged:
// the fixes went to the working copies, the index is what is linted)
// returns the report as it is.
func (r *Result) Relint(changed []string) (*report.Report, error) {
	if r.relint == nil || len(changed) == 0 {
		return r.Report, nil
	}
	again, err := r.relint(changed)
	if err != nil {
		return nil, err
	}
	projects := r.Report.Projects
	r.Report, r.Lint, r.Failed, r.Linted = again.Report, again.Lint, again.Failed, again.Linted
	r.Report.Projects = projects
	return r.Report, nil
}

// Say prints a message on w prefixed "memlint: ": secrets masked with
// redact (nil masks nothing), then unsafe characters escaped
// (report.EscapeText), the one way every note and error reaches stderr.
func Say(w io.Writer, redact func(string) string, format string, args ...any) {
	fmt.Fprintf(w, "memlint: %s\n", report.EscapeText(mask(redact, fmt.Sprintf(format, args...))))
}

// mask is redact(s), or s when redact is nil.
func mask(redact func(string) string, s string) string {
	if redact == nil {
		return s
	}
	return redact(s)
}

// ShownPath is how a message names the file at slash path p: relative to
// cwd, names holding a secret masked with redact, unsafe characters
// escaped.
func ShownPath(redact func(string) string, cwd, p string) string {
	return report.EscapeText(lint.RedactPath(redact, lint.RelPath(cwd, filepath.FromSlash(p))))
}

// errNoRegistry is the error of a Request without its Registry.
var errNoRegistry = errors.New("checker: the request has no Registry")

// run is a Request with its defaults filled in.
type run struct {
	Request
	// closers release what the run keeps open until it ends.
	closers []func() error
}

func newRun(req Request) (*run, error) {
	r := &run{Request: req}
	if r.Cwd == "" {
		cwd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("current directory: %w", err)
		}
		r.Cwd = cwd
	}
	if r.Getenv == nil {
		r.Getenv = os.Getenv
	}
	if r.Registry == nil {
		return nil, errNoRegistry
	}
	if r.RecallProbe == nil {
		r.RecallProbe = claude.SystemRecallProbe()
	}
	if r.VersionProbe == nil {
		r.VersionProbe = claude.OnceVersionProbe(claude.SystemVersionProbe())
	}
	if r.Stderr == nil {
		r.Stderr = io.Discard
	}
	return r, nil
}

// note tells the user on stderr what the run chose to lint; Quiet
// silences it.
func (r *run) note(format string, args ...any) {
	if !r.Quiet {
		Say(r.Stderr, r.Redact, format, args...)
	}
}

// Check runs the check req describes.
func Check(req Request) (*Result, error) {
	r, err := newRun(req)
	if err != nil {
		return nil, err
	}
	var res *Result
	switch req.Mode {
	case PreCommit:
		res, err = r.preCommit()
	case AllProjects:
		res, err = r.all()
	case Staged:
		res, err = r.staged(r.Paths)
	case FS:
		res, err = r.fsys()
	default:
		res, err = r.workingTree(r.Paths)
	}
	if err != nil {
		for _, c := range r.closers {
			c()
		}
		return nil, err
	}
	res.closers = r.closers
	res.req = r
	r.sayDirs(res.Report)
	return res, nil
}

// ResolveConfig is the configuration of a run over src from req's Cwd
// (lint.ResolveConfig, with ConfigFile), with the preview rules on for
// Preview: the one place configuration is resolved. A nil src is the
// working tree.
func ResolveConfig(req Request, src lint.Source) (*lint.Config, error) {
	if req.Config != nil || req.ConfigKnown {
		return req.Config, nil
	}
	if src == nil {
		src = lint.WorkingTree{}
	}
	reg := req.Registry
	if reg == nil {
		return nil, errNoRegistry
	}
	cwd := req.Cwd
	if cwd == "" {
		var err error
		if cwd, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("current directory: %w", err)
		}
	}
	cfg, err := lint.ResolveConfig(src, cwd, req.ConfigFile, reg)
	if err != nil || !req.Preview {
		return cfg, err
	}
	return cfg.WithPreview(), nil
}

// config resolves the run's configuration and says which it is (-v).
func (r *run) config(src lint.Source) (*lint.Config, error) {
	cfg, err := ResolveConfig(r.Request, src)
	if err != nil {
		return nil, err
	}
	if r.Verbose {
		Say(r.Stderr, r.Redact, "config: %s", ConfigShown(r.Cwd, cfg))
		Say(r.Stderr, r.Redact, "mode: %s", r.mode())
		Say(r.Stderr, r.Redact, "claude code: %s", lint.ResolveRelease(cfg, r.VersionProbe))
	}
	return cfg, nil
}

// plan is the lint.Plan of the run: the one place a plan is built.
func (r *run) plan(paths []string) lint.Plan {
	p := lint.Plan{Cwd: r.Cwd, Paths: paths, Getenv: r.Getenv, Note: r.note,
		Baseline: r.baseline(), Setup: lint.Setup{NoFlaggedText: !r.readsFlaggedText(),
			Registry: r.Registry, Redact: r.Redact, RecallProbe: r.RecallProbe, VersionProbe: r.VersionProbe,
			Only: r.Only, ErrorsOnly: r.ErrorsOnly, Reuse: r.Reuse, Now: r.Now},
		Focus: r.Focus}
	if r.Mode != FS || r.Repository {
		p.Instructions, p.Repos = r.Instructions, r.Repos
		if p.Instructions == nil || p.Repos == nil {
			instructions, repos := RepositoryContext(r.Request)
			if p.Instructions == nil {
				p.Instructions = instructions
			}
			if p.Repos == nil {
				p.Repos = repos
			}
		}
	}
	return p
}

// RepositoryContext returns what a run compares memory with besides the
// memory itself: Claude Code's instruction files (CLAUDE.md and its
// imports) and the repositories memory lives in, found from req's Cwd.
// Both are read only when a rule asks.
func RepositoryContext(req Request) (func(dir string) []claude.InstructionFile, lint.Repositories) {
	getenv, cwd := req.Getenv, req.Cwd
	if getenv == nil {
		getenv = os.Getenv
	}
	if cwd == "" {
		cwd, _ = os.Getwd()
	}
	home, _ := os.UserHomeDir() // without one, no ~/.claude/CLAUDE.md and no ~/ imports
	return lint.ClaudeInstructions(cwd, getenv, home, 0), source.RepositoryFinder(cwd, getenv, true)
}

// readsFlaggedText reports whether something the run writes reads the
// flagged text of findings: a baseline being recorded names findings by
// it, and so do the fingerprints of some formats.
func (r *run) readsFlaggedText() bool {
	if r.Recording || (r.Mode == FS && len(r.Formats) == 0) {
		return true
	}
	for _, f := range r.Formats {
		if report.ReadsFlaggedText(f) {
			return true
		}
	}
	return false
}

// result turns the engine's result into the check's.
func (r *run) result(res *lint.Result, cfg *lint.Config) *Result {
	out := &Result{Lint: res, Config: cfg, Failed: res.Errors, Linted: res.Linted,
		Targets: append(append([]*lint.Target(nil), res.Targets...), res.Repos...)}
	if r.Mode == FS && len(r.Formats) == 0 {
		// A hook reads the engine's result: no report to build.
		out.Report = &report.Report{}
		return out
	}
	out.Report = newReport(res, r.Redact)
	r.decorate(out.Report, cfg)
	return out
}

// newReport is the report of a run's result, before the settings check
// and the baseline add to it.
func newReport(res *lint.Result, redact func(string) string) *report.Report {
	r := &report.Report{Diagnostics: res.Diagnostics, Suppressed: res.Suppressed, Files: res.Files, Redact: redact,
		DirFiles: map[string]int{}}
	for _, d := range res.Dirs {
		r.Dirs++
		r.DirFiles[d.Path] += d.Files
		r.MemoryDirs = append(r.MemoryDirs, d.Path)
		if d.Index != nil {
			r.Indexes = append(r.Indexes, report.Index{Path: d.Index.Path, Budget: d.Index.Budget})
		}
	}
	return r
}

// decorate sets what every format needs to show a report.
func (r *run) decorate(rep *report.Report, cfg *lint.Config) {
	cwd := r.Cwd
	rep.DisplayPath = func(p string) string { return lint.RelPath(cwd, filepath.FromSlash(p)) }
	rep.Redact = r.Redact
	rep.Rules, rep.CustomRules = rulesRun(cfg, r.Registry)
	rep.Root, rep.ToolVersion = reportRoot(cwd), r.ToolVersion
}

// rulesRun are the rules a run with this configuration runs, for the
// report (SARIF describes them): every rule that is not off everywhere,
// and which of them the configuration defines (those not in reg).
func rulesRun(cfg *lint.Config, reg *lint.Registry) (ran []*lint.Rule, custom map[string]bool) {
	for _, rule := range cfg.Registry(reg).Rules() {
		if !cfg.MaybeOn(rule) {
			continue
		}
		ran = append(ran, rule)
		if _, builtin := reg.Lookup(rule.ID); !builtin {
			if custom == nil {
				custom = map[string]bool{}
			}
			custom[rule.ID] = true
		}
	}
	return ran, custom
}

// reportRoot is the folder report paths are made relative to for code
// scanning and annotations: the repository's top level, or the current
// directory outside a repository. Slash-separated like report paths.
func reportRoot(cwd string) string {
	root := gitrepo.TopLevel(cwd)
	if root == "" {
		root = cwd
	}
	return filepath.ToSlash(root)
}

// mode names what a run reads and what it does with fixes, for -v:
// "working tree", "staged (git index) against HEAD", then ", --base REV"
// and ", --fix" / ", --unsafe-fixes" / ", --diff (nothing written)".
func (r *run) mode() string {
	m := "working tree"
	if r.Mode == Staged || r.Mode == PreCommit {
		base := r.Base
		if base == "" {
			base = "HEAD"
		}
		m = "staged (git index) against " + base
	} else if r.Base != "" {
		m += ", --base " + r.Base
	}
	switch r.Fix {
	case Diff:
		m += ", --diff (nothing written)"
	case UnsafeFix:
		m += ", --unsafe-fixes"
	case Fix:
		m += ", --fix"
	}
	return m
}

// sayDirs is -v: each memory dir the run lints, relative to cwd, one
// line each.
func (r *run) sayDirs(rep *report.Report) {
	if !r.Verbose {
		return
	}
	for _, d := range rep.MemoryDirs {
		fmt.Fprintf(r.Stderr, "memlint: dir: %s\n", ShownPath(r.Redact, r.Cwd, d))
	}
}

// ConfigShown names the configuration of a run for a person: its file
// relative to cwd (" (staged)" after one read from the git index), or
// "none (defaults)".
func ConfigShown(cwd string, cfg *lint.Config) string {
	if cfg == nil || cfg.Path == "" {
		return "none (defaults)"
	}
	shown := lint.RelPath(cwd, cfg.Path)
	if cfg.Staged {
		shown += " (staged)"
	}
	return shown
}

// PrintFailed prints the rules that failed, if any, and reports whether
// there were: the run then ends with exit code 2, whatever the findings,
// since their list is incomplete. A rule that panicked is a memlint bug,
// so its stack is printed too — what a bug report needs, and printed
// nowhere else. redact masks secrets (nil masks nothing).
func PrintFailed(w io.Writer, redact func(string) string, cwd string, failed []lint.RuleError) bool {
	for _, e := range failed {
		fmt.Fprintf(w, "memlint: internal error: rule %s failed on %s: %v (please report this bug)\n",
			report.EscapeText(e.Rule), report.EscapeText(mask(redact, lint.RelPath(cwd, e.Dir))), report.EscapeText(mask(redact, e.Err.Error())))
		if e.Stack != nil {
			fmt.Fprintf(w, "%s\n", e.Stack)
		}
	}
	return len(failed) > 0
}

// workingTree lints the files on disk that paths name (or that discovery
// finds), comparing with Base when set.
func (r *run) workingTree(paths []string) (*Result, error) {
	var src lint.WorkingTree
	cfg, err := r.config(src)
	if err != nil {
		return nil, err
	}
	if r.Base != "" {
		// Opened on first use: a run with nothing to lint reads no git.
		var rev *source.Revision
		src.Earlier = func(root string) (memory.Earlier, error) {
			if rev == nil {
				opened, err := source.OpenRevision(r.Cwd, r.Base, r.Getenv)
				if err != nil {
					return nil, fmt.Errorf("--base: %w", err)
				}
				rev = opened
				r.closers = append(r.closers, rev.Close)
			}
			return rev.Earlier(root)
		}
	}
	plan := r.plan(paths)
	res, err := lint.Run(src, plan, cfg)
	if err != nil {
		return nil, err
	}
	out := r.result(res, cfg)
	out.relint = func(changed []string) (*Result, error) {
		again, err := lint.Relint(src, plan, cfg, res, changed)
		if err != nil {
			return nil, err
		}
		return r.result(again, cfg), nil
	}
	return out, nil
}

// staged lints the memory dirs with a staged change, as the index holds
// them, against HEAD (or Base). paths narrow the dirs.
func (r *run) staged(paths []string) (*Result, error) {
	staged, err := source.OpenStaged(r.Cwd, r.Getenv)
	if errors.Is(err, source.ErrNotARepository) {
		return nil, errors.New("--staged: not inside a git repository")
	}
	if err != nil {
		return nil, err
	}
	defer staged.Close()
	src := &source.Index{Staged: staged}
	cfg, err := r.config(src)
	if err != nil {
		return nil, err
	}
	if r.Base != "" {
		if src.Base, err = source.OpenRevision(r.Cwd, r.Base, r.Getenv); err != nil {
			return nil, fmt.Errorf("--base: %w", err)
		}
		defer src.Base.Close()
	}
	plan := r.plan(paths)
	// What is committed is what the index holds, whatever is on disk.
	plan.Repos = staged.Repositories(r.Cwd, r.Getenv)
	res, err := lint.Run(src, plan, cfg)
	if err != nil {
		return nil, err
	}
	if r.Mode == PreCommit {
		r.warnRemovals(staged, cfg)
	}
	if len(res.Targets) == 0 && r.Mode != PreCommit {
		r.note("no staged changes in memory dirs")
	}
	out := r.result(res, cfg)
	if r.Fix != NoFix {
		out.StagedContent = src.FixedContents(res.Diagnostics)
	} else {
		out.Linted = nil
	}
	return out, nil
}

// fsys lints the memory dirs of an fs.FS.
func (r *run) fsys() (*Result, error) {
	src := lint.FSSource{Root: r.Root, FS: r.FS, Dirs: r.Dirs, Earlier: r.Earlier}
	cfg, err := r.config(src)
	if err != nil {
		return nil, err
	}
	res, err := lint.Run(src, r.plan(r.Paths), cfg)
	if err != nil {
		return nil, err
	}
	return r.result(res, cfg), nil
}

// claudeHome is the Claude Code config home of the run's environment.
func (r *run) claudeHome() string { return claudecode.HomeFromEnv(r.Getenv) }
