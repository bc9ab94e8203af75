package benchgen

import (
	"bytes"
	"strings"
	"testing"
)

func TestDeterministic(t *testing.T) {
	a, b := Files(3, 40, 7), Files(3, 40, 7)
	if len(a) != 3*41 {
		t.Fatalf("got %d files, want %d", len(a), 3*41)
	}
	for p, src := range a {
		if !bytes.Equal(src, b[p]) {
			t.Fatalf("%s differs between two runs with the same seed", p)
		}
	}
	c := Files(3, 40, 8)
	same := 0
	for p, src := range a {
		if bytes.Equal(src, c[p]) {
			same++
		}
	}
	if same == len(a) {
		t.Fatal("a different seed gave the same tree")
	}
}

func TestShapes(t *testing.T) {
	files := Files(2, 200, 1)
	var nested, flat, none, big int
	for p, src := range files {
		if strings.HasSuffix(p, "/MEMORY.md") {
			if !bytes.Contains(src, []byte("- [")) {
				t.Errorf("%s has no index entries", p)
			}
			continue
		}
		switch {
		case bytes.Contains(src, []byte("\nmetadata:")):
			nested++
		case bytes.HasPrefix(src, []byte("---\n")):
			flat++
		default:
			none++
		}
		if len(src) > 5000 {
			big++
		}
	}
	if nested < 120 || flat < 120 || none == 0 || big == 0 {
		t.Errorf("unrealistic mix: nested %d, flat %d, none %d, over 5 KB %d", nested, flat, none, big)
	}
}
