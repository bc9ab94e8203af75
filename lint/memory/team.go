package memory

import (
	"io/fs"
	"path"
)

// TeamDirName is the folder of shared team memory inside a memory dir.
const TeamDirName = "team"

// TeamTopics returns the topic files of the dir's team memory (its team/
// folder, linted as a memory dir of its own), read and parsed but not
// linted as part of this dir: for rules that compare private memory with
// the team memory Claude Code loads beside it (memory-duplicate). Their
// Rel is relative to the team dir. The files are read on first call, so
// a run whose rules never ask does not read them twice. Nil when the dir
// has no team memory.
func (d *Dir) TeamTopics() []*File {
	if d.loadTeam == nil {
		return nil
	}
	d.teamOnce.Do(func() { d.team = d.loadTeam() })
	return d.team
}

// teamLoader returns the loader of d's team memory, or nil when d is no
// auto memory dir or has no team/ folder that is a memory dir of its own
// (a team/ folder that is not is walked as part of d, its files among d's
// topics).
func (l *Loader) teamLoader(d *Dir) func() []*File {
	p := path.Join(d.Path, TeamDirName)
	if d.Kind != DirAuto || !d.entries[TeamDirName] || l.Nested == nil || !l.Nested(p) {
		return nil
	}
	if info, err := fs.Stat(l.FS, p); err != nil || !info.IsDir() {
		return nil
	}
	return func() []*File {
		td, err := l.WalkDir(p)
		if err != nil {
			return nil // the team dir's own run reports it
		}
		for _, f := range td.Topics {
			l.ReadFile(f)
		}
		memories, _ := splitTemplates(td.Topics)
		return memories
	}
}
