package memory

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/memlint/memlint/lint/markdown"
)

// DefaultMaxFileSize is the largest file memlint reads. Memory files are a
// few kilobytes; a larger one is reported and skipped so that memory use
// stays bounded whatever a repository holds.
const DefaultMaxFileSize = 8 << 20

// skippedDirs are never memory and can be huge.
var skippedDirs = map[string]bool{".git": true, "node_modules": true, "vendor": true}

// isSkippedDir reports whether discovery and loading stay out of a folder:
// version control, dependencies, and hidden folders other than .claude.
func IsSkippedDir(name string) bool {
	return skippedDirs[name] || (strings.HasPrefix(name, ".") && name != ".claude")
}

// notMemoryDirs are folders at the top of a memory dir that hold no
// topic files of its own (SPEC §1.1): team/ is a memory dir of its own;
// background agents write sessions/ and proposals/, which are never
// recalled.
var notMemoryDirs = map[string]bool{"team": true, "sessions": true, "proposals": true}

// loader walks memory dirs and reads their files.
type Loader struct {
	FS      fs.FS
	MaxSize int64
	// nested reports whether a folder (fs.FS path) is a memory dir of its
	// own, linted separately.
	Nested func(p string) bool
	// ignored reports whether a path is excluded by configuration.
	Ignored func(p string) bool
	// earlier, when set, supplies daily logs' earlier content.
	Earlier Earlier
	// reuse, when set, shares topic files parsed by another run.
	Reuse *Reuse
	// DropLinkDefinitions, when set, tells whether the Claude Code
	// release modelled drops the top-level link reference definitions of
	// a MEMORY.md that holds "<!--" (claudecode.LinkDefinitionsKept). It
	// is asked only for such an index with such a definition: finding
	// out may run `claude --version`. Nil keeps them, as the newest
	// release does.
	DropLinkDefinitions func() bool
	// InTeam, when set, reports whether the memory dir at an fs.FS path
	// is team memory, or inside it, by its full path (the fs.FS may be
	// rooted below the team/ folder); without it the fs.FS path alone
	// tells.
	InTeam func(dirPath string) bool
}

// walkDir lists a memory dir's files without reading them.
func (l *Loader) WalkDir(dirPath string) (*Dir, error) {
	d := &Dir{Path: dirPath, fsys: l.FS, entries: map[string]bool{".": true}}
	team := InTeamMemory(dirPath) || (l.InTeam != nil && l.InTeam(dirPath))
	var lowerIndex string
	var walk func(p, rel string, inLogs bool) error
	walk = func(p, rel string, inLogs bool) error {
		entries, err := fs.ReadDir(l.FS, p)
		if err != nil {
			if rel == "" {
				return fmt.Errorf("read %s: %w", p, err)
			}
			d.Unreadable = append(d.Unreadable, &File{Dir: d, Path: p, Rel: rel, Kind: KindTopic,
				Unreadable: "folder cannot be read: " + ErrText(err), UnreadableError: true})
			return nil
		}
		for _, e := range entries {
			name := e.Name()
			ep, erel := path.Join(p, name), path.Join(rel, name)
			if rel == "" {
				erel = name
			}
			d.entries[erel] = true
			if l.Ignored != nil && l.Ignored(ep) {
				continue
			}
			typ := e.Type()
			switch {
			case typ&fs.ModeSymlink != 0:
				f := l.symlink(d, ep, erel, inLogs)
				if f != nil {
					d.Unreadable = append(d.Unreadable, f)
				}
				if rel == "" && name == IndexName && f != nil && f.UnreadableError {
					// Claude Code follows the link and finds nothing to load.
					d.IndexNotFile = "a symbolic link that points to nothing"
				} else if rel == "" && name == IndexName && f != nil && f.Unreadable == symlinkToFolder {
					d.IndexNotFile = "a symbolic link to a folder"
				}
			case e.IsDir() && rel == "" && name == IndexName:
				// A folder named MEMORY.md loads nothing; what it holds is
				// not this dir's memory either.
				d.IndexNotFile = "a folder"
			case e.IsDir() && !utf8.ValidString(name):
				// Named, not walked: its files could not be named either.
				d.Unreadable = append(d.Unreadable, &File{Dir: d, Path: ep, Rel: erel, Kind: KindTopic,
					Unreadable: notUTF8Folder, UnreadableError: true})
			case e.IsDir():
				if IsSkippedDir(name) || l.Nested(ep) || (rel == "" && notMemoryDirs[name]) {
					continue
				}
				if team && name == SkillsFolderName && !inLogs {
					if sub, err := fs.ReadDir(l.FS, ep); err == nil && isSkillsFolder(l.FS, ep, sub) {
						l.walkSkillsFolder(d, ep, erel, sub)
						continue
					}
				}
				if err := walk(ep, erel, inLogs || (rel == "" && name == "logs")); err != nil {
					return err
				}
			case inLogs:
				d.Logs = append(d.Logs, l.fileEntry(d, ep, erel, KindLog, typ))
			case strings.HasSuffix(name, ".md"):
				kind := KindTopic
				if rel == "" && name == IndexName {
					kind = KindIndex
				}
				f := l.fileEntry(d, ep, erel, kind, typ)
				switch {
				case f.Unreadable != "":
					d.Unreadable = append(d.Unreadable, f)
				case kind == KindIndex:
					d.Index = f
				default:
					d.Topics = append(d.Topics, f)
				}
				if rel == "" && strings.EqualFold(name, IndexName) && name != IndexName {
					lowerIndex = name
				}
			}
		}
		return nil
	}
	if err := walk(dirPath, "", false); err != nil {
		return nil, err
	}
	if d.Index == nil {
		d.NameCaseIndex = lowerIndex
	}
	// Unreadable logs are listed with the other unreadable files.
	logs := d.Logs[:0]
	for _, f := range d.Logs {
		if f.Unreadable != "" {
			d.Unreadable = append(d.Unreadable, f)
		} else {
			logs = append(logs, f)
		}
	}
	d.Logs = logs
	if l.Earlier != nil {
		if err := l.deletedLogs(d); err != nil {
			return nil, err
		}
	}
	sortFiles(d.Topics)
	sortFiles(d.Skills)
	sortFiles(d.Logs)
	sortFiles(d.Unreadable)
	return d, nil
}

// fileEntry creates a File for a directory entry; special files are
// marked unreadable here so that nothing ever opens them.
func (l *Loader) fileEntry(d *Dir, p, rel string, kind FileKind, typ fs.FileMode) *File {
	f := &File{Dir: d, Path: p, Rel: rel, Kind: kind}
	switch {
	case !utf8.ValidString(path.Base(rel)):
		f.Unreadable = notUTF8Name
		f.UnreadableError = true
	case !typ.IsRegular():
		f.Unreadable = fmt.Sprintf("not a regular file (%s); memlint does not open it", describeMode(typ))
		f.UnreadableError = true
	}
	return f
}

// notUTF8Name says why a file or folder of a memory dir whose name is not
// UTF-8 is not read. io/fs names are UTF-8, and what memlint prints and
// writes (JSON, SARIF, the links --fix adds to MEMORY.md) is too: such a
// name is reported, escaped, and the rest of the dir linted. Where the
// memory dir itself is (a folder above it so named) does not matter:
// DirFS and the staged index open it.
const (
	notUTF8Name   = "its name is not valid UTF-8, and memlint opens files by UTF-8 names only: rename it"
	notUTF8Folder = "folder whose name is not valid UTF-8; memlint opens files by UTF-8 names only, so nothing in it is checked: rename it"
)

const symlinkToFolder = "symbolic link to a folder; memlint does not follow links, so nothing in it is checked"

// symlink reports a symbolic link in a memory dir. memlint never follows
// links: one may point outside the repository or loop.
func (l *Loader) symlink(d *Dir, p, rel string, inLogs bool) *File {
	kind := KindTopic
	if inLogs {
		kind = KindLog
	}
	f := &File{Dir: d, Path: p, Rel: rel, Kind: kind} // a warning unless it cannot be resolved
	info, err := fs.Stat(l.FS, p)
	switch {
	case err != nil:
		f.Unreadable = "symbolic link that cannot be resolved (" + ErrText(err) + "); not followed"
		f.UnreadableError = true
	case info.IsDir():
		f.Unreadable = symlinkToFolder
	case rel == IndexName:
		f.Unreadable = "symbolic link: Claude Code follows it and loads what it points to, but memlint does not follow links, so this index is not checked"
	case strings.HasSuffix(p, ".md") || inLogs:
		f.Unreadable = "symbolic link; memlint does not follow links, so this memory is not checked"
	default:
		return nil
	}
	return f
}

func describeMode(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "device"
	}
	return "special file"
}

func ErrText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// deletedLogs records the daily logs the earlier revision has and the dir lost.
func (l *Loader) deletedLogs(d *Dir) error {
	logsDir := path.Join(d.Path, "logs")
	base, err := l.Earlier.Files(logsDir)
	if err != nil {
		return fmt.Errorf("list %s at the base revision: %w", logsDir, err)
	}
	for _, p := range base {
		rel := strings.TrimPrefix(p, d.Path+"/")
		if d.Path == "." {
			rel = p
		}
		if !d.entries[rel] {
			d.DeletedLogs = append(d.DeletedLogs, rel)
		}
	}
	sort.Strings(d.DeletedLogs)
	return nil
}

// readFile reads and parses one file. Problems end up in f.Unreadable.
func (l *Loader) ReadFile(f *File) {
	if l.Reuse != nil && (f.Kind == KindTopic || f.Kind == KindIndex) {
		if prev := l.Reuse.unchanged(l.FS, f); prev != nil {
			f.Src, f.Size, f.ModTime, f.Lines, f.Index, f.shared = prev.Src, prev.Size, prev.ModTime, prev.Lines, prev.Index, prev
			return
		}
	}
	src, info, err := readBounded(l.FS, f.Path, l.MaxSize)
	if info != nil {
		f.Size = info.Size()
		f.ModTime = info.ModTime()
	}
	if err != nil {
		f.Unreadable = err.Error()
		f.UnreadableError = true
		return
	}
	if bytes.IndexByte(src, 0) >= 0 {
		f.Unreadable = "binary content (NUL bytes); not a Markdown memory file"
		f.UnreadableError = true
		return
	}
	if f.Kind == KindLog && l.Earlier != nil {
		base, ok, err := l.Earlier.ReadFile(f.Path)
		if err != nil {
			f.Unreadable = "cannot read its earlier version: " + err.Error()
			f.UnreadableError = true
			return
		}
		f.Base, f.InBase = base, ok
	}
	if l.Reuse != nil && (f.Kind == KindTopic || f.Kind == KindIndex) {
		if prev := l.Reuse.parsed(f, src, l.DropLinkDefinitions); prev != nil {
			f.Src, f.Size, f.Lines, f.Index, f.shared = prev.Src, prev.Size, prev.Lines, prev.Index, prev
			return
		}
		defer l.Reuse.keep(f)
	}
	parseFile(f, src, l.DropLinkDefinitions)
}

// readBounded reads a regular file of at most max bytes.
func readBounded(fsys fs.FS, p string, max int64) ([]byte, fs.FileInfo, error) {
	file, err := fsys.Open(p)
	if err != nil && !utf8.ValidString(p) {
		// io/fs paths are UTF-8: os.DirFS refuses the name with a bare
		// "invalid argument" though the file itself is readable.
		return nil, nil, errors.New(notUTF8Name)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("cannot be read: %s", ErrText(err))
	}
	defer file.Close()
	info, err := file.Stat()
	if err != nil {
		return nil, nil, fmt.Errorf("cannot be read: %s", ErrText(err))
	}
	if !info.Mode().IsRegular() {
		return nil, info, fmt.Errorf("not a regular file (%s); memlint does not read it", describeMode(info.Mode()))
	}
	if info.Size() > max {
		return nil, info, fmt.Errorf("%s is larger than the %s memlint reads; skipped", ByteSize(info.Size()), ByteSize(max))
	}
	src, err := readAllSized(io.LimitReader(file, max+1), info.Size())
	if err != nil {
		return nil, info, fmt.Errorf("cannot be read: %s", ErrText(err))
	}
	if int64(len(src)) > max {
		return nil, info, fmt.Errorf("is larger than the %s memlint reads; skipped", ByteSize(max))
	}
	return src, info, nil
}

func ByteSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// parseFile builds the shared model of a file from its content;
// dropDefs is Loader.DropLinkDefinitions.
func parseFile(f *File, src []byte, dropDefs func() bool) {
	f.Src = src
	f.Size = int64(len(src))
	f.Lines = markdown.NewLineIndex(src)
	if f.Kind == KindIndex {
		f.Index = buildIndex(f, dropDefs)
	}
}

// parentLinks returns the files of the team dir d that the MEMORY.md of
// the memory dir around it links, relative to d. A parent index that
// cannot be read links nothing.
func (l *Loader) parentLinks(d *Dir) map[string]bool {
	parent := path.Dir(d.Path)
	src, _, err := readBounded(l.FS, path.Join(parent, IndexName), l.MaxSize)
	if err != nil || bytes.IndexByte(src, 0) >= 0 {
		return nil
	}
	f := &File{Path: path.Join(parent, IndexName), Rel: IndexName, Kind: KindIndex}
	parseFile(f, src, nil) // its links are all that is read
	prefix := path.Base(d.Path) + "/"
	out := map[string]bool{}
	for _, link := range f.Body().Links {
		if target, kind := ResolveLink(IndexName, link.Dest); kind == LinkLocal && strings.HasPrefix(target, prefix) {
			out[strings.TrimPrefix(target, prefix)] = true
		}
	}
	return out
}

// readAllSized reads r to the end into a buffer sized from the file's
// size, as os.ReadFile does: io.ReadAll starts at 512 bytes and regrows
// several times for a typical memory file.
func readAllSized(r io.Reader, size int64) ([]byte, error) {
	data := make([]byte, 0, size+1) // +1: EOF is seen without growing
	for {
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return data, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // the file grew: make room
		}
	}
}

// settle completes a dir whose files are read (readFile) and whose Kind
// is set: a team dir's links from its parent, the loader of its team
// memory, the files that failed to read and the templates moved out of
// the lists rules see.
func (l *Loader) Settle(d *Dir) {
	if d.Kind == DirTeam {
		d.ParentLinks = l.parentLinks(d)
	}
	d.loadTeam = l.teamLoader(d)
	d.settleUnreadable()
	d.settleTemplates()
}

// settleUnreadable moves files that failed to read out of the lists rules
// see.
func (d *Dir) settleUnreadable() {
	keep := func(fs []*File) []*File {
		out := fs[:0]
		for _, f := range fs {
			if f.Unreadable != "" {
				d.Unreadable = append(d.Unreadable, f)
			} else {
				out = append(out, f)
			}
		}
		return out
	}
	if d.Index != nil && d.Index.Unreadable != "" {
		d.Unreadable = append(d.Unreadable, d.Index)
		d.Index = nil
	}
	d.Topics = keep(d.Topics)
	d.Skills = keep(d.Skills)
	d.Logs = keep(d.Logs)
	sortFiles(d.Unreadable)
}
