package hooks

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/memlint/memlint/internal/atomicfile"
	"github.com/memlint/memlint/internal/safefile"
)

// The installer owns only what it wrote. It records, in the repository's
// git dir (never in the work tree, where a commit could plant a record),
// the SHA-256 of each shim it wrote and whether it created the hooks dir
// for it; before overwriting or deleting a hook it compares. A hook that
// carries memlint's marker but is not what memlint wrote (edited since, or
// another tool's copy) is left alone unless --force is given, and then
// kept as pre-commit.memlint-backup.

// recordFile is the record's path below the git common dir.
const recordFile = "memlint/git-hooks.json"

// backupSuffix names a hook memlint moved aside with --force:
// pre-commit.memlint-backup.
const backupSuffix = ".memlint-backup"

// maxRecordSize bounds the record memlint reads back: a few lines per
// hooks dir.
const maxRecordSize = 1 << 20

// hookRecord is what one install wrote at one hook path.
type hookRecord struct {
	Path       string `json:"path"`   // the hook file, absolute
	SHA256     string `json:"sha256"` // of the exact bytes written
	CreatedDir bool   `json:"createdDir,omitempty"`
}

// hookRecords is the record file's content.
type hookRecords struct {
	Hooks []hookRecord `json:"hooks"`
}

// recordPath is the record file of the repository whose common git dir
// is commonDir.
func recordPath(commonDir string) string {
	return filepath.Join(commonDir, filepath.FromSlash(recordFile))
}

// readRecords reads the record; a missing or unreadable one records
// nothing (memlint then owns only a shim it can regenerate byte for
// byte, and no folder).
func readRecords(commonDir string) hookRecords {
	var r hookRecords
	b, err := safefile.ReadFile(recordPath(commonDir), maxRecordSize)
	if err != nil || json.Unmarshal(b, &r) != nil {
		return hookRecords{}
	}
	return r
}

// lookup returns the record of the hook at path.
func (r hookRecords) lookup(path string) (hookRecord, bool) {
	for _, h := range r.Hooks {
		if h.Path == path {
			return h, true
		}
	}
	return hookRecord{}, false
}

// set replaces (or adds) the record of rec.Path.
func (r *hookRecords) set(rec hookRecord) {
	r.drop(rec.Path)
	r.Hooks = append(r.Hooks, rec)
	slices.SortFunc(r.Hooks, func(a, b hookRecord) int {
		switch {
		case a.Path < b.Path:
			return -1
		case a.Path > b.Path:
			return 1
		}
		return 0
	})
}

// drop forgets the hook at path.
func (r *hookRecords) drop(path string) {
	r.Hooks = slices.DeleteFunc(r.Hooks, func(h hookRecord) bool { return h.Path == path })
}

// save writes the record, or removes it (and the memlint folder, when
// empty) once it records nothing, so that install then uninstall leaves
// the git dir as it was.
func (r hookRecords) save(commonDir string) error {
	p := recordPath(commonDir)
	if len(r.Hooks) == 0 {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove the hook record: %w", err)
		}
		os.Remove(filepath.Dir(p)) // only when empty
		return nil
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("write the hook record: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("write the hook record: %w", err)
	}
	if err := atomicfile.WriteFile(p, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("write the hook record: %w", err)
	}
	return nil
}

// shimSum is the SHA-256 of a shim's bytes, in hex.
func shimSum(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// owned says whether the hook is one memlint wrote and nobody changed
// since: its bytes are those recorded at install, or (a shim written
// before memlint kept records) exactly the shim memlint generates for the
// memlint path it names.
func (h gitHookFile) owned(recs hookRecords) bool {
	if !h.ours {
		return false
	}
	if rec, ok := recs.lookup(h.path); ok && rec.SHA256 == shimSum(h.content) {
		return true
	}
	return h.recorded != "" && string(h.content) == string(shimScript(h.recorded))
}

// notOwnedError is the refusal for a hook with memlint's marker that
// memlint did not write as it is.
func notOwnedError(path, command string) error {
	return fmt.Errorf("%s carries memlint's marker but is not the hook memlint wrote (edited since it was installed, or another tool's copy): memlint left it alone; "+
		"to go on, merge your changes elsewhere and remove it, or run `%s --force`, which keeps it as %s",
		path, command, preCommitHook+backupSuffix)
}

// backupFree refuses to overwrite an earlier backup (--force).
func backupFree(backup string) error {
	if _, err := os.Lstat(backup); err == nil {
		return fmt.Errorf("%s already exists: memlint keeps the hook it replaces there, so it changed nothing; move it away, then run the command again", backup)
	}
	return nil
}
