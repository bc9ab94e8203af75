// Command memlint lints Claude Code auto-memory directories: an index
// MEMORY.md plus one Markdown topic file per memory.
//
//	memlint [check] [flags] [PATH...]   lint (check is the default command)
//	memlint preview [PATH...]           what Claude Code loads: the index as injected, the manifest
//	memlint rules [ID]                  list rules, or explain one
//	memlint baseline [PATH...]          accept the current findings
//	memlint hooks install|uninstall|status [--claude]
//	memlint hooks run pre-commit|claude|claude-guard|claude-session
//	memlint version                     print the version (also memlint --version)
//	memlint completion bash|zsh|fish|powershell   print a shell completion script
//
// Exit codes: 0 no error-level finding, 1 error-level findings (any
// finding with --strict; never with --exit-zero), 2 usage, configuration
// or internal error.
// docs/cli.md describes the commands in full.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"

	"github.com/spf13/cobra"

	"github.com/memlint/memlint/lint/checker"
	"github.com/memlint/memlint/rules"
)

// builtinRules are the rules memlint knows before configuration adds
// custom ones. A variable so that a test can add a rule that fails.
var builtinRules = rules.Registry

// redact masks secrets (the secret rule's) in everything memlint prints:
// the checker takes it from its caller, as it does the rules.
var redact = rules.Redact

// Exit codes.
const (
	exitOK       = 0
	exitFindings = 1
	exitUsage    = 2
)

func main() {
	// memlint is short-lived and keeps only a few dirs' models alive at a
	// time, plus every finding until the report: collect garbage less
	// often (GOGC 400), within a ceiling of 128 MiB while the live heap is
	// well below it. Measured side by side on 2 loaded cores against the
	// former 512 MiB ceiling, 2 runs each: at 100,000 files (/tmp/std100k,
	// 131,000 findings, 60-80 MB live at the end) 140-141 MB peak RSS for
	// 47-50 s user against 535 MB for 40 s (the GC runs 220 times instead
	// of 77); 135 MiB gave 147 MB, 120 MiB 132 MB. At 10,000 files (17 MB
	// live, 83 MB goal) the ceiling never binds: 113 MB against 127 MB,
	// 4.3 s user both; at 1,000 files 65 MB and 0.4 s both.
	// A run whose live heap itself nears the ceiling (one dir of 100,000
	// tiny files holds about 350 MB) would make the GC run back to back
	// (93 s against 25 s at 100 MiB): once the live heap passes three
	// quarters of it, the ceiling goes up to 512 MiB, and doubles each
	// time the live heap passes three quarters of it again (watchHeap):
	// one dir of 40,000 generated memories (about 600 MB live) took 20 s
	// of CPU under a ceiling of 512 MiB, 10 s above it (issue 27).
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
		watchHeap(memoryLimit)
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// The heap ceilings of main: memoryLimit while the live heap stays below
// three quarters of it, largeLimit after, then twice the ceiling before
// each time the live heap passes three quarters of it.
const (
	memoryLimit = 128 << 20
	largeLimit  = 512 << 20
)

// gcSentinel is garbage from the moment it is made: its finalizer runs
// after the next collection.
type gcSentinel struct {
	_ [16]byte
	_ *byte
}

// hookGC sets the collector for a hook: a hook runs while someone waits
// (a commit, an agent's write), reads a few dirs and holds little, and its
// one or two collections cost more than the memory they return. It
// collects only under the memory ceiling of main (which still rises for
// a large live heap). Measured side by side on 2 loaded cores, 60 runs
// each (pre-commit hook, 100,000 tracked files, 10 staged memory files):
// 53.2 ms and 53.5 ms of user CPU with one collection at GOGC 400, 48.4
// ms and 45.1 ms with none; the Claude Code hook on a write into a
// 200-file dir 34.8 ms against 32.5 ms. GOGC or GOMEMLIMIT, when set,
// decide: without main's ceiling nothing would ever be collected.
func hookGC() {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetGCPercent(-1)
	}
}

// watchHeap looks at the live heap after each collection and raises the
// ceiling, limit, once the live heap passes three quarters of it: to
// largeLimit first, then to twice limit, so that a live heap the ceiling
// cannot hold never makes the collector run back to back.
func watchHeap(limit int64) {
	runtime.SetFinalizer(&gcSentinel{}, func(*gcSentinel) {
		live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		metrics.Read(live)
		if live[0].Value.Kind() == metrics.KindUint64 && live[0].Value.Uint64() > uint64(limit)*3/4 {
			limit = max(largeLimit, 2*limit)
			debug.SetMemoryLimit(limit)
		}
		watchHeap(limit)
	})
}

// run executes memlint with args and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	root := newRootCmd(stdout, stderr)
	if args == nil {
		args = []string{} // nil would make cobra read os.Args
	}
	root.SetArgs(args)
	err := root.Execute()
	var exit *exitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &exit):
		return exit.code
	}
	// An error may name a file, and a file may be named after a token.
	checker.Say(stderr, redact, "%s", err.Error())
	return exitUsage
}

// exitError ends a run with a code and nothing more to say: the output
// already said it.
type exitError struct{ code int }

func (e *exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// newRootCmd builds the command tree. The root command is check, so that
// "memlint PATH" and "memlint check PATH" are the same.
func newRootCmd(stdout, stderr io.Writer) *cobra.Command {
	opts := &checkOptions{stdout: stdout, stderr: stderr}
	root := &cobra.Command{
		Use:   "memlint [check] [flags] [PATH...]",
		Short: "Lint Claude Code auto-memory directories",
		Long: `memlint checks Claude Code auto-memory directories: an index MEMORY.md plus
one Markdown topic file per memory.

With no PATH it lints the memory dirs of the current repository, or, when
the repository has none, your own Claude Code memory for it. A PATH may be a
memory dir, a file inside one, or any directory to search for memory dirs.

Exit codes: 0 no error-level finding; 1 error-level findings (or any finding
with --strict; never with --exit-zero); 2 usage, configuration or internal
error.`,
		Args:          cobra.ArbitraryArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := unknownCommand(cmd, args); err != nil {
				return err
			}
			return opts.run(args)
		},
		// Did-you-mean for commands within two edits, as cobra counts them.
		SuggestionsMinimumDistance: 2,
		// The first argument completes as a command or, as any PATH, a
		// file (cobra would offer only the commands).
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveDefault
		},
	}
	// memlint completion is newCompletionCmd, with a help that says how
	// to load each shell's script.
	root.CompletionOptions.DisableDefaultCmd = true
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(flagError)
	opts.addFlags(root)
	// --version, as golangci-lint and ruff have it: the line memlint
	// version prints. Defined here so that cobra adds no -v shorthand:
	// -v is --verbose, as in golangci-lint.
	root.Version = versionLine()
	root.SetVersionTemplate("{{.Version}}\n")
	root.Flags().Bool("version", false, "print the version (as memlint version) and exit")

	check := &cobra.Command{
		Use:   "check [flags] [PATH...]",
		Short: "Lint memory dirs (the default command)",
		Long:  root.Long,
		Args:  cobra.ArbitraryArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return opts.run(args) },
		// golangci-lint's command and a generic name: "memlint run" is
		// not a PATH but a user looking for check.
		SuggestFor: []string{"run", "lint"},
	}
	opts.addFlags(check)

	root.AddCommand(check, newRulesCmd(stdout), newVersionCmd(stdout), newHooksCmd(os.Stdin, stdout, stderr))
	root.AddCommand(newBaselineCmd(stdout, stderr), newPreviewCmd(stdout, stderr), newConfigCmd(stdout))
	root.AddCommand(newCompletionCmd(root, stdout))
	return root
}
