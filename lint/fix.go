package lint

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"path/filepath"
	"sort"
	"strings"

	"github.com/memlint/memlint/internal/atomicfile"
	"github.com/memlint/memlint/lint/memory"
)

// This file is memlint's fix policy: which fixes of a run apply, which
// files they may touch, and the content they produce. Writing the files
// (or showing a diff) is the caller's.

// FixOptions say which fixes a run applies.
type FixOptions struct {
	// Unsafe also applies fixes that may change meaning (--unsafe-fixes).
	Unsafe bool
	// Staged, when set, is the content the findings were computed from,
	// by absolute slash path (--staged): a file whose working copy
	// differs is refused, since the fixes do not fit it.
	Staged map[string][]byte
	// Linted is Result.Linted: a file whose content on disk is not what
	// the rules saw is refused, since the fixes' offsets do not fit it.
	// Without it (a caller that did not lint) the file is taken as it is.
	Linted map[string][sha256.Size]byte
	// ReadOnly are memory dirs (absolute, slash separated) no fix may
	// write, each with why (Target.ReadOnly): a file in one is refused
	// with that reason.
	ReadOnly map[string]string
}

// Fixed is what applying a run's fixes gives, before anything is
// written.
type Fixed struct {
	// Paths are the files that change, absolute, slash separated, sorted.
	Paths []string
	// Before and After are their contents, by path.
	Before, After map[string][]byte
	// Applied counts the fixes applied.
	Applied int
	// Refused says, by path, why a file some fix edits is not touched;
	// every fix with an edit there is left out whole.
	Refused map[string]string
}

// PlanFixes applies the fixes of findings ds (paths absolute, slash
// separated, as Run returns them) in memory. Only Markdown files inside
// the memory dirs linted (dirs, absolute slash paths) are edited, read
// from disk.
func PlanFixes(ds []Diagnostic, dirs []string, opts FixOptions) *Fixed {
	var fixes []*Fix
	for _, d := range ds {
		if d.Fix != nil && (opts.Unsafe || !d.Fix.Unsafe) {
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
			data, why := fixableContent(e.Path, dirs, opts)
			if why != "" {
				refused[e.Path] = why
				continue
			}
			contents[e.Path] = data
		}
	}
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
	fixed, applied := ApplyFixes(contents, kept)
	out := &Fixed{Before: contents, After: fixed, Applied: len(applied), Refused: refused}
	for p := range fixed {
		out.Paths = append(out.Paths, p)
	}
	sort.Strings(out.Paths)
	return out
}

// fixableContent reads a file a fix edits, or says why memlint will not
// write it. A symbolic link is never followed: a file swapped for one
// since it was linted would otherwise have the link's target copied in.
func fixableContent(p string, dirs []string, opts FixOptions) ([]byte, string) {
	for dir, why := range opts.ReadOnly {
		if insideAny(p, []string{dir}) {
			return nil, why
		}
	}
	if !strings.HasSuffix(p, ".md") || !insideAny(p, dirs) {
		return nil, "it is not a Markdown file of a memory dir linted"
	}
	data, err := atomicfile.ReadNoFollow(filepath.FromSlash(p), memory.DefaultMaxFileSize)
	switch {
	case errors.Is(err, atomicfile.ErrSymlink):
		return nil, "it is now a symbolic link; not followed"
	case errors.Is(err, atomicfile.ErrNotRegular):
		return nil, "it is no longer a regular file"
	case errors.Is(err, atomicfile.ErrTooLarge):
		return nil, "it changed since it was linted (run memlint again)"
	case err != nil:
		return nil, memory.ErrText(err)
	}
	if staged := opts.Staged; staged != nil {
		s, ok := staged[p]
		if !ok || !bytes.Equal(s, data) {
			return nil, "its staged and working copies differ (stage or stash the changes, then run again)"
		}
	}
	if sum, ok := opts.Linted[p]; opts.Linted != nil && (!ok || sha256.Sum256(data) != sum) {
		return nil, "it changed since it was linted (run memlint again)"
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
