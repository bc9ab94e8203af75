package hooks

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// treeSnapshot lists every file and folder below dir with its bytes and
// mode (not mtimes: git may touch its own files' times).
func (l *hookLab) treeSnapshot(dir string) map[string]string {
	l.t.Helper()
	s := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		entry := info.Mode().String()
		if info.Mode().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			entry += " " + string(b)
		}
		s[strings.TrimPrefix(p, dir)] = entry
		return nil
	})
	if err != nil {
		l.t.Fatal(err)
	}
	return s
}

func (l *hookLab) sameTree(what string, got, want map[string]string) {
	l.t.Helper()
	for p, w := range want {
		if g, ok := got[p]; !ok || g != w {
			l.t.Errorf("%s: %s is %.80q, want %.80q", what, p, g, w)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			l.t.Errorf("%s: %s was not there before", what, p)
		}
	}
}

// hookErr runs install (memlint != "") or uninstall and returns its
// output and error.
func (l *hookLab) hookErr(dir, memlint string, force bool) (string, error) {
	var out bytes.Buffer
	o := GitHookOptions{Dir: dir, Memlint: memlint, Out: &out, Force: force}
	var err error
	if memlint == "" {
		err = UninstallGitHook(o)
	} else {
		err = InstallGitHook(o)
	}
	return out.String(), err
}

// newRepoLab is a lab with a repository, a memlint stub, and the
// repository's default hooks dir and pre-commit hook path.
func newRepoLab(t *testing.T) (lab *hookLab, repo, memlint, hooksDir, hook string) {
	lab = newHookLab(t)
	repo = lab.repo("repo")
	memlint = lab.stub(filepath.Join(lab.root, "bin", "memlint"), 0)
	hooksDir = filepath.Join(repo, ".git", "hooks")
	return lab, repo, memlint, hooksDir, filepath.Join(hooksDir, "pre-commit")
}

// wantNotOwnedRefusals runs install and uninstall without --force over
// hook and checks that each refuses with notOwnedMessage and prints
// nothing; unchanged then checks the files.
func (l *hookLab) wantNotOwnedRefusals(repo, memlint, hook string, unchanged func(what string)) {
	l.t.Helper()
	for _, tc := range []struct{ memlint, command string }{{memlint, "memlint hooks install"}, {"", "memlint hooks uninstall"}} {
		out, err := l.hookErr(repo, tc.memlint, false)
		if want := notOwnedMessage(hook, tc.command); err == nil || err.Error() != want || out != "" {
			l.t.Errorf("%s: err = %v, output %q; want %q and nothing done", tc.command, err, out, want)
		}
		unchanged(tc.command)
	}
}

// notOwnedMessage is the refusal for a marked hook memlint did not write.
func notOwnedMessage(hook, command string) string {
	return hook + " carries memlint's marker but is not the hook memlint wrote (edited since it was installed, or another tool's copy): memlint left it alone; " +
		"to go on, merge your changes elsewhere and remove it, or run `" + command + " --force`, which keeps it as pre-commit.memlint-backup"
}

// TestGitHookKeepsAnEditedShim: a shim the user edited after install
// still carries the marker, but neither a second install nor uninstall
// overwrites or deletes it: both refuse, naming --force, and leave the
// hooks dir byte-identical. With --force the edit is kept as
// pre-commit.memlint-backup.
func TestGitHookKeepsAnEditedShim(t *testing.T) {
	lab, repo, memlint, hooksDir, hook := newRepoLab(t)
	lab.install(repo, memlint)
	shim, err := os.ReadFile(hook)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(shim), "exec \"$memlint\"", "echo edited by the user\nexec \"$memlint\"", 1)
	lab.write(hook, edited, 0o755)
	before := lab.snapshot(hooksDir)

	lab.wantNotOwnedRefusals(repo, memlint, hook, func(what string) {
		lab.sameSnapshot(what+" over an edited shim", lab.snapshot(hooksDir), before)
	})
	_, status := lab.status(repo)
	wantContains(t, "status", status, "memlint's marker, but not the hook memlint wrote")

	out, err := lab.hookErr(repo, memlint, true)
	if want := "installed pre-commit hook: " + hook + " (--force: kept the hook that was there as pre-commit.memlint-backup)\n"; err != nil || out != want {
		t.Errorf("install --force: err = %v, output %q; want %q", err, out, want)
	}
	if b, err := os.ReadFile(hook + ".memlint-backup"); err != nil || string(b) != edited {
		t.Errorf("backup %q (%v), want the edited shim", b, err)
	}
	if b, err := os.ReadFile(hook); err != nil || !bytes.Equal(b, shim) {
		t.Errorf("hook after install --force is not memlint's shim (%v):\n%s", err, b)
	}
	lab.wantHookRuns(repo)
	// A second --force would overwrite the backup: refused.
	lab.write(hook, edited, 0o755)
	if _, err := lab.hookErr(repo, memlint, true); err == nil || !strings.Contains(err.Error(), "pre-commit.memlint-backup already exists") {
		t.Errorf("install --force over an existing backup: err = %v, want a refusal", err)
	}
	if b, _ := os.ReadFile(hook); string(b) != edited {
		t.Errorf("the refused install --force changed the hook")
	}
	// uninstall --force moves the edited shim aside too.
	if err := os.Remove(hook + ".memlint-backup"); err != nil {
		t.Fatal(err)
	}
	out, err = lab.hookErr(repo, "", true)
	if want := "removed pre-commit hook: " + hook + " (--force: kept it as pre-commit.memlint-backup)\n"; err != nil || out != want {
		t.Errorf("uninstall --force: err = %v, output %q; want %q", err, out, want)
	}
	if b, err := os.ReadFile(hook + ".memlint-backup"); err != nil || string(b) != edited {
		t.Errorf("backup %q (%v), want the edited shim", b, err)
	}
}

// TestGitHookLeavesAForeignMarkedHook: another tool's hook (or a copy
// from another machine) that happens to carry a "# memlint-hook v" line
// was never written here: install and uninstall refuse and leave it
// byte-identical.
func TestGitHookLeavesAForeignMarkedHook(t *testing.T) {
	lab, repo, memlint, _, hook := newRepoLab(t)
	lab.write(hook, "#!/bin/sh\n# memlint-hook v1: copied from the wiki, with our own checks\nmake lint || exit 1\nexec memlint hooks run pre-commit\n", 0o755)
	before := lab.treeSnapshot(filepath.Join(repo, ".git"))
	lab.wantNotOwnedRefusals(repo, memlint, hook, func(what string) {
		lab.sameTree(what+" over a foreign marked hook", lab.treeSnapshot(filepath.Join(repo, ".git")), before)
	})
}

// TestGitHookKeepsAPreexistingHooksDir: uninstall removes only a hooks
// folder install created; an empty core.hooksPath folder that was there
// before stays.
func TestGitHookKeepsAPreexistingHooksDir(t *testing.T) {
	lab := newHookLab(t)
	repo := lab.repo("repo")
	memlint := lab.stub(filepath.Join(lab.root, "bin", "memlint"), 0)
	hooksDir := filepath.Join(repo, ".githooks")
	if err := os.Mkdir(hooksDir, 0o755); err != nil {
		t.Fatal(err)
	}
	lab.git(repo, "config", "core.hooksPath", ".githooks")
	out := lab.install(repo, memlint)
	if strings.Contains(out, "created the hooks dir") {
		t.Errorf("install says it created %s, which was there:\n%s", hooksDir, out)
	}
	lab.wantHookRuns(repo)
	out = lab.uninstall(repo)
	if want := "removed pre-commit hook: " + filepath.Join(hooksDir, "pre-commit") + "\n"; out != want {
		t.Errorf("uninstall said %q, want %q", out, want)
	}
	if entries, err := os.ReadDir(hooksDir); err != nil || len(entries) != 0 {
		t.Errorf("the hooks dir that was there before install: %v, %d entries; want it there and empty", err, len(entries))
	}
}

// TestGitHookInstallUninstallLeavesNoTrace: install then uninstall leaves
// the git dir exactly as it was (the record of what memlint wrote goes
// with the hook), with and without a chained hook of the user's.
func TestGitHookInstallUninstallLeavesNoTrace(t *testing.T) {
	for _, foreign := range []bool{false, true} {
		lab := newHookLab(t)
		repo := lab.repo("repo")
		memlint := lab.stub(filepath.Join(lab.root, "bin", "memlint"), 0)
		if foreign {
			lab.foreignHook(filepath.Join(repo, ".git", "hooks", "pre-commit"))
		}
		gitDir := filepath.Join(repo, ".git")
		before := lab.treeSnapshot(gitDir)
		lab.install(repo, memlint)
		if _, err := os.Stat(filepath.Join(gitDir, "memlint", "git-hooks.json")); err != nil {
			t.Errorf("install recorded nothing: %v", err)
		}
		lab.uninstall(repo)
		lab.sameTree("git dir after install and uninstall", lab.treeSnapshot(gitDir), before)
		if _, err := os.Stat(filepath.Join(gitDir, "memlint")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the record folder is still there: %v", err)
		}
	}
}
