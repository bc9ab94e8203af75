package injection

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/memlint/memlint/lint/markdown"
)

// view is a unit of a file as the triggers read it: lowercase, with what
// disguises a phrase taken out (normalizer), and, for each byte of that
// text, the bytes of the file it was read from, so that a finding points
// at the text the user wrote.
type view struct {
	text []byte
	// identity says text[i] was read from the file's byte base+i (the
	// fast path); otherwise from[i] and to[i] bound the bytes it was read
	// from.
	identity bool
	base     int
	from, to []int32
}

// fileSpan returns the bytes of the file that text[a:b] was read from.
func (v *view) fileSpan(a, b int) markdown.Span {
	if v.identity {
		return markdown.Span{Start: v.base + a, End: v.base + b}
	}
	if a >= b || b > len(v.from) {
		off := v.fileOffset(a)
		return markdown.Span{Start: off, End: off}
	}
	return markdown.Span{Start: int(v.from[a]), End: int(v.to[b-1])}
}

// fileOffset returns the offset in the file that text[a] was read from.
func (v *view) fileOffset(a int) int {
	switch {
	case v.identity:
		return v.base + a
	case a < len(v.from):
		return int(v.from[a])
	case len(v.to) > 0:
		return int(v.to[len(v.to)-1])
	}
	return v.base
}

// normalizer reads a unit of a file the way the agent reads it, whatever
// the text does to look different to a filter:
//   - NFKC: full-width, mathematical, circled and other compatibility
//     letters become plain ones, no-break spaces become spaces;
//   - invisible characters (format characters such as zero-width spaces
//     and joiners, the soft hyphen, bidirectional controls, tag
//     characters, variation selectors and the other default-ignorable
//     code points) are taken out;
//   - accents and other combining marks on Latin, Greek, Cyrillic and
//     Armenian letters are taken out (é reads e, a stray U+0301 after an
//     i goes), but not those that make a kana or another script's letter;
//   - letters are lowercased and look-alike letters of other scripts read
//     as the Latin letter they imitate (lookalikes.go);
//   - Markdown emphasis is taken out: a run of "*" inside a word goes
//     ("ig**nore**" reads "ignore"), other runs of "*" or "_" read as
//     spaces, and so do the ">" that open a block quote's lines.
//
// Before all that, escapes that read as a character are read as it
// (escapes.go): "%69gnore", "\x69gnore", "&#105;gnore", "ig&shy;nore".
//
// Line breaks stay: the patterns match across them, so a phrase broken
// over the lines of a paragraph is still found. Its buffers are reused
// from unit to unit.
type normalizer struct {
	runes []normRune
	it    norm.Iter
	esc   unescaper
}

// normRune is a rune of the text being built and the bytes of the file
// it was read from; r < 0 marks a rune taken out.
type normRune struct {
	r        rune
	from, to int32
}

const removed rune = -1

// normalize sets v to the text of src[start:end] as the triggers read it.
func (n *normalizer) normalize(v *view, src []byte, start, end int) {
	n.runes = n.runes[:0]
	unit := src[start:end]
	// from and to give the bytes of the file that unit[a:b] came from:
	// the same bytes, or those of the escapes read (escapes.go).
	from := func(a int) int32 { return int32(start + a) }
	to := func(b int) int32 { return int32(start + b) }
	if hasEscape(unit) {
		n.esc.unescape(src, start, end)
		unit = n.esc.text
		from = func(a int) int32 { return n.esc.from[a] }
		to = func(b int) int32 { return n.esc.to[b-1] }
	}
	n.read(unit, from, to)
	n.foldWords()
	markup(n.runes)
	v.text, v.from, v.to = v.text[:0], v.from[:0], v.to[:0]
	v.identity, v.base = false, start
	for _, nr := range n.runes {
		if nr.r == removed {
			continue
		}
		k := len(v.text)
		v.text = utf8.AppendRune(v.text, nr.r)
		for ; k < len(v.text); k++ {
			v.from = append(v.from, nr.from)
			v.to = append(v.to, nr.to)
		}
	}
}

// read adds the runes of NFKC of unit, whose bytes from and to give.
func (n *normalizer) read(unit []byte, from, to func(int) int32) {
	// An ASCII character or one of the common ranges of stableRune,
	// followed by another (or ending the unit), is a segment of NFKC by
	// itself, which it leaves as it is: each has a boundary before it,
	// so nothing composes with it, and only a character without one (a
	// mark) can join one before it. Such characters are read as they
	// are, without NFKC; NFKC reads the stretches between them, which
	// start and end at boundaries of its segments, so it makes of them
	// what it would within the unit.
	for i := 0; i < len(unit); {
		r, size := inertAt(unit, i)
		if size > 0 {
			if _, after := inertAt(unit, i+size); after > 0 || i+size == len(unit) {
				if r < utf8.RuneSelf {
					n.add(r, from(i), to(i+size))
				} else {
					// What add makes of a rune stableRune knows.
					n.runes = append(n.runes, normRune{r: r, from: from(i), to: to(i + size)})
				}
				i += size
				continue
			}
		}
		j := i + max(size, 1)
		for j < len(unit) {
			_, size := inertAt(unit, j)
			if size == 0 {
				_, size = utf8.DecodeRune(unit[j:])
			} else if _, after := inertAt(unit, j+size); after > 0 || j+size == len(unit) {
				break
			}
			j += size
		}
		n.nfkc(unit[i:j], i, from, to)
		i = j
	}
}

// nfkc adds the runes of NFKC of part, which starts at unit[base].
func (n *normalizer) nfkc(part []byte, base int, from, to func(int) int32) {
	n.it.Init(norm.NFKC, part)
	for !n.it.Done() {
		p0 := n.it.Pos()
		seg := n.it.Next()
		p1 := n.it.Pos()
		// A segment NFKC left as it was keeps each rune's own bytes;
		// the runes of one it changed all come from the whole of it.
		same := bytes.Equal(seg, part[p0:p1])
		p0, p1 = p0+base, p1+base
		for at := p0; len(seg) > 0; {
			r, size := utf8.DecodeRune(seg)
			seg = seg[size:]
			if same {
				n.add(r, from(at), to(at+size))
				at += size
			} else {
				n.add(r, from(p0), to(p1))
			}
		}
	}
}

// stableRune reports whether the normaliser reads the non-ASCII rune r as
// it is, whatever stands around it: not a letter it folds or lowercases,
// not invisible, a space or a mark, and left alone by NFKC (no
// compatibility mapping, nothing before it that it composes with). A unit of ASCII text
// and such runes needs no normaliser: fastView reads it the same. The
// common ranges of CJK text, punctuation, arrows and emoji are known
// without looking the rune up.
func stableRune(r rune) bool {
	return stableRange(r) || stableByProperties(r)
}

// inertAt returns the character at unit[i] and its length when it is
// ASCII or in one of the ranges of stableRange, else a length of 0.
func inertAt(unit []byte, i int) (rune, int) {
	if i >= len(unit) {
		return 0, 0
	}
	if c := unit[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	r, size := utf8.DecodeRune(unit[i:])
	if stableRange(r) {
		return r, size
	}
	return 0, 0
}

// stableRange reports whether r is in one of the common ranges of
// stableRune, known without looking the rune up.
func stableRange(r rune) bool {
	switch {
	case 0x4E00 <= r && r <= 0x9FFF, // CJK unified ideographs
		0xAC00 <= r && r <= 0xD7A3,                                          // Hangul syllables
		0x3041 <= r && r <= 0x3096, 0x30A1 <= r && r <= 0x30FA, r == 0x30FC, // kana
		0x3001 <= r && r <= 0x3003, 0x3008 <= r && r <= 0x3011, // CJK punctuation, brackets
		r == 0x2010, 0x2012 <= r && r <= 0x2016, 0x2018 <= r && r <= 0x2023, r == 0x2027, // dashes, quotes, bullets
		0x2190 <= r && r <= 0x21FF, 0x2500 <= r && r <= 0x257F, // arrows, box drawing
		0x1F300 <= r && r <= 0x1FAFF: // pictographs, emoji
		return true
	}
	return false
}

// stableByProperties is stableRune for any rune, from its properties.
func stableByProperties(r rune) bool {
	if r == utf8.RuneError || r < 0x2E80 && isLetter(r) || invisible(r) || unicode.IsSpace(r) || unicode.Is(unicode.Mn, r) {
		return false
	}
	var buf [utf8.UTFMax]byte
	k := utf8.EncodeRune(buf[:], r)
	p := norm.NFKC.Properties(buf[:k])
	// With a boundary before every character of a unit (ASCII has one)
	// and each character in NFKC on its own, NFKC changes nothing: what could compose
	// with a character after it (→ with U+0338, か with U+3099) would need
	// a mark, which is not stable.
	return p.BoundaryBefore() && norm.NFKC.IsNormal(buf[:k])
}

// hasEscape reports whether unit holds an escape that reads as a
// character.
func hasEscape(unit []byte) bool {
	for i, c := range unit {
		if (c == '%' || c == '\\' || c == '&') && escapeLen(unit, i) > 0 {
			return true
		}
	}
	return false
}

// escapeLen returns the length of the escape at unit[i], or 0.
func escapeLen(unit []byte, i int) int {
	var buf [utf8.UTFMax]byte
	n, _ := escapeAt(buf[:0], unit, i)
	return n
}

// add appends one rune of NFKC's output, unless it is invisible or a
// mark on a letter whose marks are taken out.
func (n *normalizer) add(r rune, from, to int32) {
	switch {
	case r < utf8.RuneSelf:
	case invisible(r):
		return
	case unicode.IsSpace(r):
		r = ' '
	case unicode.Is(unicode.Mn, r):
		if k := len(n.runes); k > 0 && marksTakenOut(n.runes[k-1].r) {
			return
		}
	default:
		r = baseLetter(r)
	}
	n.runes = append(n.runes, normRune{r: r, from: from, to: to})
}

// invisible reports whether r is a character a reader does not see: a
// format character (zero-width space, joiners, soft hyphen, bidirectional
// controls, tags), a variation selector or another default-ignorable
// code point (the combining grapheme joiner, Hangul fillers).
func invisible(r rune) bool {
	return unicode.In(r, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point)
}

// marksTakenOut reports whether the combining marks after the letter r
// are taken out: those of Latin, Greek, Cyrillic and Armenian letters,
// where a mark is an accent, not part of the letter.
func marksTakenOut(r rune) bool {
	return unicode.IsLetter(r) && (r < 0x0590 || 0x1D00 <= r && r < 0x2000)
}

// baseLetter returns the letter r is an accented form of, for the Latin,
// Greek, Cyrillic and Armenian letters, or r.
func baseLetter(r rune) rune {
	if r < 0xC0 || r >= 0x0590 && (r < 0x1E00 || r >= 0x2000) {
		return r
	}
	var buf [utf8.UTFMax]byte
	k := utf8.EncodeRune(buf[:], r)
	d := norm.NFD.Properties(buf[:k]).Decomposition()
	if len(d) == 0 {
		return r
	}
	if base, _ := utf8.DecodeRune(d); unicode.IsLetter(base) {
		return base
	}
	return r
}

// foldWords lowercases the text and folds look-alike letters, a word at
// a time: a capital that imitates a Latin capital only is folded in a
// word that holds a Latin letter.
func (n *normalizer) foldWords() {
	rs := n.runes
	for i := 0; i < len(rs); {
		if !isLetter(rs[i].r) {
			if r := rs[i].r; 'A' <= r && r <= 'Z' {
				rs[i].r = r + 'a' - 'A'
			}
			i++
			continue
		}
		j, latin, ascii := i, false, true
		for ; j < len(rs) && isLetter(rs[j].r); j++ {
			r := rs[j].r
			if r < utf8.RuneSelf {
				latin = true
			} else {
				ascii = false
				latin = latin || unicode.Is(unicode.Latin, r)
			}
		}
		for k := i; k < j; k++ {
			r := rs[k].r
			switch {
			case r < utf8.RuneSelf:
				if 'A' <= r && r <= 'Z' {
					r += 'a' - 'A'
				}
			case ascii || r >= 0x2E80:
				// Scripts without case (CJK, kana, Hangul) stay as they are.
			default:
				if l, ok := upperLookAlikes[r]; ok && latin {
					r = rune(l)
					break
				}
				r = unicode.ToLower(r)
				if l, ok := lowerLookAlikes[r]; ok {
					r = rune(l)
				}
			}
			rs[k].r = r
		}
		i = j
	}
}

func isLetter(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
	}
	return unicode.IsLetter(r)
}

// isWordRune reports whether r is part of a word: a letter or a digit.
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return isWordByte(byte(r))
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// markup takes Markdown emphasis and block-quote markers out of rs: a
// run of "*" inside a word is removed, other runs of "*" and "_" and the
// ">" that open a line read as spaces. A "_" inside a word (snake_case)
// stays: it is not emphasis.
func markup(rs []normRune) {
	lineStart := true
	for i := 0; i < len(rs); i++ {
		r := rs[i].r
		switch {
		case r == '\n':
			lineStart = true
			continue
		case lineStart && (r == ' ' || r == '\t' || r == '>'):
			if r == '>' {
				rs[i].r = ' '
			}
			continue
		}
		lineStart = false
		if r != '*' && r != '_' {
			continue
		}
		j := i
		for j < len(rs) && rs[j].r == r {
			j++
		}
		inWord := i > 0 && isWordRune(rs[i-1].r) && j < len(rs) && isWordRune(rs[j].r)
		for k := i; k < j; k++ {
			switch {
			case !inWord:
				rs[k].r = ' '
			case r == '*':
				rs[k].r = removed
			}
		}
		i = j - 1
	}
}

// fastView sets v to src[start:end] as normalize would read it, for a
// unit of ASCII text without a run of "*" inside a word: the same text,
// byte for byte, so that the offsets need no table.
func fastView(v *view, src []byte, start, end int) {
	v.text = append(v.text[:0], src[start:end]...)
	v.identity, v.base = true, start
	v.from, v.to = v.from[:0], v.to[:0]
	text := v.text
	lineStart := true
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\n':
			lineStart = true
			continue
		case lineStart && (c == ' ' || c == '\t' || c == '>'):
			if c == '>' {
				text[i] = ' '
			}
			continue
		}
		lineStart = false
		switch {
		case 'A' <= c && c <= 'Z':
			text[i] = c + 'a' - 'A'
		case c == '*' || c == '_':
			j := i
			for j < len(text) && text[j] == c {
				j++
			}
			if !(i > 0 && isWordByte(text[i-1]) && j < len(text) && isWordByte(text[j])) {
				for k := i; k < j; k++ {
					text[k] = ' '
				}
			}
			i = j - 1
		}
	}
}

// tableNormalizer normalises the words of the table when it is built.
var tableNormalizer struct {
	n normalizer
	v view
}

// normalizeString returns s as the triggers read it. ASCII words need no
// normaliser: they are only lowercased.
func normalizeString(s string) string {
	if isASCII(s) {
		return strings.ToLower(s)
	}
	t := &tableNormalizer
	t.n.normalize(&t.v, []byte(s), 0, len(s))
	return string(t.v.text)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// normalizePattern returns the regular expression src with its words
// normalised, so that a table written as a language is written matches
// normalised text. The syntax around the words (escapes such as \s and
// \b, classes, repetitions) is left as it is.
func normalizePattern(src string) string {
	if isASCII(src) {
		return src
	}
	var b strings.Builder
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRuneInString(src[i:])
		switch {
		case r == '\\' && i+1 < len(src):
			b.WriteString(src[i : i+2])
			i += 2
		case unicode.IsLetter(r):
			j := i
			for j < len(src) {
				r, size := utf8.DecodeRuneInString(src[j:])
				if !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) {
					break
				}
				j += size
			}
			b.WriteString(normalizeString(src[i:j]))
			i = j
		default:
			b.WriteString(src[i : i+size])
			i += size
		}
	}
	return b.String()
}
