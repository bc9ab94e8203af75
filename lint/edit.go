package lint

import (
	"sort"

	"github.com/memlint/memlint/lint/memory"
)

// ApplyFixes applies fixes to file contents (by TextEdit path) and returns
// the changed contents and the fixes applied. The edits of one fix are
// applied together or not at all: a fix with an edit overlapping one
// already accepted is skipped (a second run can apply it). Insertions at
// the same place are kept in order.
func ApplyFixes(contents map[string][]byte, fixes []*Fix) (map[string][]byte, []*Fix) {
	type placed struct {
		memory.TextEdit
		seq int
	}
	accepted := map[string][]placed{}
	var applied []*Fix
	seq := 0
	for _, fix := range fixes {
		ok := len(fix.Edits) > 0
		for _, e := range fix.Edits {
			src, known := contents[e.Path]
			if !known || e.Start < 0 || e.End < e.Start || e.End > len(src) {
				ok = false
				break
			}
			for _, a := range accepted[e.Path] {
				if e.Start < a.End && a.Start < e.End || (e.Start == e.End && a.Start < e.Start && e.Start < a.End) ||
					(a.Start == a.End && e.Start < a.Start && a.Start < e.End) {
					ok = false
				}
			}
		}
		if !ok {
			continue
		}
		for _, e := range fix.Edits {
			accepted[e.Path] = append(accepted[e.Path], placed{e, seq})
			seq++
		}
		applied = append(applied, fix)
	}
	out := make(map[string][]byte, len(accepted))
	for path, edits := range accepted {
		sort.SliceStable(edits, func(i, j int) bool {
			if edits[i].Start != edits[j].Start {
				return edits[i].Start < edits[j].Start
			}
			return edits[i].seq < edits[j].seq
		})
		src := contents[path]
		var b []byte
		at := 0
		for _, e := range edits {
			b = append(b, src[at:e.Start]...)
			b = append(b, e.NewText...)
			at = e.End
		}
		out[path] = append(b, src[at:]...)
	}
	return out, applied
}
