package injection

import (
	"bytes"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/lint"
)

// scan is one file being read and what its Markdown says about where
// code and comments are.
type scan struct {
	f   *lint.File
	src []byte
	// md is the parsed body, nil until markdown is called. seen are its
	// HTML comments the agent reads; stripped are those Claude Code
	// removes before it does (top-level comments of the index), where
	// nothing can steer it.
	md             *lint.Markdown
	seen, stripped []lint.Span
	// lineBuf holds the lowercased line a pattern is tried on.
	lineBuf []byte
	// human and assistant say whether the file holds those words, which
	// a forged transcript needs (set by candidates).
	human, assistant bool
}

func newScan(f *lint.File) *scan { return &scan{f: f, src: f.Src} }

// markdown parses the body, once, and sorts its comments into those the
// agent reads and those Claude Code strips. A file in which nothing
// matched is never parsed here.
func (s *scan) markdown() *lint.Markdown {
	if s.md != nil {
		return s.md
	}
	s.md = s.f.Body()
	if s.md == nil {
		s.md = &lint.Markdown{}
	}
	top := map[int]bool{}
	if s.f.Kind == lint.KindIndex {
		for _, b := range s.md.Blocks {
			if b.Kind == lint.BlockComment && b.TopLevel {
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

// collapseSpace lowercases ASCII letters and makes every run of spaces
// and tabs one space, for the prefilter's also words.
func collapseSpace(buf, src []byte) []byte {
	out := buf[:0]
	for _, c := range src {
		switch {
		case c == ' ' || c == '\t':
			if n := len(out); n > 0 && out[n-1] == ' ' {
				continue
			}
			c = ' '
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		out = append(out, c)
	}
	return out
}

// within returns whether off lies in one of spans (sorted, disjoint).
func within(spans []lint.Span, off int) bool {
	i := sort.Search(len(spans), func(i int) bool { return spans[i].End > off })
	return i < len(spans) && spans[i].Contains(off)
}

// line returns the bounds of the line holding off.
func (s *scan) line(off int) (start, end int) {
	start = bytes.LastIndexByte(s.src[:off], '\n') + 1
	end = len(s.src)
	if i := bytes.IndexByte(s.src[off:], '\n'); i >= 0 {
		end = off + i
	}
	return start, end
}

// triggerIndex is the prefilter's view of the table: which triggers each
// word and mark admits. Words are found by first letter and length, so
// the one pass over a file compares bytes only for words that could be
// one of them and hashes nothing.
type triggerIndex struct {
	slots [26 * (maxWordLen + 1)][]indexWord
	// lengths has bit n of its entry for a letter set when a word of n
	// bytes starts with it: most words of a text need no slot.
	lengths [26]uint64
	marks   map[string][]int
	byStart map[[2]byte][]string
}

// indexWord is a word of the table and the triggers it admits.
type indexWord struct {
	word     string
	triggers []int
}

// maxWordLen is the longest word the prefilter looks for.
const maxWordLen = 32

var index = buildIndex(triggers)

func buildIndex(ts []trigger) *triggerIndex {
	ix := &triggerIndex{marks: map[string][]int{}, byStart: map[[2]byte][]string{}}
	// The words of a forged transcript (turns) admit no trigger of their
	// own; the pass notes that the file holds them.
	ts = append([]trigger{{words: []string{"human", "assistant"}}}, ts...)
	for i, t := range ts {
		i-- // the index in the table passed, without the entry above
	words:
		for _, w := range t.words {
			if w == "" || w[0] < 'a' || w[0] > 'z' || len(w) > maxWordLen {
				// A programming error TestTriggerWords reports; the
				// word is never found.
				continue
			}
			var admits []int
			if i >= 0 {
				admits = []int{i}
			}
			slot := &ix.slots[slotOf(w[0], len(w))]
			for k := range *slot {
				if (*slot)[k].word == w {
					(*slot)[k].triggers = append((*slot)[k].triggers, admits...)
					continue words
				}
			}
			*slot = append(*slot, indexWord{word: w, triggers: admits})
			ix.lengths[w[0]-'a'] |= 1 << len(w)
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
		case c >= 0x80:
			t[c] = classHigh
		}
	}
	return t
}()

// candidates returns, for each trigger, the starts of the lines its
// prefilter admits, in order: one pass over the file for words and marks,
// and a search for each CJK word whose first byte the pass saw.
func (s *scan) candidates() [][]int {
	cand := make([][]int, len(triggers))
	add := func(i, line int) {
		if n := len(cand[i]); n == 0 || cand[i][n-1] != line {
			cand[i] = append(cand[i], line)
		}
	}
	src := s.src
	// leads has bit c-0xc0 set for each lead byte c of a multi-byte
	// character in the file.
	var leads uint64
	line := 0
	for i := 0; i < len(src); {
		cl := byteClasses[src[i]]
		if cl < classLetter {
			switch cl {
			case classNewline:
				line = i + 1
			case classHigh:
				if src[i] >= 0xc0 {
					leads |= 1 << (src[i] - 0xc0)
				}
			case classMark:
				if i+1 < len(src) {
					k := [2]byte{src[i], lowerByte(src[i+1])}
					for _, m := range index.byStart[k] {
						if hasPrefixFold(src[i:], m) {
							for _, t := range index.marks[m] {
								add(t, line)
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
			c := lowerByte(src[i])
			if index.lengths[c-'a']&(1<<n) != 0 {
				for _, w := range index.slots[slotOf(c, n)] {
					if !equalFold(src[i:j], w.word) {
						continue
					}
					for _, t := range w.triggers {
						add(t, line)
					}
					switch w.word {
					case "human":
						s.human = true
					case "assistant":
						s.assistant = true
					}
				}
			}
		}
		i = j
	}
	if leads == 0 {
		return cand
	}
	for i, t := range triggers {
		for _, w := range t.cjk {
			if leads&(1<<(w[0]-0xc0)) == 0 {
				continue // the file holds no character w starts with
			}
			for from := 0; ; {
				j := bytes.Index(src[from:], []byte(w))
				if j < 0 {
					break
				}
				ls, _ := s.line(from + j)
				cand[i] = append(cand[i], ls)
				from += j + len(w)
			}
		}
		if len(t.cjk) > 1 {
			sort.Ints(cand[i])
			cand[i] = slices.Compact(cand[i])
		}
	}
	return cand
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

// triggers runs the trigger table: each pattern on the lines its
// prefilter admits.
func (s *scan) triggers() []hit {
	var hits []hit
	lines := map[int]*alsoLine{}
	for i, starts := range s.candidates() {
		t := &triggers[i]
		for _, ls := range starts {
			le := len(s.src)
			if k := bytes.IndexByte(s.src[ls:], '\n'); k >= 0 {
				le = ls + k
			}
			if len(t.also) > 0 {
				// Several patterns share a word ("user"): a line is
				// collapsed, and its gates looked for, once.
				l := lines[ls]
				if l == nil {
					l = &alsoLine{text: collapseSpace(nil, s.src[ls:le])}
					lines[ls] = l
				}
				if !l.holdsAny(&alsoPlans[i]) {
					continue
				}
			}
			s.lineBuf = asciiLower(s.lineBuf, s.src[ls:le])
			lower := s.lineBuf
			for _, m := range t.re.FindAllIndex(lower, -1) {
				if h, ok := s.judge(t, lower, ls, le, ls+m[0], ls+m[1]); ok {
					hits = append(hits, h)
				}
			}
		}
	}
	return hits
}

// alsoGates are substrings that many also substrings of the table hold:
// a line without one holds none of those, which is then not looked for.
var alsoGates = []string{"the user"}

// alsoPlan is how a trigger's also substrings are looked for: those
// holding gate alsoGates[g] in gated[g], only when the line holds the
// gate, and the others in plain.
type alsoPlan struct {
	gated [][]string
	plain []string
}

var alsoPlans = func() []alsoPlan {
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
	}
	return plans
}()

// alsoLine is a line collapsed for the also substrings, and which gates
// it holds, once looked for.
type alsoLine struct {
	text        []byte
	gate, known uint64 // bit g: alsoGates[g] looked for (known), found (gate)
}

// holdsAny reports whether the line holds one of the substrings of p.
func (l *alsoLine) holdsAny(p *alsoPlan) bool {
	if containsAny(l.text, p.plain) {
		return true
	}
	for g, words := range p.gated {
		if len(words) == 0 {
			continue
		}
		if l.known&(1<<g) == 0 {
			l.known |= 1 << g
			if bytes.Contains(l.text, []byte(alsoGates[g])) {
				l.gate |= 1 << g
			}
		}
		if l.gate&(1<<g) != 0 && containsAny(l.text, words) {
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

// judge decides whether a match of t at [a, b) on the line [ls, le),
// lowercased in lower, is steering text, and returns it as a hit.
func (s *scan) judge(t *trigger, lower []byte, ls, le, a, b int) (hit, bool) {
	// A match may start at the line break or the "> " a pattern anchors
	// on; the hit starts at its first letter.
	for a < b && (s.src[a] == '\n' || s.src[a] == ' ' || s.src[a] == '\t' || s.src[a] == '>' || s.src[a] == '*' || s.src[a] == '#' || s.src[a] == '_') {
		a++
	}
	md := s.markdown()
	if within(s.stripped, a) {
		return hit{}, false
	}
	comment := within(s.seen, a)
	if !comment && !t.inCode && md.InCode(a) {
		return hit{}, false
	}
	if t.imperative && !comment && (mentionCue.Match(lower) || !givesOrder(lower[:a-ls])) {
		return hit{}, false
	}
	if t.family == famOverride && overrideVerb.Match(lower[a-ls:]) && targeted.Match(lower[b-ls:]) {
		return hit{}, false
	}
	if t.cue && !comment && !runCue.Match(lower) {
		return hit{}, false
	}
	if !comment && !t.inCode && quoted(s.src, ls, le, a, b) {
		return hit{}, false
	}
	if t.family == famImpersonate && !comment && mentionedTag(lower, a-ls, b-ls) {
		return hit{}, false
	}
	return hit{span: lint.Span{Start: a, End: b}, family: t.family, comment: comment}, true
}

// givesOrder reports whether a pattern preceded by before (the line up to
// it) stands where an order does: at the start of a sentence or clause,
// or after a word of orderLead.
func givesOrder(before []byte) bool {
	before = bytes.TrimRight(before, " \t")
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
// mark that closes later on its line.
func quoted(src []byte, ls, le, a, b int) bool {
	r, _ := utf8.DecodeLastRune(src[ls:a])
	if !quoteMarks[r] {
		return false
	}
	return bytes.ContainsAny(src[b:le], "\"'”’」』»“")
}

// tagMention is the text around a tag that speaks about it: "inside
// <system-reminder> tags", "the <function_calls> block".
var (
	tagMentionAfter  = lazyre.New(`^\s*(?:tags?|blocks?|elements?|messages?|wrappers?|markup|sections?)\b`)
	tagMentionBefore = lazyre.New(`\b(?:the|a|an|as|in|inside|within|into|via|like|with|e\.g\.|such\s+as)\s*$`)
)

// mentionedTag reports whether the tag at [a, b) of line is talked about
// rather than used.
func mentionedTag(line []byte, a, b int) bool {
	return tagMentionAfter.Match(line[b:]) || tagMentionBefore.Match(line[:a])
}

// turns reports a forged chat transcript: a file with a Human turn and an
// Assistant turn outside code. The hit is the first turn. It runs after
// candidates, which tells whether the file holds both words.
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
			first = &hit{span: lint.Span{Start: at, End: at + end + 1}, family: famTurns, comment: within(s.seen, at)}
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
// the table alone). A comment already holding a hit is not reported again.
func (s *scan) comments(hits []hit) []hit {
	if s.f.Kind != lint.KindTopic || !bytes.Contains(s.src, []byte("<!--")) {
		return nil
	}
	s.markdown()
	var out []hit
	for _, c := range s.seen {
		text := asciiLower(nil, s.src[c.Start+len("<!--"):max(c.Start+len("<!--"), c.End-len("-->"))])
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
			out = append(out, hit{span: lint.Span{Start: start, End: min(le, c.End)}, family: famComment})
		}
	}
	return out
}
