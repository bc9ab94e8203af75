package hooks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/safefile"
	"github.com/memlint/memlint/lint/checker"
)

// Memory written by Bash. A command says nothing certain about the files
// it changes, so the PreToolUse hook takes a snapshot of the project's
// memory dirs before it runs — the size, time and mode of every Markdown
// file, no content — and the PostToolUse hook compares the dirs with it:
// a command that changed no memory costs a few stats. The content a
// changed file had before comes from a copy memlint keeps in its state
// folder, taken when the file was first seen with that size and time, so
// a file is read again only after it changed; with it the hook reports
// only what the command introduced, as for Write and Edit.

const (
	// maxSnapshotEntries bounds the folder entries one snapshot looks at;
	// a dir with more is watched in part.
	maxSnapshotEntries = 20000
	// maxSnapshotDepth bounds how deep below a memory dir it looks
	// (logs/YYYY/MM/DD/x.md is four levels down).
	maxSnapshotDepth = 6
	// maxCopiedFile and maxCopiedTotal bound the copies one snapshot
	// takes: a file larger than maxCopiedFile is watched without one (its
	// findings then all count as the command's).
	maxCopiedFile  = 1 << 20
	maxCopiedTotal = 16 << 20
	// racyWindow: a file modified this close to the snapshot may change
	// again within the same tick of the file system's clock, keeping its
	// size and time; its content is compared instead (as git does for
	// "racily clean" files).
	racyWindow = 2 * time.Second
	// maxWatchedDirs bounds the memory dirs one command is watched in.
	maxWatchedDirs = 8
	// maxSnapshotSize bounds the snapshot file read back.
	maxSnapshotSize = 32 << 20
)

// fileStamp is what a snapshot keeps of a file: enough to tell that it
// changed, and the name of the copy of its content.
type fileStamp struct {
	Size  int64  `json:"size"`
	MTime int64  `json:"mtime"` // Unix nanoseconds
	Mode  uint32 `json:"mode"`
	Link  string `json:"link,omitempty"` // a symbolic link's target
	Copy  string `json:"copy,omitempty"` // the copy's name in the state folder
	Racy  bool   `json:"racy,omitempty"`
}

func (a fileStamp) same(b fileStamp) bool {
	return a.Size == b.Size && a.MTime == b.MTime && a.Mode == b.Mode && a.Link == b.Link
}

// dirSnapshot is one memory dir's files, by slash path below it.
type dirSnapshot struct {
	Dir   string               `json:"dir"`
	Files map[string]fileStamp `json:"files"`
}

// bashSnapshot is the memory before one Bash command.
type bashSnapshot struct {
	Taken int64         `json:"taken"` // Unix nanoseconds
	Dirs  []dirSnapshot `json:"dirs"`
}

// watchedDirs returns the memory dirs a Bash command may write: the
// project's auto memory dir (claude.MemoryDir of its main worktree, as the
// SessionStart hook finds it), and the memory dirs of the Markdown files
// the command names (a committed .claude/memory/, a subagent's), judged as
// the Write hook judges a written file. Only dirs that exist count.
func watchedDirs(ev *claudeEvent, getenv func(string) string) []string {
	cwd := eventCwd(ev)
	projectDir := hookProjectDir(getenv, cwd)
	home := getenv("HOME")
	var dirs []string
	add := func(d string) {
		d = filepath.Clean(d)
		for _, have := range dirs {
			if have == d {
				return
			}
		}
		if info, err := os.Stat(d); err == nil && info.IsDir() && len(dirs) < maxWatchedDirs {
			dirs = append(dirs, d)
		}
	}
	add(projectMemoryDir(getenv, projectDir))
	tokens, ok := lexShell(ev.ToolInput.Command)
	if !ok {
		return dirs
	}
	claudeHome := claudecode.HomeFromEnv(getenv)
	for _, t := range tokens {
		if t.op != "" || !t.certain || !strings.HasSuffix(t.text, ".md") {
			continue
		}
		file := expandTarget(t.text, t.tilde, cwd, home)
		if file == "" {
			continue
		}
		if d, ok := findMemoryDir(file, projectDir, claudeHome); ok {
			add(d)
		}
	}
	return dirs
}

// expandTarget is the absolute path of a file a command names: ~/ is the
// home folder, a relative name is in cwd. "" when it cannot be told.
func expandTarget(name string, tilde bool, cwd, home string) string {
	if tilde {
		if home == "" {
			return ""
		}
		name = filepath.Join(home, strings.TrimPrefix(name, "~"))
	}
	if !filepath.IsAbs(name) {
		name = filepath.Join(cwd, name)
	}
	return filepath.Clean(name)
}

// stampFiles lists the Markdown files below dir (not following links to
// folders, skipping dot-folders), at most maxSnapshotDepth deep, looking
// at no more than *budget entries.
func stampFiles(dir string, budget *int) map[string]fileStamp {
	files := map[string]fileStamp{}
	var walk func(rel string, depth int)
	walk = func(rel string, depth int) {
		f, err := os.Open(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			return
		}
		entries, err := f.ReadDir(*budget)
		f.Close()
		if err != nil && !errors.Is(err, io.EOF) {
			return
		}
		*budget -= len(entries)
		sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
		for _, e := range entries {
			name := e.Name()
			p := name
			if rel != "." {
				p = rel + "/" + name
			}
			switch {
			case strings.HasPrefix(name, "."):
			case e.IsDir():
				if depth < maxSnapshotDepth && *budget > 0 {
					walk(p, depth+1)
				}
			case strings.HasSuffix(name, ".md"):
				if s, ok := stampOf(filepath.Join(dir, filepath.FromSlash(p))); ok {
					files[p] = s
				}
			}
		}
	}
	walk(".", 0)
	return files
}

// stampOf stats a file without following a link.
func stampOf(file string) (fileStamp, bool) {
	info, err := os.Lstat(file)
	if err != nil {
		return fileStamp{}, false
	}
	s := fileStamp{Size: info.Size(), MTime: info.ModTime().UnixNano(), Mode: uint32(info.Mode())}
	if info.Mode()&fs.ModeSymlink != 0 {
		s.Link, _ = os.Readlink(file)
		s.Size = 0
	}
	return s, true
}

// takeSnapshot records the memory dirs before a Bash command, copying into
// the state folder the files it has no copy of yet.
func takeSnapshot(st *hookState, dirs []string) bashSnapshot {
	now := st.now()
	snap := bashSnapshot{Taken: now.UnixNano()}
	budget := maxSnapshotEntries
	copied := int64(0)
	for _, dir := range dirs {
		ds := dirSnapshot{Dir: dir, Files: stampFiles(dir, &budget)}
		copies := filepath.Join(st.dir, stateCopies, stateName(dir))
		have := map[string]bool{}
		if entries, err := os.ReadDir(copies); err == nil {
			for _, e := range entries {
				have[e.Name()] = true
			}
		}
		for rel, s := range ds.Files {
			if s.Mode&uint32(fs.ModeType) != 0 || s.Size > maxCopiedFile {
				continue // a link, or too large to copy
			}
			s.Racy = now.Sub(time.Unix(0, s.MTime)) < racyWindow
			name := stateName(rel, fmt.Sprint(s.Size), fmt.Sprint(s.MTime), fmt.Sprint(s.Mode))
			if have[name] && !s.Racy {
				s.Copy = name
			} else if copied+s.Size <= maxCopiedTotal {
				if data, ok := readStamped(filepath.Join(dir, filepath.FromSlash(rel)), s); ok && st.put(data, stateCopies, stateName(dir), name) == nil {
					s.Copy = name
					copied += s.Size
				}
			}
			ds.Files[rel] = s
		}
		snap.Dirs = append(snap.Dirs, ds)
	}
	return snap
}

// readStamped reads a file when it still has the stamp s after the read:
// the content is then what s stands for.
func readStamped(file string, s fileStamp) ([]byte, bool) {
	data, err := safefile.ReadFileNoFollow(file, maxCopiedFile)
	if err != nil {
		return nil, false
	}
	if now, ok := stampOf(file); !ok || !now.same(s) {
		return nil, false
	}
	return data, true
}

// memoryChange is what a Bash command did to one memory dir.
type memoryChange struct {
	dir     string
	changed []string               // slash paths, sorted: added, modified, removed
	exists  map[string]bool        // which of them exist now
	before  map[string]overlayFile // the dir before, where it differs
}

// changesSince compares the memory dirs of snap with what they hold now.
func changesSince(st *hookState, snap bashSnapshot) []memoryChange {
	var out []memoryChange
	budget := maxSnapshotEntries
	for _, ds := range snap.Dirs {
		now := stampFiles(ds.Dir, &budget)
		c := memoryChange{dir: ds.Dir, exists: map[string]bool{}, before: map[string]overlayFile{}}
		copyOf := func(s fileStamp) ([]byte, bool) {
			if s.Copy == "" {
				return nil, false
			}
			data, err := st.get(maxCopiedFile, stateCopies, stateName(ds.Dir), s.Copy)
			return data, err == nil
		}
		for rel, was := range ds.Files {
			is, still := now[rel]
			switch {
			case !still:
				// Deleted: before, it was there (with its content when
				// known; an index entry to it resolved either way).
				data, _ := copyOf(was)
				c.before[rel] = overlayFile{data: data}
			case !was.same(is):
				c.exists[rel] = true
				if data, ok := copyOf(was); ok {
					c.before[rel] = overlayFile{data: data}
				} else {
					c.before[rel] = overlayFile{removed: true} // unknown: all its findings are new
				}
			case was.Racy:
				data, ok := copyOf(was)
				cur, err := safefile.ReadFileNoFollow(filepath.Join(ds.Dir, filepath.FromSlash(rel)), maxCopiedFile)
				if ok && err == nil && bytes.Equal(data, cur) {
					continue
				}
				c.exists[rel] = true
				if ok {
					c.before[rel] = overlayFile{data: data}
				} else {
					c.before[rel] = overlayFile{removed: true}
				}
			default:
				continue
			}
			c.changed = append(c.changed, rel)
		}
		for rel := range now {
			if _, had := ds.Files[rel]; !had {
				c.changed = append(c.changed, rel)
				c.exists[rel] = true
				c.before[rel] = overlayFile{removed: true}
			}
		}
		if len(c.changed) > 0 {
			sort.Strings(c.changed)
			out = append(out, c)
		}
	}
	return out
}

// snapshotBash records, for the PostToolUse hook, the memory a Bash
// command may change, before it runs. Nothing is recorded when the event
// does not name its session and tool call (the PostToolUse hook could not
// find it) or there is no memory dir.
func snapshotBash(ev *claudeEvent, getenv func(string) string) error {
	if ev.SessionID == "" || ev.ToolUseID == "" {
		return nil
	}
	dirs := watchedDirs(ev, getenv)
	if len(dirs) == 0 {
		return nil
	}
	st, err := openHookState(getenv)
	if err != nil {
		return err
	}
	st.clean()
	data, err := json.Marshal(takeSnapshot(st, dirs))
	if err != nil {
		return err
	}
	return st.put(data, stateSnapshots, stateName(ev.SessionID, ev.ToolUseID))
}

// runBashHook is the PostToolUse (and PostToolUseFailure) hook of a Bash
// command: what the command changed in memory since the PreToolUse hook's
// snapshot, linted as a write is, and told to the agent on the same
// channels. Without a snapshot (the PreToolUse hook is not registered, or
// the event names no tool call) it says nothing.
func runBashHook(ev *claudeEvent, stdout, stderr io.Writer, plan checker.Request) int {
	if ev.SessionID == "" || ev.ToolUseID == "" {
		return 0
	}
	getenv := getenvOr(plan.Getenv)
	st, err := openHookState(getenv)
	if err != nil {
		return 0 // no snapshot could have been taken
	}
	raw, err := st.get(maxSnapshotSize, stateSnapshots, stateName(ev.SessionID, ev.ToolUseID))
	if err != nil {
		return 0
	}
	var snap bashSnapshot
	if err := json.Unmarshal(raw, &snap); err != nil {
		return hookFailed(stderr, nil, fmt.Errorf("read memlint's snapshot of memory before the command: %w", err))
	}
	changes := changesSince(st, snap)
	if len(changes) == 0 {
		return 0
	}
	if !firstToSpeak(st, ev) {
		return 0
	}
	projectDir := hookProjectDir(getenv, eventCwd(ev))
	cfg, err := checker.ResolveConfig(checker.Request{Cwd: projectDir, Registry: plan.Registry}, nil)
	if err != nil {
		return hookFailed(stderr, plan.Redact, err)
	}
	plan.Cwd, plan.Paths, plan.Getenv = projectDir, nil, getenv
	if plan.Repository && (plan.Instructions == nil || plan.Repos == nil) {
		plan.Instructions, plan.Repos = checker.RepositoryContext(plan)
	}
	var ws []*memoryWrite
	for _, c := range changes {
		w := &memoryWrite{plan: plan, cfg: cfg, memDir: c.dir, what: "your command changed"}
		var names []string
		for _, rel := range c.changed {
			file := filepath.Join(c.dir, filepath.FromSlash(rel))
			if cfg.Ignored(file) {
				continue
			}
			name := w.shown(file, projectDir)
			if !c.exists[rel] {
				name += " (deleted)"
			} else {
				w.files = append(w.files, file)
			}
			names = append(names, name)
		}
		if len(names) == 0 {
			continue
		}
		if len(names) > 3 {
			names = append(names[:3], fmt.Sprintf("and %d more", len(names)-3))
		}
		w.subject = strings.Join(names, ", ")
		before := c.before
		w.before = func(now fs.FS) fs.FS { return &beforeWriteFS{base: now, files: before} }
		ws = append(ws, w)
	}
	return tellAgent(stdout, stderr, ev.HookEventName, plan, projectDir, ws...)
}

// firstToSpeak tells whether this invocation of memlint's hook is the one
// that speaks for the event: with memlint's hooks registered twice (two
// settings scopes, or settings and the plugin), Claude Code runs both, in
// parallel, and the agent would hear every finding twice. The first to
// claim the event (session, tool call, event, hook) speaks. An event that
// names no tool call, or a state folder that cannot be written, leaves
// every invocation speaking: a finding heard twice is better than none.
func firstToSpeak(st *hookState, ev *claudeEvent) bool {
	if st == nil || ev.SessionID == "" || ev.ToolUseID == "" {
		return true
	}
	first, err := st.claim(ev.SessionID, ev.ToolUseID, ev.HookEventName, "claude")
	return first || err != nil
}

// guardBash judges a Bash command before it runs: when it writes, in one
// of the shapes whose content is certain (shellWrites), a secret, hidden
// Unicode or unreadable frontmatter into a memory file that the file does
// not hold already, it denies the command, as the guard denies a Write.
// Anything uncertain is allowed, and left to the PostToolUse hook, for
// which it then takes the snapshot of memory before the command.
func guardBash(ev *claudeEvent, stdout, stderr io.Writer, plan checker.Request) int {
	if reason, err := bashDenial(ev, plan); err != nil {
		return hookFailed(stderr, plan.Redact, err)
	} else if reason != "" {
		return deny(stdout, stderr, reason)
	}
	if err := snapshotBash(ev, getenvOr(plan.Getenv)); err != nil {
		// Shown to the user: Bash writes to memory go unheard.
		return hookFailed(stderr, plan.Redact, fmt.Errorf("memory written by this Bash command will not be checked: %w", err))
	}
	return 0
}

// shellTarget is a write's target as the command names it.
type shellTarget struct {
	name  string
	tilde bool
}

// bashDenial returns why a Bash command must not run, or "".
func bashDenial(ev *claudeEvent, plan checker.Request) (string, error) {
	writes, ok := shellWrites(ev.ToolInput.Command)
	if !ok || len(writes) == 0 {
		return "", nil
	}
	getenv := getenvOr(plan.Getenv)
	cwd := eventCwd(ev)
	home := getenv("HOME")
	// What each memory file will hold once the command ran, in the order
	// the command first writes them. A command may hold tens of thousands
	// of writes: each target is resolved once, and appends are built, not
	// copied again for each.
	type target struct {
		file string
		ok   bool
	}
	resolved := map[shellTarget]target{}
	content := map[string]*strings.Builder{}
	targets := map[string]memoryFile{}
	var order []string
	for _, w := range writes {
		if w.AfterOther && !w.Tilde && !filepath.IsAbs(w.Target) {
			continue // an earlier statement may have changed the folder
		}
		key := shellTarget{w.Target, w.Tilde}
		r, known := resolved[key]
		if !known {
			file := expandTarget(w.Target, w.Tilde, cwd, home)
			m, ok := memoryFileAt(file, cwd, getenv)
			r = target{file, file != "" && ok}
			resolved[key] = r
			if r.ok {
				targets[file] = m
			}
		}
		if !r.ok {
			continue
		}
		cur, seen := content[r.file]
		if !seen {
			data, _, err := readCurrent(r.file)
			if err != nil {
				// bash cannot write what cannot be read either
				resolved[key] = target{}
				continue
			}
			cur = &strings.Builder{}
			cur.Write(data)
			content[r.file] = cur
			order = append(order, r.file)
		}
		if !w.Append {
			cur.Reset()
		}
		cur.WriteString(w.Content)
	}
	if len(order) == 0 {
		return "", nil
	}
	cfg, err := checker.ResolveConfig(checker.Request{Cwd: targets[order[0]].projectDir, Registry: plan.Registry}, nil)
	if err != nil {
		return "", err
	}
	if cfg != nil && cfg.NoGuard {
		return "", nil
	}
	plan.Cwd, plan.Paths, plan.Getenv = targets[order[0]].projectDir, nil, getenv
	var reasons []string
	for _, file := range order {
		if cfg.Ignored(file) {
			continue
		}
		g := &guard{plan: plan, cfg: cfg, target: targets[file]}
		diags, err := g.introduced(content[file].String())
		if err != nil {
			return "", err
		}
		if len(diags) > 0 {
			reasons = append(reasons, g.reason(diags, commandStopped))
		}
	}
	return strings.Join(reasons, "\n\n"), nil
}
