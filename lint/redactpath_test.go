package lint_test

import (
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
)

// TestRedactPath checks that only the names holding a secret change, and
// that a masked path is left as it is (so a stored path matches again).
func TestRedactPath(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"/w/mem/MEMORY.md", "/w/mem/MEMORY.md"},
		{"mem/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.md", "mem/ghp_…ZDAu.md"},
		{"/a/xoxb-966632132733-4195039528911-MemLintQq7RARJ6YrZRKY8TJ/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/", "/a/xoxb-…Y8TJ/ghp_…ZDAu/"},
		{"ghp_…ZDAu.md", "ghp_…ZDAu.md"},
	} {
		if got := lint.RedactPath(rules.Redact, tc.in); got != tc.want {
			t.Errorf("RedactPath(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := lint.RedactPath(nil, "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"); got != "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" {
		t.Errorf("RedactPath(nil, …) = %q", got)
	}
}
