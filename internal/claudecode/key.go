package claudecode

import (
	"strings"
	"unicode/utf16"
)

// ProjectKey turns a repository root into the folder name Claude Code keeps
// its memory under: every UTF-16 code unit that is not an ASCII letter or
// digit becomes "-" (so a character outside the BMP becomes two), and a key
// longer than MaxKeyLen is cut to MaxKeyLen and gets "-" and a hash of the
// path (javaHashBase36). Checked against the keys Claude Code 2.1.328
// creates.
func ProjectKey(root string) string {
	key := sanitizeKey(root)
	if len(key) <= MaxKeyLen {
		return key
	}
	return key[:MaxKeyLen] + "-" + javaHashBase36(root)
}

// MaxKeyLen is the length past which ProjectKey cuts a key and hashes it.
const MaxKeyLen = 200

func sanitizeKey(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'):
			b.WriteRune(r)
		case r >= 0x10000:
			b.WriteString("--")
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}

// javaHashBase36 is the hash Claude Code 2.1.328 appends to long keys:
// Java's String.hashCode over UTF-16 code units ((h<<5)-h+c, 32 bits),
// absolute value, base 36. Other builds have hashed differently, so
// whoever looks for a long key's folder also accepts an existing one with
// the same MaxKeyLen-character prefix.
func javaHashBase36(s string) string {
	var h int32
	for _, u := range utf16.Encode([]rune(s)) {
		h = (h << 5) - h + int32(u)
	}
	v := int64(h)
	if v < 0 {
		v = -v
	}
	return formatBase36(v)
}

func formatBase36(v int64) string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	if v == 0 {
		return "0"
	}
	var buf [16]byte
	i := len(buf)
	for v > 0 {
		i--
		buf[i] = digits[v%36]
		v /= 36
	}
	return string(buf[i:])
}
