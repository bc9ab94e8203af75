// Package homepath holds the home-path rule: one developer's absolute
// home path (/home/alice/…, /Users/bob/…, C:\Users\carol\…, ~alice/…)
// written into memory that others read, where it leads nowhere.
package homepath

import (
	_ "embed"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules/internal/ruleutil"
)

// Rules is the family's rules, for the registry.
var Rules = []*lint.Rule{Rule}

//go:embed home-path.md
var doc string

// Rule reports a developer's absolute home path in memory committed to a
// repository or kept as team memory.
var Rule = &lint.Rule{
	ID:       "home-path",
	Stage:    lint.Preview,
	Severity: lint.Warning,
	Summary:  "committed or team memory holds one developer's absolute home path (/home/alice/…, /Users/bob/…, C:\\Users\\carol\\…), which leads nowhere on a teammate's machine",
	Doc:      doc,
	Fix:      "safe (--fix): replaces the path with its path in the repository when it is exactly the repository's root on this machine plus a path the repository tracks; otherwise only a suggestion",
	Run:      run,
}

func run(pass *lint.Pass) {
	if pass.Dir.Personal && pass.Dir.Kind != memory.DirTeam {
		return // the user's own memory: see sharedWith
	}
	// Who else reads the dir is asked on the first home path found: most
	// memory holds none, and the answer may read the repository's index.
	var shared string
	asked, ok := false, false
	check := func(f *memory.File) {
		if asked && !ok || !pass.Focused(f) || !pass.Keeps(f, lint.Warning) || f.Lines == nil {
			return // no one else reads the dir; or no finding in f is kept
		}
		var md *markdown.Markdown
		if f.ParseError() == nil {
			md = f.Body()
		}
		findHomePaths(f.Src, func(hp homePath) {
			if md != nil && inOutputBlock(md, hp.start) || exampleBefore(f.Src, hp.start) {
				return
			}
			if !asked {
				shared, ok = sharedWith(pass)
				asked = true
			}
			if ok {
				report(pass, f, md, hp, shared)
			}
		})
	}
	// Daily logs are append-only records of what happened where: a path
	// there cannot be edited away, so they are not checked.
	if pass.Dir.Index != nil {
		check(pass.Dir.Index)
	}
	for _, f := range pass.Dir.Topics {
		check(f)
	}
}

// sharedWith says who else reads the dir's memory, or false when no one
// does: team memory is shared with the team; memory inside a repository's
// work tree whose files the repository tracks (or stages) is committed.
// The user's own memory (~/.claude/projects/…, ~/.claude/agent-memory/…)
// lives on their machine alone, and so does a dir the repository does not
// track (.claude/agent-memory-local/, anything ignored or not yet added).
func sharedWith(pass *lint.Pass) (string, bool) {
	if pass.Dir.Kind == memory.DirTeam {
		return "team memory is shared with everyone on the team", true
	}
	if pass.Dir.Personal {
		return "", false
	}
	repo := pass.Repo()
	if repo == nil {
		return "", false
	}
	rel, ok := underRoot(repo.Root(), pass.Abs(pass.Dir.Path))
	if !ok || !repo.HasDir(rel) {
		return "", false
	}
	return "this memory is committed to the repository, so everyone who clones it reads it", true
}

// underRoot returns abs relative to root, slash-separated, when abs lies
// inside root ("" for root itself).
func underRoot(root, abs string) (string, bool) {
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return "", false
	}
	rel = filepath.ToSlash(rel)
	if rel == ".." || strings.HasPrefix(rel, "../") || filepath.IsAbs(rel) {
		return "", false
	}
	if rel == "." {
		rel = ""
	}
	return rel, true
}

// inOutputBlock reports whether off lies in a code block that shows
// output or plain text (no language, or one of outputInfos), not a
// command or a configuration: a path there records where something
// happened on one machine.
func inOutputBlock(md *markdown.Markdown, off int) bool {
	blocks := md.CodeBlocks // in document order
	i := sort.Search(len(blocks), func(i int) bool { return blocks[i].End > off })
	if i == len(blocks) || !blocks[i].Contains(off) {
		return false
	}
	info, _, _ := strings.Cut(strings.TrimSpace(blocks[i].Info), " ")
	info = strings.ToLower(strings.Trim(info, "{}."))
	return !blocks[i].Fenced || outputInfos[info]
}

// report reports one home path: why it leads nowhere, and the path in the
// repository when the repository has it.
func report(pass *lint.Pass, f *memory.File, md *markdown.Markdown, hp homePath, shared string) {
	written := string(f.Src[hp.start:hp.end])
	msg := fmt.Sprintf("%s is one developer's home folder (%s's): it does not exist on a teammate's machine, in CI or in a fresh clone, and %s",
		ruleutil.Quote(ruleutil.Clip(written, 80)), hp.user, shared)
	suggestion := "write a path inside the repository relative to its root; for a place outside it, a form that works on every machine (~/…, $HOME, %USERPROFILE%) or words that say what it is; and if it only matters on your machine, keep it in your own memory (~/.claude/projects/…) instead"
	d := lint.Diagnostic{Path: f.Path, Message: msg}
	d.Start, d.End = f.SpanPos(markdown.Span{Start: hp.start, End: hp.end})
	if repo := pass.Repo(); repo != nil {
		if rel, exact := repoPath(repo, written, hp); rel != "" {
			suggestion = fmt.Sprintf("it is this repository's %s: write %s, relative to the repository root", ruleutil.Quote(rel), "`"+rel+"`")
			if exact && md != nil && visible(md, hp) {
				d.Fix = &lint.Fix{Message: "write the path relative to the repository root",
					Edits: []memory.TextEdit{{Path: f.Path, Start: hp.start, End: hp.end, NewText: rel}}}
			} else if !exact {
				suggestion = fmt.Sprintf("if it is this repository's %s, write %s, relative to the repository root; otherwise %s",
					ruleutil.Quote(rel), "`"+rel+"`", "use a form that works on every machine (~/…, $HOME, %USERPROFILE%) or keep it in your own memory")
			}
		}
	}
	d.Suggestion = suggestion
	pass.Report(d)
}

// repoPath returns the path in repo that a home path names: exactly
// (exact) when the path is the repository's root on this machine plus a
// path the repository tracks (the memory was written here); else the
// longest tail of two or more folders and files that the repository
// tracks ("…/checkout/src/app.ts" names src/app.ts). "" when none.
func repoPath(repo lint.Repository, written string, hp homePath) (rel string, exact bool) {
	p := strings.ReplaceAll(written, `\`, "/")
	root := filepath.ToSlash(repo.Root())
	if len(p) > 1 && p[1] == ':' && len(root) > 1 && root[1] == ':' {
		p, root = strings.ToLower(p[:1])+p[1:], strings.ToLower(root[:1])+root[1:]
	}
	if r, ok := strings.CutPrefix(p, strings.TrimSuffix(root, "/")+"/"); ok {
		r = strings.TrimSuffix(r, "/")
		if r != "" && (repo.Tracked(r) || repo.HasDir(r)) {
			return r, true
		}
	}
	parts := strings.Split(hp.rest, "/")
	for k := 0; k+2 <= len(parts); k++ {
		tail := strings.Join(parts[k:], "/")
		if repo.Tracked(tail) || repo.HasDir(tail) {
			return tail, false
		}
	}
	return "", false
}

// visible reports whether the home path is prose or inline code, where
// replacing it keeps its meaning; in a link's destination or a code block
// a path relative to the repository would resolve elsewhere.
func visible(md *markdown.Markdown, hp homePath) bool {
	s := markdown.Span{Start: hp.start, End: hp.end}
	if md.InProse(s) {
		return true
	}
	for _, cs := range md.CodeSpans {
		if cs.Covers(s) {
			return true
		}
	}
	return false
}
