package report

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file is memlint's one terminal escaper: every format, every line
// on stderr and memlint preview show text through EscapeText (or, inside
// JSON, EscapeJSON), so that a file name, a configuration key, an option
// value or a custom rule's message cannot drive the terminal, forge a line
// of output, hide or reorder text with bidirectional controls, or give
// the GitHub Actions runner a workflow command (workflowCommand).

// UnsafeRune reports whether the rune r must not reach a terminal or log as it
// is: C0 and C1 controls and DEL (a tab included: it is shown as \t),
// line and paragraph separators, format characters (bidirectional
// controls such as U+202E, zero-width characters, tag characters), private
// use and unassigned code points. The zero-width joiner, which emoji
// sequences use, is kept.
func UnsafeRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r < 0x20 || r == 0x7f
	}
	if r == 0x200D { // zero-width joiner: emoji sequences
		return false
	}
	return !unicode.IsGraphic(r)
}

// EscapeText makes a file name or message safe to print on one line of any
// format: unsafe characters (UnsafeRune) and bytes that are not UTF-8 become
// visible escapes (\n, \r, \t, \x1b, \xff, \u202e, \U000e0041); everything
// else stays as it is. A newline in a file name cannot forge a finding of
// its own. What the GitHub Actions runner would take for a workflow
// command is broken up the same way: the first colon of a "::" opening the
// text after white space (\x3a), and the bracket of every "##[" (\x5b).
func EscapeText(s string) string {
	i := firstUnsafe(s)
	if i == len(s) {
		return s
	}
	lead := commandLead(s)
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case i == lead:
			b.WriteString(`\x3a`)
		case commandBracket(s, i):
			b.WriteString(`\x5b`)
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case !UnsafeRune(r):
			b.WriteString(s[i : i+size])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xFFFF:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
		i += size
	}
	return b.String()
}

// EscapeLines is EscapeText for text of several lines printed as such (a
// multi-line suggestion, a preview of the index): each line escaped, the
// line breaks kept; a tab, which moves the cursor only, stays when
// keepTabs is set.
func EscapeLines(s string, keepTabs bool) string {
	if firstUnsafe(s) == len(s) {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if !keepTabs {
			lines[i] = EscapeText(l)
			continue
		}
		parts := strings.Split(l, "\t")
		for j, p := range parts {
			parts[j] = EscapeText(p)
		}
		lines[i] = strings.Join(parts, "\t")
	}
	return strings.Join(lines, "\n")
}

// LineWriter returns a writer that passes what is written to it to w
// through EscapeLines (tabs kept): for a report of lines memlint composes
// around paths and values it read (memlint hooks status of the git hook),
// so that none of them can drive the terminal or open a workflow
// command. Each Write must end at the end of a line, as one fmt.Fprintf
// of a line does.
func LineWriter(w io.Writer) io.Writer { return lineWriter{w} }

type lineWriter struct{ w io.Writer }

func (l lineWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(l.w, EscapeLines(string(p), true)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// firstUnsafe returns the index of the first byte of s EscapeText would
// change, or len(s).
func firstUnsafe(s string) int {
	end := len(s)
	if lead := commandLead(s); lead >= 0 {
		end = lead
	}
	for i := 0; i < end; {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f || commandBracket(s, i) {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || UnsafeRune(r) {
			return i
		}
		i += size
	}
	return end
}

// The GitHub Actions runner reads a line of a job's output as a workflow
// command (::error file=…::text annotates a file, ::stop-commands:: turns
// the commands that follow off, ::add-mask:: hides text) when, past white
// space, it opens with "::"; it also reads the older form, ##[error]text,
// wherever "##[" stands in the line (actions/runner, ActionCommand
// TryParseV2 and TryParse). memlint's text (a file name, a line of a
// suggestion or of a memory) may open a line of its output, and stands
// inside lines everywhere: EscapeText breaks both forms up, so that only
// the github format's own lines are commands.

// commandLead returns the index of the first colon of a "::" that opens s
// after white space (as .NET's TrimStart, which the runner calls, skips
// it), or -1.
func commandLead(s string) int {
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsSpace(r) {
			break
		}
		i += size
	}
	if strings.HasPrefix(s[i:], "::") {
		return i
	}
	return -1
}

// commandBracket reports whether the byte at i is the bracket of "##[".
func commandBracket(s string, i int) bool {
	return s[i] == '[' && i >= 2 && s[i-1] == '#' && s[i-2] == '#'
}

// EscapeJSON escapes, in an encoded JSON document, the unsafe characters
// (UnsafeRune) that encoding/json leaves raw — DEL, C1 controls, format
// characters such as U+202E, private use and unassigned code points — as
// \uXXXX escapes (a surrogate pair above U+FFFF), and the bracket of "##["
// (\u005b), which the GitHub Actions runner reads as a workflow command
// wherever it stands: the data stays the same, and a terminal, log viewer
// or CI runner showing the document sees no control. In JSON such
// characters occur only inside strings ("#" is never structural), so
// escaping them there is always right. A document without any is
// returned as it is.
func EscapeJSON(b []byte) []byte {
	start := -1
	for i := 0; i < len(b); {
		c := b[i]
		if c == '[' && jsonCommandBracket(b, i) {
			start = i
			break
		}
		if c < 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if c == 0x7f || (size > 1 && UnsafeRune(r)) {
			start = i
			break
		}
		i += size
	}
	if start < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	out = append(out, b[:start]...)
	for i := start; i < len(b); {
		c := b[i]
		if c == '[' && jsonCommandBracket(b, i) {
			out = appendU(out, '[')
			i++
			continue
		}
		if c < 0x7f {
			out = append(out, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if c != 0x7f && (size == 1 || !UnsafeRune(r)) {
			out = append(out, b[i:i+size]...)
			i += size
			continue
		}
		if r > 0xFFFF {
			hi, lo := utf16Pair(r)
			out = appendU(appendU(out, hi), lo)
		} else {
			out = appendU(out, r)
		}
		i += size
	}
	return out
}

// jsonCommandBracket reports whether the byte at i is the bracket of "##[".
func jsonCommandBracket(b []byte, i int) bool {
	return i >= 2 && b[i-1] == '#' && b[i-2] == '#'
}

func appendU(b []byte, r rune) []byte {
	return append(b, '\\', 'u', hexDigits[r>>12&0xf], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
}

func utf16Pair(r rune) (hi, lo rune) {
	r -= 0x10000
	return 0xD800 + (r>>10)&0x3ff, 0xDC00 + r&0x3ff
}
