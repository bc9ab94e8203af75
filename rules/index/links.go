package index

import (
	_ "embed"
	"github.com/memlint/memlint/rules/internal/ruleutil"
	"github.com/memlint/memlint/rules/secret"

	"bytes"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/internal/suggest"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// DanglingLink reports index links to memory files that do not exist.
var DanglingLink = &lint.Rule{
	ID:       "index-dangling-link",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "an index link points at a memory file that does not exist (a warning when it means a repository document)",
	Doc:      danglingLinkDoc,
	Fix:      "unsafe (--unsafe-fixes): deletes the entry when it is a list item of its own that says nothing but the link (the memory may only have been renamed; a hook after the link may be all that is left of it, so such an entry is never deleted)",
	Run: func(pass *lint.Pass) {
		d := pass.Dir
		f := d.Index
		if f == nil {
			return
		}
		var names []string
		for _, t := range d.Topics {
			names = append(names, t.Rel)
		}
		suggest := suggest.New(names)
		var owners *linkOwners // entryOwners(f), once a link needs it
		repo, dirRel, inRepo := repositoryOf(pass)
		for _, l := range ruleutil.TopicLinks(f.Body().Links) {
			if d.Exists(l.Target) {
				continue
			}
			if inRepo && repo.Ignored(path.Join(dirRel, l.Target)) {
				// A file git ignores (*progress*.md, notes.local.md) is in
				// no clone, but on the disk of whoever wrote the link, and
				// Claude Code there loads it.
				continue
			}
			if inRepo {
				if doc := repositoryDocument(repo, dirRel, l.Target); doc != "" {
					start, end := f.SpanPos(l.Span)
					pass.Report(lint.Diagnostic{Severity: lint.Warning, Path: f.Path, Start: start, End: end,
						Message:    fmt.Sprintf("%s is not in this memory dir, so the link leads nowhere; the repository has %s, which it probably means, but an index link is read from the memory dir", l.Target, doc),
						Suggestion: fmt.Sprintf("name the document by its path in backticks (`%s`) instead of linking it, or link a topic file that sums up what the agent needs from it", doc)})
					continue
				}
			}
			msg := fmt.Sprintf("%s does not exist in this memory dir", l.Target)
			suggestion := "fix the file name or delete the entry"
			target := l.Target
			// phase8_findings.md is not a misspelt phase3_findings.md: a
			// sibling that differs only in its numbers is another memory.
			near := suggest.ClosestExcept(target, func(c string) bool { return onlyNumbersDiffer(target, c) })
			if near != "" {
				msg += fmt.Sprintf(" (did you mean %s?)", near)
				suggestion = "link " + near
			}
			if owners == nil {
				owners = entryOwners(f)
			}
			var fix *lint.Fix
			if e, ok := soleEntry(f, owners, l.Link); ok && onlyLinks(f, e) {
				// Unsafe: the memory may only have been renamed. Only an
				// entry that says nothing but the link is deleted: a hook
				// after it may be all that is left of the memory.
				fix = &lint.Fix{Message: "delete the entry", Unsafe: true, Edits: []memory.TextEdit{f.DeleteLines(e.StartLine, e.EndLine)}}
			} else if near == "" {
				suggestion = "fix the file name; if the memory is gone, keep what this entry says in a topic file while it still holds, then delete the entry"
			}
			start, end := f.SpanPos(l.Span)
			diag := lint.Diagnostic{Path: f.Path, Start: start, End: end, Message: msg, Suggestion: suggestion, Fix: fix}
			pass.Report(diag)
		}
	},
}

//go:embed index-dangling-link.md
var danglingLinkDoc string

// repositoryOf returns the repository the memory dir is committed in and
// the dir's path in it ("." at its top); ok is false when the run has no
// repository or the dir lies outside it (a user's own Claude Code memory).
func repositoryOf(pass *lint.Pass) (repo lint.Repository, dirRel string, ok bool) {
	repo = pass.Repo()
	if repo == nil {
		return nil, "", false
	}
	abs := pass.Abs(pass.Dir.Path)
	if !pathutil.Within(abs, repo.Root()) {
		return nil, "", false
	}
	rel, err := filepath.Rel(repo.Root(), abs)
	if err != nil {
		return nil, "", false
	}
	return repo, filepath.ToSlash(rel), true
}

// repositoryDocument returns the path of the repository document a link
// to a missing memory file probably means: a tracked file of that name,
// in any case ("design.md" for DESIGN.md), in a folder above the memory
// dir up to the repository's top, where the documents the whole project
// shares are kept; "" when there is none.
func repositoryDocument(repo lint.Repository, dirRel, target string) string {
	dir, base := path.Split(target)
	ext := path.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	names := []string{base, strings.ToUpper(stem) + ext, strings.ToLower(stem) + ext, strings.ToLower(base)}
	for up := dirRel; up != "." && up != "" && up != "/"; {
		up = path.Dir(up)
		for _, n := range names {
			if p := path.Join(up, dir, n); repo.Tracked(p) {
				return p
			}
		}
	}
	return ""
}

// LinkEscape reports index links that leave the memory dir.
var LinkEscape = &lint.Rule{
	ID:       "index-link-escape",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "an index link leaves the memory dir (../, an absolute path)",
	Doc:      linkEscapeDoc,
	Run: func(pass *lint.Pass) {
		f := pass.Dir.Index
		if f == nil {
			return
		}
		for _, l := range f.Body().Links {
			target, kind := memory.ResolveLink(memory.IndexName, l.Dest)
			if kind != memory.LinkEscape {
				continue
			}
			what := "a path outside the memory dir"
			if !strings.HasPrefix(target, "..") {
				what = "an absolute path"
			}
			pass.ReportSpan(f, l.Span,
				fmt.Sprintf("link to %s (%s): index links must stay inside the memory dir; what lies outside it is not a memory, and a link out of the dir breaks when the dir is used from elsewhere", ruleutil.Clip(l.Dest, 60), what),
				escapeSuggestion(pass, target))
		}
	},
}

// escapeSuggestion says how to keep what a link out of the memory dir
// gives the agent without the link. Moving the file into the memory dir
// would take a document away from the repository (or from wherever else
// it is read): the file stays where it is, and the memory says what the
// agent needs from it and names its path. A target the repository tracks
// is named by its path in the repository.
func escapeSuggestion(pass *lint.Pass, target string) string {
	name := target
	if repoPath := repositoryPath(pass, target); repoPath != "" {
		name = repoPath
	}
	return fmt.Sprintf("leave the file where it is; write a topic file in this dir that sums up what the agent needs from it and names its path in backticks (`%s`), and link that topic file here — or, if a mention is enough, write the path in backticks instead of a link",
		ruleutil.Clip(name, 80))
}

// repositoryPath returns the path, relative to the top of the repository
// the memory dir is committed in, of a relative link target that leaves
// the dir ("../docs/design.md" from .claude/memory/ is
// ".claude/docs/design.md"), when the repository tracks it; "" otherwise.
func repositoryPath(pass *lint.Pass, target string) string {
	if !strings.HasPrefix(target, "..") {
		return ""
	}
	repo := pass.Repo()
	if repo == nil {
		return ""
	}
	abs := filepath.Join(pass.Abs(pass.Dir.Path), filepath.FromSlash(target))
	rel, err := filepath.Rel(repo.Root(), abs)
	if err != nil {
		return ""
	}
	rel = filepath.ToSlash(rel)
	switch {
	case rel == ".." || strings.HasPrefix(rel, "../"):
		return ""
	case repo.Tracked(rel):
		return rel
	case repo.HasDir(rel):
		return rel + "/" // a folder: "docs/"
	}
	return ""
}

//go:embed index-link-escape.md
var linkEscapeDoc string

// OrphanMemory reports topic files the index does not list.
var OrphanMemory = &lint.Rule{
	ID:       "orphan-memory",
	Stage:    lint.Preview,
	Severity: lint.Warning,
	Summary:  "a topic file is neither linked nor named in MEMORY.md",
	Doc:      orphanMemoryDoc,
	Fix:      "safe (--fix): appends an index entry made from the memory's name and description (the description left out when it holds a secret; none when the name does, or when the index ends inside an open code fence, comment or HTML block, which would swallow it)",
	Run: func(pass *lint.Pass) {
		d := pass.Dir
		if d.Index == nil {
			return
		}
		linked := map[string]bool{}
		folders := map[string]bool{} // "- [Archive](archive/)": the index points at a folder of memories
		for _, l := range d.Index.Body().Links {
			if target, kind := memory.ResolveLink(memory.IndexName, l.Dest); kind == memory.LinkLocal && !l.Image {
				if ruleutil.IsMarkdownPath(target) {
					linked[target] = true
				} else if target != "." {
					folders[target] = true
				}
			}
		}
		var named map[string]bool // built when a file is neither linked nor wikilinked
		var instructed map[string]bool
		wiki := map[string]bool{}
		for _, w := range d.Index.Body().WikiLinks {
			wiki[strings.ToLower(strings.TrimSpace(w.Target))] = true
		}
		for _, t := range d.Topics {
			if !pass.Focused(t) {
				continue // its finding is not kept: no entry to make for it (the Claude Code hook)
			}
			if linked[t.Rel] || d.ParentLinks[t.Rel] || wiki[strings.ToLower(t.Stem())] || wiki[strings.ToLower(strings.TrimSuffix(t.Rel, path.Ext(t.Rel)))] ||
				(t.FieldValue("name") != "" && wiki[strings.ToLower(strings.TrimSpace(t.FieldValue("name")))]) {
				continue
			}
			if folderDoc(t) || underLinkedFolder(folders, t.Rel) || template(t) {
				continue
			}
			if named == nil {
				named = namedFiles(d.Index, d.Topics, dirName(pass))
			}
			if named[t.Rel] {
				continue
			}
			if len(bytes.TrimSpace(t.Src)) == 0 {
				continue // an empty file holds no memory to list (frontmatter-missing reports it)
			}
			if instructed == nil {
				instructed = namedInInstructions(pass.Instructions(), d.Topics, dirName(pass))
			}
			if instructed[t.Rel] {
				continue // CLAUDE.md, loaded into every conversation, tells the agent where it is
			}
			entry, clean := orphanEntry(t)
			diag := lint.Diagnostic{Path: t.Path, Message: "memory is not listed in MEMORY.md, so the agent does not know it exists",
				Suggestion: "add to MEMORY.md: " + entry}
			if clean && appendIsRead(d.Index) {
				diag.Fix = &lint.Fix{Message: "add an index entry", Edits: []memory.TextEdit{d.Index.AppendLine(entry)}}
			}
			pass.Report(diag)
		}
	},
}

// orphanEntry is the index entry suggested for t, from its name and
// description. MEMORY.md is loaded into every conversation, so a fix must
// never copy a secret there: a description the secret rule would flag is
// left out, and clean is false (no fix) when the link itself holds one;
// the entry is then the same in the suggestion, in --diff and on disk.
func orphanEntry(t *memory.File) (entry string, clean bool) {
	entry = ruleutil.MemoryEntry(t)
	if secret.Redact(entry) == entry {
		return entry, true
	}
	entry = ruleutil.MemoryLink(t)
	return entry, secret.Redact(entry) == entry
}

//go:embed orphan-memory.md
var orphanMemoryDoc string

// fileTokenLen returns the length of the run of characters a file name is
// made of (letters, digits, _ . - /) at the start of b.
func fileTokenLen(b []byte) int {
	n := 0
	for n < len(b) {
		c := b[n]
		if c < utf8.RuneSelf {
			if c == '_' || c == '.' || c == '-' || c == '/' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
				n++
				continue
			}
			break
		}
		r, size := utf8.DecodeRune(b[n:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		n += size
	}
	return n
}

// nameIn looks a lowercased name up in names (lowercased name → topic
// path), as written or through the memory dir's folder: a path whose last
// folder before the topic's path is the dir's own name (dirName) or
// memory, the name of Claude Code's own memory dirs, names the topic
// ("memory/feedback_testing.md", "docs/claude-memory/x.md",
// "~/.claude/projects/…/memory/x.md"), as the memory written where Claude
// Code keeps it and committed elsewhere calls its files.
func nameIn(name string, names map[string]string, dirName string) (string, bool) {
	if rel, ok := names[name]; ok {
		return rel, true
	}
	slash := strings.LastIndexByte(name, '/')
	if slash < 0 {
		return "", false
	}
	rel, ok := names[name[slash+1:]]
	if !ok {
		return "", false
	}
	prefix, ok := strings.CutSuffix(name, "/"+strings.ToLower(rel))
	if !ok {
		return "", false
	}
	folder := prefix[strings.LastIndexByte(prefix, '/')+1:]
	if folder == "memory" || folder == "memories" || folder == dirName {
		return rel, true
	}
	return "", false
}

// namedFiles returns the topic files the index names outside HTML comments
// (Claude Code strips top-level ones): by path or file name anywhere
// ("feedback_testing.md", also through the dir's folder, nameIn), by stem
// in a code span (`feedback_testing`) or when the stem looks like a file
// name (feedback_testing, not a plain word such as testing).
func namedFiles(f *memory.File, topics []*memory.File, dirName string) map[string]bool {
	names := map[string]string{} // lowercased name → topic path
	code := map[string]string{}  // the same, written in a code span
	for _, t := range topics {
		rel, base, stem := strings.ToLower(t.Rel), strings.ToLower(path.Base(t.Rel)), strings.ToLower(t.Stem())
		names[rel], names[base] = t.Rel, t.Rel
		code[rel], code[base], code[stem] = t.Rel, t.Rel, t.Rel
		if strings.Contains(stem, "_") {
			names[stem] = t.Rel
		}
	}
	src := bytes.ToLower(f.Src[f.Body().Start:])
	for _, c := range f.Body().Comments {
		for i := max(c.Start-f.Body().Start, 0); i < c.End-f.Body().Start && i < len(src); i++ {
			src[i] = ' '
		}
	}
	named := map[string]bool{}
	for i := 0; i < len(src); {
		j := i + fileTokenLen(src[i:])
		if j == i {
			_, size := utf8.DecodeRune(src[i:])
			i += size
			continue
		}
		if rel, ok := nameIn(string(bytes.TrimRight(src[i:j], ".-/")), names, dirName); ok {
			named[rel] = true
		}
		i = j
	}
	for _, cs := range f.Body().CodeSpans {
		w := bytes.Trim(src[max(cs.Start-f.Body().Start, 0):max(cs.End-f.Body().Start, 0)], "` ")
		if rel, ok := code[string(w)]; ok {
			named[rel] = true
		}
	}
	return named
}

// namedInInstructions returns the topic files that the instructions Claude
// Code loads with the dir in every conversation (the repository's
// CLAUDE.md and kin, what they import) name: by their path through the
// dir's folder ("docs/claude-memory/x.md", "memory/x.md": nameIn), by
// their path in the dir, or by a file name that reads as one
// (feedback_red_flags.md; not notes.md, which may be any notes.md). The
// agent reads those names in every conversation: it knows the files.
func namedInInstructions(files []claude.InstructionFile, topics []*memory.File, dirName string) map[string]bool {
	named := map[string]bool{}
	if len(files) == 0 {
		return named
	}
	byName := map[string]string{} // lowercased path in the dir, and file-like file names → topic path
	for _, t := range topics {
		rel := strings.ToLower(t.Rel)
		if strings.Contains(rel, "/") || fileLikeStem(t.Stem()) {
			byName[rel] = t.Rel
		}
		if fileLikeStem(t.Stem()) {
			byName[strings.ToLower(path.Base(t.Rel))] = t.Rel
		}
	}
	byBase := map[string]string{} // every file name, for paths through the dir's folder
	for _, t := range topics {
		byBase[strings.ToLower(path.Base(t.Rel))] = t.Rel
	}
	for _, f := range files {
		src := bytes.ToLower(f.Src)
		for i := 0; i < len(src); {
			j := i + fileTokenLen(src[i:])
			if j == i {
				_, size := utf8.DecodeRune(src[i:])
				i += size
				continue
			}
			name := string(bytes.TrimRight(src[i:j], ".-/"))
			if rel, ok := byName[name]; ok {
				named[rel] = true
			} else if rel, ok := nameIn(name, byBase, dirName); ok && strings.Contains(name, "/") {
				named[rel] = true
			}
			i = j
		}
	}
	return named
}

// dirName is the memory dir's folder name, lowercased ("claude-memory").
func dirName(pass *lint.Pass) string {
	return strings.ToLower(filepath.Base(pass.Abs(pass.Dir.Path)))
}

// template reports whether a topic file is a template for memories, not
// one: its name and its description are unfilled slots
// ("name: <kebab-case-slug>"). Listing it in the index would offer the
// agent a memory that says nothing.
func template(t *memory.File) bool {
	return ruleutil.IsPlaceholder(t.FieldValue("name")) && ruleutil.IsPlaceholder(t.FieldValue("description"))
}

// underLinkedFolder reports whether a path lies under one of the folders.
func underLinkedFolder(folders map[string]bool, rel string) bool {
	for dir := path.Dir(rel); len(folders) > 0 && dir != "." && dir != "/"; dir = path.Dir(dir) {
		if folders[dir] {
			return true
		}
	}
	return false
}

// folderDoc reports whether a file documents the folder rather than being
// a memory: no frontmatter, and a README or an all-capitals name such as
// NOTES.md or CHANGELOG.md.
func folderDoc(t *memory.File) bool {
	if t.Frontmatter() != nil {
		return false
	}
	stem := t.Stem()
	if strings.EqualFold(stem, "readme") {
		return true
	}
	letters := 0
	for _, r := range stem {
		switch {
		case unicode.IsUpper(r):
			letters++
		case unicode.IsLower(r):
			return false
		}
	}
	return letters >= 2
}

// appendIsRead reports whether a line appended to the index is read as an
// entry of its own. It is not when the index ends inside an unclosed
// fenced code block or comment, or in a raw HTML block, which would take
// the line in: a fix appending there would change the file without
// linking the memory, again on every run.
func appendIsRead(f *memory.File) bool {
	blocks := f.Body().Blocks
	if len(blocks) == 0 {
		return true
	}
	last := blocks[len(blocks)-1]
	switch last.Kind {
	case markdown.BlockHTML:
		return false
	case markdown.BlockComment:
		return bytes.HasSuffix(bytes.TrimRight(f.Src[last.Start:last.End], " \t\r\n"), []byte("-->"))
	case markdown.BlockCode:
		for _, cb := range f.Body().CodeBlocks {
			if cb.Span == last.Span {
				return !cb.Fenced || cb.Closed
			}
		}
	}
	return true
}

// soleEntry returns the index entry of a link when the entry is a list item
// whose only memory link it is, so that deleting the entry's lines removes
// that link and nothing else. owners is entryOwners(f), computed once per
// index so that a lookup per link keeps the rules linear.
func soleEntry(f *memory.File, owners *linkOwners, l markdown.Link) (memory.IndexEntry, bool) {
	i, ok := owners.of[l.Start]
	if !ok {
		return memory.IndexEntry{}, false
	}
	e := f.Index.Entries[i]
	single, known := owners.single[i]
	if !known {
		// Once per entry: an entry of thousands of dangling links would
		// read its links again for each.
		single = len(ruleutil.TopicLinks(e.Links)) == 1
		owners.single[i] = single
	}
	if !single || f.Body().Items[e.Item].HasSublist {
		return e, false
	}
	return e, true
}

// linkOwners is where the links of an index stand: the entry of each
// (entryOwners), and whether an entry has a single memory link, once
// soleEntry asked.
type linkOwners struct {
	of     map[int]int  // link start → index in f.Index.Entries
	single map[int]bool // index in f.Index.Entries → one memory link
}

// entryOwners maps the start of every link of the index (in its body or in
// an entry) to the first list-item entry, in source order, whose span holds
// it. Entries are sorted by start, so one sweep over the sorted link starts
// with a queue of the items begun so far finds them all: an item that ends
// before one link ends before every later one, and the queue's front, once
// the ended items are dropped from it, is the earliest item still open.
func entryOwners(f *memory.File) *linkOwners {
	var starts []int
	for _, l := range f.Body().Links {
		starts = append(starts, l.Start)
	}
	for _, e := range f.Index.Entries {
		for _, l := range e.Links {
			starts = append(starts, l.Start)
		}
	}
	slices.Sort(starts)
	starts = slices.Compact(starts)
	owners := make(map[int]int, len(starts))
	var open []int // items begun, front first; ended ones dropped lazily
	next := 0
	for _, pos := range starts {
		for ; next < len(f.Index.Entries) && f.Index.Entries[next].Start <= pos; next++ {
			if f.Index.Entries[next].Kind == memory.EntryItem {
				open = append(open, next)
			}
		}
		for len(open) > 0 && f.Index.Entries[open[0]].End <= pos {
			open = open[1:]
		}
		if len(open) > 0 {
			owners[pos] = open[0]
		}
	}
	return &linkOwners{of: owners, single: map[int]bool{}}
}

// onlyNumbersDiffer reports whether a and b are the same name but for the
// digits in them ("phase8_findings.md", "phase13_findings.md").
func onlyNumbersDiffer(a, b string) bool {
	return a != b && stripDigits(a) == stripDigits(b)
}

func stripDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return r
	}, s)
}
