//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// builtMemlint builds this command once, for the tests that need the real
// binary's own standard streams (a redirected stderr is a file only in a
// process of its own).
func builtMemlint(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "memlint-output-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "memlint")
		if out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput(); err != nil {
			binErr = errors.New(string(out))
		}
	})
	if binErr != nil {
		t.Fatalf("build memlint: %v", binErr)
	}
	return binPath
}

// outputDir makes a memory dir with one finding (a dangling index link),
// so every report has a line to look for. index-dangling-link is a preview
// rule: the runs over it pass --preview.
func outputDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	mem := filepath.Join(dir, "mem")
	if err := os.Mkdir(mem, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mem, "MEMORY.md"), []byte("- [Old](gone.md) — a memory that was deleted\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

const outputFinding = "mem/MEMORY.md:1:3: error: gone.md does not exist in this memory dir [index-dangling-link]"

// runOutput runs the binary in dir with stderr sent to the file errFile,
// under a deadline (a write that blocks fails the test rather than hanging
// it), and returns stdout.
func runOutput(t *testing.T, dir, errFile string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	// As a shell's 2>> would: what is there already stays.
	stderr, err := os.OpenFile(errFile, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer stderr.Close()
	cmd := exec.CommandContext(ctx, builtMemlint(t), args...)
	cmd.Dir = dir
	cmd.Stderr = stderr
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	err = cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("memlint %v did not finish in time", args)
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		got, _ := os.ReadFile(errFile)
		t.Fatalf("memlint %v: %v (want exit 1); stderr:\n%s", args, err, got)
	}
	return stdout.String()
}

func assertSymlink(t *testing.T, link, to string) {
	t.Helper()
	info, err := os.Lstat(link)
	if err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("%s is no longer a symbolic link: %v, %v", link, info, err)
	}
	if got, _ := os.Readlink(link); got != to {
		t.Errorf("%s points to %q, want %q", link, got, to)
	}
}

// TestOutputToRedirectedStderr: --output text=/dev/stderr (and a link of
// one's own to /proc/self/fd/2) with stderr redirected to a file puts the
// report in that file, after what was there, and leaves the
// link a link: it once resolved the link, found a regular file and renamed
// a new one over it, which lost the redirect.
func TestOutputToRedirectedStderr(t *testing.T) {
	t.Parallel()
	dir := outputDir(t)
	link := filepath.Join(dir, "err-link")
	if err := os.Symlink("/proc/self/fd/2", link); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"/dev/stderr", link, "/dev/fd/2"} {
		t.Run(filepath.Base(name), func(t *testing.T) {
			if _, err := os.Stat(name); err != nil {
				t.Skip("no", name, "here:", err)
			}
			errFile := filepath.Join(t.TempDir(), "stderr.txt")
			const before = "written before memlint ran\n"
			if err := os.WriteFile(errFile, []byte(before), 0o644); err != nil {
				t.Fatal(err)
			}
			was, err := os.Stat(errFile)
			if err != nil {
				t.Fatal(err)
			}
			stdout := runOutput(t, dir, errFile, "--preview", "--output", "text="+name, "mem")
			if !strings.Contains(stdout, outputFinding) {
				t.Errorf("stdout lacks the finding:\n%s", stdout)
			}
			got, err := os.ReadFile(errFile)
			if err != nil {
				t.Fatal(err)
			}
			if now, err := os.Stat(errFile); err != nil || !os.SameFile(was, now) {
				t.Errorf("the file stderr was redirected to was replaced: %v", err)
			}
			if !strings.HasPrefix(string(got), before+outputFinding+"\n") || !strings.Contains(string(got), "1 error in 1 file") {
				t.Errorf("the redirected stderr holds:\n%s", got)
			}
			assertSymlink(t, link, "/proc/self/fd/2")
			entries, _ := os.ReadDir(filepath.Dir(errFile))
			if len(entries) != 1 {
				t.Errorf("files beside the redirect: %v", entries)
			}
		})
	}
}

// TestOutputThroughLinkToDevice: a link to a FIFO or a character device is
// written through as it is: the reader gets the report, the link stays a
// link and the FIFO a FIFO.
func TestOutputThroughLinkToDevice(t *testing.T) {
	t.Parallel()
	dir := outputDir(t)
	fifo := filepath.Join(dir, "report.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	link := filepath.Join(dir, "report.txt")
	if err := os.Symlink(fifo, link); err != nil {
		t.Fatal(err)
	}
	read := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo) // blocks until memlint opens it for writing
		if err != nil {
			read <- err.Error()
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		read <- string(b)
	}()
	runOutput(t, dir, filepath.Join(t.TempDir(), "stderr"), "--preview", "--output", "text="+link, "mem")
	select {
	case got := <-read:
		if !strings.HasPrefix(got, outputFinding+"\n") {
			t.Errorf("the FIFO's reader got:\n%s", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("nothing reached the FIFO's reader")
	}
	assertSymlink(t, link, fifo)
	if info, err := os.Lstat(fifo); err != nil || info.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v, %v", info, err)
	}

	null := filepath.Join(dir, "null")
	if err := os.Symlink("/dev/null", null); err != nil {
		t.Fatal(err)
	}
	runOutput(t, dir, filepath.Join(t.TempDir(), "stderr"), "--preview", "--output", "json="+null, "mem")
	assertSymlink(t, null, "/dev/null")
	if info, err := os.Stat("/dev/null"); err != nil || info.Mode()&fs.ModeCharDevice == 0 {
		t.Errorf("/dev/null: %v, %v", info, err)
	}
}

// TestOutputToDanglingLink: a link to nothing is refused, naming the file,
// and nothing is created where it points.
func TestOutputToDanglingLink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "elsewhere", "report.json")
	link := filepath.Join(dir, "report.json")
	if err := os.Mkdir(filepath.Dir(target), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	err := writeReportFile(link, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err })
	if err == nil || err.Error() != "is a symbolic link to nothing; not followed" {
		t.Errorf("error %v", err)
	}
	if _, err := os.Lstat(target); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%s was created: %v", target, err)
	}
	assertSymlink(t, link, target)
}
