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
	// code is set for a word of a code span or of a path, file name or
	// identifier (src/theme/x.js, snake_case): naming the same file or
	// command is no statement of the same thing.
	code bool
}

// shingleLen is how many tokens a shingle holds: the unit looked up, both
// to find where a sentence may start and to measure a body's share.
const shingleLen = 4

// tokenize appends the tokens of src[start:end] to out, leaving out HTML
// comments and link destinations ("](…)"), which a reader does not see as
// text.
func tokenize(src []byte, start, end int, out []token) []token {
	// word is the FNV-1a hash of the lower-cased word so far, as
	// hashWord would give it, kept as the bytes come.
	word := uint64(fnvOffset)
	wordStart := -1
	inSpan, inPath := false, false
	flush := func() {
		if wordStart >= 0 {
			out = append(out, token{h: word, off: wordStart, code: inSpan || inPath})
			word, wordStart = fnvOffset, -1
		}
	}
	for i := start; i < end; {
		if i == start || isSpace(src[i-1]) {
			inPath = pathLike(src[i:end])
		}
		if src[i] == '`' {
			flush()
			inSpan = !inSpan
			for i < end && src[i] == '`' {
				i++
			}
			continue
		}
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
		if c := src[i]; c < utf8.RuneSelf {
			// ASCII, most of most text: a letter or digit is part of a
			// word, lower-cased as unicode.ToLower would.
			switch {
			case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
			case 'A' <= c && c <= 'Z':
				c += 'a' - 'A'
			default:
				flush()
				i++
				continue
			}
			if wordStart < 0 {
				wordStart = i
			}
			word = (word ^ uint64(c)) * fnvPrime
			i++
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
			var buf [utf8.UTFMax]byte
			for _, c := range buf[:utf8.EncodeRune(buf[:], unicode.ToLower(r))] {
				word = (word ^ uint64(c)) * fnvPrime
			}
		default:
			flush()
		}
		i += size
	}
	flush()
	return out
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// pathLike reports whether the white-space delimited chunk at the start of
// b looks like a path, a file name or an identifier: a slash, a backslash
// or an underscore in it, or a dot between two letters or digits.
func pathLike(b []byte) bool {
	for i, c := range b {
		switch {
		case isSpace(c):
			return false
		case c == '/' || c == '\\' || c == '_':
			return true
		case c == '.' && i > 0 && i+1 < len(b) && isAlnum(b[i-1]) && isAlnum(b[i+1]):
			return true
		}
	}
	return false
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// isCJK reports whether r is written without spaces between words.
func isCJK(r rune) bool {
	return r >= 0x2E80 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r))
}

// hashWord is FNV-1a of w, written out: hash.Hash would allocate for
// every word of every file.
func hashWord(w []byte) uint64 {
	h := uint64(fnvOffset)
	for _, c := range w {
		h = (h ^ uint64(c)) * fnvPrime
	}
	return h
}

// FNV-1a's 64-bit constants.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// shingleHash is the hash of toks[p:p+shingleLen].
func shingleHash(toks []token, p int) uint64 {
	h := uint64(14695981039346656037)
	for _, t := range toks[p : p+shingleLen] {
		h = (h ^ t.h) * 1099511628211
	}
	return h
}

// weight is a text's length in words of prose: a third of its CJK
// characters count as one word each; code, paths and identifiers do not
// count.
func weight(toks []token) int {
	words, cjk := 0, 0
	for _, t := range toks {
		switch {
		case t.code:
		case t.cjk:
			cjk++
		default:
			words++
		}
	}
	return words + cjk/3
}
