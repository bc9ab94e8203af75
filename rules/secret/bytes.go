package secret

import (
	"github.com/memlint/memlint/internal/lazyre"
)

// Byte helpers, for strings and byte slices alike.

func scLower(b byte) bool { return b >= 'a' && b <= 'z' }

func scUpper(b byte) bool { return b >= 'A' && b <= 'Z' }

func scDigit(b byte) bool { return b >= '0' && b <= '9' }

func scAlpha(b byte) bool { return scLower(b) || scUpper(b) }

func scAlnum(b byte) bool { return scAlpha(b) || scDigit(b) }

func scHex(b byte) bool { return scDigit(b) || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F' }

// scWordByte: a token prefix right after one of these is inside a word.
func scWordByte(b byte) bool { return scAlnum(b) || b == '_' }

// scTokenByte: a token followed by one of these is part of something longer.
func scTokenByte(b byte) bool { return scAlnum(b) || b == '_' || b == '-' }

// scLabelByte: the characters of a name (API_KEY, client-secret, a.b).
func scLabelByte(b byte) bool { return scAlnum(b) || b == '_' || b == '-' || b == '.' }

func scBase64Byte(b byte) bool { return scAlnum(b) || b == '+' || b == '/' || b == '=' }

func scBtoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func scAllBytes(s string, ok func(byte) bool) bool {
	for k := 0; k < len(s); k++ {
		if !ok(s[k]) {
			return false
		}
	}
	return s != ""
}

func scHasPrefixAt[T scText](s T, i int, prefix string) bool {
	if i < 0 || len(s)-i < len(prefix) {
		return false
	}
	for k := 0; k < len(prefix); k++ {
		if s[i+k] != prefix[k] {
			return false
		}
	}
	return true
}

// scIndexAt returns the offset of sub in s[from:to], or -1.
func scIndexAt[T scText](s T, sub string, from, to int) int {
	for k := from; k+len(sub) <= to; k++ {
		if s[k] == sub[0] && scHasPrefixAt(s, k, sub) {
			return k
		}
	}
	return -1
}

// scContainsFold reports whether s contains the lowercase ASCII word sub,
// ignoring ASCII case.
func scContainsFold[T scText](s T, sub string) bool {
	for k := 0; k+len(sub) <= len(s); k++ {
		match := true
		for j := 0; j < len(sub); j++ {
			c := s[k+j]
			if scUpper(c) {
				c += 'a' - 'A'
			}
			if c != sub[j] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

func scFindIndex[T scText](re *lazyre.Regexp, s T) []int {
	if b, ok := any(s).([]byte); ok {
		return re.FindIndex(b)
	}
	return re.FindStringIndex(string(s))
}

func scFindSubmatchIndex[T scText](re *lazyre.Regexp, s T) []int {
	if b, ok := any(s).([]byte); ok {
		return re.FindSubmatchIndex(b)
	}
	return re.FindStringSubmatchIndex(string(s))
}
