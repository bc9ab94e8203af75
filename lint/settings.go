package lint

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/gitrepo"
)

// This file runs the rules of ScopeRepository: they look at a repository's
// checked-in Claude Code settings rather than at a memory dir. Their
// findings join the result like any other, before the baseline, the output
// formats and the exit code see them.

// ProjectSettings is a repository's checked-in Claude Code settings file,
// relative to its top level.
const ProjectSettings = ".claude/settings.json"

// RepoFiles is a Source that reads a repository's own files for the rules
// of ScopeRepository. A Source without it is read as the working tree.
type RepoFiles interface {
	// Repos returns the top levels whose settings a run checks, given
	// what it linted.
	Repos(plan Plan, targets []*Target) []string
	// RepoFile reads the file at rel (slash separated) in the repository
	// at top. A nil src with no error means there is nothing to check; a
	// note says why a file there was not read.
	RepoFile(top, rel string) (src []byte, note string, err error)
}

// Repos returns the top level of the repository around the current
// directory when no PATH was given, and of those holding the linted dirs.
func (WorkingTree) Repos(plan Plan, targets []*Target) []string {
	var tops []string
	seen := map[string]bool{}
	add := func(dir string) {
		if top := gitrepo.TopLevel(dir); top != "" && !seen[top] {
			seen[top] = true
			tops = append(tops, top)
		}
	}
	if len(plan.Paths) == 0 {
		add(plan.Cwd)
	}
	for _, t := range targets {
		add(t.Dir)
	}
	return tops
}

// RepoFile reads a file on disk, following a symbolic link as Claude Code
// does. A file that cannot be read is a note, not an error: it does not
// stop the memory dirs' run.
func (WorkingTree) RepoFile(top, rel string) ([]byte, string, error) {
	file := filepath.Join(top, filepath.FromSlash(rel))
	src, err := claudecode.ReadSettings(file)
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, claudecode.ErrNotRegular):
		return nil, "", nil
	case errors.Is(err, claudecode.ErrTooLarge):
		return nil, fmt.Sprintf("%s is larger than %d bytes; not checked", file, claudecode.MaxSettingsSize), nil
	case err != nil:
		return nil, fmt.Sprintf("read %s: %v", file, pathErr(err)), nil
	}
	return src, "", nil
}

// runRepos runs the rules of ScopeRepository over the settings file of
// each repository the run covers, adding to res. It returns the files it
// read, as targets reached through that file only, so that a baseline
// can tell its entries about them are stale.
func runRepos(src Source, plan Plan, cfg *Config, reg *Registry, res *Result) ([]*Target, error) {
	var repoRules []*Rule
	for _, r := range reg.Rules() {
		if r.RunRepo != nil { // ScopeRepository rules, and dir rules that check the settings too (secret)
			repoRules = append(repoRules, r)
		}
	}
	if len(repoRules) == 0 {
		return nil, nil
	}
	files, ok := src.(RepoFiles)
	if !ok {
		files = WorkingTree{}
	}
	getenv := plan.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	home := claudecode.UserHome()
	note := plan.Note
	if note == nil {
		note = func(string, ...any) {}
	}
	var checked []*Target
	for _, top := range files.Repos(plan, res.Targets) {
		file := filepath.Join(top, filepath.FromSlash(ProjectSettings))
		var run []*Rule
		for _, r := range repoRules {
			if settingsChecked(cfg, r, file, home, getenv) {
				run = append(run, r)
			}
		}
		if len(run) == 0 {
			continue
		}
		data, why, err := files.RepoFile(top, ProjectSettings)
		if err != nil {
			return nil, err
		}
		if why != "" {
			for _, r := range run {
				note("%s: %s", r.ID, why)
			}
			continue
		}
		if data == nil {
			continue
		}
		res.Files++
		for _, r := range run {
			res.Errors = append(res.Errors, runRepoRule(r, cfg, plan.Redact, filepath.ToSlash(file), data, home, &res.Diagnostics)...)
		}
		checked = append(checked, &Target{Dir: filepath.Dir(file), Files: map[string]bool{file: true}})
	}
	return checked, nil
}

// runRepoRule runs one repository rule over one file and settles its
// findings as the engine does a dir's: the configured severity, redacted.
// (JSON has no inline suppressions.) A panic is a RuleError.
func runRepoRule(rule *Rule, cfg *Config, redact func(string) string, file string, src []byte, home string, out *[]Diagnostic) (failed []RuleError) {
	_, sev := cfg.Level(rule, filepath.FromSlash(file))
	pass := &RepoPass{Rule: rule, Path: file, Src: src, Home: home, report: func(d Diagnostic) {
		if sev != SeverityDefault {
			d.Severity = sev
		}
		if redact != nil {
			d.Message, d.Suggestion, d.Text = redact(d.Message), redact(d.Suggestion), redact(d.Text)
		}
		*out = append(*out, d)
	}}
	defer func() {
		if r := recover(); r != nil {
			failed = []RuleError{{Rule: rule.ID, Dir: filepath.ToSlash(filepath.Dir(file)), Err: &PanicError{Value: r}, Stack: stack()}}
		}
	}()
	pass.Rule.RunRepo(pass)
	return nil
}

// settingsChecked reports whether the settings file at file (absolute) is
// to be checked by rule: the rule is on for it, the configuration does not
// ignore it, and it is not the user's own settings file (a home folder
// kept in git has ~/.claude/settings.json at its top level).
func settingsChecked(cfg *Config, rule *Rule, file, home string, getenv func(string) string) bool {
	if off, _ := cfg.Level(rule, file); off || cfg.Ignored(file) {
		return false
	}
	if home == "" && getenv("CLAUDE_CONFIG_DIR") == "" {
		return true
	}
	user := filepath.Join(claudecode.Home(getenv, home), "settings.json")
	if filepath.Clean(user) == file {
		return false
	}
	a, errA := os.Stat(user)
	b, errB := os.Stat(file)
	return errA != nil || errB != nil || !os.SameFile(a, b)
}
