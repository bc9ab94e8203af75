package injection

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// scan is one file being read and what its Markdown says about where
// code and comments are.
type scan struct {
	f   *memory.File
	src []byte
	// md is the parsed body, nil until markdown is called. seen are its
	// HTML comments the agent reads; stripped are those Claude Code
	// removes before it does (top-level comments of the index), where
	// nothing can steer it.
	md             *markdown.Markdown
	seen, stripped []markdown.Span
	// human and assistant say whether the file holds those words, which
	// a forged transcript needs (set by prefilter).
	human, assistant bool
	// units are the paragraphs the prefilter admitted a trigger in or
	// must normalise, in file order.
	units []*unit
	// norm, v and us are reused from unit to unit: the normaliser, the
	// text of the unit being matched and what is known about it.
	norm normalizer
	v    view
	us   unitState
	// leadIns caches what the line before each code block says, by the
	// block's start, and lineMentions whether a line talks about attacks,
	// by the line's start.
	leadIns      map[int]leadInCue
	lineMentions map[int]bool
	// pemBegins and pemEnds are the offsets of the armour lines of PEM
	// blocks, found on first use (pemKnown).
	pemBegins, pemEnds []int
	pemKnown           bool
	// work counts the bytes the matchers read, for the test that keeps
	// them linear in the file's length.
	work int
}

func newScan(f *memory.File) *scan {
	loadTable()
	s := scanPool.Get().(*scan)
	*s = scan{f: f, src: f.Src, units: s.units[:0], norm: s.norm, v: s.v, us: s.us}
	return s
}

// scanPool keeps the buffers of the scans done (the normaliser's, the
// view's, the unit state's), which every file would grow again.
var scanPool = sync.Pool{New: func() any { return new(scan) }}

// release gives s back to scanPool once its hits are made: they share
// nothing with it.
func (s *scan) release() {
	clear(s.units)
	*s = scan{units: s.units[:0], norm: s.norm, v: s.v, us: s.us}
	s.us.u, s.us.cues = nil, nil
	scanPool.Put(s)
}

// markdown parses the body, once, and sorts its comments into those the
// agent reads and those Claude Code strips. A file in which nothing
// matched is never parsed here.
func (s *scan) markdown() *markdown.Markdown {
	if s.md != nil {
		return s.md
	}
	s.md = s.f.Body()
	if s.md == nil {
		s.md = &markdown.Markdown{}
	}
	top := map[int]bool{}
	if s.f.Kind == memory.KindIndex {
		for _, b := range s.md.Blocks {
			if b.Kind == markdown.BlockComment && b.TopLevel {
				top[b.Start] = true
			}
		}
	}
	for _, c := range s.md.Comments {
		if top[c.Start] {
			s.stripped = append(s.stripped, c.Span)
		} else {
			s.seen = append(s.seen, c.Span)
		}
	}
	return s.md
}

// asciiLower lowercases ASCII letters only, so that offsets into the
// result are offsets into src. It writes into buf when that is large
// enough.
func asciiLower(buf, src []byte) []byte {
	out := buf[:0]
	for _, c := range src {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out = append(out, c)
	}
	return out
}

// collapseSpace makes every run of spaces, tabs and line breaks of a
// unit's text one space, for the prefilter's also substrings.
func collapseSpace(buf, src []byte) []byte {
	out := buf[:0]
	for _, c := range src {
		switch c {
		case ' ', '\t', '\n', '\r':
			if n := len(out); n > 0 && out[n-1] == ' ' {
				continue
			}
			c = ' '
		}
		out = append(out, c)
	}
	return out
}

// within returns whether off lies in one of spans (sorted, disjoint).
func within(spans []markdown.Span, off int) bool {
	i := sort.Search(len(spans), func(i int) bool { return spans[i].End > off })
	return i < len(spans) && spans[i].Contains(off)
}

// line returns the bounds of the line holding off: from the file's line
// index, so that no line is read to find them.
func (s *scan) line(off int) (start, end int) {
	if li := s.f.Lines; li != nil {
		n := li.LineOf(off)
		start, end = li.LineStart(n), li.LineStart(n+1)
		if end > start && end <= len(s.src) && s.src[end-1] == '\n' {
			end--
		}
		return start, end
	}
	start = bytes.LastIndexByte(s.src[:off], '\n') + 1
	end = len(s.src)
	if i := bytes.IndexByte(s.src[off:], '\n'); i >= 0 {
		end = off + i
	}
	return start, end
}

// maxTriggers bounds the table: the triggers a unit admits are a set of
// bits (TestTriggerWords keeps the table within it).
const maxTriggers = 128

type triggerSet [maxTriggers / 64]uint64

func (t *triggerSet) add(i int)      { t[i>>6] |= 1 << (i & 63) }
func (t *triggerSet) has(i int) bool { return t[i>>6]&(1<<(i&63)) != 0 }
func (t *triggerSet) empty() bool {
	for _, w := range t {
		if w != 0 {
			return false
		}
	}
	return true
}

// triggerIndex is the prefilter's view of the table: which triggers each
// word and mark admits. Words are found by first letter and length, once
// a bit set from their first eight bytes and length says they may be one
// of the table's, so the one pass over a file compares bytes only for
// words that could be one of them.
type triggerIndex struct {
	slots [26 * (maxWordLen + 1)][]indexWord
	// seen has bit seenBit(key, n) set for each word of n bytes whose
	// first eight are key: most words of a text need no slot.
	seen    [1 << seenBits / 64]uint64
	marks   map[string][]int
	byStart map[[2]byte][]string
}

// indexWord is a word of the table and the triggers it admits: as it is
// (triggers), and as the ROT13 of one of their words (rot), which admits
// the trigger on the unit's ROT13.
type indexWord struct {
	word string
	// key is the word's first eight bytes, packed (wordKey): compared
	// before the word itself.
	key           uint64
	triggers, rot []int
}

// wordKey packs the first eight bytes of b, lowercased, into an integer.
func wordKey(b []byte) uint64 {
	var k uint64
	for i := 0; i < len(b) && i < 8; i++ {
		k |= uint64(lowerByte(b[i])) << (8 * i)
	}
	return k
}

// keyAt is wordKey(src[i:j]) for a word of letters and digits, read as
// one integer: setting bit 5 of a byte lowercases a letter and leaves a
// digit as it is.
func keyAt(src []byte, i, j int) uint64 {
	if i+8 > len(src) {
		return wordKey(src[i:j])
	}
	k := binary.LittleEndian.Uint64(src[i:]) | 0x2020202020202020
	if n := j - i; n < 8 {
		k &= 1<<(8*n) - 1
	}
	return k
}

// seenBits is the size of triggerIndex.seen, as a power of two.
const seenBits = 16

// seenBit is the bit of triggerIndex.seen of a word of n bytes whose
// first eight are key.
func seenBit(key uint64, n int) uint64 {
	return ((key ^ uint64(n)<<59) * 0x9e3779b97f4a7c15) >> (64 - seenBits)
}

// maySee reports whether a word of n bytes whose first eight are key may
// be one of the index.
func (ix *triggerIndex) maySee(key uint64, n int) bool {
	b := seenBit(key, n)
	return ix.seen[b>>6]&(1<<(b&63)) != 0
}

// maxWordLen is the longest word the prefilter looks for.
const maxWordLen = 32

func buildIndex(ts []trigger) *triggerIndex {
	ix := &triggerIndex{marks: map[string][]int{}, byStart: map[[2]byte][]string{}}
	// The words of a forged transcript (turns) admit no trigger of their
	// own; the pass notes that the file holds them.
	ts = append([]trigger{{words: []string{"human", "assistant"}}}, ts...)
	for i, t := range ts {
		i-- // the index in the table passed, without the entry above
		for _, w := range t.words {
			ix.addWord(w, i, false)
			if i >= 0 {
				ix.addWord(rot13String(w), i, true)
			}
		}
		for _, m := range t.marks {
			if len(ix.marks[m]) == 0 {
				k := [2]byte{m[0], m[1]}
				ix.byStart[k] = append(ix.byStart[k], m)
			}
			ix.marks[m] = append(ix.marks[m], i)
		}
	}
	return ix
}

func (ix *triggerIndex) addWord(w string, trigger int, rot bool) {
	if w == "" || w[0] < 'a' || w[0] > 'z' || len(w) > maxWordLen {
		// A programming error TestTriggerWords reports; the word is
		// never found.
		return
	}
	slot := &ix.slots[slotOf(w[0], len(w))]
	k := 0
	for k < len(*slot) && (*slot)[k].word != w {
		k++
	}
	if k == len(*slot) {
		key := wordKey([]byte(w))
		*slot = append(*slot, indexWord{word: w, key: key})
		b := seenBit(key, len(w))
		ix.seen[b>>6] |= 1 << (b & 63)
	}
	switch e := &(*slot)[k]; {
	case trigger < 0:
	case rot:
		e.rot = append(e.rot, trigger)
	default:
		e.triggers = append(e.triggers, trigger)
	}
}

// rot13String is w with its ASCII letters rotated by 13.
func rot13String(w string) string {
	b := []byte(w)
	rot13(b)
	return string(b)
}

// rot13 rotates the lowercase ASCII letters of b by 13, in place.
func rot13(b []byte) {
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = 'a' + (c-'a'+13)%26
		}
	}
}

// slotOf is the slot of words starting with the lowercase letter c, n
// bytes long.
func slotOf(c byte, n int) int { return int(c-'a')*(maxWordLen+1) + n }

// equalFold reports whether b, in any case, is the lowercase word w.
func equalFold(b []byte, w string) bool {
	if len(b) != len(w) {
		return false
	}
	for i := range b {
		if lowerByte(b[i]) != w[i] {
			return false
		}
	}
	return true
}

// Byte classes of the prefilter's pass. Letters and digits make words;
// classLetter and classDigit must stay the two highest.
const (
	classOther = iota
	classNewline
	classHigh // a byte of a non-ASCII character
	classMark // "<" or "[", which markup starts with
	classStar // "*" or "_", which emphasis is made of
	classEsc  // "%", "\\" or "&", which an escape starts with
	classLetter
	classDigit
)

var byteClasses = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			t[c] = classLetter
		case '0' <= c && c <= '9':
			t[c] = classDigit
		case c == '\n':
			t[c] = classNewline
		case c == '<' || c == '[':
			t[c] = classMark
		case c == '*' || c == '_':
			t[c] = classStar
		case c == '%' || c == '\\' || c == '&':
			t[c] = classEsc
		case c >= 0x80:
			t[c] = classHigh
		}
	}
	return t
}()

// unit is a paragraph of a file: the lines the triggers read as one
// text, so that a phrase broken over lines is still found. A blank line,
// and a line that starts a block of its own (a list item, a heading, a
// fence, a table row, HTML, a key of the frontmatter) or follows one that
// is a block by itself, starts a new unit.
type unit struct {
	start, end int
	// slow says the unit holds what only the normaliser reads: non-ASCII
	// text, emphasis inside a word or an escape.
	slow bool
	// leads has bit c-0xc0 set for each lead byte c of a multi-byte
	// character in the unit: its substrings are looked for only when the
	// unit holds their first non-ASCII byte.
	leads uint64
	// admit and rot are the triggers the prefilter admits on the unit's
	// text and on its ROT13.
	admit, rot triggerSet
}

// lineKind says how a line bears on the units around it.
type lineKind uint8

const (
	lineText  lineKind = iota // continues the paragraph before it
	lineBlank                 // ends it
	lineOpen                  // starts a unit that the next lines may continue: a list item, HTML
	lineAlone                 // a block by itself: a heading, a fence, a table row, a rule
)

// classifyLine returns the kind of the line starting at ls, and whether
// it opens with a block quote's ">". It looks at a few bytes only.
func classifyLine(src []byte, ls int) (kind lineKind, quote bool) {
	i := ls
	for i < len(src) && i-ls < 16 && (src[i] == ' ' || src[i] == '\t' || src[i] == '>') {
		quote = quote || src[i] == '>'
		i++
	}
	if i >= len(src) || src[i] == '\n' || src[i] == '\r' {
		return lineBlank, quote
	}
	next := func(k int) byte {
		if i+k < len(src) {
			return src[i+k]
		}
		return '\n'
	}
	switch c := src[i]; c {
	case '#', '|':
		return lineAlone, quote
	case '`', '~':
		if next(1) == c && next(2) == c {
			return lineAlone, quote
		}
	case '<':
		return lineOpen, quote
	case '-', '*', '+', '_':
		switch next(1) {
		case ' ', '\t', '\n', '\r':
			if c != '_' {
				return lineOpen, quote
			}
		case c:
			if next(2) == c {
				return lineAlone, quote
			}
		}
	default:
		if '0' <= c && c <= '9' {
			k := 1
			for k < 10 && '0' <= next(k) && next(k) <= '9' {
				k++
			}
			if d := next(k); (d == '.' || d == ')') && (next(k+1) == ' ' || next(k+1) == '\t') {
				return lineOpen, quote
			}
		}
	}
	return lineText, quote
}

// unitBreaker follows the lines of a file and says which start a unit.
type unitBreaker struct {
	src       []byte
	prev      lineKind
	prevQuote bool
	// frontmatter is set while the lines are those of the frontmatter,
	// where each key starts a unit and indented lines continue it.
	frontmatter bool
}

func newUnitBreaker(src []byte) *unitBreaker {
	b := &unitBreaker{src: src, prev: lineBlank}
	b.breaks(0)
	b.frontmatter = bytes.HasPrefix(src, []byte("---")) && (len(src) == 3 || src[3] == '\n' || src[3] == '\r')
	return b
}

// breaks reports whether the line starting at ls starts a new unit.
func (b *unitBreaker) breaks(ls int) bool {
	kind, quote := classifyLine(b.src, ls)
	if b.frontmatter && ls > 0 {
		switch {
		case bytes.HasPrefix(b.src[ls:], []byte("---")):
			b.frontmatter = false
			kind = lineAlone
		case kind == lineText && ls < len(b.src) && b.src[ls] != ' ' && b.src[ls] != '\t':
			kind = lineOpen
		}
	}
	brk := kind != lineText || b.prev == lineBlank || b.prev == lineAlone || quote != b.prevQuote
	b.prev, b.prevQuote = kind, quote
	return brk
}

// prefilter finds the units of the file that a trigger may match in: one
// pass over the file for the words and marks of the table, which notes
// the units that need the normaliser; then, for those, the same search
// in their normalised text, and a search for the table's substrings
// (words of scripts without spaces, and words that are not ASCII once
// normalised).
func (s *scan) prefilter() {
	src := s.src
	s.work += len(src)
	lines := newUnitBreaker(src)
	var cur *unit
	curStart := 0
	rec := func() *unit {
		if cur == nil {
			cur = &unit{start: curStart, end: len(src)}
			s.units = append(s.units, cur)
		}
		return cur
	}
	for i := 0; i < len(src); {
		cl := byteClasses[src[i]]
		if cl < classLetter {
			switch cl {
			case classNewline:
				if lines.breaks(i + 1) {
					if cur != nil {
						cur.end = i
						cur = nil
					}
					curStart = i + 1
				}
			case classHigh:
				// A character the normaliser reads as it is leaves the
				// unit to the fast path; its continuation bytes are
				// skipped, so one met here stands alone: invalid UTF-8.
				u := rec()
				if c := src[i]; c >= 0xc0 {
					u.leads |= 1 << (c - 0xc0)
				}
				if !u.slow {
					r, size := utf8.DecodeRune(src[i:])
					u.slow = !stableRune(r)
					i += size
					continue
				}
			case classEsc:
				if escapeLen(src, i) > 0 {
					rec().slow = true
				}
			case classStar:
				// A run of "*" inside a word, and a run of "*" or "_"
				// beside a non-ASCII character, which the normaliser may
				// read as inside a word.
				j := i + 1
				for j < len(src) && src[j] == src[i] {
					j++
				}
				s.work += j - i
				before, after := byte(' '), byte(' ')
				if i > 0 {
					before = src[i-1]
				}
				if j < len(src) {
					after = src[j]
				}
				if before >= 0x80 || after >= 0x80 || src[i] == '*' && isWordByte(before) && isWordByte(after) {
					rec().slow = true
				}
				// The run is read once: from a byte inside it, the run
				// ahead would be read again for each of its bytes.
				i = j
				continue
			case classMark:
				if i+1 < len(src) {
					k := [2]byte{src[i], lowerByte(src[i+1])}
					for _, m := range index.byStart[k] {
						if hasPrefixFold(src[i:], m) {
							u := rec()
							for _, t := range index.marks[m] {
								u.admit.add(t)
							}
						}
					}
				}
			}
			i++
			continue
		}
		j := i + 1
		for j < len(src) && byteClasses[src[j]] >= classLetter {
			j++
		}
		if n := j - i; cl == classLetter && n <= maxWordLen {
			if key := keyAt(src, i, j); index.maySee(key, n) {
				for _, w := range index.slots[slotOf(lowerByte(src[i]), n)] {
					if w.key != key || n > 8 && !equalFold(src[i:j], w.word) {
						continue
					}
					switch w.word {
					case "human":
						s.human = true
					case "assistant":
						s.assistant = true
					}
					if len(w.triggers)+len(w.rot) == 0 {
						continue
					}
					u := rec()
					for _, t := range w.triggers {
						u.admit.add(t)
					}
					for _, t := range w.rot {
						u.rot.add(t)
					}
				}
			}
		}
		i = j
	}
}

// admitView sets what u admits from the normalised text of a slow unit:
// the words and marks of the table, as the pass over the file finds
// them, and its substrings.
func (s *scan) admitView(u *unit, text []byte) {
	u.admit, u.rot = triggerSet{}, triggerSet{}
	s.work += len(text)
	// leads has bit c-0xc0 set for each lead byte c of a multi-byte
	// character in the text: a substring is looked for only when the
	// text holds its first byte.
	var leads uint64
	for i := 0; i < len(text); {
		cl := byteClasses[text[i]]
		if cl < classLetter {
			switch cl {
			case classHigh:
				if text[i] >= 0xc0 {
					leads |= 1 << (text[i] - 0xc0)
				}
			case classMark:
				if i+1 < len(text) {
					for _, m := range index.byStart[[2]byte{text[i], text[i+1]}] {
						if bytes.HasPrefix(text[i:], []byte(m)) {
							for _, t := range index.marks[m] {
								u.admit.add(t)
							}
						}
					}
				}
			}
			i++
			continue
		}
		j := i + 1
		for j < len(text) && byteClasses[text[j]] >= classLetter {
			j++
		}
		if n := j - i; cl == classLetter && n <= maxWordLen {
			if key := keyAt(text, i, j); index.maySee(key, n) {
				for _, w := range index.slots[slotOf(lowerByte(text[i]), n)] {
					if w.key != key || n > 8 && !equalFold(text[i:j], w.word) {
						continue
					}
					for _, t := range w.triggers {
						u.admit.add(t)
					}
					for _, t := range w.rot {
						u.rot.add(t)
					}
				}
			}
		}
		i = j
	}
	s.admitSubs(u, text, leads)
}

// admitSubs adds to what u admits the triggers whose substrings text
// holds; leads are the lead bytes of its multi-byte characters.
func (s *scan) admitSubs(u *unit, text []byte, leads uint64) {
	for ; leads != 0; leads &= leads - 1 {
		for _, e := range subsByLead[bits.TrailingZeros64(leads)] {
			if u.admit.has(e.trigger) {
				continue
			}
			s.work += len(text)
			if bytes.Contains(text, e.sub) {
				u.admit.add(e.trigger)
			}
		}
	}
}

// subEntry is a substring of the table and its trigger.
type subEntry struct {
	trigger int
	sub     []byte
}

// buildSubsByLead groups the substrings of the table by the first byte
// of their first multi-byte character, less 0xc0 (leadByte); one without
// such a character is never looked for.
func buildSubsByLead(triggers []trigger) (by [64][]subEntry) {
	for i, t := range triggers {
		for _, w := range t.subs {
			if c := leadByte(w); c >= 0xc0 {
				by[c-0xc0] = append(by[c-0xc0], subEntry{trigger: i, sub: []byte(w)})
			}
		}
	}
	return by
}

// leadByte returns the first byte of the first multi-byte character of
// w, or 0.
func leadByte(w string) byte {
	for i := 0; i < len(w); i++ {
		if w[i] >= 0xc0 {
			return w[i]
		}
	}
	return 0
}

func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// hasPrefixFold reports whether b starts with the lowercase prefix p,
// ASCII letters compared without case.
func hasPrefixFold(b []byte, p string) bool {
	if len(b) < len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		if lowerByte(b[i]) != p[i] {
			return false
		}
	}
	return true
}

// triggers runs the trigger table: each pattern on the units its
// prefilter admits, in the unit's text as normalised, and, where a word
// of the table's ROT13 was seen, in its ROT13.
func (s *scan) triggers() []hit {
	s.prefilter()
	var hits []hit
	for _, u := range s.units {
		switch {
		case u.slow:
			s.norm.normalize(&s.v, s.src, u.start, u.end)
			s.work += 4 * (u.end - u.start)
			s.admitView(u, s.v.text)
		case u.leads != 0:
			// Non-ASCII text the normaliser reads as it is: the fast
			// view differs from the unit's own bytes only in ASCII
			// letters and markup, which no substring holds.
			s.admitSubs(u, s.src[u.start:u.end], u.leads)
			fallthrough
		default:
			if u.admit.empty() && u.rot.empty() {
				continue
			}
			fastView(&s.v, s.src, u.start, u.end)
			s.work += u.end - u.start
		}
		if u.admit.empty() && u.rot.empty() {
			continue
		}
		s.us.reset(u)
		hits = s.matchUnit(hits, &u.admit, "")
		if !u.rot.empty() {
			mention := s.us.mentions(s)
			rot13(s.v.text)
			s.work += len(s.v.text)
			s.us.reset(u)
			s.us.mention = mention || s.us.mentions(s)
			hits = s.matchUnit(hits, &u.rot, "ROT13")
		}
	}
	return hits
}

// matchUnit appends to hits what the triggers of set find in the unit's
// text, s.v.
func (s *scan) matchUnit(hits []hit, set *triggerSet, encoding string) []hit {
	text := s.v.text
	for i := range triggers {
		if !set.has(i) {
			continue
		}
		t := &triggers[i]
		if len(t.also) > 0 && !s.us.holdsAny(s, &alsoPlans[i]) {
			continue
		}
		if req := requiredMatchers(i); len(req) > 0 && !meets(s.us.spaced(s), req, &s.work) {
			continue
		}
		s.work += len(text)
		for _, m := range t.re.FindAllIndex(text, -1) {
			if h, ok := s.judge(t, m[0], m[1]); ok {
				h.trigger, h.encoding = i, encoding
				hits = append(hits, h)
			}
		}
	}
	return hits
}

// alsoGates are substrings that many also substrings of the table hold:
// a unit without one holds none of those, which is then not looked for.
var alsoGates = []string{"the user"}

// alsoPlan is how a trigger's also substrings are looked for: those
// holding gate alsoGates[g] in gated[g], only when the unit holds the
// gate, and the others in plain.
type alsoPlan struct {
	gated [][]string
	plain []string
	// gatedAny and plainAny look for each list in one pass (anyOf).
	gatedAny []*anyOf
	plainAny *anyOf
}

func byteStrings(ss []string) [][]byte {
	out := make([][]byte, len(ss))
	for i, s := range ss {
		out[i] = []byte(s)
	}
	return out
}

func buildAlsoPlans(triggers []trigger) []alsoPlan {
	plans := make([]alsoPlan, len(triggers))
	for i, t := range triggers {
		p := &plans[i]
		p.gated = make([][]string, len(alsoGates))
	words:
		for _, w := range t.also {
			for g, gate := range alsoGates {
				if strings.Contains(w, gate) {
					p.gated[g] = append(p.gated[g], w)
					continue words
				}
			}
			p.plain = append(p.plain, w)
		}
		p.plainAny = newAnyOf(byteStrings(p.plain))
		for _, words := range p.gated {
			p.gatedAny = append(p.gatedAny, newAnyOf(byteStrings(words)))
		}
	}
	return plans
}

// unitState is what is known about the text of the unit being matched,
// each part worked out on first use so that no match reads the unit
// again.
type unitState struct {
	u *unit
	// collapsed is the text with its white space collapsed, for the also
	// substrings; gate and known say which gates it holds, once looked for.
	collapsed      []byte
	collapsedKnown bool
	gate, known    uint64
	// ws is the text with each run of the white space \s matches
	// collapsed, for the strings the patterns need (required.go): the
	// collapsed text, unless the text holds a form feed.
	ws, wsBuf []byte
	wsKnown   bool
	// mention is whether the unit talks about attacks (mentionKnown once
	// looked for).
	mention, mentionKnown bool
	// lastQuote is the offset of the last closing quotation mark in the
	// text, -1 for none (quoteKnown once looked for).
	lastQuote  int
	quoteKnown bool
	// breaks are the offsets of the text's line breaks, and cues whether
	// the line starting at each offset tells the agent to run a command
	// unasked, both once looked for.
	breaks      []int
	breaksKnown bool
	cues        map[int]bool
}

func (us *unitState) reset(u *unit) {
	collapsed, breaks, wsBuf := us.collapsed[:0], us.breaks[:0], us.wsBuf[:0]
	*us = unitState{u: u, collapsed: collapsed, breaks: breaks, wsBuf: wsBuf}
}

// collapse sets the collapsed text, once.
func (us *unitState) collapse(s *scan) []byte {
	if !us.collapsedKnown {
		us.collapsedKnown = true
		us.collapsed = collapseSpace(us.collapsed, s.v.text)
		s.work += len(s.v.text)
	}
	return us.collapsed
}

// spaced returns the text with each run of white space one space, as
// collapseWS makes it.
func (us *unitState) spaced(s *scan) []byte {
	if !us.wsKnown {
		us.wsKnown = true
		s.work += len(s.v.text)
		if bytes.IndexByte(s.v.text, '\f') < 0 {
			us.ws = us.collapse(s)
		} else {
			us.wsBuf = collapseWS(us.wsBuf, s.v.text)
			us.ws = us.wsBuf
		}
	}
	return us.ws
}

// holdsAny reports whether the unit holds one of the substrings of p.
func (us *unitState) holdsAny(s *scan, p *alsoPlan) bool {
	us.collapse(s)
	if len(p.plain) > 0 && p.plainAny.in(us.collapsed, &s.work) {
		return true
	}
	for g, words := range p.gated {
		if len(words) == 0 {
			continue
		}
		if us.known&(1<<g) == 0 {
			us.known |= 1 << g
			s.work += len(us.collapsed)
			if bytes.Contains(us.collapsed, []byte(alsoGates[g])) {
				us.gate |= 1 << g
			}
		}
		if us.gate&(1<<g) != 0 && p.gatedAny[g].in(us.collapsed, &s.work) {
			return true
		}
	}
	return false
}

func containsAny(b []byte, subs []string) bool {
	for _, sub := range subs {
		if bytes.Contains(b, []byte(sub)) {
			return true
		}
	}
	return false
}

// mentionsAttack reports whether text talks about attacks, in English or
// in one of the languages of the table. A word inside an address or a
// path ("attacker.example", "/payloads/") does not: it is a name, and
// steering text may carry one.
func mentionsAttack(text []byte) bool {
	return mentionsAttackWhere(text, nil)
}

// mentionsAttackWhere is mentionsAttack, counting only the words at whose
// offset in text visible says yes (nil: all).
func mentionsAttackWhere(text []byte, visible func(off int) bool) bool {
	for _, m := range mentionCue.FindAllIndex(text, -1) {
		if !inName(text, m[0], m[1]) && (visible == nil || visible(m[0])) {
			return true
		}
	}
	for _, w := range mentionSubs {
		for from := 0; from < len(text); {
			k := bytes.Index(text[from:], []byte(w))
			if k < 0 {
				break
			}
			if visible == nil || visible(from+k) {
				return true
			}
			from += k + len(w)
		}
	}
	return false
}

// inName reports whether text[a:b] is part of an address, a path or a
// file name: "." or "/" on either side, "@" or ":" before it.
func inName(text []byte, a, b int) bool {
	if a > 0 {
		switch text[a-1] {
		case '.', '/', '@', ':', '-', '_':
			return true
		}
	}
	if b < len(text) {
		switch text[b] {
		case '/', '-', '_':
			return true
		case '.':
			return b+1 < len(text) && isWordByte(text[b+1])
		}
	}
	return false
}

// nextWord returns the word after offset b of text, past the spaces
// before it: a few bytes are read.
func nextWord(text []byte, b int) string {
	i := b
	for i < len(text) && i-b < 8 && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n') {
		i++
	}
	if i == b && b > 0 && b < len(text) && isWordRune(rune(text[b])) {
		return "" // the match ends inside a word
	}
	j := i
	for j < len(text) && j-i < 24 {
		r, size := utf8.DecodeRune(text[j:])
		if !unicode.IsLetter(r) {
			break
		}
		j += size
	}
	return string(text[i:j])
}

// mentions reports whether the unit talks about attacks, where steering
// text is an example: "a prompt injection test case reads: …".
func (us *unitState) mentions(s *scan) bool {
	if !us.mentionKnown {
		us.mentionKnown = true
		s.work += len(s.v.text)
		// A word in an HTML comment is hidden from the reader: it makes
		// no note about attacks.
		s.markdown()
		us.mention = mentionsAttackWhere(s.v.text, func(off int) bool {
			return !within(s.seen, s.v.fileOffset(off))
		})
	}
	return us.mention
}

// closingQuote returns the offset of the last closing quotation mark of
// the unit's text, or -1.
func (us *unitState) closingQuote(s *scan) int {
	if !us.quoteKnown {
		us.quoteKnown = true
		s.work += len(s.v.text)
		us.lastQuote = bytes.LastIndexAny(s.v.text, "\"'”’」』»“")
	}
	return us.lastQuote
}

// lineAt returns the bounds of the line of the unit's text holding a.
func (us *unitState) lineAt(s *scan, a int) (start, end int) {
	if !us.breaksKnown {
		us.breaksKnown = true
		s.work += len(s.v.text)
		for i, c := range s.v.text {
			if c == '\n' {
				us.breaks = append(us.breaks, i)
			}
		}
	}
	k := sort.SearchInts(us.breaks, a)
	start, end = 0, len(s.v.text)
	if k > 0 {
		start = us.breaks[k-1] + 1
	}
	if k < len(us.breaks) {
		end = us.breaks[k]
	}
	return start, end
}

// runCued reports whether the line of the unit's text holding a tells
// the agent to run a command on its own.
func (us *unitState) runCued(s *scan, a int) bool {
	ls, le := us.lineAt(s, a)
	cued, ok := us.cues[ls]
	if !ok {
		s.work += le - ls
		cued = runCue.Match(s.v.text[ls:le])
		if us.cues == nil {
			us.cues = map[int]bool{}
		}
		us.cues[ls] = cued
	}
	return cued
}

// judge decides whether a match of t at [a, b) of the unit's text is
// steering text, and returns it as a hit.
func (s *scan) judge(t *trigger, a, b int) (hit, bool) {
	text := s.v.text
	// A match may start at the line break, the spaces or the heading
	// marks a pattern anchors on; the hit starts at its first letter.
	for a < b && (text[a] == '\n' || text[a] == '\r' || text[a] == ' ' || text[a] == '\t' || text[a] == '#') {
		a++
	}
	span := s.v.fileSpan(a, b)
	at := span.Start
	md := s.markdown()
	if within(s.stripped, at) {
		return hit{}, false
	}
	comment := within(s.seen, at)
	// block is the code block the match lies in; a code span is quoted.
	block := s.codeBlock(at)
	if !comment && !t.inCode && md.InCode(at) {
		// A fence whose content is text (no language, or "text",
		// "prompt" …) says to the agent what prose would, unless what
		// introduces it talks about attacks.
		// Markup and commands in a fence are quoted, as in a code span.
		if !t.mention() || block == nil || !proseBlock(block) || inCodeSpan(md, at) || s.leadInMentions(block) {
			return hit{}, false
		}
	}
	if !wordBounded(text, a, b) {
		return hit{}, false
	}
	if t.mention() && !comment && s.us.mentions(s) {
		return hit{}, false
	}
	if t.imperative && !comment && !givesOrder(text[:a]) {
		return hit{}, false
	}
	if t.targetable && targetedWords[nextWord(text, b)] {
		return hit{}, false
	}
	if t.cue && !comment && !s.us.runCued(s, a) && (block == nil || !s.leadInOrders(block)) {
		return hit{}, false
	}
	if !comment && !t.inCode && quoted(text, a, b, s.us.closingQuote(s)) {
		return hit{}, false
	}
	if t.family == famImpersonate && !comment && mentionedTag(text, a, b) {
		return hit{}, false
	}
	h := hit{span: span, family: t.family, comment: comment}
	if !sameText(text[a:b], s.src[span.Start:span.End]) {
		h.reads = string(text[a:b])
	}
	return h, true
}

// codeBlock returns the code block holding off, or nil.
func (s *scan) codeBlock(off int) *markdown.CodeBlock {
	blocks := s.markdown().CodeBlocks
	i := sort.Search(len(blocks), func(i int) bool { return blocks[i].Start > off }) - 1
	if i >= 0 && blocks[i].Contains(off) {
		return &blocks[i]
	}
	return nil
}

// inCodeSpan reports whether off lies in an inline code span.
func inCodeSpan(md *markdown.Markdown, off int) bool {
	spans := md.CodeSpans
	i := sort.Search(len(spans), func(i int) bool { return spans[i].Start > off }) - 1
	return i >= 0 && spans[i].Contains(off)
}

// proseBlock reports whether the content of b is read as text: an
// indented block, or a fence with no language or one of proseInfos.
func proseBlock(b *markdown.CodeBlock) bool {
	return !b.Fenced || proseInfos[strings.ToLower(strings.TrimSpace(b.Info))]
}

// leadIn returns the line that introduces block b: the last line before
// it that is neither blank nor an HTML comment, lowercased, or nil.
func (s *scan) leadIn(b *markdown.CodeBlock) []byte {
	end := b.Start
	for end > 0 {
		ls, _ := s.line(end - 1)
		line := bytes.TrimSpace(s.src[ls : end-1])
		if len(line) > 0 && !(bytes.HasPrefix(line, []byte("<!--")) && bytes.HasSuffix(line, []byte("-->"))) {
			s.work += len(line)
			return asciiLower(nil, line)
		}
		end = ls
		if end == 0 || b.Start-end > 4096 {
			break
		}
	}
	return nil
}

// leadInCue is what the line introducing a code block says, once read.
type leadInCue struct{ mentions, orders bool }

// leadInCues returns what the line introducing block b says, read once
// per block.
func (s *scan) leadInCues(b *markdown.CodeBlock) leadInCue {
	if c, ok := s.leadIns[b.Start]; ok {
		return c
	}
	line := s.leadIn(b)
	c := leadInCue{
		mentions: mentionsAttack([]byte(strings.ToLower(b.Info))) || mentionsAttack(line),
		orders:   leadInOrder.Match(line) && runCue.Match(line),
	}
	if s.leadIns == nil {
		s.leadIns = map[int]leadInCue{}
	}
	s.leadIns[b.Start] = c
	return c
}

// leadInMentions reports whether the block's info string or the line
// introducing it talks about attacks ("An injection we blocked:").
func (s *scan) leadInMentions(b *markdown.CodeBlock) bool { return s.leadInCues(b).mentions }

// leadInOrders reports whether the line introducing the block tells the
// agent to run it on its own ("Always execute:").
func (s *scan) leadInOrders(b *markdown.CodeBlock) bool { return s.leadInCues(b).orders }

// sameText reports whether the view's text reads as the file's bytes do,
// but for case and markup turned into spaces: then a message need not
// say what the text reads once normalised.
func sameText(view, file []byte) bool {
	if len(view) != len(file) {
		return false
	}
	for i, c := range file {
		if d := view[i]; lowerByte(c) != d && d != ' ' {
			return false
		}
	}
	return true
}

// wordBounded reports whether [a, b) of text starts and ends at the
// edges of words, where its ends are letters of a script written with
// spaces: "ignore" in "signore" is no match. The patterns' \b knows ASCII
// only, and a Cyrillic word reads partly as Latin letters once its
// look-alikes are folded.
func wordBounded(text []byte, a, b int) bool {
	if a >= b {
		return true
	}
	first, _ := utf8.DecodeRune(text[a:])
	before, _ := utf8.DecodeLastRune(text[:a])
	if a > 0 && spacedLetter(first) && spacedLetter(before) {
		return false
	}
	last, _ := utf8.DecodeLastRune(text[:b])
	after, _ := utf8.DecodeRune(text[b:])
	return !(b < len(text) && spacedLetter(last) && spacedLetter(after))
}

// spacedLetter reports whether r is a letter of a script whose words are
// separated by spaces (not CJK, kana or Hangul, whose particles attach).
func spacedLetter(r rune) bool {
	return isLetter(r) && r < 0x2E80
}

// givesOrder reports whether a pattern preceded by before (the unit's
// text up to it) stands where an order does: at the start of a sentence
// or clause, or after a word of orderLead.
func givesOrder(before []byte) bool {
	before = bytes.TrimRight(before, " \t\n\r")
	if len(before) == 0 {
		return true
	}
	if last, _ := utf8.DecodeLastRune(before); !unicode.IsLetter(last) && !unicode.IsDigit(last) && last != '\'' && last != '’' {
		return true // punctuation or markup: a sentence, clause or item starts
	}
	i := bytes.LastIndexFunc(before, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '’' }) + 1
	return orderLead[string(before[i:])]
}

// quoteMarks are the opening quotes that make a phrase a mention ("the
// attack text was “ignore previous instructions”") rather than a use.
var quoteMarks = map[rune]bool{'"': true, '\'': true, '“': true, '‘': true, '「': true, '『': true, '«': true, '„': true}

// quoted reports whether the match [a, b) opens right after a quotation
// mark and a closing one follows it in the unit (lastQuote, the last).
func quoted(text []byte, a, b, lastQuote int) bool {
	r, _ := utf8.DecodeLastRune(text[:a])
	return quoteMarks[r] && lastQuote >= b
}

// tagMentionAfter and tagMentionWords are the text around a tag that
// speaks about it: "inside <system-reminder> tags", "the <function_calls>
// block".
var (
	tagMentionAfter = lazyre.New(`^\s*(?:tags?|blocks?|elements?|messages?|wrappers?|markup|sections?)\b`)
	tagMentionWords = map[string]bool{
		"the": true, "a": true, "an": true, "as": true, "in": true, "inside": true, "within": true,
		"into": true, "via": true, "like": true, "with": true, "e.g.": true,
	}
)

// mentionedTag reports whether the tag at [a, b) of text is talked about
// rather than used. It reads a few bytes on either side only.
func mentionedTag(text []byte, a, b int) bool {
	if tagMentionAfter.Match(text[b:min(len(text), b+32)]) {
		return true
	}
	before := bytes.TrimRight(text[max(0, a-16):a], " \t\n")
	i := bytes.LastIndexAny(before, " \t\n(") + 1
	word := string(before[i:])
	if word == "as" && bytes.HasSuffix(bytes.TrimRight(before[:i], " \t\n"), []byte("such")) {
		return true
	}
	return tagMentionWords[word]
}

// turns reports a forged chat transcript: a file with a Human turn and an
// Assistant turn outside code. The hit is the first turn. It runs after
// prefilter, which tells whether the file holds both words.
func (s *scan) turns() []hit {
	if !s.human || !s.assistant {
		return nil
	}
	lower := asciiLower(nil, s.src)
	var first *hit
	sides := map[string]bool{}
	for _, m := range turnLine.FindAllSubmatchIndex(lower, -1) {
		at := m[2]
		if s.markdown().InCode(at) || within(s.stripped, at) {
			continue
		}
		sides[string(lower[m[2]:m[3]])] = true
		if first == nil {
			_, le := s.line(at)
			end := bytes.IndexByte(lower[at:le], ':')
			first = &hit{span: markdown.Span{Start: at, End: at + end + 1}, family: famTurns, comment: within(s.seen, at)}
		}
	}
	if first == nil || len(sides) < 2 {
		return nil
	}
	return []hit{*first}
}

// addressed is a comment that speaks to the agent: "AI: …", "note to
// Claude: …", "if you are an AI, …".
var addressed = lazyre.New(`^\s*(?:(?:note|message|reminder|hint|instructions?|directive|attention|important)\s+(?:to|for)\s+)?(?:the\s+)?(?:ai|claude(?:\s+code)?|assistant|ai\s+assistant|ai\s+agent|agent|llm|model|language\s+model|gpt|chatgpt|copilot|cursor|gemini)\s*(?::|,|\s[-—–])\s|^\s*(?:note|message|instructions?)\s+(?:to|for)\s+(?:the\s+)?(?:ai|claude|assistant|agent|llm|model)\b|\b(?:if|when)\s+you\s+are\s+(?:an?\s+)?(?:ai|llm|language\s+model|claude|assistant|agent)\b`)

// comments reports the comments of a topic file that address the agent
// (the index's comments that reach the agent are rare and are checked by
// the table alone), read as normalised. A comment already holding a hit
// is not reported again.
func (s *scan) comments(hits []hit) []hit {
	if s.f.Kind != memory.KindTopic || !bytes.Contains(s.src, []byte("<!--")) {
		return nil
	}
	s.markdown()
	var out []hit
	var v view
	for _, c := range s.seen {
		inner := markdown.Span{Start: c.Start + len("<!--"), End: max(c.Start+len("<!--"), c.End-len("-->"))}
		s.norm.normalize(&v, s.src, inner.Start, inner.End)
		text := v.text
		if bytes.HasPrefix(bytes.TrimSpace(text), []byte("memlint-")) || !addressed.Match(text) {
			continue
		}
		already := false
		for _, h := range hits {
			if c.Contains(h.span.Start) {
				already = true
				break
			}
		}
		if !already {
			start := c.Start + len("<!--")
			for start < c.End && (s.src[start] == ' ' || s.src[start] == '\t' || s.src[start] == '\n') {
				start++
			}
			_, le := s.line(start)
			out = append(out, hit{span: markdown.Span{Start: start, End: min(le, c.End)}, family: famComment})
		}
	}
	return out
}
