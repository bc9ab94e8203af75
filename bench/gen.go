//go:build ignore

// gen writes realistic memory dirs for benchmarks (see docs/benchmarks.md).
//
//	go run bench/gen.go -out DIR -dirs 50 -files 200 [-seed 1]
//
// It is tagged "ignore" so that `go install ./...` builds only cmd/memlint.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/memlint/memlint/internal/benchgen"
)

func main() {
	out := flag.String("out", "", "folder to write the memory dirs into (created if missing)")
	dirs := flag.Int("dirs", 50, "number of memory dirs")
	files := flag.Int("files", 200, "topic files per memory dir")
	seed := flag.Int64("seed", 1, "random seed; the same seed gives the same bytes")
	flag.Parse()
	if *out == "" || *dirs < 1 || *files < 0 {
		fmt.Fprintln(os.Stderr, "usage: go run bench/gen.go -out DIR [-dirs 50] [-files 200] [-seed 1]")
		os.Exit(2)
	}
	if err := benchgen.Generate(*out, *dirs, *files, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
