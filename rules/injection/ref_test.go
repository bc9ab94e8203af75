package injection

// The definition the trigger pass is an optimisation of, which the
// differential tests compare it with: every unit of the file normalised
// by the normaliser (no fast path), every pattern of the table tried on
// it (no prefilter, no also substrings), and the patterns that have words
// tried on its ROT13 too, each match judged as the pass judges it.

import (
	"regexp"
	"sort"
)

var (
	refHuman     = regexp.MustCompile(`(?i)(?:^|[^a-z0-9])human(?:[^a-z0-9]|$)`)
	refAssistant = regexp.MustCompile(`(?i)(?:^|[^a-z0-9])assistant(?:[^a-z0-9]|$)`)
)

// refTriggers returns the hits of the table in the file, sorted.
func (s *scan) refTriggers() []hit {
	s.human, s.assistant = refHuman.Match(s.src), refAssistant.Match(s.src)
	var hits []hit
	lines := newUnitBreaker(s.src)
	start := 0
	run := func(end int) {
		u := &unit{start: start, end: end}
		for i := range triggers {
			u.admit.add(i)
			if len(triggers[i].words) > 0 {
				u.rot.add(i)
			}
		}
		s.norm.normalize(&s.v, s.src, u.start, u.end)
		s.us.reset(u)
		hits = s.refMatch(hits, "")
		mention := s.us.mentions(s)
		rot13(s.v.text)
		s.us.reset(u)
		s.us.mention, s.us.mentionKnown = mention || s.us.mentions(s), true
		hits = s.refMatch(hits, "ROT13")
	}
	for i, c := range s.src {
		if c == '\n' && lines.breaks(i+1) {
			run(i)
			start = i + 1
		}
	}
	run(len(s.src))
	sortHits(hits)
	return hits
}

func (s *scan) refMatch(hits []hit, encoding string) []hit {
	for i := range triggers {
		t := &triggers[i]
		if encoding != "" && len(t.words) == 0 {
			continue
		}
		for _, m := range t.re.FindAllIndex(s.v.text, -1) {
			if h, ok := s.judge(t, m[0], m[1]); ok {
				h.trigger, h.encoding = i, encoding
				hits = append(hits, h)
			}
		}
	}
	return hits
}

// sortHits orders hits by where they start, then by trigger and end.
func sortHits(hits []hit) {
	sort.SliceStable(hits, func(i, j int) bool {
		a, b := hits[i], hits[j]
		if a.span.Start != b.span.Start {
			return a.span.Start < b.span.Start
		}
		if a.trigger != b.trigger {
			return a.trigger < b.trigger
		}
		return a.span.End < b.span.End
	})
}
