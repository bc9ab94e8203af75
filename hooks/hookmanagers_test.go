package hooks_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The tests of this file run the real lefthook and husky (npm packages)
// with the snippets docs/hooks.md gives for them, read from the doc, so
// that the doc cannot drift from what works. Each tool is found at
// $MEMLINT_<TOOL> (a path, as .ci/run installs it) or on PATH; without it
// the test skips, unless $MEMLINT_REQUIRE_<TOOL> is set.

// hookTool returns the path of the tool name (lefthook, husky).
func hookTool(t *testing.T, name string) string {
	t.Helper()
	env := "MEMLINT_" + strings.ToUpper(name)
	if p := os.Getenv(env); p != "" {
		return p
	}
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("MEMLINT_REQUIRE_"+strings.ToUpper(name)) != "" {
			t.Fatalf("%s is not installed (npm package %s; or set %s to its path)", name, name, env)
		}
		t.Skipf("%s is not installed (set %s to its path)", name, env)
	}
	return p
}

// docSnippet returns the fenced block of docs/hooks.md, under the
// heading "### "+section, whose language is lang.
func docSnippet(t *testing.T, section, lang string) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "docs", "hooks.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "\n### "+section+"\n")
	if !ok {
		t.Fatalf("docs/hooks.md has no section %q", section)
	}
	_, rest, ok = strings.Cut(rest, "\n```"+lang+"\n")
	if !ok {
		t.Fatalf("docs/hooks.md, section %s: no ```%s block", section, lang)
	}
	block, _, ok := strings.Cut(rest, "\n```\n")
	if !ok {
		t.Fatalf("docs/hooks.md, section %s: unterminated block", section)
	}
	return block + "\n"
}

// toolRepo is a repository with good memory committed, whose git and
// hooks find memlint (built here) and tool on PATH, and whose
// .memlint.yaml runs every rule (previewConfig: memory-type,
// settings-memory-directory and index-dangling-link, which the commits
// below must fail on, are preview rules).
func toolRepo(t *testing.T, tool string) *gitRepo {
	r := newRepo(t)
	r.Env = append(r.Env, "PATH="+filepath.Dir(memlintBinary(t))+string(os.PathListSeparator)+
		filepath.Dir(tool)+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_COLOR=1")
	r.Write(".memlint.yaml", previewConfig)
	r.Write(".claude/memory/MEMORY.md", goodIndex)
	r.Write(".claude/memory/feedback_testing.md", goodFeedback)
	r.Write("README.md", "# project\n")
	return r
}

// runTool runs tool with args in r and returns its output.
func runTool(r *gitRepo, tool string, args ...string) (string, error) {
	cmd := exec.Command(tool, args...)
	cmd.Dir = r.Dir
	cmd.Env = append(os.Environ(), r.Env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// commitCases are commits through a hook manager's pre-commit hook: each
// writes one file over the good memory and must fail (want in the
// output) or, with want empty, pass.
var commitCases = []struct {
	name, file, content, want string
}{
	{"bad memory", ".claude/memory/feedback_testing.md", badFeedback, "[memory-type]"},
	{"good memory", ".claude/memory/feedback_testing.md", strings.Replace(goodFeedback, "Use a real", "Always use a real", 1), ""},
	{"settings", ".claude/settings.json", `{"autoMemoryDirectory": "~/.ssh"}` + "\n", "[settings-memory-directory]"},
	{"config", ".memlint.yaml", "rules: [\n", ".memlint.yaml (staged):1: invalid YAML"},
	{"not memory", "README.md", "# project, edited\n", ""},
}

// checkCommits runs commitCases in repositories made by setup.
func checkCommits(t *testing.T, setup func(t *testing.T) *gitRepo) {
	for _, tc := range commitCases {
		t.Run(tc.name, func(t *testing.T) {
			r := setup(t)
			r.Write(tc.file, tc.content)
			r.Git("add", ".")
			ok, out := r.commit(r.Dir, "-m", tc.name)
			if tc.want == "" && !ok {
				t.Fatalf("the commit must pass:\n%s", out)
			}
			if tc.want != "" && (ok || !strings.Contains(out, tc.want)) {
				t.Fatalf("the commit must fail with %q (committed=%v):\n%s", tc.want, ok, out)
			}
		})
	}
}

// TestLefthook: the lefthook.yml of docs/hooks.md, installed with
// `lefthook install`, blocks commits of bad memory, settings and
// configuration; `lefthook run pre-commit --all-files` fails on a
// committed dangling link and passes on clean memory.
func TestLefthook(t *testing.T) {
	t.Parallel()
	tool := hookTool(t, "lefthook")
	snippet := docSnippet(t, "lefthook", "yaml")
	setup := func(t *testing.T) *gitRepo {
		r := toolRepo(t, tool)
		r.Write("lefthook.yml", snippet)
		r.Git("add", ".")
		r.Git("commit", "-q", "--no-verify", "-m", "good memory")
		if out, err := runTool(r, tool, "install"); err != nil {
			t.Fatalf("lefthook install: %v\n%s", err, out)
		}
		return r
	}
	t.Run("commit", func(t *testing.T) { checkCommits(t, setup) })
	t.Run("all-files", func(t *testing.T) {
		r := setup(t)
		if out, err := runTool(r, tool, "run", "pre-commit", "--all-files"); err != nil {
			t.Fatalf("lefthook run pre-commit --all-files on clean memory must pass: %v\n%s", err, out)
		}
		r.Write(".claude/memory/MEMORY.md", danglingIndex)
		r.Git("commit", "-q", "--no-verify", "-am", "dangling link")
		out, err := runTool(r, tool, "run", "pre-commit", "--all-files")
		if err == nil || !strings.Contains(out, "MEMORY.md:2:3") || !strings.Contains(out, "[index-dangling-link]") {
			t.Fatalf("lefthook run pre-commit --all-files must fail on the committed dangling link (err=%v):\n%s", err, out)
		}
	})
}

// TestHusky: husky 9 (`husky` sets core.hooksPath to .husky/_) with the
// .husky/pre-commit line of docs/hooks.md blocks commits of bad memory,
// settings and configuration, and lets good ones through.
func TestHusky(t *testing.T) {
	t.Parallel()
	tool := hookTool(t, "husky")
	line := docSnippet(t, "husky", "sh")
	checkCommits(t, func(t *testing.T) *gitRepo {
		r := toolRepo(t, tool)
		r.Git("add", ".")
		r.Git("commit", "-q", "--no-verify", "-m", "good memory")
		if out, err := runTool(r, tool); err != nil {
			t.Fatalf("husky: %v\n%s", err, out)
		}
		if got := strings.TrimSpace(r.Git("config", "core.hooksPath")); got != ".husky/_" {
			t.Fatalf("husky set core.hooksPath = %q, want .husky/_", got)
		}
		r.Write(".husky/pre-commit", line)
		return r
	})
}
