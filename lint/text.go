package lint

import (
	"bytes"
	"encoding/binary"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// LineIndex converts byte offsets in a file's content into positions. Lines
// end at "\n"; a "\r" before it belongs to the line break, not the line.
type LineIndex struct {
	src    []byte
	starts []int // byte offset where each line starts; starts[0] == 0
	// wide marks lines holding non-ASCII bytes: only on those does a
	// column need counting characters, so positions on long ASCII lines
	// stay O(1).
	wide []bool
}

// NewLineIndex indexes src. It finds each line's end with IndexByte and
// looks for non-ASCII bytes eight at a time: it runs over every byte of
// every file a run reads.
func NewLineIndex(src []byte) *LineIndex {
	n := bytes.Count(src, []byte{'\n'}) + 1
	li := &LineIndex{src: src, starts: make([]int, 1, n), wide: make([]bool, 1, n)}
	for start := 0; ; {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		if !isASCII(src[start:end]) {
			li.wide[len(li.wide)-1] = true
		}
		if end == len(src) {
			return li
		}
		start = end + 1
		li.starts = append(li.starts, start)
		li.wide = append(li.wide, false)
	}
}

// isASCII reports whether b holds ASCII bytes alone.
func isASCII(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Lines is the number of lines. A final line without a newline counts; a
// trailing newline does not start another line.
func (li *LineIndex) Lines() int {
	n := len(li.starts)
	if n > 1 && li.starts[n-1] == len(li.src) {
		n--
	}
	if len(li.src) == 0 {
		return 0
	}
	return n
}

// LineOf returns the 1-based line holding byte offset off.
func (li *LineIndex) LineOf(off int) int {
	return sort.Search(len(li.starts), func(i int) bool { return li.starts[i] > off })
}

// Pos returns the position of byte offset off (clamped to the content).
func (li *LineIndex) Pos(off int) Pos {
	if off < 0 {
		off = 0
	}
	if off > len(li.src) {
		off = len(li.src)
	}
	line := li.LineOf(off)
	start := li.starts[line-1]
	if !li.wide[line-1] {
		return Pos{Line: line, Col: off - start + 1}
	}
	return Pos{Line: line, Col: utf8.RuneCount(li.src[start:off]) + 1}
}

// Offset converts a position back into a byte offset, clamped to the
// line's text.
func (li *LineIndex) Offset(p Pos) int {
	if p.Line < 1 {
		return 0
	}
	if p.Line > len(li.starts) {
		return len(li.src)
	}
	off, end := li.LineStart(p.Line), li.LineEnd(p.Line)
	if !li.wide[p.Line-1] {
		return min(off+max(p.Col-1, 0), end)
	}
	for col := 1; col < p.Col && off < end; col++ {
		_, size := utf8.DecodeRune(li.src[off:end])
		off += size
	}
	return off
}

// LineStart returns the byte offset where 1-based line n starts.
func (li *LineIndex) LineStart(n int) int {
	if n < 1 {
		return 0
	}
	if n > len(li.starts) {
		return len(li.src)
	}
	return li.starts[n-1]
}

// LineEnd returns the byte offset of the end of line n's text, before its
// "\r\n" or "\n".
func (li *LineIndex) LineEnd(n int) int {
	end := len(li.src)
	if n < len(li.starts) {
		end = li.starts[n] - 1
	}
	if end > li.LineStart(n) && li.src[end-1] == '\r' {
		end--
	}
	return end
}

// Line returns the text of 1-based line n without its line break.
func (li *LineIndex) Line(n int) []byte {
	if n < 1 || n > len(li.starts) {
		return nil
	}
	return li.src[li.LineStart(n):li.LineEnd(n)]
}

// LineEndPos returns the position just after the last character of line n.
func (li *LineIndex) LineEndPos(n int) Pos { return li.Pos(li.LineEnd(n)) }

// UTF16Len returns the length of b as a JavaScript string: the number of
// UTF-16 code units, which is what Claude Code measures. Characters outside
// the Basic Multilingual Plane count twice; each byte of invalid UTF-8 decodes
// to U+FFFD and counts once.
func UTF16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		if b[0] < utf8.RuneSelf {
			n++
			b = b[1:]
			continue
		}
		r, size := utf8.DecodeRune(b)
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		b = b[size:]
	}
	return n
}

// UTF16Offset returns the byte offset in b at which the first units UTF-16
// code units end, never splitting a character. If b is shorter, len(b).
func UTF16Offset(b []byte, units int) int {
	n, i := 0, 0
	for i < len(b) {
		w := 1
		size := 1
		if b[i] >= utf8.RuneSelf {
			var r rune
			r, size = utf8.DecodeRune(b[i:])
			if r >= 0x10000 {
				w = 2
			}
		}
		if n+w > units {
			return i
		}
		n += w
		i += size
	}
	return i
}

// isJSSpace reports whether JavaScript's String.prototype.trim removes r.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0xFEFF, 0x2028, 0x2029:
		return true
	}
	return unicode.Is(unicode.Zs, r)
}

// jsTrimBounds returns the start and end of b with leading and trailing
// whitespace removed as JavaScript's trim does.
func jsTrimBounds(b []byte) (start, end int) {
	start, end = 0, len(b)
	for start < end {
		r, size := utf8.DecodeRune(b[start:end])
		if !isJSSpace(r) {
			break
		}
		start += size
	}
	for end > start {
		r, size := utf8.DecodeLastRune(b[start:end])
		if !isJSSpace(r) {
			break
		}
		end -= size
	}
	return start, end
}

// Closest returns the candidate nearest to s by edit distance, ignoring
// case, when it is near enough to be a likely typo (or s abbreviates it:
// "desc" for "description"); otherwise "". Ties go to the earlier
// candidate. For many look-ups in one set, build a Suggester once.
func Closest(s string, candidates []string) string {
	return NewSuggester(candidates).Closest(s)
}

// Suggester finds likely intended names among a fixed set of candidates.
type Suggester struct {
	names []string
	lower [][]rune
	hist  [][32]uint8 // rune counts by rune%32: a cheap lower bound
	cache map[string]string
}

// NewSuggester prepares the candidates (duplicates are dropped).
func NewSuggester(candidates []string) *Suggester {
	sg := &Suggester{}
	seen := make(map[string]bool, len(candidates))
	for _, c := range candidates {
		if seen[c] {
			continue
		}
		seen[c] = true
		sg.names = append(sg.names, c)
		sg.lower = append(sg.lower, []rune(strings.ToLower(c)))
		sg.hist = append(sg.hist, runeHist(sg.lower[len(sg.lower)-1]))
	}
	return sg
}

// Closest returns the candidate nearest to s, or "". It only suggests, so
// it keeps cheap: candidates whose length alone rules them out are
// skipped, and distances stop growing past the best one found.
func (sg *Suggester) Closest(s string) string {
	if best, ok := sg.cache[s]; ok {
		return best
	}
	best := sg.closest(s, nil)
	if sg.cache == nil {
		sg.cache = map[string]string{}
	}
	sg.cache[s] = best
	return best
}

// ClosestExcept is Closest among the candidates skip does not reject: a
// link inside a file must not be told it meant that file itself.
func (sg *Suggester) ClosestExcept(s string, skip func(candidate string) bool) string {
	return sg.closest(s, skip)
}

// closest ranks candidates by edit distance, an abbreviated candidate
// counting as 1; between equals the truly closer one wins ("feedback-test"
// is nearer "feedback-tests" than "feedback-testing"), then the earlier.
func (sg *Suggester) closest(s string, skip func(string) bool) string {
	rs := []rune(strings.ToLower(s))
	hs := runeHist(rs)
	best, bestDist := "", max(3, len(rs)/4)+1
	bestTrue := bestDist // the real distance of best
	for i, rc := range sg.lower {
		if skip != nil && skip(sg.names[i]) {
			continue
		}
		if len(rs) >= 3 && hasRunePrefix(rc, rs) {
			if d := len(rc) - len(rs); bestDist > 1 || bestDist == 1 && d < bestTrue {
				best, bestDist, bestTrue = sg.names[i], 1, d
			}
			continue
		}
		limit := bestDist // distances below it can win
		if bestTrue > bestDist {
			limit++ // so can an equal distance that is truly closer
		}
		if abs(len(rc)-len(rs)) >= limit {
			continue
		}
		// Each edit changes the rune counts by at most 2.
		l1 := 0
		for k := range hs {
			l1 += abs(int(hs[k]) - int(sg.hist[i][k]))
		}
		if (l1+1)/2 >= limit {
			continue
		}
		if d := boundedDistance(rs, rc, limit); d < bestDist || d == bestDist && d < bestTrue {
			best, bestDist, bestTrue = sg.names[i], d, d
		}
	}
	return best
}

func hasRunePrefix(s, prefix []rune) bool {
	if len(prefix) > len(s) {
		return false
	}
	for i, r := range prefix {
		if s[i] != r {
			return false
		}
	}
	return true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// boundedDistance is the Levenshtein distance between a and b, or limit
// when the distance is limit or more. Only the diagonal band of width limit
// is computed: cells further out cannot lead to a smaller distance.
func boundedDistance(a, b []rune, limit int) int {
	if abs(len(a)-len(b)) >= limit {
		return limit
	}
	inf := limit
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = min(j, inf)
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-limit), min(len(b), i+limit)
		cur[0] = min(i, inf)
		if lo > 1 {
			cur[lo-1] = inf
		}
		rowMin := inf
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			c := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost, inf)
			cur[j] = c
			rowMin = min(rowMin, c)
		}
		if hi < len(b) {
			cur[hi+1] = inf
		}
		if rowMin >= limit && cur[0] >= limit {
			return limit
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func runeHist(rs []rune) (h [32]uint8) {
	for _, r := range rs {
		if h[r&31] < 255 {
			h[r&31]++
		}
	}
	return h
}
