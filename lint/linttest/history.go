package linttest

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
)

// repoCommits is the file of a case that says when the history of the
// repository it stands in last changed each file: "path date" lines, the
// date as 2006-01-02, or "<=" and a date for a file whose change lies
// beyond the history read (see the package doc).
const repoCommits = ".repo-commits"

// committedFiles is a case's repository with the history repoCommits
// tells (lint.History).
type committedFiles struct {
	*lint.FileList
	commits map[string]memory.LastCommit
}

// LastCommit returns the commit repoCommits names for p. The case's
// files are what HEAD holds unless repoCommits leaves them out, so
// content and dir are not looked at.
func (c *committedFiles) LastCommit(dir, p string, content []byte) (memory.LastCommit, bool) {
	lc, ok := c.commits[p]
	return lc, ok
}

// readRepoCommits reads a case's repoCommits over its file list: the
// paths it names are tracked too.
func readRepoCommits(name string, list *lint.FileList) (*committedFiles, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	c := &committedFiles{FileList: list, commits: map[string]memory.LastCommit{}}
	for i, line := range strings.Split(string(b), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if len(fields) != 2 {
			return nil, fmt.Errorf("line %d: want \"path date\", got %q", i+1, line)
		}
		day, bounded := strings.CutPrefix(fields[1], "<=")
		t, err := time.Parse("2006-01-02", day)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", i+1, err)
		}
		// Midday, so that the day is the same in any time zone a test
		// prints it in.
		c.commits[fields[0]] = memory.LastCommit{Time: t.Add(12 * time.Hour), Bounded: bounded}
	}
	var added []string
	for p := range c.commits {
		if !list.Tracked(p) { // list.Paths is sorted until they are added
			added = append(added, p)
		}
	}
	list.Paths = append(list.Paths, added...)
	sort.Strings(list.Paths)
	return c, nil
}
