package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/diff"
)

// UnifiedDiff returns the unified diff turning old into new for the file
// shown as name, with a/ and b/ prefixes as git writes them, so that
// `git apply` and `patch -p1` read it; "" when the texts are equal.
//
// It is go-internal's anchored diff: O(n log n), where a shortest edit
// script costs O(n·d) time and memory (20,000 lines with 1,000 changes
// took 3 s and 1.3 GB). Its first line, "diff a/x b/x", is dropped so that
// each file's diff starts at its --- line, as memlint has always printed.
func UnifiedDiff(name string, old, new []byte) string {
	d := diff.Diff("a/"+name, old, "b/"+name, new)
	if i := bytes.IndexByte(d, '\n'); i >= 0 && bytes.HasPrefix(d, []byte("diff ")) {
		d = d[i+1:]
	}
	return string(d)
}

// FileDiff is one file --fix --diff would change: its name as shown, and
// its content before and after.
type FileDiff struct {
	Path          string
	Before, After []byte
}

// diffDocument is --diff --format json: the changes --fix would make, one
// entry per file in path order, each with its unified diff as --diff
// prints it in text. "files" is [] when nothing would change.
type diffDocument struct {
	Version int        `json:"version"`
	Files   []diffFile `json:"files"`
}

// escapeDiff is a unified diff as text prints it: each line through
// EscapeText, tabs and the CR of a CRLF line kept, so that a memory's
// escape sequences or a line of it that the GitHub Actions runner would
// read as a workflow command (a context line " ::error file=…::") reach
// no terminal or CI log. git apply still reads every hunk whose lines
// hold no such text; the JSON form (jq -r '.files[].diff') keeps the
// bytes whatever they are.
func escapeDiff(d string) string {
	lines := strings.SplitAfter(d, "\n")
	for i, l := range lines {
		body := strings.TrimSuffix(l, "\n")
		end := l[len(body):]
		if strings.HasSuffix(body, "\r") {
			body, end = body[:len(body)-1], "\r"+end
		}
		lines[i] = EscapeLines(body, true) + end
	}
	return strings.Join(lines, "")
}

type diffFile struct {
	// Path is relative to the current directory, with "/" separators,
	// as the diff's own a/ and b/ names.
	Path string `json:"path"`
	Diff string `json:"diff"`
}

// WriteDiff prints the changes of files: unified diffs, or with format
// json a diffDocument. The changed lines are the files' own text: a
// secret in them is masked (redact) as in every other output, and as
// text each line is escaped (escapeDiff).
func WriteDiff(w io.Writer, format string, files []FileDiff, redact func(string) string) error {
	doc := diffDocument{Version: 1, Files: []diffFile{}}
	for _, f := range files {
		d := redact(UnifiedDiff(f.Path, f.Before, f.After))
		if format != "json" {
			if _, err := fmt.Fprint(w, escapeDiff(d)); err != nil {
				return err
			}
			continue
		}
		doc.Files = append(doc.Files, diffFile{Path: filepath.ToSlash(f.Path), Diff: d})
	}
	if format != "json" {
		return nil
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", EscapeJSON(out))
	return err
}
