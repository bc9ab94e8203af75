package conformance

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// The observation cache. What a session observes (the requests Claude Code
// sends, its output, the files it leaves in the memory dir and the repo) is
// a function of the binary and of the session's inputs; a session whose key
// (observationKey) was seen before is not run again: its recorded
// observation is replayed and every assertion runs on it as usual. README.md
// ("Observation cache") describes it.

// cacheSchema is part of every key: bump it when what a key covers or what
// an entry holds changes.
const cacheSchema = "memlint-conformance-observation/1"

// cacheMaxBytes bounds the entries of the current binary; the oldest (least
// recently used) go first.
const cacheMaxBytes = 50 << 20

// Placeholders for what differs between two runs of the same session: the
// sandbox's temp dir, its project-key form, and the mock's address.
const (
	phRoot = "@@MEMLINT-SANDBOX-ROOT@@"
	phKey  = "@@MEMLINT-SANDBOX-KEY@@"
	phMock = "@@MEMLINT-MOCK-API@@"
)

// processStart bounds the mtimes that are "now": files the harness writes
// without setting an mtime (git init, settings, probes) get the time they
// were written, which must not change the key; the mtimes a case sets are
// fixed dates, which must.
var processStart = time.Now()

// cacheDir returns the cache folder, "" when the cache is off.
func cacheDir() string {
	switch d := os.Getenv("MEMLINT_CONFORMANCE_CACHE"); d {
	case "off":
		return ""
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(base, "memlint", "conformance")
	default:
		return d
	}
}

// cacheFresh says whether hits are ignored: in CI (MEMLINT_REQUIRE_CLAUDE)
// and on request (MEMLINT_CONFORMANCE_FRESH=1) every session runs. Entries
// are still written.
func cacheFresh() bool {
	return os.Getenv("MEMLINT_REQUIRE_CLAUDE") != "" || os.Getenv("MEMLINT_CONFORMANCE_FRESH") == "1"
}

var (
	cacheUsed bool // an entry was read or written: prune at the end
	cacheMu   sync.Mutex
	// Sessions replayed, run and recorded, and run without the cache, for
	// the summary TestMain prints (shown with -v or on failure).
	cacheHits, cacheMisses, cacheSkipped atomic.Int64
)

// binaryID identifies the Claude Code that runs: the SHA-256 of the file
// behind the launcher (symlinks resolved) and the version it reports.
// Hashing 370 MB costs about 2 CPU-seconds, so the digest is remembered in
// the cache dir by the file's path, size, inode, mtime and ctime (any
// rewrite or replacement changes the ctime).
func binaryID(b *claudeBinary) (string, error) {
	real, err := filepath.EvalSymlinks(b.Path)
	if err != nil {
		return "", err
	}
	st, err := os.Stat(real)
	if err != nil {
		return "", err
	}
	stamp := real
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		stamp = fmt.Sprintf("%s\x00%d\x00%d\x00%d\x00%d\x00%d.%d", real, st.Size(), sys.Dev, sys.Ino,
			st.ModTime().UnixNano(), sys.Ctim.Sec, sys.Ctim.Nsec)
	}
	memo := ""
	if dir := cacheDir(); dir != "" && stamp != real {
		sum := sha256.Sum256([]byte(stamp))
		memo = filepath.Join(dir, "binaries", hex.EncodeToString(sum[:]))
		if digest, err := os.ReadFile(memo); err == nil && len(digest) == 64 {
			return string(digest) + " " + b.Version, nil
		}
	}
	f, err := os.Open(real)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	digest := hex.EncodeToString(h.Sum(nil))
	if memo != "" {
		_ = writeAtomic(memo, []byte(digest))
	}
	return digest + " " + b.Version, nil
}

// keyInput is everything a session's observation depends on, with the
// sandbox's temp dir and the mock's address replaced by placeholders.
type keyInput struct {
	Schema  string
	Binary  string   // binaryID
	Harness string   // digest of the mock's and the session runner's source
	Args    []string // Claude Code's command line after the binary
	Dir     string   // where it starts, relative to the sandbox root
	Env     []string
	Script  string // sessionOptions.ScriptID, or "endTurn"
	Recall  bool   // the mock waits for the recall selector
	Files   []fileEntry
}

// fileEntry is one entry of the sandbox, relative to its root.
type fileEntry struct {
	Path  string
	Type  string // file, dir, symlink, other
	Perm  uint32
	Data  string `json:",omitempty"` // SHA-256 of a file's content
	Link  string `json:",omitempty"` // a symlink's target, normalised
	Mtime int64  `json:",omitempty"` // unix ns, unless it is "now" (processStart..)
}

// sessionKeyInput is the key input of a session in sb: bin is binaryID,
// args Claude Code's arguments, dir where it starts.
func sessionKeyInput(sb *sandbox, bin string, opt sessionOptions, scriptID string, args []string, dir string) (keyInput, error) {
	root := filepath.Dir(sb.Home)
	n := newNormaliser(root, "")
	files, err := walkSandbox(root, n)
	if err != nil {
		return keyInput{}, err
	}
	in := keyInput{Schema: cacheSchema, Binary: bin, Harness: harnessDigest(), Dir: n.out(dir),
		Script: n.out(scriptID), Recall: opt.Recall, Files: files}
	for _, a := range args {
		in.Args = append(in.Args, n.out(a))
	}
	for _, kv := range sessionEnv(sb, opt, "http://"+phMock) {
		in.Env = append(in.Env, n.out(kv))
	}
	return in, nil
}

// observationKey is the cache key of in: the SHA-256 of its canonical JSON.
func observationKey(in keyInput) string {
	b, err := json.Marshal(in)
	if err != nil {
		panic(err) // strings, ints and slices only
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// normaliser replaces what differs between two runs of one session.
type normaliser struct{ root, key, mock string }

// newNormaliser normalises root and mock, the host:port of the mock API
// ("" when no mock runs: a replayed session's requests then name
// 127.0.0.1:0).
func newNormaliser(root, mock string) normaliser {
	return normaliser{root: root, key: projectKey(root), mock: strings.TrimPrefix(mock, "http://")}
}

func (n normaliser) out(s string) string {
	s = strings.ReplaceAll(s, n.root, phRoot)
	s = strings.ReplaceAll(s, n.key, phKey)
	if n.mock != "" {
		s = strings.ReplaceAll(s, n.mock, phMock)
	}
	return s
}

func (n normaliser) in(s string) string {
	s = strings.ReplaceAll(s, phRoot, n.root)
	s = strings.ReplaceAll(s, phKey, n.key)
	mock := n.mock
	if mock == "" {
		mock = "127.0.0.1:0"
	}
	return strings.ReplaceAll(s, phMock, mock)
}

// cacheable says whether the sandbox's root can stand for a placeholder: it
// must appear verbatim in JSON (no escapes) and derive nothing Claude Code
// hashes (project keys over 200 characters are cut and hashed).
func cacheable(sb *sandbox, dir string) bool {
	root := filepath.Dir(sb.Home)
	for _, r := range root {
		if r < 0x20 || r >= 0x7f || r == '"' || r == '\\' {
			return false
		}
	}
	return len(projectKey(sb.Repo)) <= 200 && len(projectKey(dir)) <= 200 && sb.MemDir != ""
}

// walkSandbox lists every entry below root, sorted, normalised by n.
func walkSandbox(root string, n normaliser) ([]fileEntry, error) {
	var out []fileEntry
	lo, hi := processStart.Add(-time.Minute), time.Now().Add(time.Minute)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == root {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		// The memory dir's name holds the project key of the root.
		e := fileEntry{Path: n.out(filepath.ToSlash(rel)), Perm: uint32(info.Mode().Perm())}
		switch {
		case d.IsDir():
			e.Type = "dir"
		case d.Type()&fs.ModeSymlink != 0:
			e.Type = "symlink"
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			e.Link = n.out(target)
		case d.Type().IsRegular():
			e.Type = "file"
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			// Content is hashed as normalised (the harness writes the
			// sandbox's paths into settings and probes).
			sum := sha256.Sum256([]byte(n.out(string(data))))
			e.Data = hex.EncodeToString(sum[:])
		default:
			e.Type = "other"
		}
		if mt := info.ModTime(); mt.Before(lo) || mt.After(hi) {
			e.Mtime = mt.UnixNano()
		}
		out = append(out, e)
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, err
}

// harnessDigest covers the code that starts and answers a session: a change
// to the mock or to runSession makes every entry a miss.
var harnessDigest = sync.OnceValue(func() string {
	h := sha256.New()
	for _, name := range []string{"mock_test.go", "session_test.go"} {
		b, err := os.ReadFile(name)
		if err != nil {
			// Not in the package dir: never hit.
			return fmt.Sprintf("unreadable %s %d", name, time.Now().UnixNano())
		}
		fmt.Fprintf(h, "%s %d\n", name, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
})

// observation is a cache entry: what runSession returns, and the files the
// session changed in the memory dir and the repo (.git aside), normalised.
type observation struct {
	Schema   string
	Key      string
	Requests []cachedRequest
	Stdout   string
	Stderr   string
	Files    []cachedFile
}

type cachedRequest struct {
	Path string
	Raw  string
}

type cachedFile struct {
	Path    string // relative to the sandbox root, slash-separated
	Dir     bool   `json:",omitempty"`
	Deleted bool   `json:",omitempty"`
	Perm    uint32 `json:",omitempty"`
	Data    string `json:",omitempty"`
}

func entryPath(dir, bin, key string) string {
	sum := sha256.Sum256([]byte(bin))
	return filepath.Join(dir, hex.EncodeToString(sum[:8]), key[:2], key+".json.gz")
}

// loadObservation returns the entry of key, or nil.
func loadObservation(path, key string) *observation {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil
	}
	var obs observation
	if json.NewDecoder(zr).Decode(&obs) != nil || obs.Schema != cacheSchema || obs.Key != key {
		return nil
	}
	now := time.Now()
	_ = os.Chtimes(path, now, now) // least recently used goes first
	cacheMu.Lock()
	cacheUsed = true
	cacheMu.Unlock()
	return &obs
}

func storeObservation(path string, obs *observation) error {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if err := json.NewEncoder(zw).Encode(obs); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	cacheMu.Lock()
	cacheUsed = true
	cacheMu.Unlock()
	return writeAtomic(path, buf.Bytes())
}

// writeAtomic writes through a temp file and a rename: a reader sees the
// whole entry or none.
func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// changedFiles lists what a session changed below the memory dir and the
// repo (its .git aside), compared with before (walkSandbox's entries).
func changedFiles(sb *sandbox, before []fileEntry, n normaliser) ([]cachedFile, error) {
	root := filepath.Dir(sb.Home)
	after, err := walkSandbox(root, n)
	if err != nil {
		return nil, err
	}
	var prefixes []string
	for _, d := range []string{sb.MemDir, sb.Repo} {
		rel, err := filepath.Rel(root, d)
		if err != nil || strings.HasPrefix(rel, "..") {
			return nil, fmt.Errorf("%s is not in the sandbox", d)
		}
		prefixes = append(prefixes, n.out(filepath.ToSlash(rel))+"/")
	}
	watched := func(p string) bool {
		for _, pre := range prefixes {
			if strings.HasPrefix(p+"/", pre) && p+"/" != pre {
				rest := strings.TrimPrefix(p, pre)
				return rest != ".git" && !strings.HasPrefix(rest, ".git/")
			}
		}
		return false
	}
	old := map[string]fileEntry{}
	for _, e := range before {
		if watched(e.Path) {
			old[e.Path] = e
		}
	}
	var out []cachedFile
	for _, e := range after {
		if !watched(e.Path) {
			continue
		}
		was, ok := old[e.Path]
		delete(old, e.Path)
		if ok && was.Type == e.Type && was.Perm == e.Perm && was.Data == e.Data && was.Link == e.Link {
			continue
		}
		switch e.Type {
		case "dir":
			out = append(out, cachedFile{Path: e.Path, Dir: true, Perm: e.Perm})
		case "file":
			data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(n.in(e.Path))))
			if err != nil {
				return nil, err
			}
			if bytes.Contains(data, []byte("@@MEMLINT-")) {
				return nil, fmt.Errorf("%s holds a placeholder", e.Path)
			}
			out = append(out, cachedFile{Path: e.Path, Perm: e.Perm, Data: n.out(string(data))})
		default:
			return nil, fmt.Errorf("session left a %s at %s", e.Type, e.Path)
		}
	}
	for p := range old {
		out = append(out, cachedFile{Path: p, Deleted: true})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// replay puts obs's file changes into the sandbox and returns its result.
func replay(sb *sandbox, obs *observation, n normaliser) (sessionResult, error) {
	root := filepath.Dir(sb.Home)
	for _, f := range obs.Files {
		p := filepath.Join(root, filepath.FromSlash(n.in(f.Path)))
		var err error
		switch {
		case f.Deleted:
			err = os.RemoveAll(p)
		case f.Dir:
			err = os.MkdirAll(p, fs.FileMode(f.Perm))
		default:
			if err = os.MkdirAll(filepath.Dir(p), 0o755); err == nil {
				err = os.WriteFile(p, []byte(n.in(f.Data)), fs.FileMode(f.Perm))
			}
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return sessionResult{}, err
		}
	}
	res := sessionResult{Stdout: n.in(obs.Stdout), Stderr: n.in(obs.Stderr), Cached: obs.Key}
	for _, r := range obs.Requests {
		raw := []byte(n.in(r.Raw))
		req := &apiRequest{Path: r.Path, Raw: raw}
		if err := json.Unmarshal(raw, req); err != nil {
			return sessionResult{}, err
		}
		res.Requests = append(res.Requests, req)
	}
	return res, nil
}

// pruneCache removes the entries of binaries this run did not use and,
// past cacheMaxBytes, the least recently used entries of those it did.
func pruneCache() error {
	dir := cacheDir()
	if dir == "" {
		return nil
	}
	current := map[string]bool{}
	for _, b := range append(append([]*claudeBinary(nil), claudes...), releasePair...) {
		bin, err := b.id()
		if err != nil {
			return err
		}
		current[filepath.Dir(filepath.Dir(entryPath(dir, bin, "00")))] = true
	}
	dirs, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, d := range dirs {
		p := filepath.Join(dir, d.Name())
		if d.IsDir() && d.Name() != "binaries" && !current[p] && len(d.Name()) == 16 {
			if err := os.RemoveAll(p); err != nil {
				return err
			}
		}
	}
	for p := range current {
		if err := pruneEntries(p); err != nil {
			return err
		}
	}
	return nil
}

// pruneEntries removes, past cacheMaxBytes, the least recently used
// entries of one binary's folder.
func pruneEntries(current string) error {
	type ent struct {
		path string
		size int64
		used time.Time
	}
	var ents []ent
	var total int64
	err := filepath.WalkDir(current, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		ents = append(ents, ent{p, info.Size(), info.ModTime()})
		total += info.Size()
		return nil
	})
	if err != nil || total <= cacheMaxBytes {
		return err
	}
	sort.Slice(ents, func(i, j int) bool { return ents[i].used.Before(ents[j].used) })
	for _, e := range ents {
		if total <= cacheMaxBytes*3/4 {
			break
		}
		if err := os.Remove(e.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		total -= e.size
	}
	return nil
}
