package frontmatter

import (
	"bytes"
	_ "embed"
	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/rules/internal/ruleutil"

	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode"

	"gopkg.in/yaml.v3"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// recallScanLines is how many lines of each topic file Claude Code's recall
// scan reads to find the frontmatter.
const recallScanLines = 30

// recallScanBytes is how many bytes of each topic file it reads at most.
const recallScanBytes = 64 << 10

// Missing reports memories without frontmatter. Not every file of a memory
// dir is one: a file that is a document kept beside the memories
// (File.Document: a README, a brief, a dated report) is left alone, and so
// is a file in a dir none of whose files uses frontmatter, a note system of
// its own, unless it is named as Claude Code names memories
// (feedback_….md). A subagent keeps notes in any shape, and recall does
// not read them (SPEC §1.1, §1.4): the rule does not run there.
var Missing = &lint.Rule{
	ID:       "frontmatter-missing",
	Stage:    lint.Preview,
	Severity: lint.Warning,
	Summary:  "a memory has no frontmatter",
	Doc:      missingDoc,
	Kinds:    lint.ExceptSubagent,
	Run: func(pass *lint.Pass) {
		// Whether the dir's memories use frontmatter, asked once a file
		// needs the answer.
		conventional := sync.OnceValue(func() bool { return anyMemoryFrontmatter(pass.Dir) })
		for _, f := range pass.Dir.Topics {
			if !pass.Focused(f) || f.Frontmatter() != nil {
				continue
			}
			suggestion := fmt.Sprintf("start the file with:\n---\nname: %s\ndescription: <one specific line: what this memory is for>\ntype: <user|feedback|project|reference>\n---",
				stemSlug(f))
			if line := lateFrontmatter(f); line > 0 {
				pass.Report(lint.Diagnostic{Path: f.Path, Start: markdown.Pos{Line: 1, Col: 1}, Suggestion: suggestion,
					Message: fmt.Sprintf("frontmatter must start on line 1; the --- block on line %d is read as body text", line)})
				continue
			}
			if f.Document() != "" {
				continue // not a memory
			}
			if !f.TypedName() && !conventional() {
				continue // the dir keeps no frontmatter at all
			}
			msg := "no frontmatter: Claude Code's recall reads name, description and type from a --- block on line 1, so this memory has no description to be found by"
			if len(bytes.TrimSpace(f.Src)) == 0 {
				msg = "the file is empty: Claude Code's recall lists it without a description, and there is nothing in it to recall"
				suggestion = "write the memory, frontmatter first, or delete the file"
			}
			pass.Report(lint.Diagnostic{Path: f.Path, Start: markdown.Pos{Line: 1, Col: 1}, Message: msg, Suggestion: suggestion})
		}
	},
}

// anyMemoryFrontmatter reports whether a topic file of d has a memory's
// frontmatter: the dir's memories use it.
func anyMemoryFrontmatter(d *memory.Dir) bool {
	for _, f := range d.Topics {
		if f.MemoryFrontmatter() {
			return true
		}
	}
	return false
}

//go:embed frontmatter-missing.md
var missingDoc string

var fieldLine = lazyre.New(`^(name|description|type):`)

// lateFrontmatter returns the line of a "---" block holding memory fields
// that starts after line 1, or 0. A block inside a code block is an
// example of frontmatter, not a misplaced one.
func lateFrontmatter(f *memory.File) int {
	limit := min(f.Lines.Lines(), recallScanLines)
	inCode := func(n int) bool {
		if f.Body() == nil {
			return false
		}
		for _, b := range f.Body().Blocks {
			if b.Kind == markdown.BlockCode && b.StartLine <= n && n <= b.EndLine {
				return true
			}
		}
		return false
	}
	for n := 2; n <= limit; n++ {
		if strings.TrimSpace(string(f.Lines.Line(n))) != "---" || inCode(n) {
			continue
		}
		if n+1 <= f.Lines.Lines() && fieldLine.Match(f.Lines.Line(n+1)) {
			return n
		}
	}
	return 0
}

// Invalid reports frontmatter Claude Code cannot read as intended.
var Invalid = &lint.Rule{
	ID:       "frontmatter-invalid",
	Severity: lint.Error,
	Summary:  "frontmatter is not valid YAML, not a mapping, has duplicate keys, or is never closed (warning when Claude Code's lenient retry reads it)",
	Doc:      invalidDoc,
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			if !pass.Focused(f) {
				continue // its findings are not kept (the Claude Code hook)
			}
			fm := f.Frontmatter()
			if fm == nil {
				continue
			}
			checkFrontmatterSyntax(pass, f, fm)
		}
	},
}

//go:embed frontmatter-invalid.md
var invalidDoc string

func checkFrontmatterSyntax(pass *lint.Pass, f *memory.File, fm *markdown.Frontmatter) {
	if fm.CloseLine == 0 {
		if fm.EarlyClose >= 0 {
			return // Claude Code closes it at that ---: frontmatter-early-close
		}
		pass.Report(lint.Diagnostic{Path: f.Path, Start: markdown.Pos{Line: fm.OpenLine, Col: 1}, End: markdown.Pos{Line: fm.OpenLine, Col: 4},
			Message:    "frontmatter is never closed: Claude Code finds no frontmatter at all, so this memory has no description or type; add a --- line after the last key",
			Suggestion: "add a line with --- after the frontmatter keys"})
		return
	}
	if fm.Err != nil {
		sev, msg := lint.Error, fmt.Sprintf("frontmatter is not valid YAML: %s; Claude Code cannot read this memory's description or type", fm.Err.Message)
		if fm.Repaired {
			sev, msg = lint.Warning, fmt.Sprintf("frontmatter is not valid YAML: %s; Claude Code reads it only through its lenient retry that quotes values, other YAML readers fail", fm.Err.Message)
		}
		pass.Report(lint.Diagnostic{Severity: sev, Path: f.Path, Start: fm.Err.Pos, Message: msg,
			Suggestion: "quote values that contain \": \", \" #\" or start with [ { * & ! | > % @ `"})
	}
	if fm.NotMapping != nil {
		pass.Report(lint.Diagnostic{Path: f.Path, Start: fm.Pos(fm.NotMapping),
			Message:    "frontmatter is not a mapping of keys: Claude Code reads no name, description or type from it; write name:, description: and type: lines",
			Suggestion: "write one key: value per line"})
	}
	for _, k := range fm.Duplicates {
		// Claude Code keeps the last value; other readers refuse the
		// file or keep the first.
		pass.Report(lint.Diagnostic{Severity: lint.Warning, Path: f.Path, Start: fm.Pos(k),
			End:        f.NodeEnd(k),
			Message:    fmt.Sprintf("key %s appears twice in the frontmatter: Claude Code uses this last one, other YAML readers refuse the file or use the first", k.Value),
			Suggestion: "keep one " + k.Value + " key"})
	}
}

// ScanWindow reports frontmatter closing after line 30.
var ScanWindow = &lint.Rule{
	ID:       "frontmatter-scan-window",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "the closing --- of the frontmatter is after line 30 (or past 64 KB)",
	Doc:      scanWindowDoc,
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			if !pass.Focused(f) {
				continue // its findings are not kept (the Claude Code hook)
			}
			fm := f.Frontmatter()
			if fm == nil || fm.CloseLine == 0 && fm.EarlyClose < 0 {
				continue // frontmatter-invalid: never closed
			}
			// Where Claude Code closes the frontmatter: at the first ---
			// after the opening line, maybe inside a value.
			closeAt := f.Lines.LineStart(fm.CloseLine)
			if fm.EarlyClose >= 0 {
				closeAt = fm.EarlyClose
			}
			start := f.Pos(closeAt)
			end := markdown.Pos{Line: start.Line, Col: start.Col + 3}
			switch {
			case start.Line > recallScanLines:
				pass.Report(lint.Diagnostic{Path: f.Path, Start: start, End: end,
					Message: fmt.Sprintf("frontmatter closes on line %d, but Claude Code's recall reads only the first %d lines: it sees no description or type for this memory",
						start.Line, recallScanLines),
					Suggestion: "shorten the frontmatter to name, a one-line description and type"})
			case closeAt+3 > recallScanBytes:
				pass.Report(lint.Diagnostic{Path: f.Path, Start: start, End: end,
					Message: fmt.Sprintf("frontmatter closes %s bytes into the file, but Claude Code's recall reads only the first %s (64 KB): it sees no description or type for this memory",
						ruleutil.Thousands(closeAt+3), ruleutil.Thousands(recallScanBytes)),
					Suggestion: "shorten the frontmatter to name, a one-line description and type"})
			}
		}
	},
}

//go:embed frontmatter-scan-window.md
var scanWindowDoc string

// Required reports missing or empty name, description and type. A file
// whose frontmatter has none of a memory's keys and that no index entry
// links is a document of another format (File.Document), not a memory
// missing them: an error must be right essentially always.
var Required = &lint.Rule{
	ID:       "frontmatter-required",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "name, description or type is missing or empty",
	Doc:      requiredDoc,
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			if !pass.Focused(f) {
				continue // its findings are not kept (the Claude Code hook)
			}
			fm := f.Frontmatter()
			if fm == nil || fm.CloseLine == 0 || (fm.Doc == nil && (fm.Err != nil || fm.NotMapping != nil)) {
				continue // frontmatter-missing or frontmatter-invalid says more
			}
			if f.Document() != "" {
				continue // a frontmatter of another format, on a file that is no memory
			}
			for _, key := range []string{"name", "description", "type"} {
				checkRequired(pass, f, fm, key)
			}
		}
	},
}

//go:embed frontmatter-required.md
var requiredDoc string

var requiredWhy = map[string]string{
	"name":        "it is what [[name]] links refer to",
	"description": "the recall selector reads only this line to decide whether the memory is relevant",
	"type":        "user, feedback, project or reference tells the agent how to use the memory",
}

func checkRequired(pass *lint.Pass, f *memory.File, fm *markdown.Frontmatter, key string) {
	k, v := fm.Field(key)
	if key == "type" {
		if mk, mv := markdown.Lookup(fm.Metadata(), "type"); mv != nil && (v == nil || isEmpty(v)) {
			k, v = mk, mv
		}
	}
	// Recall and the index never read name: a memory without one loses
	// nothing Claude Code loads, only [[name]] links, so it is a warning
	// (SPEC §2's severity policy). Claude Code itself stamps `name: ""` on a
	// memory whose name has no ASCII letter or digit (a Korean title), and
	// what it writes is correct memory: that form is not reported.
	sev := lint.SeverityDefault
	if key == "name" {
		sev = lint.Warning
		if k != nil && v != nil && v.Style&yaml.DoubleQuotedStyle != 0 && v.Value == "" && stamped(fm) {
			return
		}
	}
	switch {
	case k == nil:
		msg := fmt.Sprintf("frontmatter has no %s: %s", key, requiredWhy[key])
		suggestion := "add a " + key + ": line"
		if n := strandedKey(f, fm, key); n > 0 {
			msg += fmt.Sprintf("; a %s: line is on line %d, below the --- on line %d where the frontmatter ends", key, n, fm.CloseLine)
			suggestion = fmt.Sprintf("move line %d above the closing --- (and remove any --- inside the values above it)", n)
		}
		// Every missing field is reported at the opening ---: the key
		// tells the findings apart.
		pass.Report(lint.Diagnostic{Severity: sev, Path: f.Path, Start: markdown.Pos{Line: fm.OpenLine, Col: 1},
			Message: msg, Suggestion: suggestion, Key: key})
	case isEmpty(v):
		pass.Report(lint.Diagnostic{Severity: sev, Path: f.Path, Start: fm.Pos(k),
			Message:    fmt.Sprintf("%s is empty: %s", key, requiredWhy[key]),
			Suggestion: "fill in " + key})
	}
}

// strandedKey returns the line of a "key:" line just below the closing
// "---" (within a few lines), left in the body when the frontmatter closed
// early; 0 when there is none.
func strandedKey(f *memory.File, fm *markdown.Frontmatter, key string) int {
	if fm.CloseLine == 0 {
		return 0
	}
	for n := fm.CloseLine + 1; n <= min(fm.CloseLine+5, f.Lines.Lines()); n++ {
		line := strings.TrimSpace(string(f.Lines.Line(n)))
		if strings.HasPrefix(line, key+":") {
			return n
		}
	}
	return 0
}

// stamped reports whether Claude Code wrote the frontmatter: it files
// node_type: memory under metadata when it stamps a memory.
func stamped(fm *markdown.Frontmatter) bool {
	_, v := markdown.Lookup(fm.Metadata(), "node_type")
	return markdown.ScalarValue(v) == "memory"
}

// isEmpty reports whether a value node holds nothing: null, "" or only
// whitespace. Lists and mappings are not empty (frontmatter-field-type
// reports them).
func isEmpty(v *yaml.Node) bool {
	if v == nil {
		return true
	}
	if v.Kind == yaml.ScalarNode {
		return v.Tag == "!!null" || strings.TrimSpace(v.Value) == ""
	}
	return len(v.Content) == 0 && v.Kind != yaml.AliasNode
}

// FieldType reports name and description that are not one line
// of text.
var FieldType = &lint.Rule{
	ID:       "frontmatter-field-type",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "name or description is not a single-line string (a list, a number, a mapping, several lines)",
	Doc:      fieldTypeDoc,
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			if !pass.Focused(f) {
				continue // its findings are not kept (the Claude Code hook)
			}
			fm := f.Frontmatter()
			if fm == nil || fm.Doc == nil {
				continue
			}
			for _, key := range []string{"name", "description"} {
				_, v := fm.Field(key)
				if v == nil || isEmpty(v) && v.Kind == yaml.ScalarNode {
					continue
				}
				if problem := fieldTypeProblem(v); problem != "" {
					pass.Report(lint.Diagnostic{Path: f.Path, Start: fm.Pos(v),
						Message:    fmt.Sprintf("%s %s; it must be one line of text", key, problem),
						Suggestion: fmt.Sprintf("write %s as a single quoted line: %s: \"…\"", key, key)})
				}
			}
		}
	},
}

//go:embed frontmatter-field-type.md
var fieldTypeDoc string

func fieldTypeProblem(v *yaml.Node) string {
	for depth := 0; v.Kind == yaml.AliasNode && v.Alias != nil && depth < 8; depth++ {
		v = v.Alias // Claude Code's parser resolves aliases
	}
	switch v.Kind {
	case yaml.SequenceNode:
		return "is a list"
	case yaml.MappingNode:
		if isPlaceholder(v) {
			return "is an unfilled template placeholder {{…}}, which YAML reads as a mapping"
		}
		return "is a mapping"
	case yaml.AliasNode:
		return "is an alias (*" + v.Value + ") to nothing"
	}
	if kind := coreScalarKind(v); kind != "" {
		return "is read as " + kind + " (" + v.Value + ")"
	}
	if strings.Contains(strings.TrimRight(v.Value, "\n"), "\n") {
		return "spans several lines"
	}
	return ""
}

// YAML 1.2 core schema scalars that are not strings: Claude Code's parser
// (Bun's) reads them as numbers or booleans, where yaml.v3 also reads
// 1_000, 0b101 and dates, which are strings there (SPEC §1.2).
var (
	coreInt   = lazyre.New(`^([-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$`)
	coreFloat = lazyre.New(`^([-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))$`)
	coreBool  = lazyre.New(`^(true|True|TRUE|false|False|FALSE)$`)
)

// coreScalarKind returns "a number" or "a boolean" for a plain scalar
// that YAML 1.2 reads as one, or "".
func coreScalarKind(v *yaml.Node) string {
	if v.Kind != yaml.ScalarNode || v.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return ""
	}
	if v.Style&yaml.TaggedStyle != 0 && v.Tag != "!!int" && v.Tag != "!!float" && v.Tag != "!!bool" {
		return "" // an explicit tag: a string, or one the parser ignores
	}
	switch {
	case coreBool.MatchString(v.Value):
		return "a boolean"
	case coreInt.MatchString(v.Value), coreFloat.MatchString(v.Value):
		return "a number"
	}
	return ""
}

// isPlaceholder reports whether a flow mapping is an unquoted {{…}}
// template placeholder.
func isPlaceholder(v *yaml.Node) bool {
	return v.Style&yaml.FlowStyle != 0 && len(v.Content) == 2 && v.Content[0].Kind == yaml.MappingNode
}

// knownKeys are the frontmatter keys Claude Code writes or reads (SPEC
// §2 also counts created and pinned, which people and tools add).
var (
	knownTopKeys      = []string{"name", "description", "type", "metadata", "node_type", "originSessionId", "modified", "created", "pinned"}
	knownMetadataKeys = []string{"node_type", "type", "originSessionId", "modified", "created", "pinned"}
)

// UnknownKey reports frontmatter keys Claude Code does not use.
var UnknownKey = &lint.Rule{
	ID:       "frontmatter-unknown-key",
	Stage:    lint.Preview,
	Severity: lint.Info,
	Summary:  "frontmatter has keys other than name, description, type, metadata, node_type, originSessionId, modified, created, pinned",
	Doc:      unknownKeyDoc,
	Options:  lint.OptionsOf(unknownKeyOptions{Allow: []string{}}),
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			if !pass.Focused(f) {
				continue // its findings are not kept (the Claude Code hook)
			}
			fm := f.Frontmatter()
			if fm == nil || fm.Doc == nil {
				continue
			}
			allow := lint.OptionsFor[unknownKeyOptions](pass, f).Allow
			checkKeys(pass, f, fm, fm.Doc, knownTopKeys, allow, "", false)
			if md := fm.Metadata(); md != nil {
				checkKeys(pass, f, fm, md, knownMetadataKeys, allow, "metadata.", true)
			}
		}
	},
}

//go:embed frontmatter-unknown-key.md
var unknownKeyDoc string

// checkKeys reports the keys of mapping m that are not known. Under
// metadata: (misspellingsOnly) Claude Code itself files every key other
// than name and description when it stamps a memory (a Write of "tags:"
// lands as metadata.tags), so there only a misspelling of a known key
// that the mapping lacks is reported.
func checkKeys(pass *lint.Pass, f *memory.File, fm *markdown.Frontmatter, m *yaml.Node, known, allow []string, prefix string, misspellingsOnly bool) {
	present := make(map[string]bool, len(m.Content)/2)
	for i := 0; i+1 < len(m.Content); i += 2 {
		present[m.Content[i].Value] = true
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := m.Content[i]
		if contains(known, k.Value) || contains(allow, k.Value) || contains(allow, prefix+k.Value) {
			continue
		}
		near := misspeltKey(k.Value, known)
		if misspellingsOnly && (near == "" || present[near]) {
			continue // a key of the author's own, or the real key is there too
		}
		msg := fmt.Sprintf("frontmatter key %s%s is not one Claude Code uses", prefix, k.Value)
		suggestion := "move it into the body, or allow it with the option allow"
		if near != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", near)
			suggestion = "rename it to " + near
		}
		pos := fm.Pos(k)
		pass.Report(lint.Diagnostic{Path: f.Path, Start: pos, End: f.NodeEnd(k),
			Message: msg, Suggestion: suggestion})
	}
}

// maxKeyRunes bounds the keys misspeltKey compares: every known key is far
// shorter.
const maxKeyRunes = 32

// misspeltKey returns the known key that key is a near misspelling of,
// or "": the same key in another case or with other separators
// (Description, origin_session_id), one typo (tpye, modifed), two in a
// key of eight letters or more (created_at), or a cut of four letters or more
// (desc, meta). "ended" is no misspelling of pinned, nor "tags" of type.
func misspeltKey(key string, known []string) string {
	k := []rune(normalKey(key))
	if len(k) > maxKeyRunes {
		return "" // no known key is near one that long
	}
	limit := 1
	if len(k) >= 8 {
		limit = 2 // not for "related", two typos from "created"
	}
	best, bestDist := "", limit+1
	for _, c := range known {
		nc := normalKey(c)
		nr := []rune(nc)
		if len(nr) > maxKeyRunes {
			continue // beyond typoDistance's rows; no known key is that long
		}
		d := typoDistance(k, nr)
		if len(k) >= 4 && strings.HasPrefix(nc, string(k)) {
			d = 1 // a cut: desc, meta
		}
		if d <= limit && d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// normalKey lowercases a key and drops its separators.
func normalKey(key string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r == '-' || r == ' ' {
			return -1
		}
		return unicode.ToLower(r)
	}, key)
}

// typoDistance is the number of typos between a and b: letters inserted,
// deleted, replaced or two neighbours swapped (optimal string alignment
// distance). b is at most maxKeyRunes long (a known key); three rows on
// the stack keep it free of allocations.
func typoDistance(a, b []rune) int {
	var rows [3][maxKeyRunes + 1]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// CommentTruncation reports plain values that YAML cuts at " #".
var CommentTruncation = &lint.Rule{
	ID:       "frontmatter-comment-truncation",
	Stage:    lint.Preview,
	Severity: lint.Warning,
	Summary:  "an unquoted value contains \" #\": YAML drops the rest as a comment",
	Doc:      commentTruncationDoc,
	Fix:      "safe (--fix): quotes the value, comment included",
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			if !pass.Focused(f) {
				continue // its findings are not kept (the Claude Code hook)
			}
			fm := f.Frontmatter()
			if fm == nil || fm.Doc == nil || fm.Repaired {
				continue
			}
			var found []*yaml.Node
			collectTruncated(fm.Doc, &found, 0)
			sort.Slice(found, func(i, j int) bool { return found[i].Line < found[j].Line })
			for _, v := range found {
				pos := fm.Pos(v)
				line := string(f.Lines.Line(pos.Line))
				hash := commentColumn(line, v)
				start := markdown.Pos{Line: pos.Line, Col: hash}
				d := lint.Diagnostic{Path: f.Path, Start: start, End: f.Lines.LineEndPos(pos.Line),
					Message:    fmt.Sprintf("YAML reads this value as %s and drops %s as a comment", ruleutil.Quote(ruleutil.Clip(v.Value, 60)), ruleutil.Quote(ruleutil.Clip(strings.TrimSpace(v.LineComment), 40))),
					Suggestion: fmt.Sprintf("quote the whole value: \"%s %s\"", v.Value, strings.TrimSpace(v.LineComment))}
				if !strings.Contains(v.Value, "\n") {
					// The value and its "comment" are one line: quote all of it.
					from := f.Lines.Offset(pos)
					to := f.Lines.LineEnd(pos.Line)
					raw := strings.TrimRight(string(f.Src[from:to]), " \t")
					d.Fix = &lint.Fix{Message: "quote the value", Edits: []memory.TextEdit{
						f.Replace(markdown.Span{Start: from, End: from + len(raw)}, doubleQuote(raw))}}
				}
				pass.Report(d)
			}
		}
	},
}

//go:embed frontmatter-comment-truncation.md
var commentTruncationDoc string

// tokenKeys hold single tokens (a type, a timestamp, an ID): a comment
// after them is a comment, not lost text.
var tokenKeys = map[string]bool{"type": true, "node_type": true, "modified": true, "originSessionId": true}

// collectTruncated finds plain free-text values followed by a comment on
// their line: a value YAML cut at " #".
func collectTruncated(n *yaml.Node, out *[]*yaml.Node, depth int) {
	if depth > 16 {
		return
	}
	switch n.Kind {
	case yaml.MappingNode:
		for i := 1; i < len(n.Content); i += 2 {
			k, v := n.Content[i-1], n.Content[i]
			if v.Kind == yaml.ScalarNode && v.Style == 0 && v.LineComment != "" && v.Value != "" && !tokenKeys[k.Value] {
				*out = append(*out, v)
			}
			collectTruncated(v, out, depth+1)
		}
	case yaml.SequenceNode:
		for _, c := range n.Content {
			collectTruncated(c, out, depth+1)
		}
	}
}

// commentColumn finds the 1-based column of the "#" that starts the comment
// after value v on its line.
func commentColumn(line string, v *yaml.Node) int {
	runes := []rune(line)
	for i := max(v.Column-1, 0); i < len(runes); i++ {
		if runes[i] == '#' && i > 0 && (runes[i-1] == ' ' || runes[i-1] == '\t') {
			return i + 1
		}
	}
	return v.Column
}

// doubleQuote writes s as a YAML double-quoted scalar.
func doubleQuote(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}

// scalarSpan returns the source span of a single-line scalar's value:
// the text itself for a plain scalar, the text inside the quotes for a
// quoted one without escapes. ok is false when the source does not hold
// the value verbatim (escapes, folding).
func scalarSpan(f *memory.File, fm *markdown.Frontmatter, v *yaml.Node) (markdown.Span, bool) {
	start := f.Lines.Offset(fm.Pos(v))
	switch v.Style {
	case 0:
	case yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle:
		start++
	default:
		return markdown.Span{}, false
	}
	end := start + len(v.Value)
	if end > len(f.Src) || string(f.Src[start:end]) != v.Value {
		return markdown.Span{}, false
	}
	return markdown.Span{Start: start, End: end}, true
}

// unknownKeyOptions are frontmatter-unknown-key's options.
type unknownKeyOptions struct {
	Allow []string `option:"allow" doc:"extra keys to accept"`
}
