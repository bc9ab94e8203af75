package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/diff"
)

// withPath returns env with dir put first on its PATH.
func withPath(env []string, dir string) []string {
	out := make([]string, 0, len(env)+1)
	path := dir
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			path = dir + string(os.PathListSeparator) + v
			continue
		}
		out = append(out, kv)
	}
	return append(out, "PATH="+path)
}

// previewJSON is `memlint preview --format json` (SPEC §3).
type previewJSON struct {
	Version    int `json:"version"`
	ClaudeCode struct {
		Version  string `json:"version"`
		Modelled string `json:"modelled"`
		Why      string `json:"why"`
	} `json:"claude_code"`
	Dirs []struct {
		Path  string `json:"path"`
		Kind  string `json:"kind"`
		Mode  string `json:"mode"` // index or recall
		Index *struct {
			Path       string  `json:"path"`
			Loaded     bool    `json:"loaded"`
			LoadedText *string `json:"loaded_text"`
			Reason     string  `json:"reason"` // why nothing is loaded
		} `json:"index"`
		Manifest []struct {
			Path string `json:"path"`
			Line string `json:"line"`
		} `json:"manifest"`
		// ManifestSkipped: files memlint leaves out of the manifest, and why.
		ManifestSkipped []json.RawMessage `json:"manifest_skipped"`
	} `json:"dirs"`
}

// checkJSON is `memlint check --format json`.
type checkJSON struct {
	Diagnostics []struct {
		Rule     string `json:"rule"`
		Severity string `json:"severity"`
		Path     string `json:"path"`
		Line     int    `json:"line"`
		Message  string `json:"message"`
	} `json:"diagnostics"`
}

// runMemlint runs the memlint built for this test run in dir, with the
// sandbox's HOME, and returns its stdout. Exit codes 0 and 1 (findings) are
// fine; anything else fails the test.
func runMemlint(t *testing.T, sb *sandbox, dir string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, memlintBin, args...)
	cmd.Dir = dir
	// memlint models the release of the claude on its PATH, as a user's
	// memlint does: the one the sandbox runs.
	cmd.Env = append(append(withPath(cleanEnv(), sb.claude().PathDir), "HOME="+sb.Home, "NO_COLOR=1"), sb.Env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil
	}
	if err != nil {
		t.Fatalf("memlint %s: %v\nstderr: %s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.Bytes()
}

// preview returns memlint's model of the sandbox's memory dir.
func preview(t *testing.T, sb *sandbox) previewJSON {
	t.Helper()
	out := runMemlint(t, sb, sb.MemDir, "preview", "--format", "json", sb.MemDir)
	var p previewJSON
	if err := json.Unmarshal(out, &p); err != nil {
		t.Fatalf("memlint preview --format json: %v\n%s", err, out)
	}
	if want := sb.claude().Version; !setsPath(sb.Env) && p.ClaudeCode.Modelled != want {
		t.Fatalf("memlint preview models Claude Code %s (%s); the sandbox runs %s", p.ClaudeCode.Modelled, p.ClaudeCode.Why, want)
	}
	// A team/ or other subdir with its own MEMORY.md is a memory dir of
	// its own; the one compared is the dir Claude Code was given.
	for i, d := range p.Dirs {
		if d.Path == "." || d.Path == sb.MemDir {
			p.Dirs[0], p.Dirs[i] = p.Dirs[i], p.Dirs[0]
			return p
		}
	}
	t.Fatalf("memlint preview does not show the memory dir itself\n%s", out)
	return p
}

// sameText fails the test with a line diff when want and got differ.
// Lines are shown with Go quoting, so invisible bytes are visible.
func sameText(t *testing.T, what, wantName, want, gotName, got string) {
	t.Helper()
	if want == got {
		return
	}
	t.Errorf("%s differs (-%s +%s):\n%s", what, wantName, gotName,
		diff.Diff(wantName, []byte(quoteLines(want)), gotName, []byte(quoteLines(got))))
}

// quoteLines quotes every line of s, so that the diff of two texts shows
// CR, NUL, invisible characters and a missing final newline.
func quoteLines(s string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		if line == "" {
			continue
		}
		fmt.Fprintf(&b, "%q\n", line)
	}
	return b.String()
}
