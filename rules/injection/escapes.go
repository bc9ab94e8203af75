package injection

import (
	"unicode/utf8"
)

// Escapes that read as a character: a reader (and the agent) reads
// "%69%67%6e%6f%72%65", "\x69gnore" or "&#105;gnore" as "ignore", so the
// normaliser reads each as the character it stands for before anything
// else. Percent-escapes and \x give a byte (a run of them may spell a
// multi-byte character); \u and character references give a character.

// namedReferences are the HTML character references read: the invisible
// and space characters a phrase can be split with, and the markup ones.
var namedReferences = map[string]rune{
	"nbsp": '\u00a0', "shy": '\u00ad', "zwj": '\u200d', "zwnj": '\u200c', "lrm": '\u200e',
	"rlm": '\u200f', "ensp": '\u2002', "emsp": '\u2003', "thinsp": '\u2009', "hairsp": '\u200a',
	"ZeroWidthSpace": '\u200b', "NoBreak": '\u2060', "amp": '&', "lt": '<', "gt": '>',
	"quot": '"', "apos": '\'',
}

// escapeAt returns the length of the escape starting at src[i] and the
// bytes it stands for (appended to buf), or 0.
func escapeAt(buf, src []byte, i int) (int, []byte) {
	switch src[i] {
	case '%':
		if b, ok := hexByte(src, i+1); ok {
			return 3, append(buf, b)
		}
	case '\\':
		if i+1 >= len(src) {
			return 0, buf
		}
		switch src[i+1] {
		case 'x':
			if b, ok := hexByte(src, i+2); ok {
				return 4, append(buf, b)
			}
		case 'u':
			if hi, ok := hexByte(src, i+2); ok {
				if lo, ok := hexByte(src, i+4); ok {
					return 6, utf8.AppendRune(buf, rune(hi)<<8|rune(lo))
				}
			}
		}
	case '&':
		return referenceAt(buf, src, i)
	}
	return 0, buf
}

// referenceAt reads an HTML character reference at src[i]: "&#105;",
// "&#x69;", or a name of namedReferences.
func referenceAt(buf, src []byte, i int) (int, []byte) {
	end := i + 1
	for end < len(src) && end-i < 16 && src[end] != ';' {
		end++
	}
	if end >= len(src) || src[end] != ';' || end == i+1 {
		return 0, buf
	}
	name := src[i+1 : end]
	if name[0] != '#' {
		if r, ok := namedReferences[string(name)]; ok {
			return end + 1 - i, utf8.AppendRune(buf, r)
		}
		return 0, buf
	}
	digits, base := name[1:], rune(10)
	if len(digits) > 0 && (digits[0] == 'x' || digits[0] == 'X') {
		digits, base = digits[1:], 16
	}
	if len(digits) == 0 || len(digits) > 6 {
		return 0, buf
	}
	var r rune
	for _, c := range digits {
		d := hexDigit(c)
		if d < 0 || rune(d) >= base {
			return 0, buf
		}
		r = r*base + rune(d)
	}
	if !utf8.ValidRune(r) {
		return 0, buf
	}
	return end + 1 - i, utf8.AppendRune(buf, r)
}

func hexByte(src []byte, i int) (byte, bool) {
	if i+1 >= len(src) {
		return 0, false
	}
	hi, lo := hexDigit(src[i]), hexDigit(src[i+1])
	if hi < 0 || lo < 0 {
		return 0, false
	}
	return byte(hi<<4 | lo), true
}

func hexDigit(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// unescaper holds a unit with its escapes read, and the bytes of the file
// each of its bytes came from.
type unescaper struct {
	text     []byte
	from, to []int32
}

// unescape reads the escapes of src[start:end].
func (u *unescaper) unescape(src []byte, start, end int) {
	u.text, u.from, u.to = u.text[:0], u.from[:0], u.to[:0]
	for i := start; i < end; {
		k := len(u.text)
		n, text := escapeAt(u.text, src[:end], i)
		if n == 0 {
			u.text = append(u.text, src[i])
			u.from = append(u.from, int32(i))
			u.to = append(u.to, int32(i+1))
			i++
			continue
		}
		u.text = text
		for ; k < len(u.text); k++ {
			u.from = append(u.from, int32(i))
			u.to = append(u.to, int32(i+n))
		}
		i += n
	}
}
