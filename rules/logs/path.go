package logs

import (
	_ "embed"
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/memlint/memlint/internal/lazyre"
	"github.com/memlint/memlint/lint"
)

// The two layouts of assistant-mode logs (SPEC §1.1): one file a day
// before Claude Code 2.1.120, one file a session from then on.
var (
	dailyLogPath   = lazyre.New(`^logs/(\d{4})/(\d{2})/(\d{4})-(\d{2})-(\d{2})\.md$`)
	sessionLogPath = lazyre.New(`^logs/(\d{4})/(\d{2})/(\d{2})/[^/-][^/]*-[^/]*\.md$`)
)

// Path reports files under logs/ that follow neither layout, or name a
// day that does not exist or disagrees with their folders.
var Path = &lint.Rule{
	ID:       "log-path",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "a file under logs/ follows neither log layout (logs/YYYY/MM/YYYY-MM-DD.md, logs/YYYY/MM/DD/<id>-<title>.md), or its date is not real or disagrees with its folders",
	Doc:      pathDoc,
	Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Logs {
			if strings.HasPrefix(path.Base(f.Rel), ".") {
				continue // .gitkeep and the like keep a folder in git; they are not logs
			}
			if problem := logPathProblem(f.Rel); problem != "" {
				pass.ReportFile(f, problem, "move it to logs/YYYY/MM/YYYY-MM-DD.md or logs/YYYY/MM/DD/<id>-<title>.md for the day it logs")
			}
		}
	},
}

//go:embed log-path.md
var pathDoc string

func logPathProblem(rel string) string {
	if m := sessionLogPath.FindStringSubmatch(rel); m != nil {
		date := m[1] + "-" + m[2] + "-" + m[3]
		if !realDate(date) {
			return fmt.Sprintf("%s is not a real date: the folders logs/%s/%s/%s/ name no day", date, m[1], m[2], m[3])
		}
		return ""
	}
	m := dailyLogPath.FindStringSubmatch(rel)
	if m == nil {
		return fmt.Sprintf("%s is not a log path: logs are logs/YYYY/MM/YYYY-MM-DD.md (one a day) or logs/YYYY/MM/DD/<id>-<title>.md (one a session)", rel)
	}
	date := m[3] + "-" + m[4] + "-" + m[5]
	if !realDate(date) {
		return fmt.Sprintf("%s is not a real date", date)
	}
	if m[1] != m[3] || m[2] != m[4] {
		return fmt.Sprintf("log for %s is in the folder logs/%s/%s/; it belongs in logs/%s/%s/", date, m[1], m[2], m[3], m[4])
	}
	return ""
}

func realDate(date string) bool {
	_, err := time.Parse("2006-01-02", date)
	return err == nil
}
