package claudemd

import (
	"bytes"
	"path/filepath"
	"sort"
	"strings"

	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/markdown"
)

// The instructions' index: every shingle of every instruction file, by
// hash, so that each memory is compared in time linear in its own length
// (and the number of places a shingle occurs), never with every line.

type instrFile struct {
	f     *claude.InstructionFile
	toks  []token
	lines *markdown.LineIndex
	// sections are the offsets of the file's headings of level 1 and 2,
	// where its topics start.
	sections []int
}

type loc struct{ file, pos int }

type instructionIndex struct {
	files []instrFile
	// byPath maps an instruction file's path to its index in files.
	byPath map[string]int
	at     map[uint64][]loc
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
func newInstructionIndex(files []claude.InstructionFile) *instructionIndex {
	idx := &instructionIndex{at: map[uint64][]loc{}, byPath: map[string]int{}}
	for i := range files {
		f := &files[i]
		lines := markdown.NewLineIndex(f.Src)
		var toks []token
		var sections []int
		for _, r := range proseRegions(f.Src, 0, true, nil) {
			if f.Src[r.Start] == '#' && runOf(f.Src[r.Start:r.End], '#') <= 2 {
				sections = append(sections, r.Start)
			}
			toks = tokenize(f.Src, r.Start, r.End, toks)
		}
		n := len(idx.files)
		idx.byPath[f.Path] = n
		idx.files = append(idx.files, instrFile{f: f, toks: toks, lines: lines, sections: sections})
		for p := 0; p+shingleLen <= len(toks); p++ {
			h := shingleHash(toks, p)
			idx.at[h] = append(idx.at[h], loc{n, p})
			w, b := filterBit(h)
			idx.some[w] |= b
		}
	}
	return idx
}

// fileAt returns the index of the instruction file at path p, or -1.
func (idx *instructionIndex) fileAt(p string) int {
	if i, ok := idx.byPath[p]; ok {
		return i
	}
	return -1
}

// minBodyShingles is the fewest shingles a body needs for its share to
// mean anything.
const minBodyShingles = 8

// strongest returns the memory's strongest overlap with the instructions:
// the body as a whole when one file holds opts.BodyShare percent of its
// shingles; else its longest statement found word for word in a file that
// holds at least opts.MinShare percent of the body's words, in a section
// of that file that does not point to the memory (pointers).
func (idx *instructionIndex) strongest(m *topicMemory, opts overlapOptions, pointers map[place]bool) (overlap, bool) {
	cov, total := idx.cover(m)
	if o, ok := idx.bodyOverlap(m, cov, total, opts.BodyShare); ok {
		return o, true
	}
	m.markCited()
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
		if n < shingleLen || n <= bestLen || s.cited || weight(s.toks) < opts.MinWords || s.text != "" && longBody {
			continue
		}
		for _, l := range idx.at[shingleHash(s.toks, 0)] {
			if l.file == m.self {
				continue
			}
			// One sentence in a long memory that says much else is no
			// copy of the instructions: a body sentence counts when the
			// file holds a share of the body.
			tokens := cov[l.file].tokens
			if s.text == "" && tokens*100 < opts.MinShare*len(m.body) || !idx.contains(l, s.toks) {
				continue
			}
			f := &idx.files[l.file]
			if pointers[place{l.file, f.section(f.toks[l.pos].off)}] {
				// The section states the rule and sends the reader to the
				// memory for the rest ("TDD first; details in
				// memory/feedback_tdd.md"): layered on purpose.
				continue
			}
			best = overlap{stmt: s, file: f.f, line: f.lines.LineOf(f.toks[l.pos].off)}
			if len(m.body) > 0 {
				best.share = tokens * 100 / len(m.body)
			}
			best.text, best.start, best.end = m.where(s)
			bestLen = n
			break
		}
	}
	return best, bestLen > 0
}

// touches reports whether any shingle of the memory is in the
// instructions at all: most memories share none, and are done with here.
func (idx *instructionIndex) touches(m *topicMemory) bool {
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

// coverage is how much of a memory's body one instruction file holds.
type coverage struct {
	shingles int // distinct shingles of the body the file holds
	tokens   int // tokens of the body inside a shingle the file holds
	first    int // the file's earliest token a shingle of the body matched, +1
}

// cover measures how much of m's body each instruction file holds, and
// returns the number of distinct shingles of the body. A shingle's places
// are read once, where the body first has it: a body that repeats a
// sentence the instructions also repeat costs no product of the two.
func (idx *instructionIndex) cover(m *topicMemory) ([]coverage, int) {
	// holders maps each distinct shingle of the body to the files that
	// hold it, in filesOf; an entry of -1 means none.
	holders := map[uint64]int{}
	var filesOf [][]int
	cov := make([]coverage, len(idx.files))
	// end[i] is where the last shingle of the body file i holds ends:
	// a token two shingles cover counts once.
	end := make([]int, len(idx.files))
	for p := 0; p+shingleLen <= len(m.body); p++ {
		h := shingleHash(m.body, p)
		k, seen := holders[h]
		if !seen {
			k = -1
			if idx.may(h) {
				var files []int
				for _, l := range idx.at[h] {
					if l.file == m.self {
						continue
					}
					c := &cov[l.file]
					if c.first == 0 || l.pos+1 < c.first {
						c.first = l.pos + 1
					}
					// A file's places are next to each other in at[h].
					if n := len(files); n == 0 || files[n-1] != l.file {
						files = append(files, l.file)
						c.shingles++
					}
				}
				if len(files) > 0 {
					k = len(filesOf)
					filesOf = append(filesOf, files)
				}
			}
			holders[h] = k
		}
		if k < 0 {
			continue
		}
		for _, fi := range filesOf[k] {
			cov[fi].tokens += p + shingleLen - max(p, end[fi])
			end[fi] = p + shingleLen
		}
	}
	return cov, len(holders)
}

// bodyOverlap reports the body as a whole when one instruction file holds
// share percent of its total distinct shingles.
func (idx *instructionIndex) bodyOverlap(m *topicMemory, cov []coverage, total, share int) (overlap, bool) {
	if total < minBodyShingles {
		return overlap{}, false
	}
	best := -1
	for i, c := range cov {
		if c.shingles*100 >= share*total && (best < 0 || c.shingles > cov[best].shingles) {
			best = i
		}
	}
	if best < 0 {
		return overlap{}, false
	}
	f := &idx.files[best]
	return overlap{file: f.f, line: f.lines.LineOf(f.toks[cov[best].first-1].off), share: cov[best].shingles * 100 / total, start: m.bodyStart()}, true
}

// place is where an instruction file names a file of the memory dir: the
// file's index and its section there.
type place struct{ file, section int }

// section is the section of the file that offset off lies in.
func (f *instrFile) section(off int) int {
	return sort.SearchInts(f.sections, off+1)
}

// pointers returns, for the files of a memory dir whose folder is named
// base, the places where the instructions name them by a path through
// that folder ("docs/memory/feedback_tdd.md", "(.claude/memory/tdd.md)"),
// by their lower-cased path relative to the dir. Only the folder's own
// name anchors a path, so another folder's file of the same name does not
// count; in "a/memory/b/memory/x.md" the last one does. Code blocks are
// read too: a path there names the file as well.
func (idx *instructionIndex) pointers(base string) map[string]map[place]bool {
	out := map[string]map[place]bool{}
	if base == "" || base == "." || base == string(filepath.Separator) {
		return out
	}
	needle := []byte(strings.ToLower(base) + "/")
	for fi := range idx.files {
		f := &idx.files[fi]
		text := bytes.ToLower(f.f.Src)
		for i := range text {
			if text[i] == '\\' {
				text[i] = '/'
			}
		}
		for off := 0; off < len(text); {
			i := bytes.Index(text[off:], needle)
			if i < 0 {
				break
			}
			at := off + i
			if at > 0 && pathByte(text[at-1]) {
				off = at + len(needle)
				continue // "my-memory/x.md" is another folder
			}
			// The path runs to the first byte that ends a path in prose;
			// the search goes on after it, so each byte is read once.
			end := at + len(needle)
			for end < len(text) && !pathStop(text[end]) {
				end++
			}
			name := text[at+len(needle) : end]
			for {
				j := bytes.Index(name, needle)
				if j < 0 {
					break
				}
				if j > 0 && pathByte(name[j-1]) {
					break
				}
				name = name[j+len(needle):]
			}
			if n := strings.TrimRight(string(name), ".:"); n != "" {
				if out[n] == nil {
					out[n] = map[place]bool{}
				}
				out[n][place{fi, f.section(at)}] = true
			}
			off = end
		}
	}
	return out
}
