package lint

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/gitrepo"
	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/lint/memory"
)

// FindMemoryDirs returns the memory dirs at or below root in fsys, sorted.
// A folder is a memory dir when it holds MEMORY.md, or when its name says
// so (memory/, claude-memory/, a subagent's folder under agent-memory/,
// team/ inside a memory dir) and it holds a Markdown file that looks like a
// memory. Version control, dependency and hidden folders (but .claude) are
// skipped, and so is anything ignored reports true for.
func FindMemoryDirs(fsys fs.FS, root string, ignored func(p string) bool) ([]string, error) {
	var out []string
	var walk func(p, parent string, inMemory bool) error
	walk = func(p, parent string, inMemory bool) error {
		entries, err := fs.ReadDir(fsys, p)
		if err != nil {
			if p == root {
				return fmt.Errorf("read %s: %w", p, err)
			}
			return nil // an unreadable folder deep in a tree is not memory
		}
		name := path.Base(p)
		is := hasIndex(entries) ||
			((memory.NamedMemoryDir(name) || memory.AgentMemoryParent(parent)) && looksLikeMemoryDir(fsys, p, entries)) ||
			(inMemory && name == "team" && hasMarkdown(entries))
		if is {
			out = append(out, p)
		}
		for _, e := range entries {
			if !e.IsDir() || memory.IsSkippedDir(e.Name()) {
				continue
			}
			child := path.Join(p, e.Name())
			if ignored != nil && ignored(child) {
				continue
			}
			if err := walk(child, name, is); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(root, "", false); err != nil {
		return nil, err
	}
	return out, nil
}

// hasIndex reports whether entries hold a MEMORY.md. A folder of that name
// counts too: it marks a memory dir whose index is broken, which
// index-missing then reports, where skipping the dir would report nothing.
func hasIndex(entries []fs.DirEntry) bool {
	for _, e := range entries {
		if e.Name() == memory.IndexName {
			return true
		}
	}
	return false
}

func hasMarkdown(entries []fs.DirEntry) bool {
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".md") {
			return true
		}
	}
	return false
}

// memoryFrontmatter matches the frontmatter lines that mark a memory file.
var memoryFrontmatter = lazyre.New(`(?m)^(\s*type:\s*["']?(user|feedback|project|reference)["']?\s*$|\s*node_type:\s*memory\s*$)`)

// looksLikeMemoryDir reads the start of a few Markdown files to tell a
// memory dir from, say, the documentation of a package called memory.
func looksLikeMemoryDir(fsys fs.FS, p string, entries []fs.DirEntry) bool {
	checked := 0
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".md") {
			continue
		}
		if checked++; checked > 20 {
			return false
		}
		f, err := fsys.Open(path.Join(p, e.Name()))
		if err != nil {
			continue
		}
		head := make([]byte, 2048)
		n, _ := io.ReadFull(f, head)
		f.Close()
		head = head[:n]
		if bytes.HasPrefix(head, []byte("---")) && memoryFrontmatter.Match(head) {
			return true
		}
	}
	return false
}

// ClaudeMemoryDir returns the folder Claude Code keeps auto memory in for
// the project whose main worktree is root, and where that choice came
// from. Linting that folder only reads Markdown from it; a checked-in
// autoMemoryDirectory is itself reported by settings-memory-directory.
func ClaudeMemoryDir(getenv func(string) string, home, root string) (dir, source string) {
	claudeHome := claudecode.Home(getenv, home)
	// First match wins, as in Claude Code 2.1.328 (SPEC §1.1): the
	// override variable, then autoMemoryDirectory in the project's local
	// and checked-in settings (the latter honoured in trusted workspaces
	// and in every non-interactive run), then the user's settings.
	if v := getenv("CLAUDE_COWORK_MEMORY_PATH_OVERRIDE"); v != "" && filepath.IsAbs(v) {
		return filepath.Clean(v), "CLAUDE_COWORK_MEMORY_PATH_OVERRIDE"
	}
	for _, settings := range []string{
		filepath.Join(root, ".claude", "settings.local.json"),
		filepath.Join(root, ".claude", "settings.json"),
		filepath.Join(claudeHome, "settings.json"),
	} {
		if v, ok := claudecode.AutoMemoryDirectory(settings); ok {
			if resolved, ok := ResolveAutoMemoryDirectory(v, home); ok {
				return resolved, "autoMemoryDirectory in " + settings
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
			return filepath.Join(matches[0], "memory"), "the project key of " + root
		}
	}
	return filepath.Join(projects, key, "memory"), "the project key of " + root
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
