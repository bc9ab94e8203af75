package memory

import (
	"strings"
	"testing"
)

func TestDocument(t *testing.T) {
	long := "# Report\n\n" + strings.Repeat("- a finding of the study\n", 210)
	memory := "---\nname: a\ndescription: Deploys go to staging first\ntype: feedback\n---\nStaging first.\n"
	index := "- [Plan](PLAN.md) — the plan\n\n| memory | what |\n|---|---|\n| [Debugging](debugging.md) | how to debug |\n\nSee [the brief](BRIEF.md) for context.\n"
	for _, c := range []struct {
		rel, src string
		want     string // a word of the reason; "" for a memory
	}{
		{"README.md", "# About this folder\n", "README"},
		{"readme.md", "# About this folder\n", "README"},
		{"RESTORE.md", "# How to restore\n", "document's"},
		{"WEEKLY_PLAN_V2.md", "# Plan\n", "document's"},
		{"ПЛАН.md", "# План\n", "document's"},
		{"CLAUDE_full_copy.md", "# Instructions\n", "document's"},
		{"AGENTS.old.md", "# Instructions\n", "document's"},
		{"BRIEF.md", "# Brief\n", "document's"}, // linked only from a paragraph: prose, not an entry
		{"session-2026-03-11.md", "# Session\n", "date"},
		{"review_20260208.md", "# Review\n", "date"},
		{"周报-2026-03-09.md", "# 周报\n", "date"},
		{"market-study.md", long, "window"},
		{"handoff.md", "---\nfinished: 2026-05-01\nbranch: main\n---\nnotes\n", "another format"},
		// Memories.
		{"PLAN.md", "# Plan\n", ""},                               // an index entry links it
		{"debugging.md", long, ""},                                // a table row links it
		{"NOTES.md", memory, ""},                                  // a memory's frontmatter
		{"claude-code-hooks.md", "# Hooks\n", ""},                 // lowercase claude: a topic
		{"project_sync_2026-03-11.md", "# Sync\n", ""},            // named as a memory, date and all
		{"feedback_long.md", long, ""},                            // named as a memory
		{"deploy-notes.md", "# Deploy notes\n", ""},               // short and unlisted: may be a memory
		{"api-v2-20261.md", "# API\n", ""},                        // no date
		{"build-2026-13-01.md", "# Build\n", ""},                  // no month 13
		{"empty-frontmatter.md", "---\n---\nbody\n", ""},          // an empty frontmatter is no format
		{"broken.md", "---\nname: [a\ntype: feedback\n---\n", ""}, // unreadable YAML with a memory's keys
	} {
		d := &Dir{Path: "."}
		idx := &File{Dir: d, Path: IndexName, Rel: IndexName, Kind: KindIndex}
		parseFile(idx, []byte(index), nil)
		d.Index = idx
		f := &File{Dir: d, Path: c.rel, Rel: c.rel, Kind: KindTopic}
		parseFile(f, []byte(c.src), nil)
		got := f.Document()
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("Document(%s) = %q, want %q", c.rel, got, c.want)
		}
	}
}

func TestDatedName(t *testing.T) {
	for stem, want := range map[string]bool{
		"2026-03-11":              true,
		"session-2026-03-11-pm":   true,
		"REVIEW_2026_02_08":       true,
		"audit20260311":           true,
		"x-1999-12-31":            true,
		"v2026-03":                false,
		"202603111":               false, // nine digits: not a date
		"12026-03-11":             false,
		"2026-00-11":              false,
		"2026-03-32":              false,
		"2026-03_11":              false,
		"phase-2026":              false,
		"1800-01-01":              false,
		"project_apr2026_results": false,
	} {
		if got := datedName(stem); got != want {
			t.Errorf("datedName(%q) = %v, want %v", stem, got, want)
		}
	}
}
