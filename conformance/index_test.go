package conformance

import (
	"path/filepath"
	"testing"
)

// TestIndex checks, for every case of testdata/index, that memlint preview's
// loaded index is byte for byte what Claude Code injected into its first
// request, and that both agree on whether anything is loaded at all.
func TestIndex(t *testing.T) {
	requireMemlint(t)
	cases, err := loadCases(filepath.Join("testdata", "index"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			sb := newSandbox(t)
			if err := c.materialise(sb); err != nil {
				t.Fatal(err)
			}
			// memlint predicts before Claude Code runs: a session may
			// change the dir (the index backfill writes MEMORY.md).
			model := predict(t, sb)
			res := runSession(t, sb, sessionOptions{Prompt: c.Prompt, Env: c.Env})
			text, loaded, err := loadedIndex(res.Requests, sb.MemDir)
			if err != nil {
				t.Fatalf("reading Claude Code's request: %v\n%s", err, res.describe())
			}
			if *flagRecord {
				if loaded {
					t.Logf("Claude Code loaded %d bytes:\n%s", len(text), quoteLines(text))
				} else {
					t.Logf("Claude Code loaded nothing")
				}
			}
			compareIndex(t, model, loaded, text)
		})
	}
}

// predict returns memlint's preview of the sandbox's memory dir, or nil when
// this memlint has no preview command yet: then the test skips, unless it
// only records what Claude Code does (-record).
func predict(t *testing.T, sb *sandbox) *previewJSON {
	t.Helper()
	if !hasPreview() {
		if !*flagRecord {
			t.Skip("this memlint has no preview command yet")
		}
		return nil
	}
	p := preview(t, sb)
	return &p
}

// compareIndex compares memlint's loaded index with Claude Code's.
func compareIndex(t *testing.T, model *previewJSON, loaded bool, text string) {
	t.Helper()
	if model == nil {
		return
	}
	p := model.Dirs[0]
	mlLoaded, mlText := false, ""
	if p.Index != nil {
		mlLoaded = p.Index.Loaded
		if p.Index.LoadedText != nil {
			mlText = *p.Index.LoadedText
		}
		if p.Index.Loaded != (p.Index.LoadedText != nil) {
			t.Errorf("memlint preview: loaded is %v but loaded_text is %v", p.Index.Loaded, p.Index.LoadedText)
		}
	}
	if mlLoaded != loaded {
		why := ""
		if p.Index != nil && p.Index.Reason != "" {
			why = " (" + p.Index.Reason + ")"
		}
		t.Errorf("Claude Code loaded an index: %v; memlint says loaded: %v%s", loaded, mlLoaded, why)
	}
	sameText(t, "loaded index", "claude", text, "memlint", mlText)
}
