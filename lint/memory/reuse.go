package memory

import (
	"bytes"
	"io/fs"
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
func (r *Reuse) parsed(f *File, src []byte, dropDefs func() bool) *File {
	r.mu.Lock()
	prev := r.files[f.Path]
	r.mu.Unlock()
	if prev == nil || prev.Kind != f.Kind || !bytes.Equal(prev.Src, src) {
		return nil
	}
	if prev.linkDefs != linkDefsUnasked && (prev.linkDefs == linkDefsDropped) != (dropDefs != nil && dropDefs()) {
		// Built for another Claude Code release.
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

// unchangedFS is an fs.FS that knows which of its files hold the bytes a
// run before read from them: the Claude Code hook lints a dir as it was
// before a write over every file but the written one as it is now. A run
// given a Reuse takes such a file's parse from the run before without
// reading it again.
type unchangedFS interface {
	fs.FS
	// Unchanged reports whether the file name holds what a run before
	// read (a file it did not read is read all the same).
	Unchanged(name string) bool
}

// unchanged returns the file a run before parsed at f.Path when fsys says
// it has not changed since, or nil.
func (r *Reuse) unchanged(fsys fs.FS, f *File) *File {
	u, ok := fsys.(unchangedFS)
	if !ok || !u.Unchanged(f.Path) {
		return nil
	}
	r.mu.Lock()
	prev := r.files[f.Path]
	r.mu.Unlock()
	if prev == nil || prev.Kind != f.Kind || f.Kind == KindIndex && len(prev.Suppressions()) > 0 {
		return nil
	}
	return prev
}

// keep records a parsed file for the runs after.
func (r *Reuse) keep(f *File) {
	f.kept = true
	r.mu.Lock()
	r.files[f.Path] = f
	r.mu.Unlock()
}

// KeepMemo makes Memo keep what it computes of f: a rule prepares its
// values while the file is read (Rule.Prepare) for its Run to take.
func (f *File) KeepMemo() { f.keepMemo = true }

// MemoKey names a value Memo keeps for a file's content.
type MemoKey struct{ name string }

// NewMemoKey returns a new key for Memo; name says what it keeps.
func NewMemoKey(name string) *MemoKey { return &MemoKey{name: name} }

// Memo returns what compute makes of f, made once for its content: a
// file a later run shares through Reuse gets what the run before made (a
// rule's signature of each memory, which the Claude Code hook's run of the
// dir before a write would otherwise make again for every file but the
// one written), and Run gets what the rule's Prepare made while the file
// was read. compute must read nothing but f's content and what is parsed
// from it.
func Memo[T any](f *File, key *MemoKey, compute func() T) T {
	root := f
	for root.shared != nil {
		root = root.shared
	}
	if !root.kept && !root.keepMemo {
		return compute() // no run after this one will ask, nor Run after Prepare
	}
	if v, ok := root.memo.Load(key); ok {
		return v.(T)
	}
	v, _ := root.memo.LoadOrStore(key, compute())
	return v.(T)
}
