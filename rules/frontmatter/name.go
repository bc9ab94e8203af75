package frontmatter

import (
	_ "embed"
	"github.com/memlint/memlint/rules/internal/ruleutil"

	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules/secret"
)

// NameDuplicate reports two memories of one dir with the same name.
var NameDuplicate = &lint.Rule{
	ID:       "name-duplicate",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "two memories in one dir share a name",
	Doc:      nameDuplicateDoc,
	Run: func(pass *lint.Pass) {
		first := map[string]*memory.File{}
		for _, f := range pass.Dir.Topics {
			name := strings.TrimSpace(f.FieldValue("name"))
			if name == "" {
				continue
			}
			key := strings.ToLower(name)
			other, dup := first[key]
			if !dup {
				first[key] = f
				continue
			}
			k, _ := f.Frontmatter().Field("name")
			pos := f.Frontmatter().Pos(k)
			pass.Report(lint.Diagnostic{Path: f.Path, Start: pos,
				Message:    fmt.Sprintf("name %s is also the name of %s: [[%s]] links and updates cannot tell them apart", ruleutil.Quote(name), other.Rel, name),
				Suggestion: "give this memory its own name, or merge the two memories"})
		}
	},
}

//go:embed name-duplicate.md
var nameDuplicateDoc string

// isSlug reports whether name is a slug: lowercase letters (or letters of
// scripts without case) and digits, joined by single hyphens or
// underscores. Claude Code's own stamping keeps underscores (a Write of
// "name: feedback_run_tests" stays so on disk; conformance case
// write/name-underscore), so snake case is a slug too. It is the regular
// expression ^[\p{Ll}\p{Lo}\p{Nd}]+(?:[-_][\p{Ll}\p{Lo}\p{Nd}]+)*$ (the
// reference of TestIsSlug) written as a loop: compiling those Unicode
// classes took half a millisecond of every hook run.
func isSlug(name string) bool {
	run := 0 // slug characters since the start or the last separator
	for _, r := range name {
		switch {
		case r < utf8.RuneSelf && ('a' <= r && r <= 'z' || '0' <= r && r <= '9'),
			r >= utf8.RuneSelf && (unicode.Is(unicode.Ll, r) || unicode.Is(unicode.Lo, r) || unicode.Is(unicode.Nd, r)):
			run++
		case (r == '-' || r == '_') && run > 0:
			run = 0
		default:
			return false
		}
	}
	return run > 0
}

// NameFormat reports names that are not short kebab-case slugs.
var NameFormat = &lint.Rule{
	ID:       "name-format",
	Severity: lint.Info,
	Summary:  "name is not a short kebab-case slug",
	Doc:      nameFormatDoc,
	Options:  lint.OptionsOf(nameFormatOptions{Max: 64}),
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			if !pass.Focused(f) {
				continue // its findings are not reported
			}
			fm := f.Frontmatter()
			if fm == nil || fm.Doc == nil {
				continue
			}
			_, v := fm.Field("name")
			name := markdown.ScalarValue(v)
			if v == nil || strings.TrimSpace(name) == "" {
				continue
			}
			max := lint.OptionsFor[nameFormatOptions](pass, f).Max
			var problem string
			switch {
			case !isSlug(name):
				problem = "is not a kebab-case slug"
			case utf8.RuneCountInString(name) > max:
				problem = fmt.Sprintf("is %d characters, longer than %d", utf8.RuneCountInString(name), max)
			default:
				continue
			}
			pos := fm.Pos(v)
			pass.Report(lint.Diagnostic{Path: f.Path, Start: pos, End: f.NodeEnd(v),
				Message:    fmt.Sprintf("name %s %s: Claude Code gives the memories it writes short slug names like “feedback-testing”, easy to type exactly in a [[link]]", ruleutil.Quote(ruleutil.Clip(name, 60)), problem),
				Suggestion: "name: " + suggestSlug(name, f.Stem(), max)})
		}
	},
}

//go:embed name-format.md
var nameFormatDoc string

// slugPlaceholder stands for a slug memlint has none to propose for.
const slugPlaceholder = "<a short kebab-case slug>"

// suggestSlug proposes a slug for a name: the name's own words, or, when
// those are not plain ASCII (a Chinese or Korean title, emoji), the file
// name's, which people type in links more easily; cut to max characters
// at a word boundary.
func suggestSlug(name, stem string, max int) string {
	slug := slugOf(name)
	if !isASCII(slug) || slug == "" {
		if s := slugOf(stem); s != "" && isASCII(s) {
			slug = s
		}
	}
	if slug == "" {
		return slugPlaceholder
	}
	if r := []rune(slug); len(r) > max {
		cut := string(r[:max])
		if i := strings.LastIndexByte(cut, '-'); i > 0 && r[max] != '-' {
			cut = cut[:i]
		}
		slug = strings.TrimRight(cut, "-")
	}
	return slug
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// slugOf is slugify(s), or "" when s holds a secret: a lowercased token
// in a suggestion (or a fix) is still most of the token.
func slugOf(s string) string {
	if secret.Redact(s) != s {
		return ""
	}
	return slugify(s)
}

// stemSlug is the name suggested from a file's name, a placeholder when
// the name holds a secret.
func stemSlug(f *memory.File) string {
	if secret.Redact(f.Stem()) != f.Stem() {
		return slugPlaceholder
	}
	return slugify(f.Stem())
}

// slugify turns a name into a kebab-case slug: letters and digits kept and
// lowercased, everything else a single hyphen.
func slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(unicode.ToLower(r))
			dash = false
			continue
		}
		dash = true
	}
	return b.String()
}

// nameFormatOptions are name-format's options.
type nameFormatOptions struct {
	Max int `option:"max" doc:"longest name, in characters"`
}
