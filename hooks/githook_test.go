package hooks

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// hookLab is a sandbox for the git hook tests: real git repositories in a
// temporary folder, a global git config of their own (the developer's
// never leaks in), and stub memlint binaries that log how they were run.
type hookLab struct {
	t    *testing.T
	root string
	log  string // the stubs and test hooks append a line here when they run
}

func newHookLab(t *testing.T) *hookLab {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the hook tests run POSIX sh scripts")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	lab := &hookLab{t: t, root: root, log: filepath.Join(root, "run.log")}
	global := filepath.Join(root, "global.gitconfig")
	lab.write(global, "[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n", 0o644)
	t.Setenv("GIT_CONFIG_GLOBAL", global)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("HOME", root)
	for _, k := range []string{
		"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR",
		"GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
		"GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CEILING_DIRECTORIES",
	} {
		t.Setenv(k, "") // restores the old value after the test
		os.Unsetenv(k)
	}
	return lab
}

// git runs git in dir and returns its output; it fails the test if git
// fails.
func (l *hookLab) git(dir string, args ...string) string {
	l.t.Helper()
	out, err := l.gitErr(dir, nil, args...)
	if err != nil {
		l.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(out)
}

// gitErr runs git in dir with extra environment variables.
func (l *hookLab) gitErr(dir string, env []string, args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// repo makes a git repository with one commit at root/name.
func (l *hookLab) repo(name string) string {
	l.t.Helper()
	dir := filepath.Join(l.root, name)
	l.git(l.root, "init", "-q", dir)
	l.git(dir, "config", "user.name", "Hook Test")
	l.git(dir, "config", "user.email", "hooks@example.com")
	l.write(filepath.Join(dir, "README.md"), "# test\n", 0o644)
	l.git(dir, "add", "README.md")
	l.git(dir, "commit", "-q", "-m", "first")
	return dir
}

// commit stages a change in dir and commits it, with extra environment
// variables and git commit flags.
func (l *hookLab) commit(dir string, env []string, flags ...string) (string, error) {
	l.t.Helper()
	l.write(filepath.Join(dir, "change.txt"), time.Now().String()+"\n", 0o644)
	l.git(dir, "add", "change.txt")
	return l.gitErr(dir, env, append([]string{"commit", "-m", "change"}, flags...)...)
}

// stub writes a memlint stand-in at path that logs its arguments and
// whether git's GIT_INDEX_FILE reached it, then exits with code. Asked
// `hooks identify`, it answers as memlint does, without logging.
func (l *hookLab) stub(path string, code int) string {
	l.t.Helper()
	l.write(path, "#!/bin/sh\n"+
		"if [ \"$*\" = 'hooks identify' ]; then echo "+ShellQuote(Identity)+"; exit 0; fi\n"+
		"printf 'memlint %s index=%s\\n' \"$*\" \"${GIT_INDEX_FILE:+set}\" >> "+ShellQuote(l.log)+"\n"+
		"exit "+strconv.Itoa(code)+"\n", 0o755)
	return path
}

// foreignHook writes a user's own pre-commit hook at path: it logs that it
// ran, leaves a marker file in the worktree, and exits with
// $FOREIGN_EXIT (0 when unset).
func (l *hookLab) foreignHook(path string) {
	l.t.Helper()
	l.write(path, "#!/bin/sh\n"+
		"echo foreign >> "+ShellQuote(l.log)+"\n"+
		"touch foreign-ran\n"+
		"exit ${FOREIGN_EXIT:-0}\n", 0o750)
}

// runs returns the lines logged since the last call and clears the log.
func (l *hookLab) runs() []string {
	l.t.Helper()
	b, err := os.ReadFile(l.log)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		l.t.Fatal(err)
	}
	if err := os.Remove(l.log); err != nil {
		l.t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}

func (l *hookLab) write(path, content string, mode os.FileMode) {
	l.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		l.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		l.t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		l.t.Fatal(err)
	}
}

func (l *hookLab) install(dir, memlint string) string {
	l.t.Helper()
	var out bytes.Buffer
	if err := InstallGitHook(GitHookOptions{Dir: dir, Memlint: memlint, Out: &out}); err != nil {
		l.t.Fatalf("install: %v\n%s", err, out.String())
	}
	return out.String()
}

func (l *hookLab) uninstall(dir string) string {
	l.t.Helper()
	var out bytes.Buffer
	if err := UninstallGitHook(GitHookOptions{Dir: dir, Out: &out}); err != nil {
		l.t.Fatalf("uninstall: %v\n%s", err, out.String())
	}
	return out.String()
}

func (l *hookLab) status(dir string) (bool, string) {
	l.t.Helper()
	var out bytes.Buffer
	ok, err := GitHookStatus(GitHookOptions{Dir: dir, Out: &out})
	if err != nil {
		l.t.Fatalf("status: %v\n%s", err, out.String())
	}
	return ok, out.String()
}

// fileState is what uninstall must restore and a second install must not
// touch.
type fileState struct {
	Name    string
	Content string
	Mode    fs.FileMode
	ModTime time.Time
}

// snapshot lists dir with every file's bytes, mode and mtime.
func (l *hookLab) snapshot(dir string) []fileState {
	l.t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		l.t.Fatal(err)
	}
	var s []fileState
	for _, e := range entries {
		info, err := os.Lstat(filepath.Join(dir, e.Name()))
		if err != nil {
			l.t.Fatal(err)
		}
		var content []byte
		if info.Mode().IsRegular() {
			if content, err = os.ReadFile(filepath.Join(dir, e.Name())); err != nil {
				l.t.Fatal(err)
			}
		}
		s = append(s, fileState{e.Name(), string(content), info.Mode(), info.ModTime()})
	}
	return s
}

func (l *hookLab) sameSnapshot(what string, got, want []fileState) {
	l.t.Helper()
	if !slices.Equal(got, want) {
		l.t.Errorf("%s:\ngot  %+v\nwant %+v", what, got, want)
	}
}

func wantContains(t *testing.T, what, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("%s does not contain %q:\n%s", what, w, got)
		}
	}
}

// wantHookRuns commits in dir and checks that git ran the hook: memlint
// (the stub) was called with `hooks run pre-commit` and saw
// GIT_INDEX_FILE.
func (l *hookLab) wantHookRuns(dir string) {
	l.t.Helper()
	l.runs()
	if out, err := l.commit(dir, nil); err != nil {
		l.t.Fatalf("commit in %s: %v\n%s", dir, err, out)
	}
	if got, want := l.runs(), []string{"memlint hooks run pre-commit index=set"}; !slices.Equal(got, want) {
		l.t.Errorf("commit in %s ran %q, want %q", dir, got, want)
	}
}

func TestGitHookPlainRepo(t *testing.T) {
	lab := newHookLab(t)
	repo := lab.repo("repo")
	memlint := lab.stub(filepath.Join(lab.root, "bin", "memlint"), 0)
	hooksDir := filepath.Join(repo, ".git", "hooks")
	before := lab.snapshot(hooksDir)

	// From a subfolder: the hook still lands in the repository's hooks dir.
	sub := filepath.Join(repo, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	out := lab.install(sub, memlint)
	hook := filepath.Join(hooksDir, "pre-commit")
	if want := "installed pre-commit hook: " + hook + "\n"; out != want {
		t.Errorf("install said %q, want %q", out, want)
	}
	info, err := os.Stat(hook)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm()&0o111 == 0 {
		t.Errorf("hook mode %v is not executable", info.Mode())
	}
	lab.wantHookRuns(repo)

	// A failing memlint blocks the commit.
	lab.stub(memlint, 1)
	if out, err := lab.commit(repo, nil); err == nil {
		t.Errorf("commit succeeded although memlint failed:\n%s", out)
	}
	lab.stub(memlint, 0)

	out = lab.uninstall(repo)
	if want := "removed pre-commit hook: " + hook + "\n"; out != want {
		t.Errorf("uninstall said %q, want %q", out, want)
	}
	lab.sameSnapshot("hooks dir after uninstall", lab.snapshot(hooksDir), before)
	if out := lab.uninstall(repo); !strings.Contains(out, "not installed") {
		t.Errorf("second uninstall said %q", out)
	}
}

func TestGitHookLocations(t *testing.T) {
	tests := []struct {
		name string
		// setup prepares the lab and returns the folder to install from,
		// the hooks dir git should use and the folder to commit in.
		setup func(l *hookLab) (from, hooksDir, commitIn string)
		why   string
	}{
		{
			name: "hooksPath relative",
			setup: func(l *hookLab) (string, string, string) {
				repo := l.repo("repo")
				l.git(repo, "config", "core.hooksPath", ".githooks")
				sub := filepath.Join(repo, "deep", "er")
				if err := os.MkdirAll(sub, 0o755); err != nil {
					l.t.Fatal(err)
				}
				return sub, filepath.Join(repo, ".githooks"), sub
			},
			why: "core.hooksPath = .githooks, set in .git/config",
		},
		{
			name: "hooksPath absolute",
			setup: func(l *hookLab) (string, string, string) {
				repo := l.repo("repo")
				dir := filepath.Join(l.root, "shared hooks")
				l.git(repo, "config", "core.hooksPath", dir)
				return repo, dir, repo
			},
			why: "core.hooksPath = " + "<root>/shared hooks",
		},
		{
			name: "hooksPath global",
			setup: func(l *hookLab) (string, string, string) {
				repo := l.repo("repo")
				l.git(repo, "config", "--global", "core.hooksPath", "~/global-hooks")
				return repo, filepath.Join(l.root, "global-hooks"), repo
			},
			why: "core.hooksPath = ~/global-hooks, set in <root>/global.gitconfig",
		},
		{
			name: "linked worktree",
			setup: func(l *hookLab) (string, string, string) {
				repo := l.repo("repo")
				wt := filepath.Join(l.root, "wt")
				l.git(repo, "worktree", "add", "-q", wt)
				return wt, filepath.Join(repo, ".git", "hooks"), wt
			},
			why: "the default",
		},
		{
			name: "submodule",
			setup: func(l *hookLab) (string, string, string) {
				lib := l.repo("lib")
				repo := l.repo("repo")
				l.git(repo, "-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sub")
				l.git(repo, "commit", "-q", "-m", "add sub")
				sub := filepath.Join(repo, "sub")
				l.git(sub, "config", "user.name", "Hook Test")
				l.git(sub, "config", "user.email", "hooks@example.com")
				return sub, filepath.Join(repo, ".git", "modules", "sub", "hooks"), sub
			},
			why: "the default",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lab := newHookLab(t)
			memlint := lab.stub(filepath.Join(lab.root, "bin", "memlint"), 0)
			from, hooksDir, commitIn := tt.setup(lab)
			out := lab.install(from, memlint)
			hook := filepath.Join(hooksDir, "pre-commit")
			wantContains(t, "install output", out, "installed pre-commit hook: "+hook)
			if _, err := os.Stat(hook); err != nil {
				t.Fatalf("no hook where git runs hooks: %v", err)
			}
			ok, status := lab.status(from)
			if !ok {
				t.Errorf("status is not ok:\n%s", status)
			}
			wantContains(t, "status", status,
				"hooks dir:   "+hooksDir+" ("+strings.ReplaceAll(tt.why, "<root>", lab.root),
				"verdict:     will fire")
			lab.wantHookRuns(commitIn)
			lab.uninstall(from)
			if _, err := os.Lstat(hook); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("hook still there after uninstall: %v", err)
			}
		})
	}
}

func TestGitHookChainsForeignHook(t *testing.T) {
	lab := newHookLab(t)
	repo := lab.repo("repo")
	memlint := lab.stub(filepath.Join(lab.root, "bin", "memlint"), 0)
	hooksDir := filepath.Join(repo, ".git", "hooks")
	hook := filepath.Join(hooksDir, "pre-commit")
	lab.foreignHook(hook)
	before := lab.snapshot(hooksDir)

	out := lab.install(repo, memlint)
	if want := "installed pre-commit hook: " + hook + " (kept your hook as pre-commit.memlint-chained; it runs first)\n"; out != want {
		t.Errorf("install said %q, want %q", out, want)
	}
	ok, status := lab.status(repo)
	if !ok {
		t.Errorf("status is not ok:\n%s", status)
	}
	wantContains(t, "status", status, "chained:     "+hook+".memlint-chained: your earlier hook, executable; it runs first")

	// The user's hook runs first, in the worktree root, then memlint.
	if out, err := lab.commit(repo, nil); err != nil {
		t.Fatalf("commit: %v\n%s", err, out)
	}
	if got, want := lab.runs(), []string{"foreign", "memlint hooks run pre-commit index=set"}; !slices.Equal(got, want) {
		t.Errorf("commit ran %q, want %q", got, want)
	}
	if _, err := os.Stat(filepath.Join(repo, "foreign-ran")); err != nil {
		t.Errorf("the user's hook left no marker: %v", err)
	}

	// Its failure blocks the commit, and memlint does not run.
	out, err := lab.commit(repo, []string{"FOREIGN_EXIT=3"})
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("commit with a failing hook: err = %v, want a failure\n%s", err, out)
	}
	if got, want := lab.runs(), []string{"foreign"}; !slices.Equal(got, want) {
		t.Errorf("commit ran %q, want %q", got, want)
	}
	lab.git(repo, "reset", "-q")

	// A non-executable chained hook is skipped, as git skips it.
	chained := hook + ".memlint-chained"
	if err := os.Chmod(chained, 0o640); err != nil {
		t.Fatal(err)
	}
	lab.wantHookRuns(repo)
	_, status = lab.status(repo)
	wantContains(t, "status", status, "not executable; skipped, as git would")
	if err := os.Chmod(chained, 0o750); err != nil {
		t.Fatal(err)
	}

	out = lab.uninstall(repo)
	if want := "removed pre-commit hook: " + hook + " (restored your hook from pre-commit.memlint-chained)\n"; out != want {
		t.Errorf("uninstall said %q, want %q", out, want)
	}
	lab.sameSnapshot("hooks dir after uninstall", lab.snapshot(hooksDir), before)
}

func TestGitHookInstallTwiceChangesNothing(t *testing.T) {
	lab := newHookLab(t)
	repo := lab.repo("repo")
	memlint := lab.stub(filepath.Join(lab.root, "bin", "memlint"), 0)
	hooksDir := filepath.Join(repo, ".git", "hooks")
	lab.foreignHook(filepath.Join(hooksDir, "pre-commit"))
	lab.install(repo, memlint)
	once := lab.snapshot(hooksDir)
	time.Sleep(10 * time.Millisecond) // so that a rewrite would show in mtimes
	out := lab.install(repo, memlint)
	wantContains(t, "second install", out, "pre-commit hook already installed")
	lab.sameSnapshot("hooks dir after a second install", lab.snapshot(hooksDir), once)

	// A different memlint: the hook now runs the one install was run with.
	other := lab.stub(filepath.Join(lab.root, "other", "memlint"), 0)
	out = lab.install(repo, other)
	wantContains(t, "install with another memlint", out, "updated pre-commit hook", "now runs "+other, "it ran "+memlint)
	_, status := lab.status(repo)
	wantContains(t, "status", status, "memlint:     "+other+" (recorded at install)")
	if _, err := os.Stat(filepath.Join(hooksDir, "pre-commit.memlint-chained")); err != nil {
		t.Errorf("the chained hook is gone: %v", err)
	}

	// A shim that lost its executable bit is repaired.
	if err := os.Chmod(filepath.Join(hooksDir, "pre-commit"), 0o644); err != nil {
		t.Fatal(err)
	}
	out = lab.install(repo, other)
	wantContains(t, "install over a non-executable shim", out, "made the pre-commit hook executable")
	if ok, status := lab.status(repo); !ok {
		t.Errorf("status after repair is not ok:\n%s", status)
	}
}

func TestGitHookRefusesToLoseAHook(t *testing.T) {
	lab := newHookLab(t)
	repo := lab.repo("repo")
	memlint := lab.stub(filepath.Join(lab.root, "bin", "memlint"), 0)
	hooksDir := filepath.Join(repo, ".git", "hooks")
	lab.foreignHook(filepath.Join(hooksDir, "pre-commit"))
	lab.write(filepath.Join(hooksDir, "pre-commit.memlint-chained"), "#!/bin/sh\nexit 0\n", 0o755)
	before := lab.snapshot(hooksDir)
	err := InstallGitHook(GitHookOptions{Dir: repo, Memlint: memlint})
	if err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("install over a hook and a chained hook: err = %v, want a refusal", err)
	}
	lab.sameSnapshot("hooks dir after a refused install", lab.snapshot(hooksDir), before)
}

func TestGitHookUninstallLeavesAReplacedHook(t *testing.T) {
	lab := newHookLab(t)
	repo := lab.repo("repo")
	memlint := lab.stub(filepath.Join(lab.root, "bin", "memlint"), 0)
	hooksDir := filepath.Join(repo, ".git", "hooks")
	lab.foreignHook(filepath.Join(hooksDir, "pre-commit"))
	lab.install(repo, memlint)
	// The user replaces memlint's hook with a new one of theirs.
	lab.write(filepath.Join(hooksDir, "pre-commit"), "#!/bin/sh\necho mine\n", 0o755)
	before := lab.snapshot(hooksDir)
	err := UninstallGitHook(GitHookOptions{Dir: repo})
	if err == nil || !strings.Contains(err.Error(), "no longer memlint's hook") {
		t.Errorf("uninstall over a replaced hook: err = %v, want an explanation", err)
	}
	lab.sameSnapshot("hooks dir after uninstall", lab.snapshot(hooksDir), before)
}

func TestGitHookUninstallRestoresWhenShimIsGone(t *testing.T) {
	lab := newHookLab(t)
	repo := lab.repo("repo")
	memlint := lab.stub(filepath.Join(lab.root, "bin", "memlint"), 0)
	hook := filepath.Join(repo, ".git", "hooks", "pre-commit")
	lab.foreignHook(hook)
	want := lab.snapshot(filepath.Dir(hook))
	lab.install(repo, memlint)
	if err := os.Remove(hook); err != nil {
		t.Fatal(err)
	}
	out := lab.uninstall(repo)
	wantContains(t, "uninstall", out, "restored your pre-commit hook: "+hook)
	lab.sameSnapshot("hooks dir", lab.snapshot(filepath.Dir(hook)), want)
}

func TestGitHookShadowedByHooksPath(t *testing.T) {
	lab := newHookLab(t)
	repo := lab.repo("repo")
	memlint := lab.stub(filepath.Join(lab.root, "bin", "memlint"), 0)
	lab.install(repo, memlint)
	lab.git(repo, "config", "core.hooksPath", ".githooks")
	ok, status := lab.status(repo)
	if ok {
		t.Errorf("status of a shadowed hook is ok:\n%s", status)
	}
	wantContains(t, "status", status,
		"hooks dir:   "+filepath.Join(repo, ".githooks")+" (core.hooksPath = .githooks, set in .git/config)",
		"shadowed:    "+filepath.Join(repo, ".git", "hooks", "pre-commit")+" is memlint's hook",
		"verdict:     will not fire: shadowed")

	// Installing again puts the hook where git looks; uninstall removes
	// both, and the folder it created.
	out := lab.install(repo, memlint)
	wantContains(t, "install", out, "created the hooks dir", "never runs")
	if ok, status := lab.status(repo); !ok {
		t.Errorf("status is not ok:\n%s", status)
	}
	lab.wantHookRuns(repo)
	out = lab.uninstall(repo)
	wantContains(t, "uninstall", out,
		"removed pre-commit hook: "+filepath.Join(repo, ".githooks", "pre-commit"),
		"removed pre-commit hook: "+filepath.Join(repo, ".git", "hooks", "pre-commit"),
		"removed the empty hooks dir")
	if _, err := os.Stat(filepath.Join(repo, ".githooks")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf(".githooks is still there: %v", err)
	}
}

func TestGitHookStatusVerdicts(t *testing.T) {
	lab := newHookLab(t)
	repo := lab.repo("repo")
	memlint := lab.stub(filepath.Join(lab.root, "bin", "memlint"), 0)
	hook := filepath.Join(repo, ".git", "hooks", "pre-commit")
	// A PATH without memlint, whatever the developer has installed.
	t.Setenv("PATH", lab.gitOnlyPath())

	verdict := func(wantOK bool, wants ...string) {
		t.Helper()
		ok, status := lab.status(repo)
		if ok != wantOK {
			t.Errorf("status ok = %v, want %v:\n%s", ok, wantOK, status)
		}
		wantContains(t, "status", status, wants...)
	}
	verdict(false, "pre-commit:  none in", "verdict:     will not fire: memlint's hook is not installed")

	lab.foreignHook(hook)
	verdict(false, "another hook, not memlint's", "verdict:     will not fire: memlint's hook is not installed; `memlint hooks install` installs it and keeps your hook")

	lab.install(repo, memlint)
	verdict(true, "memlint's hook, executable", "memlint:     "+memlint+" (recorded at install)", "verdict:     will fire")

	if err := os.Chmod(hook, 0o644); err != nil {
		t.Fatal(err)
	}
	verdict(false, "memlint's hook, NOT executable", "verdict:     will not fire: "+hook+" is not executable")
	if err := os.Chmod(hook, 0o755); err != nil {
		t.Fatal(err)
	}

	if err := os.Remove(memlint); err != nil {
		t.Fatal(err)
	}
	verdict(false, "memlint:     MISSING: "+memlint+" (recorded at install) is missing", "verdict:     will fail every commit")

	onPath := lab.stub(filepath.Join(lab.root, "gitbin", "memlint"), 0)
	verdict(true, "the hook falls back to memlint on PATH: "+onPath, "verdict:     will fire: git runs "+onPath)
}

// gitOnlyPath returns a PATH that holds git and nothing else.
func (l *hookLab) gitOnlyPath() string {
	l.t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		l.t.Fatal(err)
	}
	bin := filepath.Join(l.root, "gitbin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		l.t.Fatal(err)
	}
	if err := os.Symlink(git, filepath.Join(bin, "git")); err != nil {
		l.t.Fatal(err)
	}
	return bin
}

func TestGitHookMissingMemlintFailsTheCommit(t *testing.T) {
	lab := newHookLab(t)
	repo := lab.repo("repo")
	memlint := lab.stub(filepath.Join(lab.root, "bin", "memlint"), 0)
	lab.install(repo, memlint)
	if err := os.Remove(memlint); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", lab.gitOnlyPath())

	out, err := lab.commit(repo, nil)
	if err == nil {
		t.Fatalf("commit without memlint succeeded:\n%s", out)
	}
	wantContains(t, "commit output", out,
		"memlint pre-commit hook: memlint is neither at "+memlint+" nor on PATH.",
		"Install it: go install github.com/memlint/memlint/cmd/memlint@latest",
		"Or skip this check once: git commit --no-verify")
	if out, err := lab.gitErr(repo, nil, "commit", "-q", "--no-verify", "-m", "skip"); err != nil {
		t.Errorf("git commit --no-verify: %v\n%s", err, out)
	}
	if got := lab.runs(); got != nil {
		t.Errorf("something ran: %q", got)
	}

	// memlint on PATH stands in for the missing one.
	lab.stub(filepath.Join(lab.root, "gitbin", "memlint"), 0)
	lab.wantHookRuns(repo)
}

func TestGitHookAwkwardPaths(t *testing.T) {
	lab := newHookLab(t)
	// Spaces, quotes, $, backquotes and backslashes in the repository's
	// path (so in the shim's $0) and in memlint's path.
	awkward := `it's "a" $HOME $(false) ` + "`x`" + ` back\slash`
	repo := filepath.Join(lab.root, "repo "+awkward)
	if err := os.MkdirAll(filepath.Dir(repo), 0o755); err != nil {
		t.Fatal(err)
	}
	lab.git(lab.root, "init", "-q", repo)
	lab.git(repo, "config", "user.name", "Hook Test")
	lab.git(repo, "config", "user.email", "hooks@example.com")
	memlint := lab.stub(filepath.Join(lab.root, "bin "+awkward, "memlint"), 0)
	lab.foreignHook(filepath.Join(repo, ".git", "hooks", "pre-commit"))
	lab.install(repo, memlint)
	if out, err := lab.commit(repo, nil); err != nil {
		t.Fatalf("commit: %v\n%s", err, out)
	}
	if got, want := lab.runs(), []string{"foreign", "memlint hooks run pre-commit index=set"}; !slices.Equal(got, want) {
		t.Errorf("commit ran %q, want %q", got, want)
	}
	if ok, status := lab.status(repo); !ok {
		t.Errorf("status is not ok:\n%s", status)
	}

	// And the message names the missing path as it is.
	if err := os.Remove(memlint); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", lab.gitOnlyPath())
	out, err := lab.commit(repo, []string{"FOREIGN_EXIT=0"})
	if err == nil {
		t.Fatalf("commit without memlint succeeded:\n%s", out)
	}
	wantContains(t, "commit output", out, "memlint is neither at "+memlint+" nor on PATH.")
}

func TestGitHookRefusals(t *testing.T) {
	lab := newHookLab(t)
	memlint := lab.stub(filepath.Join(lab.root, "bin", "memlint"), 0)

	notRepo := filepath.Join(lab.root, "plain")
	if err := os.MkdirAll(notRepo, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_CEILING_DIRECTORIES", lab.root)
	if err := InstallGitHook(GitHookOptions{Dir: notRepo, Memlint: memlint}); err == nil {
		t.Error("install outside a repository succeeded")
	}

	repo := lab.repo("repo")
	if err := InstallGitHook(GitHookOptions{Dir: repo, Memlint: "memlint"}); err == nil || !strings.Contains(err.Error(), "not absolute") {
		t.Errorf("install with a relative memlint path: err = %v", err)
	}

	lab.git(repo, "config", "core.hooksPath", ".husky/_")
	err := InstallGitHook(GitHookOptions{Dir: repo, Memlint: memlint})
	if err == nil || !strings.Contains(err.Error(), "husky") {
		t.Errorf("install into husky's folder: err = %v, want a refusal naming husky", err)
	}

	t.Setenv("PATH", filepath.Join(lab.root, "empty"))
	if _, err := GitHookStatus(GitHookOptions{Dir: repo}); !errors.Is(err, errNoGitCommand) {
		t.Errorf("status without git: err = %v, want errNoGitCommand", err)
	}
}

func TestShimMemlintRoundTrip(t *testing.T) {
	t.Parallel()
	for _, p := range []string{
		"/usr/local/bin/memlint",
		"/home/o'brien/go/bin/memlint",
		`/a b/"q"/$x/` + "`y`" + `/\/''/memlint`,
		"/new\nline/memlint",
	} {
		got, ok := shimMemlint(shimScript(p))
		if !ok || got != p {
			t.Errorf("shimMemlint(shimScript(%q)) = %q, %v", p, got, ok)
		}
	}
	if _, ok := shimMemlint([]byte("#!/bin/sh\n" + shimMarker + "\n")); ok {
		t.Error("shimMemlint found a path in a shim without one")
	}
}

// TestGitHookShimSkipsAnotherMemlint plants another program named memlint
// on PATH (another tool has the name; this one answers every question
// and exits 0): once the recorded memlint is gone, the shim asks it
// `hooks identify`, never runs it as memlint, and fails the commit saying
// so; status agrees.
func TestGitHookShimSkipsAnotherMemlint(t *testing.T) {
	lab := newHookLab(t)
	repo := lab.repo("repo")
	memlint := lab.stub(filepath.Join(lab.root, "bin", "memlint"), 0)
	lab.install(repo, memlint)
	if err := os.Remove(memlint); err != nil {
		t.Fatal(err)
	}
	path := lab.gitOnlyPath()
	t.Setenv("PATH", path)
	other := filepath.Join(path, "memlint")
	for _, answer := range []string{
		"memlint version 0.3.0",
		"memlint " + Identity + " (not quite)",
		"", // says nothing
	} {
		lab.write(other, "#!/bin/sh\n"+
			"echo \"other $*\" >> "+ShellQuote(lab.log)+"\n"+
			"echo "+ShellQuote(answer)+"\n"+
			"exit 0\n", 0o755)
		out, err := lab.commit(repo, nil)
		if err == nil {
			t.Fatalf("commit with another memlint on PATH succeeded:\n%s", out)
		}
		wantContains(t, "commit output", out,
			"memlint pre-commit hook: memlint is not at "+memlint+", and the memlint on PATH, "+other+", is another tool of that name, not "+Identity+".",
			"Install this one: "+installCommand,
			"Or skip this check once: git commit --no-verify")
		if got, want := lab.runs(), []string{"other hooks identify"}; !slices.Equal(got, want) {
			t.Errorf("answer %q: the commit ran %q, want only %q", answer, got, want)
		}
		ok, status := lab.status(repo)
		if ok {
			t.Errorf("status is ok with another memlint on PATH:\n%s", status)
		}
		wantContains(t, "status", status,
			"memlint:     MISSING: "+memlint+" (recorded at install) is missing, and the memlint on PATH, "+other+", is another tool of that name",
			"verdict:     will fail every commit")
		lab.runs()
	}

	// This memlint on PATH identifies itself and runs.
	lab.stub(other, 0)
	lab.wantHookRuns(repo)
}
