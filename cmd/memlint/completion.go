package main

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/memlint/memlint/lint/report"
)

// completionHelp says how to load each shell's script: cobra's own
// completion command hides that in each subcommand's help.
const completionHelp = `Print a shell completion script for memlint: commands, flags and flag
values (--format, --color) complete; PATHs complete as files.

  bash        source <(memlint completion bash)
              (needs the bash-completion package; to load it in every shell:
              memlint completion bash > ~/.local/share/bash-completion/completions/memlint)
  zsh         memlint completion zsh > "${fpath[1]}/_memlint"
              (compinit must be enabled: autoload -U compinit; compinit)
  fish        memlint completion fish > ~/.config/fish/completions/memlint.fish
  powershell  memlint completion powershell | Out-String | Invoke-Expression
              (add the line to your $PROFILE to load it in every session)

Start a new shell after installing a script.`

// newCompletionCmd is memlint completion SHELL: cobra's generators, with
// descriptions, under one command whose help says how to load each.
func newCompletionCmd(root *cobra.Command, stdout io.Writer) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "completion bash|zsh|fish|powershell",
		Short: "Print a shell completion script",
		Long:  completionHelp,
		Args:  cobra.ArbitraryArgs,
		RunE:  groupRun,
		// Did-you-mean for a misspelt shell, as for commands.
		SuggestionsMinimumDistance: 2,
	}
	shells := []struct {
		name string
		gen  func(io.Writer) error
	}{
		{"bash", func(w io.Writer) error { return root.GenBashCompletionV2(w, true) }},
		{"zsh", root.GenZshCompletion},
		{"fish", func(w io.Writer) error { return root.GenFishCompletion(w, true) }},
		{"powershell", root.GenPowerShellCompletionWithDesc},
	}
	for _, s := range shells {
		cmd.AddCommand(&cobra.Command{
			Use:                   s.name,
			Short:                 "Print the completion script for " + s.name,
			Long:                  completionHelp,
			Args:                  cobra.NoArgs,
			DisableFlagsInUseLine: true,
			ValidArgsFunction:     cobra.NoFileCompletions,
			RunE:                  func(*cobra.Command, []string) error { return s.gen(stdout) },
		})
	}
	return cmd
}

// completeFlagValues registers the values --format and --color take, for
// the completion scripts.
func completeFlagValues(cmd *cobra.Command) {
	fixed := func(values ...string) cobra.CompletionFunc {
		return cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp)
	}
	// A failure here is a flag that does not exist: a bug tests catch.
	_ = cmd.RegisterFlagCompletionFunc("format", fixed(report.Formats...))
	_ = cmd.RegisterFlagCompletionFunc("color", fixed("auto", "always", "never"))
}
