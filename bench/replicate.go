//go:build ignore

// replicate builds a tree of real memory dirs for bench/speed.sh by copying
// the memory dirs of a corpus (every folder holding a MEMORY.md, with the
// Markdown files directly in it) round-robin into OUT/rNNNNN-NAME/memory/
// until the tree holds at least -files Markdown files. It runs at benchmark
// time into a scratch folder: corpus files never enter the repository.
//
//	go run bench/replicate.go -src ../shared/corpus -out DIR -files 10000
//
// It is tagged "ignore" so that `go install ./...` builds only cmd/memlint.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// memDir is one corpus memory dir: its name and the Markdown files in it.
type memDir struct {
	name  string
	files map[string][]byte
}

func main() {
	src := flag.String("src", "", "corpus folder")
	out := flag.String("out", "", "folder to write the copies into")
	want := flag.Int("files", 10000, "Markdown files to reach")
	flag.Parse()
	if *src == "" || *out == "" || *want < 1 {
		fmt.Fprintln(os.Stderr, "usage: go run bench/replicate.go -src CORPUS -out DIR -files N")
		os.Exit(2)
	}
	dirs, err := load(*src)
	if err == nil && len(dirs) == 0 {
		err = errors.New("no memory dirs (folders with a MEMORY.md) in " + *src)
	}
	if err == nil {
		err = write(*out, dirs, *want)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "replicate:", err)
		os.Exit(1)
	}
}

// load finds every folder below src holding a MEMORY.md, in path order.
func load(src string) ([]memDir, error) {
	var dirs []memDir
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "MEMORY.md" {
			return err
		}
		dir := filepath.Dir(p)
		ents, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, dir)
		m := memDir{name: strings.SplitN(filepath.ToSlash(rel), "/", 2)[0], files: map[string][]byte{}}
		for _, e := range ents {
			if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".md") {
				continue
			}
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				return err
			}
			m.files[e.Name()] = b
		}
		dirs = append(dirs, m)
		return nil
	})
	sort.Slice(dirs, func(i, j int) bool { return dirs[i].name < dirs[j].name })
	return dirs, err
}

// write copies dirs round-robin until want files are written.
func write(out string, dirs []memDir, want int) error {
	n := 0
	for i := 0; n < want; i++ {
		m := dirs[i%len(dirs)]
		dir := filepath.Join(out, fmt.Sprintf("r%05d-%s", i, m.name), "memory")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		for name, b := range m.files {
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
				return err
			}
			n++
		}
	}
	return nil
}
