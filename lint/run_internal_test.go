package lint

import (
	"path/filepath"
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
		if got := owner(p, dirs); got != want {
			t.Errorf("owner(%q) = %q, want %q", p, got, want)
		}
	}
	if got := owner("x.md", []string{"mem"}); got != "" {
		t.Errorf("owner outside every dir = %q, want empty", got)
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
