package claude

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/internal/safefile"
	"github.com/memlint/memlint/lint/memory"
)

// InstructionFile is one file of the instructions Claude Code loads into
// every conversation beside a memory dir: a repository's CLAUDE.md and its
// kin, what they @import, the user's own CLAUDE.md. Rules that compare
// memory with them (claude-md-overlap) read them through Pass.Instructions.
type InstructionFile struct {
	// Path is the file's absolute, slash-separated path.
	Path string
	// Name is how findings name it: the path relative to the repository,
	// or "~/…" for a file under the home folder.
	Name string
	Src  []byte
}

// maxImportHops is how deep Claude Code 2.1.328 follows @imports from a
// file it loads.
const maxImportHops = 4

// maxRuleFiles bounds the files read from .claude/rules: a folder of
// thousands is no set of instructions, and the run must stay cheap.
const maxRuleFiles = 200

// InstructionRoots says whose instructions to load: the repository's
// files, and for the user's personal memory of it their own CLAUDE.md.
type InstructionRoots struct {
	// Repo is the repository's top level; "" loads none of its files.
	Repo string
	// Home is the user's home folder (for "~/" imports), ClaudeHome
	// their Claude Code config folder (~/.claude). Either may be "".
	Home, ClaudeHome string
	// Personal adds ClaudeHome's CLAUDE.md: the memory is the user's own.
	Personal bool
}

// LoadInstructions reads the instruction files of r, as Claude Code
// 2.1.328 finds them: CLAUDE.md, CLAUDE.local.md and AGENTS.md at the
// repository's top, .claude/CLAUDE.md, .claude/AGENTS.md, the Markdown
// files under .claude/rules/, and for personal memory ~/.claude/CLAUDE.md;
// then what they @import, up to four hops, each file once. A file that
// cannot be read, or lies outside the repository and ~/.claude, is left
// out: this is context for a warning, not something to fail over. Reads
// are bounded by max bytes a file.
func LoadInstructions(r InstructionRoots, max int64) []InstructionFile {
	if max <= 0 {
		max = memory.DefaultMaxFileSize
	}
	var roots []string
	if r.Repo != "" {
		for _, name := range []string{"CLAUDE.md", "CLAUDE.local.md", "AGENTS.md",
			filepath.Join(".claude", "CLAUDE.md"), filepath.Join(".claude", "AGENTS.md")} {
			roots = append(roots, filepath.Join(r.Repo, name))
		}
		roots = append(roots, ruleFiles(filepath.Join(r.Repo, ".claude", "rules"))...)
	}
	if r.Personal && r.ClaudeHome != "" {
		roots = append(roots, filepath.Join(r.ClaudeHome, "CLAUDE.md"))
	}
	l := &instructionLoader{r: r, max: max, seen: map[string]bool{}}
	for _, p := range roots {
		l.load(p, 0)
	}
	return l.out
}

// ruleFiles lists the .md files below dir, sorted, at most maxRuleFiles.
func ruleFiles(dir string) []string {
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || len(out) >= maxRuleFiles {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() && strings.HasSuffix(strings.ToLower(d.Name()), ".md") {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out
}

type instructionLoader struct {
	r    InstructionRoots
	max  int64
	seen map[string]bool
	out  []InstructionFile
}

// allowed reports whether p, and the file a link there resolves to, lie
// in the repository or in the Claude Code config folder.
func (l *instructionLoader) allowed(p string) bool {
	in := func(q string) bool {
		return (l.r.Repo != "" && pathutil.Within(q, l.r.Repo)) || (l.r.ClaudeHome != "" && pathutil.Within(q, l.r.ClaudeHome))
	}
	if !in(p) {
		return false
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return false
	}
	// The roots themselves may sit behind a link (/tmp on macOS).
	for _, root := range []string{l.r.Repo, l.r.ClaudeHome} {
		if root == "" {
			continue
		}
		if rr, err := filepath.EvalSymlinks(root); err == nil && pathutil.Within(real, rr) {
			return true
		}
	}
	return false
}

func (l *instructionLoader) load(p string, hops int) {
	p = filepath.Clean(p)
	if l.seen[p] || !l.allowed(p) {
		return
	}
	l.seen[p] = true
	src, err := safefile.ReadFile(p, l.max)
	if err != nil || bytes.IndexByte(src, 0) >= 0 {
		return
	}
	l.out = append(l.out, InstructionFile{Path: filepath.ToSlash(p), Name: l.name(p), Src: src})
	if hops >= maxImportHops {
		return
	}
	for _, imp := range imports(src) {
		var target string
		switch {
		case strings.HasPrefix(imp, "~/"):
			if l.r.Home == "" {
				continue
			}
			target = filepath.Join(l.r.Home, filepath.FromSlash(imp[2:]))
		case filepath.IsAbs(imp):
			target = imp
		default:
			target = filepath.Join(filepath.Dir(p), filepath.FromSlash(imp))
		}
		l.load(target, hops+1)
	}
}

// name is how findings name the file at p: relative to the innermost of
// the repository and the home folder that holds it.
func (l *instructionLoader) name(p string) string {
	inRepo := l.r.Repo != "" && pathutil.Within(p, l.r.Repo)
	inHome := l.r.Home != "" && pathutil.Within(p, l.r.Home)
	if inHome && (!inRepo || pathutil.Within(l.r.Home, l.r.Repo)) {
		if rel, err := filepath.Rel(l.r.Home, p); err == nil {
			return "~/" + filepath.ToSlash(rel)
		}
	}
	if inRepo {
		if rel, err := filepath.Rel(l.r.Repo, p); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(p)
}

// imports returns the @path imports of an instruction file, in order:
// "@" at the start of a line or after white space, then the path up to
// white space ("\ " escapes a space), less any "#fragment". Imports in fenced code blocks and
// code spans are not followed, as in Claude Code.
func imports(src []byte) []string {
	var out []string
	fence := ""
	for _, line := range strings.Split(string(src), "\n") {
		trimmed := strings.TrimSpace(line)
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				fence = ""
			}
			continue
		}
		if f := fenceOpener(trimmed); f != "" {
			fence = f
			continue
		}
		out = append(out, lineImports(stripCodeSpans(line))...)
	}
	return out
}

// fenceOpener returns the run of ``` or ~~~ that opens a fenced code block
// on a trimmed line, or "".
func fenceOpener(trimmed string) string {
	for _, c := range []string{"`", "~"} {
		n := len(trimmed) - len(strings.TrimLeft(trimmed, c))
		if n >= 3 {
			return strings.Repeat(c, n)
		}
	}
	return ""
}

// stripCodeSpans blanks the code spans of a line: a run of backticks up
// to the next run of the same length.
func stripCodeSpans(line string) string {
	b := []byte(line)
	for i := 0; i < len(b); {
		if b[i] != '`' {
			i++
			continue
		}
		n := 0
		for i+n < len(b) && b[i+n] == '`' {
			n++
		}
		ticks := strings.Repeat("`", n)
		end := strings.Index(string(b[i+n:]), ticks)
		if end < 0 {
			i += n
			continue
		}
		for j := i; j < i+n+end+n; j++ {
			b[j] = ' '
		}
		i += n + end + n
	}
	return string(b)
}

func lineImports(line string) []string {
	var out []string
	for i := 0; i < len(line); i++ {
		if line[i] != '@' || (i > 0 && line[i-1] != ' ' && line[i-1] != '\t') {
			continue
		}
		j := i + 1
		var b strings.Builder
		for j < len(line) {
			if line[j] == '\\' && j+1 < len(line) && line[j+1] == ' ' {
				b.WriteByte(' ')
				j += 2
				continue
			}
			if line[j] == ' ' || line[j] == '\t' || line[j] == '\r' {
				break
			}
			b.WriteByte(line[j])
			j++
		}
		// A "#section" suffix names a part of the file, as in Claude Code.
		if imp, _, _ := strings.Cut(b.String(), "#"); imp != "" {
			out = append(out, imp)
		}
		i = j
	}
	return out
}
