package teamskill

import (
	"sort"
	"unicode/utf16"

	"github.com/memlint/memlint/lint/memory"
)

// What Claude Code's team memory skill loader allows (2.1.332 and
// 2.1.328, conformance/skills_test.go).
const (
	// maxSkillBytes is the largest SKILL.md it loads: a file of exactly
	// 128 KiB loads, one byte more is skipped.
	maxSkillBytes = 128 << 10
	// maxSkillFolders is how many entries of one skills folder it reads,
	// in name order; it skips the rest.
	maxSkillFolders = 100
	// maxNameUnits is the longest folder name it accepts, in UTF-16
	// units.
	maxNameUnits = 256
	// advisedSkills is the most skills its memory prompt asks a team to
	// keep ("at most 30 in total"); nothing enforces it.
	advisedSkills = 30
)

// validFolderName reports whether Claude Code accepts name as a skill
// folder: one or more of A-Z a-z 0-9 . _ - (not "." or ".."), at most
// 256 units long.
func validFolderName(name string) bool {
	if name == "" || name == "." || name == ".." || len(name) > maxNameUnits {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// folders groups a dir's skill entries by skills folder, each in the
// order Claude Code reads them: by name, compared as JavaScript compares
// strings (UTF-16 code units).
func folders(d *memory.Dir) map[string][]memory.SkillEntry {
	out := map[string][]memory.SkillEntry{}
	for _, e := range d.SkillEntries {
		out[e.Folder] = append(out[e.Folder], e)
	}
	for _, es := range out {
		sort.SliceStable(es, func(i, j int) bool { return lessUTF16(es[i].Name, es[j].Name) })
	}
	return out
}

// lessUTF16 compares a and b by their UTF-16 code units.
func lessUTF16(a, b string) bool {
	ua, ub := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := 0; i < len(ua) && i < len(ub); i++ {
		if ua[i] != ub[i] {
			return ua[i] < ub[i]
		}
	}
	return len(ua) < len(ub)
}

// sortedKeys returns m's keys in order, so that findings come out the
// same every run.
func sortedKeys(m map[string][]memory.SkillEntry) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
