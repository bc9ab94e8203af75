package codecontent

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// Citation finders. They work on any byte slice (a block's source or a
// link destination) and return offsets into it.

// codeFileName reports whether the path ends in the name of a code or
// config file, and returns that name.
func codeFileName(p []byte) ([]byte, bool) {
	name := p
	if i := bytes.LastIndexAny(p, `/\`); i >= 0 {
		name = p[i+1:]
	}
	if codeFileNames[string(name)] {
		return name, true
	}
	dot := bytes.LastIndexByte(name, '.')
	if dot <= 0 || dot == len(name)-1 {
		return nil, false
	}
	stem := bytes.Trim(name[:dot], ".-")
	if len(stem) == 0 {
		return nil, false
	}
	return name, codeFileExts[string(name[dot+1:])]
}

func ccPathByte(c byte) bool {
	return ccLetter(c) || ccDigit(c) || c == '_' || c == '.' || c == '-' || c == '/' || c == '\\' || c == '~'
}

// ccPathBefore returns where the path ending at end starts: the run of path
// characters before it. It reports false for URLs ("https://host.sh:22")
// and user@host.
func ccPathBefore(b []byte, end int) (int, bool) {
	st := end
	for st > 0 && ccPathByte(b[st-1]) {
		st--
	}
	// Leading dots of an ellipsis are not part of the path.
	for st < end && b[st] == '.' && st+1 < end && b[st+1] == '.' && (st+2 >= end || b[st+2] == '.') {
		st += 3
	}
	if st >= end {
		return end, false
	}
	if st >= 2 && b[st-1] == ':' && ccLetter(b[st-2]) && (st == 2 || !ccWordByte(b[st-3])) && (b[st] == '\\' || b[st] == '/') && b[st+1] != '/' {
		st -= 2 // a Windows drive: C:\src\x.cs
	}
	if bytes.HasPrefix(b[st:end], []byte("//")) {
		return end, false // a URL: "https://host.rs:443", "file:///x"
	}
	if st > 0 && b[st-1] == '@' {
		return end, false // user@host.sh:22
	}
	return st, true
}

type codeCitation struct {
	ok          bool
	start, end  int
	next        int // where to continue scanning
	file, lines string
	// path is the cited file as written ("src/x.go", a URL), for telling
	// whether the repository has it; nil when the text does not say.
	path    []byte
	several bool // a range or list of lines
	named   bool // the file is named in the text before, not next to the lines
}

// findColonCitation finds the next "path.ext:LINE" at or after from, with an
// optional ":COL", "-END" or "L" prefix (auth.ts:L42).
func findColonCitation(b []byte, from int) codeCitation {
	for from < len(b) {
		i := bytes.IndexByte(b[from:], ':')
		if i < 0 {
			break
		}
		i += from
		from = i + 1
		d := i + 1
		if d < len(b) && b[d] == 'L' {
			d++
		}
		if d >= len(b) || !ccDigit(b[d]) || i == 0 {
			continue
		}
		st, ok := ccPathBefore(b, i)
		var path []byte
		if !ok {
			// Shorthand after a file name: "`routes.ts` :465-484",
			// "app.ts:120, :245".
			if st, path, ok = colonShorthand(b, i, 0); !ok {
				continue
			}
		} else if _, ok := codeFileName(b[st:i]); !ok {
			continue
		} else {
			path = b[st:i]
		}
		end, ok := ccLineRef(b, d, true)
		if !ok || hostPort(b[st:i], b[d:end]) {
			continue
		}
		if string(b[d:end]) == "1" {
			continue // "index.ts:1": the top of a file, which no edit moves
		}
		if end < len(b) && b[end] == ')' && bytes.IndexByte(b[st:i], '(') >= 0 {
			end++ // "`x.ts` (:46-48)"
		}
		return codeCitation{ok: true, start: st, end: end, next: end, path: path}
	}
	return codeCitation{}
}

// colonShorthand reports whether the ":" at b[i], with no path of its
// own, continues a file name or a citation just before it, and where the
// finding starts: at the file name ("`x.ts` :46", "**`x.ts`** :46",
// "| `x.ts` | :46 |", "`x.ts` (:46-48)"), at the colon after a link to
// the file ("[x.ts](src/x.ts):46"), or at the colon after an earlier
// citation ("app.ts:120, :245").
func colonShorthand(b []byte, i, depth int) (int, []byte, bool) {
	if depth > 8 || (i > 0 && strings.IndexByte(shorthandGap+",)", b[i-1]) < 0) {
		return 0, nil, false
	}
	p := i
	for p > 0 && strings.IndexByte(shorthandGap+",", b[p-1]) >= 0 {
		p--
	}
	gap := b[p:i]
	for _, w := range citationJoiners {
		if bytes.HasSuffix(b[:p], []byte(w)) {
			p -= len(w)
			for p > 0 && strings.IndexByte(" \t,", b[p-1]) >= 0 {
				p--
			}
			gap = []byte(",") // only a citation may come before "and"
			break
		}
	}
	// An earlier citation: "app.ts:120, :245".
	q := p
	for q > 0 && (ccDigit(b[q-1]) || b[q-1] == '-') {
		q--
	}
	if q < p && q > 0 && b[q-1] == ':' {
		if st, ok := ccPathBefore(b, q-1); ok {
			if _, ok := codeFileName(b[st : q-1]); ok {
				return i, b[st : q-1], true
			}
		}
		if _, path, ok := colonShorthand(b, q-1, depth+1); ok {
			return i, path, true
		}
		return 0, nil, false
	}
	if bytes.IndexByte(gap, ',') >= 0 {
		return 0, nil, false
	}
	// "`x.ts` (:46-48)": a parenthesis only around the lines alone.
	if bytes.IndexByte(gap, '(') >= 0 && !closedAfterLines(b, i) {
		return 0, nil, false
	}
	// A link to the file right before: "[x.ts](src/x.ts):46".
	if p > 0 && b[p-1] == ')' {
		if path, ok := linkToCodeFileBefore(b, p); ok {
			return i, path, true
		}
		return 0, nil, false
	}
	// A file name right before: "`routes.ts` :465", "**`x.ts`** :46".
	if len(gap) == 0 {
		return 0, nil, false
	}
	st, ok := ccPathBefore(b, p)
	if !ok {
		return 0, nil, false
	}
	if _, ok := codeFileName(b[st:p]); !ok {
		return 0, nil, false
	}
	path := b[st:p]
	if st > 0 && (b[st-1] == '`' || b[st-1] == '\'' || b[st-1] == '"') && p < i && b[p] == b[st-1] {
		st-- // the quote or code span around the name
	}
	for k := 0; k < 3 && st > 0 && (b[st-1] == '*' || b[st-1] == '_') && bytes.IndexByte(gap, b[st-1]) >= 0; k++ {
		st-- // "**`x.ts`** :46"
	}
	return st, path, true
}

// shorthandGap are the bytes that may stand between a file name and a
// bare ":LINE" after it: spaces, the quotes or code span around the name,
// emphasis, a table's cell bar, and a parenthesis opened for the lines.
const shorthandGap = " \t`'\"*_|("

// closedAfterLines reports whether the line reference after the ":" at
// b[i] is followed by ")": "(:46-48)".
func closedAfterLines(b []byte, i int) bool {
	d := i + 1
	if d < len(b) && b[d] == 'L' {
		d++
	}
	if d >= len(b) || !ccDigit(b[d]) {
		return false
	}
	e, ok := ccLineRef(b, d, true)
	return ok && e < len(b) && b[e] == ')'
}

// linkToCodeFileBefore reports whether b[:p] ends with a Markdown link,
// "[text](dest)", whose destination or text names a code file, and
// returns that name.
func linkToCodeFileBefore(b []byte, p int) ([]byte, bool) {
	open := p - 1
	for open > 0 && p-open < 300 && b[open-1] != '(' {
		if c := b[open-1]; c == ')' || c == '\n' || c == '[' || c == ']' {
			return nil, false
		}
		open--
	}
	if open < 2 || b[open-1] != '(' || b[open-2] != ']' {
		return nil, false
	}
	dest := b[open : p-1]
	if h := bytes.IndexByte(dest, '#'); h >= 0 {
		dest = dest[:h]
	}
	dest = bytes.Trim(dest, "<> ")
	if _, ok := codeFileName(dest); ok {
		return dest, true
	}
	close := open - 2
	start := close
	for start > 0 && close-start < 200 && b[start-1] != '[' {
		if c := b[start-1]; c == ']' || c == '\n' {
			return nil, false
		}
		start--
	}
	text := bytes.Trim(b[start:close], "`*_ ")
	if _, ok := codeFileName(text); start > 0 && ok {
		return text, true
	}
	return nil, false
}

// hostPort reports whether name:num reads as a host name and a port: a
// lowercase dotted name with at least two dots ending in a country domain,
// and a bare number.
func hostPort(name, num []byte) bool {
	if bytes.Count(name, []byte(".")) < 2 || !ccAllDigits(num) {
		return false
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z') && !ccDigit(c) && c != '.' && c != '-' {
			return false
		}
	}
	return tldExts[string(name[bytes.LastIndexByte(name, '.')+1:])]
}

func ccAllDigits(b []byte) bool {
	for _, c := range b {
		if !ccDigit(c) {
			return false
		}
	}
	return len(b) > 0
}

// ccLineRef reads a line number at b[d:] with an optional column (":5") or
// range ("-50", "–50", "-L50"), and reports where it ends. A number glued to
// letters, or followed by ".digit" (a version), is not a line reference.
func ccLineRef(b []byte, d int, colon bool) (int, bool) {
	e := ccDigitsEnd(b, d)
	if e-d > 6 {
		return 0, false
	}
	switch {
	case colon && e+1 < len(b) && b[e] == ':' && ccDigit(b[e+1]):
		e = ccDigitsEnd(b, e+1)
	case e+1 < len(b) && b[e] == '-' && ccDigit(b[e+1]):
		e = ccDigitsEnd(b, e+1)
	case e+2 < len(b) && b[e] == '-' && b[e+1] == 'L' && ccDigit(b[e+2]):
		e = ccDigitsEnd(b, e+2)
	case bytes.HasPrefix(b[e:], []byte("–")) && e+3 < len(b) && ccDigit(b[e+3]):
		e = ccDigitsEnd(b, e+3)
	}
	if e < len(b) {
		c := b[e]
		if ccLetter(c) || c == '_' || (c == '.' && e+1 < len(b) && ccDigit(b[e+1])) || (c == ':' && e+1 < len(b) && ccDigit(b[e+1])) {
			return 0, false
		}
	}
	return e, true
}

func ccDigitsEnd(b []byte, i int) int {
	for i < len(b) && ccDigit(b[i]) {
		i++
	}
	return i
}

type lineAnchor struct {
	ok          bool
	start, end  int
	file, lines string
	path        []byte // the URL or path before the anchor
}

// findLineAnchor finds a "#L42" anchor after a code file name in b (a link
// destination).
func findLineAnchor(b []byte) lineAnchor { return findLineAnchorFrom(b, 0) }

// findLineAnchorFrom finds the next "name.ext#L42[-L50]" at or after from; the
// match starts at the beginning of the URL or path.
func findLineAnchorFrom(b []byte, from int) lineAnchor {
	for from < len(b) {
		i := bytes.Index(b[from:], []byte("#L"))
		if i < 0 {
			break
		}
		i += from
		from = i + 2
		if i+2 >= len(b) || !ccDigit(b[i+2]) || i == 0 {
			continue
		}
		// The URL or path before the anchor: anything up to a space or
		// bracket.
		st := i
		for st > 0 && !ccURLStop(b[st-1]) {
			st--
		}
		name, ok := codeFileName(b[st:i])
		if !ok {
			continue
		}
		e := ccDigitsEnd(b, i+2)
		if e+1 < len(b) && b[e] == 'C' && ccDigit(b[e+1]) {
			e = ccDigitsEnd(b, e+1)
		}
		lines := string(b[i+2 : ccDigitsEnd(b, i+2)])
		if e+2 < len(b) && b[e] == '-' && (b[e+1] == 'L' || ccDigit(b[e+1])) {
			r := e + 1
			if b[r] == 'L' {
				r++
			}
			if r < len(b) && ccDigit(b[r]) {
				lines += "–" + string(b[r:ccDigitsEnd(b, r)])
				e = ccDigitsEnd(b, r)
				if e+1 < len(b) && b[e] == 'C' && ccDigit(b[e+1]) {
					e = ccDigitsEnd(b, e+1)
				}
			}
		}
		if e < len(b) && (ccLetter(b[e]) || b[e] == '_') {
			continue
		}
		return lineAnchor{ok: true, start: st, end: e, file: string(name), lines: lines, path: b[st:i]}
	}
	return lineAnchor{}
}

// what says which lines the anchor names: "line 42", "lines 42–50".
func (a lineAnchor) what() string {
	if strings.Contains(a.lines, "–") {
		return "lines " + a.lines
	}
	return "line " + a.lines
}

func ccURLStop(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '(', ')', '[', ']', '<', '>', '"', '\'', '`', '|', '*':
		return true
	}
	return c >= utf8.RuneSelf
}

func ccSkipSpacesBack(b []byte, p int) int {
	for p > 0 && b[p-1] == ' ' {
		p--
	}
	return p
}

// findCommitURL finds "…/commit/<hex>" (GitHub, GitLab "/-/commit/",
// "/commits/") at or after from; the match runs from the URL's start to
// the end of the hash.
func findCommitURL(b []byte, from int) (int, int) {
	for from < len(b) {
		i := bytes.Index(b[from:], []byte("/commit"))
		if i < 0 {
			break
		}
		i += from
		from = i + len("/commit")
		h := from
		if h < len(b) && b[h] == 's' {
			h++
		}
		if h >= len(b) || b[h] != '/' {
			continue
		}
		h++
		e := h
		for e < len(b) && ccLowerHex(b[e]) {
			e++
		}
		if e-h < 7 || e-h > 40 || !ccMixedHex(b[h:e]) || (e < len(b) && ccWordByte(b[e])) {
			continue
		}
		st := i
		for st > 0 && !ccURLStop(b[st-1]) {
			st--
		}
		return st, e
	}
	return 0, 0
}
