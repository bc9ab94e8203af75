package frontmatter

import "testing"

func TestMisspeltKey(t *testing.T) {
	for key, want := range map[string]string{
		// Near misspellings.
		"descripton": "description", "decription": "description", "Description": "description",
		"tpye": "type", "typ": "type", "types": "type", "Type": "type", "nmae": "name", "names": "name",
		"modifed": "modified", "node-type": "node_type", "origin_session_id": "originSessionId",
		"created_at": "created", "pinned_at": "pinned", "desc": "description", "meta": "metadata",
		// Keys of their own: no guess.
		"ended": "", "scope": "", "title": "", "tags": "", "date": "", "updated": "", "topic": "",
		"related": "", "lang": "", "state": "", "notes": "", "kind": "", "label": "", "owner": "",
		"status": "", "priority": "", "de": "", "x": "", "": "",
		"a-very-long-key-of-the-users-own-that-nothing-known-is-near": "",
	} {
		if got := misspeltKey(key, knownTopKeys); got != want {
			t.Errorf("misspeltKey(%q) = %q, want %q", key, got, want)
		}
	}
}

func TestTypoDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"type", "type", 0}, {"tpye", "type", 1}, {"typ", "type", 1}, {"tyype", "type", 1},
		{"ended", "pinned", 3}, {"ca", "abc", 3}, {"modifed", "modified", 1}, {"", "name", 4},
	} {
		if got := typoDistance([]rune(c.a), []rune(c.b)); got != c.want {
			t.Errorf("typoDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
