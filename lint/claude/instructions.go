package claude

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/internal/safefile"
	"github.com/memlint/memlint/lint/markdown"
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

// MaxInstructionBytes bounds the bytes of instruction files a run loads,
// over all its repositories: twice the 8 MiB a file may have, so a file
// at that cap still loads with room for the rest, where real instruction
// files are kilobytes. The rules that read instructions cost time and
// memory by the byte; a file that would take the run past the bound is
// left out, as one that cannot be read is.
const MaxInstructionBytes = 2 * memory.DefaultMaxFileSize

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
// then what they @import, up to four hops, each file once however many
// links lead to it. A file that cannot be read, or lies outside the
// repository and ~/.claude, is left out: this is context for a warning,
// not something to fail over. Reads are bounded by max bytes a file and
// by *budget bytes in all, which the call lowers by what it loads: a run
// shares one budget between its calls; nil gives the call a budget of
// MaxInstructionBytes of its own.
func LoadInstructions(r InstructionRoots, max int64, budget *int64) []InstructionFile {
	if max <= 0 {
		max = memory.DefaultMaxFileSize
	}
	if budget == nil {
		left := int64(MaxInstructionBytes)
		budget = &left
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
	l := &instructionLoader{r: r, max: max, budget: budget, seen: map[string]bool{}}
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
	r      InstructionRoots
	max    int64
	budget *int64
	// seen holds the files loaded, by their real path: as in Claude Code
	// 2.1.328, which skips a path that resolves to one it has processed,
	// a file is loaded once however many folder links lead to it.
	seen map[string]bool
	out  []InstructionFile
}

// resolve returns the real path of the file at p, ok only when p, and
// the file a link there resolves to, lie in the repository or in the
// Claude Code config folder.
func (l *instructionLoader) resolve(p string) (real string, ok bool) {
	in := func(q string) bool {
		return (l.r.Repo != "" && pathutil.Within(q, l.r.Repo)) || (l.r.ClaudeHome != "" && pathutil.Within(q, l.r.ClaudeHome))
	}
	if !in(p) {
		return "", false
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", false
	}
	// The roots themselves may sit behind a link (/tmp on macOS).
	for _, root := range []string{l.r.Repo, l.r.ClaudeHome} {
		if root == "" {
			continue
		}
		if rr, err := filepath.EvalSymlinks(root); err == nil && pathutil.Within(real, rr) {
			return real, true
		}
	}
	return "", false
}

func (l *instructionLoader) load(p string, hops int) {
	p = filepath.Clean(p)
	real, ok := l.resolve(p)
	if !ok || l.seen[real] {
		return
	}
	l.seen[real] = true
	src, err := safefile.ReadFile(p, min(l.max, *l.budget))
	if err != nil || bytes.IndexByte(src, 0) >= 0 {
		return
	}
	*l.budget -= int64(len(src))
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
	for rest := src; len(rest) > 0; {
		var raw []byte
		raw, rest, _ = bytes.Cut(rest, []byte("\n"))
		// Only a line that opens or closes a fence, or holds an "@",
		// matters: the others are not copied (a big file is mostly them).
		trimmed := bytes.TrimSpace(raw)
		fenced := len(trimmed) > 0 && (trimmed[0] == '`' || trimmed[0] == '~')
		if fence == "" && !fenced && bytes.IndexByte(raw, '@') < 0 {
			continue
		}
		if fence != "" {
			if fenced && bytes.HasPrefix(trimmed, []byte(fence)) && len(bytes.Trim(trimmed, fence[:1])) == 0 {
				fence = ""
			}
			continue
		}
		if f := markdown.FenceRun(trimmed); f != nil {
			fence = string(f)
			continue
		}
		out = append(out, lineImports(stripCodeSpans(string(raw)))...)
	}
	return out
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
