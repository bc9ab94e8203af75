package hooks

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
)

// TestReportLineCap: a message to the agent has at most maxReportLines
// lines, every finding shown has its whole suggestion, and what does not
// fit is counted with the command that lists it.
func TestReportLineCap(t *testing.T) {
	t.Parallel()
	w := &memoryWrite{memDir: "/p/mem", files: []string{"/p/mem/feedback_x.md"}, subject: "mem/feedback_x.md"}
	finding := func(line, suggestionLines int) lint.Diagnostic {
		var s []string
		for i := 0; i < suggestionLines; i++ {
			s = append(s, fmt.Sprintf("step %d", i+1))
		}
		return lint.Diagnostic{Rule: "r", Severity: lint.Error, Path: "/p/mem/feedback_x.md",
			Start: markdown.Pos{Line: line}, Message: "bad", Suggestion: strings.Join(s, "\n")}
	}
	for _, c := range []struct {
		name  string
		diags []lint.Diagnostic
		want  string
	}{
		{"two four-line findings and a third that does not fit",
			[]lint.Diagnostic{finding(1, 3), finding(2, 3), finding(3, 3)},
			"H mem/feedback_x.md\n" +
				"- line 1: bad [r]\n  → step 1\n    step 2\n    step 3\n" +
				"- line 2: bad [r]\n  → step 1\n    step 2\n    step 3\n" +
				"- … and 1 more: run memlint mem\n" +
				"F r\n"},
		{"the fourth does not fit",
			[]lint.Diagnostic{finding(1, 3), finding(2, 3), finding(3, 1), finding(4, 3)},
			"H mem/feedback_x.md\n" +
				"- line 1: bad [r]\n  → step 1\n    step 2\n    step 3\n" +
				"- line 2: bad [r]\n  → step 1\n    step 2\n    step 3\n" +
				"- line 3: bad → step 1 [r]\n" +
				"- … and 1 more: run memlint mem\n" +
				"F r\n"},
		{"one finding longer than the message",
			[]lint.Diagnostic{finding(1, 20)},
			"H mem/feedback_x.md\n- line 1: bad [r]\n  → step 1\n    step 2\n    step 3\n    step 4\n    step 5\n    step 6\n    step 7\n    step 8\n" +
				"    … (the whole suggestion: memlint mem)\nF r\n"},
		{"a long first finding, cut to leave room for the next",
			[]lint.Diagnostic{finding(1, 20), finding(2, 0)},
			"H mem/feedback_x.md\n- line 1: bad [r]\n  → step 1\n    step 2\n    step 3\n    step 4\n    step 5\n    step 6\n    step 7\n" +
				"    … (the whole suggestion: memlint mem)\n- line 2: bad [r]\nF r\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := w.report(c.diags, "/p", reportKind{header: "H %[2]s", footer: "F %s"})
			if got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
			if n := strings.Count(got, "\n"); n > maxReportLines {
				t.Errorf("%d lines, want at most %d", n, maxReportLines)
			}
		})
	}
}
