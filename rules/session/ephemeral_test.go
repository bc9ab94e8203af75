package session

import "testing"

// TestMayHoldRef keeps the prefilter from dropping a reference refPattern
// finds, and shows it drops ordinary items.
func TestMayHoldRef(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"PR #626 schema split", true},
		{"pr 45", true},
		{"see issue 12", true},
		{"#628 client logger", true},
		{"!45 hotfix", true},
		{"(#7) fix", true},
		{"[#39](https://github.com/a/b/pull/39) scan", true},
		{"https://gitlab.com/a/b/merge_requests/12", true},
		{"Issue#3", true},
		{"port 8080 and 3 retries", false},
		{"v2.2.0, 70+ components", false},
		{"no numbers", false},
	} {
		got := mayHoldRef([]byte(tc.text))
		if got != tc.want {
			t.Errorf("mayHoldRef(%q) = %v, want %v", tc.text, got, tc.want)
		}
		if refPattern.Match([]byte(tc.text)) && !got {
			t.Errorf("mayHoldRef(%q) drops a reference refPattern finds", tc.text)
		}
	}
}

// TestPhraseKeys keeps the prefilter in step with the phrase table.
func TestPhraseKeys(t *testing.T) {
	for _, p := range diaryPhrases {
		if hits := phraseHits([]byte("x " + p + " y")); len(hits) != 1 || hits[0].phrase != p || hits[0].start != 2 {
			t.Errorf("phraseHits(%q) = %v: the phrase is not found through phraseKeys", p, hits)
		}
	}
}
