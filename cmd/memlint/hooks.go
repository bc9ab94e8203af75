package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/memlint/memlint/hooks"
	"github.com/memlint/memlint/internal/claudecode"
)

// hookOptions are the flags shared by hooks install, uninstall and status.
type hookOptions struct {
	claude bool
	scope  string
	force  bool
}

func (o *hookOptions) addFlags(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&o.claude, "claude", false, "the Claude Code hook instead of the git pre-commit hook")
	cmd.Flags().StringVar(&o.scope, "scope", "project", "with --claude, which settings file: project (.claude/settings.json, shared: runs memlint from PATH, a notice without it), local (.claude/settings.local.json) or user (~/.claude/settings.json)")
}

// addForce adds --force to the git hook's install and uninstall.
func (o *hookOptions) addForce(cmd *cobra.Command, usage string) {
	cmd.Flags().BoolVar(&o.force, "force", false, usage)
}

func newHooksCmd(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	hooksCmd := &cobra.Command{
		Use:   "hooks",
		Short: "Install, remove, inspect and run memlint's git and Claude Code hooks",
		Long: `memlint hooks install     git pre-commit hook: lint exactly what is being committed
memlint hooks install --claude [--scope project|local|user]
                          Claude Code hooks (as the memlint plugin has them):
                          PostToolUse and PreToolUse on Write|Edit|Bash,
                          PostToolUseFailure on Bash, SessionStart
memlint hooks uninstall [--claude]   remove memlint's hooks, restore what was there
memlint hooks status [--claude]      say whether the hooks will fire, and why not
memlint hooks run pre-commit [FILE...]|claude|claude-guard|claude-session
                          what the hooks run`,
		Args:                       cobra.ArbitraryArgs,
		RunE:                       groupRun,
		SuggestionsMinimumDistance: 2,
	}
	var inst, uninst, stat hookOptions
	install := &cobra.Command{
		Use:   "install",
		Short: "Install memlint's git pre-commit hook, or with --claude its Claude Code hook",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			// The git hook and the Claude Code hooks of local and user
			// settings record this binary's path; project settings run
			// memlint from PATH.
			if !inst.claude || inst.scope != "project" {
				if err := hooks.RecordableExecutable(os.Getenv); err != nil {
					return err
				}
			}
			return inst.do(stdout, hooks.InstallGitHook, hooks.InstallClaudeHook)
		},
	}
	inst.addFlags(install)
	inst.addForce(install, "replace a pre-commit hook that carries memlint's marker but is not the hook memlint wrote (kept as pre-commit.memlint-backup)")
	uninstall := &cobra.Command{
		Use:   "uninstall",
		Short: "Remove memlint's hook and restore what was there before",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return uninst.do(stdout, hooks.UninstallGitHook, hooks.UninstallClaudeHook)
		},
	}
	uninst.addFlags(uninstall)
	uninst.addForce(uninstall, "remove a pre-commit hook that carries memlint's marker but is not the hook memlint wrote (kept as pre-commit.memlint-backup)")
	status := &cobra.Command{
		Use:   "status",
		Short: "Say whether memlint's hook will run, and why not",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var ok bool
			err := stat.do(stdout,
				func(o hooks.GitHookOptions) (err error) { ok, err = hooks.GitHookStatus(o); return err },
				func(o hooks.ClaudeHookOptions) (err error) { ok, err = hooks.ClaudeHookStatus(o); return err })
			if err == nil && !ok {
				return &exitError{code: exitFindings}
			}
			return err
		},
	}
	stat.addFlags(status)
	run := &cobra.Command{
		Use:   "run pre-commit [FILE...]|claude|claude-guard|claude-session",
		Short: "Run a hook: pre-commit lints the memory being committed (with FILEs outside a commit, the memory dirs holding them); claude (PostToolUse), claude-guard (PreToolUse) and claude-session (SessionStart) handle a Claude Code event on stdin",
		Args: func(cmd *cobra.Command, args []string) error {
			// Only pre-commit takes file names (from pre-commit, lefthook).
			if len(args) > 0 && args[0] == "pre-commit" {
				return nil
			}
			return cobra.ExactArgs(1)(cmd, args)
		},
		ValidArgs: []string{"pre-commit", "claude", "claude-guard", "claude-session"},
		RunE: func(cmd *cobra.Command, args []string) error {
			hookGC()
			switch args[0] {
			case "pre-commit":
				opts := &checkOptions{stdout: stdout, stderr: stderr, format: "text", color: "auto", staged: true, hook: true}
				return opts.run(args[1:])
			case "claude":
				if code := runClaudeHook(stdin, stdout, stderr); code != 0 {
					return &exitError{code: code}
				}
				return nil
			case "claude-guard":
				if code := runClaudeGuard(stdin, stdout, stderr); code != 0 {
					return &exitError{code: code}
				}
				return nil
			case "claude-session":
				if code := runClaudeSession(stdin, stdout, stderr); code != 0 {
					return &exitError{code: code}
				}
				return nil
			}
			return fmt.Errorf("unknown hook %q (want pre-commit, claude, claude-guard or claude-session)", args[0])
		},
	}
	identify := &cobra.Command{
		Use:    "identify",
		Short:  "Print " + hooks.Identity + ": the git hook asks a memlint on PATH, since another tool has the name",
		Args:   cobra.NoArgs,
		Hidden: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintln(stdout, hooks.Identity)
			return err
		},
	}
	hooksCmd.AddCommand(install, uninstall, status, run, identify)
	return hooksCmd
}

// do runs the git or the Claude Code variant of a hooks command.
func (o *hookOptions) do(out io.Writer, git func(hooks.GitHookOptions) error, claude func(hooks.ClaudeHookOptions) error) error {
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("current directory: %w", err)
	}
	if !o.claude {
		exe, err := hooks.Executable()
		if err != nil {
			return err
		}
		return git(hooks.GitHookOptions{Dir: cwd, Memlint: exe, Out: out, Force: o.force})
	}
	if o.force {
		return fmt.Errorf("--force is for the git pre-commit hook, not with --claude")
	}
	switch o.scope {
	case "project", "local", "user":
	default:
		return fmt.Errorf("--scope: unknown scope %q (want project, local or user)", o.scope)
	}
	home := claudecode.UserHome()
	// Project settings are shared: they run memlint as found on PATH,
	// and a teammate without it gets a notice, not a failing hook.
	memlint := hooks.PortableMemlint
	if o.scope != "project" {
		// Settings of this machine only may name this binary.
		if exe, err := hooks.Executable(); err == nil {
			memlint = hooks.ShellQuote(exe)
		}
	}
	return claude(hooks.ClaudeHookOptions{
		ProjectDir: hooks.ProjectDir(cwd, os.Getenv),
		ClaudeHome: claudecode.Home(os.Getenv, home),
		Scope:      o.scope,
		Memlint:    memlint,
		Out:        out,
		Redact:     redact,
	})
}

// runClaudeHook lints after a Claude Code write, with the project's
// configuration, which is only loaded when the file written is memory.
//
// Claude Code runs the hook in the project's folder, so the instruction
// files and the repository that claude-md-overlap and stale-reference
// compare with are found from the current directory, as for check: the
// agent hears at once that a memory repeats CLAUDE.md or names a path the
// repository does not have. Both are read only when a rule asks.
func runClaudeHook(stdin io.Reader, stdout, stderr io.Writer) int {
	req := claudeHookRequest()
	req.Repository = true
	return hooks.RunClaudeHook(stdin, stdout, stderr, req)
}
