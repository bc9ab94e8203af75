// Package udiff writes unified diffs of line-oriented text, for memlint's
// --fix --diff: what a fix would change, in the format patch and git apply
// read.
package udiff

import (
	"bytes"
	"fmt"
	"strings"
)

// Unified returns the unified diff turning old into new, with context
// lines around each change and the file names in the --- and +++ lines.
// It returns "" when the texts are equal.
func Unified(oldName, newName string, old, new []byte, context int) string {
	a, b := splitLines(old), splitLines(new)
	items := align(a, b, diffLines(a, b))
	var out strings.Builder
	for _, h := range hunks(items, context) {
		if out.Len() == 0 {
			fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
		}
		first := items[h.from]
		var aLen, bLen int
		for _, it := range items[h.from:h.to] {
			if it.kind != insertLine {
				aLen++
			}
			if it.kind != deleteLine {
				bLen++
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", span(first.i, aLen), span(first.j, bLen))
		for _, it := range items[h.from:h.to] {
			switch it.kind {
			case equalLine:
				writeLine(&out, ' ', a[it.i])
			case deleteLine:
				writeLine(&out, '-', a[it.i])
			case insertLine:
				writeLine(&out, '+', b[it.j])
			}
		}
	}
	return out.String()
}

type lineKind int

const (
	equalLine lineKind = iota
	deleteLine
	insertLine
)

// item is one step of the alignment of a and b: i and j are the lines of
// a and b at this point (the next line of each).
type item struct {
	kind lineKind
	i, j int
}

// align turns an edit script into the full walk through a and b.
func align(a, b []string, ops []op) []item {
	deleted, inserted := map[int]bool{}, map[int]bool{}
	for _, o := range ops {
		if o.insert {
			inserted[o.index] = true
		} else {
			deleted[o.index] = true
		}
	}
	var items []item
	for i, j := 0, 0; i < len(a) || j < len(b); {
		switch {
		case i < len(a) && deleted[i]:
			items = append(items, item{deleteLine, i, j})
			i++
		case j < len(b) && inserted[j]:
			items = append(items, item{insertLine, i, j})
			j++
		default:
			items = append(items, item{equalLine, i, j})
			i++
			j++
		}
	}
	return items
}

// hunkRange is a slice of the alignment shown as one hunk.
type hunkRange struct{ from, to int }

// hunks picks the changed steps with context around them, merging
// changes whose contexts meet.
func hunks(items []item, context int) []hunkRange {
	var out []hunkRange
	for k := 0; k < len(items); k++ {
		if items[k].kind == equalLine {
			continue
		}
		from, to := max(k-context, 0), min(k+1+context, len(items))
		if n := len(out); n > 0 && from <= out[n-1].to {
			out[n-1].to = to
			continue
		}
		out = append(out, hunkRange{from, to})
	}
	return out
}

// span formats a hunk range: the 1-based start and the length; an empty
// range names the line before it, as diff does.
func span(start, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// writeLine writes one diff line; a line without a final newline gets the
// marker patch expects.
func writeLine(out *strings.Builder, sign byte, line string) {
	out.WriteByte(sign)
	out.WriteString(line)
	if !strings.HasSuffix(line, "\n") {
		out.WriteString("\n\\ No newline at end of file\n")
	}
}

// splitLines splits text after each newline, keeping it.
func splitLines(text []byte) []string {
	var lines []string
	for len(text) > 0 {
		i := bytes.IndexByte(text, '\n')
		if i < 0 {
			lines = append(lines, string(text))
			break
		}
		lines = append(lines, string(text[:i+1]))
		text = text[i+1:]
	}
	return lines
}

// op marks a line of a deleted or b inserted.
type op struct {
	insert bool
	index  int // in a for deletions, in b for insertions
}

// diffLines returns the deletions and insertions of a shortest edit
// script from a to b (Myers' greedy algorithm), in order.
func diffLines(a, b []string) []op {
	n, m := len(a), len(b)
	max := n + m
	v := make([]int, 2*max+2)
	var trace [][]int
	for d := 0; d <= max; d++ {
		if d > maxEdits {
			return replaceAll(n, m)
		}
		trace = append(trace, append([]int(nil), v...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[max+k-1] < v[max+k+1]) {
				x = v[max+k+1]
			} else {
				x = v[max+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[max+k] = x
			if x >= n && y >= m {
				return backtrack(trace, max, n, m, d)
			}
		}
	}
	return nil
}

// maxEdits bounds the search: the trace it keeps grows with the number of
// edits times the length of the texts. Fixes change a few lines; past
// this many the diff simply replaces everything.
const maxEdits = 2000

// replaceAll is the edit script deleting all of a and inserting all of b.
func replaceAll(n, m int) []op {
	ops := make([]op, 0, n+m)
	for i := 0; i < n; i++ {
		ops = append(ops, op{index: i})
	}
	for j := 0; j < m; j++ {
		ops = append(ops, op{insert: true, index: j})
	}
	return ops
}

// backtrack walks the saved frontiers back from (x, y) after d edits and
// returns the edits in order.
func backtrack(trace [][]int, max, x, y, d int) []op {
	var ops []op
	for ; d > 0; d-- {
		prev := trace[d]
		k := x - y
		var pk int
		if k == -d || (k != d && prev[max+k-1] < prev[max+k+1]) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := prev[max+pk]
		py := px - pk
		for x > px && y > py {
			x--
			y--
		}
		if pk == k+1 {
			y--
			ops = append(ops, op{insert: true, index: y})
		} else {
			x--
			ops = append(ops, op{index: x})
		}
	}
	for i, j := 0, len(ops)-1; i < j; i, j = i+1, j-1 {
		ops[i], ops[j] = ops[j], ops[i]
	}
	return ops
}
