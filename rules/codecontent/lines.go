package codecontent

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Line numbers written out in words: "line 42 of x.go", "x.py (line 179)",
// "Lines 399-400", "ligne 42 de x.go", "x.go 파일의 42행", "第42行".

// lineMention is a line number and the words that introduce it.
type lineMention struct {
	start, end int    // the whole mention, word included
	lines      string // "42", "399–400", "39 and 60"
	several    bool   // a range or a list of lines
	first      string // the first line number
	single     bool   // "L42": a line only when a file name stands right before it
}

// findLineMention finds the next line mention at or after from. It
// visits every byte of prose, so it looks for digits, which are rare, and
// only then for the word before or after them.
func findLineMention(b []byte, from int) (lineMention, bool) {
	for p := from; p < len(b); {
		if !ccDigit(b[p]) {
			p++
			continue
		}
		// Digits glued to ASCII letters are part of a token ("v1", "x86");
		// after a CJK letter they may be a line ("第42行").
		if p > 0 && b[p-1] < utf8.RuneSelf && ccWordByte(b[p-1]) {
			// "L42" on its own, as in "`main.go` L42", is a line.
			// One digit is more often a level than a line: L2 cache, L7 proxy.
			if b[p-1] == 'L' && ccDigitsEnd(b, p)-p >= 2 && (p == 1 || !ccWordRuneBefore(b, p-1)) {
				if m, ok := lineNumbers(b, p-1, p); ok {
					m.single = true
					return m, true
				}
			}
			p = ccDigitsEnd(b, p)
			continue
		}
		if m, ok := lineWordBefore(b, p); ok {
			return m, true
		}
		if m, ok := lineNumberBeforeSuffix(b, p); ok {
			return m, true
		}
		p = ccDigitsEnd(b, p)
	}
	return lineMention{}, false
}

// lineWordBefore reads "line 42", "ligne 42", "line #42" ending at the
// digits b[d:].
func lineWordBefore(b []byte, d int) (lineMention, bool) {
	q := d
	if q > 0 && b[q-1] == '#' {
		q--
	}
	spaced := q
	for q > 0 && (b[q-1] == ' ' || b[q-1] == '\t') {
		q--
	}
	if q >= 2 && b[q-2] == 0xc2 && b[q-1] == 0xa0 { // no-break space
		q -= 2
	}
	if q == spaced && !(spaced >= 2 && b[spaced-2] == 0xc2 && b[spaced-1] == 0xa0) {
		return lineMention{}, false
	}
	e := q
	for q > 0 {
		if c := b[q-1]; c < utf8.RuneSelf {
			if !ccLetter(c) {
				break
			}
			q--
			continue
		}
		r, size := utf8.DecodeLastRune(b[:q])
		if !unicode.IsLetter(r) {
			break
		}
		q -= size
	}
	if e-q < 3 || e-q > lineWordMaxLen || !lineWordFirst[ccLower(b[q])] || (q > 0 && ccWordRuneBefore(b, q)) || !isLineWord(b[q:e]) {
		return lineMention{}, false
	}
	return lineNumbers(b, q, d)
}

// lineWordFirst holds the first bytes of the line words (lowercased) and
// lineWordMaxLen their longest length: most words of a text are ruled out
// without lowering them.
var lineWordFirst, lineWordMaxLen = func() (t [256]bool, n int) {
	for w := range lineWords {
		t[w[0]] = true
		n = max(n, len(w))
	}
	return t, n
}()

// isLineWord reports whether w, in any case, is one of the line words.
func isLineWord(w []byte) bool {
	var buf [32]byte
	ascii := true
	for i, c := range w {
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		buf[i] = ccLower(c)
	}
	if ascii {
		return lineWords[string(buf[:len(w)])]
	}
	return lineWords[strings.ToLower(string(w))]
}

func ccWordRuneBefore(b []byte, p int) bool {
	if c := b[p-1]; c < utf8.RuneSelf {
		return ccWordByte(c)
	}
	r, _ := utf8.DecodeLastRune(b[:p])
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// lineNumbers reads "42", "42-50", "42–50", "42 to 50", "39 and 60",
// "12, 30, 41" at b[p:], for a mention starting at ws.
func lineNumbers(b []byte, ws, p int) (lineMention, bool) {
	e, ok := ccLineRef(b, p, false)
	if !ok {
		return lineMention{}, false
	}
	m := lineMention{start: ws, first: string(b[p:ccDigitsEnd(b, p)])}
	m.lines = string(b[p:e])
	if ccDigitsEnd(b, p) < e {
		m.several = true
		m.lines = m.first + "–" + strings.TrimLeft(string(b[ccDigitsEnd(b, p):e]), "-–L")
	}
	// More lines: ", 60", " and 60", " & 60", " to 60", " et 60" …
	for {
		q, sep := lineListJoinerAt(b, e)
		q += e
		if sep == "" || q >= len(b) || !ccDigit(b[q]) {
			break
		}
		e2, ok := ccLineRef(b, q, false)
		if !ok {
			break
		}
		m.lines += sep + strings.Replace(string(b[q:e2]), "-", "–", 1)
		m.several = true
		e = e2
	}
	m.end = e
	return m, true
}

// lineListJoinerAt returns the length of the joiner that continues a
// list or range of line numbers at b[at:] (lineListJoiners, or ", "), and
// how the message writes it; 0 and "" when none does.
func lineListJoinerAt(b []byte, at int) (int, string) {
	if bytes.HasPrefix(b[at:], []byte(", ")) {
		return 2, ", "
	}
	if at >= len(b) || b[at] != ' ' {
		return 0, ""
	}
	w := at + 1
	for w < len(b) && b[w] != ' ' && w-at <= lineJoinerMaxLen {
		w++
	}
	if w >= len(b) || b[w] != ' ' {
		return 0, ""
	}
	var buf [16]byte
	word := buf[:0]
	for _, c := range b[at+1 : w] {
		word = append(word, ccLower(c)) // non-ASCII joiners are matched as written
	}
	if lineRangeJoiners[string(word)] {
		return w + 1 - at, "–"
	}
	if lineListJoiners[string(word)] {
		return w + 1 - at, " " + string(word) + " "
	}
	return 0, ""
}

// lineJoinerMaxLen is the longest joiner of lineListJoiners and
// lineRangeJoiners, in bytes.
var lineJoinerMaxLen = func() int {
	n := 0
	for w := range lineListJoiners {
		n = max(n, len(w))
	}
	for w := range lineRangeJoiners {
		n = max(n, len(w))
	}
	return n
}()

// lineNumberBeforeSuffix reads "42행", "42行目", "42번째 줄" and "第42行" at
// the digits b[p:].
func lineNumberBeforeSuffix(b []byte, p int) (lineMention, bool) {
	e, ok := ccLineRef(b, p, false)
	if !ok {
		// ccLineRef refuses digits glued to letters: "42행" is exactly that.
		e = ccDigitsEnd(b, p)
		if e < len(b) && b[e] == '-' && e+1 < len(b) && ccDigit(b[e+1]) {
			e = ccDigitsEnd(b, e+1)
		}
	}
	if ccDigitsEnd(b, p)-p > 6 {
		return lineMention{}, false
	}
	for _, sep := range lineRangeTildes {
		if bytes.HasPrefix(b[e:], []byte(sep)) && e+len(sep) < len(b) && ccDigit(b[e+len(sep)]) {
			e = ccDigitsEnd(b, e+len(sep))
		}
	}
	start := p
	q := e
	for q < len(b) && b[q] == ' ' {
		q++
	}
	const di = "第"
	if d := ccSkipSpacesBack(b, p); d >= len(di) && string(b[d-len(di):d]) == di {
		start = d - len(di)
		if bytes.HasPrefix(b[q:], []byte("行")) {
			return lineMentionOf(b, start, p, e, q+len("行")), true
		}
	}
	for _, suf := range lineSuffixes {
		if bytes.HasPrefix(b[q:], []byte(suf)) {
			end := q + len(suf)
			// "42행" ends there: "42행렬" (a matrix) does not.
			if r, _ := utf8.DecodeRune(b[end:]); end < len(b) && suf == "행" && unicode.IsLetter(r) && !koreanParticle(b[end:]) {
				return lineMention{}, false
			}
			return lineMentionOf(b, start, p, e, end), true
		}
	}
	return lineMention{}, false
}

// koreanParticle reports whether b starts with a particle that may follow
// a noun: 42행에서, 42행의, 42행은.
func koreanParticle(b []byte) bool {
	for _, p := range koreanParticles {
		if bytes.HasPrefix(b, []byte(p)) {
			return true
		}
	}
	return false
}

func lineMentionOf(b []byte, start, p, e, end int) lineMention {
	n := ccDigitsEnd(b, p)
	m := lineMention{start: start, end: end, first: string(b[p:n]), lines: string(b[p:n])}
	if n < e {
		m.several = true
		rest := b[n:e]
		for len(rest) > 0 && !ccDigit(rest[0]) {
			rest = rest[1:]
		}
		m.lines += "–" + string(rest)
	}
	return m
}

// lineJoinerBack skips whitespace, line breaks and the punctuation that
// joins a file name to its line ("x.py\n(line 179)", "x.go, line 4").
func lineJoinerBack(b []byte, p int) int {
	for p > 0 && strings.IndexByte(" \t\r\n(,:>", b[p-1]) >= 0 {
		p--
	}
	return p
}

// lineJoinerFwd skips the same forwards.
func lineJoinerFwd(b []byte, p int) int {
	for p < len(b) && strings.IndexByte(" \t\r\n,:", b[p]) >= 0 {
		p++
	}
	return p
}

// fileBeforeMention finds a code file name that the mention at b[at:]
// belongs to, written before it: "x.go line 42", "x.py\n(line 179)",
// "`x.go` at line 3", "x.go 파일의 42행", "x.go の 42 行目".
func fileBeforeMention(b []byte, at int) (codeCitation, bool) {
	p := lineJoinerBack(b, at)
	for words := 0; words < 3; words++ {
		q := p
		for q > 0 {
			r, size := utf8.DecodeLastRune(b[:q])
			if !unicode.IsLetter(r) {
				break
			}
			q -= size
		}
		if q == p || !lineConnectors[strings.ToLower(string(b[q:p]))] {
			break
		}
		p = lineJoinerBack(b, q)
	}
	// "x.goline 42" is not a citation; "x.go第42行" is, as CJK text does
	// not put spaces between words.
	if p == 0 || (p == at && b[at] < utf8.RuneSelf) {
		return codeCitation{}, false
	}
	var quote byte
	if b[p-1] == '`' || b[p-1] == '"' || b[p-1] == '\'' {
		quote = b[p-1]
		p--
	}
	for p > 0 && (b[p-1] == '*' || b[p-1] == '_') && quote == 0 {
		p-- // **x.go**
	}
	st, ok := ccPathBefore(b, p)
	if !ok {
		return codeCitation{}, false
	}
	name, ok := codeFileName(b[st:p])
	if !ok {
		return codeCitation{}, false
	}
	path := b[st:p]
	if quote != 0 && st > 0 && b[st-1] == quote {
		st--
	}
	return codeCitation{start: st, file: string(name), path: path}, true
}

// fileAfterMention finds a code file name written after the mention
// ending at b[at]: "line 42 of x.go", "ligne 42 de `x.go`", "dòng 84 của
// x.go", "строка 42 в x.go".
func fileAfterMention(b []byte, at int) (codeCitation, bool) {
	p := lineJoinerFwd(b, at)
	if p == at {
		return codeCitation{}, false
	}
	sawConnector := false
	for words := 0; words < 3; words++ {
		q := p
		for q < len(b) {
			r, size := utf8.DecodeRune(b[q:])
			if !unicode.IsLetter(r) {
				break
			}
			q += size
		}
		if q == p || !lineConnectors[strings.ToLower(string(b[p:q]))] || q >= len(b) || (b[q] != ' ' && b[q] != '\n') {
			break
		}
		sawConnector = true
		p = lineJoinerFwd(b, q)
	}
	if !sawConnector {
		return codeCitation{}, false
	}
	var quote byte
	if p < len(b) && (b[p] == '`' || b[p] == '"' || b[p] == '\'') {
		quote = b[p]
		p++
	}
	e := p
	for e < len(b) && ccPathByte(b[e]) {
		e++
	}
	for e > p && (b[e-1] == '.' || b[e-1] == '-') {
		e-- // sentence punctuation
	}
	name, ok := codeFileName(b[p:e])
	if !ok {
		return codeCitation{}, false
	}
	path := b[p:e]
	if quote != 0 && e < len(b) && b[e] == quote {
		e++
	}
	return codeCitation{end: e, file: string(name), path: path}, true
}

// ccOnlyJoiners reports whether b, a file name followed by what stands
// before its line, has no word between them.
func ccOnlyJoiners(b []byte) bool {
	i := bytes.LastIndexAny(b, " \t`")
	if i < 0 {
		return false
	}
	for _, c := range b[i:] {
		if c != ' ' && c != '\t' && c != '`' {
			return false
		}
	}
	return !bytes.ContainsAny(bytes.TrimRight(b[:i], " \t`"), " \t")
}

// lastCodeFileName returns the last code file that b names, as written
// (path) and its name: a mention of lines without a file of its own
// belongs to it.
func lastCodeFileName(b []byte) (path []byte, name string, ok bool) {
	var last []byte
	for i := 0; i < len(b); {
		if !ccPathByte(b[i]) {
			i++
			continue
		}
		j := i
		for j < len(b) && ccPathByte(b[j]) {
			j++
		}
		e := j
		for e > i && (b[e-1] == '.' || b[e-1] == '-') {
			e--
		}
		if _, found := codeFileName(b[i:e]); found && bytes.IndexByte(b[i:e], '.') > 0 {
			last = b[i:e]
		}
		i = j
	}
	if last == nil {
		return nil, "", false
	}
	n, _ := codeFileName(last)
	return last, string(n), true
}

// lineFileWindow is how far before a bare range of lines its file may be
// named: about a sentence.
const lineFileWindow = 120

// connectorAfter reports whether a connector word ("of", "in", "de")
// follows b[at:].
func connectorAfter(b []byte, at int) bool {
	p := lineJoinerFwd(b, at)
	q := p
	for q < len(b) {
		r, size := utf8.DecodeRune(b[q:])
		if !unicode.IsLetter(r) {
			break
		}
		q += size
	}
	return q > p && lineConnectors[strings.ToLower(string(b[p:q]))]
}

// findLineWord finds the next line mention that cites a code file: one
// written next to a file name, or a range or list of lines ("Lines
// 399-400") in a block that names a code file, or on the first line of a
// block when the line before it names one (before: "**Example
// (worker.go):**" over "- used on lines 180 and 203").
func findLineWord(b, before []byte, from int) codeCitation {
	for from < len(b) {
		m, ok := findLineMention(b, from)
		if !ok {
			break
		}
		from = m.end
		if m.first == "1" && !m.several || strings.HasPrefix(m.lines, "1–") {
			// "line 1 of README.md", "lines 1-200 of MEMORY.md": the start
			// of a file, which no edit moves.
			continue
		}
		if m.single {
			// "L42" cites a line only right after a file name: "`main.go` L42".
			if c, ok := fileBeforeMention(b, m.start); ok && ccOnlyJoiners(b[c.start:m.start]) {
				return codeCitation{ok: true, start: c.start, end: m.end, next: m.end, file: c.file, path: c.path, lines: m.lines, several: m.several}
			}
			continue
		}
		if c, ok := fileAfterMention(b, m.end); ok && !budgetFiles[c.file] {
			return codeCitation{ok: true, start: m.start, end: c.end, next: c.end, file: c.file, path: c.path, lines: m.lines, several: m.several}
		}
		if c, ok := fileBeforeMention(b, m.start); ok && !budgetFiles[c.file] {
			end := m.end
			if end < len(b) && b[end] == ')' && bytes.LastIndexByte(b[c.start:m.start], '(') >= 0 {
				end++
			}
			return codeCitation{ok: true, start: c.start, end: end, next: end, file: c.file, path: c.path, lines: m.lines, several: m.several}
		}
		// "Lines 399-400" alone: the file named just before ("lives in
		// client.go. Lines 399-400 ..."), unless the words after say what
		// else the lines belong to ("lines 10-20 of the transcript").
		if m.several && !connectorAfter(b, m.end) {
			path, name, ok := lastCodeFileName(b[max(0, m.start-lineFileWindow):m.start])
			if !ok && len(before) > 0 && bytes.IndexByte(b[:m.start], '\n') < 0 {
				path, name, ok = lastCodeFileName(before[max(0, len(before)-lineFileWindow):])
			}
			if ok {
				return codeCitation{ok: true, start: m.start, end: m.end, next: m.end, lines: m.lines, several: true, file: name, path: path, named: true}
			}
		}
	}
	return codeCitation{}
}
