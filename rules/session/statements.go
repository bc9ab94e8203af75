package session

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// statementKind is what a sentence holding a date says of it (classify).
type statementKind int

const (
	statementNeutral    statementKind = iota // none of the below
	statementRecorded                        // what happened that day: "measured on"
	statementSnapshot                        // how things stand: "status as of"
	statementDone                            // a finished event: "deployed", "✅"
	statementPending                         // what is still to do: "pending", "until"
	statementSuperseded                      // no longer holds: "superseded"
)

// phrase is a word or run of words of the tables of stalewords.go,
// lowercased, ready to match.
type phrase struct {
	text []byte
	// stem lets the rest of a word follow (the table's trailing "*").
	stem bool
	// edgeStart and edgeEnd say the phrase begins or ends with a letter
	// of a script written with spaces, so that it must begin or end at a
	// word's edge there.
	edgeStart, edgeEnd bool
}

// The tables, ready to match.
var (
	supersededPhrases = phrases(supersededWords)
	pendingPhrases    = phrases(pendingWords)
	donePhrases       = phrases(doneWords)
	snapshotPhrases   = phrases(snapshotWords)
	recordPhrases     = phrases(recordWords)
)

func phrases(words []string) []phrase {
	out := make([]phrase, 0, len(words))
	for _, w := range words {
		p := phrase{}
		w, p.stem = strings.CutSuffix(w, "*")
		p.text = []byte(w)
		first, _ := utf8.DecodeRuneInString(w)
		last, _ := utf8.DecodeLastRuneInString(w)
		p.edgeStart = isSpacedWordRune(first)
		p.edgeEnd = isSpacedWordRune(last) && !p.stem
		out = append(out, p)
	}
	return out
}

// isSpacedWordRune reports whether r is part of a word in a script whose
// words are set apart by spaces: a letter, a digit or a combining mark,
// but not Chinese, Japanese or Korean.
func isSpacedWordRune(r rune) bool {
	if r >= 0x1100 && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r)) {
		return false
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// classify says what a sentence says of its date: superseded first (the
// memory says the statement no longer holds), then what is still to do
// ("deployed to staging; production pending"), then a finished event, then
// a snapshot of how things stand ("Phase 1 is complete as of …" records
// the event), then what was found or made that day.
func classify(sentence []byte) statementKind {
	lower := bytes.ToLower(sentence)
	switch {
	case holdsAny(lower, supersededPhrases):
		return statementSuperseded
	case holdsAny(lower, pendingPhrases):
		return statementPending
	case holdsAny(lower, donePhrases):
		return statementDone
	case holdsAny(lower, snapshotPhrases):
		return statementSnapshot
	case holdsAny(lower, recordPhrases):
		return statementRecorded
	}
	return statementNeutral
}

// holdsAny reports whether text (lowercased) holds one of ps as a word.
func holdsAny(text []byte, ps []phrase) bool {
	for _, p := range ps {
		if holds(text, p) {
			return true
		}
	}
	return false
}

// holds reports whether text holds p at word edges where p needs them.
// Each occurrence is looked at once, so the cost is linear in text.
func holds(text []byte, p phrase) bool {
	for from := 0; from < len(text); {
		i := bytes.Index(text[from:], p.text)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(p.text)
		if (!p.edgeStart || !wordRuneBefore(text, i)) && (!p.edgeEnd || !wordRuneAt(text, end)) {
			return true
		}
		_, size := utf8.DecodeRune(text[i:])
		from = i + size
	}
	return false
}

func wordRuneBefore(text []byte, i int) bool {
	r, _ := utf8.DecodeLastRune(text[:i])
	return i > 0 && isSpacedWordRune(r)
}

func wordRuneAt(text []byte, i int) bool {
	r, _ := utf8.DecodeRune(text[i:])
	return i < len(text) && isSpacedWordRune(r)
}

// maxSentence bounds how far from a date sentenceAround looks for the
// sentence's ends, so that a paragraph without one costs a bounded scan
// per date.
const maxSentence = 400

// sentenceAround returns the sentence of text that holds text[s:e]: from
// the end of the sentence before (., !, ? before a space, 。, a line that
// starts a table row, a list item or a bold label) to the end of its own,
// at most maxSentence bytes either side. A semicolon does not end one:
// "deployed on 2026-03-01; the flag stays on until the migration ends" is
// one statement, about what is still to do.
func sentenceAround(text []byte, s, e int) []byte {
	lo := max(0, s-maxSentence)
	for lo > 0 && !utf8.RuneStart(text[lo]) {
		lo++
	}
	start := lo
	for i := lo; i < s; {
		if next, ok := sentenceEnd(text, i); ok && next <= s {
			start, i = next, next
			continue
		}
		i++
	}
	for start < s && isRESpace(text[start]) {
		start++
	}
	hi := min(len(text), e+maxSentence)
	end := hi
	for i := e; i < hi; i++ {
		if _, ok := sentenceEnd(text, i); ok {
			end = i
			break
		}
	}
	return text[start:end]
}

// sentenceEnd reports whether a sentence ends at text[i], and where the
// next begins.
func sentenceEnd(text []byte, i int) (next int, ok bool) {
	switch c := text[i]; c {
	case '.', '!', '?':
		j := i + 1
		for j < len(text) && strings.IndexByte("*_)\"'`]", text[j]) >= 0 {
			j++
		}
		if j == len(text) || isRESpace(text[j]) {
			return j, true
		}
	case '\n':
		j := i + 1
		for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		rest := text[j:]
		if bytes.HasPrefix(rest, []byte("|")) || bytes.HasPrefix(rest, []byte("**")) ||
			len(rest) > 1 && strings.IndexByte("-*+", rest[0]) >= 0 && rest[1] == ' ' {
			return j, true
		}
	case 0xe3, 0xef: // 。 U+3002, and ！ ？ U+FF01 U+FF1F
		for _, t := range cjkTerminators {
			if bytes.HasPrefix(text[i:], []byte(t)) {
				return i + len(t), true
			}
		}
	}
	return 0, false
}

// cjkTerminators end sentences in Chinese and Japanese.
var cjkTerminators = []string{"。", "！", "？"}
