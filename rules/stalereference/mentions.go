package stalereference

import (
	"bytes"
	"path"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// mention is a token of a memory's text that may name a repository path.
type mention struct {
	// start and end bound the text to flag (the path part of the token).
	start, end int
	// raw is the token as written.
	raw string
	// ok says the token reads as a repository path: path, segs and dir
	// are then set.
	ok   bool
	path string   // slash separated, relative to the root, no "./" or trailing "/"
	segs []string // path's segments
	dir  bool     // written with a trailing slash
	code bool     // in a code span
	// exact says src[start:end] is the path as written, byte for byte,
	// so a fix may replace it (a span wrapped over lines is not).
	exact bool
}

// mentions calls fn with each token of f's prose and code spans that may
// name a path, in order. Fenced and indented code blocks are not read:
// they often show a layout to create.
func mentions(f *memory.File, root string, fn func(mention)) {
	md := f.Body()
	if md == nil {
		return
	}
	src := f.Src
	// Prose and code spans, merged in document order.
	spans, codes := md.Prose, md.CodeSpans
	for len(spans) > 0 || len(codes) > 0 {
		if len(codes) == 0 || (len(spans) > 0 && spans[0].Start < codes[0].Start) {
			proseMentions(src, spans[0], root, fn)
			spans = spans[1:]
			continue
		}
		codeMentions(src, trimBackticks(src, codes[0]), root, fn)
		codes = codes[1:]
	}
}

// proseMentions reads the path tokens of a run of prose.
func proseMentions(src []byte, s markdown.Span, root string, fn func(mention)) {
	// A token with no slash is neither a path nor a folder elsewhere, and
	// most runs of prose have none.
	if s.End <= s.Start || !strings.Contains(string(src[s.Start:s.End]), "/") {
		return
	}
	tokens(src, s, func(start, end int) {
		if bytes.IndexByte(src[start:end], '/') < 0 || cutName(src, s, start, end) {
			return // neither a path nor a folder elsewhere, or a cut one
		}
		fn(newMention(string(src[start:end]), start, root, false, true))
	})
}

// cutName reports whether the prose token src[start:end] is only the
// ASCII part of a name that runs on in other letters
// (docs/SparkLab-产品设计文档.md): its last segment has no known
// extension and a letter beyond ASCII follows it with no space between.
// (A path followed by CJK text, "src/a.ts文件", is whole.)
func cutName(src []byte, s markdown.Span, start, end int) bool {
	if end >= s.End || src[end] < utf8.RuneSelf {
		return false
	}
	r, _ := utf8.DecodeRune(src[end:])
	if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
		return false
	}
	ext := strings.ToLower(strings.TrimPrefix(path.Ext(string(src[start:end])), "."))
	return !extensions[ext]
}

// codeMentions reads a code span: the whole span is one path when it
// reads as one (a name with letters beyond ASCII or with spaces inside,
// a path wrapped over a line break); a command's words are read one by
// one.
func codeMentions(src []byte, s markdown.Span, root string, fn func(mention)) {
	text := string(src[s.Start:s.End])
	if !strings.Contains(text, "/") {
		return
	}
	lead := len(text) - len(strings.TrimLeft(text, " \t\n"))
	text = strings.TrimSpace(text)
	start := s.Start + lead
	if !strings.ContainsAny(text, " \t\n\r") {
		fn(newMention(text, start, root, true, true))
		return
	}
	if joined, ok := unwrap(text); ok {
		m := newMention(joined, start, root, true, false)
		m.end = start + len(text)
		fn(m)
		return
	}
	if spacedPath(text) {
		fn(newMention(text, start, root, true, true))
		return
	}
	// A command or a list: each word on its own, unless a placeholder
	// makes the span a template to fill in (`run scripts/x.js --network
	// <net>`).
	if strings.Contains(text, "<") && strings.Contains(text, ">") || strings.Contains(text, "{") && strings.Contains(text, "}") {
		return
	}
	for i := 0; i < len(text); {
		if isSpace(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && !isSpace(text[j]) {
			j++
		}
		if strings.Contains(text[i:j], "/") {
			fn(newMention(text[i:j], start+i, root, true, true))
		}
		i = j
	}
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// unwrap joins a path a line break split (CommonMark reads the break
// inside a code span as a space): "docs/very/long/\n  name.md". ok is
// false unless the span's only spaces are those of the breaks.
func unwrap(text string) (string, bool) {
	if !strings.Contains(text, "\n") {
		return "", false
	}
	var b strings.Builder
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t\r")
		if i > 0 {
			line = strings.TrimLeft(line, " \t")
		}
		if strings.ContainsAny(line, " \t") || line == "" {
			return "", false
		}
		b.WriteString(line)
	}
	return b.String(), true
}

// spacedPath reports whether a code span holding spaces reads as one path
// with spaces in its names (docs/Config Studio/TASKS.md): its first
// segment has none (`python scripts/run.py` is a command), every segment
// holds a letter or digit, none starts or ends with a space, none starts
// with "-", and the last ends in a known extension or the span in a slash.
func spacedPath(text string) bool {
	if strings.ContainsAny(text, "\n\r\t|&;<>$`\"'=") {
		return false
	}
	segs := strings.Split(strings.TrimSuffix(text, "/"), "/")
	if len(segs) < 2 {
		return false
	}
	if strings.Contains(segs[0], " ") {
		return false // a command before a path: `python scripts/run.py`
	}
	for _, s := range segs {
		if s == "" || s != strings.TrimSpace(s) || strings.HasPrefix(s, "-") || !strings.ContainsFunc(s, isWordRune) {
			return false
		}
	}
	ext := strings.ToLower(strings.TrimPrefix(path.Ext(segs[len(segs)-1]), "."))
	return strings.HasSuffix(text, "/") || extensions[ext]
}

// newMention reads the token tok, written at src offset start, as the
// repository path it may name.
func newMention(tok string, start int, root string, code, exact bool) mention {
	m := mention{start: start, end: start + len(tok), raw: tok, code: code, exact: exact}
	p, n, dir, ok := repoPath(tok, root)
	if !ok {
		return m
	}
	if exact {
		m.end = start + n
	}
	segs := strings.Split(p, "/")
	if len(segs) < 2 || !plausible(segs, code, dir) {
		return m
	}
	m.ok, m.path, m.segs, m.dir = true, p, segs, dir
	return m
}

// trimBackticks returns the content of a code span, without its backticks.
func trimBackticks(src []byte, s markdown.Span) markdown.Span {
	for s.Start < s.End && src[s.Start] == '`' {
		s.Start++
	}
	for s.End > s.Start && src[s.End-1] == '`' {
		s.End--
	}
	return s
}

// tokens calls fn with the bounds of each path-like token of src[s], the
// sentence punctuation after it left out.
func tokens(src []byte, s markdown.Span, fn func(start, end int)) {
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

// isPathByte reports whether b may be part of a path token in prose.
// Other bytes (spaces, quotes, brackets, commas, every non-ASCII byte) end
// one, so a path in parentheses or next to CJK text is still found.
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
		if err != nil || !pathutil.Within(filepath.FromSlash(p), root) {
			return "", 0, false, false
		}
		p = filepath.ToSlash(rel)
	}
	p = strings.TrimPrefix(p, "./")
	dir = strings.HasSuffix(p, "/")
	return strings.TrimSuffix(p, "/"), n, dir, p != "" && p != "/"
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
// a dot folder, none a placeholder; in prose a known extension or a
// trailing slash ("UI/UX", "read/write" are words); in a code span a known
// extension, a trailing slash, or three segments or more: two names joined
// by a slash without either (`docs/bsp-fix`, `tools/nodraw`, `api/users`)
// are as often a branch, a route or an asset's name as a folder.
func plausible(segs []string, code, dir bool) bool {
	for _, s := range segs {
		if s == "" || s == "." || s == ".." {
			return false
		}
		if !strings.ContainsAny(s, placeholderBytes) {
			continue // no placeholder can be in it
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
	ext := strings.ToLower(strings.TrimPrefix(path.Ext(last), "."))
	if untrackedExtensions[ext] {
		return false
	}
	if ext != "" && !extensions[ext] && !code {
		return false // "v1.2/3.4", "e.g./i.e."
	}
	if allDigits(strings.ReplaceAll(strings.Join(segs, ""), ".", "")) {
		return false // dates and versions: 12/05, 1.2/3
	}
	if dir || extensions[ext] {
		return true
	}
	return code && (ext != "" || len(segs) >= 3)
}

// placeholderBytes are the bytes every placeholder holds one of: a
// segment without any needs no search for them.
var placeholderBytes = func() string {
	seen := map[rune]bool{}
	var b strings.Builder
	for _, ph := range placeholders {
		r, _ := utf8.DecodeRuneInString(strings.Trim(ph, "-_"))
		if !seen[r] {
			seen[r] = true
			b.WriteRune(r)
		}
	}
	return b.String()
}()

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// Ref is a repository path a memory's text names.
type Ref struct {
	// Path is slash separated, relative to the repository's root, without
	// a leading "./" or a trailing slash.
	Path string
	// Line is the 1-based line of the text it is on.
	Line int
}

// References returns the repository paths a memory file claims, in
// order, read as the rule reads them, but without the rule's checks
// against a repository's files: for a caller that asks about given paths
// (the pre-commit hook's deleted and renamed files). URLs, home and
// variable paths, globs and paths outside root are none; so are the
// paths the text names as history or already knows about (a log, a
// subagent's notes, a past event, "src/x.ts was removed", an example).
// name is the file's path and dir its memory dir's, both slash separated
// and relative to root, the work tree's top folder (an absolute OS path).
func References(src []byte, name, dir, root string) []Ref {
	f := &memory.File{Path: name, Rel: strings.TrimPrefix(name, dir+"/"), Kind: memory.KindTopic, Src: src, Lines: markdown.NewLineIndex(src)}
	switch {
	case dir == ".":
		f.Rel = name
	}
	if path.Base(f.Rel) == memory.IndexName && path.Dir(f.Rel) == "." {
		f.Kind = memory.KindIndex
	} else if strings.HasPrefix(f.Rel, "logs/") {
		f.Kind = memory.KindLog
	}
	text := newTextReader(f, memory.KindOf(filepath.Join(root, filepath.FromSlash(dir)), nil))
	var out []Ref
	mentions(f, root, func(m mention) {
		if m.ok && text.at(m) == claim {
			out = append(out, Ref{Path: m.path, Line: f.Lines.LineOf(m.start)})
		}
	})
	return out
}
