package memory

import "time"

// History is a Repository that can tell when its history last changed a
// file (stale-project-memory): a fresh checkout gives every file the time
// of the checkout, so the file's modification time says nothing there,
// but the last commit that changed it does.
type History interface {
	// LastCommit returns when HEAD's first-parent history last changed the
	// file p, provided content is what HEAD holds at p (a file edited and
	// not committed since changed later than any commit). dir is the
	// memory dir p lies in: the history of all its files is read together,
	// once. Both are slash-separated and relative to Root. ok is false when
	// HEAD has no file p, holds other content there, or its history cannot
	// be read; an implementation may know Markdown files (memory) alone.
	LastCommit(dir, p string, content []byte) (c LastCommit, ok bool)
}

// LastCommit is when a file last changed in a repository's history.
type LastCommit struct {
	// Time is the commit time of the last commit that changed the file;
	// when Bounded, of the oldest commit read, which held the file as it
	// is now.
	Time time.Time
	// Bounded says the history read ended before the commit that changed
	// the file (it reads a bounded number of commits, and a shallow clone
	// has no more): the file changed at Time or before.
	Bounded bool
}
