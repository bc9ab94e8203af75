package conformance

import (
	"path/filepath"
	"testing"
)

// TestIndex checks, for every case of testdata/index, that memlint preview's
// loaded index is byte for byte what Claude Code injected into its first
// request, and that both agree on whether anything is loaded at all.
func TestIndex(t *testing.T) {
	t.Parallel()
	eachCase(t, "index", func(t *testing.T, c *testCase, sb *sandbox) {
		// memlint predicts before Claude Code runs: a session may
		// change the dir (the index backfill writes MEMORY.md).
		model := predict(t, sb)
		res := runSession(t, sb, sessionOptions{Prompt: c.Prompt})
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

// predict returns memlint's preview of the sandbox's memory dir, taken
// before Claude Code runs (a session may write MEMORY.md itself).
func predict(t *testing.T, sb *sandbox) *previewJSON {
	t.Helper()
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

// TestRecallModeIndex: when recall is on (the account's cached feature flag,
// or CLAUDE_MEMORY_STORES), Claude Code loads no MEMORY.md at all. memlint's
// preview must say so: mode "recall", or nothing loaded.
func TestRecallModeIndex(t *testing.T) {
	t.Parallel()
	requireMemlint(t)
	for _, c := range []struct {
		name string
		flag bool
		env  []string
	}{
		{name: "feature-flag", flag: true},
		{name: "memory-stores-env", env: []string{"CLAUDE_MEMORY_STORES=1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			sb := newSandbox(t)
			sb.Env = c.env
			// A topic file, so that recall has something to show and the
			// mock need not wait for a selector that never comes.
			for name, data := range map[string]string{
				"MEMORY.md": "- [a](a.md) — the only entry\n",
				"a.md":      "---\nname: a\ndescription: the only memory in this dir\ntype: user\n---\nBody.\n",
			} {
				if err := writeFile(filepath.Join(sb.MemDir, name), []byte(data)); err != nil {
					t.Fatal(err)
				}
			}
			var opt sessionOptions
			if c.flag {
				opt = recallSession(t, sb, &testCase{})
			}
			model := predict(t, sb)
			res := runSession(t, sb, opt)
			_, loaded, err := loadedIndex(res.Requests, sb.MemDir)
			if err != nil {
				t.Fatalf("reading Claude Code's request: %v\n%s", err, res.describe())
			}
			if *flagRecord {
				t.Logf("Claude Code loaded an index: %v", loaded)
			}
			if model == nil {
				return
			}
			p := model.Dirs[0]
			mlLoads := p.Mode != "recall" && p.Index != nil && p.Index.Loaded
			if mlLoads != loaded {
				t.Errorf("Claude Code loaded an index: %v; memlint preview says mode %q, loaded %v", loaded, p.Mode, p.Index != nil && p.Index.Loaded)
			}
		})
	}
}
