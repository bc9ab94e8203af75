package main

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/memlint/memlint/lint"
)

// newConfigCmd is memlint config, the commands about .memlint.yaml itself
// rather than the memory it configures.
func newConfigCmd(stdout io.Writer) *cobra.Command {
	configCmd := &cobra.Command{
		Use:   "config",
		Short: "Commands about .memlint.yaml: its JSON Schema",
		Long: `memlint config schema   print the JSON Schema (draft 2020-12) of .memlint.yaml,
                        for editors: docs/memlint.schema.json is the same file`,
		Args:                       cobra.ArbitraryArgs,
		RunE:                       groupRun,
		SuggestionsMinimumDistance: 2,
	}
	schema := &cobra.Command{
		Use:   "schema",
		Short: "Print the JSON Schema of .memlint.yaml (the built-in rules and their options)",
		Long: `Print the JSON Schema (draft 2020-12) of .memlint.yaml: every key memlint
reads, every built-in rule with its options, their types and defaults, and
custom-rules:. It is generated from the rules memlint has, so it matches this
binary; docs/memlint.schema.json is the copy editors fetch. Point an editor
at it with a first line in .memlint.yaml:

  # yaml-language-server: $schema=` + lint.SchemaID,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			out, err := lint.ConfigSchema(builtinRules())
			if err != nil {
				return err
			}
			_, err = stdout.Write(out)
			return err
		},
	}
	configCmd.AddCommand(schema)
	return configCmd
}
