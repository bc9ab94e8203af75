package memory

import (
	"fmt"
	"testing"
)

// TestNodeEnd pins where a frontmatter value starts and ends in the file,
// line:column in characters, for every way YAML writes a scalar: the end
// is measured in the source, not from the decoded value.
func TestNodeEnd(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		key        string // the field whose value is measured
		start, end string
	}{
		{"plain", "description: a b c\n", "description", "3:14", "3:19"},
		{"plain with a comment", "description: a b c  # note\n", "description", "3:14", "3:19"},
		{"plain multibyte", "description: café ☕\n", "description", "3:14", "3:20"},
		{"plain on two lines", "description: first part\n  second part\n", "description", "3:14", "4:14"},
		{"single-quoted", "description: 'plain'\n", "description", "3:14", "3:21"},
		{"single-quoted with ''", "description: 'it''s'\n", "description", "3:14", "3:21"},
		{"double-quoted with \\\"", `description: "a \"b\" c"` + "\n", "description", "3:14", "3:25"},
		{"double-quoted with \\n and \\u00e9", `description: "x\ny \u00e9"` + "\n", "description", "3:14", "3:27"},
		{"double-quoted multibyte", `description: "é\"☕"` + "\n", "description", "3:14", "3:20"},
		{"double-quoted ending in \\\\", `description: "a\\"` + "\n", "description", "3:14", "3:19"},
		{"double-quoted on two lines", "description: \"one\n  two\"\n", "description", "3:14", "4:7"},
		{"tagged", `description: !!str "q"` + "\n", "description", "3:14", "3:23"},
		{"literal block", "description: |\n  line one\n  line two\n", "description", "3:14", "5:11"},
		{"folded block, kept newlines", "description: >+\n  one\n  twö\n\n", "description", "3:14", "5:6"},
		{"flow sequence", "description: [a, b]\n", "description", "3:14", "3:14"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := parse(t, KindTopic, "---\nname: x\n"+tc.yaml+"type: user\n---\nBody.\n")
			fm := f.Frontmatter()
			if fm == nil || fm.Doc == nil {
				t.Fatalf("frontmatter not parsed: %+v", fm)
			}
			_, v := fm.Field(tc.key)
			if v == nil {
				t.Fatalf("no %s field", tc.key)
			}
			start, end := fm.Pos(v), f.NodeEnd(v)
			got := fmt.Sprintf("%d:%d-%d:%d", start.Line, start.Col, end.Line, end.Col)
			if want := tc.start + "-" + tc.end; got != want {
				t.Errorf("%q spans %s, want %s", v.Value, got, want)
			}
		})
	}
}

// TestNodeEndKey measures a quoted key the same way.
func TestNodeEndKey(t *testing.T) {
	f := parse(t, KindTopic, "---\n\"na\\u006de\": x\n'ty''pe': user\n---\n")
	for key, want := range map[string]string{"name": "2:1-2:12", "ty'pe": "3:1-3:9"} {
		k, _ := f.Frontmatter().Field(key)
		if k == nil {
			t.Fatalf("no key %s", key)
		}
		start, end := f.Frontmatter().Pos(k), f.NodeEnd(k)
		if got := fmt.Sprintf("%d:%d-%d:%d", start.Line, start.Col, end.Line, end.Col); got != want {
			t.Errorf("key %s spans %s, want %s", key, got, want)
		}
	}
}

func TestScalarOffsets(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		want       string // the source text the value maps onto, or "" when it cannot
	}{
		{"plain", "k: hello world", "hello world"},
		{"non-ASCII", "k: héllo wörld", "héllo wörld"},
		{"single-quoted", "k: 'hello'", "hello"},
		{"double-quoted", `k: "hello"`, "hello"},
		{"quote escape", "k: 'it''s'", ""},
		{"folded plain", "k: one\n  two", "one\n  two"},
		{"literal", "k: |\n  one\n  two\n", "one\n  two\n"},
		{"folded", "k: >-\n  one\n  two\n", "one\n  two"},
		{"tag", "k: !!str tagged", "tagged"},
		{"anchor", "k: &a anchored", "anchored"},
		{"crlf", "k: one\r\n  two\r\n", "one\r\n  two"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := parse(t, KindTopic, "---\n"+tc.yaml+"\n---\nbody\n")
			if f.Frontmatter() == nil || f.Frontmatter().Doc == nil {
				t.Fatalf("frontmatter did not parse")
			}
			_, v := f.Frontmatter().Field("k")
			offs := ScalarOffsets(f, f.Frontmatter(), v)
			got := ""
			if offs != nil {
				got = string(f.Src[offs[0] : offs[len(v.Value)-1]+1])
			}
			if got != tc.want {
				t.Errorf("value %q maps onto %q, want %q", v.Value, got, tc.want)
			}
		})
	}
}
