package index

import (
	_ "embed"
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules/internal/ruleutil"
)

// EntryLength reports long index entries: over Claude Code's own "under
// ~200 chars" in any index, and over 150 in an index near its budget,
// where every character of every entry is what pushes the newest entries
// past the cut.
var EntryLength = &lint.Rule{
	ID:       "index-entry-length",
	Stage:    lint.Preview,
	Severity: lint.Warning,
	Summary:  "an index entry is longer than 200 characters, or than 150 (option max) in an index at 70 % of Claude Code's limits",
	Doc:      entryLengthDoc,
	Options:  lint.OptionsOf(entryLengthOptions{Max: 150, MaxAnywhere: 200}),
	Run: func(pass *lint.Pass) {
		f := pass.Dir.Index
		if f == nil {
			return
		}
		limit := entryLimitFor(f.Index.Budget, lint.OptionsFor[entryLengthOptions](pass, f))
		loaded := "the index is loaded into every conversation"
		if pass.Dir.Kind == memory.DirSubagent {
			loaded = "this MEMORY.md goes into the subagent's prompt every time it runs"
		}
		var long []longEntry
		flush := func() {
			if len(long) > 0 {
				reportLong(pass, f, limit, loaded, long)
				long = long[:0]
			}
		}
		parts := newRunSplitter(f)
		for _, e := range f.Index.Entries {
			if parts.breaksBefore(e) {
				flush() // a comment ends a group: suppressions go there
			}
			// Only entries: content lines without a memory link are
			// index-entry-format's, which already says they do not belong.
			if e.Kind != memory.EntryItem && e.Kind != memory.EntryTableRow {
				continue
			}
			links := ruleutil.TopicLinks(e.Links)
			if len(links) == 0 {
				continue
			}
			text := strings.TrimSpace(string(f.Src[f.Lines.LineStart(e.StartLine):e.End]))
			n := utf8.RuneCountInString(text)
			if n <= limit.max {
				continue
			}
			long = append(long, longEntry{entry: e, length: n, titleRepeatsName: titleRepeatsName(links[0])})
		}
		flush()
	},
}

//go:embed index-entry-length.md
var entryLengthDoc string

// entryLengthOptions are index-entry-length's options.
type entryLengthOptions struct {
	Max         int `option:"max" doc:"longest entry in an index at 70 % or more of Claude Code's limits (140 lines or 17,500 UTF-16 units), in characters"`
	MaxAnywhere int `option:"max-anywhere" doc:"longest entry in any index, however small, in characters (max, when that is larger)"`
}

// An index is near its budget from the size Claude Code asks its rewrite
// to reach, 70 % of its limits (140 lines, 17,500 units; SPEC §1.3), where
// index-line-limit and index-size-limit warn: the long entries are then
// what there is to cut.
const (
	nearBudgetLines = memory.IndexWarnLines
	nearBudgetUnits = memory.IndexWarnUnits
)

// entryLimit is the length over which an index's entries are reported,
// and why that length.
type entryLimit struct {
	max int
	// budget says how full a near-budget index is ("172 lines of Claude
	// Code's 200"); "" when the index has room and only the general limit
	// applies. over is set when the index is past the limit.
	budget string
	over   bool
}

// entryLimitFor returns the limit for an index with budget b: max once
// the index is near Claude Code's limits, else max-anywhere (never below
// max, so that a max set above it is still the longest entry reported).
func entryLimitFor(b memory.IndexBudget, o entryLengthOptions) entryLimit {
	anywhere := max(o.MaxAnywhere, o.Max)
	if b.Lines < nearBudgetLines && b.Units < nearBudgetUnits || o.Max >= anywhere {
		return entryLimit{max: anywhere}
	}
	// Name the measure that is fuller.
	if b.Lines*memory.IndexMaxUnits >= b.Units*memory.IndexMaxLines {
		return entryLimit{max: o.Max, over: b.Lines > memory.IndexMaxLines,
			budget: fmt.Sprintf("%d lines of Claude Code's %d", b.Lines, memory.IndexMaxLines)}
	}
	return entryLimit{max: o.Max, over: b.Units > memory.IndexMaxUnits,
		budget: fmt.Sprintf("%s UTF-16 units of Claude Code's %s", ruleutil.Thousands(b.Units), ruleutil.Thousands(memory.IndexMaxUnits))}
}

// why says, for a message, why entries over the limit are too long.
func (l entryLimit) why() string {
	switch {
	case l.budget == "":
		return "Claude Code asks for index entries under ~200 characters"
	case l.over:
		return "the index is over its budget (" + l.budget + ")"
	}
	return "the index is near its budget (" + l.budget + ")"
}

// longEntry is an entry over the limit.
type longEntry struct {
	entry  memory.IndexEntry
	length int
	// titleRepeatsName is set when the link's title is the file's name:
	// part of the length is then a title that says nothing the link does
	// not, not a hook to cut.
	titleRepeatsName bool
}

// reportLong reports the long entries of an index (of a part of it
// between HTML comments): one alone with its length, several as one
// finding that lists their lines, rather than one finding per line.
func reportLong(pass *lint.Pass, f *memory.File, limit entryLimit, loaded string, long []longEntry) {
	titles := 0
	longest := long[0]
	for _, l := range long {
		if l.titleRepeatsName {
			titles++
		}
		if l.length > longest.length {
			longest = l
		}
	}
	if len(long) == 1 {
		msg := fmt.Sprintf("index entry is %d characters (max %d): %s; %s, and detail belongs in the topic file", long[0].length, limit.max, limit.why(), loaded)
		suggestion := "move the detail into the topic file (its description or body), then cut the hook after the link to a few words"
		if titles == 1 {
			msg = fmt.Sprintf("index entry is %d characters (max %d), its link's title repeating the file name: %s; %s", long[0].length, limit.max, limit.why(), loaded)
			suggestion = "give the link a title of a few words (the file name is already in the link), and keep the hook after it to a few words; detail belongs in the topic file"
		}
		pass.ReportSpan(f, long[0].entry.Span, msg, suggestion)
		return
	}
	msg := fmt.Sprintf("%d index entries are longer than %d characters, on %s (the longest, %d, on line %d): %s; %s, and detail belongs in the topic files",
		len(long), limit.max, lineList(long), longest.length, longest.entry.StartLine, limit.why(), loaded)
	suggestion := "for each, move the detail into the topic file (its description or body), then cut the hook after the link to a few words"
	if titles > 0 {
		msg += fmt.Sprintf("; %s the file name as the link's title", ruleutil.Plural(titles, "entry repeats", "entries repeat"))
		suggestion += "; a link's title of a few words is enough, the file name is already in the link"
	}
	pass.ReportSpan(f, markdown.Span{Start: long[0].entry.Start, End: long[len(long)-1].entry.End}, msg, suggestion)
}

// maxListedRanges bounds the ranges of lines a message lists.
const maxListedRanges = 12

// lineList says on which lines long entries start, ranges of neighbours
// joined: "lines 3–5, 9 and 12", at most maxListedRanges ranges and then
// how many entries more.
func lineList(long []longEntry) string {
	var ranges []string
	listed := 0
	for i := 0; i < len(long) && len(ranges) < maxListedRanges; {
		j := i
		for j+1 < len(long) && long[j+1].entry.StartLine == long[j].entry.EndLine+1 {
			j++
		}
		if j == i {
			ranges = append(ranges, fmt.Sprint(long[i].entry.StartLine))
		} else {
			ranges = append(ranges, fmt.Sprintf("%d–%d", long[i].entry.StartLine, long[j].entry.StartLine))
		}
		listed += j - i + 1
		i = j + 1
	}
	if more := len(long) - listed; more > 0 {
		return "lines " + strings.Join(ranges, ", ") + fmt.Sprintf(" and %d more", more)
	}
	if len(ranges) == 1 {
		return "lines " + ranges[0]
	}
	return "lines " + strings.Join(ranges[:len(ranges)-1], ", ") + " and " + ranges[len(ranges)-1]
}

// titleRepeatsName reports whether a link's title is its file's name or
// path written as one ("[feedback_testing.md](feedback_testing.md)",
// "[feedback-testing](feedback_testing.md)"), ignoring case, the extension
// and whether words are joined by _ or -. A title in words that happen to
// be the name's ("[Retry rules](retry_rules.md)") is a title.
func titleRepeatsName(l ruleutil.TopicLink) bool {
	title := strings.Trim(l.Text, "`*_ ")
	if title == "" || strings.ContainsAny(title, " \t") {
		return false
	}
	key := nameKey(title)
	return key == nameKey(l.Target) || key == nameKey(path.Base(l.Target))
}

// nameKey is a file name with its case, extension and word separators
// (_ -) evened out.
func nameKey(s string) string {
	s = strings.ToLower(s)
	if ruleutil.IsMarkdownPath(s) {
		s = s[:len(s)-len(path.Ext(s))]
	}
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '_' || r == '-' }), " ")
}
