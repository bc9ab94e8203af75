package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
)

// githubReporter writes GitHub Actions workflow commands, one line per finding,
// which the runner turns into annotations on the pull request's files:
//
//	::error file=memory/MEMORY.md,line=201,endLine=230,title=memlint index-line-limit::MEMORY.md loads …
//
// Errors are ::error, warnings ::warning, infos ::notice. Files are named
// relative to Report.Root (the repository's top level, which is what
// annotations are matched against), or as displayed when outside it.
// line and col are left out for findings about a whole file or dir;
// col/endColumn only appear for a finding on one line, since GitHub
// ignores columns of annotations spanning lines. GitHub's end column is
// inclusive, memlint's End just after the text: endColumn is End.Col-1.
// Values are escaped as the workflow-command format requires. Suppressed
// findings are not written, and there is no summary line.
type githubReporter struct{}

// Report writes r as workflow commands.
func (githubReporter) Report(w io.Writer, r *Report) error {
	bw := bufio.NewWriter(w)
	for _, d := range r.Diagnostics {
		bw.WriteString(githubCommand(r, d))
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write GitHub annotations: %w", err)
	}
	return nil
}

// githubCommand is the workflow command of one finding, without the
// newline.
func githubCommand(r *Report, d lint.Diagnostic) string {
	file, ok := r.relToRoot(d.Path)
	if !ok {
		file = r.display(d.Path)
	}
	props := []string{"file=" + escapeGitHubProperty(file)}
	add := func(key string, n int) { props = append(props, key+"="+strconv.Itoa(n)) }
	if start, end := d.Start, d.End; start.Line >= 1 {
		add("line", start.Line)
		// An end at column 1 of a later line ends with the line before
		// it.
		if end.Line > start.Line && end.Col == 1 {
			end = markdown.Pos{Line: end.Line - 1}
		}
		if end.Line > start.Line {
			add("endLine", end.Line)
		}
		if start.Col >= 1 && (end.Line == 0 || end.Line == start.Line) {
			add("col", start.Col)
			if end.Line == start.Line && end.Col-1 >= start.Col {
				add("endColumn", end.Col-1)
			}
		}
	}
	props = append(props, "title="+escapeGitHubProperty("memlint "+d.Rule))
	msg := d.Message
	if d.Suggestion != "" {
		msg += "\nSuggestion: " + d.Suggestion
	}
	return "::" + githubCommandName(d.Severity) + " " + strings.Join(props, ",") + "::" + escapeGitHubData(msg)
}

func githubCommandName(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "error"
	case lint.Warning:
		return "warning"
	}
	return "notice"
}

// githubData and githubProperty escape the message of a workflow command
// and the values of its properties as GitHub's runner unescapes them (and
// @actions/core escapes them). A Replacer works in one pass, so the "%"
// of an escape it wrote is never escaped again.
var (
	githubData     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	githubProperty = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// Other control characters (an escape sequence in a file name or a quoted
// line) would reach the log viewer raw, and the runner has no escape for
// them, so they are spelled out by EscapeText, after the runner's own
// escapes (which leave no control behind).
func escapeGitHubData(s string) string { return EscapeText(githubData.Replace(s)) }

func escapeGitHubProperty(s string) string {
	return EscapeText(githubProperty.Replace(s))
}
