package teamskill

import (
	_ "embed"
	"fmt"
	"path"
	"strings"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules/internal/ruleutil"
)

// TooLarge reports a SKILL.md Claude Code skips for its size.
var TooLarge = &lint.Rule{
	ID:       "team-skill-too-large",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "a team memory skill's SKILL.md is over 128 KB (131,072 bytes): Claude Code skips the skill",
	Doc:      tooLargeDoc,
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Skills {
			if f.Size <= maxSkillBytes || !pass.Focused(f) {
				continue
			}
			pass.ReportFile(f, fmt.Sprintf("SKILL.md is %s bytes; Claude Code loads no team memory skill over %s bytes (128 KB), so skill %s is never offered to anyone",
				ruleutil.Thousands(int(f.Size)), ruleutil.Thousands(maxSkillBytes), skillName(f)),
				"move detail into supporting files of the skill folder that SKILL.md points to, or split the skill")
		}
	},
}

//go:embed team-skill-too-large.md
var tooLargeDoc string

// Symlink reports skill folders and SKILL.md files that are symbolic
// links, which Claude Code refuses.
var Symlink = &lint.Rule{
	ID:       "team-skill-symlink",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "a team memory skill folder or its SKILL.md is a symbolic link: Claude Code does not load the skill",
	Doc:      symlinkDoc,
	Run: func(pass *lint.Pass) {
		for _, e := range pass.Dir.SkillEntries {
			switch {
			case e.Link:
				pass.Report(lint.Diagnostic{Path: e.Path,
					Message:    fmt.Sprintf("skill folder %s is a symbolic link; Claude Code loads no linked skill folder of team memory, so this skill is never offered", e.Name),
					Suggestion: "put the skill's files in the folder itself"})
			case e.SkillLink:
				pass.Report(lint.Diagnostic{Path: path.Join(e.Path, memory.SkillFileName),
					Message:    fmt.Sprintf("SKILL.md of skill %s is a symbolic link; Claude Code loads no linked SKILL.md from team memory, so this skill is never offered", e.Name),
					Suggestion: "replace the link with the file it points to"})
			}
		}
	},
}

//go:embed team-skill-symlink.md
var symlinkDoc string

// FolderName reports skill folders whose names Claude Code refuses.
var FolderName = &lint.Rule{
	ID:       "team-skill-folder-name",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "a team memory skill folder's name is not 1–256 of A–Z a–z 0–9 . _ -: Claude Code does not load the skill",
	Doc:      folderNameDoc,
	Run: func(pass *lint.Pass) {
		for _, e := range pass.Dir.SkillEntries {
			if e.Link || validFolderName(e.Name) {
				continue // a link is team-skill-symlink's
			}
			why := "has characters other than A–Z a–z 0–9 . _ -"
			if len(e.Name) > maxNameUnits {
				why = fmt.Sprintf("is longer than %d characters", maxNameUnits)
			}
			pass.Report(lint.Diagnostic{Path: e.Path,
				Message:    fmt.Sprintf("skill folder name %q %s; Claude Code loads no team memory skill from such a folder", ruleutil.Clip(e.Name, 80), why),
				Suggestion: "rename the folder with letters, digits, dots, underscores and hyphens only, e.g. " + suggestName(e.Name)})
		}
	},
}

//go:embed team-skill-folder-name.md
var folderNameDoc string

// Count reports skills folders Claude Code reads only in part, and team
// memory holding more skills than Claude Code's prompt asks for.
var Count = &lint.Rule{
	ID:       "team-skill-count",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "a skills folder holds more than 100 skill folders (Claude Code loads the first 100 by name: error), or team memory holds more than 30 skills (Claude Code asks for at most 30: warning)",
	Doc:      countDoc,
	Run: func(pass *lint.Pass) {
		byFolder := folders(pass.Dir)
		skills := 0
		for _, folder := range sortedKeys(byFolder) {
			entries := byFolder[folder]
			for i, e := range entries {
				if i < maxSkillFolders {
					if loads(e) {
						skills++
					}
					continue
				}
				pass.Report(lint.Diagnostic{Path: e.Path,
					Message: fmt.Sprintf("%s holds %d entries; Claude Code reads the first %d by name and skips the rest, so skill %s is never offered",
						folder+"/", len(entries), maxSkillFolders, e.Name),
					Suggestion: "move unused or low-value skills out of the skills folder into regular memory files"})
			}
		}
		if skills > advisedSkills {
			pass.Report(lint.Diagnostic{Severity: lint.Warning, Path: pass.Dir.Path,
				Message: fmt.Sprintf("team memory holds %d skills; Claude Code loads each for everyone who has this team memory, and its memory instructions ask for at most %d (fewer than 10 workspace-wide)",
					skills, advisedSkills),
				Suggestion: "move unused or low-value skills out of the skills folder into regular memory files, so they stay as memories but stop loading as skills"})
		}
	},
}

//go:embed team-skill-count.md
var countDoc string

// loads reports whether Claude Code loads the skill of e, as far as the
// other rules of this family tell (its place among the first 100 aside).
func loads(e memory.SkillEntry) bool {
	return e.Skill != nil && validFolderName(e.Name) && e.Skill.Size <= maxSkillBytes
}

// skillName is the name Claude Code offers a skill under: its folder's
// name after "memories::".
func skillName(f *memory.File) string {
	return "memories::" + path.Base(path.Dir(f.Path))
}

// suggestName turns name into one Claude Code accepts, for a suggestion.
func suggestName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r < 0x80 && validFolderName(string(r)):
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
		if b.Len() >= maxNameUnits {
			break
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" || s == "." || s == ".." {
		return "my-skill"
	}
	return s
}
