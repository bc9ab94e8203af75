package ignores

import (
	"bytes"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/config"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	"github.com/memlint/memlint/internal/safefile"
)

// maxConfigSize bounds a git config file read for core.excludesFile.
const maxConfigSize = 1 << 20

// Base returns the patterns that apply to every path of the repository
// whose common git dir is commonDir and whose work tree is workTree, lowest
// priority first: the global excludes file (ExcludesFile), then
// <commonDir>/info/exclude. getenv nil reads no user file: only the
// repository's own.
func Base(commonDir, workTree string, getenv func(string) string) []gitignore.Pattern {
	var out []gitignore.Pattern
	if name := ExcludesFile(commonDir, workTree, getenv); name != "" {
		out = append(out, readPatterns(name)...)
	}
	return append(out, readPatterns(filepath.Join(commonDir, "info", "exclude"))...)
}

// readPatterns reads an ignore file outside the work tree (a link to one
// is followed, as git follows it); an unreadable one holds none.
func readPatterns(name string) []gitignore.Pattern {
	src, err := safefile.ReadFile(name, MaxFileSize)
	if err != nil {
		return nil
	}
	return Parse(src, nil)
}

// ExcludesFile returns the user's global excludes file as git finds it:
// core.excludesFile from the repository's config, else from the global
// config ($GIT_CONFIG_GLOBAL, else ~/.gitconfig, then
// $XDG_CONFIG_HOME/git/config), else from the system config
// (/etc/gitconfig, unless $GIT_CONFIG_NOSYSTEM), else
// $XDG_CONFIG_HOME/git/ignore (~/.config/git/ignore). A leading "~/" is the
// home folder; a relative path is taken from the work tree's top, where
// git runs. Config includes are not followed. With getenv nil (or no
// home) only the repository's config is read, and "" means none.
func ExcludesFile(commonDir, workTree string, getenv func(string) string) string {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	home := getenv("HOME")
	xdg := getenv("XDG_CONFIG_HOME")
	if xdg == "" && home != "" {
		xdg = filepath.Join(home, ".config")
	}
	// Highest priority first: the first that sets it wins.
	configs := []string{filepath.Join(commonDir, "config")}
	if g := getenv("GIT_CONFIG_GLOBAL"); g != "" {
		configs = append(configs, g)
	} else {
		if home != "" {
			configs = append(configs, filepath.Join(home, ".gitconfig"))
		}
		if xdg != "" {
			configs = append(configs, filepath.Join(xdg, "git", "config"))
		}
	}
	if getenv("GIT_CONFIG_NOSYSTEM") == "" && home != "" {
		configs = append(configs, "/etc/gitconfig")
	}
	for _, c := range configs {
		if v := configExcludesFile(c); v != "" {
			return resolve(v, home, workTree)
		}
	}
	if xdg == "" {
		return ""
	}
	return filepath.Join(xdg, "git", "ignore")
}

// configExcludesFile returns core.excludesFile of the git config file
// name, "" when it sets none or cannot be read.
func configExcludesFile(name string) string {
	src, err := safefile.ReadFile(name, maxConfigSize)
	if err != nil {
		return ""
	}
	raw := config.New()
	if err := config.NewDecoder(bytes.NewReader(src)).Decode(raw); err != nil {
		return ""
	}
	if !raw.HasSection("core") {
		return ""
	}
	return raw.Section("core").Options.Get("excludesFile")
}

// resolve turns a configured path into an absolute one: "~/x" in home,
// a relative one from workTree; "" for what cannot be told ("~user/x", or
// "~/x" without a home).
func resolve(v, home, workTree string) string {
	switch {
	case v == "~" || strings.HasPrefix(v, "~/"):
		if home == "" {
			return ""
		}
		return filepath.Join(home, filepath.FromSlash(strings.TrimPrefix(v, "~")))
	case strings.HasPrefix(v, "~"):
		return ""
	case filepath.IsAbs(v):
		return filepath.Clean(v)
	}
	return filepath.Join(workTree, filepath.FromSlash(v))
}
