package lint_test

import (
	"os"
	"path/filepath"
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

// TestUnmaskPath checks that a masked path finds the one file whose
// masked name it is, and is left alone when it exists, when nothing
// matches, or when two files share the mask.
func TestUnmaskPath(t *testing.T) {
	dir := t.TempDir()
	const (
		folder = "xoxb-966632132733-4195039528911-MemLintQq7RARJ6YrZRKY8TJ"
		name   = "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.md"
	)
	real := filepath.Join(dir, folder, name)
	if err := os.MkdirAll(filepath.Dir(real), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(real, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	masked := filepath.Join(dir, "xoxb-…Y8TJ", "ghp_…ZDAu.md")
	gone := filepath.Join(dir, "xoxb-…Y8TJ", "gone.md")
	for _, tc := range []struct{ in, want string }{
		{masked, real},
		{real, real},
		{gone, gone},
		{filepath.Join(dir, "other", "ghp_…ZDAu.md"), filepath.Join(dir, "other", "ghp_…ZDAu.md")},
	} {
		if got := lint.UnmaskPath(rules.Redact, tc.in); got != tc.want {
			t.Errorf("UnmaskPath(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// A second folder with the same mask: neither is the entry's.
	twin := filepath.Join(dir, "xoxb-966632132733-4195039528911-MemLintZz7RARJ6YrZRKY8TJ")
	if got := rules.Redact(filepath.Base(twin)); got != "xoxb-…Y8TJ" {
		t.Fatalf("the twin folder masks as %q, not as the first", got)
	}
	if err := os.Mkdir(twin, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := lint.UnmaskPath(rules.Redact, masked); got != masked {
		t.Errorf("UnmaskPath with two matching folders = %q, want %q", got, masked)
	}
}
