package session_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/memlint/memlint/internal/gittest"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules"
	"github.com/memlint/memlint/source"
)

// TestStaleModTime shows the file's modification time standing in for a
// missing modified field: fixtures cannot carry one, a checkout gives
// every file a new one.
func TestStaleModTime(t *testing.T) {
	for _, tc := range []struct {
		name    string
		modTime time.Time
		want    string
	}{
		{"changed before the date", time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), "the deadline 2026-04-30 has passed (214 days ago) and it has not changed since (file last changed: 2026-03-01)"},
		{"changed after the date", time.Date(2026, 5, 2, 9, 0, 0, 0, time.UTC), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			files := map[string]string{
				"MEMORY.md":         "- [Freeze](project_freeze.md) — the v3 code freeze\n",
				"project_freeze.md": "---\nname: freeze\ndescription: Code freeze for the v3 release\ntype: project\n---\nNo merges until 2026-04-30.\n",
			}
			for name, content := range files {
				p := filepath.Join(root, name)
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.Chtimes(p, tc.modTime, tc.modTime); err != nil {
					t.Fatal(err)
				}
			}
			plan := lint.Plan{Cwd: root, Paths: []string{root}, Setup: lint.Setup{Registry: rules.Registry(),
				Only: []string{"stale-project-memory"}, Now: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)}}
			res, err := lint.Run(lint.WorkingTree{}, plan, nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range res.Diagnostics {
				got = append(got, d.Message)
			}
			if tc.want == "" {
				if len(got) != 0 {
					t.Fatalf("got %q, want no finding", got)
				}
				return
			}
			if len(got) != 1 || !strings.HasPrefix(got[0], tc.want) {
				t.Fatalf("got %q, want one finding starting %q", got, tc.want)
			}
		})
	}
}

// TestStaleUnknownChange: content with neither modified nor a
// modification time (the git index, a hook's proposed write) is not
// checked, the same memory with modified is.
func TestStaleUnknownChange(t *testing.T) {
	const body = "---\nname: freeze\ndescription: Code freeze for the v3 release\ntype: project\n%s---\nNo merges until 2026-04-30.\n"
	for _, tc := range []struct {
		modified string
		want     int
	}{
		{"", 0},
		{"modified: 2026-04-01\n", 1},
	} {
		fsys := fstest.MapFS{
			"MEMORY.md":         {Data: []byte("- [Freeze](project_freeze.md) — the v3 code freeze\n")},
			"project_freeze.md": {Data: []byte(fmt.Sprintf(body, tc.modified))},
		}
		plan := lint.Plan{Cwd: "/mem", Paths: []string{"/mem"}, Setup: lint.Setup{Registry: rules.Registry(),
			Only: []string{"stale-project-memory"}, Now: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)}}
		res, err := lint.Run(lint.FSSource{Root: "/mem", FS: fsys, Dirs: []string{"."}}, plan, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Diagnostics) != tc.want {
			t.Errorf("modified %q: %d findings %v, want %d", tc.modified, len(res.Diagnostics), res.Diagnostics, tc.want)
		}
	}
}

// TestStaleLastCommit lints a memory committed to a real repository, as a
// fresh checkout has it (every file's modification time is today's): the
// last commit that changed the file says when it last changed. A file
// edited since keeps its modification time; in a run over the staged
// content, a file the commit changes is not checked and an unchanged one
// of the same dir is.
func TestStaleLastCommit(t *testing.T) {
	const freeze = "---\nname: freeze\ndescription: Code freeze for the v3 release\ntype: project\n---\nNo merges until 2026-04-30.\n"
	const launch = "---\nname: launch\ndescription: The beta launch plan and its owner\ntype: project\n---\nThe beta opens on 2026-05-04; Sarah owns the rollout.\n"
	r := gittest.New(t)
	r.Write("mem/MEMORY.md", "- [Freeze](project_freeze.md) — the v3 code freeze\n- [Launch](project_launch.md) — the beta launch\n")
	r.Write("mem/project_freeze.md", freeze)
	r.Write("mem/project_launch.md", launch)
	r.Git("add", "-A")
	r.Env = append(r.Env, "GIT_AUTHOR_DATE=2026-03-02T12:00:00Z", "GIT_COMMITTER_DATE=2026-03-02T12:00:00Z")
	r.Git("commit", "-q", "-m", "memory")
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

	check := func(t *testing.T, src lint.Source, repos lint.Repositories, want ...string) {
		t.Helper()
		plan := lint.Plan{Cwd: r.Dir, Paths: []string{filepath.Join(r.Dir, "mem")}, Setup: lint.Setup{Registry: rules.Registry(),
			Only: []string{"stale-project-memory"}, Now: now, Repos: repos}}
		res, err := lint.Run(src, plan, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range res.Diagnostics {
			got = append(got, filepath.Base(d.Path)+": "+d.Message)
		}
		if len(got) != len(want) {
			t.Fatalf("got %q, want %d findings starting %q", got, len(want), want)
		}
		for i := range want {
			if !strings.HasPrefix(got[i], want[i]) {
				t.Errorf("finding %d: got %q, want it to start %q", i, got[i], want[i])
			}
		}
	}
	const freezeFinding = "project_freeze.md: the deadline 2026-04-30 has passed (214 days ago) and it has not changed since (last commit: 2026-03-02)"
	const launchFinding = "project_launch.md: the newest date in this project memory is 2026-05-04, 210 days ago, and it has not changed since (last commit: 2026-03-02)"

	t.Run("checkout", func(t *testing.T) {
		check(t, lint.WorkingTree{}, source.RepositoryFinder(r.Dir, func(string) string { return "" }, true), freezeFinding, launchFinding)
	})
	t.Run("no repository", func(t *testing.T) {
		check(t, lint.WorkingTree{}, nil) // the checkout's modification times: changed today
	})
	t.Run("edited since", func(t *testing.T) {
		r.Write("mem/project_freeze.md", freeze+"Ask Dana before merging.\n")
		defer r.Write("mem/project_freeze.md", freeze)
		check(t, lint.WorkingTree{}, source.RepositoryFinder(r.Dir, func(string) string { return "" }, true), launchFinding)
	})
	t.Run("staged", func(t *testing.T) {
		r.Write("mem/project_freeze.md", freeze+"Ask Dana before merging.\n")
		r.Git("add", "mem/project_freeze.md")
		defer func() {
			r.Write("mem/project_freeze.md", freeze)
			r.Git("add", "mem/project_freeze.md")
		}()
		s, err := source.OpenStaged(r.Dir, func(string) string { return "" })
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		check(t, &source.Index{Staged: s}, s.Repositories(r.Dir, func(string) string { return "" }), launchFinding)
	})
}

// countingHistory is a repository whose every file is HEAD's, last
// committed on one day, and which counts the questions about its history.
type countingHistory struct {
	lint.FileList
	day   time.Time
	asked int
}

func (h *countingHistory) LastCommit(dir, p string, content []byte) (memory.LastCommit, bool) {
	h.asked++
	return memory.LastCommit{Time: h.day}, true
}

// TestStaleAsksHistoryLast: the repository's history is asked about a
// memory only when its date would make a finding otherwise (the Claude
// Code hook's written file, stamped modified, costs no git work), and a
// commit later than modified then counts.
func TestStaleAsksHistoryLast(t *testing.T) {
	const memory = "---\nname: freeze\ndescription: Code freeze for the v3 release\ntype: project\nmodified: %s\n---\nNo merges until 2026-04-30.\n"
	for _, tc := range []struct {
		modified  string
		wantAsked int
		want      int
	}{
		{"2026-05-02", 0, 0}, // changed after the date: nothing to ask
		{"2026-04-02", 1, 0}, // the commit of 2026-05-20 is later: quiet
	} {
		repo := &countingHistory{FileList: lint.FileList{RootDir: "/repo"}, day: time.Date(2026, 5, 20, 12, 0, 0, 0, time.UTC)}
		fsys := fstest.MapFS{
			"MEMORY.md":         {Data: []byte("- [Freeze](project_freeze.md) — the v3 code freeze\n")},
			"project_freeze.md": {Data: []byte(fmt.Sprintf(memory, tc.modified))},
		}
		plan := lint.Plan{Cwd: "/repo", Paths: []string{"/repo"}, Setup: lint.Setup{Registry: rules.Registry(),
			Only: []string{"stale-project-memory"}, Now: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC),
			Repos: func(string) lint.Repository { return repo }}}
		res, err := lint.Run(lint.FSSource{Root: "/repo", FS: fsys, Dirs: []string{"."}}, plan, nil)
		if err != nil {
			t.Fatal(err)
		}
		if repo.asked != tc.wantAsked || len(res.Diagnostics) != tc.want {
			t.Errorf("modified %s: asked the history %d times, %d findings; want %d, %d", tc.modified, repo.asked, len(res.Diagnostics), tc.wantAsked, tc.want)
		}
	}
}
