package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/report"
	"github.com/memlint/memlint/rules"
	"github.com/memlint/memlint/source"
)

// This file runs settings-memory-directory, the one rule that looks at a
// repository's checked-in Claude Code settings rather than at a memory dir.
// Its findings join the report like any other, before the baseline, the
// output formats and the exit code see it.

// checkWorkingSettings checks the .claude/settings.json on disk at the top
// level of each repository the run covers: the one around cwd when no PATH
// was given, and those holding the linted memory dirs. It adds the findings
// to r and returns the files it read, as targets, so that a baseline can
// tell its entries about them are stale.
func (o *checkOptions) checkWorkingSettings(r *report.Report, cfg *lint.Config, cwd string, args []string, linted []*lint.Target) []*lint.Target {
	var tops []string
	seen := map[string]bool{}
	add := func(dir string) {
		if top := gitTopLevel(dir); top != "" && !seen[top] {
			seen[top] = true
			tops = append(tops, top)
		}
	}
	if len(args) == 0 {
		add(cwd)
	}
	for _, t := range linted {
		add(t.Dir)
	}
	home := userHome()
	var checked []*lint.Target
	for _, top := range tops {
		file := filepath.Join(top, filepath.FromSlash(source.ProjectSettings))
		if !settingsChecked(cfg, file, home) {
			continue
		}
		src, err := readSettings(file)
		if err != nil {
			o.note("settings-memory-directory: %v", err)
			continue
		}
		if src == nil {
			continue
		}
		addSettingsFindings(r, cfg, file, src, home)
		checked = append(checked, settingsTarget(file))
	}
	return checked
}

// checkStagedSettings checks the staged .claude/settings.json when the
// commit adds or changes it: like the memory dirs, it is linted when the
// commit touches it, so a setting accepted earlier does not fail every
// later commit. It adds the findings to r and returns the file, as a
// target, when it read it.
func (o *checkOptions) checkStagedSettings(r *report.Report, cfg *lint.Config, staged *source.Staged) ([]*lint.Target, error) {
	file := filepath.Join(staged.Root, filepath.FromSlash(source.ProjectSettings))
	home := userHome()
	if !settingsChecked(cfg, file, home) {
		return nil, nil
	}
	changed, err := staged.Changed(source.ProjectSettings)
	if err != nil || !changed {
		return nil, err
	}
	shown := source.ProjectSettings + " (staged)"
	info, err := fs.Stat(staged.FS, source.ProjectSettings)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", shown, err)
	}
	switch {
	case !info.Mode().IsRegular():
		o.note("settings-memory-directory: %s is not a regular file; not checked", shown)
		return nil, nil
	case info.Size() > lint.DefaultMaxFileSize:
		o.note("settings-memory-directory: %s is larger than %d bytes; not checked", shown, lint.DefaultMaxFileSize)
		return nil, nil
	}
	src, err := fs.ReadFile(staged.FS, source.ProjectSettings)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", shown, err)
	}
	addSettingsFindings(r, cfg, file, src, home)
	return []*lint.Target{settingsTarget(file)}, nil
}

// settingsChecked reports whether the settings file at file (absolute) is
// to be checked: the rule is on for it, the configuration does not ignore
// it, and it is not the user's own settings file (a home folder kept in
// git has ~/.claude/settings.json at its top level).
func settingsChecked(cfg *lint.Config, file, home string) bool {
	if off, _, _ := cfg.Resolve(rules.SettingsMemoryDirectory, file); off || cfg.Ignored(file) {
		return false
	}
	if home == "" && os.Getenv("CLAUDE_CONFIG_DIR") == "" {
		return true
	}
	user := filepath.Join(lint.ClaudeHome(os.Getenv, home), "settings.json")
	if filepath.Clean(user) == file {
		return false
	}
	a, errA := os.Stat(user)
	b, errB := os.Stat(file)
	return errA != nil || errB != nil || !os.SameFile(a, b)
}

// readSettings reads a settings file on disk, following a symbolic link
// as Claude Code does. It returns nil content and no error when there is
// no regular file to read.
func readSettings(file string) ([]byte, error) {
	info, err := os.Stat(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", file, pathErrText(err))
	}
	if !info.Mode().IsRegular() {
		return nil, nil
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", file, pathErrText(err))
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, lint.DefaultMaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", file, err)
	}
	if int64(len(src)) > lint.DefaultMaxFileSize {
		return nil, fmt.Errorf("%s is larger than %d bytes; not checked", file, lint.DefaultMaxFileSize)
	}
	return src, nil
}

// addSettingsFindings adds the findings for one settings file to r as the
// engine would settle them: with the configured severity, redacted, at
// the file's absolute slash path. (JSON has no inline suppressions.) The
// file counts as a file looked at.
func addSettingsFindings(r *report.Report, cfg *lint.Config, file string, src []byte, home string) {
	_, sev, _ := cfg.Resolve(rules.SettingsMemoryDirectory, file)
	r.Files++
	for _, d := range rules.CheckSettings(filepath.ToSlash(file), src, home) {
		if sev != lint.SeverityDefault {
			d.Severity = sev
		}
		d.Message, d.Suggestion, d.Text = rules.Redact(d.Message), rules.Redact(d.Suggestion), rules.Redact(d.Text)
		r.Diagnostics = append(r.Diagnostics, d)
	}
}

// settingsTarget stands for a settings file among the linted targets: a
// target reached through that file only.
func settingsTarget(file string) *lint.Target {
	return &lint.Target{Dir: filepath.Dir(file), Files: map[string]bool{file: true}}
}

// userHome is the user's home folder, or "" when it cannot be told.
func userHome() string {
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return home
}
