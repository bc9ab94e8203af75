package stalereference

import (
	_ "embed"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// StaleReference reports repository paths a memory names that the
// repository's index does not hold.
var StaleReference = &lint.Rule{
	ID:       "stale-reference",
	Stage:    lint.Preview,
	Severity: lint.Warning,
	Summary:  "a memory names a repository path (file or folder) that the repository does not have",
	Doc:      staleReferenceDoc,
	Fix:      "unsafe (--unsafe-fixes): replaces the path with the one git history renamed it to, when it shows a rename",
	Options:  lint.OptionsOf(options{}),
	Run:      run,
}

type options struct {
	Identifiers bool `option:"identifiers" doc:"also report an identifier alone in a code span (FooBar, snake_case_name, fooBar()) that no tracked text file contains; reads the tracked files once per run"`
}

//go:embed stale-reference.md
var staleReferenceDoc string

// maxFindings bounds the findings of one file: a memory written against
// another layout of the repository is one problem, not fifty.
const maxFindings = 10

func run(pass *lint.Pass) {
	repo := pass.Repo()
	if repo == nil {
		return
	}
	dirRel, ok := repoRel(repo.Root(), pass.Dir.Path, pass)
	if !ok {
		dirRel = "" // the user's memory of the project: outside the work tree
	}
	for _, f := range pass.Dir.Files() {
		if f.Template || !pass.Focused(f) || !pass.Keeps(f, lint.Warning) {
			continue
		}
		md := f.Body()
		if md == nil {
			continue
		}
		c := &checker{pass: pass, repo: repo, file: f, dirRel: dirRel, text: newTextReader(f, pass.Dir.Kind)}
		var words lint.Words
		if lint.OptionsFor[options](pass, f).Identifiers {
			words, _ = repo.(lint.Words)
		}
		mentions(f, repo.Root(), c.check)
		if words != nil {
			for _, s := range md.CodeSpans {
				c.identifier(trimBackticks(f.Src, s), words)
			}
		}
		c.flush()
	}
}

// repoRel returns the memory dir's path relative to the repository root,
// slash separated, when it lies inside the work tree.
func repoRel(root, dir string, pass *lint.Pass) (string, bool) {
	abs := pass.Abs(dir)
	if !pathutil.Within(abs, root) {
		return "", false
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

type checker struct {
	pass   *lint.Pass
	repo   lint.Repository
	file   *memory.File
	dirRel string
	text   *textReader
	found  int
	seen   map[string]bool
	// foreign says the memory names a folder outside the repository
	// (/Users/me/work/other/): its relative paths may be that folder's,
	// so none is reported.
	foreign bool
	// elsewhereNames are the names of folders the memory names that hold
	// another project inside the work tree but not in the repository (a
	// git-ignored reference-projects/Yuxi/): a path through a folder of
	// that name is that project's.
	elsewhereNames map[string]bool
	pending        []pendingFinding
	// pastPaths are the missing paths the file names as history, in
	// order, for its one summary.
	pastPaths []pastPath
	pastSeen  map[string]bool
}

// pendingFinding is a finding waiting for the whole file to be read: a
// later line may show its paths are another project's.
type pendingFinding struct {
	d    lint.Diagnostic
	segs []string // the path's segments, "" for an identifier
}

// pastPath is a missing path named as history.
type pastPath struct {
	path string
	line int
}

// elsewhere reports whether tok names a folder outside the work tree: an
// absolute or home path ending in a slash.
func (c *checker) elsewhere(tok string) bool {
	if !strings.HasSuffix(tok, "/") || len(tok) < 3 {
		return false
	}
	switch {
	case strings.HasPrefix(tok, "~/"):
		return !strings.HasPrefix(tok, "~/.")
	case strings.HasPrefix(tok, "/") && !strings.HasPrefix(tok, "//"):
		return !pathutil.Within(filepath.FromSlash(tok), c.repo.Root())
	}
	return false
}

// check checks one path the file names.
func (c *checker) check(m mention) {
	if c.elsewhere(m.raw) {
		c.foreign = true
		return
	}
	if !m.ok {
		return
	}
	p, segs := m.path, m.segs
	repo := c.repo
	if m.dir && len(segs) >= 2 && heldProject(segs[len(segs)-2]) && !repo.HasDir(p) && repo.Ignored(p) {
		// A git-ignored folder of another project's checkout kept in the
		// work tree (reference-projects/Yuxi/): its paths follow.
		c.elsewhereName(segs[len(segs)-1])
		return
	}
	// Precision: the first segment must be a folder the repository has.
	// "and/or", "owner/repo", "golang.org/x/tools" and dates never start
	// with one; a path that does is a claim about this repository.
	if !repo.HasDir(segs[0]) || present(repo, p) {
		return
	}
	// A folder that builds and tools write is not tracked; a path through
	// it is stale only when the repository does track that folder.
	for i, s := range segs[:len(segs)-1] {
		if untrackedSegments[s] && !repo.HasDir(strings.Join(segs[:i+1], "/")) {
			return
		}
	}
	if localOnlyFiles[p] {
		return
	}
	if c.dirRel != "" && c.dirRel != "." && (p == c.dirRel || strings.HasPrefix(p, c.dirRel+"/")) {
		return // the memory dir's own files: the link rules own them
	}
	if path.Ext(p) != "" && repo.Nested(p) {
		return // relative to a subproject's folder
	}
	if repo.Ignored(p) {
		return // on a developer's disk, in no clone: build output, local data
	}
	if template(repo, segs) {
		return
	}
	switch c.text.at(m) {
	case known:
		return
	case history:
		c.past(p, m.start)
		return
	}
	if !c.first(p) {
		return
	}
	c.report(m, p)
}

// present reports whether the repository has p: as a file or a folder,
// as a Markdown file written without its ".md" (docs/design for
// docs/design.md), or as the start of a tracked path (docs/07 for
// docs/07_backlog.md, gui/server for gui/server.py).
func present(repo lint.Repository, p string) bool {
	return repo.Tracked(p) || repo.HasDir(p) || repo.Tracked(p+".md") || repo.HasPrefix(p)
}

// template reports whether segs read as a template of a layout rather
// than a path: a placeholder segment (example/, my-app/, foo.ts), or a
// file named as its folder under a folder of features
// (src/modules/feature/feature.module.ts) when that folder is nowhere in
// the repository.
func template(repo lint.Repository, segs []string) bool {
	for _, s := range segs {
		stem := strings.ToLower(s)
		if i := strings.IndexByte(stem, '.'); i > 0 {
			stem = stem[:i]
		}
		if placeholderWords[stem] {
			return true
		}
		for _, p := range placeholderPrefixes {
			if strings.HasPrefix(stem, p) {
				return true
			}
		}
	}
	n := len(segs)
	if n < 3 {
		return false
	}
	folder, file := segs[n-2], segs[n-1]
	stem := file
	if i := strings.IndexByte(file, '.'); i > 0 {
		stem = file[:i]
	}
	return stem == folder && genericFolders[strings.ToLower(segs[n-3])] && !repo.HasDir(strings.Join(segs[:n-1], "/"))
}

// heldProject reports whether a folder of this name holds other
// projects' checkouts (projectHolders).
func heldProject(holder string) bool {
	for _, w := range nameWords(holder) {
		if projectHolders[w] {
			return true
		}
	}
	return false
}

// elsewhereName records the name of a folder holding another project.
func (c *checker) elsewhereName(name string) {
	if c.elsewhereNames == nil {
		c.elsewhereNames = map[string]bool{}
	}
	c.elsewhereNames[strings.ToLower(name)] = true
}

// past counts a missing path named as history, once.
func (c *checker) past(p string, off int) {
	if c.pastSeen[p] {
		return
	}
	if c.pastSeen == nil {
		c.pastSeen = map[string]bool{}
	}
	c.pastSeen[p] = true
	c.pastPaths = append(c.pastPaths, pastPath{path: p, line: c.file.Lines.LineOf(off)})
}

// first counts a finding for key and reports whether it is to be
// listed: the first time the file names it, within maxFindings.
func (c *checker) first(key string) bool {
	if c.seen == nil {
		c.seen = map[string]bool{}
	}
	if c.seen[key] {
		return false
	}
	c.seen[key] = true
	c.found++
	return c.found <= maxFindings
}

// identifier reports the code span s when it is one identifier that no
// tracked file contains.
func (c *checker) identifier(s markdown.Span, words lint.Words) {
	span := strings.TrimSpace(string(c.file.Src[s.Start:s.End]))
	name, ok := identifierOf(span)
	if !ok || words.HasWord(name) || c.text.atOffset(s.Start) != claim {
		return
	}
	if !c.first("`" + name) {
		return
	}
	f := c.file
	who := f.Stem() + ".md"
	if f == c.pass.Dir.Index {
		who = "the index"
	}
	from, to := f.SpanPos(s)
	c.pending = append(c.pending, pendingFinding{d: lint.Diagnostic{Path: f.Path, Start: from, End: to,
		Message:    fmt.Sprintf("%s names `%s`, which no tracked file contains", who, name),
		Suggestion: "check whether the memory still holds, then update the name or delete what no longer applies"}})
}

// identifierOf returns the name a code span holding one identifier names
// (fooBar for "fooBar()"); ok is false for what does not look like code:
// shorter than lint.MinWordLen, or a plain word (no capital after the
// first letter with lowercase letters too, no underscore inside, no
// call parentheses), so "Makefile", "README" and "main" are no
// identifiers.
func identifierOf(span string) (string, bool) {
	name, call := strings.CutSuffix(span, "()")
	if len(name) < lint.MinWordLen || name[0] >= '0' && name[0] <= '9' {
		return "", false
	}
	upperInside, lower := false, false
	for i := 0; i < len(name); i++ {
		b := name[i]
		switch {
		case b >= 'a' && b <= 'z':
			lower = true
		case b >= 'A' && b <= 'Z':
			upperInside = upperInside || i > 0
		case b >= '0' && b <= '9', b == '_':
		default:
			return "", false
		}
	}
	underscore := strings.Contains(strings.Trim(name, "_"), "_")
	return name, call || underscore || (upperInside && lower)
}

// report makes the finding for the path p the mention m names.
func (c *checker) report(m mention, p string) {
	f := c.file
	what := "file"
	if path.Ext(p) == "" {
		what = "path"
	}
	msg := fmt.Sprintf("%s names the %s %s, which the repository does not have", f.Stem()+".md", what, p)
	if f == c.pass.Dir.Index {
		msg = fmt.Sprintf("the index names the %s %s, which the repository does not have", what, p)
	}
	span := markdown.Span{Start: m.start, End: m.end}
	from, to := f.SpanPos(span)
	d := lint.Diagnostic{Path: f.Path, Start: from, End: to, Message: msg,
		Suggestion: "check whether the memory still holds, then update the path or delete what no longer applies"}
	written := string(f.Src[m.start:m.end])
	if renamed := c.repo.RenamedTo(p); renamed != "" {
		d.Message += fmt.Sprintf(" (git history renamed it to %s)", renamed)
		d.Suggestion = "write " + renamed + ", and check the rest of the memory still holds"
		replacement := renamed
		if strings.HasSuffix(written, "/") {
			replacement += "/"
		}
		if strings.HasPrefix(written, "./") {
			replacement = "./" + replacement
		}
		if !strings.HasPrefix(written, "/") && m.exact {
			// Unsafe: the memory's claim about the file may not hold for
			// the renamed one.
			d.Fix = &lint.Fix{Message: "write the renamed path", Unsafe: true,
				Edits: []memory.TextEdit{f.Replace(span, replacement)}}
		}
	}
	c.pending = append(c.pending, pendingFinding{d: d, segs: m.segs})
}

// flush reports what the file's scan found, unless it names another
// folder: the findings, the count past maxFindings, and one summary of
// the missing paths it names as history.
func (c *checker) flush() {
	if c.foreign {
		return
	}
	dropped := 0
	for _, p := range c.pending {
		if c.anotherProjects(p.segs) {
			dropped++
			continue
		}
		c.pass.Report(p.d)
	}
	if more := c.found - maxFindings - dropped; more > 0 {
		c.pass.ReportFile(c.file, fmt.Sprintf("%d more paths in this file are not in the repository (memlint lists the first %d)", more, maxFindings),
			"check the memory against the repository's current layout")
	}
	var past []pastPath
	for _, p := range c.pastPaths {
		if !c.anotherProjects(strings.Split(p.path, "/")) {
			past = append(past, p)
		}
	}
	if len(past) == 0 {
		return
	}
	c.text.readWhole()
	c.pass.Report(lint.Diagnostic{Path: c.file.Path, Severity: lint.Info, Key: "history",
		Message:    historySummary(c.file, c.pass.Dir.Index == c.file, c.text.log, past),
		Suggestion: "a record of the past may keep them; check that no memory relies on them, or say they are gone"})
}

// anotherProjects reports whether a path runs through a folder named as
// another project's (elsewhereNames).
func (c *checker) anotherProjects(segs []string) bool {
	for _, s := range segs {
		if c.elsewhereNames[strings.ToLower(s)] {
			return true
		}
	}
	return false
}

// maxSummaryPaths bounds the paths a history summary lists.
const maxSummaryPaths = 3

// historySummary words the summary of the missing paths a file names as
// history.
func historySummary(f *memory.File, index bool, log logReason, past []pastPath) string {
	who := f.Stem() + ".md"
	if index {
		who = "the index"
	}
	var list []string
	for _, p := range past[:min(len(past), maxSummaryPaths)] {
		list = append(list, fmt.Sprintf("%s, line %d", p.path, p.line))
	}
	shown := strings.Join(list, "; ")
	if len(past) > maxSummaryPaths {
		shown += "; …"
	}
	paths, are := fmt.Sprintf("%d paths", len(past)), "are"
	if len(past) == 1 {
		paths, are = "1 path", "is"
	}
	switch log {
	case logByName:
		return fmt.Sprintf("%s reads as a log: %s it records %s not in the repository now (%s)", who, paths, are, shown)
	case logOfSubagent:
		return fmt.Sprintf("%s, a subagent's notes of what it saw at the time, names %s that %s not in the repository now (%s)", who, paths, are, shown)
	case logResolved:
		return fmt.Sprintf("%s is marked as resolved: %s it names %s not in the repository now (%s)", who, paths, are, shown)
	}
	return fmt.Sprintf("%s names %s the repository does not have, on lines that record past events (%s)", who, paths, shown)
}
