package conformance

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestManifest checks, for every case of testdata/manifest, that memlint
// preview's recall manifest is, line for line and in order, what Claude Code
// shows its recall selector.
func TestManifest(t *testing.T) {
	t.Parallel()
	eachCase(t, "manifest", func(t *testing.T, c *testCase, sb *sandbox) {
		opt := recallSession(t, sb, c)
		model := predict(t, sb)
		res := runSession(t, sb, opt)
		got := recalledManifest(res.Requests)
		if *flagRecord {
			if got != nil {
				t.Logf("Claude Code's manifest:\n%s", quoteLines(*got+"\n"))
			} else {
				t.Logf("Claude Code sent no manifest")
			}
		}
		compareManifest(t, model, got)
	})
}

// recallSession starts Claude Code in recall mode with a prompt that has
// whitespace (recall skips one-word prompts) and makes the model call a
// harmless tool first: the recalled memories land only in a later call of
// the same turn, and the mock holds that call until the selector has asked.
func recallSession(t *testing.T, sb *sandbox, c *testCase) sessionOptions {
	t.Helper()
	// Written now, so that memlint's prediction sees the flag too.
	if err := enableRecallFlag(sb); err != nil {
		t.Fatal(err)
	}
	prompt := c.Prompt
	if prompt == "" {
		prompt = "what do you remember"
	}
	probe := filepath.Join(sb.Repo, "README")
	return sessionOptions{
		Prompt: prompt,
		Recall: true,
		Setup:  map[string]string{probe: "probe\n"},
		// The selector's answer is the mock's own (no memories selected).
		ScriptID: "recall: Read " + probe + ", then text done",
		Script: func(n int, _ *apiRequest) reply {
			if n == 0 {
				return reply{Tool: "Read", Input: map[string]any{"file_path": probe}}
			}
			return reply{Text: "done"}
		},
	}
}

func compareManifest(t *testing.T, model *previewJSON, got *string) {
	t.Helper()
	if model == nil {
		return
	}
	p := model.Dirs[0]
	var lines []string
	for _, m := range p.Manifest {
		lines = append(lines, m.Line)
	}
	claude := ""
	if got != nil {
		claude = *got
	}
	if got == nil && len(lines) > 0 {
		t.Errorf("Claude Code showed no manifest; memlint lists %d files", len(lines))
	}
	want, have := claude+"\n", strings.Join(lines, "\n")+"\n"
	sameText(t, "recall manifest", "claude", want, "memlint", have)
	if want != have && len(p.ManifestSkipped) > 0 {
		var skipped []string
		for _, s := range p.ManifestSkipped {
			var b bytes.Buffer
			if json.Compact(&b, s) == nil {
				skipped = append(skipped, b.String())
			}
		}
		t.Logf("memlint left out: %s", strings.Join(skipped, ", "))
	}
}
