package rules

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
)

// NameDuplicate reports two memories of one dir with the same name.
var NameDuplicate = &lint.Rule{
	ID:       "name-duplicate",
	Severity: lint.Error,
	Summary:  "two memories in one dir share a name",
	Doc: `A memory's ` + "`name`" + ` is what ` + "`[[name]]`" + ` links resolve to and what newer
Claude Code uses to identify a memory when it rewrites or consolidates memory.
Two memories with one name make links ambiguous and let an update land in the
wrong file. Names are compared ignoring case, as links are.

Bad: ` + "`name: testing`" + ` in both feedback_testing.md and project_testing.md.
Good: ` + "`name: feedback-testing`" + ` and ` + "`name: project-test-infra`" + `.

Fix: rename one of them (and update links to it), or merge the two memories.`,
	Run: func(pass *lint.Pass) {
		first := map[string]*lint.File{}
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
			k, _ := f.Frontmatter.Field("name")
			pos := f.Frontmatter.Pos(k)
			pass.Report(lint.Diagnostic{Path: f.Path, Start: pos,
				Message:    fmt.Sprintf("name %s is also the name of %s: [[%s]] links and updates cannot tell them apart", quote(name), other.Rel, name),
				Suggestion: "give this memory its own name, or merge the two memories"})
		}
	},
}

// slugPattern is a kebab-case slug: lowercase letters (or letters of
// scripts without case) and digits, joined by single hyphens.
var slugPattern = regexp.MustCompile(`^[\p{Ll}\p{Lo}\p{Nd}]+(?:-[\p{Ll}\p{Lo}\p{Nd}]+)*$`)

// NameFormat reports names that are not short kebab-case slugs.
var NameFormat = &lint.Rule{
	ID:       "name-format",
	Severity: lint.Info,
	Summary:  "name is not a short kebab-case slug",
	Doc: `Newer Claude Code asks for ` + "`name`" + ` to be a short kebab-case slug
(` + "`feedback-testing`" + `) and rewrites other names when it next touches the memory,
which breaks ` + "`[[Old Name]]`" + ` links written against the old form. Slugs are
also what people type in links. A name is not required to match the file name.

Bad: ` + "`name: Testing philosophy - ngspice as ground truth`" + `, ` + "`name: feedback_testing`" + `.
Good: ` + "`name: feedback-testing`" + `.

Fix: use lowercase words joined by hyphens, at most ` + "`max`" + ` characters, and
update ` + "`[[links]]`" + ` to it.`,
	Options: []lint.Option{{Name: "max", Default: 64, Doc: "longest name, in characters"}},
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Topics {
			fm := f.Frontmatter
			if fm == nil || fm.Doc == nil {
				continue
			}
			_, v := fm.Field("name")
			name := lint.ScalarValue(v)
			if v == nil || strings.TrimSpace(name) == "" {
				continue
			}
			max := pass.Options(f).Int("max")
			var problem string
			switch {
			case !slugPattern.MatchString(name):
				problem = "is not a kebab-case slug"
			case utf8.RuneCountInString(name) > max:
				problem = fmt.Sprintf("is %d characters, longer than %d", utf8.RuneCountInString(name), max)
			default:
				continue
			}
			pos := fm.Pos(v)
			slug := slugify(name)
			if utf8.RuneCountInString(slug) > max {
				slug = strings.TrimRight(string([]rune(slug)[:max]), "-")
			}
			pass.Report(lint.Diagnostic{Path: f.Path, Start: pos, End: lint.Pos{Line: pos.Line, Col: pos.Col + utf8.RuneCountInString(name)},
				Message:    fmt.Sprintf("name %s %s; newer Claude Code rewrites names to short slugs, breaking [[links]] to the old form", quote(clip(name, 60)), problem),
				Suggestion: "name: " + slug})
		}
	},
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
