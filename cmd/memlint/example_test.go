package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/example.golden")

// TestShippedExample pins what memlint says about examples/memory, the dir
// the README's first command lints: the findings it promises are real.
func TestShippedExample(t *testing.T) {
	golden, err := filepath.Abs(filepath.Join("testdata", "example.golden"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join("..", "..")) // paths in the output as the README shows them
	var stdout, stderr bytes.Buffer
	code := run([]string{"--color", "never", "examples/memory"}, &stdout, &stderr)
	if code != exitFindings {
		t.Errorf("exit code %d, want %d (the example has errors); stderr: %s", code, exitFindings, stderr.String())
	}
	if *updateGolden {
		if err := os.WriteFile(golden, stdout.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(stdout.Bytes(), want) {
		t.Errorf("output for examples/memory changed (go test ./cmd/memlint -run TestShippedExample -update, then check the README):\n%s", stdout.String())
	}
}

// TestReadmeSample checks the sample outputs in the README against real
// runs: the blocks that start "$ memlint examples/memory" and "$ memlint
// --preview examples/memory" are run, and their lines, cut where a line
// is "…", must be excerpts of the output, each contiguous and in order,
// the last one ending it (the budget and summary lines are real).
func TestReadmeSample(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	// The default run and the run with the preview rules.
	for _, prompt := range []string{"$ memlint examples/memory", "$ memlint --preview examples/memory"} {
		t.Run(prompt, func(t *testing.T) { checkReadmeSample(t, string(readme), prompt) })
	}
}

// checkReadmeSample checks the README's sample block that starts with
// prompt against a real run of it.
func checkReadmeSample(t *testing.T, readme, prompt string) {
	var block []string
	for part := range strings.SplitSeq(readme, "```") {
		lines := strings.Split(strings.TrimPrefix(part, "\n"), "\n")
		if lines[0] == prompt {
			block = lines[1 : len(lines)-1] // up to the newline before the closing fence
			break
		}
	}
	if len(block) == 0 {
		t.Fatalf("README.md has no sample block starting %q", prompt)
	}
	t.Chdir(filepath.Join("..", ".."))
	var stdout, stderr bytes.Buffer
	args := append(strings.Fields(strings.TrimPrefix(prompt, "$ memlint")), "--color", "never")
	if code := run(args, &stdout, &stderr); code != exitFindings {
		t.Errorf("exit code %d, want %d; stderr: %s", code, exitFindings, stderr.String())
	}
	out := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	var excerpts [][]string
	excerpts = append(excerpts, nil)
	for _, l := range block {
		if l == "…" {
			excerpts = append(excerpts, nil)
			continue
		}
		excerpts[len(excerpts)-1] = append(excerpts[len(excerpts)-1], l)
	}
	at := 0 // the output line the next excerpt may start from
	for i, ex := range excerpts {
		if len(ex) == 0 {
			continue // a leading "…"
		}
		found := -1
		for j := at; j+len(ex) <= len(out); j++ {
			if slices.Equal(out[j:j+len(ex)], ex) {
				found = j
				break
			}
		}
		if found < 0 {
			t.Fatalf("README sample part %d is not in the output (after line %d):\n%s\n\noutput:\n%s", i+1, at, strings.Join(ex, "\n"), stdout.String())
		}
		at = found + len(ex)
	}
	if at != len(out) || len(excerpts[len(excerpts)-1]) == 0 {
		t.Errorf("the README sample does not end where the output does (at line %d of %d):\n%s", at, len(out), stdout.String())
	}
}
