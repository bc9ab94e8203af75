package relativedate

import (
	"bytes"
	"testing"

	"github.com/memlint/memlint/rules/internal/rulebench"
)

// refWordClass is the rdWordClass replaced, which looks words up in the map. It returns the class of a lowercase word; the most frequent
// ones are compared directly.
func refWordClass(w []byte) byte {
	switch len(w) {
	case 1:
		if w[0] == 'a' {
			return dwCount
		}
		return dwOther
	case 2:
		switch {
		case w[0] == 'i' && w[1] == 'n':
			return dwIn
		case w[0] == 'o' && w[1] == 'f', w[0] == 'a' && w[1] == 'n':
			return dwCount
		}
		return dwOther
	case 3:
		if w[0] == 't' && w[1] == 'h' && w[2] == 'e' {
			return dwThe
		}
	}
	return rdWords[string(w)]
}

func sameWordClass(t *testing.T, w []byte) {
	t.Helper()
	if got, want := rdWordClass(w), refWordClass(w); got != want {
		t.Fatalf("rdWordClass(%q) = %d, the reference %d", w, got, want)
	}
}

// TestWordClassReference compares rdWordClass with the map on every word
// of the table and of the texts, lowered as rdScanners lowers them.
func TestWordClassReference(t *testing.T) {
	for w := range rdWords {
		sameWordClass(t, []byte(w))
	}
	for _, text := range rulebench.Texts(t) {
		for _, w := range bytes.FieldsFunc(bytes.ToLower(text), func(r rune) bool { return r < 'a' || r > 'z' }) {
			if len(w) <= 16 {
				sameWordClass(t, w)
			}
		}
	}
}

func FuzzWordClassReference(f *testing.F) {
	for _, s := range []string{"today", "week", "in", "the", "approximately", "z", "ab"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w := []byte(s)
		if len(w) > 16 {
			return
		}
		for _, c := range w {
			if c < 'a' || c > 'z' {
				return // rdScanners passes lowercase letters only
			}
		}
		sameWordClass(t, w)
	})
}
