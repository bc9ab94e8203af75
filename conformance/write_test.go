package conformance

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWrite lets the model write memory through Claude Code's own tools, as
// scripted by each case of testdata/write, and then requires memlint check
// to find nothing wrong with the files Claude Code left on disk: what Claude
// Code writes and stamps is correct memory by definition.
func TestWrite(t *testing.T) {
	t.Parallel()
	eachCase(t, "write", func(t *testing.T, c *testCase, sb *sandbox) {
		res, written := runWriteCase(t, sb, c)
		if failed := toolErrors(res.Requests); len(failed) > 0 {
			t.Fatalf("Claude Code reported tool errors: %s", strings.Join(failed, "; "))
		}
		var out checkJSON
		raw := runMemlint(t, sb, sb.MemDir, "check", "--format", "json", ".")
		if err := json.Unmarshal(raw, &out); err != nil {
			t.Fatalf("memlint check --format json: %v\n%s", err, raw)
		}
		for _, d := range out.Diagnostics {
			if contains(written, d.Path) {
				t.Errorf("memlint finds in a file Claude Code wrote: %s:%d: %s: %s [%s]",
					d.Path, d.Line, d.Severity, d.Message, d.Rule)
			}
		}
	})
}

// runWriteCase runs the session of a write case: the mock makes the case's
// tool calls in order. It returns the session and the files written or
// edited, relative to the memory dir, in the order first written.
func runWriteCase(t *testing.T, sb *sandbox, c *testCase) (sessionResult, []string) {
	t.Helper()
	if len(c.Calls) == 0 {
		t.Fatal("a write case needs at least one write or edit directive")
	}
	calls := c.Calls
	id, err := json.Marshal(calls)
	if err != nil {
		t.Fatal(err)
	}
	res := runSession(t, sb, sessionOptions{
		Prompt:   c.Prompt,
		ScriptID: "calls " + string(id) + ", then text done",
		Script: func(n int, _ *apiRequest) reply {
			if n < len(calls) {
				return calls[n]
			}
			return reply{Text: "done"}
		},
	})
	var written []string
	for _, call := range calls {
		if call.Tool == "Read" {
			continue
		}
		path := call.Input["file_path"].(string)
		rel, err := filepath.Rel(sb.MemDir, path)
		if err != nil || strings.HasPrefix(rel, "..") {
			t.Fatalf("%s writes outside the memory dir: %s", call.Tool, path)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("Claude Code did not %s %s: %v\n%s", call.Tool, rel, err, res.describe())
		}
		if *flagRecord {
			t.Logf("on disk after %s, %s:\n%s", call.Tool, rel, data)
		}
		written = appendOnce(written, filepath.ToSlash(rel))
	}
	return res, written
}

// toolErrors returns the tool_result blocks Claude Code marked as errors,
// found in the last request of the session (which carries the whole turn).
func toolErrors(reqs []*apiRequest) []string {
	var last *apiRequest
	for _, r := range reqs {
		if len(r.Tools) > 0 {
			last = r
		}
	}
	if last == nil {
		return nil
	}
	var out []string
	for _, m := range last.Messages {
		var blocks []struct {
			Type    string          `json:"type"`
			IsError bool            `json:"is_error"`
			Content json.RawMessage `json:"content"`
		}
		if json.Unmarshal(m.Content, &blocks) != nil {
			continue
		}
		for _, b := range blocks {
			if b.Type == "tool_result" && b.IsError {
				out = append(out, string(b.Content))
			}
		}
	}
	return out
}
