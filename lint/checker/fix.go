package checker

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"sort"

	"github.com/memlint/memlint/internal/atomicfile"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/report"
)

// ApplyFixes applies the findings' fixes — safe ones, and unsafe ones with
// UnsafeFix — to the memory files, or with Diff prints them on stdout as a
// unified diff (format json: as data). It returns the files that change.
// Only Markdown files inside the memory dirs linted are written, each
// atomically; with --staged, a file whose working copy differs from its
// staged copy is refused, since the fixes were computed from the staged
// one. Refusals and what was fixed are told on stderr.
func (r *Result) ApplyFixes(stdout io.Writer, format string) ([]string, error) {
	run := r.req
	cwd, redact := run.Cwd, run.Redact
	fx := lint.PlanFixes(r.Report.Diagnostics, r.Report.MemoryDirs, lint.FixOptions{Unsafe: run.Fix == UnsafeFix, Staged: r.StagedContent, Linted: r.Linted,
		ReadOnly: readOnlyDirs(r.Targets)})
	for _, p := range sortedKeys(fx.Refused) {
		Say(run.Stderr, redact, "not fixing %s: %s", ShownPath(redact, cwd, p), fx.Refused[p])
	}
	if run.Fix == Diff {
		files := make([]report.FileDiff, 0, len(fx.Paths))
		for _, p := range fx.Paths {
			files = append(files, report.FileDiff{Path: ShownPath(redact, cwd, p), Before: fx.Before[p], After: fx.After[p]})
		}
		return fx.Paths, report.WriteDiff(stdout, format, files, redact)
	}
	if err := WriteFixes(redact, cwd, fx); err != nil {
		return nil, err
	}
	if len(fx.Paths) > 0 {
		run.note("fixed %s in %s", plural(fx.Applied, "finding"), plural(len(fx.Paths), "file"))
	}
	return fx.Paths, nil
}

// readOnlyDirs are the memory dirs of targets no fix may write
// (Target.ReadOnly), by absolute slash path, with why.
func readOnlyDirs(targets []*lint.Target) map[string]string {
	var out map[string]string
	for _, t := range targets {
		if t.ReadOnly == "" {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[filepath.ToSlash(t.Dir)] = t.ReadOnly
	}
	return out
}

// WriteFixes writes the files fx changes, each only while it still holds
// the bytes the fixes were planned on and is no symbolic link
// (atomicfile.ReplaceUnchanged): a file edited or swapped for a link since
// is refused, naming it (secrets masked with redact), and left as it is.
func WriteFixes(redact func(string) string, cwd string, fx *lint.Fixed) error {
	for _, p := range fx.Paths {
		if err := atomicfile.ReplaceUnchanged(filepath.FromSlash(p), fx.Before[p], fx.After[p]); err != nil {
			return fmt.Errorf("fix %s: %w", ShownPath(redact, cwd, p), pathErrText(err))
		}
	}
	return nil
}

func pathErrText(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// plural returns "1 finding", "2 findings"; forms are the singular and,
// when it is not the singular plus "s", the plural.
func plural(n int, forms ...string) string {
	word := forms[0]
	if n != 1 {
		if len(forms) > 1 {
			word = forms[1]
		} else {
			word += "s"
		}
	}
	return fmt.Sprintf("%d %s", n, word)
}
