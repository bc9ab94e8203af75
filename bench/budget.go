//go:build ignore

// budget splits what `memlint check` costs a file into its parts, on one
// CPU, so that the distance to issue 15's floor goal can be read part by
// part: reading the files as the floor does, the engine's walk and read,
// the parse of every frontmatter and body, each rule's own work over
// the shared parse, every rule together as `memlint check` runs them, and
// (with -memlint) the whole command, report included.
//
//	go run bench/budget.go [-rounds 5] [-memlint BIN] TREE...
//
// Each TREE (a generated tree of bench/gen.go, a replica of real memory
// from bench/replicate.go) is measured alone and gets a column. A rule's
// own cost is the CPU of a run of that rule alone less that of a run of
// no rule, both over files whose frontmatter and body were parsed before
// (lint.Reuse), taken in the same round; the table gives the median over
// the rounds. Parts overlap (the parse rule is loading plus parsing), so
// they do not add up to the whole: the rules' sum is shown beside the
// run of every rule together. It prints a Markdown table.
//
// The process runs with GOMAXPROCS 1 and the collector setting of
// `memlint check` (GOGC 400), so CPU time is the work itself; a run of
// `memlint check` on 2 cores spends its CPU over both.
//
// It is tagged "ignore" so that `go install ./...` builds only cmd/memlint;
// it reads CPU time with getrusage, so it runs on Unix.
package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules"
)

func main() {
	rounds := flag.Int("rounds", 5, "rounds; the table gives each part's median")
	memlint := flag.String("memlint", "", "a memlint binary: adds the whole `memlint check --format json .` (on every CPU) as a row")
	top := flag.Int("top", 0, "rows of single rules to show, most costly first (0: all)")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: go run bench/budget.go [-rounds N] [-memlint BIN] TREE...")
		os.Exit(2)
	}
	runtime.GOMAXPROCS(1)
	debug.SetGCPercent(400)

	var cols []column
	for _, tree := range flag.Args() {
		c, err := measure(tree, *rounds, *memlint)
		if err != nil {
			fmt.Fprintf(os.Stderr, "budget: %s: %v\n", tree, err)
			os.Exit(1)
		}
		cols = append(cols, c)
	}
	printTable(os.Stdout, cols, *top)
}

// column is one tree's measurements: CPU nanoseconds per file of each
// part, the median over the rounds.
type column struct {
	tree  string
	files int
	parts map[string]float64
	rules []string // rule IDs, most costly first
}

// The rows that are not single rules.
const (
	partFloor  = "floor: read every .md, nothing else"
	partLoad   = "load: the engine's walk and read, no rule"
	partParse  = "parse: load + every frontmatter and body"
	partAll    = "every rule, as memlint check runs them (load and parse included)"
	partSum    = "the rules' own costs added up"
	partBinary = "`memlint check --format json .` (the binary, report included)"
)

func measure(tree string, rounds int, memlint string) (column, error) {
	fsys := os.DirFS(tree)
	dirs, err := memory.FindDirs(fsys, ".", nil)
	if err != nil {
		return column{}, err
	}
	mdFiles, err := markdownFiles(fsys)
	if err != nil {
		return column{}, err
	}
	reg := rules.Registry()
	now := time.Now()
	var ids []string
	for _, r := range reg.Rules() {
		ids = append(ids, r.ID)
	}
	// noop is no rule: a run of it is the engine's walk, read and settling
	// alone (file-unreadable, the engine's own rule, parses every body).
	noop := &lint.Rule{ID: "budget-noop", Severity: lint.Info, Summary: "does nothing", Run: func(*lint.Pass) {}}
	noopReg, err := lint.NewRegistry(noop)
	if err != nil {
		return column{}, err
	}
	parse := &lint.Rule{ID: "budget-parse", Severity: lint.Info, Summary: "parses every file", Run: func(pass *lint.Pass) {
		for _, f := range pass.Dir.Files() {
			f.Frontmatter()
			f.Body()
		}
	}}
	parseReg, err := lint.NewRegistry(parse)
	if err != nil {
		return column{}, err
	}
	lintOnce := func(l *lint.Linter) (int, error) {
		res, err := l.Lint(fsys, dirs)
		if err != nil {
			return 0, err
		}
		if len(res.Errors) > 0 {
			return 0, fmt.Errorf("rule failed: %v", res.Errors[0])
		}
		return res.Files, nil
	}
	samples := map[string][]float64{}
	files := 0
	add := func(part string, cpu time.Duration, n int) {
		samples[part] = append(samples[part], float64(cpu.Nanoseconds())/float64(n))
	}
	for range rounds {
		// The floor: every .md read, as bench/parfloor.go reads them.
		cpu := timed(func() {
			for _, p := range mdFiles {
				if _, err := fs.ReadFile(fsys, p); err != nil {
					panic(err)
				}
			}
		})
		add(partFloor, cpu, len(mdFiles))

		var n int
		cpu = timed(func() { n, err = lintOnce(&lint.Linter{Setup: lint.Setup{Registry: noopReg, Now: now}}) })
		if err != nil {
			return column{}, err
		}
		files = n
		add(partLoad, cpu, n)
		cpu = timed(func() { _, err = lintOnce(&lint.Linter{Setup: lint.Setup{Registry: parseReg, Now: now}}) })
		if err != nil {
			return column{}, err
		}
		add(partParse, cpu, n)
		cpu = timed(func() { _, err = lintOnce(&lint.Linter{Setup: lint.Setup{Registry: reg, Now: now}}) })
		if err != nil {
			return column{}, err
		}
		add(partAll, cpu, n)

		// Each rule over files parsed before, less a run of no rule over
		// the same files; a fresh Reuse for each rule, so that nothing one
		// rule kept (lint.Memo) is there for the next.
		sum := 0.0
		for _, id := range ids {
			reuse := memory.NewReuse()
			if _, err := lintOnce(&lint.Linter{Setup: lint.Setup{Registry: parseReg, Reuse: reuse, Now: now}}); err != nil {
				return column{}, err
			}
			ruleCPU := timed(func() {
				_, err = lintOnce(&lint.Linter{Setup: lint.Setup{Registry: reg, Only: []string{id}, Reuse: reuse, Now: now}})
			})
			if err != nil {
				return column{}, err
			}
			baseCPU := timed(func() {
				_, err = lintOnce(&lint.Linter{Setup: lint.Setup{Registry: noopReg, Reuse: reuse, Now: now}})
			})
			if err != nil {
				return column{}, err
			}
			own := float64((ruleCPU - baseCPU).Nanoseconds()) / float64(n)
			samples[id] = append(samples[id], own)
			sum += own
		}
		samples[partSum] = append(samples[partSum], sum)

		if memlint != "" {
			cpu, err := childCPU(memlint, tree)
			if err != nil {
				return column{}, err
			}
			add(partBinary, cpu, n)
		}
	}
	c := column{tree: filepath.Base(tree), files: files, parts: map[string]float64{}}
	for part, s := range samples {
		c.parts[part] = median(s)
	}
	c.rules = ids
	sort.SliceStable(c.rules, func(i, j int) bool { return c.parts[c.rules[i]] > c.parts[c.rules[j]] })
	return c, nil
}

// markdownFiles lists the .md files under fsys, as the floor finds them.
func markdownFiles(fsys fs.FS) ([]string, error) {
	var out []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && strings.HasSuffix(p, ".md") {
			out = append(out, p)
		}
		return nil
	})
	return out, err
}

// timed returns the CPU time (user and system) the process spends in op.
func timed(op func()) time.Duration {
	before := cpuTime()
	op()
	return cpuTime() - before
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// childCPU runs `memlint check --format json .` in tree and returns the
// CPU time the child used.
func childCPU(bin, tree string) (time.Duration, error) {
	cmd := exec.Command(bin, "check", "--format", "json", ".")
	cmd.Dir = tree
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil // findings
	}
	if err != nil {
		return 0, fmt.Errorf("%s check: %w", bin, err)
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
}

func median(s []float64) float64 {
	s = slices.Clone(s)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func printTable(w io.Writer, cols []column, top int) {
	fmt.Fprint(w, "| part, CPU µs per file |")
	for _, c := range cols {
		fmt.Fprintf(w, " %s (%d files) | ÷ floor |", c.tree, c.files)
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, "|---|")
	for range cols {
		fmt.Fprint(w, "---:|---:|")
	}
	fmt.Fprintln(w)
	row := func(label, part string) {
		fmt.Fprintf(w, "| %s |", label)
		for _, c := range cols {
			v, ok := c.parts[part]
			if !ok {
				fmt.Fprint(w, " – | – |")
				continue
			}
			fmt.Fprintf(w, " %.1f | %.1f |", v/1000, v/c.parts[partFloor])
		}
		fmt.Fprintln(w)
	}
	for _, p := range []string{partFloor, partLoad, partParse, partAll, partSum, partBinary} {
		row(p, p)
	}
	// Rules in the first column's order, most costly first.
	ids := cols[0].rules
	if top > 0 && top < len(ids) {
		ids = ids[:top]
	}
	for _, id := range ids {
		row("`"+id+"`", id)
	}
}
