package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/memlint/memlint/internal/atomicfile"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/report"
	"github.com/memlint/memlint/rules"
)

// applyFixes applies the findings' fixes — safe ones, and unsafe ones
// with --unsafe-fixes — to the memory files, or with --diff prints them as
// a unified diff. It returns how many files change. Only Markdown files
// inside the memory dirs linted are written, each atomically; with
// --staged, a file whose working copy differs from its staged copy is
// refused, since the fixes were computed from the staged one.
func (o *checkOptions) applyFixes(cwd string, r *report.Report) (int, error) {
	var fixes []*lint.Fix
	for _, d := range r.Diagnostics {
		if d.Fix != nil && (o.unsafeFixes || !d.Fix.Unsafe) {
			fixes = append(fixes, d.Fix)
		}
	}
	contents := map[string][]byte{}
	refused := map[string]string{}
	for _, f := range fixes {
		for _, e := range f.Edits {
			if _, seen := contents[e.Path]; seen || refused[e.Path] != "" {
				continue
			}
			data, why := o.fixableContent(e.Path, r.MemoryDirs)
			if why != "" {
				refused[e.Path] = why
				continue
			}
			contents[e.Path] = data
		}
	}
	// A fix touching a refused file is left out whole.
	kept := fixes[:0]
	for _, f := range fixes {
		ok := true
		for _, e := range f.Edits {
			if refused[e.Path] != "" {
				ok = false
			}
		}
		if ok {
			kept = append(kept, f)
		}
	}
	for _, p := range sortedKeys(refused) {
		fmt.Fprintf(o.stderr, "memlint: not fixing %s: %s\n", lint.RelPath(cwd, filepath.FromSlash(p)), refused[p])
	}
	fixed, applied := lint.ApplyFixes(contents, kept)
	paths := sortedKeys(fixed)
	if o.diff {
		for _, p := range paths {
			shown := report.EscapeText(lint.RelPath(cwd, filepath.FromSlash(p)))
			// The changed lines are the file's own text: a secret in
			// them is masked as in every other output.
			fmt.Fprint(o.stdout, rules.Redact(unifiedDiff(shown, contents[p], fixed[p])))
		}
		return len(paths), nil
	}
	for _, p := range paths {
		// Atomic, keeping the file's mode; a file that turned into a
		// symbolic link since it was read is refused, not written through.
		if err := atomicfile.WriteFile(filepath.FromSlash(p), fixed[p], 0o644); err != nil {
			return 0, fmt.Errorf("fix %s: %w", lint.RelPath(cwd, filepath.FromSlash(p)), pathErrText(err))
		}
	}
	if len(paths) > 0 {
		o.note("fixed %s in %s", plural(len(applied), "finding"), plural(len(paths), "file"))
	}
	return len(paths), nil
}

// fixableContent reads a file a fix edits, or says why memlint will not
// write it.
func (o *checkOptions) fixableContent(p string, dirs []string) ([]byte, string) {
	if !strings.HasSuffix(p, ".md") || !insideAny(p, dirs) {
		return nil, "it is not a Markdown file of a memory dir linted"
	}
	data, err := os.ReadFile(filepath.FromSlash(p))
	if err != nil {
		return nil, err.Error()
	}
	if o.stagedContent != nil {
		staged, ok := o.stagedContent[p]
		if !ok || !bytes.Equal(staged, data) {
			return nil, "its staged and working copies differ (stage or stash the changes, then run again)"
		}
	}
	return data, ""
}

// insideAny reports whether the slash path p lies inside one of dirs.
func insideAny(p string, dirs []string) bool {
	for _, d := range dirs {
		if strings.HasPrefix(p, strings.TrimSuffix(d, "/")+"/") {
			return true
		}
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
