package stalereference

import (
	"bytes"
	_ "embed"
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/memlint/memlint/lint"
)

// StaleReference reports repository paths a memory names that the
// repository's index does not hold.
var StaleReference = &lint.Rule{
	ID:       "stale-reference",
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
		if !pass.Focused(f) || !pass.Keeps(f, lint.Warning) {
			continue
		}
		md := f.Body()
		if md == nil {
			continue
		}
		c := &checker{pass: pass, repo: repo, file: f, dirRel: dirRel, history: historyCache{lines: f.Lines}}
		for _, s := range md.Prose {
			c.scan(s, false)
		}
		var words lint.Words
		if lint.OptionsFor[options](pass, f).Identifiers {
			words, _ = repo.(lint.Words)
		}
		for _, s := range md.CodeSpans {
			s = trimBackticks(f.Src, s)
			c.scan(s, true)
			if words != nil {
				c.identifier(s, words)
			}
		}
		c.flush()
	}
}

// repoRel returns the memory dir's path relative to the repository root,
// slash separated, when it lies inside the work tree.
func repoRel(root, dir string, pass *lint.Pass) (string, bool) {
	abs := pass.Abs(dir)
	if !lint.Within(abs, root) {
		return "", false
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// trimBackticks returns the content of a code span, without its backticks
// and the one space CommonMark strips.
func trimBackticks(src []byte, s lint.Span) lint.Span {
	for s.Start < s.End && src[s.Start] == '`' {
		s.Start++
	}
	for s.End > s.Start && src[s.End-1] == '`' {
		s.End--
	}
	return s
}

type checker struct {
	pass   *lint.Pass
	repo   lint.Repository
	file   *lint.File
	dirRel string
	found  int
	seen   map[string]bool
	// foreign says the memory names a folder outside the repository
	// (/Users/me/work/other/): its relative paths may be that folder's,
	// so none is reported.
	foreign bool
	pending []lint.Diagnostic
	history historyCache
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
		return !lint.Within(filepath.FromSlash(tok), c.repo.Root())
	}
	return false
}

// scan looks at the tokens of one run of text.
func (c *checker) scan(s lint.Span, code bool) {
	// A token with no slash is neither a path nor a folder elsewhere
	// (token), and most runs of prose have none.
	if bytes.IndexByte(c.file.Src[s.Start:s.End], '/') < 0 {
		return
	}
	tokens(c.file.Src, s, func(start, end int) { c.token(start, end, code) })
}

// tokens calls fn with the bounds of each path-like token of src[s], the
// sentence punctuation after it left out.
func tokens(src []byte, s lint.Span, fn func(start, end int)) {
	for i := s.Start; i < s.End; {
		if !isPathByte(src[i]) {
			i++
			continue
		}
		j := i
		for j < s.End && isPathByte(src[j]) {
			j++
		}
		// Sentence punctuation after a path is not part of it.
		end := j
		for end > i && strings.IndexByte(".,:;!?", src[end-1]) >= 0 {
			end--
		}
		if end > i {
			fn(i, end)
		}
		i = j
	}
}

// Ref is a repository path a memory's text names.
type Ref struct {
	// Path is slash separated, relative to the repository's root, without
	// a leading "./" or a trailing slash.
	Path string
	// Line is the 1-based line of the text it is on.
	Line int
}

// References returns the repository paths src names, in order, read as
// the rule reads them (URLs, home and variable paths, globs and paths
// outside root are none; a line that records a change, "src/x.ts was
// removed", names none), but without the rule's checks against a
// repository's files: for a caller that asks about given paths (the
// pre-commit hook's deleted and renamed files). root is the work tree's
// top folder, an absolute OS path.
func References(src []byte, root string) []Ref {
	var out []Ref
	lines := lint.NewLineIndex(src)
	history := historyCache{lines: lines}
	tokens(src, lint.Span{Start: 0, End: len(src)}, func(start, end int) {
		p, _, _, ok := repoPath(string(src[start:end]), root)
		if !ok || history.at(start) {
			return
		}
		out = append(out, Ref{Path: p, Line: lines.LineOf(start)})
	})
	return out
}

// repoPath cleans a token into the repository path it may name: n is the
// length of the token's path part, dir says it ends in a slash.
func repoPath(tok, root string) (p string, n int, dir, ok bool) {
	p, ok = candidate(tok)
	if !ok {
		return "", 0, false, false
	}
	n = len(p)
	if strings.HasPrefix(p, "/") {
		// An absolute path counts only inside the work tree.
		rel, err := filepath.Rel(root, filepath.FromSlash(p))
		if err != nil || !lint.Within(filepath.FromSlash(p), root) {
			return "", 0, false, false
		}
		p = filepath.ToSlash(rel)
	}
	p = strings.TrimPrefix(p, "./")
	dir = strings.HasSuffix(p, "/")
	return strings.TrimSuffix(p, "/"), n, dir, p != "" && p != "/"
}

// isPathByte reports whether b may be part of a path token. Other bytes
// (spaces, quotes, brackets, commas, every non-ASCII byte) end one, so a
// path in parentheses or next to CJK text is still found.
func isPathByte(b byte) bool { return pathBytes[b] }

// pathBytes are the bytes a token may hold: letters, digits and the
// punctuation of paths and of what only looks like one.
var pathBytes = func() (t [256]bool) {
	for b := 'a'; b <= 'z'; b++ {
		t[b], t[b-'a'+'A'] = true, true
	}
	for b := '0'; b <= '9'; b++ {
		t[b] = true
	}
	for _, b := range []byte("_-./@~*<>{}$%+#:=\\?&|!^") {
		t[b] = true
	}
	return t
}()

// token checks the token src[start:end].
func (c *checker) token(start, end int, code bool) {
	src := c.file.Src
	if bytes.IndexByte(src[start:end], '/') < 0 {
		return // neither a path (candidate) nor a folder elsewhere
	}
	tok := string(src[start:end])
	if c.elsewhere(tok) {
		c.foreign = true
		return
	}
	p, n, dir, ok := repoPath(tok, c.repo.Root())
	if !ok {
		return
	}
	end = start + n
	segs := strings.Split(p, "/")
	if len(segs) < 2 || !plausible(segs, code, dir) {
		return
	}
	// Precision: the first segment must be a folder the repository has.
	// "and/or", "owner/repo", "golang.org/x/tools" and dates never start
	// with one; a path that does is a claim about this repository.
	if !c.repo.HasDir(segs[0]) || c.repo.Tracked(p) || c.repo.HasDir(p) {
		return
	}
	// A folder that builds and tools write is not tracked; a path through
	// it is stale only when the repository does track that folder.
	for i, s := range segs[:len(segs)-1] {
		if untrackedSegments[s] && !c.repo.HasDir(strings.Join(segs[:i+1], "/")) {
			return
		}
	}
	if c.dirRel != "" && c.dirRel != "." && (p == c.dirRel || strings.HasPrefix(p, c.dirRel+"/")) {
		return // the memory dir's own files: the link rules own them
	}
	if path.Ext(p) != "" && c.repo.Nested(p) {
		return // relative to a subproject's folder
	}
	if c.repo.Ignored(p) {
		return // on a developer's disk, in no clone: build output, local data
	}
	if c.history.at(start) || !c.first(p) {
		return
	}
	c.report(start, end, p)
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
func (c *checker) identifier(s lint.Span, words lint.Words) {
	span := strings.TrimSpace(string(c.file.Src[s.Start:s.End]))
	name, ok := identifierOf(span)
	if !ok || words.HasWord(name) || c.history.at(s.Start) {
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
	c.pending = append(c.pending, lint.Diagnostic{Path: f.Path, Start: from, End: to,
		Message:    fmt.Sprintf("%s names `%s`, which no tracked file contains", who, name),
		Suggestion: "check whether the memory still holds, then update the name or delete what no longer applies"})
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

// report makes the finding for path p at src[start:end].
func (c *checker) report(start, end int, p string) {
	f := c.file
	what := "file"
	if path.Ext(p) == "" {
		what = "path"
	}
	msg := fmt.Sprintf("%s names the %s %s, which the repository does not have", f.Stem()+".md", what, p)
	if f == c.pass.Dir.Index {
		msg = fmt.Sprintf("the index names the %s %s, which the repository does not have", what, p)
	}
	from, to := f.SpanPos(lint.Span{Start: start, End: end})
	d := lint.Diagnostic{Path: f.Path, Start: from, End: to, Message: msg,
		Suggestion: "check whether the memory still holds, then update the path or delete what no longer applies"}
	if renamed := c.repo.RenamedTo(p); renamed != "" {
		d.Message += fmt.Sprintf(" (git history renamed it to %s)", renamed)
		d.Suggestion = "write " + renamed + ", and check the rest of the memory still holds"
		replacement := renamed
		if strings.HasSuffix(string(f.Src[start:end]), "/") {
			replacement += "/"
		}
		if strings.HasPrefix(string(f.Src[start:end]), "./") {
			replacement = "./" + replacement
		}
		if !strings.HasPrefix(string(f.Src[start:end]), "/") {
			// Unsafe: the memory's claim about the file may not hold for
			// the renamed one.
			d.Fix = &lint.Fix{Message: "write the renamed path", Unsafe: true,
				Edits: []lint.TextEdit{f.Replace(lint.Span{Start: start, End: end}, replacement)}}
		}
	}
	c.pending = append(c.pending, d)
}

// flush reports what the file's scan found, unless it names another
// folder.
func (c *checker) flush() {
	if c.foreign {
		return
	}
	for _, d := range c.pending {
		c.pass.Report(d)
	}
	if c.found > maxFindings {
		c.pass.ReportFile(c.file, fmt.Sprintf("%d more paths in this file are not in the repository (memlint lists the first %d)", c.found-maxFindings, maxFindings),
			"check the memory against the repository's current layout")
	}
}

// candidate cleans a token into the path it may name; ok is false for
// what is not a repository path: URLs, home and variable paths, globs,
// placeholders, package names, emails, options.
func candidate(tok string) (p string, ok bool) {
	if strings.Contains(tok, "://") || strings.Contains(tok, "...") || strings.Contains(tok, "//") {
		return "", false
	}
	if strings.ContainsAny(tok, "~*<>{}$%@\\=+?&|!^") || strings.HasPrefix(tok, "-") {
		return "", false
	}
	// A fragment or a line number names a place in the file.
	if i := strings.IndexByte(tok, '#'); i >= 0 {
		tok = tok[:i]
	}
	if i := strings.IndexByte(tok, ':'); i >= 0 {
		if !allDigitsOrColons(tok[i+1:]) {
			return "", false // a scheme, a drive, a key: value
		}
		tok = tok[:i]
	}
	if strings.HasPrefix(tok, "../") || !strings.Contains(strings.Trim(tok, "/"), "/") {
		return "", false
	}
	return tok, true
}

func allDigitsOrColons(s string) bool {
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != ':' && s[i] != '-' && s[i] != 'L' {
			return false
		}
	}
	return true
}

// plausible reports whether segments look like a file path: none empty or
// a dot folder, none a build output, and in prose a known extension, a
// trailing slash ("UI/UX", "read/write" are words).
func plausible(segs []string, code, dir bool) bool {
	for _, s := range segs {
		if s == "" || s == "." || s == ".." {
			return false
		}
		for _, ph := range placeholders {
			if strings.Contains(s, ph) {
				return false
			}
		}
	}
	last := segs[len(segs)-1]
	if allDigits(last) || strings.HasPrefix(last, ".env") {
		return false // docs/07 for docs/07_backlog.md; secrets files git ignores
	}
	ext := strings.TrimPrefix(path.Ext(last), ".")
	if untrackedExtensions[strings.ToLower(ext)] {
		return false
	}
	if ext != "" && !extensions[strings.ToLower(ext)] && !code {
		return false // "v1.2/3.4", "e.g./i.e."
	}
	if allDigits(strings.ReplaceAll(strings.Join(segs, ""), ".", "")) {
		return false // dates and versions: 12/05, 1.2/3
	}
	return code || dir || extensions[strings.ToLower(ext)]
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// historyCache remembers historyLine's answer for the line last asked
// about: the paths of a line are its tokens in a row, and a line naming
// several is read once.
type historyCache struct {
	lines   *lint.LineIndex
	line    int // the line asked about last, 0 for none
	history bool
}

func (h *historyCache) at(off int) bool {
	if l := h.lines.LineOf(off); l != h.line {
		h.line, h.history = l, historyLine(h.lines, off)
	}
	return h.history
}

// historyLine reports whether the line holding off says the path is gone
// or not there yet (historyWords).
func historyLine(lines *lint.LineIndex, off int) bool {
	// An HTML comment's closing "-->" is no arrow.
	raw := strings.ReplaceAll(string(lines.Line(lines.LineOf(off))), "-->", "")
	for _, m := range historyMarks {
		if strings.Contains(raw, m) {
			return true
		}
	}
	line := strings.ToLower(raw)
	for _, w := range strings.FieldsFunc(line, func(r rune) bool {
		return !unicode.IsLetter(r)
	}) {
		if historyWords[w] {
			return true
		}
	}
	return false
}
