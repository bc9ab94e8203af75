package source

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// gitIndexes builds small repositories with git itself and returns their
// index files: versions 2, 3 (an intent-to-add entry sets the extended
// flags) and 4 (prefix-compressed paths), with conflicts, a symlink and
// odd names. Each comes with git's own listing of its stage-0 entries.
func gitIndexes(tb testing.TB) (indexes [][]byte, listings []string) {
	tb.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		tb.Skip("git is not installed")
	}
	for _, version := range []string{"2", "3", "4"} {
		dir := tb.TempDir()
		home := tb.TempDir()
		run := func(args ...string) (string, error) {
			cmd := exec.Command("git", args...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+filepath.Join(home, "gitconfig"),
				"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
			out, err := cmd.CombinedOutput()
			return string(out), err
		}
		git := func(args ...string) string {
			out, err := run(args...)
			if err != nil {
				tb.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
			}
			return out
		}
		write := func(rel, content string) {
			p := filepath.Join(dir, rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				tb.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
				tb.Fatal(err)
			}
		}
		git("init", "-q", "-b", "main")
		write("memory/MEMORY.md", "- [a](a.md)\n")
		write("memory/a.md", "a\n")
		write("memory/a b ü.md", "odd name\n")
		write("memory/deeply/nested/folder/with/a/long/name/x.md", "x\n")
		write("src/main.go", "package main\n")
		if err := os.Symlink("a.md", filepath.Join(dir, "memory", "link.md")); err != nil {
			tb.Fatal(err)
		}
		git("add", ".")
		git("commit", "-q", "-m", "one")
		// A conflict leaves stages 1-3 for memory/a.md.
		git("checkout", "-q", "-b", "other")
		write("memory/a.md", "other\n")
		git("commit", "-q", "-am", "other")
		git("checkout", "-q", "main")
		write("memory/a.md", "main\n")
		git("commit", "-q", "-am", "main")
		if out, err := run("merge", "-q", "other"); err == nil {
			tb.Fatalf("merge did not conflict:\n%s", out)
		}
		write("memory/new.md", "intent to add\n")
		git("add", "-N", "memory/new.md")
		git("update-index", "--index-version", version)
		data, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
		if err != nil {
			tb.Fatal(err)
		}
		indexes = append(indexes, data)
		listings = append(listings, git("ls-files", "-s", "-z"))
	}
	return indexes, listings
}

// formatEntries lists entries as git ls-files -s -z does, for stage 0.
func formatEntries(entries []IndexEntry) string {
	var b strings.Builder
	for _, e := range entries {
		fmt.Fprintf(&b, "%06o %s 0\t%s\x00", e.Mode, e.Hash, e.Path)
	}
	return b.String()
}

// TestDecodeIndexMatchesGit decodes indexes git wrote and compares the
// entries with git's own listing: conflict stages, the intent-to-add
// entry (git lists it; a commit would not include it) and nothing else
// differ.
func TestDecodeIndexMatchesGit(t *testing.T) {
	indexes, listings := gitIndexes(t)
	for i, data := range indexes {
		entries, err := decodeIndex(data, 20, func([]byte) bool { return true })
		if err != nil {
			t.Fatalf("index %d: %v", i, err)
		}
		var want []string
		for _, line := range strings.Split(strings.TrimSuffix(listings[i], "\x00"), "\x00") {
			if strings.Contains(line, " 0\t") && !strings.HasSuffix(line, "\tmemory/new.md") {
				want = append(want, line+"\x00")
			}
		}
		if got := formatEntries(entries); got != strings.Join(want, "") {
			t.Errorf("index version %d:\n got %q\nwant %q", i+2, got, strings.Join(want, ""))
		}
	}
}

// FuzzDecodeIndex feeds the index reader damaged and hostile index files:
// it must return entries or an error, never panic or read out of bounds,
// and what it returns must be well formed.
func FuzzDecodeIndex(f *testing.F) {
	indexes, _ := gitIndexes(f)
	for _, data := range indexes {
		f.Add(data, false)
		f.Add(data[:len(data)/2], false)
	}
	f.Add([]byte("DIRC\x00\x00\x00\x02\xff\xff\xff\xff"), false)
	f.Add([]byte("DIRC\x00\x00\x00\x04\x00\x00\x00\x01"), true)
	f.Fuzz(func(t *testing.T, data []byte, sha256 bool) {
		hashLen := 20
		if sha256 {
			hashLen = 32
		}
		entries, err := decodeIndex(data, hashLen, func(p []byte) bool { return len(p) != 3 })
		if err != nil {
			if entries != nil {
				t.Fatalf("entries %v with error %v", entries, err)
			}
			return
		}
		for _, e := range entries {
			if len(e.Hash) != 2*hashLen || len(e.Path) == 3 || strings.IndexByte(e.Path, 0) >= 0 {
				t.Fatalf("malformed entry %+v", e)
			}
		}
	})
}

// TestIndexCollector gathers the paths of the entries as given, keeps
// those keep selects, and notices an index out of order (a damaged one),
// for which the binary searches of RepoFiles and Removals must not be
// trusted.
func TestIndexCollector(t *testing.T) {
	hash := bytes.Repeat([]byte{0xab}, 20)
	for _, c := range []struct {
		paths  []string
		sorted bool
	}{
		{[]string{"a/x.md", "a/y.go", "b.md"}, true},
		{[]string{"a/y.go", "a/x.md", "b.md"}, false},
		{[]string{}, true},
	} {
		col := &indexCollector{keep: func(p []byte) bool { return bytes.HasSuffix(p, []byte(".md")) }, hashLen: 20}
		for _, p := range c.paths {
			col.add([]byte(p), 0o100644, hash, 1)
		}
		l := col.list()
		if !slices.Equal(l.paths, c.paths) || l.sorted != c.sorted {
			t.Errorf("%q: paths %q, sorted %v; want sorted %v", c.paths, l.paths, l.sorted, c.sorted)
		}
		for i := range l.paths {
			if l.hash(i) != strings.Repeat("ab", 20) {
				t.Errorf("%q: hash %d is %s", c.paths, i, l.hash(i))
			}
		}
		for _, e := range col.kept {
			if !strings.HasSuffix(e.Path, ".md") || e.Hash != strings.Repeat("ab", 20) {
				t.Errorf("%q: kept %+v", c.paths, e)
			}
		}
	}
}

// plantedV4Index returns a version 4 index whose first path is a prefix
// of prefixLen bytes and whose other entries each keep all of it but its
// last byte: entries paths of prefixLen bytes from a file of about
// prefixLen + 67*entries bytes, sorted as git sorts them.
func plantedV4Index(prefixLen, entries int) []byte {
	var b bytes.Buffer
	b.WriteString("DIRC\x00\x00\x00\x04")
	b.Write(binary.BigEndian.AppendUint32(nil, uint32(entries)))
	entry := func(strip uint64, suffix string) {
		fixed := make([]byte, 62)
		binary.BigEndian.PutUint32(fixed[24:28], 0o100644)
		copy(fixed[40:60], bytes.Repeat([]byte{0xab}, 20))
		binary.BigEndian.PutUint16(fixed[60:62], 0xfff) // a name too long for the flags
		b.Write(fixed)
		b.Write(binary.AppendUvarint(nil, strip))
		b.WriteString(suffix)
		b.WriteByte(0)
	}
	entry(0, strings.Repeat("d/", prefixLen/2-1)+"x0000")
	for i := 1; i < entries; i++ {
		entry(4, fmt.Sprintf("%04d", i))
	}
	b.Write(make([]byte, 20)) // the checksum, unchecked
	return b.Bytes()
}

// TestPlantedV4IndexStaysSmall: a version 4 index that repeats a long
// path prefix in every entry (130 MB of paths from 200 KB of index) is
// refused once its paths outgrow the file many times over, instead of
// each path being copied out whole: reading it allocates 16 MB (3.2 MB of
// paths, in a buffer that grows by doubling), against 715 MB before (and
// gigabytes from a megabyte of index).
func TestPlantedV4IndexStaysSmall(t *testing.T) {
	data := plantedV4Index(64<<10, 2000)
	file := filepath.Join(t.TempDir(), "index")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, _, err := readIndexList(file, 20, func([]byte) bool { return true })
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "paths decode to more than 16 times the index's size") {
		t.Errorf("index of %d bytes: error %v, want the paths refused", len(data), err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
		t.Errorf("reading a %d-byte index allocated %d MB, want under 32 MB", len(data), alloc>>20)
	}
}
