package conformance

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/rogpeppe/go-internal/diff"
)

// releasePair is the two binaries of a release diff (-claude OLD,NEW).
var releasePair []*claudeBinary

// findReleasePair reads -claude OLD,NEW: each a path to a claude, or a
// version installed in one of installPrefixes. Any version is taken.
func findReleasePair(arg string) ([]*claudeBinary, string) {
	parts := strings.Split(arg, ",")
	if len(parts) != 2 {
		return nil, "-claude takes OLD,NEW: two paths or versions"
	}
	var out []*claudeBinary
	for _, p := range parts {
		path := p
		if _, err := claudecode.ParseVersion(p); err == nil {
			path = ""
			for _, prefix := range installPrefixes(p) {
				if cand := filepath.Join(prefix, "node_modules", ".bin", "claude"); fileExists(cand) {
					path = cand
					break
				}
			}
			if path == "" {
				return nil, fmt.Sprintf("Claude Code %s is not in %s; install it with: npm install --prefix %s --no-audit --no-fund @anthropic-ai/claude-code@%s",
					p, strings.Join(installPrefixes(p), " or "), installPrefixes(p)[0], p)
			}
		}
		v, err := checkVersion(path, false)
		if err != nil {
			return nil, path + ": " + err.Error()
		}
		out = append(out, newClaudeBinary(path, v))
	}
	return out, ""
}

// releaseKinds are the case folders a release diff runs, and what it
// compares for each: the index Claude Code loads, the manifest its recall
// selector sees, and the files its Write and Edit leave (stamping).
var releaseKinds = []string{"index", "manifest", "write"}

// TestReleaseDiff runs every case against the two binaries of -claude
// OLD,NEW and prints the cases whose observation differs: when a release
// ships, that list is the work (conformance/README.md). It fails when a
// case differs (go test would hide the report of a passing test) or a
// session cannot run.
func TestReleaseDiff(t *testing.T) {
	if *flagRelease == "" {
		t.Skip("no -claude OLD,NEW")
	}
	if len(releasePair) != 2 {
		t.Fatal(claudeWhy)
	}
	var (
		mu    sync.Mutex
		diffs = map[string]string{}
		cases int
	)
	t.Cleanup(func() {
		names := make([]string, 0, len(diffs))
		for n := range diffs {
			names = append(names, n)
		}
		sort.Strings(names)
		old, new := releasePair[0].Version, releasePair[1].Version
		fmt.Printf("release diff, Claude Code %s -> %s: %d of %d cases differ\n", old, new, len(names), cases)
		for _, n := range names {
			fmt.Printf("\n%s\n%s", n, diffs[n])
		}
		if len(names) > 0 {
			// go test shows a passing test's output only with -v: a
			// difference fails the test, so the report is always seen
			// and a script can tell.
			t.Fail()
		}
	})
	for _, kind := range releaseKinds {
		list, err := loadCases(filepath.Join("testdata", kind))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range list {
			t.Run(kind+"/"+c.Name, func(t *testing.T) {
				t.Parallel()
				mu.Lock()
				cases++
				mu.Unlock()
				var obs [2]string
				for i, bin := range releasePair {
					// Materialising resolves a write case's calls into
					// its sandbox: each run parses the case afresh.
					c, err := parseCase(c.File)
					if err != nil {
						t.Fatal(err)
					}
					sb := newSandbox(t)
					sb.Env, sb.Claude = c.Env, bin
					if err := c.materialise(sb); err != nil {
						t.Fatal(err)
					}
					obs[i] = normaliseObservation(observe(t, kind, c, sb), sb)
				}
				if obs[0] != obs[1] {
					d := diff.Diff(releasePair[0].Version, []byte(quoteLines(obs[0])), releasePair[1].Version, []byte(quoteLines(obs[1])))
					mu.Lock()
					diffs[kind+"/"+c.Name] = string(d)
					mu.Unlock()
				}
			})
		}
	}
}

// observe runs a case's session and returns what the release diff compares.
func observe(t *testing.T, kind string, c *testCase, sb *sandbox) string {
	t.Helper()
	switch kind {
	case "index":
		res := runSession(t, sb, sessionOptions{Prompt: c.Prompt})
		text, loaded, err := loadedIndex(res.Requests, sb.MemDir)
		if err != nil {
			t.Fatalf("reading Claude Code's request: %v\n%s", err, res.describe())
		}
		if !loaded {
			return "(no index loaded)\n"
		}
		return text
	case "manifest":
		res := runSession(t, sb, recallSession(t, sb, c))
		if got := recalledManifest(res.Requests); got != nil {
			return *got
		}
		return "(no manifest)\n"
	case "write":
		res, written := runWriteCase(t, sb, c)
		var b strings.Builder
		for _, e := range toolErrors(res.Requests) {
			fmt.Fprintf(&b, "tool error: %s\n", e)
		}
		for _, rel := range written {
			data, err := os.ReadFile(filepath.Join(sb.MemDir, filepath.FromSlash(rel)))
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "== %s\n%s\n", rel, data)
		}
		return b.String()
	}
	t.Fatalf("no observation for %s cases", kind)
	return ""
}

var (
	uuidPattern = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
	timePattern = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z`)
)

// normaliseObservation takes out of an observation what differs between
// any two sessions: the sandbox's paths, session ids, and the times the
// session itself stamps (today's; the dates cases set are kept).
func normaliseObservation(s string, sb *sandbox) string {
	for _, r := range []struct{ from, to string }{{sb.MemDir, "$MEMDIR"}, {sb.Repo, "$REPO"}, {sb.Home, "$HOME"}, {sb.Tmp, "$TMPDIR"}} {
		if r.from != "" {
			s = strings.ReplaceAll(s, r.from, r.to)
		}
	}
	s = uuidPattern.ReplaceAllString(s, "<uuid>")
	now := time.Now().UTC()
	return timePattern.ReplaceAllStringFunc(s, func(ts string) string {
		at, err := time.Parse(time.RFC3339Nano, ts)
		if err == nil && now.Sub(at).Abs() < 48*time.Hour {
			return "<now>"
		}
		return ts
	})
}
