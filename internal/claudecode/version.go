package claudecode

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a Claude Code release number, such as 2.1.332.
type Version struct{ Major, Minor, Patch int }

// String returns the version as Claude Code prints it.
func (v Version) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch) }

// Less reports whether v is an earlier release than w.
func (v Version) Less(w Version) bool {
	if v.Major != w.Major {
		return v.Major < w.Major
	}
	if v.Minor != w.Minor {
		return v.Minor < w.Minor
	}
	return v.Patch < w.Patch
}

// ParseVersion reads a version as configuration writes it ("2.1.332") or
// as `claude --version` prints it ("2.1.332 (Claude Code)").
func ParseVersion(s string) (Version, error) {
	s = strings.TrimSpace(s)
	s = strings.TrimSpace(strings.TrimSuffix(s, "(Claude Code)"))
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return Version{}, fmt.Errorf("%q is not a Claude Code version such as %s", s, Newest)
	}
	var n [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || v > 1<<20 || p != strconv.Itoa(v) {
			return Version{}, fmt.Errorf("%q is not a Claude Code version such as %s", s, Newest)
		}
		n[i] = v
	}
	return Version{n[0], n[1], n[2]}, nil
}

// The releases memlint models, each run through the conformance suite
// (conformance/README.md): Oldest is the first memlint was built against,
// Newest the latest it has been checked against. A release between them
// behaves as Changes say; one outside them is modelled as the nearer end.
var (
	Oldest = Version{2, 1, 328}
	Newest = Version{2, 1, 337}
)

// Modelled lists the releases the conformance suite runs against, newest
// first: the oldest, and the last before each Change and the first with
// it (2.1.333 to 2.1.336 were never published on npm).
var Modelled = []Version{Newest, {2, 1, 332}, Oldest}

// Change is one difference, between the releases memlint models, in what
// Claude Code does with memory: from Since on it behaves the new way.
type Change struct {
	Since Version
	// What says what changed, for documentation and `memlint preview`.
	What string
}

// The changes memlint models. Each is shown by a conformance case that
// the releases on either side of it load differently.
var (
	// LinkDefinitionsKept: 2.1.328 builds the index of a MEMORY.md that
	// holds "<!--" by joining the tokens of its Markdown lexer, which
	// has no token for a link reference definition: every top-level
	// "[a]: a.md" (and the blank lines after it) was lost. 2.1.330 cuts
	// only the comments out of the text ("Fixed link reference
	// definitions being dropped from CLAUDE.md and memory files that
	// contain an HTML comment").
	LinkDefinitionsKept = Change{
		Since: Version{2, 1, 330},
		What:  "link reference definitions are kept in a MEMORY.md that holds an HTML comment",
	}

	// IndexQuoted: 2.1.337 puts a preamble before the index ("The quoted
	// notes below were saved in earlier conversations…") and quotes each
	// of its lines with "> ", a line's own leading "> " folded into it.
	// The cut, the warning and the cleaning are as before; an index that
	// cleans down to nothing is still loaded, as "> ".
	IndexQuoted = Change{
		Since: Version{2, 1, 337},
		What:  "the index is loaded after a preamble, each of its lines quoted with \"> \"",
	}
)

// Changes lists every Change, oldest first.
var Changes = []Change{LinkDefinitionsKept, IndexQuoted}

// Model is the Claude Code release memlint reproduces in a run.
type Model struct {
	// Version is the release modelled: the one asked for, brought within
	// [Oldest, Newest].
	Version Version
	// Asked is the release the user runs or configured; it differs from
	// Version when that is outside what memlint models.
	Asked Version
}

// ModelOf returns the model of release v.
func ModelOf(v Version) Model {
	m := Model{Version: v, Asked: v}
	if v.Less(Oldest) {
		m.Version = Oldest
	}
	if Newest.Less(v) {
		m.Version = Newest
	}
	return m
}

// NewestModel is the model of the newest release memlint knows.
func NewestModel() Model { return ModelOf(Newest) }

// Has reports whether the modelled release behaves as c says.
func (m Model) Has(c Change) bool { return !m.Version.Less(c.Since) }

// Outside says, for a person, how a release outside what memlint models
// is treated, or "" when it is within.
func (m Model) Outside() string {
	switch {
	case m.Asked == m.Version:
		return ""
	case Newest.Less(m.Asked):
		return fmt.Sprintf("%s is newer than any release memlint models: modelled as %s", m.Asked, m.Version)
	default:
		return fmt.Sprintf("%s is older than any release memlint models: modelled as %s", m.Asked, m.Version)
	}
}
