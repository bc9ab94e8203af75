package memory

import (
	"io/fs"
	"path"
	"strings"
)

// Shared team memory can hold skills (SPEC §1.5a): Claude Code loads
// <skills folder>/<name>/SKILL.md from a team memory store's skills
// folders (CLAUDE_MEMORY_STORES "skillsDirs", whose last segment must be
// "skills"; usually team/<mount>/skills/) for everyone who has that team
// memory. A skill is no memory: the loader keeps SKILL.md files out of
// Dir.Topics, so that no memory rule reads them, lists them in
// Dir.Skills for the team-skill rules, and keeps the other files of a
// skill folder (its supporting files) out of every list. Claude Code's
// recall scan leaves the skills folders out too.

// Names of the skills layout.
const (
	// SkillsFolderName is the name Claude Code requires of the last
	// segment of a skills folder.
	SkillsFolderName = "skills"
	// SkillFileName is the one file of a skill folder Claude Code reads.
	SkillFileName = "SKILL.md"
)

// SkillEntry is one entry of a team memory skills folder, as Claude
// Code's skill loader lists it: a folder, or a symbolic link (which it
// lists and then refuses).
type SkillEntry struct {
	// Folder is the skills folder's path relative to the memory dir.
	Folder string
	// Name is the entry's name: the skill's name.
	Name string
	// Path is the entry's fs.FS path.
	Path string
	// Link is set when the entry is a symbolic link.
	Link bool
	// SkillLink is set when the entry is a folder whose SKILL.md is a
	// symbolic link.
	SkillLink bool
	// Skill is the entry's SKILL.md when it is a regular file (it is then
	// in Dir.Skills too); nil otherwise.
	Skill *File
}

// InTeamMemory reports whether the memory dir at the slash-separated
// path dirPath is shared team memory or lies inside it: a folder on its
// path below the first is named team (team/ of a memory dir, or a team
// store's mount folder below it), as KindOf judges team memory.
func InTeamMemory(dirPath string) bool {
	segs := strings.Split(path.Clean(dirPath), "/")
	for _, s := range segs[1:] {
		if s == TeamDirName {
			return true
		}
	}
	return false
}

// isSkillsFolder reports whether the folder p (named skills) of team
// memory is a skills folder: one of its folders holds a SKILL.md, or one
// of its entries is a symbolic link (a linked skill folder, which Claude
// Code refuses). A folder of memories that happens to be named skills
// holds neither.
func isSkillsFolder(fsys fs.FS, p string, entries []fs.DirEntry) bool {
	for _, e := range entries {
		switch {
		case e.Type()&fs.ModeSymlink != 0:
			return true
		case e.IsDir():
			if _, ok := skillFileEntry(fsys, path.Join(p, e.Name())); ok {
				return true
			}
		}
	}
	return false
}

// walkSkillsFolder records the entries of the skills folder p (rel
// relative to the memory dir) as Claude Code's loader sees them: folders
// and links, each folder's SKILL.md read as a skill. Nothing else in it
// is walked: a skill's supporting files are not memories.
func (l *Loader) walkSkillsFolder(d *Dir, p, rel string, entries []fs.DirEntry) {
	for _, e := range entries {
		link := e.Type()&fs.ModeSymlink != 0
		if !link && !e.IsDir() {
			continue // Claude Code lists folders and links only
		}
		name := e.Name()
		entry := SkillEntry{Folder: rel, Name: name, Path: path.Join(p, name), Link: link}
		if !link {
			typ, ok := skillFileEntry(l.FS, entry.Path)
			switch {
			case !ok:
				// No SKILL.md: Claude Code skips the folder silently.
			case typ&fs.ModeSymlink != 0:
				entry.SkillLink = true
			default:
				skill := path.Join(entry.Path, SkillFileName)
				f := l.fileEntry(d, skill, path.Join(rel, name, SkillFileName), KindSkill, typ)
				d.entries[f.Rel] = true
				entry.Skill = f
				d.Skills = append(d.Skills, f)
			}
		}
		d.entries[path.Join(rel, name)] = true
		d.SkillEntries = append(d.SkillEntries, entry)
	}
}

// skillFileEntry returns the type of the SKILL.md in the folder p, read
// from the folder's listing (which, unlike a stat, never follows a link
// whatever the fs.FS), and whether there is one.
func skillFileEntry(fsys fs.FS, p string) (fs.FileMode, bool) {
	entries, err := fs.ReadDir(fsys, p)
	if err != nil {
		return 0, false
	}
	for _, e := range entries {
		if e.Name() == SkillFileName {
			return e.Type(), true
		}
	}
	return 0, false
}

// maxProbedMounts bounds the folders of team/ that discovery looks into
// for a skills folder (holdsTeamSkills): a team memory has a few stores.
const maxProbedMounts = 16

// holdsTeamSkills reports whether the team/ folder p holds a skills
// folder, directly (team/skills/) or in one of its first folders
// (team/<mount>/skills/, where Claude Code's team memory stores keep
// theirs).
func holdsTeamSkills(fsys fs.FS, p string, entries []fs.DirEntry) bool {
	probed := 0
	for _, e := range entries {
		if !e.IsDir() || IsSkippedDir(e.Name()) {
			continue
		}
		sub := path.Join(p, e.Name())
		if e.Name() != SkillsFolderName {
			if probed++; probed > maxProbedMounts {
				continue
			}
			sub = path.Join(sub, SkillsFolderName)
		}
		if skills, err := fs.ReadDir(fsys, sub); err == nil && isSkillsFolder(fsys, sub, skills) {
			return true
		}
	}
	return false
}
