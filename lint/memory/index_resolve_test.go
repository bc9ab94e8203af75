package memory

import (
	"strings"
	"testing"
)

// generalResolveLink is ResolveLink without its fast path for plain
// names: the two steps every other destination takes.
func generalResolveLink(fromRel, dest string) (string, LinkKind) {
	dest = strings.TrimSpace(dest)
	if target, kind, ok := nonLocalLink(dest); ok {
		return target, kind
	}
	return resolveRelative(fromRel, dest)
}

// resolveSeeds are destinations at plainName's edges: dot segments,
// empty segments, a trailing slash, and bytes the general path changes.
var resolveSeeds = []string{
	"a.md", "sub/a.md", ".md", "..md", "...", "a..md", ".", "..", "./a.md", "a/./b.md", "a/../b.md",
	"a//b.md", "a/", "/a.md", "sub/.hidden.md", "...a/b", "a/.../b", "a b.md", " a.md ", "a%20b.md",
	`a\b.md`, "a.md#x", "a.md?q", "~a.md", "C:/x.md", "x:y.md", "ab:c", "é.md", "a\tb.md", "-_.md",
}

func TestResolveLinkFastPath(t *testing.T) {
	for _, from := range []string{IndexName, "topic.md", "sub/topic.md"} {
		for _, dest := range resolveSeeds {
			target, kind := ResolveLink(from, dest)
			if wantTarget, wantKind := generalResolveLink(from, dest); target != wantTarget || kind != wantKind {
				t.Errorf("ResolveLink(%q, %q) = %q, %v; the general path gives %q, %v", from, dest, target, kind, wantTarget, wantKind)
			}
		}
	}
	// plainName must admit the common case, or the fast path is dead.
	for _, dest := range []string{"a.md", "feedback_x-y.md", "sub/a.md", "...", "a..md"} {
		if !plainName(dest) {
			t.Errorf("plainName(%q) = false", dest)
		}
	}
}

func FuzzResolveLink(f *testing.F) {
	for _, dest := range resolveSeeds {
		f.Add(IndexName, dest)
		f.Add("sub/topic.md", dest)
	}
	f.Fuzz(func(t *testing.T, from, dest string) {
		target, kind := ResolveLink(from, dest)
		if wantTarget, wantKind := generalResolveLink(from, dest); target != wantTarget || kind != wantKind {
			t.Fatalf("ResolveLink(%q, %q) = %q, %v; the general path gives %q, %v", from, dest, target, kind, wantTarget, wantKind)
		}
	})
}
