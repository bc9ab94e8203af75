package memory

import (
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/memlint/memlint/lint/markdown"
)

// IndexName is the file name of a memory dir's index.
const IndexName = "MEMORY.md"

// FileKind says what role a file plays in a memory dir.
type FileKind int

// File kinds.
const (
	KindTopic FileKind = iota // one memory: frontmatter and a body
	KindIndex                 // MEMORY.md
	KindLog                   // a file under logs/
	KindSkill                 // a team memory skill's SKILL.md (skills.go)
)

// DirKind says which kind of memory dir a dir is (SPEC §2, "Kinds of
// memory dir"): rules that only fit one kind ask for it.
type DirKind int

// Kinds of memory dir.
const (
	// DirAuto is auto memory: a Claude Code project memory dir, or any
	// dir of topic files with the four types.
	DirAuto DirKind = iota
	// DirSubagent is a subagent's memory (.claude/agent-memory/<agent>/,
	// agent-memory-local/<agent>/): notes-style, its MEMORY.md goes into
	// the subagent's prompt.
	DirSubagent
	// DirTeam is shared team memory: team/ inside a memory dir.
	DirTeam
	// DirLogs is a dir that holds only assistant-mode daily logs.
	DirLogs
)

// String returns the kind's name as memlint prints it.
func (k DirKind) String() string {
	switch k {
	case DirSubagent:
		return "subagent"
	case DirTeam:
		return "team"
	case DirLogs:
		return "logs"
	}
	return "auto"
}

// Dir is one memory dir: an index, topic files and daily logs.
type Dir struct {
	// Path is the slash-separated path of the dir inside the linted fs.FS
	// ("." for its root).
	Path string
	// Kind is the kind of memory dir, judged from where it is and what it
	// holds.
	Kind DirKind
	// Personal is true for the user's own memory: a dir inside Claude
	// Code's config home (Linter.ClaudeHome), such as
	// ~/.claude/projects/<key>/memory or ~/.claude/agent-memory/<agent>.
	// Everything else (memory in a repository, team memory, a dir
	// anywhere else) is memory others read and write too; rules whose
	// severity depends on who can plant the text ask (memory-injection).
	Personal bool
	Index    *File   // MEMORY.md, nil when the dir has none
	Topics   []*File // topic files that could be read, sorted by path: the memories
	Logs     []*File // files under logs/, sorted by path
	// Templates are the topic files that are templates for memories
	// (File.Template), sorted by path: in Files, so that the rules about
	// every file check them, but not in Topics, which memory rules read.
	Templates []*File
	// Skills are the SKILL.md files of team memory skills that could be
	// read, sorted by path (skills.go): in Files, so that the rules about
	// every file (secret, hidden-unicode) check them, but not in Topics:
	// a skill is no memory.
	Skills []*File
	// SkillEntries are the entries of the dir's skills folders (folders
	// and symbolic links), in walk order.
	SkillEntries []SkillEntry
	// Unreadable lists files memlint could not read or chose not to: too
	// large, not regular, symbolic links, binary content.
	Unreadable []*File
	// NameCaseIndex is the name of a file such as "memory.md" that looks
	// like a misnamed index, when MEMORY.md is missing.
	NameCaseIndex string
	// IndexNotFile says what the dir's MEMORY.md is when it is there but
	// is no file Claude Code can load ("a folder", "a symbolic link that
	// points to nothing"); "" otherwise.
	IndexNotFile string
	// ParentLinks, for team memory, are the files (relative to the team
	// dir) that the enclosing memory dir's MEMORY.md links: the private
	// index may list team memories too.
	ParentLinks map[string]bool
	// DeletedLogs are the daily logs (relative to Path) that the earlier
	// revision has and the dir no longer has; empty without one.
	DeletedLogs []string

	fsys    fs.FS
	entries map[string]bool // every file and folder walked, relative to Path

	// listed are the files the index's entries link (File.listed).
	listedOnce sync.Once
	listed     map[string]bool

	// loadTeam reads the team memory's topic files (TeamTopics).
	loadTeam func() []*File
	teamOnce sync.Once
	team     []*File
}

// Files returns the index, topic files, templates and logs, in path order.
func (d *Dir) Files() []*File {
	var out []*File
	if d.Index != nil {
		out = append(out, d.Index)
	}
	out = append(out, d.Topics...)
	out = append(out, d.Templates...)
	out = append(out, d.Skills...)
	out = append(out, d.Logs...)
	sortFiles(out)
	return out
}

// Exists reports whether rel (relative to the dir, cleaned, slash
// separated) names a file or folder in the dir. Paths inside folders the
// walk skipped (nested memory dirs, hidden folders) are looked up in the
// file system.
func (d *Dir) Exists(rel string) bool {
	if d.entries[rel] {
		return true
	}
	if d.fsys == nil || !fs.ValidPath(rel) {
		return false
	}
	_, err := fs.Stat(d.fsys, d.Join(rel))
	return err == nil
}

// Join returns the fs.FS path of rel inside the dir.
func (d *Dir) Join(rel string) string { return path.Join(d.Path, rel) }

// File is one file of a memory dir, parsed once and shared by all rules.
type File struct {
	Dir  *Dir
	Path string // slash path inside the fs.FS
	Rel  string // path relative to Dir.Path
	Kind FileKind
	// Template is set for a topic file that is a template for memories
	// rather than a memory (template.go decides): it is listed in
	// Dir.Templates, not Dir.Topics.
	Template bool

	Size    int64
	ModTime time.Time // zero when unknown (staged content)

	// Unreadable, when set, says why the file was not read; everything
	// below is then empty.
	Unreadable string
	// UnreadableError says how serious that is: an error, or a warning
	// when false (a symlink that is simply not followed is less serious
	// than a file that cannot be read).
	UnreadableError bool

	Src   []byte
	Lines *markdown.LineIndex
	// Index is set for MEMORY.md.
	Index *Index
	// Base is a daily log's content at the earlier revision, when the
	// run has one and the log existed there (InBase).
	Base   []byte
	InBase bool

	// The Markdown body is parsed on first use (Body, ParseError,
	// Suppressions): a run focused on a few files (the Claude Code hook)
	// never parses the bodies of the others, which it only needs the
	// names and frontmatter of.
	// shared, when set, is the same content parsed by an earlier run
	// (Reuse), whose frontmatter this file shares, and its body when
	// sharedBody allows.
	shared       *File
	linkDefs     linkDefsUse // what the index model did with link reference definitions
	kept         bool        // a Reuse holds it for the runs after
	keepMemo     bool        // Memo keeps its values: rules prepare them (Rule.Prepare)
	memo         sync.Map    // Memo's values, by *MemoKey, when kept
	fmOnce       sync.Once
	frontmatter  *markdown.Frontmatter
	bodyOnce     sync.Once
	body         *markdown.Markdown
	parseErr     error
	suppressions []*Suppression
}

// Frontmatter is the parsed frontmatter, decoded on first use; nil when
// the file does not start with "---" (or is a log, or was not read).
func (f *File) Frontmatter() *markdown.Frontmatter {
	if f.shared != nil {
		return f.shared.Frontmatter()
	}
	f.fmOnce.Do(func() {
		if f.Lines != nil && f.Kind != KindLog {
			f.frontmatter = markdown.ParseFrontmatter(f.Src, f.Lines)
		}
	})
	return f.frontmatter
}

// bodyStart is the offset the Markdown body starts at: after the
// frontmatter of a topic file; for MEMORY.md, after the block Claude Code
// strips.
func (f *File) bodyStart() int {
	switch f.Kind {
	case KindIndex:
		return indexBodyStart(f.Src)
	case KindTopic, KindSkill:
		if fm := f.Frontmatter(); fm != nil && fm.CloseLine > 0 {
			return fm.Span.End
		}
	}
	return 0
}

// Body is the parsed Markdown body (for MEMORY.md, after its frontmatter
// if any); nil for a file that was not read.
func (f *File) Body() *markdown.Markdown {
	f.parseBody()
	return f.body
}

// ParseError is set when the Markdown parser failed; the body is then
// empty.
func (f *File) ParseError() error {
	f.parseBody()
	return f.parseErr
}

// Suppressions are the memlint-disable comments in the file.
func (f *File) Suppressions() []*Suppression {
	f.parseBody()
	return f.suppressions
}

// SetBody sets the parsed body of a file built by hand (tests of one
// rule's check), which is then never parsed from Src.
func (f *File) SetBody(md *markdown.Markdown) {
	f.bodyOnce.Do(func() { f.body = md })
}

// parseBody parses the body of a file that was read, once.
func (f *File) parseBody() {
	f.bodyOnce.Do(func() {
		if f.Lines == nil {
			return // not read: no body
		}
		if s := f.sharedBody(); s != nil {
			f.body, f.parseErr = s.Body(), s.ParseError()
			return
		}
		f.body, f.parseErr = markdown.ParseMarkdown(f.Src, f.bodyStart(), f.Lines)
		f.suppressions = parseSuppressions(f)
	})
}

// Pos returns the position of byte offset off.
func (f *File) Pos(off int) markdown.Pos { return f.Lines.Pos(off) }

// SpanPos returns the start and end positions of s.
func (f *File) SpanPos(s markdown.Span) (markdown.Pos, markdown.Pos) {
	return f.Lines.Pos(s.Start), f.Lines.Pos(s.End)
}

// Stem returns the file name without directory and ".md" extension.
func (f *File) Stem() string {
	base := path.Base(f.Rel)
	return strings.TrimSuffix(base, path.Ext(base))
}

// TypeNodes returns the top-level "type" value and the "metadata.type"
// value, either of which may be nil.
func (f *File) TypeNodes() (top, nested *yaml.Node) {
	if f.Frontmatter() == nil || f.Frontmatter().Doc == nil {
		return nil, nil
	}
	_, top = f.Frontmatter().Field("type")
	_, nested = markdown.Lookup(f.Frontmatter().Metadata(), "type")
	return top, nested
}

// MemoryType returns the memory's type as intended by its author: the
// nested metadata.type when present (the newer dialect), else the
// top-level type, lowercased and trimmed so that rules about structure
// apply to "Feedback" too. Rule memory-type reports the spelling.
func (f *File) MemoryType() string {
	top, nested := f.TypeNodes()
	v := markdown.ScalarValue(nested)
	if v == "" {
		v = markdown.ScalarValue(top)
	}
	return strings.ToLower(strings.TrimSpace(v))
}

// FieldValue returns the scalar value of a top-level frontmatter key.
func (f *File) FieldValue(key string) string {
	if f.Frontmatter() == nil {
		return ""
	}
	_, v := f.Frontmatter().Field(key)
	return markdown.ScalarValue(v)
}

// Modified returns the tool-written modification timestamp, from the
// top level or from metadata, and its node.
func (f *File) Modified() (string, *yaml.Node) {
	if f.Frontmatter() == nil || f.Frontmatter().Doc == nil {
		return "", nil
	}
	if _, v := markdown.Lookup(f.Frontmatter().Metadata(), "modified"); v != nil {
		return markdown.ScalarValue(v), v
	}
	_, v := f.Frontmatter().Field("modified")
	return markdown.ScalarValue(v), v
}

// ModifiedTime parses Modified as an ISO 8601 timestamp or date.
func (f *File) ModifiedTime() (time.Time, bool) {
	s, _ := f.Modified()
	return ParseISO8601(s)
}

// ParseISO8601 accepts the timestamp and date forms Claude Code and people
// write: 2026-09-12T10:28:39.238Z, with an offset or without a zone, or a
// bare date.
func ParseISO8601(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{
		time.RFC3339Nano,
		"2006-01-02T15:04:05.999999999",
		"2006-01-02T15:04",
		"2006-01-02T15:04Z07:00",
		"2006-01-02 15:04:05.999999999Z07:00",
		"2006-01-02 15:04:05.999999999",
		"2006-01-02",
	} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

func sortFiles(fs []*File) {
	sort.Slice(fs, func(i, j int) bool { return fs[i].Path < fs[j].Path })
}

// agentMemoryParents hold one memory dir per subagent.
var agentMemoryParents = map[string]bool{"agent-memory": true, "agent-memory-local": true}

// AgentMemoryParent reports whether a folder's name says it holds one
// memory dir per subagent (agent-memory/, agent-memory-local/).
func AgentMemoryParent(name string) bool { return agentMemoryParents[name] }

// KindOf judges the kind of the memory dir at OS path dir from its place
// (a subagent's folder under agent-memory/, team/ inside a memory dir) and,
// for a dir with no index and no topic file but daily logs, its content.
func KindOf(dir string, d *Dir) DirKind {
	clean := filepath.ToSlash(filepath.Clean(dir))
	parent := path.Base(path.Dir(clean))
	switch {
	case agentMemoryParents[parent]:
		return DirSubagent
	case path.Base(clean) == "team" && parent != "." && parent != "/":
		return DirTeam
	case d != nil && d.Index == nil && len(d.Topics) == 0 && len(d.Logs) > 0:
		return DirLogs
	}
	return DirAuto
}

// Mention is a repository path a memory file names, on a line (1-based).
type Mention struct {
	Path string
	Line int
}
