package claudemd

import (
	"github.com/memlint/memlint/lint"
)

// The instructions' index: every shingle of every instruction file, by
// hash, so that each memory is compared in time linear in its own length
// (and the number of places a shingle occurs), never with every line.

type instrFile struct {
	f     *lint.InstructionFile
	toks  []token
	lines *lint.LineIndex
}

type loc struct{ file, pos int }

type instructionIndex struct {
	files []instrFile
	at    map[uint64][]loc
	// some has the bit of every shingle of at (filterBit): a shingle
	// whose bit is clear is in no instruction file, which most shingles
	// of most memories are not, and a bit costs less than a map lookup.
	some [filterWords]uint64
}

// filterWords is the size of instructionIndex.some in 64-bit words: 2^16
// bits, a few percent of them set by the instructions of a large project.
const filterWords = 1 << 10

// filterBit is the bit of a shingle hash in instructionIndex.some.
func filterBit(h uint64) (word int, bit uint64) {
	h ^= h >> 29
	return int(h>>6) & (filterWords - 1), 1 << (h & 63)
}

// may reports whether a shingle of hash h may be in the instructions:
// false means it is not.
func (idx *instructionIndex) may(h uint64) bool {
	w, b := filterBit(h)
	return idx.some[w]&b != 0
}

// newInstructionIndex tokenizes the prose and headings of every file:
// code blocks, tables and HTML comments are left out, as in the memory.
func newInstructionIndex(files []lint.InstructionFile) *instructionIndex {
	idx := &instructionIndex{at: map[uint64][]loc{}}
	for i := range files {
		f := &files[i]
		lines := lint.NewLineIndex(f.Src)
		var toks []token
		for _, r := range proseRegions(f.Src, 0, true) {
			toks = tokenize(f.Src, r.Start, r.End, toks)
		}
		n := len(idx.files)
		idx.files = append(idx.files, instrFile{f: f, toks: toks, lines: lines})
		for p := 0; p+shingleLen <= len(toks); p++ {
			h := shingleHash(toks, p)
			idx.at[h] = append(idx.at[h], loc{n, p})
			w, b := filterBit(h)
			idx.some[w] |= b
		}
	}
	return idx
}

// minBodyShingles is the fewest shingles a body needs for its share to
// mean anything.
const minBodyShingles = 8

// strongest returns the memory's strongest overlap with the instructions:
// the body as a whole when one file holds opts.BodyShare percent of its
// shingles, else its longest statement found word for word in one file.
func (idx *instructionIndex) strongest(m *memory, opts overlapOptions) (overlap, bool) {
	if o, ok := idx.bodyOverlap(m, opts.BodyShare); ok {
		return o, true
	}
	var best overlap
	bestLen := 0
	// A description sums up the body: when an instruction file lists the
	// memory by it ("lessons: OCR results need cross-checking") and the
	// body says more, the memory repeats nothing. It counts alone only
	// for a body too short to say more.
	longBody := len(m.body)-shingleLen+1 >= minBodyShingles
	for i := range m.statements {
		s := &m.statements[i]
		n := len(s.toks)
		if n < shingleLen || n <= bestLen || weight(s.toks) < opts.MinWords || s.text != "" && longBody {
			continue
		}
		for _, l := range idx.at[shingleHash(s.toks, 0)] {
			if idx.contains(l, s.toks) {
				f := &idx.files[l.file]
				best = overlap{stmt: s, file: f.f, line: f.lines.LineOf(f.toks[l.pos].off)}
				best.text, best.start, best.end = m.where(s)
				bestLen = n
				break
			}
		}
	}
	return best, bestLen > 0
}

// touches reports whether any shingle of the memory is in the
// instructions at all: most memories share none, and are done with here.
func (idx *instructionIndex) touches(m *memory) bool {
	for i := range m.statements {
		toks := m.statements[i].toks
		for p := 0; p+shingleLen <= len(toks); p++ {
			if h := shingleHash(toks, p); idx.may(h) {
				if _, ok := idx.at[h]; ok {
					return true
				}
			}
		}
	}
	return false
}

// contains reports whether the instruction file of l holds toks from l.pos.
func (idx *instructionIndex) contains(l loc, toks []token) bool {
	have := idx.files[l.file].toks
	if l.pos+len(toks) > len(have) {
		return false
	}
	for i, t := range toks {
		if have[l.pos+i].h != t.h {
			return false
		}
	}
	return true
}

// bodyOverlap reports the body as a whole when one instruction file holds
// share percent of its distinct shingles.
func (idx *instructionIndex) bodyOverlap(m *memory, share int) (overlap, bool) {
	seen := map[uint64]bool{}
	found := make([]int, len(idx.files))
	first := make([]int, len(idx.files)) // earliest matched token, +1
	for p := 0; p+shingleLen <= len(m.body); p++ {
		h := shingleHash(m.body, p)
		if seen[h] {
			continue
		}
		seen[h] = true
		counted := -1
		for _, l := range idx.at[h] {
			if l.file != counted {
				found[l.file]++
				counted = l.file
			}
			if first[l.file] == 0 || l.pos+1 < first[l.file] {
				first[l.file] = l.pos + 1
			}
		}
	}
	total := len(seen)
	if total < minBodyShingles {
		return overlap{}, false
	}
	best := -1
	for i, n := range found {
		if n*100 >= share*total && (best < 0 || n > found[best]) {
			best = i
		}
	}
	if best < 0 {
		return overlap{}, false
	}
	f := &idx.files[best]
	return overlap{file: f.f, line: f.lines.LineOf(f.toks[first[best]-1].off), share: found[best] * 100 / total, start: m.bodyStart()}, true
}
