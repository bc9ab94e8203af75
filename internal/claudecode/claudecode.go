// Package claudecode holds what memlint knows about Claude Code's own files
// and folders, each in one place: its config home ($CLAUDE_CONFIG_DIR or
// ~/.claude), the project key it files a repository's memory under, its
// global state file, and the one reader of its settings.json files (a
// bounded read, so that a repository cannot make memlint block on a FIFO
// or read a device) with the editor that adds and removes memlint's hook.
//
// It imports nothing of memlint's, so the engine (lint), the hooks and the
// command can all build on it.
package claudecode

import (
	"os"
	"path/filepath"
)

// Home returns Claude Code's configuration folder: $CLAUDE_CONFIG_DIR, or
// .claude in the user's home folder home.
func Home(getenv func(string) string, home string) string {
	if d := getenv("CLAUDE_CONFIG_DIR"); d != "" {
		return d
	}
	return filepath.Join(home, ".claude")
}

// UserHome is the running user's home folder, or "" when it cannot be
// told.
func UserHome() string {
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return home
}

// HomeFromEnv returns Claude Code's configuration folder, absolute, as the
// environment getenv describes it ($CLAUDE_CONFIG_DIR, else .claude in
// $HOME or %USERPROFILE%), or "" when neither is known: a hook Claude Code
// runs gets its environment, not necessarily this process's.
func HomeFromEnv(getenv func(string) string) string {
	home := getenv("HOME")
	if home == "" {
		home = getenv("USERPROFILE")
	}
	if getenv("CLAUDE_CONFIG_DIR") == "" && home == "" {
		return ""
	}
	dir, err := filepath.Abs(Home(getenv, home))
	if err != nil {
		return ""
	}
	return dir
}

// InHome reports whether the OS path dir lies inside Claude Code's config
// home (where it keeps the user's own memory): memory there is the user's,
// not a repository's, so preview may follow its links out.
func InHome(getenv func(string) string, home, dir string) bool {
	claudeHome := Home(getenv, home)
	if claudeHome == "" || home == "" && getenv("CLAUDE_CONFIG_DIR") == "" {
		return false
	}
	rel, err := filepath.Rel(filepath.Clean(claudeHome), filepath.Clean(dir))
	return err == nil && rel != ".." && !filepath.IsAbs(rel) && !startsWithDotDot(rel)
}

func startsWithDotDot(rel string) bool {
	return len(rel) >= 3 && rel[:2] == ".." && os.IsPathSeparator(rel[2])
}

// StateFile returns the file Claude Code keeps its global state in (SPEC
// §1.4): $CLAUDE_CONFIG_DIR/.claude.json, else ~/.claude.json, or the
// legacy .config.json in the config home when only that one exists; ""
// when there is no home folder to look in.
func StateFile(getenv func(string) string, home string) string {
	base := getenv("CLAUDE_CONFIG_DIR")
	if base == "" {
		base = home
	}
	if base == "" {
		return ""
	}
	file := filepath.Join(base, ".claude.json")
	if _, err := os.Lstat(file); err != nil {
		legacy := filepath.Join(Home(getenv, home), ".config.json")
		if info, err := os.Stat(legacy); err == nil && info.Mode().IsRegular() && info.Size() > 0 {
			return legacy
		}
	}
	return file
}
