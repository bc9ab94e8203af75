package rules

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/memlint/memlint/lint"
)

// The README's "Rules" section holds a table of every rule by area,
// between these two lines; `go generate ./...` writes it from
// readmeAreas, and a test fails when it is stale.
const (
	ReadmeTableBegin = "<!-- rules table: written by go generate ./... from rules/readme.go -->"
	ReadmeTableEnd   = "<!-- end of rules table -->"
)

// readmeRule is a rule in the README's table, with what the table says of
// it beyond its ID (empty for nothing).
type readmeRule struct{ id, note string }

// readmeAreas sorts every rule into the areas of the README's table, in
// the table's order. A new rule goes into one of them.
var readmeAreas = []struct {
	name  string
	rules []readmeRule
}{
	{"Index", []readmeRule{{"index-missing", ""}, {"index-line-limit", ""}, {"index-size-limit", ""}, {"index-frontmatter", ""},
		{"index-entry-format", ""}, {"index-entry-length", ""}, {"index-dangling-link", ""}, {"index-link-escape", ""},
		{"index-duplicate-entry", ""}, {"orphan-memory", ""}}},
	{"Frontmatter", []readmeRule{{"frontmatter-missing", ""}, {"frontmatter-invalid", ""}, {"frontmatter-early-close", ""},
		{"frontmatter-scan-window", ""}, {"frontmatter-required", ""}, {"memory-type", ""}, {"frontmatter-field-type", ""},
		{"frontmatter-unknown-key", ""}, {"frontmatter-comment-truncation", ""}, {"modified-timestamp", ""},
		{"name-duplicate", ""}, {"name-format", ""}, {"description-quality", ""}}},
	{"Body", []readmeRule{{"feedback-structure", ""}, {"project-structure", ""}, {"relative-date", ""}, {"code-content", ""},
		{"memory-recall-limit", ""}, {"memory-count-limit", ""}, {"wikilink-dangling", ""}}},
	{"Content over time", []readmeRule{{"stale-reference", "paths the repository no longer has"},
		{"home-path", "one developer's `/home/alice/…` in committed or team memory"}, {"stale-project-memory", ""},
		{"memory-duplicate", ""}, {"claude-md-overlap", "what CLAUDE.md already says"},
		{"ephemeral-content", "checklists, session diaries"}}},
	{"Security", []readmeRule{{"secret", ""}, {"hidden-unicode", ""}, {"memory-injection", "text that steers the agent"},
		{"settings-memory-directory", "a checked-in `.claude/settings.json`"}}},
	{"Team memory skills", []readmeRule{{"team-skill-too-large", ""}, {"team-skill-symlink", ""},
		{"team-skill-folder-name", ""}, {"team-skill-count", ""}, {"team-skill-ignored-frontmatter", "allowed-tools, hooks, model, shell …"},
		{"team-skill-inline-shell", "!`command` that does not run"}}},
	{"Layout and engine", []readmeRule{{"log-path", ""}, {"log-append-only", "git modes"}, {"file-unreadable", ""},
		{"unused-suppression", ""}, {"baseline-stale", ""}}},
}

// ReadmeTable renders the README's table of rules by area, markers
// included. Every one of rules must be in exactly one area of
// readmeAreas, and every rule an area names must be among them.
func ReadmeTable(rules []*lint.Rule) ([]byte, error) {
	known := make(map[string]bool, len(rules))
	for _, r := range rules {
		known[r.ID] = true
	}
	var problems []string
	listed := map[string]bool{}
	var b bytes.Buffer
	b.WriteString(ReadmeTableBegin + "\n")
	b.WriteString("| Area | Rules |\n|---|---|\n")
	for _, a := range readmeAreas {
		cells := make([]string, len(a.rules))
		for i, r := range a.rules {
			switch {
			case !known[r.id]:
				problems = append(problems, fmt.Sprintf("area %s names %s, which is no rule", a.name, r.id))
			case listed[r.id]:
				problems = append(problems, fmt.Sprintf("%s is in two areas", r.id))
			}
			listed[r.id] = true
			cells[i] = "`" + r.id + "`"
			if r.note != "" {
				cells[i] += " (" + r.note + ")"
			}
		}
		fmt.Fprintf(&b, "| %s | %s |\n", a.name, strings.Join(cells, ", "))
	}
	for _, r := range rules {
		if !listed[r.ID] {
			problems = append(problems, fmt.Sprintf("rule %s is in no area of the README's table: add it to readmeAreas in rules/readme.go", r.ID))
		}
	}
	if len(problems) > 0 {
		return nil, errors.New(strings.Join(problems, "; "))
	}
	b.WriteString(ReadmeTableEnd + "\n")
	return b.Bytes(), nil
}

// SpliceReadme returns readme with the lines from ReadmeTableBegin to
// ReadmeTableEnd replaced by table.
func SpliceReadme(readme, table []byte) ([]byte, error) {
	start := bytes.Index(readme, []byte(ReadmeTableBegin+"\n"))
	end := bytes.Index(readme, []byte(ReadmeTableEnd+"\n"))
	if start < 0 || end < start {
		return nil, fmt.Errorf("the README has no %q … %q lines around its table of rules", ReadmeTableBegin, ReadmeTableEnd)
	}
	end += len(ReadmeTableEnd) + 1
	return append(append(append([]byte(nil), readme[:start]...), table...), readme[end:]...), nil
}
