//go:build ignore

// gen writes realistic memory dirs for benchmarks (see docs/benchmarks.md).
//
//	go run bench/gen.go -out DIR -dirs 50 -files 200 [-seed 1] [-filler N]
//
// -filler adds N small source files around the memory dirs, to make a
// repository the size of a real project (bench/hooks.sh uses 100,000).
//
// It is tagged "ignore" so that `go install ./...` builds only cmd/memlint.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/memlint/memlint/internal/benchgen"
)

func main() {
	out := flag.String("out", "", "folder to write the memory dirs into (created if missing)")
	dirs := flag.Int("dirs", 50, "number of memory dirs")
	files := flag.Int("files", 200, "topic files per memory dir")
	seed := flag.Int64("seed", 1, "random seed; the same seed gives the same bytes")
	filler := flag.Int("filler", 0, "small source files to add around the memory dirs")
	flag.Parse()
	if *out == "" || *dirs < 1 || *files < 0 {
		fmt.Fprintln(os.Stderr, "usage: go run bench/gen.go -out DIR [-dirs 50] [-files 200] [-seed 1]")
		os.Exit(2)
	}
	if err := benchgen.Generate(*out, *dirs, *files, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if err := writeFiller(*out, *filler); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// writeFiller writes n small Go files, 100 per folder, 100 folders per
// package group: src/pkg00/mod0000/file000.go and so on.
func writeFiller(root string, n int) error {
	for i := 0; i < n; i++ {
		dir := filepath.Join(root, "src", fmt.Sprintf("pkg%02d", i/10000), fmt.Sprintf("mod%04d", i/100))
		if i%100 == 0 {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
		}
		src := fmt.Sprintf("package mod%04d\n\n// File%03d is filler for the hook benchmark.\nconst File%03d = %d\n", i/100, i%100, i%100, i)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("file%03d.go", i%100)), []byte(src), 0o644); err != nil {
			return err
		}
	}
	return nil
}
