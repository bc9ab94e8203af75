package rules

import (
	"fmt"
	"regexp"
	"time"

	"github.com/memlint/memlint/lint"
)

var logPathPattern = regexp.MustCompile(`^logs/(\d{4})/(\d{2})/(\d{4})-(\d{2})-(\d{2})\.md$`)

// LogPath reports files under logs/ that are not named for a real day.
var LogPath = &lint.Rule{
	ID:       "log-path",
	Severity: lint.Error,
	Summary:  "a file under logs/ is not logs/YYYY/MM/YYYY-MM-DD.md with a real date matching its folders",
	Doc: `In assistant mode Claude Code appends to one log per day,
` + "`logs/YYYY/MM/YYYY-MM-DD.md`" + `, and a nightly consolidation distils them into
memories by date. A log under another name, in the wrong month folder or with an
impossible date is never consolidated, or is consolidated as the wrong day.

Bad: ` + "`logs/2026/3/2026-03-05.md`" + `, ` + "`logs/2026/04/2026-03-05.md`" + `,
` + "`logs/2026/02/2026-02-30.md`" + `, ` + "`logs/notes.md`" + `.
Good: ` + "`logs/2026/03/2026-03-05.md`" + `.

Fix: move the file to the path of the day it logs.`,
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Logs {
			if problem := logPathProblem(f.Rel); problem != "" {
				pass.ReportFile(f, problem, "move it to logs/YYYY/MM/YYYY-MM-DD.md for the day it logs")
			}
		}
	},
}

func logPathProblem(rel string) string {
	m := logPathPattern.FindStringSubmatch(rel)
	if m == nil {
		return fmt.Sprintf("%s is not a daily log path: logs are logs/YYYY/MM/YYYY-MM-DD.md", rel)
	}
	date := m[3] + "-" + m[4] + "-" + m[5]
	if _, err := time.Parse("2006-01-02", date); err != nil {
		return fmt.Sprintf("%s is not a real date", date)
	}
	if m[1] != m[3] || m[2] != m[4] {
		return fmt.Sprintf("log for %s is in the folder logs/%s/%s/; it belongs in logs/%s/%s/", date, m[1], m[2], m[3], m[4])
	}
	return ""
}
