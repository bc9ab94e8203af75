package linttest

import (
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// expectation is one finding a fixture file says it must produce.
type expectation struct {
	path     string // slash path inside the case dir
	line     int    // 0: about the whole file or dir
	col      int    // 0: any column
	rule     string // "": any rule (single-rule fixtures)
	severity string // "": any severity
	re       *regexp.Regexp
	at       string // where the want comment is, for messages
	matched  bool
}

// wantStart finds every place that looks like an expectation. Each one must
// then parse completely: a want with a typo is an error, never a comment
// that silently expects nothing.
var wantStart = regexp.MustCompile(`(?:<!--|#)[ \t]*want\b`)

// ruleIDShape is what a rule ID looks like in a want (lowercase words
// joined by hyphens, at least two of them).
var ruleIDShape = regexp.MustCompile(`^[a-z][a-z0-9]*-[a-z0-9-]+$`)

// severities are the severities a want may name.
var severities = map[string]bool{"error": true, "warning": true, "info": true}

// parsedWant is one want comment before it is turned into expectations,
// one per quoted regexp.
type parsedWant struct {
	pos      string // "", "@dir", "@file", "@file=NAME", "@N", "+N", "-N"
	col      int
	rule     string
	severity string
	res      []*regexp.Regexp
}

// parseWant parses the text that follows "want" in a comment opened by
// opener ("<!--" or "#"). rest runs to the end of the line.
func parseWant(opener, rest string) (parsedWant, error) {
	var w parsedWant
	s := rest
	// Position.
	switch {
	case strings.HasPrefix(s, "@dir"):
		w.pos, s = "@dir", s[len("@dir"):]
	case strings.HasPrefix(s, "@file="):
		end := strings.IndexAny(s, " \t\"")
		if end < 0 {
			end = len(s)
		}
		if end == len("@file=") {
			return w, fmt.Errorf("want@file= names no file")
		}
		w.pos, s = s[:end], s[end:]
	case strings.HasPrefix(s, "@file"):
		w.pos, s = "@file", s[len("@file"):]
	case strings.HasPrefix(s, "@"), strings.HasPrefix(s, "+"), strings.HasPrefix(s, "-"):
		n := digits(s[1:])
		if n == 0 {
			return w, fmt.Errorf("want%c must be followed by a line number", s[0])
		}
		w.pos, s = s[:1+n], s[1+n:]
	}
	// Column.
	if strings.HasPrefix(s, ":") {
		n := digits(s[1:])
		if n == 0 {
			return w, fmt.Errorf("want…: must be followed by a column number")
		}
		w.col, _ = strconv.Atoi(s[1 : 1+n])
		if w.col == 0 {
			return w, fmt.Errorf("columns count from 1")
		}
		if w.pos == "@dir" || strings.HasPrefix(w.pos, "@file") {
			return w, fmt.Errorf("want%s is about a whole file or dir: it has no column", w.pos)
		}
		s = s[1+n:]
	}
	if s != "" && s[0] != ' ' && s[0] != '\t' {
		return w, fmt.Errorf("unexpected %q after want%s", clip(s), w.pos)
	}
	// Rule and severity, then the quoted regexps.
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" || s[0] == '"' || strings.HasPrefix(s, "-->") {
			break
		}
		word := s
		if i := strings.IndexAny(s, " \t"); i >= 0 {
			word = s[:i]
		}
		switch {
		case severities[word] && w.severity == "":
			w.severity = word
		case ruleIDShape.MatchString(word) && w.rule == "" && w.severity == "":
			w.rule = word
		case ruleIDShape.MatchString(word):
			return w, fmt.Errorf("rule %q must come before the severity, once", word)
		default:
			return w, fmt.Errorf("unknown severity %q (want error, warning or info)", word)
		}
		s = s[len(word):]
	}
	for strings.HasPrefix(s, `"`) {
		q, err := strconv.QuotedPrefix(s)
		if err != nil {
			return w, fmt.Errorf("unterminated quoted string %s", clip(s))
		}
		u, err := strconv.Unquote(q)
		if err != nil {
			return w, fmt.Errorf("bad quoted string %s: %v", q, err)
		}
		re, err := regexp.Compile(u)
		if err != nil {
			return w, fmt.Errorf("bad regexp %s: %v", q, err)
		}
		w.res = append(w.res, re)
		s = strings.TrimLeft(s[len(q):], " \t")
	}
	if len(w.res) == 0 {
		return w, fmt.Errorf("no quoted regexp")
	}
	switch {
	case opener == "<!--" && !strings.HasPrefix(s, "-->"):
		return w, fmt.Errorf("want comment not closed by --> (got %q)", clip(s))
	case opener == "#" && strings.TrimSpace(s) != "":
		return w, fmt.Errorf("unexpected %q after the regexps", clip(s))
	}
	return w, nil
}

// expectations turns a parsed want at rel:line into one expectation per
// regexp.
func (w parsedWant) expectations(rel string, line int, at string, memDirs []string) []*expectation {
	e := expectation{path: rel, line: line, col: w.col, rule: w.rule, severity: w.severity, at: at}
	switch off := w.pos; {
	case off == "":
	case off == "@dir":
		e.path, e.line = memDirOf(rel, memDirs), 0
	case off == "@file":
		e.line = 0
	case strings.HasPrefix(off, "@file="):
		e.path, e.line = path.Join(path.Dir(rel), off[len("@file="):]), 0
	case off[0] == '@':
		e.line, _ = strconv.Atoi(off[1:])
	default:
		n, _ := strconv.Atoi(off)
		e.line += n
	}
	out := make([]*expectation, len(w.res))
	for i, re := range w.res {
		c := e
		c.re = re
		out[i] = &c
	}
	return out
}

// digits returns how many ASCII digits s starts with.
func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

func clip(s string) string {
	if len(s) > 30 {
		return s[:30] + "…"
	}
	return s
}

// memDirOf returns the memory dir a fixture file belongs to: the deepest
// one that contains it.
func memDirOf(rel string, memDirs []string) string {
	best := "."
	for _, d := range memDirs {
		if d == "." {
			continue
		}
		if strings.HasPrefix(rel, d+"/") && len(d) > len(best) {
			best = d
		}
	}
	if best == "." && path.Dir(rel) != "." {
		return "."
	}
	return best
}
