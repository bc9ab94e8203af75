package injection

import (
	"regexp/syntax"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// required is what a trigger's pattern needs of a text it matches in,
// worked out from the pattern itself: clauses, each a set of strings one
// of which every match holds, all of them met. A unit that misses one
// is not given to the pattern, whose run costs far more than looking
// for a few strings. White space is read collapsed: a run of the
// characters \s matches, in the text and in the strings, is one space,
// so that "do\s+not\s+follow" needs "do not follow".
type required struct {
	once    sync.Once
	clauses [][][]byte
	// anyOf looks for the strings of each clause in one pass.
	anyOf []*anyOf
}

// requiredOf returns the clauses of trigger i, worked out on first use
// (a pattern of another language is made on first use too).
func requiredOf(i int) [][][]byte {
	r := &requiredPlans[i]
	r.once.Do(func() {
		for _, c := range requiredClauses(triggers[i].re.String()) {
			var set [][]byte
			for _, s := range c {
				set = append(set, []byte(s))
			}
			r.clauses = append(r.clauses, set)
			r.anyOf = append(r.anyOf, newAnyOf(set))
		}
	})
	return r.clauses
}

// requiredMatchers returns the matchers of the clauses of trigger i.
func requiredMatchers(i int) []*anyOf {
	requiredOf(i)
	return requiredPlans[i].anyOf
}

// maxExact bounds the sets of strings a piece of a pattern is known to
// match exactly; a piece with more is read as clauses.
const maxExact = 64

// litInfo is what a piece of a pattern is known to match: exactly one of
// exact (when exactOK), and a string holding one of each of clauses.
type litInfo struct {
	exact   []string
	exactOK bool
	clauses [][]string
}

// requiredClauses returns the clauses of the pattern src: none when it
// cannot be read (every text is then given to the pattern).
func requiredClauses(src string) [][]string {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil
	}
	info := analyze(re.Simplify())
	clauses := info.clauses
	if info.exactOK {
		clauses = append(clauses, info.exact)
	}
	var out [][]string
	for _, c := range clauses {
		if useful(c) {
			out = append(out, minimal(c))
		}
	}
	// The clauses likeliest to be missed, and cheapest to look for, come
	// first: those of longer strings (a string of one or two bytes is
	// found in most texts), then those of fewer.
	rank := func(c []string) int {
		short := len(c[0])
		for _, s := range c {
			short = min(short, len(s))
		}
		return min(short, 6)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if ri, rj := rank(out[i]), rank(out[j]); ri != rj {
			return ri > rj
		}
		return len(out[i]) < len(out[j])
	})
	return out
}

// minimal returns the strings of c that hold none of the others: a text
// holding one that does holds the one it holds.
func minimal(c []string) []string {
	var out []string
	for i, s := range c {
		redundant := false
		for j, t := range c {
			if j != i && strings.Contains(s, t) && (len(t) < len(s) || j < i) {
				redundant = true
				break
			}
		}
		if !redundant {
			out = append(out, s)
		}
	}
	return out
}

// useful reports whether the clause c says something: a set holding the
// empty string is met by every text.
func useful(c []string) bool {
	if len(c) == 0 {
		return false
	}
	for _, s := range c {
		if s == "" {
			return false
		}
	}
	return true
}

// isSpace reports whether r is one of the characters \s matches.
func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r'
}

// collapseWS makes every run of the characters \s matches one space.
func collapseWS(buf, src []byte) []byte {
	out := buf[:0]
	for _, c := range src {
		if isSpace(rune(c)) {
			if n := len(out); n > 0 && out[n-1] == ' ' {
				continue
			}
			c = ' '
		}
		out = append(out, c)
	}
	return out
}

func exactInfo(set ...string) litInfo {
	return litInfo{exact: set, exactOK: true}
}

func analyze(re *syntax.Regexp) litInfo {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
		syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return exactInfo("")
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return litInfo{}
		}
		return exactInfo(string(collapseWS(nil, []byte(string(re.Rune)))))
	case syntax.OpCharClass:
		var set []string
		space := false
		for k := 0; k+1 < len(re.Rune); k += 2 {
			lo, hi := re.Rune[k], re.Rune[k+1]
			if int(hi-lo) >= 16 || len(set) > 16 {
				return litInfo{}
			}
			for r := lo; r <= hi; r++ {
				switch {
				case isSpace(r):
					space = true
				case r == utf8.RuneError || r > utf8.MaxRune:
					return litInfo{}
				default:
					set = append(set, string(r))
				}
			}
		}
		if space {
			set = append(set, " ")
		}
		return exactInfo(set...)
	case syntax.OpCapture:
		return analyze(re.Sub[0])
	case syntax.OpQuest:
		x := analyze(re.Sub[0])
		if !x.exactOK || len(x.exact)+1 > maxExact {
			return litInfo{}
		}
		return exactInfo(dedup(append([]string{""}, x.exact...))...)
	case syntax.OpStar:
		if x := analyze(re.Sub[0]); x.exactOK && len(x.exact) == 1 && x.exact[0] == " " {
			return exactInfo("", " ")
		}
		return litInfo{}
	case syntax.OpPlus:
		x := analyze(re.Sub[0])
		if x.exactOK && len(x.exact) == 1 && x.exact[0] == " " {
			return exactInfo(" ")
		}
		if x.exactOK {
			x.clauses = append(x.clauses, x.exact)
		}
		return litInfo{clauses: x.clauses}
	case syntax.OpConcat:
		return concat(re.Sub)
	case syntax.OpAlternate:
		return alternate(re.Sub)
	}
	return litInfo{}
}

// concat is what a sequence of pieces is known to match: the products of
// runs of exact pieces while they stay small, each run that grows too
// large or meets a piece that is not exact becoming a clause.
func concat(subs []*syntax.Regexp) litInfo {
	out := litInfo{}
	cur := []string{""}
	whole := true
	flush := func() {
		if useful(cur) {
			out.clauses = append(out.clauses, cur)
		}
		cur = []string{""}
	}
	for _, sub := range subs {
		x := analyze(sub)
		out.clauses = append(out.clauses, x.clauses...)
		if !x.exactOK {
			flush()
			whole = false
			continue
		}
		if len(cur)*len(x.exact) > maxExact {
			flush()
			whole = false
		}
		var next []string
		for _, a := range cur {
			for _, b := range x.exact {
				next = append(next, string(collapseWS(nil, []byte(a+b))))
			}
		}
		cur = dedup(next)
	}
	if whole {
		out.exact, out.exactOK = cur, true
		return out
	}
	flush()
	return out
}

// alternate is what one of several pieces is known to match: their
// strings, when all are exact; else the best clause of each, together.
func alternate(subs []*syntax.Regexp) litInfo {
	var exact, any []string
	exactOK, anyOK := true, true
	for _, sub := range subs {
		x := analyze(sub)
		if exactOK && x.exactOK && len(exact)+len(x.exact) <= maxExact {
			exact = append(exact, x.exact...)
		} else {
			exactOK = false
		}
		if best := bestClause(x); best != nil && anyOK {
			any = append(any, best...)
		} else {
			anyOK = false
		}
		if !exactOK && !anyOK {
			return litInfo{}
		}
	}
	if exactOK {
		return exactInfo(dedup(exact)...)
	}
	return litInfo{clauses: [][]string{dedup(any)}}
}

// bestClause returns the clause of x whose shortest string is longest,
// or nil.
func bestClause(x litInfo) []string {
	clauses := x.clauses
	if x.exactOK {
		clauses = append(clauses[:len(clauses):len(clauses)], x.exact)
	}
	var best []string
	bestLen := 0
	for _, c := range clauses {
		if !useful(c) {
			continue
		}
		short := len(c[0])
		for _, s := range c {
			short = min(short, len(s))
		}
		if short > bestLen {
			best, bestLen = c, short
		}
	}
	return best
}

// dedup returns set sorted, without repeats, in a new slice.
func dedup(set []string) []string {
	return slices.Compact(slices.Sorted(slices.Values(set)))
}

// meets reports whether text, collapsed (collapseWS), meets every clause;
// work counts the bytes read.
func meets(text []byte, clauses []*anyOf, work *int) bool {
	for _, c := range clauses {
		if !c.in(text, work) {
			return false
		}
	}
	return true
}
