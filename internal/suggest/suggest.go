package suggest

import (
	"strings"
)

// Closest returns the candidate nearest to s by edit distance, ignoring
// case, when it is near enough to be a likely typo (or s abbreviates it:
// "desc" for "description"); otherwise "". Ties go to the earlier
// candidate. For many look-ups in one set, build a Suggester once.
func Closest(s string, candidates []string) string {
	return New(candidates).Closest(s)
}

// Suggester finds likely intended names among a fixed set of candidates.
type Suggester struct {
	names []string
	lower [][]rune
	hist  [][32]uint8 // rune counts by rune%32: a cheap lower bound
	cache map[string]string
	// looked is how many candidates the look-ups made so far have
	// weighed (maxLooked bounds it).
	looked int
}

// maxLooked bounds the candidates one Suggester weighs over all its
// look-ups. Each look-up weighs every candidate, so a dir of 10,000
// memories with a dangling link in each would cost 10,000 × 10,000: past
// the bound a look-up suggests nothing rather than make the run's time
// grow with the square of the dir (issue 27). A look-up is either made
// whole or not at all, so a suggestion made is the one without a bound;
// real memory dirs (hundreds of names, a few dangling links) stay far
// below it.
const maxLooked = 1 << 23

// New prepares the candidates (duplicates are dropped).
func New(candidates []string) *Suggester {
	sg := &Suggester{}
	seen := make(map[string]bool, len(candidates))
	for _, c := range candidates {
		if seen[c] {
			continue
		}
		seen[c] = true
		sg.names = append(sg.names, c)
		sg.lower = append(sg.lower, []rune(strings.ToLower(c)))
		sg.hist = append(sg.hist, runeHist(sg.lower[len(sg.lower)-1]))
	}
	return sg
}

// Closest returns the candidate nearest to s, or "". It only suggests, so
// it keeps cheap: candidates whose length alone rules them out are
// skipped, and distances stop growing past the best one found.
func (sg *Suggester) Closest(s string) string {
	if best, ok := sg.cache[s]; ok {
		return best
	}
	best := sg.closest(s, nil)
	if sg.cache == nil {
		sg.cache = map[string]string{}
	}
	sg.cache[s] = best
	return best
}

// ClosestExcept is Closest among the candidates skip does not reject: a
// link inside a file must not be told it meant that file itself.
func (sg *Suggester) ClosestExcept(s string, skip func(candidate string) bool) string {
	return sg.closest(s, skip)
}

// closest ranks candidates by edit distance, an abbreviated candidate
// counting as 1; between equals the truly closer one wins ("feedback-test"
// is nearer "feedback-tests" than "feedback-testing"), then the earlier.
func (sg *Suggester) closest(s string, skip func(string) bool) string {
	if sg.looked+len(sg.names) > maxLooked {
		return ""
	}
	sg.looked += len(sg.names)
	rs := []rune(strings.ToLower(s))
	hs := runeHist(rs)
	best, bestDist := "", max(3, len(rs)/4)+1
	bestTrue := bestDist // the real distance of best
	for i, rc := range sg.lower {
		if skip != nil && skip(sg.names[i]) {
			continue
		}
		if len(rs) >= 3 && hasRunePrefix(rc, rs) {
			if d := len(rc) - len(rs); bestDist > 1 || bestDist == 1 && d < bestTrue {
				best, bestDist, bestTrue = sg.names[i], 1, d
			}
			continue
		}
		limit := bestDist // distances below it can win
		if bestTrue > bestDist {
			limit++ // so can an equal distance that is truly closer
		}
		if abs(len(rc)-len(rs)) >= limit {
			continue
		}
		// Each edit changes the rune counts by at most 2.
		l1 := 0
		for k := range hs {
			l1 += abs(int(hs[k]) - int(sg.hist[i][k]))
		}
		if (l1+1)/2 >= limit {
			continue
		}
		if d := boundedDistance(rs, rc, limit); d < bestDist || d == bestDist && d < bestTrue {
			best, bestDist, bestTrue = sg.names[i], d, d
		}
	}
	return best
}

func hasRunePrefix(s, prefix []rune) bool {
	if len(prefix) > len(s) {
		return false
	}
	for i, r := range prefix {
		if s[i] != r {
			return false
		}
	}
	return true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// boundedDistance is the Levenshtein distance between a and b, or limit
// when the distance is limit or more. Only the diagonal band of width limit
// is computed: cells further out cannot lead to a smaller distance.
func boundedDistance(a, b []rune, limit int) int {
	if abs(len(a)-len(b)) >= limit {
		return limit
	}
	inf := limit
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = min(j, inf)
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-limit), min(len(b), i+limit)
		cur[0] = min(i, inf)
		if lo > 1 {
			cur[lo-1] = inf
		}
		rowMin := inf
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			c := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost, inf)
			cur[j] = c
			rowMin = min(rowMin, c)
		}
		if hi < len(b) {
			cur[hi+1] = inf
		}
		if rowMin >= limit && cur[0] >= limit {
			return limit
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func runeHist(rs []rune) (h [32]uint8) {
	for _, r := range rs {
		if h[r&31] < 255 {
			h[r&31]++
		}
	}
	return h
}
