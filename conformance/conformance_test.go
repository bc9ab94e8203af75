// Package conformance runs the real Claude Code against a loopback
// mock of the Anthropic API and checks that memlint's model of Claude Code
// memory (memlint preview, memlint check) agrees with what the binary does.
// The cases are txtar files under testdata; README.md describes their syntax.
package conformance

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// claudeVersions are the Claude Code builds the suite runs against, newest
// first: a binary that prints another version is refused, and the search
// for one tries the newest first.
var claudeVersions = []string{"2.1.332", "2.1.328"}

// claudeVersion is the version of claudeBin, once found.
var claudeVersion string

var (
	claudeBin  string // the binary under test, "" when none was found
	claudeWhy  string // why none was found
	memlintBin string // memlint built from this checkout
	memlintErr error
	flagRecord = flag.Bool("record", false, "print what Claude Code loads for every case")
	flagDump   = flag.String("dump", "", "write every request Claude Code sends into this dir, one JSON file each")
)

func TestMain(m *testing.M) {
	flag.Parse()
	// Claude Code sessions, not test functions, are what this machine runs
	// only so many of at once: limiter bounds them. -parallel (GOMAXPROCS by
	// default: 2 on a 2-core machine) would keep the third session slot idle
	// and serialise each case's preparation (placing files, git init, memlint
	// preview) with the sessions; an explicit -parallel still wins.
	parallelSet := false
	flag.Visit(func(f *flag.Flag) { parallelSet = parallelSet || f.Name == "test.parallel" })
	if !parallelSet {
		_ = flag.Set("test.parallel", strconv.Itoa(2*cap(limiter)))
	}
	claudeBin, claudeVersion, claudeWhy = findClaude()
	code := func() int {
		if claudeBin != "" {
			dir, err := os.MkdirTemp("", "memlint-conformance-")
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			defer os.RemoveAll(dir)
			memlintBin, memlintErr = buildMemlint(dir)
		}
		code := m.Run()
		if n := cacheHits.Load() + cacheMisses.Load() + cacheSkipped.Load(); n > 0 {
			fmt.Fprintf(os.Stderr, "observation cache (%s): %d sessions replayed, %d run and recorded, %d run uncached\n",
				cacheDir(), cacheHits.Load(), cacheMisses.Load(), cacheSkipped.Load())
		}
		if cacheUsed {
			if err := pruneCache(); err != nil {
				fmt.Fprintln(os.Stderr, "pruning the observation cache:", err)
			}
		}
		return code
	}()
	os.Exit(code)
}

// requireClaude skips the test when no modelled Claude Code is installed,
// unless MEMLINT_REQUIRE_CLAUDE=1 (CI), where that is a failure.
func requireClaude(t *testing.T) {
	t.Helper()
	if claudeBin == "" {
		msg := "Claude Code " + strings.Join(claudeVersions, " or ") + " not found (" + claudeWhy + "); set MEMLINT_CLAUDE " +
			"or run: npm install --prefix DIR --no-audit --no-fund @anthropic-ai/claude-code@" + claudeVersions[0]
		if os.Getenv("MEMLINT_REQUIRE_CLAUDE") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
}

// requireMemlint is requireClaude plus a built memlint.
func requireMemlint(t *testing.T) {
	t.Helper()
	requireClaude(t)
	if memlintErr != nil {
		t.Fatalf("building memlint: %v", memlintErr)
	}
}

// findClaude looks for a modelled Claude Code: $MEMLINT_CLAUDE, then
// `claude` on PATH, then the npm prefixes .ci/run and a developer would
// install into, newest version first.
func findClaude() (bin, version, why string) {
	if p := os.Getenv("MEMLINT_CLAUDE"); p != "" {
		v, err := checkVersion(p)
		if err != nil {
			return "", "", "MEMLINT_CLAUDE=" + p + ": " + err.Error()
		}
		return p, v, ""
	}
	var tried []string
	if p, err := exec.LookPath("claude"); err == nil {
		if v, err := checkVersion(p); err == nil {
			return p, v, ""
		} else {
			tried = append(tried, p+": "+err.Error())
		}
	}
	var prefixes []string
	for _, v := range claudeVersions {
		if d, err := os.UserCacheDir(); err == nil {
			prefixes = append(prefixes, filepath.Join(d, "memlint", "claude-code-"+v))
		}
		prefixes = append(prefixes, filepath.Join(os.TempDir(), "memlint-ci-claude-code-"+v))
	}
	for _, prefix := range prefixes {
		p := filepath.Join(prefix, "node_modules", ".bin", "claude")
		if _, err := os.Stat(p); err != nil {
			continue
		}
		if v, err := checkVersion(p); err == nil {
			return p, v, ""
		} else {
			tried = append(tried, p+": "+err.Error())
		}
	}
	if len(tried) == 0 {
		return "", "", "no claude on PATH, in $MEMLINT_CLAUDE or in " + strings.Join(prefixes, ", ")
	}
	return "", "", strings.Join(tried, "; ")
}

// checkVersion returns the version bin prints, when it is a modelled one.
func checkVersion(bin string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--version")
	cmd.Env = cleanEnv()
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("--version: %v", err)
	}
	got := strings.TrimSpace(string(out))
	for _, v := range claudeVersions {
		if got == v+" (Claude Code)" {
			return v, nil
		}
	}
	return "", fmt.Errorf("--version prints %q, want one of %s followed by \" (Claude Code)\"", got, strings.Join(claudeVersions, ", "))
}

// cleanEnv is the environment for helper commands: nothing of the caller's
// Claude Code configuration leaks in.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "CLAUDE") || strings.HasPrefix(kv, "ANTHROPIC") {
			continue
		}
		env = append(env, kv)
	}
	return env
}

func buildMemlint(dir string) (string, error) {
	bin := filepath.Join(dir, "memlint")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "github.com/memlint/memlint/cmd/memlint")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("%v\n%s", err, out)
	}
	return bin, nil
}
