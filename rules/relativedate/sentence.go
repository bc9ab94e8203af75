package relativedate

import (
	"bytes"
	"strings"
)

// Sentence boundaries.

// rdSentenceEndAt returns the offset after the sentence end at text[i], or 0
// when text[i] ends no sentence. For a line break that starts a new unit it
// returns i+1.
func rdSentenceEndAt(text []byte, i int) int {
	switch c := text[i]; c {
	case '.', '!', '?':
		if i+1 < len(text) && !rdSpace(text[i+1]) || c == '.' && i > 0 && text[i-1] == '.' {
			return 0 // "v1.2", or an ellipsis...
		}
		if c == '.' && rdIsAbbreviation(text[:i]) {
			return 0
		}
		return i + 1
	case '\n':
		if rdStartsUnit(text[i+1:]) {
			return i + 1
		}
	case 0x82, 0x81, 0x9F: // last byte of 。 ！ ？
		if i >= 2 {
			if s := string(text[i-2 : i+1]); s == "。" || s == "！" || s == "？" {
				return i + 1
			}
		}
	}
	return 0
}

// rdIsAbbreviation reports whether before ends with an abbreviation whose
// period does not end a sentence (e.g., Mar. 5, a single initial).
func rdIsAbbreviation(before []byte) bool {
	i := len(before)
	for i > 0 && len(before)-i < 8 && (rdLetter(before[i-1]) || before[i-1] == '.') {
		i--
	}
	w := strings.ToLower(string(before[i:]))
	return len(w) == 1 && rdLetter(w[0]) || rdAbbreviations[w]
}

func rdLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// rdStartsUnit reports whether a line starts a list item, a table row or a
// bold label ("**Why:**").
func rdStartsUnit(line []byte) bool {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '>') {
		i++
	}
	line = line[i:]
	switch {
	case len(line) == 0:
		return false
	case line[0] == '|':
		return true
	case (line[0] == '-' || line[0] == '*' || line[0] == '+') && len(line) > 1 && line[1] == ' ':
		return true
	case bytes.HasPrefix(line, []byte("**")):
		end := bytes.IndexByte(line, '\n')
		if end < 0 {
			end = len(line)
		}
		if end > 80 {
			end = 80
		}
		return bytes.Contains(line[:end], []byte(":**")) || bytes.Contains(line[:end], []byte("**:"))
	}
	j := 0
	for j < len(line) && '0' <= line[j] && line[j] <= '9' {
		j++
	}
	return j > 0 && j+1 < len(line) && (line[j] == '.' || line[j] == ')') && line[j+1] == ' '
}
