package session

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

//go:embed ephemeral-content.md
var ephemeralDoc string

// EphemeralContent reports memories that record one conversation rather
// than what a later one needs: task checklists, session diaries and lists
// of PR or issue numbers.
var EphemeralContent = &lint.Rule{
	ID:       "ephemeral-content",
	Stage:    lint.Preview,
	Severity: lint.Warning, // warning in project memories, info in the others (runEphemeral)
	Summary:  "a task checklist, session diary or list of PR numbers: what only mattered to one conversation",
	Doc:      ephemeralDoc,
	Options:  lint.OptionsOf(ephemeralOptions{Checklist: 3}),
	// Daily logs are session records by design, and a subagent's notes
	// are its own to keep: only auto and team memory.
	Kinds: []memory.DirKind{memory.DirAuto, memory.DirTeam},
	Run:   runEphemeral,
}

// ephemeralOptions are ephemeral-content's options.
type ephemeralOptions struct {
	Checklist int `option:"checklist" doc:"fewest task-list items (- [ ] / - [x]) a memory may hold before it is reported"`
}

// diaryMinMarks is how many diary marks a memory needs: one "this
// session" in a plan is where a finding came from; two read as a
// session's record.
const diaryMinMarks = 2

// sessionTitle matches a title that names a session: "Session 12",
// "Session 2026-03-15", "2026-03-04 session", "session_3".
var sessionTitle = lazyre.New(`(?i)\bsession[\s_#-]*(?:\d{1,4}|(?:19|20)\d\d-\d\d-\d\d)\b|\b(?:19|20)\d\d-\d\d-\d\d\s+session\b|세션\s*\d{1,4}\b`)

// refPattern matches a PR, issue or merge-request reference.
var refPattern = lazyre.New(`(?i)\b(?:PR|MR|issue|pull)\s*#?\d{1,6}\b|(?:^|[\s(\[,;:/])[#!]\d{1,6}\b|/(?:pull|issues|merge_requests)/\d{1,6}\b`)

// mayHoldRef is the cheap test that spares refPattern an item with no
// number after "#", "!" or one of refWords: most list items.
func mayHoldRef(text []byte) bool {
	for i := 1; i < len(text); i++ {
		if !isDigit(text[i]) || isDigit(text[i-1]) {
			continue
		}
		if text[i-1] == '#' || text[i-1] == '!' {
			return true
		}
		j := i
		for j > 0 && (text[j-1] == ' ' || text[j-1] == '#' || text[j-1] == '/') {
			j--
		}
		// The word before: only as far back as the longest of refWords
		// and a byte more, so that a long run of letters and digits is
		// not read back to its start for each of its numbers.
		k := j
		for k > 0 && j-k <= maxRefWordLen && isWordByte(text[k-1]) {
			k--
		}
		if j-k <= maxRefWordLen && refWords[strings.ToLower(string(text[k:j]))] {
			return true
		}
	}
	return false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// maxRefWordLen is the length of the longest of refWords.
var maxRefWordLen = func() int {
	n := 0
	for w := range refWords {
		n = max(n, len(w))
	}
	return n
}()

// htmlComment matches an HTML comment, which a reader does not see.
var htmlComment = lazyre.New(`(?s)<!--.*?-->`)

// refMaxWords is how many words besides its references a list item of
// references may have: more, and it says what the change taught.
const refMaxWords = 8

func runEphemeral(pass *lint.Pass) {
	for _, f := range pass.Dir.Topics {
		if !pass.Focused(f) {
			continue
		}
		sev := lint.Info
		if f.MemoryType() == "project" {
			sev = lint.Warning
		}
		if !pass.Keeps(f, sev) {
			continue
		}
		md := f.Body()
		if md == nil {
			continue
		}
		msg, at := ephemeralKind(f, md, lint.OptionsFor[ephemeralOptions](pass, f).Checklist)
		if msg == "" {
			continue
		}
		suggestion := "keep what a later conversation needs to know (the lesson, the decision, why it holds) and delete the rest: tasks belong in the task list, history in git"
		if at.End > at.Start {
			pass.ReportSpanSeverity(f, at, sev, msg, suggestion)
		} else {
			pass.Report(lint.Diagnostic{Severity: sev, Path: f.Path, Message: msg, Suggestion: suggestion})
		}
	}
}

// ephemeralKind says, as the finding's message, what makes f a record of
// one conversation, and where; "" when nothing does.
func ephemeralKind(f *memory.File, md *markdown.Markdown, checklist int) (string, markdown.Span) {
	// A memory that calls itself a standing document (lessons, a
	// playbook, a roadmap) keeps its lists on purpose, across
	// conversations: a follow-up list or a backlog there is no sign of a
	// record of one. Most memories hold no list and are never asked.
	if c := taskChecklist(f, md); checklist > 0 && c.items >= checklist && !standingDocument(f, md) {
		return fmt.Sprintf("this memory keeps a task checklist (%d items, %d done): the state of a piece of work, which goes stale as the work moves on yet is reloaded into every later conversation", c.items, c.done), c.first
	}
	// A feedback memory is a lesson by its type: its Why names the
	// session it came from ("so the next session knows").
	if d := diaryMarks(f, md); d.count() >= diaryMinMarks && f.MemoryType() != "feedback" {
		return fmt.Sprintf("this memory reads as a session diary (%s): what one conversation did, which every later conversation reloads", d), d.first
	}
	if n, at := refList(f, md); n > 0 && !standingDocument(f, md) {
		return fmt.Sprintf("this memory lists %d PR or issue numbers with little else: history, which git and the issue tracker keep", n), at
	}
	return "", markdown.Span{}
}

// checklist is what a memory's task lists hold, procedures left out.
type checklist struct {
	items, done int
	first       markdown.Span // the first counted item's box
}

// taskChecklist counts the list items that are GFM task items, "- [ ] …"
// or "- [x] …", of the lists that are not procedures. A list none of whose
// boxes is ticked is a procedure in a feedback memory, whose lesson it is
// in the form of steps, and wherever its heading or the paragraph that
// leads into it frames it as steps for recurring or future work ("Before
// each release:", "Ao adicionar um canal novo:"): the steps are the lesson.
func taskChecklist(f *memory.File, md *markdown.Markdown) checklist {
	var out, cur checklist
	heading, leadIn := -1, -1 // blocks framing the current list
	inList := false
	flush := func() {
		if inList && cur.items > 0 && !(cur.done == 0 && procedure(f, md, heading, leadIn)) {
			if out.items == 0 {
				out.first = cur.first
			}
			out.items += cur.items
			out.done += cur.done
		}
		cur, inList = checklist{}, false
	}
	for i, b := range md.Blocks {
		if b.Container == markdown.InDocument {
			flush()
			switch {
			case b.Kind == markdown.BlockHeading:
				heading, leadIn = i, -1
			case b.Kind == markdown.BlockParagraph:
				leadIn = i
			default:
				leadIn = -1
			}
			continue
		}
		inList = true
		if b.Item < 0 {
			continue
		}
		it := md.Items[b.Item]
		text := f.Src[it.Start:it.End]
		if len(text) < 3 || text[0] != '[' || text[2] != ']' || (text[1] != ' ' && text[1] != 'x' && text[1] != 'X') {
			continue
		}
		if cur.items == 0 {
			cur.first = markdown.Span{Start: it.Start, End: it.Start + 3}
		}
		cur.items++
		if text[1] != ' ' {
			cur.done++
		}
	}
	flush()
	return out
}

// procedure reports whether an unticked list framed by the heading and
// lead-in blocks (indexes into md.Blocks, -1 for none) is a procedure.
func procedure(f *memory.File, md *markdown.Markdown, heading, leadIn int) bool {
	if f.MemoryType() == "feedback" {
		return true
	}
	// The heading's start and the lead-in's end, next to the list, frame
	// it; a bound on each keeps a heading that frames many lists cheap.
	var frame []byte
	if heading >= 0 {
		b := md.Blocks[heading]
		frame = append(frame, f.Src[b.Start:min(b.End, b.Start+maxFrame)]...)
	}
	if leadIn >= 0 {
		b := md.Blocks[leadIn]
		frame = append(append(frame, '\n'), f.Src[max(b.Start, b.End-maxFrame):b.End]...)
	}
	return containsAny(bytes.ToLower(frame), procedurePhrases)
}

// maxFrame bounds the bytes of a heading and of a lead-in read as a
// list's frame.
const maxFrame = 300

// standingDocument reports whether f calls itself a standing document in
// its name, description, file name or first level-1 heading.
func standingDocument(f *memory.File, md *markdown.Markdown) bool {
	self := []byte(strings.Join([]string{f.FieldValue("name"), f.FieldValue("description"), f.Stem()}, "\n"))
	for _, b := range md.Blocks {
		if b.Kind == markdown.BlockHeading && b.Level == 1 {
			self = append(append(self, '\n'), f.Src[b.Start:min(b.End, b.Start+maxFrame)]...)
			break
		}
	}
	return containsAny(bytes.ToLower(self), standingWords)
}

// containsAny reports whether text holds one of words.
func containsAny(text []byte, words []string) bool {
	for _, w := range words {
		if bytes.Contains(text, []byte(w)) {
			return true
		}
	}
	return false
}

// diary is what marks a memory as a session diary.
type diary struct {
	titled  bool     // its name, file name or a heading names a session
	phrases []string // the diary phrases it uses, each once, in order
	first   markdown.Span
}

// count is the number of marks: a title counts once, and each phrase.
func (d diary) count() int {
	if len(d.phrases) == 0 {
		return 0 // the phrases are the content: titles alone are no diary
	}
	if d.titled {
		return len(d.phrases) + 1
	}
	return len(d.phrases)
}

// String names the marks for the finding's message.
func (d diary) String() string {
	var b strings.Builder
	if d.titled {
		b.WriteString("a title naming a session")
	}
	for _, p := range d.phrases {
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", p)
	}
	return b.String()
}

// diaryMarks finds the marks of a session diary: a title (name or file
// name) or headings naming a session, and each diary phrase in the prose
// outside quotes however often it is used. The phrases are the content: a
// memory whose only marks are titles (decisions of session 1, with their
// why) is kept quiet. first is the first mark in the body.
func diaryMarks(f *memory.File, md *markdown.Markdown) diary {
	hits := phraseHits(f.Src[md.Start:])
	if len(hits) == 0 {
		return diary{} // no phrase, and a diary needs one
	}
	// Lowering ASCII keeps offsets: the body is lowered once, and a block
	// is a slice of it. Most memories hold no phrase and are never
	// lowered.
	body := lowerASCII(f.Src[md.Start:])
	d := diary{titled: sessionTitle.MatchString(f.FieldValue("name")) || sessionTitle.MatchString(f.Stem())}
	mark := func(s markdown.Span) {
		if d.first.End == 0 || s.Start < d.first.Start {
			d.first = s
		}
	}
	for _, b := range md.Blocks {
		if b.Kind == markdown.BlockHeading && b.Container != markdown.InQuote {
			lower := body[b.Start-md.Start : b.End-md.Start]
			if !bytes.Contains(lower, []byte("session")) && !bytes.Contains(lower, []byte("세션")) {
				continue
			}
			if loc := sessionTitle.FindIndex(f.Src[b.Start:b.End]); loc != nil && md.InProse(markdown.Span{Start: b.Start + loc[0], End: b.Start + loc[1]}) {
				d.titled = true
				mark(markdown.Span{Start: b.Start + loc[0], End: b.Start + loc[1]})
			}
		}
	}
	// The hits come key by key: order the phrases by where each is first
	// used.
	firstAt := map[string]int{}
	for _, h := range hits {
		start, end := md.Start+h.start, md.Start+h.start+len(h.phrase)
		bi := sort.Search(len(md.Blocks), func(i int) bool { return md.Blocks[i].End > start })
		if bi == len(md.Blocks) {
			continue
		}
		b := md.Blocks[bi]
		if b.Start > start || end > b.End || b.Kind != markdown.BlockParagraph && b.Kind != markdown.BlockHeading || b.Container == markdown.InQuote {
			continue
		}
		lower := body[b.Start-md.Start : b.End-md.Start]
		s, e := start-b.Start, end-b.Start
		if !phraseAt(lower, s, e) || inQuotes(f.Src[b.Start:b.End], s) || !md.InProse(markdown.Span{Start: start, End: end}) {
			continue
		}
		if at, ok := firstAt[h.phrase]; !ok || start < at {
			firstAt[h.phrase] = start
		}
		mark(markdown.Span{Start: start, End: end})
	}
	for p := range firstAt {
		d.phrases = append(d.phrases, p)
	}
	sort.Slice(d.phrases, func(i, j int) bool { return firstAt[d.phrases[i]] < firstAt[d.phrases[j]] })
	return d
}

// phraseHit is a diary phrase found in a lowered body.
type phraseHit struct {
	phrase string
	start  int
}

// phraseKey is, for each diary phrase, the key word of phraseKeys it holds
// and the key's offset in it: the body is searched once per key, not once
// per phrase.
type phraseKey struct {
	phrase string
	at     int
}

var phrasesByKey = func() map[string][]phraseKey {
	m := map[string][]phraseKey{}
	for _, p := range diaryPhrases {
		for _, k := range phraseKeys {
			if i := strings.Index(p, k); i >= 0 {
				m[k] = append(m[k], phraseKey{p, i})
				break
			}
		}
	}
	return m
}()

// phraseHits finds the diary phrases in a body, ASCII letters in any
// case. The keys in other scripts, which have no case, are searched for
// one by one; the ASCII ones in one pass that compares the four bytes at
// each offset, folded to lower case, with the keys' first four (no key
// overlaps itself, so every occurrence is found).
func phraseHits(body []byte) []phraseHit {
	var out []phraseHit
	found := func(k string, pos int) {
		for _, pk := range phrasesByKey[k] {
			if s := pos - pk.at; s >= 0 && s+len(pk.phrase) <= len(body) && equalFoldASCII(body[s:s+len(pk.phrase)], pk.phrase) {
				out = append(out, phraseHit{pk.phrase, s})
			}
		}
	}
	for _, k := range phraseKeys {
		if k[0] < utf8.RuneSelf {
			continue
		}
		for off := 0; ; {
			i := bytes.Index(body[off:], []byte(k))
			if i < 0 {
				break
			}
			found(k, off+i)
			off += i + len(k)
		}
	}
	f4 := asciiFirst4
	for i := 0; i+4 <= len(body); i++ {
		// OR 0x20 lowers a letter and turns no other byte into one.
		w := binary.LittleEndian.Uint32(body[i:]) | 0x20202020
		if w != f4[0] && w != f4[1] && w != f4[2] && w != f4[3] {
			continue
		}
		for _, k := range asciiKeys {
			if w == k.first4 && len(body)-i >= len(k.key) && equalFoldASCII(body[i:i+len(k.key)], k.key) {
				found(k.key, i)
			}
		}
	}
	return out
}

// asciiKey is an ASCII key of phraseKeys, all letters and at least four
// long, and its first four bytes as phraseHits loads them.
type asciiKey struct {
	key    string
	first4 uint32
}

var asciiKeys = func() (out []asciiKey) {
	for _, k := range phraseKeys {
		if k[0] < utf8.RuneSelf {
			out = append(out, asciiKey{k, binary.LittleEndian.Uint32([]byte(k))})
		}
	}
	return out
}()

// asciiFirst4 are the first four bytes of the ASCII keys, which the pass
// compares each offset with before it looks at a key (TestASCIIKeys keeps
// them four at most). An entry left zero matches nothing: a loaded value
// has 0x20 set in every byte.
var asciiFirst4 = func() (f4 [4]uint32) {
	for i, k := range asciiKeys[:min(len(asciiKeys), len(f4))] {
		f4[i] = k.first4
	}
	return f4
}()

// equalFoldASCII reports whether b is w with ASCII letters in any case; w
// holds no upper-case ASCII letter.
func equalFoldASCII(b []byte, w string) bool {
	for i := range len(w) {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[i] {
			return false
		}
	}
	return true
}

// lowerASCII returns text with ASCII letters lowered. Only ASCII is
// lowered: the phrases in other scripts have no case, and offsets stay.
func lowerASCII(text []byte) []byte {
	out := make([]byte, len(text))
	for i, c := range text {
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// phraseAt reports whether the phrase at lower[s:e] stands as words: not
// inside a longer word, and, for "… session", not a technical session
// ("this session cookie").
func phraseAt(lower []byte, s, e int) bool {
	if s > 0 && isWordByte(lower[s-1]) {
		return false
	}
	if e < len(lower) && lower[e-1] < utf8.RuneSelf && isWordByte(lower[e]) {
		return false
	}
	if !bytes.HasSuffix(lower[s:e], []byte("session")) {
		return true
	}
	rest := bytes.TrimLeft(lower[e:], " -")
	j := 0
	for j < len(rest) && isWordByte(rest[j]) {
		j++
	}
	return !sessionNouns[string(rest[:j])]
}

// inQuotes reports whether offset s of a paragraph lies inside a quotation
// ("the user said "today I broke prod"") on its line: someone else's
// words, not the memory's.
func inQuotes(text []byte, s int) bool {
	line := text[bytes.LastIndexByte(text[:s], '\n')+1 : s]
	return bytes.Count(line, []byte(`"`))%2 == 1 ||
		bytes.Count(line, []byte("“")) > bytes.Count(line, []byte("”")) ||
		bytes.Count(line, []byte("「")) > bytes.Count(line, []byte("」"))
}

// refList finds a list whose items are mostly PR or issue references with
// little else, and returns how many such items it has and where the first
// is; 0 when there is none.
func refList(f *memory.File, md *markdown.Markdown) (int, markdown.Span) {
	type group struct {
		parent, items, refs int
		first               markdown.Span
	}
	var g group
	best := group{}
	flush := func() {
		if g.refs >= 3 && 2*g.refs >= g.items && g.refs > best.refs {
			best = g
		}
		g = group{parent: -2}
	}
	g.parent = -2
	for _, b := range md.Blocks {
		if b.Item < 0 {
			if b.Container == markdown.InDocument || b.Kind == markdown.BlockHeading {
				flush()
			}
			continue
		}
		it := md.Items[b.Item]
		if it.Parent != g.parent {
			flush()
			g.parent = it.Parent
		}
		g.items++
		text := f.Src[it.Start:it.End]
		if !mayHoldRef(text) {
			continue
		}
		refs := refPattern.FindAllIndex(text, -1)
		if len(refs) == 0 {
			continue
		}
		rest := htmlComment.ReplaceAll(refPattern.ReplaceAll(text, nil), nil)
		if len(bytes.Fields(rest)) > refMaxWords {
			continue
		}
		if g.refs == 0 {
			g.first = markdown.Span{Start: it.Start + refs[0][0], End: it.Start + refs[0][1]}
		}
		g.refs++
	}
	flush()
	return best.refs, best.first
}
