package gitrepo

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// sandbox is a folder for repositories and the environment git runs with
// in it: no system or user config, and none of the GIT_* variables of a
// hook these tests may themselves run in.
type sandbox struct {
	t    *testing.T
	base string
	env  []string
}

func newSandbox(t *testing.T) *sandbox {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s := &sandbox{t: t, base: base}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GIT_") && !strings.HasPrefix(kv, "HOME=") {
			s.env = append(s.env, kv)
		}
	}
	s.env = append(s.env, "HOME="+base, "GIT_CONFIG_NOSYSTEM=1", "GIT_CEILING_DIRECTORIES="+filepath.Dir(base),
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
	return s
}

// path is a folder in the sandbox, created.
func (s *sandbox) path(rel string) string {
	s.t.Helper()
	p := filepath.Join(s.base, filepath.FromSlash(rel))
	if err := os.MkdirAll(p, 0o755); err != nil {
		s.t.Fatal(err)
	}
	return p
}

// git runs git in dir with extra environment variables and returns its
// output; failing is fatal.
func (s *sandbox) git(dir string, env map[string]string, args ...string) string {
	s.t.Helper()
	out, err := s.try(dir, env, args...)
	if err != nil {
		s.t.Fatalf("git %v in %s: %v\n%s", args, dir, err, out)
	}
	return out
}

func (s *sandbox) try(dir string, env map[string]string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append([]string(nil), s.env...)
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

// repo creates a repository with one commit in rel.
func (s *sandbox) repo(rel string) string {
	s.t.Helper()
	dir := s.path(rel)
	s.git(dir, nil, "init", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("# x\n"), 0o644); err != nil {
		s.t.Fatal(err)
	}
	s.git(dir, nil, "add", ".")
	s.git(dir, nil, "commit", "-q", "-m", "first")
	return dir
}

// revParse is git's own answer for cwd and env, in Repo's fields.
func (s *sandbox) revParse(cwd string, env map[string]string) Repo {
	s.t.Helper()
	out := s.git(cwd, env, "rev-parse", "--path-format=absolute", "--show-toplevel", "--git-dir", "--git-common-dir", "--git-path", "index")
	lines := strings.Split(out, "\n")
	if len(lines) != 4 {
		s.t.Fatalf("git rev-parse: %q", out)
	}
	return Repo{WorkTree: lines[0], GitDir: lines[1], CommonDir: lines[2], IndexFile: lines[3]}
}

func TestLocateAgreesWithGit(t *testing.T) {
	s := newSandbox(t)
	main := s.repo("main")
	sub := s.path("main/src/deeper")
	linked := filepath.Join(s.base, "linked")
	s.git(main, nil, "worktree", "add", "-q", "-b", "side", linked)
	s.path("linked/src")
	lib := s.repo("lib")
	s.git(main, nil, "-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "vendor/lib")
	submodule := filepath.Join(main, "vendor", "lib")
	modules := filepath.Join(main, ".git", "modules", "vendor", "lib")
	linkedGitDir := filepath.Join(main, ".git", "worktrees", "linked")

	for _, c := range []struct {
		name     string
		cwd      string
		env      map[string]string
		mainTree string
	}{
		{name: "top level", cwd: main, mainTree: main},
		{name: "subfolder", cwd: sub, mainTree: main},
		{name: "linked worktree", cwd: filepath.Join(linked, "src"), mainTree: main},
		{name: "submodule", cwd: submodule, mainTree: submodule},
		{name: "relative GIT_INDEX_FILE (git commit -a)", cwd: main,
			env: map[string]string{"GIT_INDEX_FILE": ".git/index.lock"}, mainTree: main},
		{name: "absolute GIT_INDEX_FILE", cwd: sub,
			env: map[string]string{"GIT_INDEX_FILE": filepath.Join(main, ".git", "next-index-1.lock")}, mainTree: main},
		{name: "GIT_DIR of a linked worktree, as a hook gets it", cwd: linked,
			env: map[string]string{"GIT_DIR": linkedGitDir}, mainTree: main},
		{name: "GIT_DIR of a submodule, as a hook gets it", cwd: submodule,
			env: map[string]string{"GIT_DIR": modules}, mainTree: submodule},
		{name: "relative GIT_DIR makes cwd the top level", cwd: sub,
			env: map[string]string{"GIT_DIR": "../../.git"}, mainTree: sub},
		{name: "GIT_DIR and GIT_WORK_TREE", cwd: s.base,
			env: map[string]string{"GIT_DIR": "main/.git", "GIT_WORK_TREE": "main"}, mainTree: main},
		{name: "GIT_DIR with core.worktree (a submodule's git dir)", cwd: main,
			env: map[string]string{"GIT_DIR": modules}, mainTree: submodule},
		{name: "GIT_COMMON_DIR", cwd: linked,
			env: map[string]string{"GIT_DIR": linkedGitDir, "GIT_COMMON_DIR": filepath.Join(main, ".git")}, mainTree: main},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := s.revParse(c.cwd, c.env)
			got, err := Locate(c.cwd, func(k string) string { return c.env[k] })
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("Locate:\n got %+v\nwant %+v (git rev-parse)", got, want)
			}
			if m := got.MainWorkTree(); m != c.mainTree {
				t.Errorf("MainWorkTree = %s, want %s", m, c.mainTree)
			}
		})
	}
}

// TestLocateInHook runs Locate on what a real pre-commit hook gets: its
// cwd and GIT_* variables, during `git commit -a` in a linked worktree
// (a temporary index, an absolute GIT_DIR), against rev-parse run by the
// hook itself.
func TestLocateInHook(t *testing.T) {
	s := newSandbox(t)
	main := s.repo("main")
	linked := filepath.Join(s.base, "linked")
	s.git(main, nil, "worktree", "add", "-q", "-b", "side", linked)
	dump := filepath.Join(s.base, "dump")
	hook := filepath.Join(main, ".git", "hooks", "pre-commit")
	script := "#!/bin/sh\n" +
		"{ pwd; echo \"$GIT_DIR\"; echo \"$GIT_INDEX_FILE\"; echo \"$GIT_WORK_TREE\"; echo \"$GIT_COMMON_DIR\";\n" +
		"  git rev-parse --path-format=absolute --show-toplevel --git-dir --git-common-dir --git-path index; } > '" + dump + "'\n"
	if err := os.MkdirAll(filepath.Dir(hook), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(hook, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(linked, "README.md"), []byte("# changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.git(linked, nil, "commit", "-q", "-a", "-m", "second")
	b, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 9 {
		t.Fatalf("hook dump: %q", b)
	}
	env := map[string]string{"GIT_DIR": lines[1], "GIT_INDEX_FILE": lines[2], "GIT_WORK_TREE": lines[3], "GIT_COMMON_DIR": lines[4]}
	if env["GIT_INDEX_FILE"] == "" || env["GIT_DIR"] == "" {
		t.Fatalf("git set neither GIT_INDEX_FILE nor GIT_DIR in the hook: %q", b)
	}
	want := Repo{WorkTree: lines[5], GitDir: lines[6], CommonDir: lines[7], IndexFile: lines[8]}
	got, err := Locate(lines[0], func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("Locate in the hook:\n got %+v\nwant %+v (git rev-parse in the hook)", got, want)
	}
	if filepath.Base(got.IndexFile) == "index" {
		t.Errorf("git commit -a uses a temporary index, got %s", got.IndexFile)
	}
}

func TestLocateNoWorkTree(t *testing.T) {
	s := newSandbox(t)
	bare := s.path("bare.git")
	s.git(bare, nil, "init", "-q", "--bare")
	main := s.repo("main")
	for name, c := range map[string]struct {
		cwd string
		env map[string]string
	}{
		"bare repository":              {cwd: bare},
		"inside a bare repository":     {cwd: filepath.Join(bare, "refs", "heads")},
		"inside .git":                  {cwd: filepath.Join(main, ".git", "refs")},
		"GIT_DIR of a bare repository": {cwd: s.base, env: map[string]string{"GIT_DIR": bare}},
	} {
		t.Run(name, func(t *testing.T) {
			if out, err := s.try(c.cwd, c.env, "rev-parse", "--show-toplevel"); err == nil && out != "" {
				t.Fatalf("git finds a work tree here: %q", out)
			}
			_, err := Locate(c.cwd, func(k string) string { return c.env[k] })
			if !errors.Is(err, ErrNoWorkTree) {
				t.Fatalf("err = %v, want ErrNoWorkTree", err)
			}
		})
	}
}

func TestLocateNotRepository(t *testing.T) {
	s := newSandbox(t)
	plain := s.path("plain/sub")
	if _, err := s.try(plain, nil, "rev-parse", "--git-dir"); err == nil {
		t.Fatal("git finds a repository in the sandbox")
	}
	if _, err := Locate(plain, nil); err != ErrNotRepository {
		t.Errorf("err = %v, want ErrNotRepository itself", err)
	}
}

func TestLocateBadGitFile(t *testing.T) {
	for name, content := range map[string]string{
		"not a gitdir line": "ref: refs/heads/main\n",
		"empty gitdir":      "gitdir:   \n",
		"too large":         "gitdir: " + strings.Repeat("x", maxSmallFile) + "\n",
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, ".git"), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Locate(dir, nil)
			if err == nil || errors.Is(err, ErrNotRepository) || !strings.Contains(err.Error(), filepath.Join(dir, ".git")) {
				t.Errorf("err = %v, want an error naming the .git file", err)
			}
		})
	}
}

func TestLocateGitFileRelative(t *testing.T) {
	// A linked worktree's .git file may be relative (git worktree add
	// --relative-paths, and submodules always): relative to its folder.
	s := newSandbox(t)
	main := s.repo("main")
	lib := s.repo("lib")
	s.git(main, nil, "-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "lib")
	b, err := os.ReadFile(filepath.Join(main, "lib", ".git"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), "gitdir: ../") {
		t.Fatalf("expected a relative gitdir: %q", b)
	}
	got, err := Locate(filepath.Join(main, "lib"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(main, ".git", "modules", "lib"); got.GitDir != want {
		t.Errorf("GitDir = %s, want %s", got.GitDir, want)
	}
}
