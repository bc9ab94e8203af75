package codecontent

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint/markdown"
)

// What a fenced or indented block holds. Memory should not paste code, but
// a code block is also how Markdown keeps a directory tree, an ASCII
// diagram, a sample message or a log excerpt in shape; those are knowledge
// the code does not hold in that form, and are not counted.

func (s *codeScan) codeBlock(cb *markdown.CodeBlock, maxLines int) {
	if cb.ContentLines == 0 || cb.Content.End <= cb.Content.Start {
		return
	}
	first := s.f.Lines.LineOf(cb.Content.Start)
	last := s.f.Lines.LineOf(cb.Content.End - 1)
	if s.traces(first, last, " in a code block") {
		return
	}
	s.run = gitLogRun{}
	for n := first; n <= last; n++ {
		s.gitLogLine(n, true)
	}
	if s.flushGitRun() {
		return
	}
	if cb.ContentLines <= maxLines {
		return
	}
	n := codeBlockLines(s.src[cb.Content.Start:cb.Content.End], cb.Info)
	if n <= maxLines || s.sampleLeadIn(cb) {
		return
	}
	kind := "code block"
	if !cb.Fenced {
		kind = "indented code block"
	}
	count := fmt.Sprintf("%d lines", n)
	if n < cb.ContentLines {
		count = fmt.Sprintf("%d lines of code", n)
	}
	s.report(cb.Span, fmt.Sprintf("this %s has %s (more than %d): memory should say what to do and why, not paste code or config that the repository already holds and that drifts from it; a pointer to the file is better", kind, count, maxLines), codeBlockHow)
}

// treeRunes draw directory trees and box diagrams.
func treeRune(r rune) bool {
	return (r >= 0x2500 && r <= 0x259F) || // box drawing, block elements
		(r >= 0x2190 && r <= 0x21FF) || // arrows
		(r >= 0x25A0 && r <= 0x25FF) // geometric shapes (▶ ▼ ●)
}

// codeBlockLines returns how many lines of a block's content are code:
// not blank, not a comment, not an elision, and not part of a tree, a
// diagram, prose, a log excerpt or a word list. The whole block counts
// as no code when most of its lines are such text.
func codeBlockLines(content []byte, info string) int {
	lang := strings.ToLower(strings.TrimSpace(info))
	if i := strings.IndexAny(lang, " \t{,"); i >= 0 {
		lang = lang[:i]
	}
	lang = strings.TrimPrefix(lang, ".")
	if notCodeInfos[lang] {
		return 0
	}
	lines := bytes.Split(content, []byte("\n"))
	console := consoleInfos[lang] || (lang == "" && ccPrompted(lines))
	codeLang := lang != "" && !dataInfos[lang] && !console
	annotatable := dataInfos[lang] || settingsInfos[lang]
	var code, text, other int
	for i, line := range lines {
		t := bytes.TrimSpace(line)
		switch {
		case len(t) == 0:
			continue
		case ccTemplateSlot(lines, i) || (annotatable && ccAnnotatedLine(t)):
			text++
		case len(t) <= 3 && !console:
			// "}", "});", "end", a "|" or "v" between the boxes of a
			// diagram: neither code nor text worth counting.
			other++
		case console:
			if ccPromptLine(t) {
				code++
			} else {
				text++
			}
		case elisions[string(t)] || ccIsComment(t):
			other++
		case ccTextLine(t) && !(codeLang && ccProseLine(t) && !ccTreeLine(t) && !ccBoxLine(t) && !ccLogLine(t)):
			// In a block labelled with a programming language, a line
			// that reads like a sentence is code that reads well
			// (Gherkin steps, a docstring), not sample text.
			text++
		default:
			code++
		}
	}
	if console {
		return code
	}
	// Mostly text: a tree or a diagram whose few odd lines are labels, a
	// sample message with a code-looking line or two.
	if text > 0 && text >= code {
		return 0
	}
	return code
}

// ccTemplateSlot reports whether line i is an empty slot of a template:
// "title:" with no value and nothing nested under it ("title:\ndate:\n"
// lists the keys to fill in), unlike a parent key ("jobs:\n  test:").
func ccTemplateSlot(lines [][]byte, i int) bool {
	t := bytes.TrimSpace(lines[i])
	if c := bytes.Index(t, []byte(" #")); c >= 0 {
		t = bytes.TrimSpace(t[:c])
	}
	if len(t) < 2 || t[len(t)-1] != ':' {
		return false
	}
	for _, c := range t[:len(t)-1] {
		if !ccWordByte(c) && c != '-' && c != '.' {
			return false
		}
	}
	indent := func(l []byte) int { return len(l) - len(bytes.TrimLeft(l, " \t")) }
	for _, next := range lines[i+1:] {
		if len(bytes.TrimSpace(next)) == 0 {
			continue
		}
		return indent(next) <= indent(lines[i])
	}
	return true
}

// ccPromptLine reports whether a line of a terminal session is a typed
// command: "$ make", "# apt-get update", ">>> import os", "PS> dir".
func ccPromptLine(t []byte) bool {
	for _, p := range promptPrefixes {
		if bytes.HasPrefix(t, []byte(p)) {
			return true
		}
	}
	return false
}

// ccPrompted reports whether an unlabelled block is a terminal session:
// at least two commands after a "$ " prompt, and a quarter of its lines.
func ccPrompted(lines [][]byte) bool {
	var prompts, nonBlank int
	for _, l := range lines {
		t := bytes.TrimSpace(l)
		if len(t) == 0 {
			continue
		}
		nonBlank++
		if bytes.HasPrefix(t, []byte("$ ")) {
			prompts++
		}
	}
	return prompts >= 2 && prompts*4 >= nonBlank
}

// ccAnnotatedLine recognises a field explained in a trailing comment of a
// few words, as a reference of fields has on most lines ("slug: my-slug
// # required — the URL path"). Pasted settings have such notes on a few
// lines, not most.
func ccAnnotatedLine(t []byte) bool {
	for _, m := range annotationMarks {
		if i := bytes.Index(t, []byte(m)); i > 0 {
			note := t[i+len(m):]
			return len(bytes.Fields(note)) >= 2
		}
	}
	return false
}

func ccIsComment(t []byte) bool {
	for _, p := range commentPrefixes {
		if bytes.HasPrefix(t, []byte(p)) {
			// "*" and "'" start comments only with a space after them
			// ("* item", "' VB"); "*ptr = 0" and "'a'" are code.
			if (p == "*" || p == "'" || p == "%" || p == ";") && len(t) > 1 && t[1] != ' ' && t[1] != '/' {
				return false
			}
			if p == "--" && len(t) > 2 && t[2] != ' ' {
				return false // "--flag", "-->" are not SQL comments
			}
			return true
		}
	}
	return false
}

// ccTextLine reports whether a trimmed line of a block is text rather than
// code: a tree entry, a diagram row, a sentence, a log line, a word list or
// a bare path.
func ccTextLine(t []byte) bool {
	return ccTreeLine(t) || ccBoxLine(t) || ccColumnsLine(t) || ccPathLine(t) || ccLogLine(t) || ccWordListLine(t) || ccCSVLine(t) || ccProseLine(t)
}

// ccColumnsLine recognises labels laid out in columns, as in a diagram or a
// command's tabular output ("Client      Proxy      Backend",
// "NAME    READY   STATUS"): words separated by wide gaps and none of the
// symbols that align code ("x    = 1", "key:    value").
func ccColumnsLine(t []byte) bool {
	if !bytes.Contains(t, []byte("    ")) || bytes.ContainsAny(t, "=:;(){}\"'`,") {
		return false
	}
	return len(bytes.Fields(t)) >= 2
}

func ccTreeLine(t []byte) bool {
	for _, p := range asciiTreePrefixes {
		if bytes.HasPrefix(t, []byte(p)) && len(t) > len(p) && (t[len(p)] == ' ' || t[len(p)] == '-') {
			return true
		}
	}
	for _, a := range asciiArrows {
		if bytes.Contains(t, []byte(a)) {
			return true
		}
	}
	n := 0
	for _, r := range string(t) {
		if treeRune(r) {
			n++
		}
	}
	return n > 0
}

// ccBoxLine recognises the rows of an ASCII box or wireframe: "+-----+",
// "|  Login  [ OK ]  |", "=========".
func ccBoxLine(t []byte) bool {
	if len(t) < 3 {
		return false
	}
	border := 0
	for _, c := range t {
		if c == '-' || c == '=' || c == '+' || c == '|' || c == '_' || c == '~' {
			border++
		}
	}
	if border == len(t) || (border*10 >= len(t)*8 && (t[0] == '+' || t[0] == '|')) {
		return true
	}
	// "|  text  |": a row of a box, wide inner padding on both sides.
	if t[0] == '|' && t[len(t)-1] == '|' && bytes.Contains(t, []byte("   ")) && !bytes.Contains(t, []byte("||")) {
		return true
	}
	// A wireframe's controls: "[ Search ]   [ Go ]", "[x] Remember me".
	return bytes.Count(t, []byte("[ ")) >= 2 || bytes.HasPrefix(t, []byte("[ ] ")) || bytes.HasPrefix(t, []byte("[x] ")) || bytes.HasPrefix(t, []byte("( ) "))
}

// ccPathLine recognises an entry of an indented path listing: one path
// ("src/", "cmd/memlint/main.go", "YYYY/MM/DD/slug/"), optionally followed
// by a note after two spaces or a comment marker.
func ccPathLine(t []byte) bool {
	p := t
	if i := bytes.Index(p, []byte("  ")); i >= 0 {
		p = p[:i]
	}
	if i := bytes.IndexAny(p, " \t"); i >= 0 {
		rest := bytes.TrimSpace(p[i:])
		if len(rest) > 0 && rest[0] != '#' && !bytes.HasPrefix(rest, []byte("//")) && !bytes.HasPrefix(rest, []byte("(")) {
			return false
		}
		p = p[:i]
	}
	if len(p) < 2 {
		return false
	}
	for _, c := range p {
		if !ccPathByte(c) && c != '*' && c != '{' && c != '}' && c != ',' && c != '<' && c != '>' {
			return false
		}
	}
	if p[len(p)-1] == '/' {
		return true
	}
	_, ok := codeFileName(p)
	if !ok {
		// Any name.ext listing: assets, data, docs.
		dot := bytes.LastIndexByte(p, '.')
		ext := p[dot+1:]
		ok = dot > 0 && len(ext) >= 1 && len(ext) <= 5 && ccLetter(ext[0])
		for _, c := range ext {
			ok = ok && (c >= 'a' && c <= 'z' || ccDigit(c))
		}
	}
	return ok && !bytes.Contains(p, []byte("()"))
}

// ccLogLine recognises a line of log output: a timestamp or a level first.
func ccLogLine(t []byte) bool {
	s := t
	if len(s) > 0 && s[0] == '[' {
		s = s[1:]
	}
	if len(s) >= 10 && ccDigit(s[0]) && ccDigit(s[1]) && ccDigit(s[2]) && ccDigit(s[3]) && s[4] == '-' && ccDigit(s[5]) && s[7] == '-' {
		return true // 2026-03-01 ...
	}
	if len(s) >= 8 && ccDigit(s[0]) && ccDigit(s[1]) && s[2] == ':' && ccDigit(s[3]) && ccDigit(s[4]) && s[5] == ':' {
		return true // 10:11:12 ...
	}
	for _, lvl := range logLevels {
		if bytes.HasPrefix(s, []byte(lvl)) && len(s) > len(lvl) && (s[len(lvl)] == ' ' || s[len(lvl)] == ']' || s[len(lvl)] == ':') {
			return true
		}
	}
	// glog: "I1202 10:14:03.123456 ..."; logfmt: "time=... level=info".
	if len(s) > 6 && strings.IndexByte("IWEF", s[0]) >= 0 && ccAllDigits(s[1:5]) && s[5] == ' ' {
		return true
	}
	for _, p := range logFieldPrefixes {
		if bytes.HasPrefix(s, []byte(p)) {
			return true
		}
	}
	// syslog: "Mar  2 10:14:03 host sshd[123]: ...".
	if len(s) > 6 && monthAbbrevs[string(s[:3])] && s[3] == ' ' {
		return true
	}
	return false
}

// ccCSVLine recognises a row of comma- or tab-separated data:
// "2026-03-01,ord_1,12.50,EUR".
func ccCSVLine(t []byte) bool {
	sep := byte(',')
	if bytes.Count(t, []byte("\t")) >= 2 {
		sep = '\t'
	}
	if bytes.Count(t, []byte{sep}) < 2 || bytes.ContainsAny(t, "(){};=[]<>") {
		return false
	}
	if sep == ',' && bytes.Contains(t, []byte(", ")) {
		return false
	}
	return true
}

// ccWordListLine recognises a line of a comma-separated list of bare
// words: "api, bash, docker_tips, git,".
func ccWordListLine(t []byte) bool {
	items := bytes.Split(bytes.TrimSuffix(t, []byte(",")), []byte(","))
	if len(items) < 3 {
		return false
	}
	for _, it := range items {
		it = bytes.TrimSpace(it)
		if len(it) == 0 {
			return false
		}
		for _, c := range it {
			if !ccWordByte(c) && c != '-' {
				return false
			}
		}
	}
	return true
}

// ccASCIIKey reports whether a key is made of ASCII letters, digits, "_",
// "-" and ".", as keys of YAML, headers and code are.
func ccASCIIKey(k []byte) bool {
	for _, c := range k {
		if !(c == '_' || c == '-' || c == '.' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

// ccProseLine recognises a sentence: mostly words, few of the symbols
// code is made of, and not a statement that starts with a keyword.
func ccProseLine(t []byte) bool {
	// A list marker: sample Markdown ("- Fixed the login bug").
	if len(t) > 2 && (t[0] == '-' || t[0] == '*' || t[0] == '>') && t[1] == ' ' {
		t = bytes.TrimSpace(t[2:])
	}
	// "key: value" is YAML or a header; a capitalised header followed by
	// a sentence ("Subject: Your invoice is ready") is part of a sample
	// message.
	// A leading "[label]" tags a slide or section of sample copy
	// ("[표지] …", "[cover] …").
	if len(t) > 2 && t[0] == '[' {
		if j := bytes.IndexByte(t, ']'); j > 1 && j <= 40 && j+1 < len(t) && t[j+1] == ' ' {
			t = bytes.TrimSpace(t[j+1:])
		}
	}
	// A key in another script ("태그: …", "标题：…") is a label of sample
	// copy, not YAML: keys of code are ASCII identifiers.
	if k := bytes.IndexByte(t, ':'); k > 0 && k+1 < len(t) && t[k+1] == ' ' && !bytes.ContainsAny(t[:k], " \t") {
		if !(t[0] >= 'A' && t[0] <= 'Z') && ccASCIIKey(t[:k]) {
			return false
		}
		t = bytes.TrimSpace(t[k+1:])
	}
	// Placeholders of a message template are words: "Hi {name},". Each
	// starts with one of placeholderStarts: most lines hold none.
	if bytes.ContainsAny(t, placeholderStarts) {
		t = rePlaceholder.ReplaceAll(t, []byte("X"))
	}
	var words, letters, symbols, runes, cjk int
	inWord := false
	for _, r := range string(t) {
		runes++
		switch {
		case unicode.IsLetter(r):
			letters++
			if r >= 0x2E80 { // CJK and Hangul: every few characters make a word
				words++
				cjk++
			}
			if !inWord {
				words++
				inWord = true
			}
		default:
			inWord = r == '\'' || r == '’' || r == '-'
			if strings.ContainsRune("{}();=<>$[]|&\\@`", r) {
				symbols++
			}
		}
	}
	// Words of a sentence are separated by spaces; "A_B=c://d/e" is one token.
	spaces := bytes.Count(t, []byte(" "))
	if words < 4 || symbols > 1 || letters*10 < runes*6 || (spaces < 3 && cjk < 4) {
		return false
	}
	// Shell flags: "cargo build --release".
	if bytes.Contains(t, []byte(" --")) || bytes.Contains(t, []byte(" -")) && !bytes.Contains(t, []byte(" - ")) {
		return false
	}
	first := t
	if i := bytes.IndexAny(first, " \t("); i >= 0 {
		first = first[:i]
	}
	if proseCodeKeywords[strings.ToLower(string(first))] || sqlKeywords[string(first)] || shellCommands[string(first)] {
		return false
	}
	// A statement or an argument list.
	if bytes.HasSuffix(t, []byte(";")) || bytes.HasSuffix(t, []byte("{")) {
		return false
	}
	if r, _ := utf8.DecodeRune(t); r != utf8.RuneError && !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("\"'“«[(*", r) {
		return false
	}
	return true
}

// sampleLeadIn reports whether a data block is introduced as a sample of
// output: the last sentence of the block just before it, or its heading,
// says so.
func (s *codeScan) sampleLeadIn(cb *markdown.CodeBlock) bool {
	lang := strings.ToLower(strings.TrimSpace(cb.Info))
	if i := strings.IndexAny(lang, " \t{,"); i >= 0 {
		lang = lang[:i]
	}
	if !dataInfos[lang] {
		return false
	}
	i := sort.Search(len(s.md.Blocks), func(i int) bool { return s.md.Blocks[i].Start >= cb.Start }) - 1
	if i < 0 {
		return false
	}
	prev := s.md.Blocks[i]
	if prev.Kind != markdown.BlockParagraph && prev.Kind != markdown.BlockHeading || cb.StartLine-prev.EndLine > 2 {
		return false
	}
	t := s.src[prev.Start:prev.End]
	t = bytes.ToLower(ccSentenceTail(bytes.TrimRight(t, " \t\r\n:.")))
	for _, w := range sampleLeadWords {
		if bytes.Contains(t, []byte(w)) {
			return true
		}
	}
	return false
}
