package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
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
