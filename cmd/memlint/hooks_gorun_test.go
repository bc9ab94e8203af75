package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestHooksInstallRefusesGoRunBinary builds memlint for real into the
// places where `go run` leaves its binary (a go-build folder of the temp
// dir or of $GOTMPDIR, the build cache) and runs `hooks install` there:
// it must refuse, say how to install memlint, and write no hook, for the
// git hook and the Claude Code scopes that record the binary's path. The
// same binary elsewhere installs.
func TestHooksInstallRefusesGoRunBinary(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds memlint")
	}
	if runtime.GOOS == "windows" {
		t.Skip("the paths are Unix temp dirs")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(root, "tmp")
	built := filepath.Join(tmp, "go-build123", "b001", "exe", "memlint")
	if out, err := exec.Command("go", "build", "-o", built, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	place := func(path string) string {
		t.Helper()
		b, err := os.ReadFile(built)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o755); err != nil {
			t.Fatal(err)
		}
		return path
	}
	gotmp := filepath.Join(root, "gotmp")
	cache := filepath.Join(root, "cache")
	elsewhere := filepath.Join(root, "bin", "memlint")
	inGoTmp := place(filepath.Join(gotmp, "go-build9", "b001", "exe", "memlint"))
	inCache := place(filepath.Join(cache, "99", "99cc4f-d", "memlint"))
	place(elsewhere)
	// A folder of the temp dir merely named like memlint's own is fine.
	notGoBuild := place(filepath.Join(tmp, "memlint-bin-1", "memlint"))

	repo := filepath.Join(root, "repo")
	var env []string
	for _, kv := range os.Environ() {
		// No git or Claude Code location of the caller's leaks in.
		if !strings.HasPrefix(kv, "GIT_") && !strings.HasPrefix(kv, "CLAUDE_") {
			env = append(env, kv)
		}
	}
	env = append(env, "HOME="+root,
		"GIT_CONFIG_GLOBAL="+filepath.Join(root, "gitconfig"), "GIT_CONFIG_NOSYSTEM=1",
		"TMPDIR="+tmp, "GOTMPDIR="+gotmp, "GOCACHE="+cache)
	if out, err := exec.Command("git", "init", "-q", repo).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	hook := filepath.Join(repo, ".git", "hooks", "pre-commit")
	run := func(bin string, args ...string) (int, string) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = repo
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode(), string(out)
		}
		if err != nil {
			t.Fatalf("%s: %v", bin, err)
		}
		return 0, string(out)
	}

	for _, tc := range []struct {
		bin, where string
	}{
		{built, "a temporary go-build folder"},
		{inGoTmp, "a temporary go-build folder"},
		{inCache, "the Go build cache"},
	} {
		for _, args := range [][]string{
			{"hooks", "install"},
			{"hooks", "install", "--claude", "--scope", "local"},
			{"hooks", "install", "--claude", "--scope", "user"},
		} {
			code, out := run(tc.bin, args...)
			if code != 2 {
				t.Errorf("%s %s: exit %d, want 2:\n%s", tc.bin, strings.Join(args, " "), code, out)
			}
			for _, want := range []string{"memlint is running from " + tc.where + " (" + tc.bin + ")",
				"`go install github.com/memlint/memlint/cmd/memlint@latest`", "`go build -o ~/bin/memlint ./cmd/memlint`"} {
				if !strings.Contains(out, want) {
					t.Errorf("%s %s does not say %q:\n%s", tc.bin, strings.Join(args, " "), want, out)
				}
			}
		}
		for _, p := range []string{hook, filepath.Join(repo, ".claude"), filepath.Join(root, ".claude")} {
			if _, err := os.Lstat(p); err == nil {
				t.Fatalf("a refused install wrote %s", p)
			}
		}
		// Project settings name memlint on PATH, not this binary.
		if code, out := run(tc.bin, "hooks", "install", "--claude"); code != 0 {
			t.Errorf("%s hooks install --claude (project): exit %d:\n%s", tc.bin, code, out)
		}
		if err := os.RemoveAll(filepath.Join(repo, ".claude")); err != nil {
			t.Fatal(err)
		}
	}

	for _, bin := range []string{notGoBuild, elsewhere} {
		if code, out := run(bin, "hooks", "install"); code != 0 {
			t.Fatalf("%s hooks install: exit %d:\n%s", bin, code, out)
		}
		shim, err := os.ReadFile(hook)
		if err != nil || !strings.Contains(string(shim), "memlint='"+bin+"'") {
			t.Errorf("the hook does not run %s (%v):\n%s", bin, err, shim)
		}
	}
}
