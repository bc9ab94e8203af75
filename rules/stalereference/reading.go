package stalereference

import (
	"bytes"
	"path"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// reading is what the text around a path says of it.
type reading int

const (
	// claim: the memory says the path is there (the rule's finding when
	// it is not).
	claim reading = iota
	// history: the text records the past (a log, a past event), which a
	// later change to the repository does not make wrong; its missing
	// paths are counted in one summary of the file.
	history
	// known: the text already says the path is gone, moved, planned,
	// ignored, an example or another repository's; nothing to report.
	known
)

// phrase is an entry of a word table, ready to match (matchPhrase).
type phrase struct {
	text     string
	stem     bool // ends in "*": no boundary after it
	anywhere bool // in a script without spaces: no boundary at all
	class    uint8
}

// phrases is word tables compiled once into an index, so that a text is
// matched against all of them in one pass over its words rather than one
// search per entry: entries by their first word (byWord), stems of one
// word by their first four bytes (stems), entries of scripts without
// spaces by their first character (byRune), and the few that start with
// punctuation or are shorter (other). Each entry carries the class of its
// table, a bit: find reports which classes a text holds.
type phrases struct {
	byWord map[string][]phrase
	stems  map[string][]phrase
	byRune map[rune][]phrase
	other  []phrase
}

// stemKey is how many bytes of a stem index it.
const stemKey = 4

// compile compiles word lists of one class.
func compile(lists ...[]string) *phrases { return compileClasses(map[uint8][][]string{1: lists}) }

// compileClasses compiles word lists by class (a bit each).
func compileClasses(classes map[uint8][][]string) *phrases {
	ps := &phrases{byWord: map[string][]phrase{}, stems: map[string][]phrase{}, byRune: map[rune][]phrase{}}
	for class, lists := range classes {
		for _, list := range lists {
			for _, w := range list {
				ps.add(w, class)
			}
		}
	}
	return ps
}

func (ps *phrases) add(w string, class uint8) {
	p := phrase{text: strings.ToLower(w), class: class}
	if s, ok := strings.CutSuffix(p.text, "*"); ok {
		p.text, p.stem = s, true
	}
	r, _ := utf8.DecodeRuneInString(p.text)
	p.anywhere = unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
	first := leadingWord(p.text)
	switch {
	case p.anywhere:
		ps.byRune[r] = append(ps.byRune[r], p)
	case p.stem && first == p.text && len(first) >= stemKey:
		ps.stems[first[:stemKey]] = append(ps.stems[first[:stemKey]], p)
	case first == "" || p.stem && first == p.text:
		ps.other = append(ps.other, p)
	default:
		ps.byWord[first] = append(ps.byWord[first], p)
	}
}

// leadingWord is the run of word characters s starts with.
func leadingWord(s string) string {
	for i, r := range s {
		if !isWordRune(r) {
			return s[:i]
		}
	}
	return s
}

// in reports whether any phrase occurs in lower, a lowercased text.
func (ps *phrases) in(lower string) bool { return ps.find(lower, ^uint8(0)) != 0 }

// find returns the classes of the phrases that occur in lower, a
// lowercased text, with the boundaries they ask for (matchPhrase): one
// pass over its words, and one over its characters when it holds any
// beyond ASCII. It stops once it has found a class of enough.
func (ps *phrases) find(lower string, enough uint8) uint8 {
	var found uint8
	for _, p := range ps.other {
		if found&p.class == 0 && matchPhrase(lower, p) {
			if found |= p.class; found&enough != 0 {
				return found
			}
		}
	}
	ascii := true
	for i := 0; i < len(lower); {
		r, n := utf8.DecodeRuneInString(lower[i:])
		if r >= utf8.RuneSelf {
			ascii = false
		}
		if !isWordRune(r) {
			i += n
			continue
		}
		// A word starts at i.
		word := leadingWord(lower[i:])
		for _, p := range ps.byWord[word] {
			if strings.HasPrefix(lower[i:], p.text) && (p.stem || !wordRuneAt(lower, i+len(p.text))) {
				found |= p.class
			}
		}
		if len(word) >= stemKey {
			for _, p := range ps.stems[word[:stemKey]] {
				if strings.HasPrefix(word, p.text) {
					found |= p.class
				}
			}
		}
		if found&enough != 0 {
			return found
		}
		i += len(word)
	}
	if ascii {
		return found
	}
	for i, r := range lower {
		for _, p := range ps.byRune[r] {
			if strings.HasPrefix(lower[i:], p.text) {
				if found |= p.class; found&enough != 0 {
					return found
				}
			}
		}
	}
	return found
}

// The classes of the words a sentence is read for (sentencePhrases).
const (
	knownClass uint8 = 1 << iota
	pastClass
	fileListClass
)

var (
	sentencePhrases = compileClasses(map[uint8][][]string{knownClass: knownWords, pastClass: pastWords, fileListClass: {fileListLabels}})
	gitPhrases      = compile(gitWords)
	rangePhrases    = compile(rangeWords)
	logHeadings     = compile(logHeadingWords)
	fileListPhrases = compile(fileListLabels)
	resolvedPhrases = compile(resolvedWords)
	elsewhereHeads  = compile(elsewhereHeadingWords)
	// resolvedMarkPhrases are resolvedMarks, matched as written.
	resolvedMarkPhrases = func() (out []phrase) {
		for _, m := range resolvedMarks {
			r, _ := utf8.DecodeRuneInString(m)
			out = append(out, phrase{text: m, anywhere: !isWordRune(r)})
		}
		return out
	}()
)

// matchPhrase reports whether p occurs in lower with the boundaries it
// asks for: a letter or digit may not touch a word on either side, nor a
// stem on its left.
func matchPhrase(lower string, p phrase) bool {
	for from := 0; from < len(lower); {
		i := strings.Index(lower[from:], p.text)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(p.text)
		if p.anywhere || (!wordRuneBefore(lower, i) && (p.stem || !wordRuneAt(lower, end))) {
			return true
		}
		from = i + 1
	}
	return false
}

func wordRuneBefore(s string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return i > 0 && isWordRune(r)
}

func wordRuneAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return i < len(s) && isWordRune(r)
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }

// maxSentence bounds how far the sentence around a path is looked for on
// either side: a paragraph without a full stop is not read whole.
const maxSentence = 2000

// sentenceAt returns the bounds of the sentence holding src[off], within
// src[lo:hi] (its block): from the end of the previous sentence, or a line
// that starts a block of its own (a list item, a table row), to the end
// of its own. A sentence wrapped over lines is read whole.
func sentenceAt(src []byte, lo, hi, off int) (start, end int) {
	lo, hi = max(lo, off-maxSentence), min(hi, off+maxSentence)
	start = off
	for start > lo {
		if src[start-1] == '\n' && lineStartsBlock(src, start) {
			break
		}
		if sentenceEndBefore(src, start) > 0 {
			break
		}
		start--
	}
	end = off
	for end < hi {
		if src[end] == '\n' && end+1 < len(src) && lineStartsBlock(src, end+1) {
			break
		}
		end++
		if sentenceEndBefore(src, end) > 0 {
			break
		}
	}
	return start, end
}

// lineStartsBlock reports whether the line starting at src[i] starts a
// block of its own: it is blank, a heading, a list item, a quote or a
// table row, so the sentence before it has ended.
func lineStartsBlock(src []byte, i int) bool {
	j := i
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if j >= len(src) || src[j] == '\n' || src[j] == '\r' {
		return true
	}
	switch src[j] {
	case '#', '>', '|', '-', '*', '+':
		return j+1 >= len(src) || src[j+1] == ' ' || src[j] == '#' || src[j] == '|'
	}
	k := j
	for k < len(src) && src[k] >= '0' && src[k] <= '9' {
		k++
	}
	return k > j && k+1 < len(src) && (src[k] == '.' || src[k] == ')') && src[k+1] == ' '
}

// sentenceEndBefore reports (as the length of the mark, 0 for none)
// whether the text just before src[i] ends a sentence: ". ", "! ", "? "
// or a full-width mark. A dot after an abbreviation ("e.g. ", "z.B. ")
// or a single letter does not.
func sentenceEndBefore(src []byte, i int) int {
	if i <= 0 {
		return 0
	}
	r, n := utf8.DecodeLastRune(src[:i])
	switch r {
	case '。', '！', '？', '；':
		return n
	case ' ', '\n', '\t':
		if i < 2 {
			return 0
		}
		mark := src[i-2]
		if mark != '.' && mark != '!' && mark != '?' {
			return 0
		}
		if mark == '.' && abbreviation(src, i-2) {
			return 0
		}
		return 2
	}
	return 0
}

// abbreviation reports whether the dot at src[dot] closes an
// abbreviation: the word before it holds a dot itself (e.g., z.B.) or is
// one letter.
func abbreviation(src []byte, dot int) bool {
	j := dot
	for j > 0 && src[j-1] != ' ' && src[j-1] != '\n' && src[j-1] != '(' {
		j--
	}
	word := src[j:dot]
	return len(word) <= 1 || strings.Contains(string(word), ".")
}

// readSentence says what the sentence src[start:end] says of the paths
// it names.
func readSentence(s string) reading {
	// An HTML comment's closing "-->" is no arrow.
	s = strings.ReplaceAll(s, "-->", "")
	for _, m := range historyMarks {
		if strings.Contains(s, m) {
			return known
		}
	}
	prose := withoutCode(s)
	lower := strings.ToLower(prose)
	lead, checkbox := leadText(lower)
	found := sentencePhrases.find(lower, knownClass)
	switch {
	case checkbox == ' ':
		return known // an unchecked item: a plan
	case found&knownClass != 0, otherRepo(prose):
		return known
	case checkbox == 'x':
		return history // done
	case found != 0:
		return history // a past form, or a list of files a past step went through
	}
	if date, rest := leadingDate(lead); date {
		return history // a dated entry
	} else if pastLeadVerbs[firstWord(rest)] {
		return history
	}
	return claim
}

// otherRepo reports whether a sentence names another repository: a
// name before a repository noun that reads as a name — capitalised (not
// as the sentence's first word), or holding a digit, "-", "_" or "."
// ("the Beacon repo", "the infra-live repository", "(dotfiles-v2 repo)") —
// and is not this one ("this repo", "the GitHub repository", "the full
// repo").
func otherRepo(sentence string) bool {
	lower := strings.ToLower(sentence)
	if !strings.Contains(lower, "repo") && !strings.Contains(lower, "dépôt") && !strings.Contains(lower, "kho") {
		return false
	}
	// Words between spaces, their punctuation trimmed; a path's segments
	// are no words.
	var words []string
	for _, w := range strings.Fields(sentence) {
		if !strings.Contains(w, "/") {
			w = strings.TrimSuffix(strings.TrimRight(w, ".,:;!?)]`"), "'s")
			words = append(words, strings.TrimFunc(w, func(r rune) bool { return !isWordRune(r) && r != '-' && r != '.' }))
		}
	}
	for i, w := range words {
		if i == 0 || !repoNouns[strings.ToLower(w)] {
			continue
		}
		name := words[i-1]
		lowerName := strings.ToLower(name)
		if name == "" || ownRepoWords[lowerName] || repoNouns[lowerName] || (i >= 2 && thisRepoWords[strings.ToLower(words[i-2])]) {
			continue
		}
		r, _ := utf8.DecodeRuneInString(name)
		if (unicode.IsUpper(r) && i-1 > 0) || strings.ContainsAny(name, "-_.0123456789") {
			return true
		}
	}
	return false
}

// leadText strips what opens a line before its words: list markers,
// quote marks, heading marks, emphasis; checkbox is ' ' or 'x' for a task
// item, 0 otherwise.
func leadText(s string) (rest string, checkbox byte) {
	s = strings.TrimLeft(s, " \t\n")
	for {
		t := strings.TrimLeft(s, "#>-*+ \t")
		if t == s {
			break
		}
		s = t
	}
	// An ordered list's number.
	if i := strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }); i > 0 && (s[i] == '.' || s[i] == ')') {
		s = strings.TrimLeft(s[i+1:], " \t")
	}
	if len(s) >= 3 && s[0] == '[' && s[2] == ']' && (s[1] == ' ' || s[1] == 'x') {
		checkbox, s = s[1], strings.TrimLeft(s[3:], " \t")
	}
	return strings.TrimLeft(s, "*_`[( \t"), checkbox
}

// leadingDate reports whether s starts with a date (2026-04-08,
// 2026/04/08, 2026.04.08), and returns what follows it and its
// punctuation.
func leadingDate(s string) (bool, string) {
	if len(s) < 10 || !isDate(s[:10]) {
		return false, s
	}
	return true, strings.TrimLeft(s[10:], " \t:—–-)]*_,|")
}

// isDate reports whether s (10 bytes) is a date: four digits, a
// separator, two digits, the same separator, two digits.
func isDate(s string) bool {
	if len(s) != 10 || (s[4] != '-' && s[4] != '/' && s[4] != '.') || s[7] != s[4] {
		return false
	}
	for _, i := range []int{0, 1, 2, 3, 5, 6, 8, 9} {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s[0] == '1' || s[0] == '2'
}

// hasDate reports whether s holds a date (isDate, or eight digits in a
// row such as 20260408).
func hasDate(s string) bool { return datesIn(s, 1) }

// datesIn reports whether s holds at least n dates.
func datesIn(s string, n int) bool {
	found := 0
	for i := 0; i+8 <= len(s); i++ {
		if s[i] != '1' && s[i] != '2' {
			continue
		}
		if i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
			continue
		}
		if i+10 <= len(s) && isDate(s[i:i+10]) {
			found++
			i += 9
		} else if allDigits(s[i:i+8]) && (i+8 == len(s) || s[i+8] < '0' || s[i+8] > '9') && (s[i+4] == '0' || s[i+4] == '1') {
			found++
			i += 7
		}
		if found >= n {
			return true
		}
	}
	return false
}

func firstWord(s string) string {
	end := strings.IndexFunc(s, func(r rune) bool { return !isWordRune(r) && r != '-' })
	if end < 0 {
		return s
	}
	return s[:end]
}

// logReason says why a whole file is history.
type logReason int

const (
	notLog        logReason = iota
	logByName               // logs/, a log's name or folder (logName), or a log's shape (loggedShape)
	logOfSubagent           // a subagent's memory, whose notes record what it reviewed
	logResolved             // marked at its head as over (resolvedHead)
)

// logFile says whether, and why, f reads as a record of the past, whose
// every path is history.
func logFile(f *memory.File, kind memory.DirKind) logReason {
	switch {
	case kind == memory.DirSubagent:
		return logOfSubagent
	case f.Kind == memory.KindLog || logName(f.Rel) || loggedShape(f):
		return logByName
	case resolvedHead(f):
		return logResolved
	}
	return notLog
}

// resolvedHead reports whether the head of f, its description or its
// first block, marks it as over: "Status: fixed and approved.",
// "✅ 已解决", "RESOLVED in gui/server.py".
func resolvedHead(f *memory.File) bool {
	head := f.FieldValue("description")
	if md := f.Body(); md != nil && len(md.Blocks) > 0 {
		b := md.Blocks[0]
		head += "\n" + string(f.Src[b.Start:min(b.End, b.Start+400)])
	}
	for _, m := range resolvedMarkPhrases {
		if matchPhrase(head, m) {
			return true
		}
	}
	return resolvedPhrases.in(strings.ToLower(head))
}

// logName reports whether a memory's path (relative to its dir) names a
// log: a date in its name, a log word in it (logNameWords), a name
// starting as logs do (logNamePrefixes), or a folder of logs.
func logName(rel string) bool {
	dir, base := path.Split(rel)
	stem := strings.ToLower(strings.TrimSuffix(base, path.Ext(base)))
	if hasDate(stem) {
		return true
	}
	for _, w := range nameWords(strings.TrimSuffix(base, path.Ext(base))) {
		if logNameWords[w] {
			return true
		}
	}
	for _, p := range logNamePrefixes {
		if strings.HasPrefix(stem, p) {
			return true
		}
	}
	for _, w := range nameWords(dir) {
		if logFolders[w] {
			return true
		}
	}
	return false
}

// nameWords splits a file path into lowercase words at separators and
// where a lowercase letter meets a capital (sessionLog → session, log).
func nameWords(name string) []string {
	var words []string
	var b strings.Builder
	prevLower := false
	flush := func() {
		if b.Len() > 0 {
			words = append(words, b.String())
			b.Reset()
		}
	}
	for _, r := range name {
		switch {
		case r == '/' || r == '-' || r == '_' || r == '.' || r == ' ' || unicode.IsDigit(r):
			flush()
			prevLower = false
			continue
		case unicode.IsUpper(r) && prevLower:
			flush()
		}
		prevLower = unicode.IsLower(r)
		b.WriteRune(unicode.ToLower(r))
	}
	flush()
	return words
}

// loggedShape reports whether f's body is mostly dated entries: three or
// more paragraphs, items or headings that start with a date, or dated
// headings making half of them (at least two).
func loggedShape(f *memory.File) bool {
	md := f.Body()
	if md == nil {
		return false
	}
	dated, headings, datedHeadings := 0, 0, 0
	for _, b := range md.Blocks {
		if b.Kind != markdown.BlockParagraph && b.Kind != markdown.BlockHeading {
			continue
		}
		lead, _ := leadText(string(f.Src[b.Start:min(b.End, b.Start+64)]))
		isDated, _ := leadingDate(lead)
		if b.Kind == markdown.BlockHeading {
			headings++
			if isDated {
				datedHeadings++
			}
		}
		if isDated {
			dated++
		}
	}
	return dated >= 3 || (datedHeadings >= 2 && 2*datedHeadings >= headings)
}

// headingDated reports whether a heading's text starts with a date, as a
// log's entries do ("## 2026-04-08 — auth"); a date later in a heading
// ("Sprint 3 (started 2026-04-01)") dates its topic, not an entry.
func headingDated(text string) bool {
	lead, _ := leadText(text)
	dated, _ := leadingDate(lead)
	return dated
}

// maxLabel bounds how much of a block's first line is read for a label
// of a list of files.
const maxLabel = 120

// historySections returns what the sections of f are, by line (index 0
// unused): history for the lines a log heading or a list of files a past
// step went through ("Files reviewed:") covers, known for those under a
// heading that says they are another project's ("Reference project
// layout"), claim elsewhere. Linear in the blocks and lines: the sections
// are painted as runs of lines, counted in difference arrays.
func historySections(f *memory.File) []reading {
	md := f.Body()
	if md == nil {
		return nil
	}
	last := f.Lines.Lines()
	var diff [known + 1][]int // per reading, +1 where a run starts, -1 after it ends
	paint := func(from, to int, r reading) {
		if from < 1 || to < from {
			return
		}
		if diff[r] == nil {
			diff[r] = make([]int, last+2)
		}
		diff[r][from]++
		diff[r][min(to, last)+1]--
	}
	// listRunEnd[i] is the last line of the list items right after block
	// i (each within two lines of the one before), or block i's own last
	// line: what a label leading block i covers.
	blocks := md.Blocks
	listRunEnd := make([]int, len(blocks))
	for i := len(blocks) - 1; i >= 0; i-- {
		listRunEnd[i] = blocks[i].EndLine
		if i+1 < len(blocks) && blocks[i+1].Container == markdown.InListItem && blocks[i+1].StartLine <= blocks[i].EndLine+2 {
			listRunEnd[i] = max(listRunEnd[i], listRunEnd[i+1])
		}
	}
	// open holds the log and elsewhere headings whose sections have not
	// ended: a heading ends the sections of those of its level or deeper.
	type openHeading struct {
		level, start int
		r            reading
	}
	var open []openHeading
	for i, b := range blocks {
		switch b.Kind {
		case markdown.BlockHeading:
			for len(open) > 0 && open[len(open)-1].level >= b.Level {
				h := open[len(open)-1]
				paint(h.start, b.StartLine-1, h.r)
				open = open[:len(open)-1]
			}
			text := strings.ToLower(string(f.Src[b.Start:b.End]))
			switch {
			case elsewhereHeads.in(text):
				open = append(open, openHeading{b.Level, b.StartLine, known})
			case logHeadings.in(text) || headingDated(text):
				open = append(open, openHeading{b.Level, b.StartLine, history})
			default:
				// A plain heading still ends the sections above it of
				// its level: keep it open as a claim.
				open = append(open, openHeading{b.Level, b.StartLine, claim})
			}
		case markdown.BlockParagraph:
			// A label leads its block and ends in a colon.
			first := f.Src[b.Start:min(b.End, b.Start+maxLabel)]
			if j := bytes.IndexByte(first, '\n'); j >= 0 {
				first = first[:j]
			}
			if (bytes.ContainsRune(first, ':') || bytes.ContainsRune(first, '：')) && fileListPhrases.in(strings.ToLower(string(first))) {
				paint(b.StartLine, listRunEnd[i], history)
			}
		}
	}
	for _, h := range open {
		paint(h.start, last, h.r)
	}
	if diff[history] == nil && diff[known] == nil {
		return nil
	}
	out := make([]reading, last+1)
	var runs [known + 1]int
	for l := 1; l <= last; l++ {
		for _, r := range []reading{history, known} {
			if diff[r] != nil {
				runs[r] += diff[r][l]
			}
		}
		switch {
		case runs[known] > 0:
			out[l] = known
		case runs[history] > 0:
			out[l] = history
		}
	}
	return out
}

// textReader says what the text of one file says of the paths it names,
// reading each sentence once and only when a path in it is missing.
type textReader struct {
	f    *memory.File
	kind memory.DirKind
	// log says whether, and why, the whole file is a record of the past
	// (logFile); sections are the lines a log heading or a list of files
	// a past step went through makes history (historySections). Both are
	// read on the first question: most files name no missing path.
	log       logReason
	sections  []reading
	wholeRead bool
	// The sentence read last: the paths of a sentence are its tokens in
	// a row.
	start, end int
	read       reading
	cached     bool
}

func newTextReader(f *memory.File, kind memory.DirKind) *textReader {
	return &textReader{f: f, kind: kind}
}

// readWhole reads what the whole file says (log, sections), once.
func (t *textReader) readWhole() {
	if !t.wholeRead {
		t.wholeRead = true
		t.log, t.sections = logFile(t.f, t.kind), historySections(t.f)
	}
}

// atOffset says what the text around src[off] says: known, history (the
// file is a log, the line is in a history section, or the sentence
// records a past event) or a claim.
func (t *textReader) atOffset(off int) reading {
	r := t.sentence(off)
	if r == known {
		return known
	}
	t.readWhole()
	section := claim
	if l := t.f.Lines.LineOf(off); l < len(t.sections) {
		section = t.sections[l]
	}
	switch {
	case section == known:
		return known
	case t.log != notLog || section == history:
		return history
	}
	return r
}

// at says what the text says of the path m: atOffset, and what the words
// right around the path say (an example after "like", one name of a dated
// series, a branch).
func (t *textReader) at(m mention) reading {
	r := t.atOffset(m.start)
	if r == known {
		return known
	}
	src := t.f.Src
	if exampleLeads[wordBefore(src, m.start)] {
		return known
	}
	_, end := t.bounds(m.start)
	if hasDate(m.segs[len(m.segs)-1]) && seriesAfter(strings.ToLower(string(src[m.end:max(end, m.end)]))) {
		return known
	}
	if len(m.segs) == 2 && path.Ext(m.path) == "" && branchPrefixes[strings.ToLower(m.segs[0])] {
		start, end := t.bounds(m.start)
		if gitPhrases.in(strings.ToLower(string(src[start:end]))) {
			return known
		}
	}
	return r
}

// sentence reads the sentence holding src[off], once per sentence.
func (t *textReader) sentence(off int) reading {
	if t.cached && off >= t.start && off < t.end {
		return t.read
	}
	lo, hi := t.block(off)
	t.start, t.end = sentenceAt(t.f.Src, lo, hi, off)
	t.read, t.cached = readSentence(withoutComments(string(t.f.Src[t.start:t.end]))), true
	return t.read
}

// withoutCode blanks what in s is code or a path rather than the
// memory's words: the inside of code spans, and tokens holding a slash.
// `agents/create/handler.py` says nothing about creating, and
// `.todos/DONE/x.md` nothing about a plan.
func withoutCode(s string) string {
	b := []byte(s)
	inSpan := false
	tokenStart := 0
	for i := 0; i <= len(b); i++ {
		if i == len(b) || b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r' {
			if tok := b[tokenStart:i]; bytes.IndexByte(tok, '/') >= 0 && bytes.ContainsFunc(tok, unicode.IsLetter) {
				blank(tok) // a path; a date (2026/03/01) or a fraction stays
			}
			tokenStart = i + 1
			continue
		}
		if b[i] == '`' {
			inSpan = !inSpan
			continue
		}
		if inSpan {
			b[i] = ' '
		}
	}
	return string(b)
}

// blank turns every byte of b but backticks into a space.
func blank(b []byte) {
	for i := range b {
		if b[i] != '`' {
			b[i] = ' '
		}
	}
}

// withoutComments drops the HTML comments of s: notes to the reader of
// the file, not words of the memory.
func withoutComments(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "<!--")
		if i < 0 {
			break
		}
		j := strings.Index(s[i+4:], "-->")
		if j < 0 {
			break
		}
		b.WriteString(s[:i])
		s = s[i+4+j+3:]
	}
	if b.Len() == 0 {
		return s
	}
	b.WriteString(s)
	return b.String()
}

// block returns the bounds of the Markdown block holding src[off]; its
// line when no block does.
func (t *textReader) block(off int) (int, int) {
	if md := t.f.Body(); md != nil {
		blocks := md.Blocks
		i := sort.Search(len(blocks), func(i int) bool { return blocks[i].Start > off }) - 1
		if i >= 0 && off < blocks[i].End {
			return blocks[i].Start, blocks[i].End
		}
	}
	l := t.f.Lines.LineOf(off)
	return t.f.Lines.LineStart(l), t.f.Lines.LineEnd(l)
}

// bounds returns the bounds of the sentence holding src[off].
func (t *textReader) bounds(off int) (int, int) {
	t.sentence(off)
	return t.start, t.end
}

// wordBefore returns the lowercased word before src[off], skipping the
// quotes, backticks and spaces between.
func wordBefore(src []byte, off int) string {
	i := off
	for i > 0 && strings.IndexByte(" \t`\"'(*_", src[i-1]) >= 0 {
		i--
	}
	end := i
	for i > 0 {
		r, n := utf8.DecodeLastRune(src[:i])
		if !isWordRune(r) {
			break
		}
		i -= n
	}
	return strings.ToLower(string(src[i:end]))
}

// seriesAfter reports whether the text after a dated name goes on to
// another date through a range word ("through 2026-04-14", "至
// 2026-04-14"): the name is one of a series.
func seriesAfter(after string) bool {
	i := firstDate(after)
	return i > 0 && rangePhrases.in(after[:i])
}

// firstDate returns the offset of the first date in s (isDate), or -1.
func firstDate(s string) int {
	for i := 0; i+10 <= len(s); i++ {
		if (i == 0 || s[i-1] < '0' || s[i-1] > '9') && isDate(s[i:i+10]) {
			return i
		}
	}
	return -1
}
