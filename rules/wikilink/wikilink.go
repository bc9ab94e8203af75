// Package wikilink holds the rule about [[name]] links between memories:
// wikilink-dangling.
package wikilink

import (
	_ "embed"
	"fmt"
	"path"
	"strings"

	"github.com/memlint/memlint/internal/suggest"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
)

// Rules are the rules of this family.
var Rules = []*lint.Rule{Dangling}

// Dangling reports [[links]] that match no memory.
var Dangling = &lint.Rule{
	ID:       "wikilink-dangling",
	Stage:    lint.Preview,
	Severity: lint.Info,
	Summary:  "[[name]] matches no memory's name or file name",
	Doc:      danglingDoc,
	Run: func(pass *lint.Pass) {
		d := pass.Dir
		// The names a link may use, their keys and the topic each names,
		// gathered for the first link looked up: many dirs have none.
		var names, keys []string
		var named []*memory.File
		var known map[string]bool
		gather := func() {
			if known != nil {
				return
			}
			known = make(map[string]bool, 3*len(d.Topics))
			for _, t := range d.Topics {
				for _, n := range topicLinkNames(t) {
					if n == "" {
						continue
					}
					k := linkKey(n)
					names, keys, named = append(names, n), append(keys, k), append(named, t)
					known[k] = true
				}
			}
			// A link to a template names a file that is there, though no
			// memory: a link may point the way to it.
			for _, t := range d.Templates {
				known[linkKey(t.Stem())] = true
				known[linkKey(strings.TrimSuffix(t.Rel, path.Ext(t.Rel)))] = true
			}
		}
		// What a did-you-mean needs is built for the first dangling link:
		// most dirs have none.
		var owner map[string]*memory.File // a name as suggested → the file it names, nil for several
		var closest *suggest.Suggester
		prepare := func() {
			if closest != nil {
				return
			}
			owner = make(map[string]*memory.File, len(names))
			for i, n := range names {
				if o, seen := owner[n]; !seen {
					owner[n] = named[i]
				} else if o != named[i] {
					owner[n] = nil
				}
			}
			closest = suggest.New(names)
		}
		var suffixes map[string][]string // built for the first link that needs it
		docs := repoDocuments{pass: pass}
		var scratch []byte // saysElsewhere's
		files := append([]*memory.File(nil), d.Topics...)
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
				gather()
				key := linkKey(target)
				if known[key] || syntaxExamples[key] || indexLink(target) || docs.has(f, target) || saysElsewhere(f, w.Span, &scratch) {
					continue
				}
				prepare()
				msg := fmt.Sprintf("[[%s]] matches no memory's name or file name in this dir", target)
				suggestion := "fine if it marks a memory still to write; otherwise correct the name"
				near := closest.Closest(strings.TrimSuffix(target, ".md")) // cached: most links repeat
				if near != "" && self(near) {
					near = closest.ClosestExcept(strings.TrimSuffix(target, ".md"), self)
				}
				if near == "" {
					if suffixes == nil {
						suffixes = nameSuffixes(names, keys)
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
// name, its file stem, and its path without ".md"; "" for one it lacks.
func topicLinkNames(t *memory.File) [3]string {
	out := [...]string{t.FieldValue("name"), t.Stem(), strings.TrimSuffix(t.Rel, path.Ext(t.Rel))}
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}

// linkKey is how a [[link]] is matched to a name: case, a ".md" suffix and
// the choice of hyphen, underscore or space between words do not matter
// ([[feedback-todo-triage]] is feedback_todo_triage.md).
func linkKey(s string) string {
	s = strings.TrimSpace(s)
	if isASCII(s) {
		return asciiLinkKey(s)
	}
	s = strings.ToLower(s)
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

// asciiLinkKey is linkKey of an ASCII s with its spaces trimmed, in one
// pass and at most one allocation: it runs for every name of every dir.
func asciiLinkKey(s string) string {
	if n := len(s); n >= 3 && s[n-3] == '.' && lowerByte(s[n-2]) == 'm' && lowerByte(s[n-1]) == 'd' {
		s = s[:n-3]
	}
	plain := !strings.Contains(s, "--") && !strings.HasPrefix(s, "-") && !strings.HasSuffix(s, "-")
	for i := 0; i < len(s) && plain; i++ {
		plain = s[i] != '_' && s[i] != ' ' && (s[i] < 'A' || s[i] > 'Z')
	}
	if plain {
		return s
	}
	b := make([]byte, 0, len(s))
	sep := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '-' || c == '_' || c == ' ' {
			sep = true
			continue
		}
		if sep && len(b) > 0 {
			b = append(b, '-')
		}
		sep = false
		b = append(b, lowerByte(c))
	}
	return string(b)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// nameSuffixes maps each tail of a name's key after a hyphen
// ("harness-design" and "design" of feedback-harness-design) to the names
// ending so; keys[i] is linkKey(names[i]).
func nameSuffixes(names, keys []string) map[string][]string {
	out := map[string][]string{}
	for i, n := range names {
		k := keys[i]
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
