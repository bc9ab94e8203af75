package lint_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules"
)

// lintWithin lints the memory dir at root with every rule and fails the
// test if that takes longer than limit: bad input must never hang memlint.
func lintWithin(t *testing.T, fsys fs.FS, limit time.Duration) *lint.Result {
	t.Helper()
	if d, ok := t.Deadline(); ok && time.Until(d) < limit {
		limit = time.Until(d) / 2
	}
	type outcome struct {
		res *lint.Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		l := &lint.Linter{Setup: lint.Setup{Registry: rules.Registry(), Now: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)}, Config: withPreview()}
		res, err := l.Lint(fsys, []string{"."})
		done <- outcome{res, err}
	}()
	select {
	case o := <-done:
		if o.err != nil {
			t.Fatalf("Lint: %v", o.err)
		}
		failIfRuleFailed(t, o.res)
		return o.res
	case <-time.After(limit):
		t.Fatalf("Lint did not finish within %v", limit)
		return nil
	}
}

func writeFile(t *testing.T, dir, name string, data []byte) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func findings(res *lint.Result, path, rule string) []lint.Diagnostic {
	var out []lint.Diagnostic
	for _, d := range res.Diagnostics {
		if d.Path == path && (rule == "" || d.Rule == rule) {
			out = append(out, d)
		}
	}
	return out
}

const validMemory = "---\nname: x\ndescription: a memory that is perfectly fine here\ntype: user\n---\nbody\n"

func TestBadInputNeverHangsOrPanics(t *testing.T) {
	for _, tc := range []struct {
		name    string
		content []byte
	}{
		{"invalid-utf8", []byte("---\nname: \xff\xfe\ndescription: bad \xc3\x28 bytes everywhere\ntype: user\n---\n\xff body [[\xfe]] `\xff`\n")},
		{"nul-bytes", []byte("---\nname: x\x00y\n---\n\x00\x00")},
		{"binary", bytes.Repeat([]byte{0x89, 'P', 'N', 'G', 0, 1, 2, 3, 0xff}, 5000)},
		{"empty", nil},
		{"only-delimiter", []byte("---")},
		{"crlf-bom", []byte("\xef\xbb\xbf---\r\nname: x\r\n---\r\n")},
		{"lone-cr", []byte("---\rname: x\r---\rbody")},
		{"unclosed-everything", []byte("---\nname: [\n```\n<!-- \n[[ [x](")},
		{"deep-nesting", []byte(strings.Repeat("> - ", 2000) + "x\n")},
		{"deep-yaml", []byte("---\nname: " + strings.Repeat("[", 5000) + "\n---\n")},
		{"alias-bomb", []byte("---\na: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\nname: *f\ndescription: *f\ntype: user\n---\n")},
		{"long-line", []byte("- " + strings.Repeat("word ", 200000) + "\n")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, "MEMORY.md", append([]byte("- [x](x.md) — x\n"), tc.content...))
			writeFile(t, dir, "x.md", tc.content)
			writeFile(t, dir, "ok.md", []byte(validMemory))
			res := lintWithin(t, os.DirFS(dir), 20*time.Second)
			if res.Files != 3 {
				t.Errorf("files = %d, want 3", res.Files)
			}
		})
	}
}

func TestBinaryFileIsReported(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "x.md", []byte("PNG\x00\x01\x02"))
	res := lintWithin(t, os.DirFS(dir), 10*time.Second)
	if got := findings(res, "x.md", "file-unreadable"); len(got) != 1 || !strings.Contains(got[0].Message, "binary content") {
		t.Errorf("findings = %+v", res.Diagnostics)
	}
}

func TestHugeFileIsSkipped(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "huge.md"))
	if err != nil {
		t.Fatal(err)
	}
	// 100 MB, written sparse so the test stays cheap on disk.
	if err := f.Truncate(100 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	writeFile(t, dir, "ok.md", []byte(validMemory))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res := lintWithin(t, os.DirFS(dir), 10*time.Second)
	runtime.ReadMemStats(&after)
	got := findings(res, "huge.md", "file-unreadable")
	if len(got) != 1 || !strings.Contains(got[0].Message, "100.0 MiB is larger than the 8.0 MiB memlint reads") {
		t.Errorf("findings = %+v", res.Diagnostics)
	}
	// The stated bound: skipping the file reads none of it, so the whole
	// run allocates well under a megabyte per file, nowhere near 100 MB.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
		t.Errorf("the run allocated %d bytes; a skipped 100 MB file must not be read", alloc)
	}
}

func TestUnreadableFileIsReported(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "secret.md", []byte(validMemory))
	writeFile(t, dir, "ok.md", []byte(validMemory))
	p := filepath.Join(dir, "secret.md")
	if err := os.Chmod(p, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(p, 0o644)
	var fsys fs.FS = os.DirFS(dir)
	if f, err := os.Open(p); err == nil {
		// Running as root: permission bits do not stop reads. Deny the
		// read in the file system instead, as a mount without access would.
		f.Close()
		fsys = denyFS{FS: fsys, deny: "secret.md"}
	}
	res := lintWithin(t, fsys, 10*time.Second)
	got := findings(res, "secret.md", "file-unreadable")
	if len(got) != 1 || !strings.Contains(got[0].Message, "permission denied") {
		t.Errorf("findings = %+v", res.Diagnostics)
	}
	if len(findings(res, "ok.md", "frontmatter-missing")) != 0 || res.Files != 2 {
		t.Errorf("the run must continue past an unreadable file: %+v", res)
	}
}

// denyFS refuses to open one file, as a file system without access does.
type denyFS struct {
	fs.FS
	deny string
}

func (d denyFS) Open(name string) (fs.File, error) {
	if name == d.deny {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return d.FS.Open(name)
}

func TestSymlinksAreNotFollowed(t *testing.T) {
	outside := t.TempDir()
	writeFile(t, outside, "private.md", []byte("---\nname: private\n---\nssh keys live here\n"))
	dir := t.TempDir()
	writeFile(t, dir, "MEMORY.md", []byte("- [a](a.md) — a\n- [loop](loop/x.md) — loop\n"))
	writeFile(t, dir, "a.md", []byte(validMemory))
	must(t, os.Symlink(filepath.Join(outside, "private.md"), filepath.Join(dir, "leak.md")))
	must(t, os.Symlink(outside, filepath.Join(dir, "outside")))
	must(t, os.Symlink(".", filepath.Join(dir, "loop")))
	must(t, os.Symlink("self.md", filepath.Join(dir, "self.md")))
	res := lintWithin(t, os.DirFS(dir), 10*time.Second)
	for name, want := range map[string]string{
		"leak.md": "symbolic link; memlint does not follow links",
		"outside": "symbolic link to a folder",
		"loop":    "symbolic link to a folder",
		"self.md": "symbolic link that cannot be resolved",
	} {
		if got := findings(res, name, "file-unreadable"); len(got) != 1 || !strings.Contains(got[0].Message, want) {
			t.Errorf("%s: findings = %+v", name, got)
		}
	}
	for _, d := range res.Diagnostics {
		if strings.Contains(d.Message, "ssh keys") || strings.Contains(d.Path, "private") {
			t.Errorf("memlint read through a link: %+v", d)
		}
	}
}

func TestDeepTree(t *testing.T) {
	dir := t.TempDir()
	p := dir
	for i := 0; i < 60; i++ {
		p = filepath.Join(p, "d")
	}
	writeFile(t, p, "deep.md", []byte(validMemory))
	res := lintWithin(t, os.DirFS(dir), 10*time.Second)
	if res.Files != 1 {
		t.Errorf("files = %d", res.Files)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestPathologicalMarkdown feeds inputs on which goldmark's cost grows
// with the square of their size or with their nesting: memlint refuses to
// parse them (body rules skip the file, with a warning) instead of running
// for minutes.
func TestPathologicalMarkdown(t *testing.T) {
	nested := func(levels int) []byte {
		var b strings.Builder
		for i := 0; i < levels; i++ {
			b.WriteString(strings.Repeat("  ", i))
			b.WriteString("- item\n")
		}
		return []byte(b.String())
	}
	for _, tc := range []struct {
		name string
		src  []byte
		want string
	}{
		{"10000-nested-lists", nested(10000)[:memory.DefaultMaxFileSize-len(validMemory)], "deeply nested"},
		{"10000-nested-quotes", []byte(strings.Repeat("> ", 10000) + "x\n"), "deeply nested"},
		{"10000-inline-lists", []byte(strings.Repeat("- ", 10000) + "x\n"), "deeply nested"},
		{"unclosed-links", []byte(strings.Repeat("[a](", 1<<20)), "cost the Markdown parser"},
		{"unclosed-images", []byte(strings.Repeat("![a](<", 1<<20)), "cost the Markdown parser"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, "x.md", append([]byte(validMemory), tc.src...))
			res := lintWithin(t, os.DirFS(dir), 20*time.Second)
			got := findings(res, "x.md", "file-unreadable")
			if len(got) != 1 || !strings.Contains(got[0].Message, tc.want) || got[0].Severity != lint.Warning {
				t.Errorf("findings = %+v", got)
			}
		})
	}
	// Ordinary big content is still parsed: a long index list is many
	// short paragraphs, not one long one.
	dir := t.TempDir()
	var index strings.Builder
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&index, "- [Memory %d](m%d.md) — a hook about memory number %d and what it is for\n", i, i, i)
	}
	writeFile(t, dir, "MEMORY.md", []byte(index.String()))
	res := lintWithin(t, os.DirFS(dir), 20*time.Second)
	if got := findings(res, "MEMORY.md", "file-unreadable"); len(got) != 0 {
		t.Errorf("a long index must be parsed: %+v", got)
	}
}

// recordFS records every path memlint opens, stats or lists.
type recordFS struct {
	fs.FS
	mu      sync.Mutex
	touched []string
}

func (r *recordFS) note(name string) {
	r.mu.Lock()
	r.touched = append(r.touched, name)
	r.mu.Unlock()
}

func (r *recordFS) Open(name string) (fs.File, error) {
	r.note(name)
	return r.FS.Open(name)
}

func (r *recordFS) Stat(name string) (fs.FileInfo, error) {
	r.note(name)
	return fs.Stat(r.FS, name)
}

func (r *recordFS) ReadDir(name string) ([]fs.DirEntry, error) {
	r.note(name)
	return fs.ReadDir(r.FS, name)
}

func (r *recordFS) Lstat(name string) (fs.FileInfo, error) {
	r.note(name)
	if l, ok := r.FS.(interface {
		Lstat(string) (fs.FileInfo, error)
	}); ok {
		return l.Lstat(name)
	}
	return fs.Stat(r.FS, name)
}

// TestLinksNeverLeaveTheMemoryDir lints an index and a topic whose links
// point outside the memory dir in every spelling: memlint reports them
// from their text and never opens, stats or lists anything outside.
func TestLinksNeverLeaveTheMemoryDir(t *testing.T) {
	links := []string{
		"../../../etc/passwd", "/etc/passwd", "../outside/secret.md", "./../outside/secret.md",
		"%2e%2e/outside/secret.md", "..%2Foutside%2Fsecret.md", "file:///etc/passwd",
		"sub/../../outside/secret.md", `..\outside\secret.md`, "~/.ssh/id_rsa", "C:/Windows/win.ini",
	}
	var index, topic strings.Builder
	for i, l := range links {
		fmt.Fprintf(&index, "- [Link %d](%s) — points outside\n", i, l)
		fmt.Fprintf(&topic, "See [here](%s) and [[%s]].\n", l, l)
	}
	rec := &recordFS{FS: fstest.MapFS{
		"mem/MEMORY.md":          {Data: []byte(index.String())},
		"mem/topic.md":           {Data: []byte(validMemory + topic.String())},
		"outside/secret.md":      {Data: []byte("---\nname: secret\n---\n")},
		"outside/MEMORY.md":      {Data: []byte("- [x](x.md)\n")},
		"etc/passwd":             {Data: []byte("root:x:0:0\n")},
		"mem/sub/placeholder.md": {Data: []byte(validMemory)},
	}}
	done := make(chan *lint.Result, 1)
	go func() {
		l := &lint.Linter{Setup: lint.Setup{Registry: rules.Registry(), Now: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)}, Config: withPreview()}
		res, err := l.Lint(rec, []string{"mem"})
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	var res *lint.Result
	select {
	case res = <-done:
		if res != nil {
			failIfRuleFailed(t, res)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Lint did not finish within 20s")
	}
	if res == nil {
		return
	}
	if !slices.Contains(rec.touched, "mem/topic.md") {
		t.Fatalf("the recorder saw no read of the topic: %q", rec.touched)
	}
	for _, p := range rec.touched {
		if p != "mem" && !strings.HasPrefix(p, "mem/") {
			t.Errorf("memlint touched %q, outside the memory dir", p)
		}
	}
	if len(findings(res, "mem/MEMORY.md", "")) == 0 {
		t.Errorf("links out of the memory dir are not reported: %+v", res.Diagnostics)
	}
}

// TestYAMLAliasBombStaysSmall lints frontmatter whose aliases expand to
// 9^9 (about 387 million) values: memlint keeps the YAML as a node tree,
// never expanding an alias, so the run stays fast and small. The stated
// bound is 64 MB allocated in all for a one-file dir.
func TestYAMLAliasBombStaysSmall(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\nname: bomb\ndescription: a billion laughs\ntype: project\nl0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, "l%d: &l%d [", i, i)
		for j := 0; j < 9; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*l%d", i-1)
		}
		b.WriteString("]\n")
	}
	b.WriteString("metadata: {a: *l9, b: *l9}\nmodified: *l9\n---\nBody.\n")
	dir := t.TempDir()
	writeFile(t, dir, "bomb.md", []byte(b.String()))
	writeFile(t, dir, "MEMORY.md", []byte("- [Bomb](bomb.md) — bomb\n"))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res := lintWithin(t, os.DirFS(dir), 10*time.Second)
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("the run allocated %d bytes", alloc)
	}
	if res.Files != 2 {
		t.Errorf("files = %d", res.Files)
	}
}
