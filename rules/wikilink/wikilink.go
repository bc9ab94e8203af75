// Package wikilink holds the rule about [[name]] links between memories:
// wikilink-dangling.
package wikilink

import (
	_ "embed"
	"fmt"
	"path"
	"strings"

	"github.com/memlint/memlint/lint"
)

// Rules are the rules of this family.
var Rules = []*lint.Rule{Dangling}

// Dangling reports [[links]] that match no memory.
var Dangling = &lint.Rule{
	ID:       "wikilink-dangling",
	Severity: lint.Info,
	Summary:  "[[name]] matches no memory's name or file name",
	Doc:      danglingDoc,
	Run: func(pass *lint.Pass) {
		d := pass.Dir
		known := map[string]bool{}
		for _, t := range d.Topics {
			for _, n := range topicLinkNames(t) {
				known[linkKey(n)] = true
			}
		}
		// What a did-you-mean needs is built for the first dangling link:
		// most dirs have none.
		var names []string
		var owner map[string]*lint.File // a name as suggested → the file it names, nil for several
		var suggest *lint.Suggester
		prepare := func() {
			if suggest != nil {
				return
			}
			owner = map[string]*lint.File{}
			for _, t := range d.Topics {
				for _, n := range topicLinkNames(t) {
					names = append(names, n)
					if o, seen := owner[n]; !seen {
						owner[n] = t
					} else if o != t {
						owner[n] = nil
					}
				}
			}
			suggest = lint.NewSuggester(names)
		}
		var suffixes map[string][]string // built for the first link that needs it
		files := append([]*lint.File(nil), d.Topics...)
		if d.Index != nil {
			files = append(files, d.Index)
		}
		for _, f := range files {
			if !pass.Focused(f) {
				continue // its findings are not reported: no suggestions to rank
			}
			// Never "did you mean" the file the link is in.
			self := func(n string) bool { return owner[n] == f }
			for _, w := range f.Body().WikiLinks {
				target := strings.TrimSpace(w.Target)
				if target == "" {
					continue // [[#heading]] links inside the same file
				}
				key := linkKey(target)
				if known[key] || syntaxExamples[key] {
					continue
				}
				prepare()
				msg := fmt.Sprintf("[[%s]] matches no memory's name or file name in this dir", target)
				suggestion := "fine if it marks a memory still to write; otherwise correct the name"
				near := suggest.Closest(strings.TrimSuffix(target, ".md")) // cached: most links repeat
				if near != "" && self(near) {
					near = suggest.ClosestExcept(strings.TrimSuffix(target, ".md"), self)
				}
				if near == "" {
					if suffixes == nil {
						suffixes = nameSuffixes(names)
					}
					near = suffixMatch(key, suffixes, self)
				}
				if near != "" {
					msg += fmt.Sprintf(" (did you mean [[%s]]?)", near)
					suggestion = "[[" + near + "]]"
				}
				pass.ReportSpan(f, w.Span, msg, suggestion)
			}
		}
	},
}

//go:embed wikilink-dangling.md
var danglingDoc string

// topicLinkNames are the names a [[link]] may use for a topic file: its
// name, its file stem, and its path without ".md".
func topicLinkNames(t *lint.File) []string {
	var out []string
	for _, n := range [...]string{t.FieldValue("name"), t.Stem(), strings.TrimSuffix(t.Rel, path.Ext(t.Rel))} {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// linkKey is how a [[link]] is matched to a name: case, a ".md" suffix and
// the choice of hyphen, underscore or space between words do not matter
// ([[feedback-todo-triage]] is feedback_todo_triage.md).
func linkKey(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimSuffix(s, ".md")
	if !strings.ContainsAny(s, "_ ") && !strings.Contains(s, "--") && !strings.HasPrefix(s, "-") && !strings.HasSuffix(s, "-") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	sep := false
	for _, r := range s {
		if r == '-' || r == '_' || r == ' ' {
			sep = true
			continue
		}
		if sep && b.Len() > 0 {
			b.WriteByte('-')
		}
		sep = false
		b.WriteRune(r)
	}
	return b.String()
}

// syntaxExamples are [[targets]] that show the link syntax rather than
// link a memory: "cross-references via [[wikilinks]]", "write [[name]]".
var syntaxExamples = map[string]bool{
	"wikilink": true, "wikilinks": true, "wiki-link": true, "wiki-links": true, "link": true, "links": true,
	"name": true, "names": true, "note": true, "notes": true, "note-name": true, "page": true, "page-name": true,
	"title": true, "slug": true, "target": true, "memory": true, "memory-name": true, "file": true, "filename": true,
	"...": true, "…": true, "x": true, "foo": true,
}

// nameSuffixes maps each tail of a name's key after a hyphen
// ("harness-design" and "design" of feedback-harness-design) to the names
// ending so.
func nameSuffixes(names []string) map[string][]string {
	out := map[string][]string{}
	for _, n := range names {
		k := linkKey(n)
		for i := strings.IndexByte(k, '-'); i >= 0; {
			tail := k[i+1:]
			out[tail] = append(out[tail], n)
			j := strings.IndexByte(tail, '-')
			if j < 0 {
				break
			}
			i += j + 1
		}
	}
	return out
}

// suffixMatch finds a name that the link names without its prefix:
// [[harness-design]] for feedback-harness-design. The shortest wins.
func suffixMatch(key string, suffixes map[string][]string, skip func(string) bool) string {
	best := ""
	for _, n := range suffixes[key] {
		if !skip(n) && (best == "" || len(n) < len(best)) {
			best = n
		}
	}
	return best
}
