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
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/memlint/memlint/internal/claudecode"
)

// claudeVersions are the Claude Code releases memlint models
// (claudecode.Modelled), newest first: the suite runs against every one it
// finds, and refuses a binary that prints another version (the release
// diff, -claude, takes any).
var claudeVersions = modelledVersions()

func modelledVersions() []string {
	var out []string
	for _, v := range claudecode.Modelled {
		out = append(out, v.String())
	}
	return out
}

// claudeBinary is one Claude Code the suite runs.
type claudeBinary struct {
	Path    string // the launcher
	Version string // what it prints before " (Claude Code)"
	// PathDir is a folder that holds only a "claude" that runs it: put on
	// memlint's PATH, memlint models this release as a user's would.
	PathDir string
	id      func() (string, error) // binaryID
}

func newClaudeBinary(path, version string) *claudeBinary {
	b := &claudeBinary{Path: path, Version: version}
	b.id = sync.OnceValues(func() (string, error) { return binaryID(b) })
	return b
}

var (
	// claudes are the binaries found, newest first; the first is the one
	// every test runs against (claudeBin), the others run the model
	// tests (TestIndex, TestManifest) too.
	claudes     []*claudeBinary
	claudeBin   string // claudes[0].Path, "" when none was found
	claudeWhy   string // why none was found
	memlintBin  string // memlint built from this checkout
	memlintErr  error
	flagRecord  = flag.Bool("record", false, "print what Claude Code loads for every case")
	flagDump    = flag.String("dump", "", "write every request Claude Code sends into this dir, one JSON file each")
	flagRelease = flag.String("claude", "", "OLD,NEW: run every case against two Claude Code binaries (paths, or versions installed as the README says) and print the cases they differ on (release diff); the other tests skip")
)

// claudeVersion is the version of claudeBin.
var claudeVersion string

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
	if *flagRelease != "" {
		releasePair, claudeWhy = findReleasePair(*flagRelease)
	} else {
		claudes, claudeWhy = findClaudes()
	}
	code := func() int {
		dir, err := os.MkdirTemp("", "memlint-conformance-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(dir)
		for _, b := range append(append([]*claudeBinary(nil), claudes...), releasePair...) {
			if err := b.makePathDir(dir); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
		}
		if len(claudes) > 0 {
			claudeBin, claudeVersion = claudes[0].Path, claudes[0].Version
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
	if *flagRelease != "" {
		t.Skip("release diff (-claude): only TestReleaseDiff runs")
	}
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

// findClaudes looks for the modelled Claude Code releases: the binaries
// $MEMLINT_CLAUDE lists (comma-separated), else `claude` on PATH and the
// npm prefixes .ci/run and a developer would install into. The result is
// newest first, one binary per version.
func findClaudes() (found []*claudeBinary, why string) {
	var tried []string
	seen := map[string]bool{}
	add := func(p string) {
		v, err := checkVersion(p, true)
		if err != nil {
			tried = append(tried, p+": "+err.Error())
			return
		}
		if !seen[v] {
			seen[v] = true
			found = append(found, newClaudeBinary(p, v))
		}
	}
	if list := os.Getenv("MEMLINT_CLAUDE"); list != "" {
		for _, p := range strings.Split(list, ",") {
			add(p)
		}
		if len(tried) > 0 {
			return nil, "MEMLINT_CLAUDE: " + strings.Join(tried, "; ")
		}
	} else {
		if p, err := exec.LookPath("claude"); err == nil {
			add(p)
		}
		for _, v := range claudeVersions {
			for _, prefix := range installPrefixes(v) {
				if p := filepath.Join(prefix, "node_modules", ".bin", "claude"); fileExists(p) {
					add(p)
				}
			}
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return versionLess(found[j].Version, found[i].Version) })
	if len(found) > 0 {
		return found, ""
	}
	if len(tried) == 0 {
		return nil, "no claude on PATH, in $MEMLINT_CLAUDE or in " + strings.Join(installPrefixes(claudeVersions...), ", ")
	}
	return nil, strings.Join(tried, "; ")
}

// installPrefixes are the npm prefixes a release is looked for in.
func installPrefixes(versions ...string) []string {
	var out []string
	for _, v := range versions {
		if d, err := os.UserCacheDir(); err == nil {
			out = append(out, filepath.Join(d, "memlint", "claude-code-"+v))
		}
		out = append(out, filepath.Join(os.TempDir(), "memlint-ci-claude-code-"+v))
	}
	return out
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func versionLess(a, b string) bool {
	va, errA := claudecode.ParseVersion(a)
	vb, errB := claudecode.ParseVersion(b)
	if errA != nil || errB != nil {
		return a < b
	}
	return va.Less(vb)
}

// checkVersion returns the version bin prints; with modelled, only one of
// claudeVersions is accepted.
func checkVersion(bin string, modelled bool) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--version")
	cmd.Env = cleanEnv()
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("--version: %v", err)
	}
	got := strings.TrimSpace(string(out))
	v, ok := strings.CutSuffix(got, " (Claude Code)")
	if ok && (!modelled || slices.Contains(claudeVersions, v)) {
		return v, nil
	}
	return "", fmt.Errorf("--version prints %q, want one of %s followed by \" (Claude Code)\"", got, strings.Join(claudeVersions, ", "))
}

// makePathDir makes b.PathDir below dir.
func (b *claudeBinary) makePathDir(dir string) error {
	abs, err := filepath.Abs(b.Path)
	if err != nil {
		return err
	}
	if b.PathDir, err = os.MkdirTemp(dir, "claude-"+b.Version+"-"); err != nil {
		return err
	}
	return os.Symlink(abs, filepath.Join(b.PathDir, "claude"))
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
