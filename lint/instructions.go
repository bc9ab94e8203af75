package lint

import (
	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/gitrepo"
	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/lint/claude"
	"sync"
)

// ClaudeInstructions returns the Linter.Instructions of a run started in
// cwd: a memory dir inside a git repository gets that repository's
// instructions; the user's Claude Code memory of the repository around
// cwd gets its instructions and the user's own ~/.claude/CLAUDE.md; any
// other dir gets none. Each repository's files are read once a run, and
// the run reads at most claude.MaxInstructionBytes of them in all.
func ClaudeInstructions(cwd string, getenv func(string) string, home string, max int64) func(dir string) []claude.InstructionFile {
	claudeHome := ""
	if getenv("CLAUDE_CONFIG_DIR") != "" || home != "" {
		claudeHome = claudecode.Home(getenv, home)
	}
	var (
		mu    sync.Mutex
		cache = map[claude.InstructionRoots][]claude.InstructionFile{}
		// The user's own memory of the repository around cwd, worked out
		// on first use: it reads settings files.
		looked  bool
		mine    claude.InstructionRoots
		mineDir string
		// The bytes of instructions the run may still load, over all
		// its repositories.
		budget int64 = claude.MaxInstructionBytes
	)
	return func(dir string) []claude.InstructionFile {
		mu.Lock()
		defer mu.Unlock()
		if !looked {
			looked = true
			if top := gitrepo.TopLevel(cwd); top != "" {
				project := claude.MainWorktreeRoot(cwd)
				if project == "" {
					project = top
				}
				mineDir = claude.MemoryDir(getenv, home, project).Dir
				mine = claude.InstructionRoots{Repo: top, Home: home, ClaudeHome: claudeHome, Personal: true}
			}
		}
		// The user's memory first: a home folder kept in git (dotfiles)
		// holds it too, but is not the repository it is about.
		var r claude.InstructionRoots
		if mineDir != "" && pathutil.Within(dir, mineDir) {
			r = mine
		} else if top := gitrepo.TopLevel(dir); top != "" {
			r = claude.InstructionRoots{Repo: top, Home: home, ClaudeHome: claudeHome}
		} else {
			return nil
		}
		files, ok := cache[r]
		if !ok {
			files = claude.LoadInstructions(r, max, &budget)
			cache[r] = files
		}
		return files
	}
}

// Instructions returns the instruction files Claude Code loads with the
// pass's memory dir, or nil when the run was not told (Linter.Instructions)
// or the dir belongs to no repository it can tell.
func (p *Pass) Instructions() []claude.InstructionFile {
	if p.linter == nil || p.linter.Instructions == nil {
		return nil
	}
	return p.linter.Instructions(p.linter.abs(p.Dir.Path))
}
