package claudemd

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// Words as both sides are compared: case, punctuation, Markdown markup and
// white space do not count; a word is a run of letters, digits and marks,
// a CJK character a token of its own (those scripts do not space words).

// token is one normalised word of a text.
type token struct {
	h   uint64 // hash of the lower-cased word
	off int    // byte offset of its start in the source
	cjk bool
}

// shingleLen is how many tokens a shingle holds: the unit looked up, both
// to find where a sentence may start and to measure a body's share.
const shingleLen = 4

// tokenize appends the tokens of src[start:end] to out, leaving out HTML
// comments and link destinations ("](…)"), which a reader does not see as
// text.
func tokenize(src []byte, start, end int, out []token) []token {
	var word []byte
	wordStart := -1
	flush := func() {
		if wordStart >= 0 {
			out = append(out, token{h: hashWord(word), off: wordStart})
			word, wordStart = word[:0], -1
		}
	}
	for i := start; i < end; {
		if src[i] == '<' && bytes.HasPrefix(src[i:end], []byte("<!--")) {
			flush()
			j := bytes.Index(src[i:end], []byte("-->"))
			if j < 0 {
				break
			}
			i += j + 3
			continue
		}
		if src[i] == ']' && i+1 < end && src[i+1] == '(' {
			flush()
			j := bytes.IndexByte(src[i:end], ')')
			if j < 0 {
				j = end - i - 1
			}
			i += j + 1
			continue
		}
		r, size := utf8.DecodeRune(src[i:end])
		switch {
		case isCJK(r):
			flush()
			var buf [utf8.UTFMax]byte
			n := utf8.EncodeRune(buf[:], r)
			out = append(out, token{h: hashWord(buf[:n]), off: i, cjk: true})
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			if wordStart < 0 {
				wordStart = i
			}
			word = utf8.AppendRune(word, unicode.ToLower(r))
		default:
			flush()
		}
		i += size
	}
	flush()
	return out
}

// isCJK reports whether r is written without spaces between words.
func isCJK(r rune) bool {
	return r >= 0x2E80 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r))
}

// hashWord is FNV-1a of w, written out: hash.Hash would allocate for
// every word of every file.
func hashWord(w []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range w {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h
}

// shingleHash is the hash of toks[p:p+shingleLen].
func shingleHash(toks []token, p int) uint64 {
	h := uint64(14695981039346656037)
	for _, t := range toks[p : p+shingleLen] {
		h = (h ^ t.h) * 1099511628211
	}
	return h
}

// weight is a text's length in words: a third of its CJK characters
// count as one word each.
func weight(toks []token) int {
	words, cjk := 0, 0
	for _, t := range toks {
		if t.cjk {
			cjk++
		} else {
			words++
		}
	}
	return words + cjk/3
}
