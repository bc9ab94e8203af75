package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/memlint/memlint/internal/atomicfile"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/report"
)

// outputFlag is --output FORMAT=FILE. It checks each value as the flag is
// parsed, so that a bad one is a usage error before anything is linted or
// fixed, and collects the values in specs.
type outputFlag struct{ specs *[]string }

func (f *outputFlag) String() string {
	if f == nil || f.specs == nil {
		return ""
	}
	return strings.Join(*f.specs, " ")
}

// Type is what the help shows after the flag: --output FORMAT=FILE.
func (f *outputFlag) Type() string { return "FORMAT=FILE" }

func (f *outputFlag) Set(v string) error {
	spec, err := parseOutput(v)
	if err != nil {
		return err
	}
	for _, prev := range *f.specs {
		if p, err := parseOutput(prev); err == nil && filepath.Clean(p.file) == filepath.Clean(spec.file) {
			return fmt.Errorf("%s is named by two --output flags", spec.file)
		}
	}
	*f.specs = append(*f.specs, v)
	return nil
}

// outputSpec is one --output value: a report format and the file to write
// it to.
type outputSpec struct {
	format, file string
}

func parseOutput(v string) (outputSpec, error) {
	format, file, ok := strings.Cut(v, "=")
	switch {
	case !ok:
		return outputSpec{}, fmt.Errorf("want FORMAT=FILE with FORMAT %s", report.FormatList())
	case !slices.Contains(report.Formats, format):
		return outputSpec{}, fmt.Errorf("unknown format %q (want %s)", format, report.FormatList())
	case file == "":
		return outputSpec{}, fmt.Errorf("no file after %s=", format)
	}
	return outputSpec{format: format, file: file}, nil
}

// readsFlaggedText reports whether something this run writes reads the
// flagged text of findings: a baseline being recorded names findings by
// it, and so do the fingerprints of some formats, on stdout or --output.
func (o *checkOptions) readsFlaggedText() bool {
	if o.recording || report.ReadsFlaggedText(o.format) {
		return true
	}
	for _, v := range o.outputs {
		if spec, err := parseOutput(v); err != nil || report.ReadsFlaggedText(spec.format) {
			return true
		}
	}
	return false
}

// writeOutputs writes the reports of --output FORMAT=FILE. Files get the
// full report whatever --quiet and --color say: every finding, budgets
// and summary, never coloured. Each file is replaced at once (a temporary
// file renamed over it), so a reader never sees half a report.
func (o *checkOptions) writeOutputs(r *report.Report) error {
	if len(o.outputs) == 0 {
		return nil
	}
	specs := make([]outputSpec, 0, len(o.outputs))
	for _, v := range o.outputs {
		spec, err := parseOutput(v)
		if err != nil {
			return fmt.Errorf("--output %q: %w", v, err)
		}
		specs = append(specs, spec)
	}
	r.Sort()
	for _, spec := range specs {
		rep, err := report.New(spec.format, report.Options{})
		if err != nil {
			return fmt.Errorf("--output %s=%s: %w", spec.format, spec.file, err)
		}
		if err := writeReportFile(spec.file, func(w io.Writer) error { return rep.Report(w, r) }); err != nil {
			return fmt.Errorf("--output %s=%s: %w", spec.format, spec.file, err)
		}
	}
	return nil
}

// writeReportFile writes a report to name. What name is decides how:
//
//   - a regular file, or nothing yet: atomicfile.WriteFile, the whole
//     report renamed over name once complete; an existing file keeps its
//     permissions;
//   - one of this process's open files (/dev/stdout, /dev/stderr,
//     /dev/fd/N, /proc/self/fd/N, or a symbolic link leading to one):
//     written to that open file, where a shell's 2> already points it,
//     never reopened or replaced (replacing the file stderr was redirected
//     to would lose it, and replacing a link such as /dev/stderr would turn
//     it into a regular file);
//   - a device, pipe or socket, or a symbolic link to one: opened for
//     writing as it is (no create, no truncate, the link untouched);
//   - a symbolic link to a regular file: written through, the target
//     replaced whole and the link kept, as with a shell's >; a link to
//     nothing is refused rather than creating a file wherever it points.
func writeReportFile(name string, write func(io.Writer) error) error {
	if fd, ok := openFileOf(name); ok {
		return writeOpenFile(fd, name, write)
	}
	info, err := os.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return writeAtomic(name, write)
	case err != nil:
		return pathErrText(err)
	case info.Mode()&fs.ModeSymlink != 0:
		target, err := os.Stat(name)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return errors.New("is a symbolic link to nothing; not followed")
		case err != nil:
			return pathErrText(err)
		case target.IsDir():
			return errors.New("is a directory")
		case !target.Mode().IsRegular():
			return writeDirect(name, 0, write)
		}
		resolved, err := filepath.EvalSymlinks(name)
		if err != nil {
			return pathErrText(err)
		}
		return writeAtomic(resolved, write)
	case info.IsDir():
		return errors.New("is a directory")
	case !info.Mode().IsRegular():
		return writeDirect(name, 0, write)
	}
	return writeAtomic(name, write)
}

func writeAtomic(name string, write func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	return pathErrText(atomicfile.WriteFile(name, buf.Bytes(), 0o644))
}

// maxLinkHops bounds how many symbolic links openFileOf follows, as the
// kernel does (Linux gives up at 40).
const maxLinkHops = 40

// openFileOf reports whether name is, or leads through symbolic links to,
// one of this process's open files, and which descriptor. It reads the
// links' text rather than resolving them, because resolving
// /proc/self/fd/2 yields the file stderr was redirected to, and writing
// there by name would replace it under the shell.
func openFileOf(name string) (int, bool) {
	p := filepath.Clean(name)
	for range maxLinkHops {
		if fd, ok := fdPath(p); ok {
			return fd, true
		}
		info, err := os.Lstat(p)
		if err != nil || info.Mode()&fs.ModeSymlink == 0 {
			return 0, false
		}
		to, err := os.Readlink(p)
		if err != nil {
			return 0, false
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = filepath.Clean(to)
	}
	return 0, false
}

// stdNames are the names of the standard streams, and fdDirs the folders
// that list a process's open files by number.
var (
	stdNames = map[string]int{"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}
	fdDirs   = []string{"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"}
)

// fdPath reports the descriptor a path names directly, if it names one.
func fdPath(p string) (int, bool) {
	if runtime.GOOS == "windows" {
		return 0, false
	}
	if fd, ok := stdNames[p]; ok {
		return fd, true
	}
	own := "/proc/" + strconv.Itoa(os.Getpid()) + "/fd/"
	for _, dir := range append(slices.Clip(fdDirs), own) {
		if rest, ok := strings.CutPrefix(p, dir); ok {
			fd, err := strconv.Atoi(rest)
			return fd, err == nil && fd >= 0 && strconv.Itoa(fd) == rest
		}
	}
	return 0, false
}

// writeOpenFile writes to descriptor fd, which name led to. The standard
// streams are written as they are, where they already point (never
// closed); any other descriptor is opened again by name for appending, so
// nothing already written there is overwritten.
func writeOpenFile(fd int, name string, write func(io.Writer) error) error {
	std := map[int]*os.File{0: os.Stdin, 1: os.Stdout, 2: os.Stderr}
	if f := std[fd]; f != nil {
		bw := bufio.NewWriter(f)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	return writeDirect(name, os.O_APPEND, write)
}

// writeDirect writes to a device, pipe or socket (or a link to one) as it
// is: opened write-only, never created or truncated, so neither the device
// nor a link to it is replaced by a regular file.
func writeDirect(name string, flag int, write func(io.Writer) error) error {
	f, err := os.OpenFile(name, os.O_WRONLY|flag, 0)
	if err != nil {
		return pathErrText(err)
	}
	bw := bufio.NewWriter(f)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// rulesRun are the rules a run with this configuration runs, for the
// report (SARIF describes them): every rule that is not off everywhere,
// and which of them the configuration defines (those not in reg).
func rulesRun(cfg *lint.Config, reg *lint.Registry) (ran []*lint.Rule, custom map[string]bool) {
	for _, rule := range cfg.Registry(reg).Rules() {
		if !cfg.MaybeOn(rule) {
			continue
		}
		ran = append(ran, rule)
		if _, builtin := reg.Lookup(rule.ID); !builtin {
			if custom == nil {
				custom = map[string]bool{}
			}
			custom[rule.ID] = true
		}
	}
	return ran, custom
}

// reportRoot is the folder report paths are made relative to for code
// scanning and annotations: the repository's top level, or the current
// directory outside a repository. Slash-separated like report paths.
func reportRoot(cwd string) string {
	root := lint.RepoTopLevel(cwd)
	if root == "" {
		root = cwd
	}
	return filepath.ToSlash(root)
}
