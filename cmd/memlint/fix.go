package main

import (
	"fmt"
	"path/filepath"
	"sort"

	"github.com/memlint/memlint/internal/atomicfile"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/report"
	"github.com/memlint/memlint/rules"
)

// applyFixes applies the findings' fixes — safe ones, and unsafe ones
// with --unsafe-fixes — to the memory files, or with --diff prints them as
// a unified diff. It returns the files that change. Only Markdown files
// inside the memory dirs linted are written, each atomically; with
// --staged, a file whose working copy differs from its staged copy is
// refused, since the fixes were computed from the staged one.
func (o *checkOptions) applyFixes(cwd string, r *report.Report) ([]string, error) {
	fx := lint.PlanFixes(r.Diagnostics, r.MemoryDirs, lint.FixOptions{Unsafe: o.unsafeFixes, Staged: o.stagedContent, Linted: o.linted})
	for _, p := range sortedKeys(fx.Refused) {
		fmt.Fprintf(o.stderr, "memlint: not fixing %s: %s\n", shownPath(cwd, p), rules.Redact(fx.Refused[p]))
	}
	if o.diff {
		return fx.Paths, o.printDiff(cwd, fx)
	}
	if err := writeFixes(cwd, fx); err != nil {
		return nil, err
	}
	if len(fx.Paths) > 0 {
		o.note("fixed %s in %s", plural(fx.Applied, "finding"), plural(len(fx.Paths), "file"))
	}
	return fx.Paths, nil
}

// writeFixes writes the files fx changes, each only while it still holds
// the bytes the fixes were planned on and is no symbolic link
// (atomicfile.ReplaceUnchanged): a file edited or swapped for a link since
// is refused, naming it, and left as it is.
func writeFixes(cwd string, fx *lint.Fixed) error {
	for _, p := range fx.Paths {
		if err := atomicfile.ReplaceUnchanged(filepath.FromSlash(p), fx.Before[p], fx.After[p]); err != nil {
			return fmt.Errorf("fix %s: %w", shownPath(cwd, p), pathErrText(err))
		}
	}
	return nil
}

// shownPath is how a message names the file at slash path p: relative to
// cwd, names holding a secret masked (a topic file may be named after a
// token), control characters escaped.
func shownPath(cwd, p string) string {
	return report.EscapeText(lint.RedactPath(rules.Redact, lint.RelPath(cwd, filepath.FromSlash(p))))
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
