package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/memlint/memlint/internal/suggest"
)

// unknownCommand tells a misspelt command from a PATH. "memlint X" lints
// the path X, so X is taken for a command only when no file or folder of
// that name exists and it is within two edits of a command ("rulez"),
// or is a name another linter uses for one (golangci-lint's "run", in a
// command's SuggestFor).
// Otherwise X stays a PATH and a missing one keeps its own error.
func unknownCommand(root *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	name := args[0]
	if name == "" || strings.ContainsAny(name, `/\.`) {
		return nil // written as a path
	}
	if _, err := os.Lstat(name); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if s := root.SuggestionsFor(name); len(s) > 0 {
		return fmt.Errorf("unknown command %q (did you mean %q?)", name, s[0])
	}
	return nil
}

// flagError is the root's FlagErrorFunc: an unknown flag gets the nearest
// flag of the command when there is a likely one ("--formt": --format;
// "-format", one dash: --format), else a pointer to --help.
func flagError(cmd *cobra.Command, err error) error {
	var missing *pflag.NotExistError
	if errors.As(err, &missing) {
		typed := missing.GetSpecifiedName()
		if short := missing.GetSpecifiedShortnames(); len(short) > 1 {
			typed = short // -format: a long flag written with one dash
		}
		var names []string
		cmd.Flags().VisitAll(func(f *pflag.Flag) {
			if !f.Hidden {
				names = append(names, f.Name)
			}
		})
		if len(typed) > 1 {
			if near := suggest.Closest(typed, names); near != "" {
				return fmt.Errorf("%w (did you mean --%s?)", err, near)
			}
		}
	}
	return fmt.Errorf("%w (see memlint --help)", err)
}

// groupRun is the RunE of a command that only groups others (memlint
// hooks): alone it prints its help; with an argument that names none of
// its commands it is an unknown command, exit 2, where cobra would print
// the help and exit 0.
func groupRun(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return cmd.Help()
	}
	msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		msg += fmt.Sprintf(" (did you mean %q?)", s[0])
	}
	return errors.New(msg)
}
