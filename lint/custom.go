package lint

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// customRule is a rule written in configuration (custom-rules:): an RE2
// pattern or a word list, matched in one part of a memory. Each becomes an
// ordinary *Rule, so severities, overrides, suppressions and --strict treat
// it like a built-in one.
type customRule struct {
	rule       *Rule
	message    string
	suggestion string
	// re finds candidates; with words set, a candidate counts only as a
	// whole word (see wholeWord).
	re    *regexp.Regexp
	words bool
	scope customScope
	// types, when set, limits the rule to memories of these types.
	types []string
	// files, when set, limits the rule to files matching these globs,
	// relative to the configuration's folder. Config.Resolve applies them:
	// only it knows where a file is on disk.
	files []string
}

// scopeKind says which part of a memory a custom rule reads.
type scopeKind int

const (
	scopeBody        scopeKind = iota // a topic file's Markdown body
	scopeIndex                        // MEMORY.md, after any frontmatter
	scopeFrontmatter                  // a frontmatter value of a topic file
)

// customScope is a parsed scope: value.
type customScope struct {
	kind scopeKind
	// path is the key path of a frontmatter scope: ["metadata", "owner"]
	// for frontmatter.metadata.owner, ["name"] for name.
	path []string
}

// customRuleKeys are the keys a custom rule accepts, in documentation order.
var customRuleKeys = []string{"id", "message", "severity", "pattern", "words", "scope", "types", "files", "suggestion"}

// memoryTypes are the values of a memory's type.
var memoryTypes = []string{"user", "feedback", "project", "reference"}

// customRuleID is the shape of a rule ID: lowercase words of letters and
// digits joined by hyphens.
var customRuleID = lazyre.New(`^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$`)

// matchPlaceholder is replaced in a custom rule's message and suggestion
// by the text that matched.
const matchPlaceholder = "{match}"

// customRules reads the custom-rules: list. IDs must not clash with the
// rules of p.reg (the built-in ones) or with each other.
func (p *configParser) customRules(v *yaml.Node) ([]*customRule, error) {
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		return nil, nil
	}
	if v.Kind != yaml.SequenceNode {
		return nil, p.errorf(v, "custom-rules", "expected a list of rules, each a mapping with id, message and pattern or words")
	}
	var out []*customRule
	defined := map[string]int{} // ID → line of its definition
	for i, item := range v.Content {
		cr, err := p.customRule(item, fmt.Sprintf("custom-rules[%d]", i), defined)
		if err != nil {
			return nil, err
		}
		out = append(out, cr)
	}
	return out, nil
}

func (p *configParser) customRule(item *yaml.Node, key string, defined map[string]int) (*customRule, error) {
	if item.Kind != yaml.MappingNode {
		return nil, p.errorf(item, key, "expected a mapping with id, message and pattern or words")
	}
	if err := p.noDuplicates(item, key); err != nil {
		return nil, err
	}
	fields := map[string]*yaml.Node{}
	for j := 0; j+1 < len(item.Content); j += 2 {
		k, val := item.Content[j], item.Content[j+1]
		if !contains(customRuleKeys, k.Value) {
			return nil, p.errorf(k, key+"."+k.Value, "unknown key (want %s)", orList(customRuleKeys))
		}
		fields[k.Value] = val
	}
	cr := &customRule{}

	idNode := fields["id"]
	if idNode == nil {
		return nil, p.errorf(item, key+".id", "a custom rule needs an id: lowercase words joined by hyphens, such as no-internal-hosts")
	}
	id, err := p.text(idNode, key+".id")
	if err != nil {
		return nil, err
	}
	if err := p.checkCustomID(idNode, key+".id", id, defined); err != nil {
		return nil, err
	}
	defined[id] = idNode.Line

	msgNode := fields["message"]
	if msgNode == nil {
		return nil, p.errorf(item, key+".message", "a custom rule needs a message: what is wrong, shown with each match (may include %s)", matchPlaceholder)
	}
	if cr.message, err = p.text(msgNode, key+".message"); err != nil {
		return nil, err
	}

	sev := Warning
	if n := fields["severity"]; n != nil {
		s, err := p.text(n, key+".severity")
		if err != nil {
			return nil, err
		}
		var off bool
		sev, off, err = parseSeverity(s)
		if err != nil || off {
			return nil, p.errorf(n, key+".severity", "expected error, warning or info, got %q (to turn the rule off, write %s: off under rules:)", s, id)
		}
	}

	pattern, words := fields["pattern"], fields["words"]
	switch {
	case pattern != nil && words != nil:
		return nil, p.errorf(words, key+".words", "give pattern or words, not both")
	case pattern != nil:
		if cr.re, err = p.customPattern(pattern, key+".pattern"); err != nil {
			return nil, err
		}
	case words != nil:
		if cr.re, err = p.customWords(words, key+".words"); err != nil {
			return nil, err
		}
		cr.words = true
	default:
		return nil, p.errorf(item, key, "a custom rule needs pattern (an RE2 regular expression) or words (a list of words or phrases)")
	}

	cr.scope = customScope{kind: scopeBody}
	if n := fields["scope"]; n != nil {
		if cr.scope, err = p.customScope(n, key+".scope"); err != nil {
			return nil, err
		}
	}

	if n := fields["types"]; n != nil {
		if cr.types, err = p.memoryTypeList(n, key+".types"); err != nil {
			return nil, err
		}
		if cr.scope.kind == scopeIndex && len(cr.types) > 0 {
			return nil, p.errorf(n, key+".types", "types does not apply to scope index: MEMORY.md has no memory type")
		}
	}
	if n := fields["files"]; n != nil {
		if cr.files, err = p.globs(n, key+".files"); err != nil {
			return nil, err
		}
	}
	if n := fields["suggestion"]; n != nil {
		if cr.suggestion, err = p.text(n, key+".suggestion"); err != nil {
			return nil, err
		}
	}

	cr.rule = &Rule{
		ID:       id,
		Severity: sev,
		Summary:  cr.message,
		Doc:      cr.doc(p.file, key, idNode.Line),
		Run:      cr.run,
	}
	return cr, nil
}

// text reads a non-empty string value.
func (p *configParser) text(n *yaml.Node, key string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return "", p.errorf(n, key, "expected a string")
	}
	if strings.TrimSpace(n.Value) == "" {
		return "", p.errorf(n, key, "must not be empty")
	}
	return n.Value, nil
}

func (p *configParser) checkCustomID(n *yaml.Node, key, id string, defined map[string]int) error {
	switch {
	case !customRuleID.MatchString(id):
		return p.errorf(n, key, "invalid rule ID %q: use lowercase letters and digits in words joined by hyphens, such as no-internal-hosts", id)
	case id == "all":
		return p.errorf(n, key, `"all" is reserved: memlint-disable all means every rule`)
	}
	if p.reg != nil {
		if _, builtin := p.reg.Lookup(id); builtin {
			return p.errorf(n, key, "%q is a built-in rule; give the custom rule another ID", id)
		}
	}
	if line, dup := defined[id]; dup {
		return p.errorf(n, key, "custom rule %q is already defined on line %d", id, line)
	}
	return nil
}

// customPattern compiles an RE2 pattern, quoting the regexp package's
// error when it is not one.
func (p *configParser) customPattern(n *yaml.Node, key string) (*regexp.Regexp, error) {
	src, err := p.text(n, key)
	if err != nil {
		return nil, err
	}
	re, err := regexp.Compile(src)
	if err != nil {
		hint := ""
		var se *syntax.Error
		if errors.As(err, &se) && (se.Code == syntax.ErrInvalidPerlOp || se.Code == syntax.ErrInvalidEscape) {
			hint = " (RE2 has no lookahead, lookbehind or backreferences)"
		}
		return nil, p.errorf(n, key, "not a valid RE2 regular expression: %v%s", err, hint)
	}
	if re.MatchString("") {
		return nil, p.errorf(n, key, "the pattern %q matches empty text; make it require at least one character", src)
	}
	return re, nil
}

// customWords builds the matcher of a word list: any of the words or
// phrases, ignoring case, with any run of white space between the words of
// a phrase. Longer entries come first, so "TODO later" wins over "TODO".
func (p *configParser) customWords(n *yaml.Node, key string) (*regexp.Regexp, error) {
	list, err := p.stringList(n, key)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, p.errorf(n, key, "expected at least one word or phrase")
	}
	alts := make([]string, 0, len(list))
	for i, w := range list {
		fields := strings.Fields(w)
		if len(fields) == 0 {
			at := n
			if n.Kind == yaml.SequenceNode {
				at = n.Content[i]
			}
			return nil, p.errorf(at, key, "an empty word matches nothing; remove it")
		}
		for j, f := range fields {
			fields[j] = regexp.QuoteMeta(f)
		}
		alts = append(alts, strings.Join(fields, `\s+`))
	}
	sort.SliceStable(alts, func(i, j int) bool { return len(alts[i]) > len(alts[j]) })
	re, err := regexp.Compile(`(?i)(?:` + strings.Join(alts, "|") + `)`)
	if err != nil {
		// Quoted words always compile; this is a safeguard, not a path.
		return nil, p.errorf(n, key, "cannot build a matcher for these words: %v", err)
	}
	return re, nil
}

func (p *configParser) customScope(n *yaml.Node, key string) (customScope, error) {
	s, err := p.text(n, key)
	if err != nil {
		return customScope{}, err
	}
	s = strings.TrimSpace(s)
	switch s {
	case "body":
		return customScope{kind: scopeBody}, nil
	case "index":
		return customScope{kind: scopeIndex}, nil
	case "name", "description":
		return customScope{kind: scopeFrontmatter, path: []string{s}}, nil
	}
	if rest, ok := strings.CutPrefix(s, "frontmatter."); ok {
		path := strings.Split(rest, ".")
		for _, seg := range path {
			if strings.TrimSpace(seg) == "" {
				return customScope{}, p.errorf(n, key, "scope %q has an empty key; write frontmatter.<key>, such as frontmatter.tags or frontmatter.metadata.owner", s)
			}
		}
		return customScope{kind: scopeFrontmatter, path: path}, nil
	}
	if s == "frontmatter" {
		return customScope{}, p.errorf(n, key, "scope frontmatter needs a key: frontmatter.<key>, such as frontmatter.tags or frontmatter.metadata.owner")
	}
	return customScope{}, p.errorf(n, key, "unknown scope %q (want body, description, name, index or frontmatter.<key>)", s)
}

func (p *configParser) memoryTypeList(n *yaml.Node, key string) ([]string, error) {
	list, err := p.stringList(n, key)
	if err != nil {
		return nil, err
	}
	for _, t := range list {
		if !contains(memoryTypes, t) {
			return nil, p.errorf(n, key, "unknown memory type %q (want %s)", t, orList(memoryTypes))
		}
	}
	return list, nil
}

// orList writes "a, b or c".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// doc is the documentation memlint rules ID shows for a custom rule.
func (cr *customRule) doc(file, key string, line int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "A custom rule, defined in %s (%s, line %d). ", file, key, line)
	if cr.words {
		b.WriteString("It reports each of the words or phrases it lists, as whole words and ignoring case, ")
	} else {
		fmt.Fprintf(&b, "It reports each match of the RE2 pattern `%s` ", cr.re.String())
	}
	switch cr.scope.kind {
	case scopeBody:
		b.WriteString("in the body of topic files (prose, code and comments alike)")
	case scopeIndex:
		b.WriteString("in MEMORY.md")
	case scopeFrontmatter:
		fmt.Fprintf(&b, "in the frontmatter value %s of topic files", strings.Join(cr.scope.path, "."))
	}
	if len(cr.types) > 0 {
		fmt.Fprintf(&b, ", in %s memories only", orList(cr.types))
	}
	if len(cr.files) > 0 {
		fmt.Fprintf(&b, ", in files matching %s", orList(cr.files))
	}
	b.WriteString(".")
	if cr.suggestion != "" {
		fmt.Fprintf(&b, "\n\nFix: %s", cr.suggestion)
	}
	return b.String()
}

// run is the custom rule's check.
func (cr *customRule) run(pass *Pass) {
	if cr.scope.kind == scopeIndex {
		if f := pass.Dir.Index; f != nil && pass.Focused(f) && f.Body() != nil {
			cr.checkText(pass, f, f.Body().Start)
		}
		return
	}
	for _, f := range pass.Dir.Topics {
		if !pass.Focused(f) || (len(cr.types) > 0 && !contains(cr.types, f.MemoryType())) {
			continue
		}
		switch cr.scope.kind {
		case scopeBody:
			if f.Body() != nil {
				cr.checkText(pass, f, f.Body().Start)
			}
		case scopeFrontmatter:
			cr.checkFrontmatter(pass, f)
		}
	}
}

// Bounds on what one custom rule reports. A pattern such as "." matches
// every character: 200 KB of memory would make 200,000 findings, which
// bury every other one and cost the run memory and time in proportion.
// Past maxCustomPerFile findings in a file the rule stops reading the
// file and says so in one more finding (customCapKey); past
// maxCustomPerRun findings in a run, Linter.Lint keeps the first and says
// how many more it dropped (capCustomRules).
const (
	maxCustomPerFile = 100
	maxCustomPerRun  = 1000
)

// customCapKey is the Diagnostic.Key of the finding that says a custom
// rule stopped reporting: the bound of a run counts the matches, not
// these.
const customCapKey = "memlint:custom-rule-bound"

// fileBudget counts the findings a custom rule made in one file.
type fileBudget struct{ reported int }

// take reports whether the match at s may be reported; the first match
// past the bound is reported as the finding that says the rule stopped,
// and then take returns false for good.
func (b *fileBudget) take(pass *Pass, f *memory.File, s markdown.Span) bool {
	if b.reported < maxCustomPerFile {
		b.reported++
		return true
	}
	if b.reported == maxCustomPerFile {
		b.reported++
		start, end := f.SpanPos(s)
		pass.Report(Diagnostic{Path: f.Path, Start: start, End: end, Key: customCapKey,
			Message:    fmt.Sprintf("more than %d matches in this file: memlint reports the first %d of a custom rule in a file and stops reading it there, so that one pattern cannot flood the report", maxCustomPerFile, maxCustomPerFile),
			Suggestion: "narrow the pattern so that it matches what is wrong, not ordinary text; or turn the rule off for these files (files: in its definition, or overrides:)"})
	}
	return false
}

// capCustomRules keeps, of each custom rule's findings in ds (sorted),
// the first maxCustomPerRun, and in place of the rest one finding, where
// the first dropped one was, that says how many more there were and in
// how many files. The findings of files that reached their own bound
// (customCapKey) are not counted: they say so themselves.
func (c *Config) capCustomRules(ds []Diagnostic) []Diagnostic {
	if c == nil || len(c.custom) == 0 {
		return ds
	}
	type drop struct {
		at    int // index in out of the finding that says so
		n     int
		files map[string]bool
	}
	custom := map[string]bool{}
	for _, cr := range c.custom {
		custom[cr.rule.ID] = true
	}
	kept := map[string]int{}
	lastKept := map[string]string{} // the file of the rule's last finding kept
	drops := map[string]*drop{}
	out := ds[:0]
	for _, d := range ds {
		switch {
		case !custom[d.Rule]:
		case d.Key != customCapKey && kept[d.Rule] < maxCustomPerRun:
			kept[d.Rule]++
			lastKept[d.Rule] = d.Path
		case d.Key == customCapKey && drops[d.Rule] == nil && (kept[d.Rule] < maxCustomPerRun || lastKept[d.Rule] == d.Path):
			// The bound of a file whose findings are kept.
		default:
			dr := drops[d.Rule]
			if dr == nil {
				dr = &drop{at: len(out), files: map[string]bool{}}
				drops[d.Rule] = dr
				notice := d
				notice.Key, notice.Fix, notice.Suggestion = customCapKey, nil,
					"narrow the pattern so that it matches what is wrong, not ordinary text; or turn the rule off where it floods (files: in its definition, or overrides:)"
				out = append(out, notice)
			}
			if d.Key != customCapKey {
				dr.n++
			}
			dr.files[d.Path] = true
			continue
		}
		out = append(out, d)
	}
	for _, dr := range drops {
		out[dr.at].Message = fmt.Sprintf("%d findings of this custom rule in this run, its bound: %s in %s not reported from here on, so that one pattern cannot flood the report",
			maxCustomPerRun, plural(dr.n, "more match", "more matches"), plural(len(dr.files), "file", "files"))
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// checkText reports the matches in f's content from offset start to the
// end, outside memlint-disable comments (their reasons may well name what
// the rule looks for), up to the bound of a file.
func (cr *customRule) checkText(pass *Pass, f *memory.File, start int) {
	if start < 0 || start > len(f.Src) {
		return
	}
	var budget fileBudget
	cr.each(f.Src[start:], func(m markdown.Span) bool {
		s := markdown.Span{Start: start + m.Start, End: start + m.End}
		if inSuppression(f, s) {
			return true
		}
		if !budget.take(pass, f, s) {
			return false
		}
		cr.report(pass, f, s, f.Src[s.Start:s.End])
		return true
	})
}

// inSuppression reports whether s overlaps a memlint-disable comment of
// f. The comments are in file order and do not overlap: the first that
// ends after s starts is the only one that may.
func inSuppression(f *memory.File, s markdown.Span) bool {
	sups := f.Suppressions()
	i := sort.Search(len(sups), func(i int) bool { return sups[i].End > s.Start })
	return i < len(sups) && sups[i].Start < s.End
}

// checkFrontmatter reports the matches in the scalar values at the
// scope's key path: a string, each item of a list, every value below a
// mapping.
func (cr *customRule) checkFrontmatter(pass *Pass, f *memory.File) {
	fm := f.Frontmatter()
	if fm == nil || fm.Doc == nil {
		return
	}
	n := fm.Doc
	for _, key := range cr.scope.path {
		if _, n = markdown.Lookup(n, key); n == nil {
			return
		}
	}
	var budget fileBudget
	for _, v := range scalarsBelow(n, nil, 0) {
		var offsets []int // computed at the first match
		first, more := true, true
		cr.each([]byte(v.Value), func(m markdown.Span) bool {
			if first {
				offsets, first = memory.ScalarOffsets(f, fm, v), false
			}
			var s markdown.Span
			if offsets != nil {
				s = markdown.Span{Start: offsets[m.Start], End: offsets[m.End-1] + 1}
			} else {
				// The source does not hold the value verbatim (escapes):
				// point at the value.
				at := f.Lines.Offset(fm.Pos(v))
				s = markdown.Span{Start: at, End: at}
			}
			if more = budget.take(pass, f, s); more {
				cr.report(pass, f, s, []byte(v.Value[m.Start:m.End]))
			}
			return more
		})
		if !more {
			return
		}
	}
}

// maxScalarDepth bounds the walk of nested frontmatter values.
const maxScalarDepth = 16

// scalarsBelow collects the scalar values in n: n itself, the items of a
// list, the values (not the keys) of a mapping, recursively.
func scalarsBelow(n *yaml.Node, out []*yaml.Node, depth int) []*yaml.Node {
	if depth > maxScalarDepth {
		return out
	}
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag != "!!null" {
			out = append(out, n)
		}
	case yaml.SequenceNode:
		for _, c := range n.Content {
			out = scalarsBelow(c, out, depth+1)
		}
	case yaml.MappingNode:
		for i := 1; i < len(n.Content); i += 2 {
			out = scalarsBelow(n.Content[i], out, depth+1)
		}
	}
	return out
}

// each calls yield with the non-empty matches in text, in order, until
// yield returns false, so that a rule stopped by its bound reads no
// further. The regexp package finds matches only from the start of a
// text (a search resumed in the middle would not see the text before,
// which \b and ^ look at), so each asks it for the first n matches, then
// for twice as many: the text is read about twice, however many matches
// it holds.
func (cr *customRule) each(text []byte, yield func(markdown.Span) bool) {
	if cr.words {
		cr.eachWord(text, yield)
		return
	}
	seen := 0
	for n := 2 * maxCustomPerFile; ; n *= 2 {
		ms := cr.re.FindAllIndex(text, n)
		for _, m := range ms[seen:] {
			if m[1] > m[0] && !yield(markdown.Span{Start: m[0], End: m[1]}) {
				return
			}
		}
		if len(ms) < n {
			return
		}
		seen = len(ms)
	}
}

// eachWord is each for a word list, whose matches count only as whole
// words (wholeWord). Its pattern has no assertion, so a search may resume
// where the last one stopped.
func (cr *customRule) eachWord(text []byte, yield func(markdown.Span) bool) {
	for from := 0; from < len(text); {
		m := cr.re.FindIndex(text[from:])
		if m == nil {
			break
		}
		s, e := from+m[0], from+m[1]
		if e > s && wholeWord(text, s, e) {
			if !yield(markdown.Span{Start: s, End: e}) {
				return
			}
			from = e
			continue
		}
		// Inside a longer word: look again one character further on.
		_, size := utf8.DecodeRune(text[s:])
		from = s + max(size, 1)
	}
}

// wholeWord reports whether text[s:e] is not part of a longer word: a
// letter or digit at its edge has no letter or digit beside it. Scripts
// written without spaces (Chinese, Japanese, Thai …) have no word edges,
// so their characters never count against a match.
func wholeWord(text []byte, s, e int) bool {
	first, _ := utf8.DecodeRune(text[s:e])
	last, _ := utf8.DecodeLastRune(text[s:e])
	if s > 0 {
		if prev, _ := utf8.DecodeLastRune(text[:s]); spacedWordRune(first) && spacedWordRune(prev) {
			return false
		}
	}
	if e < len(text) {
		if next, _ := utf8.DecodeRune(text[e:]); spacedWordRune(last) && spacedWordRune(next) {
			return false
		}
	}
	return true
}

// spacedWordRune reports whether r is part of a word in a script that
// separates words with spaces.
func spacedWordRune(r rune) bool {
	if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r) {
		return false
	}
	return !unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
}

// report records one match, with its text in the message and suggestion.
func (cr *customRule) report(pass *Pass, f *memory.File, s markdown.Span, match []byte) {
	shown := showMatch(match)
	if pass.linter != nil && pass.linter.Redact != nil && matchHoldsSecret(pass.linter.Redact, f.Src, s, match) {
		shown = maskedMatch(shown)
	}
	msg := strings.ReplaceAll(cr.message, matchPlaceholder, shown)
	suggestion := strings.ReplaceAll(cr.suggestion, matchPlaceholder, shown)
	pass.ReportSpan(f, s, msg, suggestion)
}

// matchHoldsSecret reports whether the matched text overlaps a value
// redact masks in the lines around it: the redacted lines no longer hold
// the match whole. A match is often the bare value, which redact alone
// cannot tell from prose without the label before it.
func matchHoldsSecret(redact func(string) string, src []byte, s markdown.Span, match []byte) bool {
	if s.Start < 0 || s.End > len(src) || s.Start > s.End || len(match) == 0 {
		return redact(string(match)) != string(match)
	}
	// The line around the match, at most maxSecretContext bytes either
	// side: only those are read, so that the many matches of one long
	// line do not each read the line.
	from := max(0, s.Start-maxSecretContext)
	from += bytes.LastIndexByte(src[from:s.Start], '\n') + 1
	to := min(len(src), s.End+maxSecretContext)
	if i := bytes.IndexByte(src[s.End:to], '\n'); i >= 0 {
		to = s.End + i
	}
	around := string(src[from:to])
	redacted := redact(around)
	return redacted != around && !strings.Contains(redacted, string(match))
}

// maxSecretContext bounds the text either side of a match that
// matchHoldsSecret redacts.
const maxSecretContext = 512

// maskedMatch is a match that holds a secret as shown: its first four
// characters and an ellipsis.
func maskedMatch(shown string) string {
	r := []rune(shown)
	if len(r) > 4 {
		r = r[:4]
	}
	return string(r) + "…"
}

// maxShownMatch bounds the matched text a message repeats.
const maxShownMatch = 60

// showMatch makes matched text fit a one-line message: white space runs
// become one space, and long text is cut with an ellipsis.
func showMatch(b []byte) string {
	s := strings.Join(strings.Fields(string(b)), " ")
	if utf8.RuneCountInString(s) <= maxShownMatch {
		return s
	}
	r := []rune(s)
	return string(r[:maxShownMatch-1]) + "…"
}
