package claudecode

import (
	"encoding/json"
	"strings"

	"github.com/memlint/memlint/internal/safefile"
)

// MaxSettingsSize bounds a settings file memlint reads: a repository can
// plant anything at .claude/settings.json. It is the most memlint reads of
// any file (lint.DefaultMaxFileSize).
const MaxSettingsSize = 8 << 20

// MaxStateSize bounds the read of Claude Code's state file: it holds
// settings and per-project history, a few megabytes at most.
const MaxStateSize = 32 << 20

// ErrNotRegular and ErrTooLarge are the errors ReadFile wraps for a file
// that is not a regular one, or too large (see safefile).
var (
	ErrNotRegular = safefile.ErrNotRegular
	ErrTooLarge   = safefile.ErrTooLarge
)

// ReadFile reads a file of Claude Code's own (settings, state), following
// a symbolic link as Claude Code does (dotfile managers make them), only
// when it is a regular file of at most max bytes: a FIFO or a link to
// /dev/zero planted in a repository must not block or exhaust memlint. A
// missing file gives an error satisfying errors.Is(err, fs.ErrNotExist).
func ReadFile(name string, max int64) ([]byte, error) { return safefile.ReadFile(name, max) }

// ReadSettings reads a Claude Code settings file (settings.json,
// settings.local.json): ReadFile bounded by MaxSettingsSize. Every reader
// of settings in memlint goes through it.
func ReadSettings(file string) ([]byte, error) { return ReadFile(file, MaxSettingsSize) }

// AutoMemoryDirectory returns the autoMemoryDirectory a settings file sets,
// and whether it sets one: a file that cannot be read or is not a JSON
// object sets none, as for Claude Code.
func AutoMemoryDirectory(file string) (string, bool) {
	src, err := ReadSettings(file)
	if err != nil {
		return "", false
	}
	var s struct {
		AutoMemoryDirectory *string `json:"autoMemoryDirectory"`
	}
	if json.Unmarshal(src, &s) != nil || s.AutoMemoryDirectory == nil {
		return "", false
	}
	return *s.AutoMemoryDirectory, true
}

// CachedRecallFlag reports whether the state file caches the recall
// feature flag (cachedGrowthBookFeatures.tengu_moth_copse) as on; a file
// that cannot be read says no.
func CachedRecallFlag(file string) bool {
	src, err := ReadFile(file, MaxStateSize)
	if err != nil {
		return false
	}
	var state struct {
		Features map[string]json.RawMessage `json:"cachedGrowthBookFeatures"`
	}
	if json.Unmarshal(src, &state) != nil {
		return false
	}
	return strings.TrimSpace(string(state.Features["tengu_moth_copse"])) == "true"
}
