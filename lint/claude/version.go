package claude

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/memlint/memlint/internal/claudecode"
)

// Release is the Claude Code release a run models, and why that one.
// The zero value is the newest release memlint models.
type Release struct {
	// Model is the release modelled; zero means claudecode.NewestModel.
	Model claudecode.Model
	// Why says where the version comes from, for a person: the
	// configuration, the claude on PATH, or that nothing said.
	Why string
}

// Modelled returns the model of the release, the newest when unset.
func (r Release) Modelled() claudecode.Model {
	if r.Model == (claudecode.Model{}) {
		return claudecode.NewestModel()
	}
	return r.Model
}

// DropsLinkDefinitions reports whether the release drops the top-level
// link reference definitions of a MEMORY.md that holds "<!--".
func (r Release) DropsLinkDefinitions() bool {
	return !r.Modelled().Has(claudecode.LinkDefinitionsKept)
}

// String names the release for a person: "2.1.332 (claude on PATH …)",
// with a note when the release is outside what memlint models.
func (r Release) String() string {
	m := r.Modelled()
	s := m.Asked.String()
	if r.Why != "" {
		s += " (" + r.Why + ")"
	}
	if out := m.Outside(); out != "" {
		s += "; " + out
	}
	return s
}

// VersionProbe returns what `claude --version` prints for the Claude Code
// the user runs, and the program's path; an error when there is none.
type VersionProbe func() (version, program string, err error)

// versionProbeTimeout bounds `claude --version`, which prints from a fast
// path in well under a second.
const versionProbeTimeout = 3 * time.Second

// maxVersionOutput bounds what memlint reads of it.
const maxVersionOutput = 256

// SystemVersionProbe runs `claude --version` for the first claude on the
// process's PATH, looking only in absolute PATH entries: a relative one
// would let the repository in the current folder choose the program.
func SystemVersionProbe() VersionProbe {
	return func() (string, string, error) {
		prog, err := lookAbsolute("claude", os.Getenv("PATH"))
		if err != nil {
			return "", "", err
		}
		ctx, cancel := context.WithTimeout(context.Background(), versionProbeTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, prog, "--version")
		cmd.Stdin = nil
		var out limitedBuffer
		cmd.Stdout = &out
		cmd.WaitDelay = time.Second
		if err := cmd.Run(); err != nil {
			return "", prog, fmt.Errorf("%s --version: %w", prog, err)
		}
		return string(out.b), prog, nil
	}
}

// lookAbsolute finds an executable named name in the absolute entries of
// path (on Windows, name with one of the extensions of %PATHEXT%).
func lookAbsolute(name, path string) (string, error) {
	names := []string{name}
	if runtime.GOOS == "windows" {
		names = nil
		exts := os.Getenv("PATHEXT")
		if exts == "" {
			exts = ".COM;.EXE;.BAT;.CMD"
		}
		for _, ext := range filepath.SplitList(exts) {
			if ext != "" {
				names = append(names, name+strings.ToLower(ext))
			}
		}
	}
	for _, dir := range filepath.SplitList(path) {
		if !filepath.IsAbs(dir) {
			continue
		}
		for _, n := range names {
			p := filepath.Join(dir, n)
			info, err := os.Stat(p)
			if err == nil && info.Mode().IsRegular() && (runtime.GOOS == "windows" || info.Mode()&0o111 != 0) {
				return p, nil
			}
		}
	}
	return "", errors.New("no claude on PATH")
}

// limitedBuffer keeps the first maxVersionOutput bytes written to it.
type limitedBuffer struct{ b []byte }

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := maxVersionOutput - len(l.b); room > 0 {
		l.b = append(l.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// ResolveRelease works out the release a run models: the configured
// version when there is one, else what the probe finds, else the newest.
// configured is "" when configuration says nothing, and from names where
// it does ("claude-code: {version: 2.1.328} in .memlint.yaml").
func ResolveRelease(configured claudecode.Version, from string, probe VersionProbe) Release {
	if configured != (claudecode.Version{}) {
		return Release{Model: claudecode.ModelOf(configured), Why: from}
	}
	newest := Release{Model: claudecode.NewestModel()}
	if probe == nil {
		newest.Why = "the newest release memlint models"
		return newest
	}
	out, prog, err := probe()
	if err != nil {
		newest.Why = "the newest release memlint models: " + errText(err)
		return newest
	}
	v, err := claudecode.ParseVersion(string(bytes.TrimSpace([]byte(out))))
	if err != nil {
		newest.Why = fmt.Sprintf("the newest release memlint models: %s --version printed no version", prog)
		return newest
	}
	return Release{Model: claudecode.ModelOf(v), Why: "claude on PATH: " + prog}
}

func errText(err error) string {
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return "claude --version failed (" + exit.String() + ")"
	}
	return err.Error()
}

// OnceVersionProbe returns a probe that asks p once and then repeats its
// answer: a run asks for every memory dir, `claude --version` runs once.
func OnceVersionProbe(p VersionProbe) VersionProbe {
	var (
		once          sync.Once
		version, prog string
		err           error
	)
	return func() (string, string, error) {
		once.Do(func() { version, prog, err = p() })
		return version, prog, err
	}
}
