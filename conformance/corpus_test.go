package conformance

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/memlint/memlint/internal/testcorpus"
)

// TestCorpusIndex compares memlint's loaded index with Claude Code's for
// the shipped example and for every memory dir of the shared corpus of real
// memory (../shared/corpus beside the clone, or $MEMLINT_CORPUS). The dirs
// are copied into the sandbox at test time, never into the project.
func TestCorpusIndex(t *testing.T) {
	t.Parallel()
	eachRealDir(t, func(t *testing.T, sb *sandbox) {
		model := predict(t, sb)
		res := runSession(t, sb, sessionOptions{})
		text, loaded, err := loadedIndex(res.Requests, sb.MemDir)
		if err != nil {
			t.Fatalf("reading Claude Code's request: %v\n%s", err, res.describe())
		}
		if *flagRecord {
			t.Logf("Claude Code loaded %v, %d bytes", loaded, len(text))
		}
		compareIndex(t, model, loaded, text)
	})
}

// TestCorpusManifest does the same for the recall manifest of those dirs.
func TestCorpusManifest(t *testing.T) {
	t.Parallel()
	eachRealDir(t, func(t *testing.T, sb *sandbox) {
		opt := recallSession(t, sb, &testCase{})
		model := predict(t, sb)
		res := runSession(t, sb, opt)
		got := recalledManifest(res.Requests)
		if *flagRecord && got != nil {
			t.Logf("Claude Code's manifest has %d lines", strings.Count(*got, "\n")+1)
		}
		compareManifest(t, model, got)
	})
}

// eachRealDir runs check, in parallel, on a sandbox holding a copy of each
// real memory dir (realDirs).
func eachRealDir(t *testing.T, check func(t *testing.T, sb *sandbox)) {
	t.Helper()
	requireMemlint(t)
	dirs := realDirs(t)
	for _, name := range sortedKeys(dirs) {
		src := dirs[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			sb := newSandbox(t)
			if err := copyTree(src, sb.MemDir); err != nil {
				t.Fatal(err)
			}
			check(t, sb)
		})
	}
}

// realDirs returns the real memory dirs to compare, by test name.
func realDirs(t *testing.T) map[string]string {
	t.Helper()
	dirs := map[string]string{"example": filepath.Join("..", "examples", "memory")}
	if root := testcorpus.Dir(); root != "" {
		found, err := memoryDirs(root)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range found {
			rel, _ := filepath.Rel(root, d)
			dirs["corpus/"+filepath.ToSlash(rel)] = d
		}
	} else {
		t.Log("no corpus found (set MEMLINT_CORPUS or put ../shared/corpus beside the clone); checking the example only")
	}
	return dirs
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// memoryDirs lists the dirs under root that hold a MEMORY.md file.
func memoryDirs(root string) ([]string, error) {
	var dirs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Name() == "MEMORY.md" && d.Type().IsRegular() {
			dirs = append(dirs, filepath.Dir(p))
		}
		return nil
	})
	sort.Strings(dirs)
	return dirs, err
}

// copyTree copies the regular files and dirs of src into dst. Symlinks are
// not followed. The copies get mtimes a minute apart in path order: a
// checkout or a copy gives files equal mtimes, and recall then keeps
// directory order, which depends on the file system.
func copyTree(src, dst string) error {
	i := 0
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case !d.Type().IsRegular():
			return nil
		}
		if strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.OpenFile(target, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		if err := out.Close(); err != nil {
			return err
		}
		mtime := baseMtime.Add(time.Duration(i) * time.Minute)
		i++
		return os.Chtimes(target, mtime, mtime)
	})
}
