package structure

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint/memory"
)

// reasonLabels and scopeLabels are the words that open a memory's reason
// (**Why:**) and its scope (**How to apply:**), lowercased, in the
// languages real memory is written in. A label may go on: "Why this
// matters", "How to apply (scope)", "Pourquoi c'est important"; a phrase
// ending in "$" must be the whole label, for words that open other labels
// too ("Application state:"). Besides the labels of Claude Code's layout,
// the reason may be given as its context, its cause or the incident and
// lesson behind it ("**Root cause:**", "## Background"), and the scope as
// a procedure ("## Steps", "**Watch for:**"). Extend the tables to teach
// memlint a new language; the scanner needs no change.
var (
	reasonLabels = []string{
		"why", "reason", "reasons", "reasoning", "rationale", "motivation", "because$",
		"context$", "background", "root cause", "cause", "problem", "incident", "lesson", "lessons", "what happened",
		"impact", "consequence", "consequences", "risk", "risks", "history", "origin",
		"pourquoi", "raison", "raisons", "justification", "contexte", "problème", "leçon", // French (cause above)
		"por qué", "porqué", "por que", "razón", "motivo", "contexto", "causa", "problema", "lección", // Spanish, Portuguese
		"por quê", "razão", "lição", // Portuguese
		"warum", "grund", "begründung", "hintergrund", "kontext", "ursache", // German (problem above)
		"perché", "perchè", "motivazione", "contesto", // Italian
		"waarom", "reden$", "achtergrond", "oorzaak", // Dutch
		"почему", "зачем", "причина", "обоснование", "контекст", "предыстория", "проблема", "урок", // Russian
		"чому", "контекст", // Ukrainian
		"dlaczego", "powód", "kontekst", "przyczyna", // Polish
		"neden", "bağlam", // Turkish
		"tại sao", "vì sao", "lý do", "bối cảnh", "nguyên nhân", "vấn đề", "bài học", // Vietnamese
		"为什么", "為什麼", "原因", "理由", "缘由", "背景", "起因", "根因", "问题", "問題", "教训", "教訓", "影响", "影響", "历史", "歷史", // Chinese
		"なぜ", "経緯", "教訓", "影響", // Japanese (理由, 原因, 背景, 問題 above)
		"왜", "이유", "근거", "배경", "원인", "문제", "교훈", "영향", // Korean
	}
	scopeLabels = []string{
		"how to apply", "how to use", "how it applies", "when to apply", "when to use", "applies to", "applies when", "scope$",
		"when", "watch for", "trigger", "triggers", "usage", "steps", "procedure", "process$", "workflow", "checklist",
		"in practice", "instead", "what to do", "do instead",
		"comment l'appliquer", "comment appliquer", "comment l'utiliser", "quand l'appliquer", "application$", "portée$", "champ d'application", "quand", "étapes", "procédure", // French
		"cómo aplicar", "como aplicar", "cuándo aplicar", "aplicación$", "alcance$", "cuándo", "cuando", "pasos", "procedimiento", // Spanish
		"quando aplicar", "aplicação$", "quando", "passos", // Portuguese
		"wie anwenden", "wann anwenden", "anwendung$", "geltungsbereich", "wann", "wenn", "schritte", "vorgehen", // German
		"come applicare", "quando applicare", "applicazione$", // Italian
		"hoe toe te passen", "toepassing$", // Dutch
		"как применять", "как применить", "когда применять", "применение$", "когда", "шаги", "порядок", // Russian
		"як застосовувати",              // Ukrainian
		"jak stosować", "zastosowanie$", // Polish
		"nasıl uygulanır",                                                                       // Turkish
		"cách áp dụng", "áp dụng", "khi nào áp dụng", "khi nào", "khi", "các bước", "quy trình", // Vietnamese
		"如何应用", "如何應用", "怎么应用", "应用方式", "应用方法", "应用场景", "应用$", "應用$", "适用", "適用", "如何使用", "怎么用", "使用方法", // Chinese
		"何时", "何時", "场景", "場景", "触发", "觸發", "步骤", "步驟", "流程", "做法", // Chinese
		"適用方法", "使い方", "どう適用", "手順", "いつ", // Japanese (適用 above)
		"적용 방법", "적용방법", "적용법", "적용", "어떻게 적용", "적용 시점", "절차", "사용법", "언제", // Korean
	}
)

// structureLabels reports whether a body line, starting at file offset
// start, holds a reason label and a scope label outside code. A label
// counts at the start of the line (after list and quote markers) as a
// heading, in emphasis, or before a colon; later in the line only in bold
// with a colon ("Use a real DB. **Why:** …").
func structureLabels(f *memory.File, start int, line string) (reason, scope bool) {
	check := func(label string, off int) {
		if !mayBeLabel(label) || f.Body().InCode(start+off) {
			return
		}
		label = normaliseLabel(label)
		reason = reason || hasLabel(label, reasonPhrases)
		scope = scope || hasLabel(label, scopePhrases)
	}
	rest := strings.TrimLeft(line, " \t")
	for {
		// List markers, checkboxes and quote markers before the label.
		s := strings.TrimLeft(rest, " \t")
		switch {
		case strings.HasPrefix(s, ">"):
			s = s[1:]
		case len(s) > 1 && strings.ContainsRune("-*+", rune(s[0])) && (s[1] == ' ' || s[1] == '\t'):
			s = s[2:]
		default:
			if n := leadingDigits(s); n > 0 && n < len(s)-1 && (s[n] == '.' || s[n] == ')') && (s[n+1] == ' ' || s[n+1] == '\t') {
				s = s[n+2:]
			}
		}
		if s == rest {
			break
		}
		rest = s
	}
	off := len(line) - len(rest)
	if h := strings.TrimLeft(rest, "#"); len(h) < len(rest) && len(rest)-len(h) <= 6 && (h == "" || h[0] == ' ' || h[0] == '\t') {
		check(strings.Trim(strings.TrimSpace(h), "*_# \t"), off) // a heading: "## Why", "### Why: …"
		return reason, scope
	}
	if inner, ok := emphasised(rest); ok && utf8.RuneCountInString(inner) <= 60 {
		check(inner, off) // "**Why:**", "**Why this matters**", "_How to apply._"
	} else if i := labelEnd(rest[:min(len(rest), 4*40+4)]); i > 0 && utf8.RuneCountInString(rest[:i]) <= 40 && len(strings.Fields(rest[:i])) <= 6 {
		check(rest[:i], off) // "Why: …", "Pourquoi : …", "Why? Because …"
	} else if utf8.RuneCountInString(rest) <= 20 {
		check(rest, off) // "Why?" alone on its line
	}
	// Bold labels with a colon later in the line.
	for i := 0; i < len(line); {
		j := strings.Index(line[i:], "**")
		if j < 0 {
			break
		}
		from := i + j + 2
		k := strings.Index(line[from:], "**")
		if k < 0 {
			break
		}
		inner := line[from : from+k]
		after := strings.TrimLeft(line[from+k+2:], " \t\u00a0")
		if t := strings.TrimRight(inner, " \t\u00a0"); strings.HasSuffix(t, ":") || strings.HasSuffix(t, "：") ||
			strings.HasPrefix(after, ":") || strings.HasPrefix(after, "：") {
			check(inner, i+j)
		}
		i = from + k + 2
	}
	return reason, scope
}

// labelEnd is strings.IndexAny(s, ":：?？") without its decoding of every
// rune (the set is not ASCII): the full-width marks are matched as their
// UTF-8 bytes, which start no other rune's encoding and sit inside none.
func labelEnd(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ':', '?':
			return i
		case 0xef: // "：" is EF BC 9A, "？" EF BC 9F
			if i+2 < len(s) && s[i+1] == 0xbc && (s[i+2] == 0x9a || s[i+2] == 0x9f) {
				return i
			}
		}
	}
	return -1
}

// emphasised returns the text inside the emphasis that opens s ("**Why:**
// rest", "_Why_: rest").
func emphasised(s string) (inner string, ok bool) {
	for _, m := range []string{"**", "__", "*", "_"} {
		if !strings.HasPrefix(s, m) {
			continue
		}
		end := strings.Index(s[len(m):], m)
		if end <= 0 {
			return "", false
		}
		return s[len(m) : len(m)+end], true
	}
	return "", false
}

var labelSpaces = strings.NewReplacer("’", "'", "\u00a0", " ", "\u202f", " ", "\t", " ")

// normaliseLabel lowercases a label, unifies apostrophes and spaces, and
// drops the punctuation that ends it ("How to apply.", "Why?", "Pourquoi :").
func normaliseLabel(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if strings.ContainsAny(s, "’\u00a0\u202f\t") { // a Replacer allocates even when it replaces nothing
		s = labelSpaces.Replace(s)
	}
	if strings.Contains(s, "  ") {
		s = strings.Join(strings.Fields(s), " ")
	}
	return strings.TrimRight(s, " .:：;!?？！*_")
}

// labelStarts holds the first letter of every label, lowercased: most lines
// start with none of them and need no closer look.
var labelStarts = func() map[rune]bool {
	m := map[rune]bool{}
	for _, p := range append(append([]string(nil), reasonLabels...), scopeLabels...) {
		r, _ := utf8.DecodeRuneInString(p)
		m[r] = true
	}
	return m
}()

// labelCandidate is a cheap first look at a line: could it hold a label?
// It has bold somewhere, or after list and quote markers starts with a
// heading, emphasis or the first letter of a label.
func labelCandidate(line []byte) bool {
	if bytes.Contains(line, []byte("**")) {
		return true
	}
	rest := bytes.TrimLeft(line, " \t>-+0123456789.)")
	if len(rest) == 0 {
		return false
	}
	if rest[0] == '#' || rest[0] == '*' || rest[0] == '_' {
		return true
	}
	r, _ := utf8.DecodeRune(rest)
	return labelStarts[unicode.ToLower(r)]
}

// mayBeLabel reports whether s, after spaces and emphasis, starts with the
// first letter of a label.
func mayBeLabel(s string) bool {
	s = strings.TrimLeft(s, " \t*_")
	r, _ := utf8.DecodeRuneInString(s)
	return labelStarts[unicode.ToLower(r)]
}

// hasLabel reports whether label starts with one of the phrases, as whole
// words in scripts written with spaces. A phrase ending in "$" must be the
// whole label: "**Application:**" is a scope, "**Application state:**" is
// not.
func hasLabel(label string, phrases phraseTable) bool {
	first, _ := utf8.DecodeRuneInString(label)
	for _, p := range phrases[first] {
		if p.whole {
			if label == p.text {
				return true
			}
			continue
		}
		if !strings.HasPrefix(label, p.text) {
			continue
		}
		next, _ := utf8.DecodeRuneInString(label[len(p.text):])
		if len(label) == len(p.text) || !(unicode.IsLetter(next) || unicode.IsDigit(next)) || p.unspaced {
			return true
		}
	}
	return false
}

// phrase is a label of the tables as hasLabel looks for it.
type phrase struct {
	text string
	// whole: the phrase ended in "$" (dropped from text) and must be the
	// whole label.
	whole bool
	// unspaced: the phrase's last letter is of a script written without
	// spaces, so the label may run straight on.
	unspaced bool
}

// phraseTable holds a table's phrases by their first character: a label
// is compared with the few that start as it does.
type phraseTable map[rune][]phrase

// Compiled tables, so that no label is taken apart again for every line.
var (
	reasonPhrases = compilePhrases(reasonLabels)
	scopePhrases  = compilePhrases(scopeLabels)
)

func compilePhrases(labels []string) phraseTable {
	out := phraseTable{}
	for _, l := range labels {
		text, whole := strings.CutSuffix(l, "$")
		last, _ := utf8.DecodeLastRuneInString(l)
		first, _ := utf8.DecodeRuneInString(text)
		out[first] = append(out[first], phrase{text: text, whole: whole, unspaced: !whole && unspaced(last)})
	}
	return out
}

// unspaced reports whether r belongs to a script written without spaces
// between words, so a label there may run straight on: "原因分析". Korean
// is written with spaces: "왜곡된" (distorted) is not "왜" (why).
func unspaced(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana)
}

func leadingDigits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}
