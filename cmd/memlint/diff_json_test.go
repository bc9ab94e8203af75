package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiffJSON checks --diff --format json against --diff in text: the
// same files in the same order, each entry's diff the text output's part
// for that file, nothing written; with nothing to change, "files": [].
// The example's fixes are preview rules': every run has --preview.
func TestDiffJSON(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, filepath.Join("..", "..", "examples", "memory"), filepath.Join(dir, "mem"))
	t.Chdir(dir)
	index := filepath.Join("mem", "MEMORY.md")
	before, beforeIndex := memoryTexts(t, "mem"), readText(t, index)

	var text, stderr bytes.Buffer
	if code := run([]string{"--preview", "--diff", "--unsafe-fixes", "mem"}, &text, &stderr); code != exitFindings {
		t.Fatalf("--diff: exit %d, want %d; stderr: %s", code, exitFindings, stderr.String())
	}
	var out bytes.Buffer
	if code := run([]string{"--preview", "--diff", "--unsafe-fixes", "--format", "json", "mem"}, &out, &stderr); code != exitFindings {
		t.Fatalf("--diff --format json: exit %d, want %d; stderr: %s", code, exitFindings, stderr.String())
	}
	var doc struct {
		Version int `json:"version"`
		Files   []struct {
			Path string `json:"path"`
			Diff string `json:"diff"`
		} `json:"files"`
	}
	dec := json.NewDecoder(&out)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("not the documented JSON: %v", err)
	}
	if doc.Version != 1 || len(doc.Files) < 2 {
		t.Fatalf("version %d, %d files; want version 1 and the example's several files", doc.Version, len(doc.Files))
	}
	var joined strings.Builder
	for i, f := range doc.Files {
		if !strings.HasPrefix(f.Diff, "--- a/"+f.Path+"\n+++ b/"+f.Path+"\n@@ ") {
			t.Errorf("file %d (%s): diff does not start with its own header:\n%s", i, f.Path, f.Diff)
		}
		if i > 0 && f.Path <= doc.Files[i-1].Path {
			t.Errorf("files not in path order: %s after %s", f.Path, doc.Files[i-1].Path)
		}
		joined.WriteString(f.Diff)
	}
	if joined.String() != text.String() {
		t.Errorf("the JSON diffs are not the text diff:\njson:\n%s\ntext:\n%s", joined.String(), text.String())
	}
	if !maps.Equal(memoryTexts(t, "mem"), before) || readText(t, index) != beforeIndex {
		t.Error("--diff --format json wrote to the memory files")
	}

	// Nothing to change once the fixes are applied: an empty list, exit 0.
	run([]string{"--preview", "--unsafe-fixes", "mem"}, &out, &stderr)
	out.Reset()
	if code := run([]string{"--preview", "--diff", "--unsafe-fixes", "--format", "json", "mem"}, &out, &stderr); code != exitOK {
		t.Fatalf("clean dir: exit %d, want 0; stderr: %s", code, stderr.String())
	}
	if got := strings.TrimSpace(out.String()); got != "{\n  \"version\": 1,\n  \"files\": []\n}" {
		t.Errorf("clean dir: got %s", got)
	}
}

// TestDiffOtherFormats: SARIF and GitHub annotations hold findings, not
// changes, so --diff with them is a usage error before anything is read.
func TestDiffOtherFormats(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, format := range []string{"sarif", "github"} {
		var out, stderr bytes.Buffer
		code := run([]string{"--diff", "--format", format, "no-such-dir"}, &out, &stderr)
		want := "memlint: --diff prints changes, not findings: --format " + format + " cannot hold them (use text for a unified diff, json for the diff as data)\n"
		if code != exitUsage || out.Len() != 0 || stderr.String() != want {
			t.Errorf("--format %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", format, code, out.String(), stderr.String(), want)
		}
	}
}
