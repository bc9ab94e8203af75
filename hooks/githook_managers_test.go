package hooks

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// hookTool finds a hook manager's command on PATH; without it the test is
// skipped, or failed when the variable require is set (.ci/run sets it).
func hookTool(t *testing.T, name, require string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv(require) != "" {
			t.Fatalf("%s is not installed (%s is set)", name, require)
		}
		t.Skipf("%s is not installed", name)
	}
	return path
}

// tool runs a hook manager's command in dir and fails the test if it fails.
func (l *hookLab) tool(dir, name string, args ...string) {
	l.t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		l.t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// managerCase is one configuration of a manager and what status and
// install say about it.
type managerCase struct {
	name   string
	files  map[string]string // written in the repository before the manager installs
	fires  bool
	status []string // in status's output
}

// checkManager runs status and install in repo and checks that they
// agree: when memlint runs from the manager, status exits 0 and install
// changes nothing; when not, status says how to add memlint and install
// refuses with the same advice, leaving the hook as it is.
func (l *hookLab) checkManager(repo, hook string, tc managerCase) {
	l.t.Helper()
	ok, status := l.status(repo)
	if ok != tc.fires {
		l.t.Errorf("status ok = %v, want %v:\n%s", ok, tc.fires, status)
	}
	wantContains(l.t, "status", status, tc.status...)
	before, _ := os.ReadFile(hook)
	var out bytes.Buffer
	err := InstallGitHook(GitHookOptions{Dir: repo, Memlint: filepath.Join(l.root, "bin", "memlint"), Out: &out})
	if tc.fires {
		if err != nil {
			l.t.Errorf("install where memlint runs from the manager: %v", err)
		}
		wantContains(l.t, "install", out.String(), "nothing to install: ")
	} else {
		if err == nil {
			l.t.Errorf("install under the manager succeeded:\n%s", out.String())
		} else {
			// The advice is status's verdict.
			verdict := status[strings.Index(status, "verdict:     will not fire: ")+len("verdict:     will not fire: "):]
			wantContains(l.t, "install error", err.Error(), strings.TrimSpace(verdict))
		}
	}
	if after, _ := os.ReadFile(hook); !bytes.Equal(before, after) {
		l.t.Errorf("install changed the manager's hook %s", hook)
	}
	if _, err := os.Stat(filepath.Join(repo, ".git", recordFile)); err == nil {
		l.t.Errorf("install under a manager recorded a hook")
	}
}

// TestGitHookStatusPreCommitFramework installs the pre-commit framework's
// real hook (pre-commit install) and checks status and install against
// its configuration; with core.hooksPath (where pre-commit install
// refuses) its script is copied there, as a user would.
func TestGitHookStatusPreCommitFramework(t *testing.T) {
	hookTool(t, "pre-commit", "MEMLINT_REQUIRE_PRECOMMIT")
	const remote = "repos:\n  - repo: https://github.com/memlint/memlint\n    rev: v0.1.0\n    hooks:\n"
	cases := []managerCase{
		{"id memlint", map[string]string{".pre-commit-config.yaml": remote + "      - id: memlint\n"}, true,
			[]string{"the pre-commit framework's hook", "manager:     the pre-commit framework (.pre-commit-config.yaml)",
				"verdict:     memlint runs from the pre-commit framework (.pre-commit-config.yaml, id memlint): it will fire"}},
		{"id memlint-system", map[string]string{".pre-commit-config.yaml": remote + "      - id: memlint-system\n"}, true,
			[]string{"(.pre-commit-config.yaml, id memlint-system): it will fire"}},
		{"local entry", map[string]string{".pre-commit-config.yaml": "repos:\n  - repo: local\n    hooks:\n      - id: memory\n        name: memory\n        entry: /opt/bin/memlint hooks run pre-commit\n        language: system\n"}, true,
			[]string{"(.pre-commit-config.yaml, id memory, entry /opt/bin/memlint hooks run pre-commit): it will fire"}},
		{"push stage only", map[string]string{".pre-commit-config.yaml": remote + "      - id: memlint\n        stages: [pre-push]\n"}, false,
			[]string{"verdict:     will not fire: the pre-commit framework owns the pre-commit hook and .pre-commit-config.yaml does not run memlint; add memlint to it"}},
		{"other hooks", map[string]string{".pre-commit-config.yaml": "repos:\n  - repo: https://github.com/pre-commit/pre-commit-hooks\n    rev: v4.5.0\n    hooks:\n      - id: trailing-whitespace\n"}, false,
			[]string{"does not run memlint; add memlint to it: a repo https://github.com/memlint/memlint"}},
		{"bad yaml", map[string]string{".pre-commit-config.yaml": "repos: [\n"}, false,
			[]string{"will not fire: the pre-commit framework owns the pre-commit hook, but .pre-commit-config.yaml is not valid YAML"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			lab := newHookLab(t)
			repo := lab.repo("repo")
			for name, content := range tc.files {
				lab.write(filepath.Join(repo, name), content, 0o644)
			}
			lab.tool(repo, "pre-commit", "install")
			hook := filepath.Join(repo, ".git", "hooks", "pre-commit")
			lab.checkManager(repo, hook, tc)

			// The same script in a core.hooksPath folder.
			script, err := os.ReadFile(hook)
			if err != nil {
				t.Fatal(err)
			}
			lab.write(filepath.Join(repo, ".githooks", "pre-commit"), string(script), 0o755)
			lab.git(repo, "config", "core.hooksPath", ".githooks")
			lab.checkManager(repo, filepath.Join(repo, ".githooks", "pre-commit"), tc)
		})
	}

	// The config file named by the script, not the default one.
	lab := newHookLab(t)
	repo := lab.repo("repo")
	lab.write(filepath.Join(repo, "ci", "hooks.yaml"), remote+"      - id: memlint\n", 0o644)
	lab.tool(repo, "pre-commit", "install", "--config", "ci/hooks.yaml")
	lab.checkManager(repo, filepath.Join(repo, ".git", "hooks", "pre-commit"), managerCase{fires: true,
		status: []string{"memlint runs from the pre-commit framework (ci/hooks.yaml, id memlint): it will fire"}})
	if err := os.Remove(filepath.Join(repo, "ci", "hooks.yaml")); err != nil {
		t.Fatal(err)
	}
	lab.checkManager(repo, filepath.Join(repo, ".git", "hooks", "pre-commit"), managerCase{
		status: []string{"will not fire: the pre-commit framework owns the pre-commit hook, but ci/hooks.yaml is missing"}})
}

// TestGitHookStatusLefthook installs lefthook's real hook (lefthook
// install) for each of its configuration layouts, checks status and
// install, and commits: where status says memlint fires, the commit runs
// it (a stub memlint on PATH), and where it says not, it does not.
func TestGitHookStatusLefthook(t *testing.T) {
	hookTool(t, "lefthook", "MEMLINT_REQUIRE_LEFTHOOK")
	cases := []managerCase{
		{"commands", map[string]string{"lefthook.yml": "pre-commit:\n  commands:\n    memlint:\n      glob: \"*\"\n      run: memlint hooks run pre-commit\n"}, true,
			[]string{"lefthook's hook", "verdict:     memlint runs from lefthook (lefthook.yml, command memlint): it will fire"}},
		{"jobs", map[string]string{".lefthook.yml": "pre-commit:\n  jobs:\n    - name: lint memory\n      run: memlint hooks run pre-commit\n"}, true,
			[]string{"memlint runs from lefthook (.lefthook.yml, job lint memory): it will fire"}},
		{"group", map[string]string{"lefthook.yaml": "pre-commit:\n  jobs:\n    - group:\n        jobs:\n          - run: memlint hooks run pre-commit\n"}, true,
			[]string{"memlint runs from lefthook (lefthook.yaml, job 1): it will fire"}},
		{"local only", map[string]string{"lefthook-local.yml": "pre-commit:\n  commands:\n    memory:\n      run: memlint hooks run pre-commit\n"}, true,
			[]string{"memlint runs from lefthook (lefthook-local.yml, command memory): it will fire"}},
		{"local adds it", map[string]string{
			"lefthook.yml":       "pre-commit:\n  commands:\n    other:\n      run: \"true\"\n",
			"lefthook-local.yml": "pre-commit:\n  commands:\n    memlint:\n      run: memlint hooks run pre-commit\n"}, true,
			[]string{"memlint runs from lefthook (lefthook-local.yml, command memlint): it will fire"}},
		{"skipped", map[string]string{"lefthook.yml": "pre-commit:\n  commands:\n    memlint:\n      skip: true\n      run: memlint hooks run pre-commit\n"}, false,
			[]string{"will not fire: lefthook owns the pre-commit hook and lefthook.yml does not run memlint; add memlint to it: `pre-commit: {commands: {memlint: {run: memlint hooks run pre-commit}}}`"}},
		{"other commands", map[string]string{"lefthook.yml": "pre-commit:\n  commands:\n    other:\n      run: \"true\"\n"}, false,
			[]string{"lefthook.yml does not run memlint; add memlint to it"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			lab := newHookLab(t)
			repo := lab.repo("repo")
			for name, content := range tc.files {
				lab.write(filepath.Join(repo, name), content, 0o644)
			}
			lab.tool(repo, "lefthook", "install")
			lab.checkManager(repo, filepath.Join(repo, ".git", "hooks", "pre-commit"), tc)

			bin := filepath.Join(lab.root, "bin")
			lab.stub(filepath.Join(bin, "memlint"), 0)
			t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			lab.runs()
			if out, err := lab.commit(repo, nil); err != nil {
				t.Fatalf("commit: %v\n%s", err, out)
			}
			ran := slices.Contains(lab.runs(), "memlint hooks run pre-commit index=set")
			if ran != tc.fires {
				t.Errorf("the commit ran memlint = %v, but status said it fires = %v", ran, tc.fires)
			}
		})
	}
}

// TestGitHookStatusHusky sets husky up for real (husky writes .husky/_ and
// sets core.hooksPath) and checks status, install and a commit with and
// without memlint in .husky/pre-commit.
func TestGitHookStatusHusky(t *testing.T) {
	hookTool(t, "husky", "MEMLINT_REQUIRE_HUSKY")
	cases := []managerCase{
		{"runs memlint", map[string]string{".husky/pre-commit": "npm test\nmemlint hooks run pre-commit\n"}, true,
			[]string{"husky's hook", "manager:     husky (.husky/pre-commit)",
				"verdict:     memlint runs from husky (.husky/pre-commit, line `memlint hooks run pre-commit`): it will fire"}},
		{"commented out", map[string]string{".husky/pre-commit": "# memlint hooks run pre-commit\n"}, false,
			[]string{"will not fire: husky owns the pre-commit hook and .husky/pre-commit does not run memlint; add the line `memlint hooks run pre-commit` to it"}},
		{"no script", nil, false,
			[]string{"will not fire: husky owns the pre-commit hook and .husky/pre-commit does not run memlint; add the line"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			lab := newHookLab(t)
			repo := lab.repo("repo")
			lab.tool(repo, "husky")
			if got := lab.git(repo, "config", "core.hooksPath"); got != ".husky/_" {
				t.Fatalf("husky set core.hooksPath = %q", got)
			}
			bin := filepath.Join(lab.root, "bin")
			lab.stub(filepath.Join(bin, "memlint"), 0)
			lab.write(filepath.Join(bin, "npm"), "#!/bin/sh\nexit 0\n", 0o755)
			t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			for name, content := range tc.files {
				lab.write(filepath.Join(repo, name), content, 0o644)
			}
			lab.checkManager(repo, filepath.Join(repo, ".husky", "_", "pre-commit"), tc)

			lab.runs()
			if out, err := lab.commit(repo, nil); err != nil {
				t.Fatalf("commit: %v\n%s", err, out)
			}
			ran := slices.Contains(lab.runs(), "memlint hooks run pre-commit index=set")
			if ran != tc.fires {
				t.Errorf("the commit ran memlint = %v, but status said it fires = %v", ran, tc.fires)
			}
		})
	}

	// husky's generated folder without its pre-commit: nothing runs.
	lab := newHookLab(t)
	repo := lab.repo("repo")
	lab.git(repo, "config", "core.hooksPath", ".husky/_")
	lab.write(filepath.Join(repo, ".husky", "pre-commit"), "memlint hooks run pre-commit\n", 0o644)
	lab.checkManager(repo, filepath.Join(repo, ".husky", "_", "pre-commit"), managerCase{
		status: []string{"will not fire: husky owns the pre-commit hook, but its generated " + filepath.Join(repo, ".husky", "_", "pre-commit") + " is missing or not executable"}})
}

func TestRunsPreCommit(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		command string
		want    bool
	}{
		{"memlint hooks run pre-commit", true},
		{"  /usr/local/bin/memlint hooks run pre-commit", true},
		{"'/a b/memlint' hooks run pre-commit", true},
		{"npm test && memlint hooks run pre-commit", true},
		{"npm test;memlint hooks run pre-commit", true},
		{`"memlint" hooks run pre-commit`, true},
		{"memlint.exe hooks run pre-commit", true},
		{"memlint check", false},
		{"memlint hooks run claude", false},
		{"echo memlint hooks run", false},
		{"notmemlint hooks run pre-commit", false},
		{"", false},
	} {
		if got := runsPreCommit(tc.command); got != tc.want {
			t.Errorf("runsPreCommit(%q) = %v, want %v", tc.command, got, tc.want)
		}
	}
}
