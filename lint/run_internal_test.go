package lint

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestOwner(t *testing.T) {
	dirs := []string{".", "mem", "mem/team", "memory"}
	for p, want := range map[string]string{
		"mem/a.md":          "mem",
		"mem":               "mem",
		"mem/team/x.md":     "mem/team",
		"mem/teams/x.md":    "mem",
		"memory/MEMORY.md":  "memory",
		"other/x.md":        ".",
		"mem/team/sub/y.md": "mem/team",
	} {
		if got := NewOwners(dirs).Of(p); got != want {
			t.Errorf("owner(%q) = %q, want %q", p, got, want)
		}
	}
	if got := NewOwners([]string{"mem"}).Of("x.md"); got != "" {
		t.Errorf("owner outside every dir = %q, want empty", got)
	}
}

// ownerScan is owner as it was, a scan of every dir: the reference the
// lookup must agree with.
func ownerScan(p string, dirs []string) string {
	best, bestLen := "", -1
	for _, d := range dirs {
		n := len(d)
		switch {
		case d == ".":
			n = 0
		case p != d && !strings.HasPrefix(p, d+"/"):
			continue
		}
		if n > bestLen {
			best, bestLen = d, n
		}
	}
	return best
}

func TestOwnerMatchesScan(t *testing.T) {
	sets := [][]string{
		{".", "mem", "mem/team", "memory"},
		{"mem", "mem/team", "a/b/c"},
		{"/w/a/mem", "/w/a/mem/team", "/w/b"},
		{"/", "/w"},
		{},
	}
	paths := []string{"", ".", "mem", "mem/", "mem/a.md", "mem/team", "mem/team/", "mem/team/x/y.md",
		"mem/teams/x.md", "memory/MEMORY.md", "a/b/c/d.md", "a/b/cd.md", "a/b", "x.md",
		"/w/a/mem/x.md", "/w/a/mem/team/MEMORY.md", "/w/b", "/w/bb/x.md", "/", "/x.md", "/w/x.md"}
	for _, dirs := range sets {
		for _, p := range paths {
			if got, want := NewOwners(dirs).Of(p), ownerScan(p, dirs); got != want {
				t.Errorf("owner(%q, %q) = %q, the scan says %q", p, dirs, got, want)
			}
		}
	}
}

func TestCommonDir(t *testing.T) {
	root := filepath.FromSlash("/w")
	j := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
	for _, c := range []struct{ a, b, want string }{
		{j("a/mem"), j("a/mem/team"), j("a/mem")},
		{j("a/mem"), j("b/mem"), root},
		{j("a/memory"), j("a/mem"), j("a")},
		{j("a"), j("a"), j("a")},
	} {
		if got := commonDir(c.a, c.b); got != c.want {
			t.Errorf("commonDir(%q, %q) = %q, want %q", c.a, c.b, got, c.want)
		}
	}
}
