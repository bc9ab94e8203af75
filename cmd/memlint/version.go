package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

func newVersionCmd(stdout io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print memlint's version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintln(stdout, versionLine())
			return err
		},
	}
}

// versionLine is what memlint version and memlint --version print.
func versionLine() string {
	return fmt.Sprintf("memlint %s %s %s/%s", version(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// version is the main module's version as recorded by the go command:
// a tag for "go install …@v1.2.3", "(devel)" for a build from a checkout.
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
