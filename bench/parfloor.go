//go:build ignore

// parfloor is the parallel read floor of bench/speed.sh: it walks the given
// trees, then reads every .md file with GOMAXPROCS goroutines, and does
// nothing else. memlint uses every CPU, so on a 2-core machine a
// single-threaded floor (bench/readfloor.go) flatters it; this one is what a
// tool that reads every Markdown byte in parallel cannot beat.
//
//	go build -o /tmp/parfloor bench/parfloor.go && /tmp/parfloor DIR...
//
// It is tagged "ignore" so that `go install ./...` builds only cmd/memlint.
package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: parfloor DIR...")
		os.Exit(2)
	}
	paths := make(chan string, 1024)
	var files, bytes atomic.Int64
	var failed atomic.Bool
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range paths {
				b, err := os.ReadFile(p)
				if err != nil {
					fmt.Fprintln(os.Stderr, "parfloor:", err)
					failed.Store(true)
					continue
				}
				files.Add(1)
				bytes.Add(int64(len(b)))
			}
		}()
	}
	for _, root := range os.Args[1:] {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == ".git" {
				return filepath.SkipDir
			}
			if d.Type().IsRegular() && strings.HasSuffix(d.Name(), ".md") {
				paths <- p
			}
			return nil
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, "parfloor:", err)
			failed.Store(true)
		}
	}
	close(paths)
	wg.Wait()
	fmt.Printf("%d files, %d bytes\n", files.Load(), bytes.Load())
	if failed.Load() {
		os.Exit(1)
	}
}
