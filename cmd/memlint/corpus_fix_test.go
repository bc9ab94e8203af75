package main

import (
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// TestFixCorpus runs --fix and --unsafe-fixes over copies of the real
// memory dirs in ../shared/corpus: a fix must never produce an
// error-level finding the file did not have, and safe fixes must never
// lose the text of a memory. Every rule runs (--preview): most fixes are
// preview rules', and a fix must not introduce an error of any rule.
func TestFixCorpus(t *testing.T) {
	t.Parallel()
	corpus, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(corpus); err != nil {
		t.Skip("../shared/corpus is not beside the project")
	}
	for _, mode := range []string{"--fix", "--unsafe-fixes"} {
		t.Run(mode, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "corpus")
			copyTree(t, corpus, dir)
			before := errorFindings(t, dir)
			texts := memoryTexts(t, dir)
			run([]string{mode, "--preview", "--quiet", dir}, io.Discard, io.Discard)
			for key, n := range errorFindings(t, dir) {
				if n > before[key] {
					t.Errorf("%s introduced an error: %s", mode, key)
				}
			}
			changed := 0
			for path, text := range texts {
				now := readText(t, path)
				if now != text {
					changed++
				}
				if mode != "--fix" {
					continue // unsafe fixes may rewrite dates
				}
				after := wordCounts(now)
				for w, n := range wordCounts(text) {
					if after[w] < n {
						t.Errorf("%s lost %q from %s", mode, w, path)
						break
					}
				}
			}
			if changed == 0 {
				t.Errorf("%s changed no memory file: the corpus has fixable findings", mode)
			}
		})
	}
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// errorFindings counts error-level findings by rule, file and flagged
// text (positions move when a fix adds or removes lines), of every rule,
// the preview ones included.
func errorFindings(t *testing.T, dir string) map[string]int {
	t.Helper()
	var out bytes.Buffer
	run([]string{"--preview", "--format", "json", dir}, &out, io.Discard)
	var rep struct {
		Diagnostics []struct {
			Rule, Severity, Path, Message string
		}
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("JSON report: %v\n%s", err, out.String())
	}
	counts := map[string]int{}
	for _, d := range rep.Diagnostics {
		if d.Severity == "error" {
			counts[d.Rule+" "+d.Path+" "+strings.Map(func(r rune) rune {
				if unicode.IsDigit(r) {
					return '#'
				}
				return r
			}, d.Message)]++
		}
	}
	return counts
}

// memoryTexts returns the text of every topic file (MEMORY.md aside: an
// index is not memory, and fixes add and drop entries there).
func memoryTexts(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") && filepath.Base(p) != "MEMORY.md" {
			out[p] = readText(t, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// wordCounts counts words ignoring case and the quotes a fix may add.
func wordCounts(s string) map[string]int {
	counts := map[string]int{}
	for _, w := range strings.Fields(strings.ToLower(strings.NewReplacer(`"`, " ", `\`, " ").Replace(s))) {
		counts[w]++
	}
	return counts
}

func readText(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
