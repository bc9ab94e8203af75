package source

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// nestedCacheTree is a cache-tree extension of depth folders, each the
// only subfolder of the one above, every one valid (hash of hashLen 0xab
// bytes).
func nestedCacheTree(depth, hashLen int) []byte {
	var b bytes.Buffer
	hash := bytes.Repeat([]byte{0xab}, hashLen)
	for i := 0; i <= depth; i++ {
		name := "d"
		if i == 0 {
			name = "" // the root
		}
		sub := 1
		if i == depth {
			sub = 0
		}
		fmt.Fprintf(&b, "%s\x001 %d\n", name, sub)
		b.Write(hash)
	}
	return b.Bytes()
}

// TestCacheTreeDepth reads a cache tree of ordinary depth in full and
// refuses one nested past maxCacheTreeDepth (which a planted index could
// make deep enough to exhaust the stack) instead of recursing into it.
func TestCacheTreeDepth(t *testing.T) {
	trees := map[string]string{}
	rest, ok := cacheTree(nestedCacheTree(10, 20), 20, "", 0, trees)
	if !ok || len(rest) != 0 {
		t.Fatalf("depth 10: ok %v, %d bytes left", ok, len(rest))
	}
	deepest := strings.TrimSuffix(strings.Repeat("d/", 10), "/")
	if len(trees) != 11 || trees[deepest] != strings.Repeat("ab", 20) {
		t.Fatalf("depth 10: got %d trees, %q at %s", len(trees), trees[deepest], deepest)
	}
	if _, ok := cacheTree(nestedCacheTree(maxCacheTreeDepth+1, 20), 20, "", 0, map[string]string{}); ok {
		t.Fatalf("a cache tree %d folders deep was read", maxCacheTreeDepth+1)
	}
}
