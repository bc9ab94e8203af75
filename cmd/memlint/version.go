package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// releaseVersion is the version a release build stamps at link time:
//
//	go build -ldflags "-X main.releaseVersion=v0.1.0" ./cmd/memlint
//
// .goreleaser.yaml sets it from the tag. It is empty in every other build,
// which then report what the go command recorded.
var releaseVersion = ""

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

// version is memlint's version: the one a release build was stamped with,
// else the main module's version as recorded by the go command (a tag for
// "go install …@v1.2.3", a pseudo-version for a build from a git checkout
// with VCS stamping), else "(devel)". SARIF reports and the rule doc URLs
// use it, so it is one word with no spaces.
func version() string {
	if releaseVersion != "" {
		return releaseVersion
	}
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
