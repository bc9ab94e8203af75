package secret

import (
	"fmt"
	"strings"
	"testing"
)

// TestSettingsStrings checks the walk over a settings file's strings:
// every string value, with the member it belongs to and its span in the
// file (quotes included), keys and non-strings skipped, nothing for a file
// that is not JSON.
func TestSettingsStrings(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`{"env": {"A": "x", "B": 1, "C": "y\"z"}, "k": ["p", {"q": "r"}], "n": null, "s": "t"}`,
			`A@14:17=x C@32:38=y"z @47:50=p q@58:61=r s@81:84=t`},
		{"\xEF\xBB\xBF{\"apiKeyHelper\" :\n \"cmd\"}", `apiKeyHelper@22:27=cmd`},
		{`{"a": "b"`, ``},
		{`["x"]`, `@1:4=x`},
		{`"just a string"`, `@0:15=just a string`},
	} {
		var got []string
		settingsStrings([]byte(c.src), func(key string, start, end int, value string) {
			got = append(got, fmt.Sprintf("%s@%d:%d=%s", key, start, end, value))
			if c.src[start] != '"' || c.src[end-1] != '"' {
				t.Errorf("%q: span %d:%d is %q, not a JSON string", c.src, start, end, c.src[start:end])
			}
		})
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, g, c.want)
		}
	}
}

// FuzzSettingsStrings checks that the walk never panics and that every
// span it gives is a JSON string of the input.
func FuzzSettingsStrings(f *testing.F) {
	f.Add(`{"env": {"A": "x", "B": [1, "2"]}, "apiKeyHelper": "echo \u0041"}`)
	f.Fuzz(func(t *testing.T, s string) {
		settingsStrings([]byte(s), func(key string, start, end int, value string) {
			if start < 0 || end > len(s) || start >= end || s[start] != '"' || s[end-1] != '"' {
				t.Fatalf("bad span %d:%d in %q", start, end, s)
			}
		})
	})
}
