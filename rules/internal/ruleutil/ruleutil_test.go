package ruleutil

import "testing"

func TestTrigramAt(t *testing.T) {
	const table = "janfebmar"
	for _, tc := range []struct {
		text string
		i    int
		want bool
	}{
		{"jan", 0, true}, {"JAN", 0, true}, {"in March", 3, true}, {"in March", 2, false},
		{"ja", 0, false}, {"xjan", 1, true}, {"xjan", 2, false}, {"jan", -1, false},
		{"apr", 0, false}, {"an f", 1, false}, // "an " is not an entry, nor is one across entries ("anf")
		{"anf", 0, false},
	} {
		if got := TrigramAt([]byte(tc.text), tc.i, table); got != tc.want {
			t.Errorf("TrigramAt(%q, %d) = %v, want %v", tc.text, tc.i, got, tc.want)
		}
	}
}

func TestIsPlaceholder(t *testing.T) {
	for v, want := range map[string]bool{
		"<kebab-case-slug>": true, "[one line]": true, "{{slug}}": true, "see {{x}} here": true,
		"<a> and <b>": false, "feedback-testing": false, "": false, "<>": false, "a <b>": false,
	} {
		if got := IsPlaceholder(v); got != want {
			t.Errorf("IsPlaceholder(%q) = %v, want %v", v, got, want)
		}
	}
}

// FuzzClip holds Clip, which stops at the cut, to its definition
// (clipSlow): the words joined by single spaces, cut to n-1 characters
// and an ellipsis when longer than n.
func FuzzClip(f *testing.F) {
	for _, s := range []string{"", " ", "a", "  two  words ", "tab\tand\nnewline", "日本語のテキスト と  空白", "\u00a0nbsp\u2003em space\u3000", "x\xffy"} {
		f.Add(s, 5)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		n = 1 + (n%80+80)%80
		if got, want := Clip(s, n), clipSlow(s, n); got != want {
			t.Errorf("Clip(%q, %d) = %q, want %q", s, n, got, want)
		}
	})
}
