package claudemd

import (
	_ "embed"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// ClaudeMdOverlap reports a memory whose statement is already in an
// instruction file Claude Code loads for the repository: the memory costs
// index budget and recall to say again what every conversation reads.
var ClaudeMdOverlap = &lint.Rule{
	ID:       "claude-md-overlap",
	Stage:    lint.Preview,
	Severity: lint.Warning,
	Summary:  "a memory says again what CLAUDE.md, AGENTS.md, .claude/rules or an import of theirs already says",
	Doc:      overlapDoc,
	Options:  lint.OptionsOf(overlapOptions{MinWords: 6, BodyShare: 80, MinShare: 10}),
	Run: func(pass *lint.Pass) {
		files := pass.Instructions()
		if len(files) == 0 {
			return
		}
		var idx *instructionIndex
		var m topicMemory
		var pointers map[string]map[place]bool // where the instructions name the dir's files
		for _, f := range pass.Dir.Topics {
			if !pass.Focused(f) || !pass.Keeps(f, lint.Warning) {
				continue
			}
			if idx == nil {
				idx = newInstructionIndex(files)
			}
			readMemory(f, &m)
			if !idx.touches(&m) || m.citesInstructions(files) {
				continue
			}
			if pointers == nil {
				pointers = idx.pointers(filepath.Base(pass.Abs(pass.Dir.Path)))
			}
			// A memory an instruction file imports is one of them: it is
			// not compared with itself.
			m.self = idx.fileAt(filepath.ToSlash(pass.Abs(f.Path)))
			opts := lint.OptionsFor[overlapOptions](pass, f)
			if o, ok := idx.strongest(&m, opts, pointers[strings.ToLower(f.Rel)]); ok {
				reportOverlap(pass, f, o)
			}
		}
	},
}

//go:embed claude-md-overlap.md
var overlapDoc string

type overlapOptions struct {
	MinWords  int `option:"min-words" doc:"fewest words (or a third of the CJK characters) a sentence needs to count as a statement"`
	BodyShare int `option:"body-share" doc:"percentage of the memory's word shingles one instruction file must hold to report the memory as a whole"`
	MinShare  int `option:"min-share" doc:"percentage of the memory's words one instruction file must hold before a sentence of the memory found in it is reported"`
}

// overlap is what one finding reports.
type overlap struct {
	stmt *statement // the memory's sentence, or nil when the body as a whole repeats
	text string     // the sentence's text
	file *claude.InstructionFile
	line int
	// share is the percentage of the body's shingles the file holds, for
	// a whole-body overlap, or of the body's words, for a sentence.
	share int
	// start and end are where the finding is reported in the memory.
	start, end markdown.Pos
}

func reportOverlap(pass *lint.Pass, f *memory.File, o overlap) {
	where := fmt.Sprintf("%s:%d", o.file.Name, o.line)
	if o.stmt == nil {
		pass.ReportAt(f, o.start, markdown.Pos{},
			fmt.Sprintf("%d%% of this memory is already in %s, which Claude Code loads into every conversation", o.share, where),
			fmt.Sprintf("delete the memory, or keep only what %s does not say (the why, the exceptions)", o.file.Name))
		return
	}
	msg := fmt.Sprintf("%q is already in %s, which Claude Code loads into every conversation; %d%% of this memory's words are in that file", clip(o.text, 60), where, o.share)
	if o.stmt.text != "" {
		// The description of a memory whose body is too short to say more.
		msg = fmt.Sprintf("the description %q is already in %s, which Claude Code loads into every conversation", clip(o.text, 60), where)
	}
	pass.ReportAt(f, o.start, o.end, msg,
		fmt.Sprintf("remove what the memory repeats, or keep only what %s does not say (the why, the exceptions)", o.file.Name))
}

// clip shortens s to about n characters on a word boundary.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := string(r[:n])
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return cut + "…"
}
