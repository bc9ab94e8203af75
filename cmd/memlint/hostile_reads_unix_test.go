//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hostileRun runs the command in dir and fails the test when it has not
// returned in 10 s: a read that blocks must fail the test, not hang it.
func hostileRun(t *testing.T, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	t.Chdir(dir)
	var out, errOut bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run(args, &out, &errOut) }()
	select {
	case code = <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("memlint %v still running after 10s", args)
	}
	return code, out.String(), errOut.String()
}

// plant makes file a FIFO, or a symbolic link to /dev/zero.
func plant(t *testing.T, file, kind string) {
	t.Helper()
	must(t, os.MkdirAll(filepath.Dir(file), 0o755))
	switch kind {
	case "fifo":
		must(t, syscall.Mkfifo(file, 0o644))
	case "zero":
		must(t, os.Symlink("/dev/zero", file))
	default:
		t.Fatalf("unknown kind %q", kind)
	}
}

// hostileHome keeps the user's own Claude Code settings out of a test.
func hostileHome(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("CLAUDE_CONFIG_DIR", filepath.Join(home, ".claude"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(home, "gitconfig"))
}

// gitInit makes dir a git repository.
func gitInit(t *testing.T, dir string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
}

// TestPlantedFilesAreNotRead: a repository's baseline, Claude Code
// settings or configuration that is a FIFO, a link to /dev/zero or a huge
// sparse file gives a clear error (or, for the settings memlint only
// looks into, is passed over) at once, instead of a hang or memory
// growing without end.
func TestPlantedFilesAreNotRead(t *testing.T) {
	const index = "- [Feedback](feedback.md) — how to test\n"
	for _, kind := range []string{"fifo", "zero"} {
		t.Run("baseline/"+kind, func(t *testing.T) {
			hostileHome(t)
			dir := t.TempDir()
			must(t, os.MkdirAll(filepath.Join(dir, "mem"), 0o755))
			must(t, os.WriteFile(filepath.Join(dir, "mem", "MEMORY.md"), []byte(index), 0o644))
			plant(t, filepath.Join(dir, ".memlint-baseline.json"), kind)
			code, _, stderr := hostileRun(t, dir, "mem")
			if want := "memlint: read baseline .memlint-baseline.json: not a regular file\n"; code != exitUsage || stderr != want {
				t.Errorf("exit %d, stderr %q; want %d, %q", code, stderr, exitUsage, want)
			}
		})
		for _, sub := range [][]string{{"hooks", "status", "--claude"}, {"hooks", "install", "--claude"}} {
			t.Run(sub[1]+"-settings/"+kind, func(t *testing.T) {
				hostileHome(t)
				dir := t.TempDir()
				gitInit(t, dir)
				settings := filepath.Join(dir, ".claude", "settings.json")
				plant(t, settings, kind)
				code, stdout, stderr := hostileRun(t, dir, sub...)
				// status reports on stdout with exit 1, install fails
				// with exit 2; both name the file (or the link's
				// target) and why.
				wantCode, msg := 1, stdout
				if sub[1] == "install" {
					wantCode, msg = exitUsage, stderr
				}
				refused := strings.Contains(msg, "read Claude Code settings: read ") && strings.HasSuffix(msg, ": not a regular file\n")
				if sub[1] == "install" && kind == "zero" {
					// install refuses a linked project settings file
					// before it would read one.
					refused = strings.HasSuffix(msg, ".claude/settings.json is a symbolic link; memlint does not write a project's Claude Code settings through a link (it may lead to your own settings): make it a regular file, or use --scope user\n")
				}
				if code != wantCode || !refused {
					t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and the settings file refused", code, stdout, stderr, wantCode)
				}
				if _, err := os.Lstat(settings); err != nil {
					t.Errorf("the planted file is gone: %v", err)
				}
			})
		}
		t.Run("settings-local/"+kind, func(t *testing.T) {
			hostileHome(t)
			dir := t.TempDir()
			gitInit(t, dir)
			plant(t, filepath.Join(dir, ".claude", "settings.local.json"), kind)
			// The local settings are only looked into for
			// autoMemoryDirectory: one that cannot be read sets none,
			// as for Claude Code.
			code, stdout, stderr := hostileRun(t, dir)
			if code != exitOK || stdout != "" || !strings.HasPrefix(stderr, "memlint: no memory found in ") {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 0 and no memory found", code, stdout, stderr)
			}
		})
	}
	t.Run("config/sparse-1GB", func(t *testing.T) {
		hostileHome(t)
		dir := t.TempDir()
		must(t, os.MkdirAll(filepath.Join(dir, "mem"), 0o755))
		must(t, os.WriteFile(filepath.Join(dir, "mem", "MEMORY.md"), []byte(index), 0o644))
		cfg := filepath.Join(dir, ".memlint.yaml")
		must(t, os.WriteFile(cfg, nil, 0o644))
		must(t, os.Truncate(cfg, 1<<30))
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		code, stdout, stderr := hostileRun(t, dir, "mem")
		runtime.ReadMemStats(&after)
		if want := "memlint: read config: read " + cfg + ": too large: larger than 1048576 bytes\n"; code != exitUsage || stdout != "" || stderr != want {
			t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q", code, stdout, stderr, exitUsage, want)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
			t.Errorf("the run allocated %d bytes; want under 4 MiB (the file is not to be read)", alloc)
		}
	})
}
