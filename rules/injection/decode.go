package injection

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// Short encodings of steering text: a run of base64 or hexadecimal that
// decodes to text is read by the same triggers as the file, however
// short (the blob check, base64.go, needs 200 characters and high
// entropy). Hashes, ids, keys and pictures decode to bytes that are not
// text and are never read. ROT13 is found by the prefilter (the ROT13 of
// the table's words) and escapes (%69, \x69, &#105;) by the normaliser.

// minEncoded is the shortest run decoded: 12 base64 characters are 9
// bytes, the length of "</system>".
const minEncoded = 12

// minHex is the shortest run of hexadecimal digits decoded: 8 bytes.
const minHex = 16

// encoded returns the steering text in the file's encoded runs.
func (s *scan) encoded() []hit {
	var hits []hit
	var buf []byte
	src := s.src
	s.work += len(src)
	for i := 0; ; {
		start, j, end, ok := nextBase64Run(src, i, minEncoded)
		if !ok {
			break
		}
		s.work += end - start
		// A run inside a path or an address: its last segment may be
		// the encoded text.
		run := src[start:j]
		at := start
		if k := bytes.LastIndexByte(run, '/'); k >= 0 && len(run)-k-1 >= minEncoded {
			run, at = run[k+1:], at+k+1
		}
		// Base64 of text holds capitals or digits, hexadecimal digits:
		// a run of small letters (a long word, a path) is not read.
		if !hasUpperOrDigit(run) {
			i = j
			continue
		}
		var encoding string
		buf, encoding = decodeRun(buf[:0], run)
		if encoding != "" {
			hits = s.readDecoded(hits, buf, encoding, markdown.Span{Start: at, End: end})
		}
		i = j
	}
	return hits
}

// decodeRun decodes run as hexadecimal or base64 into buf and returns it
// with the encoding's name, when it decodes to text.
func decodeRun(buf, run []byte) ([]byte, string) {
	if len(run) >= minHex && len(run)%2 == 0 && isHex(run) {
		out, err := hex.AppendDecode(buf, run)
		if err == nil && isText(out) {
			return out, "hexadecimal"
		}
		return buf, ""
	}
	for _, enc := range base64Encodings(run) {
		out, err := enc.AppendDecode(buf[:0], run)
		if err == nil && isText(out) {
			return out, "base64"
		}
	}
	return buf, ""
}

// base64Encodings are the alphabets to decode run with: standard and
// URL-safe, or the standard one alone when run holds none of the four
// characters in which they differ (+ / - _), since both then decode it
// to the same bytes.
func base64Encodings(run []byte) []*base64.Encoding {
	if bytes.ContainsAny(run, "+/-_") {
		return bothBase64
	}
	return bothBase64[:1]
}

var bothBase64 = []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding}

func isHex(b []byte) bool {
	for _, c := range b {
		if hexDigit(c) < 0 {
			return false
		}
	}
	return true
}

// isText reports whether b reads as text: valid UTF-8, nine characters in
// ten printable, and some letters.
func isText(b []byte) bool {
	if !utf8.Valid(b) {
		return false
	}
	printable, total, letters := 0, 0, 0
	for _, r := range string(b) {
		total++
		if unicode.IsPrint(r) || r == '\n' || r == '\t' {
			printable++
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= 3 && printable*10 >= total*9
}

// readDecoded runs the trigger table on text, decoded from the run at
// span, and appends what it finds to hits, placed on the run. Where the
// run lies decides as it does for the text itself: in code only what
// counts in code, nowhere in a comment Claude Code strips, and a line
// about attacks is an example.
func (s *scan) readDecoded(hits []hit, text []byte, encoding string, span markdown.Span) []hit {
	sub := &scan{f: &memory.File{Src: text, Lines: markdown.NewLineIndex(text), Kind: memory.KindTopic}, src: text}
	found := sub.triggers()
	s.work += sub.work
	if len(found) == 0 {
		return hits
	}
	md := s.markdown()
	if within(s.stripped, span.Start) {
		return hits
	}
	comment := within(s.seen, span.Start)
	aboutAttacks := s.lineMentionsAttack(span.Start)
	for _, h := range found {
		t := &triggers[h.trigger]
		if !comment && !t.inCode && md.InCode(span.Start) || t.mention() && !comment && aboutAttacks {
			continue
		}
		hits = append(hits, hit{
			span: span, family: h.family, comment: comment, trigger: h.trigger,
			encoding: encoding, reads: string(text[h.span.Start:h.span.End]),
		})
	}
	return hits
}

// lineMentionsAttack reports whether the line holding off talks about
// attacks, read once per line.
func (s *scan) lineMentionsAttack(off int) bool {
	ls, le := s.line(off)
	m, ok := s.lineMentions[ls]
	if !ok {
		s.work += le - ls
		m = mentionsAttack(asciiLower(nil, s.src[ls:le]))
		if s.lineMentions == nil {
			s.lineMentions = map[int]bool{}
		}
		s.lineMentions[ls] = m
	}
	return m
}

func hasUpperOrDigit(b []byte) bool {
	for _, c := range b {
		if 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			return true
		}
	}
	return false
}
