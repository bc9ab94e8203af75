package frontmatter

import (
	_ "embed"
	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/rules/internal/ruleutil"

	"bytes"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// EarlyClose reports a "---" inside the frontmatter, where
// Claude Code ends it.
var EarlyClose = &lint.Rule{
	ID:       "frontmatter-early-close",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "a --- inside the frontmatter (in a value): Claude Code ends the frontmatter there and loses the rest",
	Doc:      earlyCloseDoc,
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			if !pass.Focused(f) {
				continue // its findings are not reported
			}
			fm := f.Frontmatter()
			if fm == nil || fm.EarlyClose < 0 {
				continue
			}
			pos := f.Pos(fm.EarlyClose)
			pass.Report(lint.Diagnostic{Path: f.Path, Start: pos, End: markdown.Pos{Line: pos.Line, Col: pos.Col + 3},
				Message: fmt.Sprintf("\"---\" inside the frontmatter: Claude Code ends the frontmatter at the first ---, even inside a value, %s",
					earlyCloseLoss(f, fm)),
				Suggestion: "replace --- with a dash (—) or another separator"})
		}
	},
}

//go:embed frontmatter-early-close.md
var earlyCloseDoc string

// earlyCloseLoss says what Claude Code reads of a frontmatter cut short, by
// comparing the keys it reads with those of the whole block.
func earlyCloseLoss(f *memory.File, fm *markdown.Frontmatter) string {
	read := markdown.DecodeLenient(fm.ClaudeYAML(f.Src, f.Lines))
	if read == nil {
		return "so what comes before it is not valid YAML and Claude Code reads no frontmatter at all: this memory has no description and no type"
	}
	whole := fm.Doc
	if whole == nil {
		whole = markdown.DecodeLenient(fm.Raw)
	}
	var cut, lost []string
	if whole == nil {
		// The whole block is not YAML either (or never closed): name the
		// keys from the lines themselves.
		cut, lost = earlyCloseLines(f, fm, read)
	}
	for _, key := range keysOf(whole) {
		_, was := markdown.Lookup(whole, key)
		_, now := markdown.Lookup(read, key)
		switch {
		case now == nil:
			lost = append(lost, key)
		case was.Kind == yaml.ScalarNode && now.Kind == yaml.ScalarNode && was.Value != now.Value:
			cut = append(cut, fmt.Sprintf("%s as %s", key, ruleutil.Quote(ruleutil.Clip(now.Value, 60))))
		}
	}
	// A type under metadata: is lost with the keys after it.
	_, wasType := markdown.Lookup(metadataOf(whole), "type")
	_, nowType := markdown.Lookup(metadataOf(read), "type")
	if wasType != nil && nowType == nil && !contains(lost, "metadata") {
		lost = append(lost, "metadata.type")
	}
	var parts []string
	if len(cut) > 0 {
		parts = append(parts, "reads "+strings.Join(cut, ", "))
	}
	if len(lost) > 0 {
		parts = append(parts, "loses "+strings.Join(lost, ", "))
	}
	if len(parts) == 0 {
		return "so it loses the rest of the frontmatter"
	}
	msg := "so it " + strings.Join(parts, " and ")
	if !hasType(read) && (hasType(whole) || contains(lost, "type") || contains(lost, "metadata")) {
		msg += ": this memory has no type"
	}
	return msg
}

// topKeyLine matches a line that starts a top-level key.
var topKeyLine = lazyre.New(`^([A-Za-z_][A-Za-z0-9_-]*):(?:[ \t]|$)`)

// earlyCloseLines finds, from the text, the key cut by the early "---"
// and the top-level keys after it, up to the closing line (or, for a
// block never closed, the first blank line or the recall scan's window).
func earlyCloseLines(f *memory.File, fm *markdown.Frontmatter, read *yaml.Node) (cut, lost []string) {
	at := f.Pos(fm.EarlyClose).Line
	if m := topKeyLine.FindSubmatch(f.Lines.Line(at)); m != nil {
		if _, v := markdown.Lookup(read, string(m[1])); v != nil && v.Kind == yaml.ScalarNode {
			cut = append(cut, fmt.Sprintf("%s as %s", m[1], ruleutil.Quote(ruleutil.Clip(v.Value, 60))))
		}
	}
	last := fm.CloseLine - 1
	if fm.CloseLine == 0 {
		last = min(f.Lines.Lines(), recallScanLines)
	}
	for n := at + 1; n <= last; n++ {
		line := f.Lines.Line(n)
		if fm.CloseLine == 0 && len(bytes.TrimSpace(line)) == 0 {
			break
		}
		if m := topKeyLine.FindSubmatch(line); m != nil && !contains(lost, string(m[1])) {
			lost = append(lost, string(m[1]))
		}
	}
	return cut, lost
}

// keysOf returns the keys of a mapping in order, each once.
func keysOf(m *yaml.Node) []string {
	if m == nil {
		return nil
	}
	var out []string
	for i := 0; i+1 < len(m.Content); i += 2 {
		if k := m.Content[i].Value; !contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

func metadataOf(m *yaml.Node) *yaml.Node {
	_, v := markdown.Lookup(m, "metadata")
	if v == nil || v.Kind != yaml.MappingNode {
		return nil
	}
	return v
}

// hasType reports whether a frontmatter mapping holds a type where Claude
// Code looks for one, valid or not.
func hasType(m *yaml.Node) bool {
	_, top := markdown.Lookup(m, "type")
	_, nested := markdown.Lookup(metadataOf(m), "type")
	return !isEmpty(top) || !isEmpty(nested)
}
