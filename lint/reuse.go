package lint

import (
	"bytes"
	"sync"
)

// Reuse lets runs over one fs.FS root share the parsing of the topic
// files and index whose content is the same in each: the Claude Code hook
// lints a memory dir after a write and as it was before, and all but the
// written file are the same in both (SPEC §1.6). A file read again with
// the bytes a run before read shares that run's line index, frontmatter
// and index model, which nothing changes after parsing, and its Markdown
// body when that holds no memlint-disable comment: a suppression records
// the findings it hid (Suppression.Used), so a file with one parses its
// own. The zero value is not usable: call NewReuse. Safe for concurrent
// use.
type Reuse struct {
	mu    sync.Mutex
	files map[string]*File // by fs.FS path
}

// NewReuse returns an empty Reuse.
func NewReuse() *Reuse { return &Reuse{files: map[string]*File{}} }

// parsed returns the file a run before parsed from the same bytes at
// f.Path, or nil.
func (r *Reuse) parsed(f *File, src []byte) *File {
	r.mu.Lock()
	prev := r.files[f.Path]
	r.mu.Unlock()
	if prev == nil || prev.Kind != f.Kind || !bytes.Equal(prev.Src, src) {
		return nil
	}
	if f.Kind == KindIndex && len(prev.Suppressions()) > 0 {
		// Its model was built from the body (buildIndex), which cannot
		// be shared.
		return nil
	}
	return prev
}

// sharedBody is the body of the file f shares its parse with, when it
// may: one without memlint-disable comments.
func (f *File) sharedBody() *File {
	if f.shared != nil && len(f.shared.Suppressions()) == 0 {
		return f.shared
	}
	return nil
}

// keep records a parsed file for the runs after.
func (r *Reuse) keep(f *File) {
	r.mu.Lock()
	r.files[f.Path] = f
	r.mu.Unlock()
}
