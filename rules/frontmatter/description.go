package frontmatter

import (
	_ "embed"
	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/rules/internal/ruleutil"

	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

var placeholderPattern = lazyre.New(`\{\{[^}]*\}\}|^<[^<>]+>$|^\[[^\]]*\]$`)

// DescriptionQuality reports descriptions that cannot guide recall.
var DescriptionQuality = &lint.Rule{
	ID:       "description-quality",
	Stage:    lint.Preview,
	Severity: lint.Warning,
	Summary:  "description is too short, a placeholder, generic, too long, or the same as another memory's",
	Doc:      descriptionQualityDoc,
	Options:  lint.OptionsOf(descriptionOptions{MinWords: 4, Max: descriptionMax}),
	Run: func(pass *lint.Pass) {
		var shared *sharedDescriptions // made for the first description that needs it
		for _, f := range pass.Dir.Topics {
			if !pass.Focused(f) {
				continue // its findings are not reported
			}
			fm := f.Frontmatter()
			if fm == nil || fm.Doc == nil {
				continue
			}
			_, v := fm.Field("description")
			desc := strings.TrimSpace(markdown.ScalarValue(v))
			if desc == "" {
				continue // frontmatter-required or frontmatter-field-type
			}
			if fieldTypeProblem(v) != "" || !fm.Repaired && v.Style == 0 && v.LineComment != "" {
				// frontmatter-field-type or frontmatter-comment-truncation
				// already explains this value, and fixing that changes it.
				continue
			}
			opts := lint.OptionsFor[descriptionOptions](pass, f)
			problem := descriptionProblem(desc, opts.MinWords, opts.Max)
			suggestion := "write one specific line: what the memory says and when it applies"
			if problem == "" {
				if shared == nil {
					shared = newSharedDescriptions(pass.Dir)
				}
				other := shared.before(f)
				if other == "" {
					continue
				}
				problem = "is the same as " + other + "'s" + sameWhy
				suggestion = "say in each description what that memory alone holds"
			}
			pos := fm.Pos(v)
			pass.Report(lint.Diagnostic{Path: f.Path, Start: pos, Message: "description " + problem, Suggestion: suggestion})
		}
	},
}

//go:embed description-quality.md
var descriptionQualityDoc string

// sameWhy is why two memories of one description matter.
const sameWhy = ": Claude Code's recall selector and the index show only the description, so they cannot tell these memories apart"

// sharedDescriptions finds the memories of a dir whose description another
// memory has too, after folding case, spacing and punctuation ("Run the
// tests first." and "run the tests first"). A private memory that shares
// one with a team memory, which Claude Code loads beside it, is reported
// naming the team one; pairs of team memories are the team dir's own run's.
type sharedDescriptions struct {
	first map[string]*memory.File // by folded description, the first private memory in path order
	team  map[string]*memory.File // the same of the team memories
	key   map[*memory.File]string // each private memory's folded description, folded once
}

func newSharedDescriptions(d *memory.Dir) *sharedDescriptions {
	s := &sharedDescriptions{first: map[string]*memory.File{}, team: map[string]*memory.File{}, key: make(map[*memory.File]string, len(d.Topics))}
	for _, f := range d.Topics {
		k := foldDescription(f)
		s.key[f] = k
		if k != "" && s.first[k] == nil {
			s.first[k] = f
		}
	}
	for _, f := range d.TeamTopics() {
		if k := foldDescription(f); k != "" && s.team[k] == nil {
			s.team[k] = f
		}
	}
	return s
}

// before names the memory whose description f repeats: a team memory, or
// a private one before f in path order; "" for none.
func (s *sharedDescriptions) before(f *memory.File) string {
	k, ok := s.key[f]
	if !ok {
		k = foldDescription(f)
	}
	if k == "" {
		return ""
	}
	if t := s.team[k]; t != nil {
		return memory.TeamDirName + "/" + t.Rel
	}
	if o := s.first[k]; o != nil && o != f {
		return o.Rel
	}
	return ""
}

// foldDescription is f's description with case, spacing and punctuation
// folded; "" when it has none.
func foldDescription(f *memory.File) string {
	return strings.Join(descriptionWords(f.FieldValue("description")), " ")
}

// vagueWhy is why a vague description matters.
const vagueWhy = ": it is all Claude Code's recall selector reads to decide whether this memory is relevant"

func descriptionProblem(desc string, minWords, max int) string {
	if (strings.Contains(desc, "{{") || strings.HasPrefix(desc, "<") || strings.HasPrefix(desc, "[")) && placeholderPattern.MatchString(desc) {
		return fmt.Sprintf("%s is a template placeholder", ruleutil.Quote(ruleutil.Clip(desc, 40))) + vagueWhy
	}
	words := descriptionWords(desc)
	generic := len(words) > 0
	for _, w := range words {
		if !genericWords[w] {
			generic = false
			break
		}
	}
	switch {
	case generic:
		return fmt.Sprintf("%s is generic", ruleutil.Quote(ruleutil.Clip(desc, 40))) + vagueWhy
	case ruleutil.WordCount(desc) < minWords:
		return fmt.Sprintf("%s is too short (fewer than %d words)", ruleutil.Quote(ruleutil.Clip(desc, 40)), minWords) + vagueWhy
	case utf8.RuneCountInString(desc) > max:
		return fmt.Sprintf("is %d characters (max %d): the recall selector wants a one-line summary (Claude Code's recall warns from 300); detail belongs in the body", utf8.RuneCountInString(desc), max)
	}
	return ""
}

// descriptionWords returns the lowercased words of s without punctuation.
func descriptionWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '/' && r != '-'
	})
}

// descriptionOptions are description-quality's options.
type descriptionOptions struct {
	MinWords int `option:"min-words" doc:"fewest words a description may have"`
	Max      int `option:"max" doc:"longest description, in characters"`
}

// descriptionMax is the longest description reported by default: a tenth
// under the 300 characters from which Claude Code's recall warns the agent
// itself (SPEC §1.4), so that a description is cut before that; a specific
// summary of two sentences, a few words over 250, is not worth a rewrite.
const descriptionMax = 270
