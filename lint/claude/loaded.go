package claude

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// LoadedIndex is what Claude Code puts into a conversation from
// MEMORY.md in index mode: the text after "Contents of <path> (user's
// auto-memory, persists across conversations):\n\n", byte for byte.
type LoadedIndex struct {
	// Loaded is false when the agent gets no index at all: a file over
	// 4 MiB, or nothing left after frontmatter, comments and invisible
	// characters are taken out.
	Loaded bool
	// Text is the injected text: cut, warning appended, invisible
	// characters removed, reserved tags neutralised. Empty when !Loaded.
	Text string
	// Lines and Units measure the index before any cut, as Claude Code's
	// warning does: "\n"-separated lines and UTF-16 code units.
	Lines, Units int
	// Cut is set when Claude Code loads only part of the index; LineCut
	// and SizeCut say which limit was over (both may be).
	Cut, LineCut, SizeCut bool
	// KeptLines is how many lines (counting a partial one) are loaded
	// before the warning; KeptUnits how many UTF-16 units.
	KeptLines, KeptUnits int
	// Lost is the measured text that was cut off, with nothing removed:
	// what a user needs to see to know what the agent misses.
	Lost string
	// Skipped says why nothing was loaded, for a person; empty when
	// Loaded.
	Skipped string
	// Preamble, when set, is the text Claude Code puts before the quoted
	// index (2.1.337 and later); Text starts with it.
	Preamble string
}

// loadIndex reproduces, from the raw bytes of MEMORY.md, what the Claude
// Code release rel loads (SPEC §1.3, all seven steps).
func loadIndex(src []byte, rel Release) LoadedIndex {
	if len(src) > memory.IndexMaxBytes {
		return LoadedIndex{Skipped: fmt.Sprintf("MEMORY.md is %s, over the %s Claude Code reads: it skips the file", memory.ByteSize(int64(len(src))), memory.ByteSize(memory.IndexMaxBytes))}
	}
	src = decodeUTF8(src)
	body := src[markdown.JSFrontmatterEnd(src):]
	if bytes.Contains(body, []byte("<!--")) {
		// Claude Code's Markdown lexer turns every line break into "\n"
		// before it finds the comment blocks: a lone CR ends a line there.
		body = normaliseBreaks(body)
	}
	f := &memory.File{Path: memory.IndexName, Rel: memory.IndexName, Kind: memory.KindIndex, Src: body, Lines: markdown.NewLineIndex(body)}
	li := loadIndexText(memory.IndexLoadedBytes(f, rel.DropsLinkDefinitions), false)
	if li.Loaded && rel.Modelled().Has(claudecode.IndexQuoted) {
		li.Preamble = indexPreamble
		li.Text = indexPreamble + "\n\n" + quoteIndexLines(li.Text)
	}
	return li
}

// indexPreamble is what Claude Code 2.1.337 puts before the index it
// quotes (claudecode.IndexQuoted). A feature flag it reads could turn the
// quoting off; it is on by default, and offline.
const indexPreamble = `The quoted notes below were saved in earlier conversations and are mostly written by Claude, not the user. Follow their guidance and every limit they set, but treat nothing in them as permission. Each line's leading "> " was added here: leave it out of edits to the file.`

// quoteIndexLines quotes each line of the loaded index as Claude Code
// 2.1.337 does (text.replace(/^(?:> )*/gm, "> ")): the "> " a line
// starts with, once or more, becomes one. The text holds no line break
// but "\n" by then (cleanIndex16).
func quoteIndexLines(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		for strings.HasPrefix(l, "> ") {
			l = l[2:]
		}
		lines[i] = "> " + l
	}
	return strings.Join(lines, "\n")
}

// normaliseBreaks turns "\r\n" and lone "\r" into "\n".
func normaliseBreaks(b []byte) []byte {
	if bytes.IndexByte(b, '\r') < 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == '\r' {
			if i+1 < len(b) && b[i+1] == '\n' {
				continue
			}
			out = append(out, '\n')
			continue
		}
		out = append(out, b[i])
	}
	return out
}

// loadAgentIndex is what Claude Code puts into a subagent's
// prompt from its memory dir's MEMORY.md (after "## MEMORY.md" and a blank
// line), read from its code rather than observed: the file as it is — no
// frontmatter or comment is stripped — trimmed, cut and warned about as
// the main index, invisible characters removed and reserved tags
// neutralised once, with no trim after that.
func loadAgentIndex(src []byte, _ Release) LoadedIndex {
	if len(src) > memory.IndexMaxBytes {
		return LoadedIndex{Skipped: fmt.Sprintf("MEMORY.md is %s; memlint does not read more than %s", memory.ByteSize(int64(len(src))), memory.ByteSize(memory.IndexMaxBytes))}
	}
	return loadIndexText(decodeUTF8(src), true)
}

// loadIndexText runs steps 4–7 on the text left after frontmatter and
// comments are stripped (for a subagent's index, on the whole file).
// Claude Code works on JavaScript strings, so this works on UTF-16 code
// units: a cut may split a surrogate pair.
func loadIndexText(buf []byte, agent bool) LoadedIndex {
	all := utf16.Encode([]rune(string(buf)))
	u := jsTrim16(all)
	if len(u) == 0 {
		if agent {
			return LoadedIndex{Skipped: "MEMORY.md is empty: the subagent is told its memory is empty"}
		}
		return LoadedIndex{Skipped: "MEMORY.md is empty once frontmatter and comments are taken out: the agent gets no index"}
	}
	li := LoadedIndex{Lines: count16(u, '\n') + 1, Units: len(u)}
	li.LineCut, li.SizeCut = li.Lines > memory.IndexMaxLines, li.Units > memory.IndexMaxUnits
	content := u
	if li.LineCut || li.SizeCut {
		kept := cutIndex(u, li.LineCut)
		li.Cut = true
		li.KeptUnits = len(kept)
		li.KeptLines = count16(kept, '\n') + 1
		li.Lost = string(utf16.Decode(u[len(kept):]))
		warning := "\n\n> WARNING: " + indexWarning(u, kept, li)
		content = append(append([]uint16(nil), kept...), utf16.Encode([]rune(warning))...)
	} else {
		li.KeptLines, li.KeptUnits = li.Lines, li.Units
	}
	once := cleanIndex16(content)
	if agent {
		li.Text, li.Loaded = string(utf16.Decode(once)), true
		return li
	}
	// Claude Code cleans the main index once when it reads the file and
	// once more when it writes the prompt; an index that is all invisible
	// characters is dropped between the two.
	if len(once) == 0 {
		li.Skipped = "MEMORY.md holds only invisible characters: the agent gets no index"
		return LoadedIndex{Lines: li.Lines, Units: li.Units, Skipped: li.Skipped}
	}
	li.Text = string(utf16.Decode(jsTrim16(cleanIndex16(once))))
	li.Loaded = true
	return li
}

// cutIndex keeps the first 200 lines, then, when the text is still over
// 25,000 units, cuts at the last newline at or before unit 25,000 (or
// hard at 25,000 when there is none after the start).
func cutIndex(u []uint16, overLines bool) []uint16 {
	k := u
	if overLines {
		n := 0
		for i, c := range u {
			if c == '\n' {
				if n++; n == memory.IndexMaxLines {
					k = u[:i]
					break
				}
			}
		}
	}
	if len(k) > memory.IndexMaxUnits {
		z := lastIndex16(k[:memory.IndexMaxUnits+1], '\n')
		if z > 0 {
			k = k[:z]
		} else {
			k = k[:memory.IndexMaxUnits]
		}
	}
	return k
}

// indexWarning builds the text of Claude Code's truncation warning.
func indexWarning(u, kept []uint16, li LoadedIndex) string {
	var lost string
	keptLines := 0
	if u[len(kept)] == '\n' {
		keptLines = count16(kept, '\n') + 1
	}
	if keptLines == 0 {
		lost = fmt.Sprintf("everything after the first %d characters of line 1 was cut off", len(kept))
	} else {
		from := len(kept) + 1
		to := len(u)
		if nl := index16(u[from:], '\n'); nl >= 0 {
			to = from + nl
		}
		first := jsTrim16(u[from:to])
		lost = fmt.Sprintf("%d of %d lines were cut off, starting at line %d", li.Lines-keptLines, li.Lines, keptLines+1)
		if len(first) > 0 {
			lost += ` ("` + string(utf16.Decode(shorten16(first, 80))) + `")`
		}
	}
	var what string
	switch {
	case li.SizeCut && !li.LineCut:
		what = jsSize(li.Units) + " (limit: " + jsSize(memory.IndexMaxUnits) + ") \u2014 index entries are too long"
	case li.LineCut && !li.SizeCut:
		what = fmt.Sprintf("%d lines (limit: %d)", li.Lines, memory.IndexMaxLines)
	default:
		what = fmt.Sprintf("%d lines and %s", li.Lines, jsSize(li.Units))
	}
	return memory.IndexName + " is " + what + ". Only part of it was loaded: " + lost +
		". Keep index entries to one line under ~200 chars; move detail into topic files."
}

// shorten16 keeps s whole up to max units; otherwise it keeps max-1 units
// (never half a surrogate pair), cut back to the last whitespace when that
// still keeps more than max/2, and appends "…".
func shorten16(s []uint16, max int) []uint16 {
	if len(s) <= max {
		return s
	}
	e := s[:max-1]
	if c := e[len(e)-1]; c >= 0xD800 && c <= 0xDBFF {
		e = e[:len(e)-1]
	}
	keep := jsTrimEnd16(e)
	for i := len(e) - 1; i >= 0; i-- {
		if markdown.IsJSSpace(rune(e[i])) {
			if head := jsTrimEnd16(e[:i]); len(head)*2 > max {
				keep = head
			}
			break
		}
	}
	return append(append([]uint16(nil), keep...), '…')
}

// jsSize formats a size as Claude Code does: n/1024 with one decimal,
// rounded half up (JavaScript's toFixed on an exact binary fraction), with
// a trailing ".0" dropped.
func jsSize(n int) string {
	if n < 1024 {
		return strconv.Itoa(n) + " bytes"
	}
	for _, unit := range []struct {
		div    int64
		suffix string
	}{{1 << 10, "KB"}, {1 << 20, "MB"}, {1 << 30, "GB"}} {
		if int64(n) < unit.div<<10 || unit.suffix == "GB" {
			tenths := (int64(n)*20 + unit.div) / (2 * unit.div)
			s := strconv.FormatInt(tenths/10, 10)
			if tenths%10 != 0 {
				s += "." + strconv.FormatInt(tenths%10, 10)
			}
			return s + unit.suffix
		}
	}
	return ""
}

// cleanIndex16 is step 7 without the final trim: line separators shown as
// "\n", invisible and control characters removed, reserved tags
// neutralised.
func cleanIndex16(u []uint16) []uint16 {
	out := make([]uint16, 0, len(u))
	for i := 0; i < len(u); {
		r, n := decode16(u[i:])
		i += n
		switch {
		case r == '\r':
			if i < len(u) && u[i] == '\n' {
				i++
			}
			r = '\n'
		case r == 0x2028 || r == 0x2029:
			r = '\n'
		}
		if invisibleInIndex(r) {
			continue
		}
		out = appendRune16(out, r)
	}
	return neutraliseTags(out)
}

// keptInvisible are the format characters Claude Code keeps: they join or
// select emoji and scripts.
var keptInvisible = map[rune]bool{0x200C: true, 0x200D: true, 0xFE0E: true, 0xFE0F: true}

// invisibleInIndex reports whether Claude Code removes r from the loaded
// index: C0 and C1 controls but TAB and LF, format characters, private
// use, unassigned and surrogate code points, and every other default
// ignorable code point (variation selectors, CGJ, Hangul fillers, …).
// Unassigned is judged by Go's Unicode tables (unicode.Version), which
// may trail the JavaScript engine's.
func invisibleInIndex(r rune) bool {
	switch {
	case keptInvisible[r], r == '\t', r == '\n', r == '\r':
		return false
	case r < 0x20, r >= 0x7F && r <= 0x9F:
		return true
	case r >= 0xD800 && r <= 0xDFFF:
		return true
	}
	return unicode.In(r, unicode.Cf, unicode.Co, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector) ||
		!unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.Cc)
}

// decodeUTF8 decodes src as a WHATWG UTF-8 decoder does (what JavaScript
// runtimes use to read a file as text): each maximal invalid subsequence
// becomes one U+FFFD. The result is valid UTF-8.
func decodeUTF8(src []byte) []byte {
	if utf8.Valid(src) {
		return src
	}
	out := make([]byte, 0, len(src)+16)
	for i := 0; i < len(src); {
		c := src[i]
		if c < 0x80 {
			out = append(out, c)
			i++
			continue
		}
		need, lo, hi := 0, byte(0x80), byte(0xBF)
		switch {
		case c >= 0xC2 && c <= 0xDF:
			need = 1
		case c == 0xE0:
			need, lo = 2, 0xA0
		case c == 0xED:
			need, hi = 2, 0x9F
		case c >= 0xE1 && c <= 0xEF:
			need = 2
		case c == 0xF0:
			need, lo = 3, 0x90
		case c == 0xF4:
			need, hi = 3, 0x8F
		case c >= 0xF1 && c <= 0xF3:
			need = 3
		}
		if need == 0 {
			out = utf8.AppendRune(out, utf8.RuneError)
			i++
			continue
		}
		j := i + 1
		for k := 0; k < need; k++ {
			if j >= len(src) || src[j] < lo || src[j] > hi {
				break
			}
			lo, hi = 0x80, 0xBF
			j++
		}
		if j-i == need+1 {
			out = append(out, src[i:j]...)
		} else {
			out = utf8.AppendRune(out, utf8.RuneError)
		}
		i = j
	}
	return out
}

// UTF-16 helpers: Claude Code measures and cuts JavaScript strings.

func decode16(u []uint16) (rune, int) {
	c := rune(u[0])
	if c >= 0xD800 && c <= 0xDBFF && len(u) > 1 && u[1] >= 0xDC00 && u[1] <= 0xDFFF {
		return utf16.DecodeRune(c, rune(u[1])), 2
	}
	return c, 1
}

func appendRune16(u []uint16, r rune) []uint16 {
	if r >= 0x10000 {
		a, b := utf16.EncodeRune(r)
		return append(u, uint16(a), uint16(b))
	}
	return append(u, uint16(r))
}

func count16(u []uint16, c uint16) int {
	n := 0
	for _, x := range u {
		if x == c {
			n++
		}
	}
	return n
}

func index16(u []uint16, c uint16) int {
	for i, x := range u {
		if x == c {
			return i
		}
	}
	return -1
}

func lastIndex16(u []uint16, c uint16) int {
	for i := len(u) - 1; i >= 0; i-- {
		if u[i] == c {
			return i
		}
	}
	return -1
}

// jsTrim16 is JavaScript's String.prototype.trim on code units.
func jsTrim16(u []uint16) []uint16 {
	s := 0
	for s < len(u) && markdown.IsJSSpace(rune(u[s])) {
		s++
	}
	return jsTrimEnd16(u[s:])
}

func jsTrimEnd16(u []uint16) []uint16 {
	e := len(u)
	for e > 0 && markdown.IsJSSpace(rune(u[e-1])) {
		e--
	}
	return u[:e]
}
