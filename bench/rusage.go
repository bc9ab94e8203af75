//go:build ignore

// rusage runs a command and writes its wall time, user and system CPU time
// (seconds, to the microsecond) and peak RSS (KB) to a file, killing it
// after a timeout: bench/speed.sh's /usr/bin/time and timeout in one, with
// the resolution a 20 ms command needs (GNU time rounds to 10 ms).
//
//	go build -o /tmp/rusage bench/rusage.go
//	/tmp/rusage -o OUT -timeout 300s CMD ARG...
//
// OUT holds "wall user sys maxrss_kb status"; status is ok (exit 0 or 1: a
// linter with findings), timeout, or exitN. rusage itself exits 0 unless it
// cannot start the command.
//
// It is tagged "ignore" so that `go install ./...` builds only cmd/memlint.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() {
	out := flag.String("o", "", "file to write the measurement to")
	limit := flag.Duration("timeout", 5*time.Minute, "kill the command after this long")
	flag.Parse()
	if *out == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: rusage -o OUT [-timeout 300s] CMD ARG...")
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), *limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, flag.Arg(0), flag.Args()[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	status := "ok"
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		status = "timeout"
	case errors.As(err, &exit):
		if c := exit.ExitCode(); c != 1 {
			status = fmt.Sprintf("exit%d", c)
		}
	case err != nil:
		fmt.Fprintln(os.Stderr, "rusage:", err)
		os.Exit(1)
	}
	st := cmd.ProcessState
	var rss int64
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss // KB on Linux
	}
	line := fmt.Sprintf("%.6f %.6f %.6f %d %s\n", wall.Seconds(), st.UserTime().Seconds(), st.SystemTime().Seconds(), rss, status)
	if err := os.WriteFile(*out, []byte(line), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "rusage:", err)
		os.Exit(1)
	}
}
