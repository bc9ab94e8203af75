package injection

import "bytes"

// anyOf finds whether a text holds one of a set of strings in one pass
// over it, whatever their number: an Aho-Corasick automaton, made a
// table of transitions over the bytes the strings hold (each other byte
// is one class, which leads back to the start). Built from the table's
// strings, never written by hand.
type anyOf struct {
	// strs are the strings, when few enough to look for one by one
	// (bytes.Index is faster than the automaton for a handful).
	strs [][]byte
	// class maps a byte to its column; next[state+class] is the state
	// after it, a state being the offset of its row (its number times
	// width), or -1 when a string ends there (or at one of its
	// suffixes); empty says the set holds the empty string.
	class [256]uint8
	width int
	next  []int32
	empty bool
}

// anyOfDirect is the largest set looked for one string at a time.
const anyOfDirect = 4

func newAnyOf(set [][]byte) *anyOf {
	m := &anyOf{}
	if len(set) <= anyOfDirect {
		m.strs = set
		return m
	}
	// Byte classes: 0 for bytes no string holds.
	width := 1
	for _, s := range set {
		for _, c := range s {
			if m.class[c] == 0 {
				m.class[c] = uint8(width)
				width++
			}
		}
	}
	if width > 255 {
		m.class = [256]uint8{}
		m.strs = set
		return m
	}
	m.width = width
	// final says a string ends at a state, or at one of its suffixes.
	var final []bool
	// The trie, with -1 for a missing edge.
	newState := func() int32 {
		for range width {
			m.next = append(m.next, -1)
		}
		final = append(final, false)
		return int32(len(final) - 1)
	}
	newState()
	for _, s := range set {
		st := int32(0)
		for _, c := range s {
			k := int(st)*width + int(m.class[c])
			if m.next[k] < 0 {
				ns := newState()
				m.next[k] = ns
			}
			st = m.next[k]
		}
		final[st] = true
	}
	// Breadth first: the failure link of each state, and its missing
	// edges from those of its failure state.
	fail := make([]int32, len(final))
	queue := make([]int32, 0, len(final))
	for c := range width {
		if t := m.next[c]; t < 0 {
			m.next[c] = 0
		} else {
			fail[t] = 0
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		if final[fail[st]] {
			final[st] = true
		}
		for c := range width {
			k := int(st)*width + c
			if t := m.next[k]; t < 0 {
				m.next[k] = m.next[int(fail[st])*width+c]
			} else {
				fail[t] = m.next[int(fail[st])*width+c]
				queue = append(queue, t)
			}
		}
	}
	// Rows as offsets, and the states where a string ends as -1: the
	// search stops at the first.
	for k, t := range m.next {
		if final[t] {
			m.next[k] = -1
		} else {
			m.next[k] = t * int32(width)
		}
	}
	m.empty = final[0]
	return m
}

// in reports whether text holds one of the strings; work counts the
// bytes read.
func (m *anyOf) in(text []byte, work *int) bool {
	if m.next == nil {
		for _, s := range m.strs {
			if k := bytes.Index(text, s); k >= 0 {
				*work += k + len(s)
				return true
			}
			*work += len(text)
		}
		return false
	}
	if m.empty {
		return true
	}
	next := m.next
	st := int32(0)
	for i, c := range text {
		st = next[int(st)+int(m.class[c])]
		if st < 0 {
			*work += i + 1
			return true
		}
	}
	*work += len(text)
	return false
}
