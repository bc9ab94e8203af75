package claude

import (
	"path/filepath"
	"runtime"
	"strings"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/gitrepo"
	"github.com/memlint/memlint/internal/lazyre"
)

// MemoryLocation is the folder Claude Code keeps a project's auto memory
// in, and what chose it.
type MemoryLocation struct {
	Dir string
	// Source names what chose Dir, for a message: the override variable,
	// autoMemoryDirectory in a settings file, or the project key.
	Source string
	// ProjectSettings is the settings file of the project itself
	// (.claude/settings.local.json or .claude/settings.json under root)
	// whose autoMemoryDirectory chose Dir, or "" when the user's
	// environment, the user's settings or the project key did. A clone
	// brings these files with it: a place they name is the repository's
	// choice, not the user's, and memlint writes nothing there (a run
	// lints it read-only).
	ProjectSettings string
}

// MemoryDir returns the folder Claude Code keeps auto memory in for
// the project whose main worktree is root, and where that choice came
// from. Linting that folder only reads Markdown from it; a checked-in
// autoMemoryDirectory is itself reported by settings-memory-directory.
func MemoryDir(getenv func(string) string, home, root string) MemoryLocation {
	claudeHome := claudecode.Home(getenv, home)
	// First match wins, as in Claude Code 2.1.328 (SPEC §1.1): the
	// override variable, then autoMemoryDirectory in the project's local
	// and checked-in settings (the latter honoured in trusted workspaces
	// and in every non-interactive run), then the user's settings.
	if v := getenv("CLAUDE_COWORK_MEMORY_PATH_OVERRIDE"); v != "" && filepath.IsAbs(v) {
		return MemoryLocation{Dir: filepath.Clean(v), Source: "CLAUDE_COWORK_MEMORY_PATH_OVERRIDE"}
	}
	for _, s := range []struct {
		file    string
		project bool
	}{
		{filepath.Join(root, ".claude", "settings.local.json"), true},
		{filepath.Join(root, ".claude", "settings.json"), true},
		{filepath.Join(claudeHome, "settings.json"), false},
	} {
		if v, ok := claudecode.AutoMemoryDirectory(s.file); ok {
			if resolved, ok := ResolveAutoMemoryDirectory(v, home); ok {
				loc := MemoryLocation{Dir: resolved, Source: "autoMemoryDirectory in " + s.file}
				if s.project {
					loc.ProjectSettings = s.file
				}
				return loc
			}
		}
	}
	if getenv("CLAUDE_CONFIG_DIR") == "" {
		if remote := getenv("CLAUDE_CODE_REMOTE_MEMORY_DIR"); remote != "" {
			claudeHome = remote
		}
	}
	key := claudecode.ProjectKey(root)
	projects := filepath.Join(claudeHome, "projects")
	if len(key) > claudecode.MaxKeyLen {
		// The hash suffix depends on the runtime Claude Code was built
		// with; trust a folder that exists with the same prefix.
		if matches, _ := filepath.Glob(filepath.Join(projects, globEscape(key[:claudecode.MaxKeyLen])+"-*")); len(matches) == 1 {
			return MemoryLocation{Dir: filepath.Join(matches[0], "memory"), Source: "the project key of " + root}
		}
	}
	return MemoryLocation{Dir: filepath.Join(projects, key, "memory"), Source: "the project key of " + root}
}

func globEscape(s string) string {
	return strings.NewReplacer(`*`, `\*`, `?`, `\?`, `[`, `\[`, `\`, `\\`).Replace(s)
}

var bareDrive = lazyre.New(`^[A-Za-z]:$`)

// AutoMemoryDirectoryProblem says why Claude Code would ignore a value of
// autoMemoryDirectory and fall back to the default, or "" when it accepts
// it. Paths are judged as on the system memlint runs on, as Claude Code
// judges them on its own.
func AutoMemoryDirectoryProblem(v string) string {
	// The home folder only matters for the result, not for the verdict:
	// any absolute folder stands in.
	home := filepath.FromSlash("/home/user")
	if runtime.GOOS == "windows" {
		home = `C:\Users\user`
	}
	_, problem := resolveAutoMemoryDirectory(v, home)
	return problem
}

// ResolveAutoMemoryDirectory expands an accepted autoMemoryDirectory value
// as Claude Code 2.1.328 does (SPEC §1.5): "~/" or "~\" then the rest,
// unless the rest normalises to ".", ".." or "../…"; the normalised path
// without trailing separators must be absolute, at least 3 characters, not
// a bare drive, not a UNC path, without NUL. ok is false when Claude Code
// would reject it.
func ResolveAutoMemoryDirectory(v, home string) (string, bool) {
	dir, problem := resolveAutoMemoryDirectory(v, home)
	return dir, problem == ""
}

func resolveAutoMemoryDirectory(v, home string) (dir, problem string) {
	if v == "" {
		return "", "it is empty"
	}
	p := v
	if strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`) {
		rest := p[2:]
		if rest == "" {
			rest = "."
		}
		n := filepath.Clean(rest)
		if n == "." || n == ".." || strings.HasPrefix(n, "../") || strings.HasPrefix(n, `..\`) ||
			strings.HasPrefix(n, ".."+string(filepath.Separator)) {
			return "", "it names the home folder itself or a place above it"
		}
		p = filepath.Join(home, p[2:])
	}
	// Node's normalize, then trailing separators dropped (filepath.Clean
	// drops them already, but keeps a lone root).
	n := strings.TrimRight(filepath.Clean(p), `/\`)
	switch {
	case strings.ContainsRune(n, 0):
		return "", "it contains a NUL byte"
	case isUNC(n):
		return "", "UNC paths are not accepted"
	case bareDrive.MatchString(n):
		return "", "a bare drive is not accepted"
	case !filepath.IsAbs(n):
		if strings.HasPrefix(v, "~") && !strings.HasPrefix(v, "~/") && !strings.HasPrefix(v, `~\`) {
			return "", "only ~/ is expanded, not ~ alone or ~user"
		}
		if strings.HasPrefix(v, "$") || strings.HasPrefix(v, "%") {
			return "", "variables are not expanded"
		}
		return "", "it must be an absolute path or start with ~/"
	case len(n) < 3:
		return "", "paths shorter than 3 characters are not accepted"
	}
	return n, ""
}

// isUNC reports whether a normalised path is a Windows UNC path. On other
// systems "//srv/share" normalises to "/srv/share" first, so only Windows
// sees one.
func isUNC(p string) bool {
	return filepath.VolumeName(p) != "" && (strings.HasPrefix(p, `\\`) || strings.HasPrefix(p, "//"))
}

// MainWorktreeRoot finds the git repository containing dir and returns the
// root of its main worktree (linked worktrees share the main one's memory;
// a submodule is its own), or "" when dir is not in a repository.
func MainWorktreeRoot(dir string) string {
	r, err := gitrepo.Locate(dir, nil)
	if err != nil {
		return ""
	}
	return r.MainWorkTree()
}
