package lint_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memlint/memlint/lint"
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
		l := &lint.Linter{Registry: rules.Registry(), Now: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)}
		res, err := l.Lint(fsys, []string{"."})
		done <- outcome{res, err}
	}()
	select {
	case o := <-done:
		if o.err != nil {
			t.Fatalf("Lint: %v", o.err)
		}
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
	res := lintWithin(t, os.DirFS(dir), 10*time.Second)
	got := findings(res, "huge.md", "file-unreadable")
	if len(got) != 1 || !strings.Contains(got[0].Message, "100.0 MiB is larger than the 8.0 MiB memlint reads") {
		t.Errorf("findings = %+v", res.Diagnostics)
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
