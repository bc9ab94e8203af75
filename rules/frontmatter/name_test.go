package frontmatter

import "testing"

func TestSuggestSlug(t *testing.T) {
	for _, tc := range []struct {
		name, stem string
		max        int
		want       string
	}{
		{"Testing philosophy - ngspice as ground truth", "feedback_testing", 64, "testing-philosophy-ngspice-as-ground-truth"},
		{"feedback_testing", "feedback_testing", 64, "feedback-testing"},
		{"버전 형식 — 항상 4자리", "feedback_version_format", 64, "feedback-version-format"},
		{"测试 策略", "feedback_testing", 64, "feedback-testing"},
		{"Harness design — 하네스 설계", "feedback_harness_design", 64, "feedback-harness-design"},
		{"사용자 역할", "사용자_역할", 64, "사용자-역할"}, // no ASCII to fall back on
		{"🚀🚀", "🚀", 64, "<a short kebab-case slug>"},
		{"Café rules", "feedback_cafe", 64, "feedback-cafe"},
		{"one two three four", "x", 12, "one-two"}, // cut at a word boundary
		{"one two three four", "x", 13, "one-two-three"},
		{"abcdefghijklmnop", "x", 5, "abcde"},
	} {
		if got := suggestSlug(tc.name, tc.stem, tc.max); got != tc.want {
			t.Errorf("suggestSlug(%q, %q, %d) = %q, want %q", tc.name, tc.stem, tc.max, got, tc.want)
		}
	}
}
