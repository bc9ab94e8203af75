package report

import (
	"fmt"
	"io"
	"os"
)

// UseColor decides whether text output on stdout is coloured: --color always or
// never decide; auto follows the environment (autoColor).
func UseColor(mode string, stdout io.Writer, getenv func(string) string) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		f, ok := stdout.(*os.File)
		return autoColor(getenv, ok && isTerminal(f)), nil
	}
	return false, fmt.Errorf("--color: unknown value %q (want auto, always or never)", mode)
}

// autoColor is --color auto. FORCE_COLOR set to anything but "" or "0"
// colours, even with NO_COLOR set: force-color.org's reference code
// applies it after NO_COLOR ("0" is Node's way of saying no, so it forces
// nothing). Otherwise NO_COLOR (no-color.org) turns colour off, before
// CLICOLOR_FORCE (bixense.com/clicolors: set and not "0") may force it,
// so that a user's opt-out beats a wrapper's force. Else only a terminal whose TERM
// is not "dumb" is coloured.
func autoColor(getenv func(string) string, terminal bool) bool {
	forced := func(name string) bool { v := getenv(name); return v != "" && v != "0" }
	switch {
	case forced("FORCE_COLOR"):
		return true
	case getenv("NO_COLOR") != "":
		return false
	case forced("CLICOLOR_FORCE"):
		return true
	}
	return terminal && getenv("TERM") != "dumb"
}

func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
