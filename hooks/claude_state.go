package hooks

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"time"

	"github.com/memlint/memlint/internal/atomicfile"
)

// What one Claude Code hook invocation leaves for another: the PreToolUse
// hook's snapshot of the memory dirs before a Bash command, copies of the
// memory files it stands for, and the claims that let one of two
// registrations of the same hook speak for an event. It lives in memlint's
// own folder in the user's cache dir (0700, files 0600), never in a
// repository or under a predictable name in a shared temp dir; names are
// hashes of what they are about, and old entries are removed.

const (
	// stateKeep is how long snapshots and claims are kept: a Bash command
	// runs for ten minutes at most, and its PostToolUse hook comes right
	// after it.
	stateKeep = time.Hour
	// copyKeep is how long a copy of a memory file is kept unused.
	copyKeep = 7 * 24 * time.Hour
	// cleanEvery spaces the cleanings out: each costs a listing of the
	// state folder, which most hook runs must not pay.
	cleanEvery = 10 * time.Minute
	// maxCleaned bounds the entries one cleaning removes.
	maxCleaned = 10000
)

// Kinds of entries, one folder each.
const (
	stateSnapshots = "snapshots"
	stateClaims    = "claims"
	stateCopies    = "copies"
)

// hookState is memlint's state folder for the Claude Code hooks.
type hookState struct {
	dir string
	now func() time.Time
}

// userCacheDir is os.UserCacheDir read from getenv, the environment
// Claude Code gave the hook; a relative XDG_CACHE_HOME is ignored, as the
// XDG specification says.
func userCacheDir(getenv func(string) string) (string, error) {
	switch runtime.GOOS {
	case "windows":
		if d := getenv("LocalAppData"); d != "" {
			return d, nil
		}
		return "", errors.New("%LocalAppData% is not set")
	case "darwin", "ios":
		if h := getenv("HOME"); h != "" {
			return filepath.Join(h, "Library", "Caches"), nil
		}
	default:
		if d := getenv("XDG_CACHE_HOME"); filepath.IsAbs(d) {
			return d, nil
		}
		if h := getenv("HOME"); h != "" {
			return filepath.Join(h, ".cache"), nil
		}
	}
	return "", errors.New("$HOME is not set")
}

// openHookState opens (creating it, 0700) memlint's state folder for the
// hooks: <user cache>/memlint/claude-hooks. A symbolic link or a
// non-folder on the way is refused, never followed.
func openHookState(getenv func(string) string) (*hookState, error) {
	base, err := userCacheDir(getenvOr(getenv))
	if err != nil {
		return nil, fmt.Errorf("memlint's state folder: %w", err)
	}
	dir := filepath.Join(base, "memlint", "claude-hooks")
	if err := os.MkdirAll(base, 0o700); err != nil {
		return nil, fmt.Errorf("memlint's state folder: %w", err)
	}
	for _, d := range []string{filepath.Dir(dir), dir, filepath.Join(dir, stateSnapshots), filepath.Join(dir, stateClaims), filepath.Join(dir, stateCopies)} {
		if err := ownDir(d); err != nil {
			return nil, err
		}
	}
	return &hookState{dir: dir, now: time.Now}, nil
}

// ownDir makes the folder d (0700) unless it is one already, and refuses
// a symbolic link or anything else in its place.
func ownDir(d string) error {
	err := os.Mkdir(d, 0o700)
	if err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("memlint's state folder: %w", err)
	}
	info, err := os.Lstat(d)
	if err != nil {
		return fmt.Errorf("memlint's state folder: %w", err)
	}
	if !info.IsDir() {
		return fmt.Errorf("memlint's state folder: %s is not a folder (a link is not followed)", d)
	}
	return nil
}

// stateName is the file name of an entry about parts: a hash, so that
// nothing of a session or a path shows in the name, and every name has one
// length and one alphabet.
func stateName(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s\x00", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// claim tells whether this invocation is the first to claim the event
// that parts name: it creates the claim's file, and only one process can.
// Two registrations of memlint's hook (user and project settings, or
// settings and the plugin) run in parallel for one event; the one that
// claims it speaks, the other stays silent.
func (s *hookState) claim(parts ...string) (bool, error) {
	f, err := os.OpenFile(filepath.Join(s.dir, stateClaims, stateName(parts...)), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("claim the event: %w", err)
	}
	return true, f.Close()
}

// claimWindow is how long a claim of an event that names no tool call
// stands (claimRecent): two registrations run in parallel, within a
// second of each other; the same event again (a session compacted twice)
// comes minutes apart.
const claimWindow = time.Minute

// claimRecent is claim for an event that names no tool call, which the
// same session may see again (SessionStart after each compaction): the
// claim is of parts in the current minute, and an invocation that finds a
// claim of the minute before or after stays silent too, so two parallel
// invocations that straddle a minute's end do not both speak.
func (s *hookState) claimRecent(parts ...string) (bool, error) {
	bucket := s.now().Unix() / int64(claimWindow/time.Second)
	at := func(b int64) []string { return append(append([]string(nil), parts...), strconv.FormatInt(b, 10)) }
	for _, b := range []int64{bucket - 1, bucket + 1} {
		if _, err := os.Lstat(filepath.Join(s.dir, stateClaims, stateName(at(b)...))); err == nil {
			return false, nil
		}
	}
	return s.claim(at(bucket)...)
}

// path is the file of an entry.
func (s *hookState) path(kind string, name ...string) string {
	return filepath.Join(append([]string{s.dir, kind}, name...)...)
}

// put writes an entry whole (0600), or not at all: a temporary file
// renamed into place. Unlike atomicfile.WriteFile it does not sync: the
// state is a cache a crash may lose, and two syncs would cost a Bash
// command that touches no memory more than the rest of the hook.
func (s *hookState) put(data []byte, kind string, name ...string) error {
	p := s.path(kind, name...)
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".tmp-*") // 0600
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// get reads an entry of at most max bytes; a link is not followed.
func (s *hookState) get(max int64, kind string, name ...string) ([]byte, error) {
	return atomicfile.ReadNoFollow(s.path(kind, name...), max)
}

// clean removes snapshots and claims older than stateKeep and copies
// older than copyKeep, at most once every cleanEvery (a marker file's
// time says when it last ran) and at most maxCleaned entries.
func (s *hookState) clean() {
	now := s.now()
	marker := s.path("cleaned")
	if info, err := os.Lstat(marker); err == nil && now.Sub(info.ModTime()) < cleanEvery {
		return
	}
	if err := s.put(nil, "cleaned"); err != nil {
		return
	}
	budget := maxCleaned
	removeOldIn(filepath.Join(s.dir, stateSnapshots), now, stateKeep, &budget)
	removeOldIn(filepath.Join(s.dir, stateClaims), now, stateKeep, &budget)
	entries, err := os.ReadDir(filepath.Join(s.dir, stateCopies))
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.IsDir() && budget > 0 {
			d := filepath.Join(s.dir, stateCopies, e.Name())
			removeOldIn(d, now, copyKeep, &budget)
			_ = os.Remove(d) // only once empty
		}
	}
}

// removeOldIn removes the files of dir older than keep.
func removeOldIn(dir string, now time.Time, keep time.Duration, budget *int) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if *budget <= 0 {
			return
		}
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() && now.Sub(info.ModTime()) >= keep {
			if os.Remove(filepath.Join(dir, e.Name())) == nil {
				*budget--
			}
		}
	}
}
