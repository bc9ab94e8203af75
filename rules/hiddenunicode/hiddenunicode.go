package hiddenunicode

import (
	_ "embed"
	"github.com/memlint/memlint/rules/internal/ruleutil"

	"bytes"
	"encoding/binary"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// HiddenUnicode reports characters that display as nothing but that the
// agent reads: bidirectional controls, zero-width characters, Unicode tag
// characters and the other invisible format characters.
var HiddenUnicode = &lint.Rule{
	ID:       "hidden-unicode",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "invisible characters: bidirectional controls, zero-width, tag and other format characters that hide text from the reader",
	Doc:      hiddenUnicodeDoc,
	Fix:      "safe (--fix): deletes the invisible characters (a Hangul filler between two words becomes a space)",
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Files() {
			if !pass.Focused(f) {
				continue
			}
			runs := hiddenRuns(f.Src)
			if len(runs) == 0 {
				continue
			}
			// Claude Code removes invisible characters from the index it
			// loads (they still cost budget); a topic file is read as is.
			sev := lint.Error
			if f == pass.Dir.Index {
				sev = lint.Warning
			}
			for _, g := range groupHiddenRuns(f, runs) {
				reportHiddenGroup(pass, f, g, sev)
			}
		}
	},
}

//go:embed hidden-unicode.md
var hiddenUnicodeDoc string

// A line with more than hiddenLineRuns runs, or a file with more than
// hiddenFileFindings findings after that, is reported once with a count:
// a hundred findings for one pasted paragraph drown everything else, and
// one fix removes them all the same.
const (
	hiddenLineRuns     = 2
	hiddenFileFindings = 10
)

// hiddenGroup is what one finding reports: one run, or the runs of a line
// or a file.
type hiddenGroup struct {
	runs  []markdown.Span
	scope string // "", "on this line" or "in this file"
}

// groupHiddenRuns folds floods of runs into one finding per line or per
// file. A run that spells hidden text always keeps its own finding: its
// message shows the text.
func groupHiddenRuns(f *memory.File, runs []markdown.Span) []hiddenGroup {
	var text, plain []hiddenGroup
	for i := 0; i < len(runs); {
		if hiddenText([]rune(string(f.Src[runs[i].Start:runs[i].End]))) != "" {
			text = append(text, hiddenGroup{runs: runs[i : i+1]})
			i++
			continue
		}
		// The plain runs that start on this line, up to the next text run.
		line := f.Lines.LineOf(runs[i].Start)
		j := i
		for j < len(runs) && f.Lines.LineOf(runs[j].Start) == line &&
			hiddenText([]rune(string(f.Src[runs[j].Start:runs[j].End]))) == "" {
			j++
		}
		if j-i > hiddenLineRuns {
			plain = append(plain, hiddenGroup{runs: runs[i:j], scope: "on this line"})
		} else {
			for k := i; k < j; k++ {
				plain = append(plain, hiddenGroup{runs: runs[k : k+1]})
			}
		}
		i = j
	}
	if len(plain) > hiddenFileFindings {
		var all []markdown.Span
		for _, g := range plain {
			all = append(all, g.runs...)
		}
		plain = []hiddenGroup{{runs: all, scope: "in this file"}}
	}
	out := append(text, plain...)
	sort.Slice(out, func(a, b int) bool { return out[a].runs[0].Start < out[b].runs[0].Start })
	return out
}

func reportHiddenGroup(pass *lint.Pass, f *memory.File, g hiddenGroup, sev lint.Severity) {
	var all strings.Builder
	spaces := 0
	edits := make([]memory.TextEdit, 0, len(g.runs))
	for _, run := range g.runs {
		all.Write(f.Src[run.Start:run.End])
		replacement := hiddenReplacement(f.Src, run)
		if replacement != "" {
			spaces++
		}
		edits = append(edits, f.Replace(run, replacement))
	}
	text := all.String()
	n := utf8.RuneCountInString(text)
	first, last := g.runs[0], g.runs[len(g.runs)-1]
	start, _ := f.SpanPos(first)
	_, end := f.SpanPos(last)
	if g.scope == "in this file" {
		// The finding points at the first run; its extent stays on one
		// line.
		_, end = f.SpanPos(first)
	}
	chars := ruleutil.Plural(n, "invisible character", "invisible characters")
	fixMsg := "delete " + chars
	switch {
	case spaces == len(g.runs):
		fixMsg = "replace " + chars + " with a space"
	case spaces > 0:
		fixMsg += " (a Hangul filler between two words becomes a space)"
	}
	msg := describeHidden(text)
	if g.scope != "" {
		msg = describeHiddenFlood(g, text, start, f.Lines.LineOf(first.Start))
	}
	if f == pass.Dir.Index {
		msg += "; Claude Code removes most of them from the index it loads, but they still count against its size limit"
	}
	pass.Report(lint.Diagnostic{
		Severity:   sev,
		Path:       f.Path,
		Start:      start,
		End:        end,
		Message:    msg,
		Suggestion: fixMsg + " (memlint --fix does it)",
		Fix:        &lint.Fix{Message: fixMsg, Edits: edits},
	})
}

// describeHiddenFlood words the finding for the runs of a line or a file:
// how many characters in how many places, which ones, and where the first
// is.
func describeHiddenFlood(g hiddenGroup, text string, start markdown.Pos, line int) string {
	runes := []rune(text)
	where := fmt.Sprintf("first at column %d", start.Col)
	if g.scope == "in this file" {
		where = fmt.Sprintf("first on line %d, column %d", line, start.Col)
	}
	return fmt.Sprintf("%s in %d places %s (%s), %s: %s",
		ruleutil.Plural(len(runes), "invisible character", "invisible characters"), len(g.runs), g.scope,
		strings.Join(hiddenParts(runes), ", "), where, hiddenWhy(runes))
}

// hiddenReplacement returns what the fix puts in place of run: nothing,
// or a space when the run holds a Hangul filler between two visible
// characters. A filler is drawn as a blank as wide as a letter, so
// deleting it would run the words on either side together.
func hiddenReplacement(src []byte, run markdown.Span) string {
	before, _ := utf8.DecodeLastRune(src[:run.Start])
	after, _ := utf8.DecodeRune(src[run.End:])
	visible := func(r rune) bool { return r != utf8.RuneError && !unicode.IsSpace(r) && !isHidden(r) }
	if bytes.ContainsFunc(src[run.Start:run.End], isHangulFiller) && visible(before) && visible(after) {
		return " "
	}
	return ""
}

// hiddenChars is every character this rule may report: Unicode's
// Default_Ignorable_Code_Point set (characters a renderer shows as nothing
// when it does not support them) plus the interlinear annotation controls
// U+FFF9–U+FFFB, which renderers also hide. Legitimate uses are told apart
// by hiddenScan.legit. Other format characters (category Cf) are left
// alone because they are visible: the Arabic number signs U+0600–U+0605,
// U+06DD and the like are drawn as marks.
var hiddenChars = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x00AD, Hi: 0x00AD, Stride: 1}, // soft hyphen
		{Lo: 0x034F, Hi: 0x034F, Stride: 1}, // combining grapheme joiner
		{Lo: 0x061C, Hi: 0x061C, Stride: 1}, // Arabic letter mark
		{Lo: 0x115F, Hi: 0x1160, Stride: 1}, // Hangul choseong and jungseong fillers
		{Lo: 0x17B4, Hi: 0x17B5, Stride: 1}, // Khmer inherent vowels, whose use Unicode discourages
		{Lo: 0x180B, Hi: 0x180F, Stride: 1}, // Mongolian variation selectors and vowel separator
		{Lo: 0x200B, Hi: 0x200F, Stride: 1}, // zero-width characters, LRM, RLM
		{Lo: 0x202A, Hi: 0x202E, Stride: 1}, // bidi embeddings and overrides
		{Lo: 0x2060, Hi: 0x206F, Stride: 1}, // word joiner, invisible operators, bidi isolates, deprecated controls
		{Lo: 0x3164, Hi: 0x3164, Stride: 1}, // Hangul filler
		{Lo: 0xFE00, Hi: 0xFE0F, Stride: 1}, // variation selectors
		{Lo: 0xFEFF, Hi: 0xFEFF, Stride: 1}, // zero width no-break space (byte order mark)
		{Lo: 0xFFA0, Hi: 0xFFA0, Stride: 1}, // halfwidth Hangul filler
		{Lo: 0xFFF0, Hi: 0xFFFB, Stride: 1}, // unassigned; interlinear annotation controls
	},
	R32: []unicode.Range32{
		{Lo: 0x1BCA0, Hi: 0x1BCA3, Stride: 1}, // shorthand format controls
		{Lo: 0x1D173, Hi: 0x1D17A, Stride: 1}, // musical beam, tie, slur and phrase controls
		{Lo: 0xE0000, Hi: 0xE0FFF, Stride: 1}, // tags, variation selectors supplement, unassigned
	},
	LatinOffset: 1,
}

// hiddenLead marks the first bytes of the UTF-8 encodings of hiddenChars.
var hiddenLead = [256]bool{0xC2: true, 0xCD: true, 0xD8: true, 0xE1: true, 0xE2: true, 0xE3: true, 0xEF: true, 0xF0: true, 0xF3: true}

func isHidden(r rune) bool { return r >= 0xAD && unicode.Is(hiddenChars, r) }

func isTag(r rune) bool { return 0xE0000 <= r && r <= 0xE007F }

func isVariationSelector(r rune) bool {
	return 0xFE00 <= r && r <= 0xFE0F || 0xE0100 <= r && r <= 0xE01EF
}

func isHangulFiller(r rune) bool { return r == 0x115F || r == 0x1160 || r == 0x3164 || r == 0xFFA0 }

// isBidiControl reports the embeddings, overrides and isolates, which
// reorder whole stretches of text (as opposed to the marks, which only
// settle the direction of the characters next to them).
func isBidiControl(r rune) bool { return 0x202A <= r && r <= 0x202E || 0x2066 <= r && r <= 0x2069 }

func isDirectionMark(r rune) bool { return r == 0x200E || r == 0x200F || r == 0x061C }

// hiddenRuns returns the runs of consecutive hidden characters in src that
// are not legitimately used, as byte spans.
func hiddenRuns(src []byte) []markdown.Span {
	s := hiddenScan{src: src, rtlLine: -1}
	var runs []markdown.Span
	add := func(from, to int) {
		if k := len(runs) - 1; k >= 0 && runs[k].End == from {
			runs[k].End = to
			return
		}
		runs = append(runs, markdown.Span{Start: from, End: to})
	}
	for i := 0; i < len(src); {
		// Most bytes of a memory file can start no hidden character:
		// ASCII is skipped eight bytes at a time, the rest byte by byte,
		// and only the few lead bytes of hidden characters are decoded.
		if i+8 <= len(src) && binary.LittleEndian.Uint64(src[i:])&0x8080808080808080 == 0 {
			i += 8
			continue
		}
		if !hiddenLead[src[i]] {
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		switch {
		case !isHidden(r):
		case isTag(r):
			// Tag characters are judged together: a flag's subdivision
			// code is a whole sequence.
			end := tagSequenceEnd(src, i)
			if !s.flagTags(i, end) {
				add(i, end)
			}
			size = end - i
		case !s.legit(i, r, size):
			add(i, i+size)
		}
		i += size
	}
	return runs
}

// tagSequenceEnd returns the end of the tag characters starting at i.
func tagSequenceEnd(src []byte, i int) int {
	for i < len(src) {
		r, size := utf8.DecodeRune(src[i:])
		if !isTag(r) {
			break
		}
		i += size
	}
	return i
}

// hiddenScan judges the hidden characters of one file in context.
type hiddenScan struct {
	src []byte
	// rtlLine and rtlEnd bound the line last checked for right-to-left
	// letters (rtlLine -1 before any), and rtl is the answer.
	rtlLine, rtlEnd int
	rtl             bool
}

func (s *hiddenScan) before(i int) rune {
	r, size := utf8.DecodeLastRune(s.src[:i])
	if size == 0 {
		return -1
	}
	return r
}

func (s *hiddenScan) after(i int) rune {
	r, size := utf8.DecodeRune(s.src[i:])
	if size == 0 {
		return -1
	}
	return r
}

// legit reports whether the hidden character r at src[i:i+size] is one
// that ordinary text needs where it stands. Apart from an emoji's
// variation selector and the ZWJ after it, and a byte order mark at the
// start of the file, every exemption is for one character between two
// visible ones. A hidden message needs many characters: in a run it is
// always reported, and spread one per gap between letters it carries next
// to nothing. Requiring visible neighbours also makes --fix final:
// deleting the runs around an exempt character cannot change its
// neighbours.
func (s *hiddenScan) legit(i int, r rune, size int) bool {
	prev, next := s.before(i), s.after(i+size)
	switch {
	case r == 0xFEFF:
		// A byte order mark at the start of a file is an encoding
		// signature, not text (frontmatter-invalid reports one that hides
		// frontmatter); anywhere else it is usually left by joining files.
		return i == 0
	case r == 0x200D && emojiJoined(s.emojiBefore(i), next):
		return true
	case isVariationSelector(r):
		// A variation sequence is one base and one selector. Several
		// selectors in a row carry data instead: each encodes a byte.
		return takesSelector(prev, r) && !isVariationSelector(next)
	case isHidden(prev) || isHidden(next):
		return false
	case isDirectionMark(r):
		// In right-to-left text a mark settles where punctuation and
		// numbers go.
		return s.lineHasRTL(i)
	case r == 0x200C || r == 0x200D:
		return shapesLetters(s.letterBefore(i), next)
	case r == 0x200B:
		return sameScript(prev, next, noSpaceScripts) || emphasisBreak(prev, next)
	case r == 0x00AD:
		return isLetterOrMark(prev) && unicode.IsLetter(next)
	case r == 0x034F:
		return isLetterOrMark(prev) && unicode.Is(unicode.M, next)
	case r == 0x180E:
		return isMongolianLetter(prev) && isMongolianLetter(next)
	case 0x180B <= r && r <= 0x180F:
		return isMongolianLetter(prev)
	case r == 0x115F:
		// An empty initial consonant before a vowel jamo: the syllable
		// shows the vowel.
		return 0x1161 <= next && next <= 0x11A7 || 0xD7B0 <= next && next <= 0xD7C6
	case r == 0x1160:
		// An empty vowel after an initial consonant jamo.
		return 0x1100 <= prev && prev <= 0x115E || 0xA960 <= prev && prev <= 0xA97C
	}
	return false
}

// flagTags reports whether the tag characters src[i:end] follow U+1F3F4
// WAVING BLACK FLAG as a subdivision flag (Unicode TS #51): a region and
// subdivision code of 3 to 7 lowercase letters and digits, then U+E007F
// CANCEL TAG. Nothing longer or of other characters makes a flag.
func (s *hiddenScan) flagTags(i, end int) bool {
	if s.before(i) != 0x1F3F4 {
		return false
	}
	tags := []rune(string(s.src[i:end]))
	if len(tags) < 4 || len(tags) > 8 || tags[len(tags)-1] != 0xE007F {
		return false
	}
	for _, t := range tags[:len(tags)-1] {
		c := t - 0xE0000
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// emojiBefore returns the character before a ZWJ at i, looking past the
// emoji variation selector that often sits between it and its emoji.
func (s *hiddenScan) emojiBefore(i int) rune {
	r, size := utf8.DecodeLastRune(s.src[:i])
	if r == 0xFE0F {
		r, _ = utf8.DecodeLastRune(s.src[:i-size])
	}
	return r
}

// letterBefore returns the character before i, looking past combining
// marks of the Inherited script (the Arabic vowel signs are): they belong
// to the letter before them.
func (s *hiddenScan) letterBefore(i int) rune {
	for k := 0; k < 4; k++ {
		r, size := utf8.DecodeLastRune(s.src[:i])
		if size == 0 {
			return -1
		}
		if isHidden(r) || !unicode.Is(unicode.Inherited, r) {
			return r
		}
		i -= size
	}
	return -1
}

// lineHasRTL reports whether the line holding offset i has a letter of a
// right-to-left script. The answer is kept for the line, so a line full
// of marks is read once.
func (s *hiddenScan) lineHasRTL(i int) bool {
	// The marks of a line come in order: only the first of a line looks
	// for its bounds, so a line of marks is not read back to its start
	// for each.
	if s.rtlLine >= 0 && s.rtlLine <= i && i < s.rtlEnd {
		return s.rtl
	}
	start := bytes.LastIndexByte(s.src[:i], '\n') + 1
	end := len(s.src)
	if k := bytes.IndexByte(s.src[i:], '\n'); k >= 0 {
		end = i + k
	}
	s.rtlLine, s.rtlEnd = start, end
	s.rtl = bytes.ContainsFunc(s.src[start:end], func(r rune) bool {
		return unicode.IsLetter(r) && unicode.In(r, rtlScripts...)
	})
	return s.rtl
}

// rtlScripts are the scripts of living languages written right to left.
var rtlScripts = []*unicode.RangeTable{
	unicode.Hebrew, unicode.Arabic, unicode.Syriac, unicode.Thaana, unicode.Nko,
	unicode.Samaritan, unicode.Mandaic, unicode.Adlam, unicode.Hanifi_Rohingya,
}

// joiningScripts are the scripts whose letters ZWJ and ZWNJ shape: they
// make Arabic-script letters join or not (Persian keeps the prefix mi-
// and the plural -ha apart from the word with a ZWNJ), and choose between
// conjuncts, half forms and explicit viramas in the Indic scripts and
// their relatives.
var joiningScripts = []*unicode.RangeTable{
	unicode.Arabic, unicode.Syriac, unicode.Nko, unicode.Mongolian,
	unicode.Devanagari, unicode.Bengali, unicode.Gurmukhi, unicode.Gujarati,
	unicode.Oriya, unicode.Tamil, unicode.Telugu, unicode.Kannada,
	unicode.Malayalam, unicode.Sinhala, unicode.Tibetan, unicode.Myanmar,
	unicode.Khmer, unicode.Tai_Tham, unicode.Balinese, unicode.Javanese,
}

// noSpaceScripts are written without spaces between words; a zero-width
// space marks where a line may break.
var noSpaceScripts = []*unicode.RangeTable{unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar}

// shapesLetters reports whether a ZWJ or ZWNJ between prev and next
// shapes a letter: prev is a letter or mark of a joining script, and next
// is not a letter of another script. Next may be a space or punctuation:
// word-final ZWJ and ZWNJ select Malayalam chillus, the Bengali khanda ta,
// an explicit virama or an Arabic joining form.
func shapesLetters(prev, next rune) bool {
	if !isLetterOrMark(prev) {
		return false
	}
	for _, script := range joiningScripts {
		if unicode.Is(script, prev) {
			return !isLetterOrMark(next) || unicode.Is(script, next)
		}
	}
	return false
}

// sameScript reports whether a and b are letters or marks of the same
// script among scripts.
func sameScript(a, b rune, scripts []*unicode.RangeTable) bool {
	if !isLetterOrMark(a) || !isLetterOrMark(b) {
		return false
	}
	for _, script := range scripts {
		if unicode.Is(script, a) {
			return unicode.Is(script, b)
		}
	}
	return false
}

// emphasisBreak reports a zero-width space between an emphasis delimiter
// and a CJK character. CommonMark does not close "**「強調」**です" as
// emphasis (the closing ** follows punctuation and precedes a letter);
// Chinese and Japanese writers insert a zero-width space to make it work.
func emphasisBreak(prev, next rune) bool {
	delim := func(r rune) bool { return r == '*' || r == '_' }
	return delim(prev) && isCJK(next) || isCJK(prev) && delim(next)
}

func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		0x3000 <= r && r <= 0x303F || // CJK punctuation
		0xFF00 <= r && r <= 0xFFEF // fullwidth forms
}

func isLetterOrMark(r rune) bool { return unicode.IsLetter(r) || unicode.IsMark(r) }

func isMongolianLetter(r rune) bool { return unicode.IsLetter(r) && unicode.Is(unicode.Mongolian, r) }

// emojiJoined reports whether a ZWJ between prev and next joins two emoji
// into one (a family, a profession, the rainbow flag).
func emojiJoined(prev, next rune) bool { return isEmojiLike(prev) && isEmojiLike(next) }

// emojiLike approximates Unicode's Extended_Pictographic property, which
// Go's unicode package lacks, by the blocks that hold the emoji and the
// few emoji elsewhere. It is generous on purpose: it only ever admits one
// ZWJ or one variation selector next to a visible symbol.
var emojiLike = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x00A9, Hi: 0x00AE, Stride: 5}, // © ®
		{Lo: 0x203C, Hi: 0x203C, Stride: 1}, // ‼
		{Lo: 0x2049, Hi: 0x2049, Stride: 1}, // ⁉
		{Lo: 0x2122, Hi: 0x2122, Stride: 1}, // ™
		{Lo: 0x2139, Hi: 0x2139, Stride: 1}, // ℹ
		{Lo: 0x2190, Hi: 0x2BFF, Stride: 1}, // arrows, technical, enclosed, shapes, symbols, dingbats
		{Lo: 0x3030, Hi: 0x3030, Stride: 1}, // 〰
		{Lo: 0x303D, Hi: 0x303D, Stride: 1}, // 〽
		{Lo: 0x3297, Hi: 0x3299, Stride: 2}, // ㊗ ㊙
	},
	R32: []unicode.Range32{
		{Lo: 0x1F000, Hi: 0x1FAFF, Stride: 1}, // the emoji blocks, skin tones included
	},
	LatinOffset: 1,
}

func isEmojiLike(r rune) bool { return r >= 0xA9 && unicode.Is(emojiLike, r) }

// takesSelector reports whether base is a character that has variation
// sequences with selector vs: emoji and keycap bases take the text and
// emoji selectors U+FE0E and U+FE0F; mathematical symbols, CJK ideographs
// and a few scripts take U+FE00–U+FE0D (standardized variants, the
// slashed zero); CJK ideographs take U+E0100–U+E01EF (ideographic
// variation sequences, common in Japanese names).
func takesSelector(base, vs rune) bool {
	switch {
	case vs == 0xFE0E || vs == 0xFE0F:
		return isEmojiLike(base) || '0' <= base && base <= '9' || base == '#' || base == '*'
	case vs < 0xFE0E:
		return base == '0' || unicode.IsSymbol(base) && !isHidden(base) ||
			unicode.In(base, unicode.Han, unicode.Myanmar, unicode.Phags_Pa, unicode.Manichaean, unicode.Egyptian_Hieroglyphs)
	}
	return unicode.Is(unicode.Han, base)
}

// hiddenNames names the characters the rule reports, for messages.
// Variation selectors are numbered by variationSelectorName, and others
// fall back to their code point.
var hiddenNames = map[rune]string{
	0x00AD:  "SOFT HYPHEN",
	0x034F:  "COMBINING GRAPHEME JOINER",
	0x061C:  "ARABIC LETTER MARK",
	0x115F:  "HANGUL CHOSEONG FILLER",
	0x1160:  "HANGUL JUNGSEONG FILLER",
	0x17B4:  "KHMER VOWEL INHERENT AQ",
	0x17B5:  "KHMER VOWEL INHERENT AA",
	0x180B:  "MONGOLIAN FREE VARIATION SELECTOR ONE",
	0x180C:  "MONGOLIAN FREE VARIATION SELECTOR TWO",
	0x180D:  "MONGOLIAN FREE VARIATION SELECTOR THREE",
	0x180E:  "MONGOLIAN VOWEL SEPARATOR",
	0x180F:  "MONGOLIAN FREE VARIATION SELECTOR FOUR",
	0x200B:  "ZERO WIDTH SPACE",
	0x200C:  "ZERO WIDTH NON-JOINER",
	0x200D:  "ZERO WIDTH JOINER",
	0x200E:  "LEFT-TO-RIGHT MARK",
	0x200F:  "RIGHT-TO-LEFT MARK",
	0x202A:  "LEFT-TO-RIGHT EMBEDDING",
	0x202B:  "RIGHT-TO-LEFT EMBEDDING",
	0x202C:  "POP DIRECTIONAL FORMATTING",
	0x202D:  "LEFT-TO-RIGHT OVERRIDE",
	0x202E:  "RIGHT-TO-LEFT OVERRIDE",
	0x2060:  "WORD JOINER",
	0x2061:  "FUNCTION APPLICATION",
	0x2062:  "INVISIBLE TIMES",
	0x2063:  "INVISIBLE SEPARATOR",
	0x2064:  "INVISIBLE PLUS",
	0x2066:  "LEFT-TO-RIGHT ISOLATE",
	0x2067:  "RIGHT-TO-LEFT ISOLATE",
	0x2068:  "FIRST STRONG ISOLATE",
	0x2069:  "POP DIRECTIONAL ISOLATE",
	0x206A:  "INHIBIT SYMMETRIC SWAPPING",
	0x206B:  "ACTIVATE SYMMETRIC SWAPPING",
	0x206C:  "INHIBIT ARABIC FORM SHAPING",
	0x206D:  "ACTIVATE ARABIC FORM SHAPING",
	0x206E:  "NATIONAL DIGIT SHAPES",
	0x206F:  "NOMINAL DIGIT SHAPES",
	0x3164:  "HANGUL FILLER",
	0xFEFF:  "ZERO WIDTH NO-BREAK SPACE (byte order mark)",
	0xFFA0:  "HALFWIDTH HANGUL FILLER",
	0xFFF9:  "INTERLINEAR ANNOTATION ANCHOR",
	0xFFFA:  "INTERLINEAR ANNOTATION SEPARATOR",
	0xFFFB:  "INTERLINEAR ANNOTATION TERMINATOR",
	0xE0001: "LANGUAGE TAG",
	0xE007F: "CANCEL TAG",
}

func hiddenName(r rune) string {
	code := fmt.Sprintf("U+%04X", r)
	switch {
	case hiddenNames[r] != "":
		return code + " " + hiddenNames[r]
	case 0xFE00 <= r && r <= 0xFE0F:
		return fmt.Sprintf("%s VARIATION SELECTOR-%d", code, r-0xFE00+1)
	case 0xE0100 <= r && r <= 0xE01EF:
		return fmt.Sprintf("%s VARIATION SELECTOR-%d", code, r-0xE0100+17)
	}
	return code
}

// describeHidden writes the message for one run of hidden characters:
// what they are, the text they hide when they spell one, and why that
// matters.
func describeHidden(run string) string {
	runes := []rune(run)
	what := hiddenGroups(runes)
	if hidden := hiddenText(runes); hidden != "" {
		what = "hidden text " + ruleutil.Quote(ruleutil.Clip(hidden, 100)) + " in " + what
	}
	return what + ": " + hiddenWhy(runes)
}

// hiddenGroups lists the characters of a run: "U+200B ZERO WIDTH SPACE ×3"
// for one kind, "5 invisible characters (…, …)" for several. Tag
// characters and variation selectors, which come in long runs of many
// different code points, are counted as a class.
func hiddenGroups(runes []rune) string {
	parts := hiddenParts(runes)
	if len(parts) == 1 {
		return parts[0]
	}
	return fmt.Sprintf("%d invisible characters (%s)", len(runes), strings.Join(parts, ", "))
}

// hiddenParts names the kinds of characters in runes, most frequent
// first seen first: "U+200B ZERO WIDTH SPACE ×3", "12 Unicode tag
// characters", and "2 more" after four kinds.
func hiddenParts(runes []rune) []string {
	type group struct {
		key   string // the code point's name, or its class
		first rune
		mixed bool // holds several code points of its class
		count int
	}
	var groups []*group
	// byRune is the group of each character met: a run of thousands of
	// characters names each kind once, not each character.
	byRune := map[rune]*group{}
	for _, r := range runes {
		g := byRune[r]
		if g == nil {
			key := hiddenName(r)
			switch {
			case isTag(r):
				key = "tag"
			case isVariationSelector(r):
				key = "vs"
			}
			for _, h := range groups {
				if h.key == key {
					g = h
				}
			}
			if g == nil {
				g = &group{key: key, first: r}
				groups = append(groups, g)
			}
			byRune[r] = g
		}
		g.mixed = g.mixed || r != g.first
		g.count++
	}
	var parts []string
	for i, g := range groups {
		if i == 4 {
			parts = append(parts, fmt.Sprintf("%d more", len(groups)-i))
			break
		}
		switch {
		case !g.mixed:
			label := hiddenName(g.first)
			if g.count > 1 {
				label += fmt.Sprintf(" ×%d", g.count)
			}
			parts = append(parts, label)
		case g.key == "tag":
			parts = append(parts, ruleutil.Plural(g.count, "Unicode tag character", "Unicode tag characters"))
		default:
			parts = append(parts, ruleutil.Plural(g.count, "variation selector", "variation selectors"))
		}
	}
	return parts
}

// hiddenText decodes the text a run hides, or returns "". Tag characters
// U+E0020–U+E007E mirror ASCII 0x20–0x7E. Variation selectors are decoded
// as one byte each, the scheme of "emoji smuggling": U+FE00–U+FE0F are
// bytes 0–15, U+E0100–U+E01EF bytes 16–255; the bytes count only when
// they spell printable UTF-8.
func hiddenText(runes []rune) string {
	var tags strings.Builder
	var vs []byte
	for _, r := range runes {
		switch {
		case 0xE0020 <= r && r <= 0xE007E:
			tags.WriteByte(byte(r - 0xE0000))
		case 0xFE00 <= r && r <= 0xFE0F:
			vs = append(vs, byte(r-0xFE00))
		case 0xE0100 <= r && r <= 0xE01EF:
			vs = append(vs, byte(r-0xE0100+16))
		}
	}
	if strings.TrimSpace(tags.String()) != "" {
		return tags.String()
	}
	if len(vs) < 2 || !utf8.Valid(vs) {
		return ""
	}
	text := string(vs)
	for _, r := range text {
		if !unicode.IsPrint(r) || isHidden(r) {
			return ""
		}
	}
	return text
}

// hiddenWhy says why a run matters, for its most dangerous character.
func hiddenWhy(runes []rune) string {
	has := func(pred func(rune) bool) bool { return strings.ContainsFunc(string(runes), pred) }
	switch {
	case has(isTag):
		return "tag characters display as nothing, but the agent reads them as text; this is how instructions are smuggled into memory"
	case has(isBidiControl):
		return "bidirectional controls reorder how the text after them is displayed, so what you see is not what the agent reads (Trojan Source)"
	case hiddenText(runes) != "":
		return "variation selectors display as nothing, and a string of them can encode any text for the agent to read"
	case has(isHangulFiller):
		return "a Hangul filler displays as a blank, so it passes for a space or an empty name, but the agent reads a character"
	case has(isDirectionMark):
		return "direction marks change how neighbouring text is displayed and do nothing useful on a line with no right-to-left script"
	}
	return "invisible characters display as nothing, but the agent reads them; they can hide data, or split words so that what you review is not what the agent reads"
}
