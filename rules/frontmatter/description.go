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
)

// genericWords make up descriptions that say nothing about the memory.
var genericWords = map[string]bool{
	"notes": true, "note": true, "misc": true, "miscellaneous": true, "todo": true, "todos": true,
	"stuff": true, "various": true, "things": true, "thing": true, "info": true, "information": true,
	"general": true, "other": true, "others": true, "tbd": true, "n/a": true, "none": true, "memory": true,
	"memories": true, "random": true, "some": true, "and": true, "etc": true, "details": true, "wip": true,
	"temp": true, "tmp": true, "placeholder": true, "description": true, "untitled": true, "-": true,
}

var placeholderPattern = lazyre.New(`\{\{[^}]*\}\}|^<[^<>]+>$|^\[[^\]]*\]$`)

// DescriptionQuality reports descriptions that cannot guide recall.
var DescriptionQuality = &lint.Rule{
	ID:       "description-quality",
	Severity: lint.Warning,
	Summary:  "description is too short, a placeholder, generic, or too long",
	Doc:      descriptionQualityDoc,
	Options:  lint.OptionsOf(descriptionOptions{MinWords: 4, Max: 250}),
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			if !pass.Focused(f) {
				continue // its findings are not reported
			}
			fm := f.Frontmatter()
			if fm == nil || fm.Doc == nil {
				continue
			}
			_, v := fm.Field("description")
			desc := strings.TrimSpace(lint.ScalarValue(v))
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
			if problem == "" {
				continue
			}
			pos := fm.Pos(v)
			pass.Report(lint.Diagnostic{Path: f.Path, Start: pos,
				Message:    "description " + problem,
				Suggestion: "write one specific line: what the memory says and when it applies"})
		}
	},
}

//go:embed description-quality.md
var descriptionQualityDoc string

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
		return fmt.Sprintf("is %d characters (max %d): the recall selector wants a one-line summary; detail belongs in the body", utf8.RuneCountInString(desc), max)
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
