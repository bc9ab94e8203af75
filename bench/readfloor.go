//go:build ignore

// readfloor is the "read floor" of the benchmark: it walks the given trees
// and reads every regular file into memory, one after the other, and does
// nothing else. No program that looks at every byte of the same files can
// be much faster, so memlint's time divided by this one's is the cost of
// linting over the cost of merely reading.
//
//	go build -o /tmp/readfloor bench/readfloor.go && /tmp/readfloor DIR...
//
// It is tagged "ignore" so that `go install ./...` builds only cmd/memlint.
package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: readfloor DIR...")
		os.Exit(2)
	}
	var files, bytes int64
	for _, root := range os.Args[1:] {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.Type().IsRegular() {
				return nil
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			files++
			bytes += int64(len(b))
			return nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, "readfloor:", err)
			os.Exit(1)
		}
	}
	fmt.Printf("%d files, %d bytes\n", files, bytes)
}
