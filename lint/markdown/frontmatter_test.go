package markdown

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestDecodeLenient reads frontmatter as Claude Code 2.1.328 does (SPEC
// §1.2): as it is, else after quoting plain top-level values that hold a
// YAML indicator and turning leading tabs into spaces.
func TestDecodeLenient(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		key        string // a top-level key, or metadata.x
		want       string // its scalar value; "-" when the YAML gives nothing
	}{
		{"valid", "name: a\ndescription: plain\n", "description", "plain"},
		{"': ' quoted", "name: a\ndescription: Stack: Go\n", "description", "Stack: Go"},
		{"'#' quoted with the rest", "description: Stack: Go\ntype: feedback # note\n", "type", "feedback # note"},
		{"a list stays a list", "description: Stack: Go\ntags: [a, b]\n", "tags", "[list]"},
		{"leading tabs", "description: x\nmetadata:\n\ttype: feedback\n", "metadata.type", "feedback"},
		{"indented values are never quoted", "description: x\nmetadata:\n  note: a: b\n  type: user\n", "metadata.type", "-"},
		{"CRLF lines are never quoted", "description: Stack: Go\r\ntype: user\r\n", "type", "-"},
		{"already quoted", "description: \"Stack: Go\"\nnote: a: b\n", "note", "a: b"},
		{"duplicate keys: the last wins", "type: user\ntype: project\n", "type", "project"},
		{"not a mapping", "- a\n- b\n", "type", "-"},
		{"nothing", "", "type", "-"},
	} {
		doc := DecodeLenient([]byte(tc.yaml))
		var v *yaml.Node
		if key, ok := strings.CutPrefix(tc.key, "metadata."); ok {
			_, md := Lookup(doc, "metadata")
			_, v = Lookup(md, key)
		} else {
			_, v = Lookup(doc, tc.key)
		}
		got := "-"
		switch {
		case v != nil && v.Kind == yaml.SequenceNode:
			got = "[list]"
		case v != nil:
			got = ScalarValue(v)
		}
		if got != tc.want {
			t.Errorf("%s: %s = %q, want %q", tc.name, tc.key, got, tc.want)
		}
	}
}
