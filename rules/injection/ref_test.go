package injection

// The prefilter and trigger pass as they were before the trigger pass
// gated its also substrings and skipped the searches for words in scripts
// a file does not hold: the references the differential tests compare
// the two with.

import (
	"bytes"
	"slices"
	"sort"
)

// refCandidates is the candidates replaced. It returns, for each trigger, the starts of the lines its
// prefilter admits, in order: one pass over the file for words and marks,
// and a search for each CJK word in a file that is not pure ASCII.
func (s *scan) refCandidates() [][]int {
	cand := make([][]int, len(triggers))
	add := func(i, line int) {
		if n := len(cand[i]); n == 0 || cand[i][n-1] != line {
			cand[i] = append(cand[i], line)
		}
	}
	src := s.src
	ascii := true
	line := 0
	for i := 0; i < len(src); {
		switch byteClasses[src[i]] {
		case classNewline:
			line = i + 1
		case classHigh:
			ascii = false
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
		case classLetter, classDigit:
			j := i + 1
			for j < len(src) && byteClasses[src[j]] >= classLetter {
				j++
			}
			if byteClasses[src[i]] == classLetter && j-i <= maxWordLen {
				for _, w := range index.slots[slotOf(lowerByte(src[i]), j-i)] {
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
			i = j
			continue
		}
		i++
	}
	if !ascii {
		for i, t := range triggers {
			for _, w := range t.cjk {
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
	}
	return cand
}

// refTriggers is the triggers replaced. It runs the trigger table: each pattern on the lines its
// prefilter admits.
func (s *scan) refTriggers() []hit {
	var hits []hit
	collapsed := map[int][]byte{}
	for i, lines := range s.refCandidates() {
		t := &triggers[i]
		for _, ls := range lines {
			le := len(s.src)
			if k := bytes.IndexByte(s.src[ls:], '\n'); k >= 0 {
				le = ls + k
			}
			if len(t.also) > 0 {
				// Several patterns share a word ("user"): a line is
				// collapsed once.
				c, ok := collapsed[ls]
				if !ok {
					c = collapseSpace(nil, s.src[ls:le])
					collapsed[ls] = c
				}
				if !refContainsAny(c, t.also) {
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

func refContainsAny(b []byte, subs []string) bool {
	for _, sub := range subs {
		if bytes.Contains(b, []byte(sub)) {
			return true
		}
	}
	return false
}
