package hooks_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// danglingIndex links a topic file that does not exist: committed with
// --no-verify, it is what `pre-commit run` outside a commit must find.
const danglingIndex = goodIndex + "- [Plan](project_plan.md) — the release plan\n"

// TestPreCommitRunFiles runs `pre-commit run` outside a commit with the
// real pre-commit, through the memlint-system id (the memlint built here
// on PATH) and the module's .pre-commit-hooks.yaml: --all-files, --files
// and --from-ref/--to-ref must lint the memory dirs of the files they
// name, in the working tree, and fail on a committed dangling link that a
// later commit did not touch. (The hooks once read only the staged
// change and took no file names: all of these said Passed.)
func TestPreCommitRunFiles(t *testing.T) {
	t.Parallel()
	lab := newPreCommitLab(t)
	setup := func(t *testing.T, index string) *gitRepo {
		r := lab.systemRepo(t)
		r.Write(".claude/memory/MEMORY.md", goodIndex)
		r.Write(".claude/memory/feedback_testing.md", goodFeedback)
		r.Write(".memlint.yaml", previewConfig+"rules:\n  code-content: off\n")
		r.Write("README.md", "# project\n")
		r.Git("add", ".")
		r.Git("commit", "-q", "--no-verify", "-m", "good memory")
		r.Write("README.md", "# project, edited\n")
		r.Git("commit", "-q", "--no-verify", "-am", "readme")
		r.Write(".claude/memory/MEMORY.md", index)
		r.Git("commit", "-q", "--no-verify", "-am", "index")
		return r
	}
	bad := setup(t, danglingIndex)
	clean := setup(t, goodIndex+"- [Testing again](feedback_testing.md) — the same memory\n")
	cases := []struct {
		name string
		repo *gitRepo
		args []string
		fail bool
	}{
		{"all-files", bad, []string{"--all-files"}, true},
		{"files/index", bad, []string{"--files", ".claude/memory/MEMORY.md"}, true},
		// A file stands for its whole memory dir: the dangling link is
		// in MEMORY.md, the name is the topic file.
		{"files/topic", bad, []string{"--files", ".claude/memory/feedback_testing.md"}, true},
		{"files/config", bad, []string{"--files", ".memlint.yaml"}, true},
		{"files/not-memory", bad, []string{"--files", "README.md"}, false},
		{"range/touching", bad, []string{"--from-ref", "HEAD~1", "--to-ref", "HEAD"}, true},
		{"range/not-touching", bad, []string{"--from-ref", "HEAD~2", "--to-ref", "HEAD~1"}, false},
		{"clean/all-files", clean, []string{"--all-files"}, false},
		{"clean/range", clean, []string{"--from-ref", "HEAD~1", "--to-ref", "HEAD"}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// Not parallel: the cases share two repositories.
			out, err := lab.output(tc.repo, append([]string{"run", "--color", "never"}, tc.args...)...)
			if tc.fail {
				if err == nil || !strings.Contains(out, "Failed") || !strings.Contains(out, "MEMORY.md:2:3") || !strings.Contains(out, "[index-dangling-link]") {
					t.Fatalf("pre-commit run %s must fail on the dangling link (err=%v):\n%s", strings.Join(tc.args, " "), err, out)
				}
				return
			}
			if err != nil || strings.Contains(out, "Failed") || strings.Contains(out, "dangling") {
				t.Fatalf("pre-commit run %s must pass (err=%v):\n%s", strings.Join(tc.args, " "), err, out)
			}
		})
	}
}

// TestPreCommitRunSettings: `pre-commit run --files .claude/settings.json`
// checks the settings rule on the working copy of that file.
func TestPreCommitRunSettings(t *testing.T) {
	t.Parallel()
	lab := newPreCommitLab(t)
	r := lab.systemRepo(t)
	r.Write(".memlint.yaml", previewConfig) // settings-memory-directory is a preview rule
	r.Write(".claude/settings.json", `{"autoMemoryDirectory": "~/.ssh"}`+"\n")
	r.Git("add", ".")
	r.Git("commit", "-q", "--no-verify", "-m", "settings")
	out, err := lab.output(r, "run", "--color", "never", "--files", ".claude/settings.json")
	if err == nil || !strings.Contains(out, "[settings-memory-directory]") {
		t.Fatalf("pre-commit run --files .claude/settings.json must fail on ~/.ssh (err=%v):\n%s", err, out)
	}
}

// TestPreCommitCommitIsStaged: inside git commit, with pre-commit
// installed and file names passed, the hook still lints what is staged:
// an untracked bad topic file in the memory dir, which pre-commit does
// not stash and the commit does not hold, does not block the commit.
func TestPreCommitCommitIsStaged(t *testing.T) {
	t.Parallel()
	lab := newPreCommitLab(t)
	r := lab.systemRepo(t)
	r.Write(".memlint.yaml", previewConfig) // memory-type, which blocks below, is a preview rule
	r.Git("add", ".")
	r.Git("commit", "-q", "--no-verify", "-m", "pre-commit config")
	lab.run(t, r, "install")
	r.Write(".claude/memory/MEMORY.md", goodIndex)
	r.Write(".claude/memory/feedback_testing.md", goodFeedback)
	r.Git("add", ".")
	r.Write(".claude/memory/feedback_other.md", strings.Replace(badFeedback, "feedback-testing", "feedback-other", 1))
	if ok, out := r.commit(r.Dir, "-m", "good staged memory"); !ok || !strings.Contains(out, "Passed") {
		t.Fatalf("good staged memory must commit, whatever is untracked beside it:\n%s", out)
	}
	r.Git("add", ".")
	if ok, out := r.commit(r.Dir, "-m", "bad staged memory"); ok || !strings.Contains(out, "memory-type") {
		t.Fatalf("bad staged memory must be blocked:\n%s", out)
	}
}

// systemRepo makes a repository whose .pre-commit-config.yaml runs the
// memlint-system hook of the lab's hook repository, with the memlint
// built here first on PATH.
func (l *preCommitLab) systemRepo(t *testing.T) *gitRepo {
	r := newRepo(t)
	r.Env = append(r.Env, l.env...)
	r.Env = append(r.Env, "PATH="+filepath.Dir(memlintBinary(t))+string(os.PathListSeparator)+os.Getenv("PATH"))
	r.Write(".pre-commit-config.yaml", "repos:\n  - repo: "+l.hookRepo+"\n    rev: "+l.rev+"\n    hooks:\n      - id: memlint-system\n")
	return r
}

// output runs pre-commit with args in r and returns what it printed.
func (l *preCommitLab) output(r *gitRepo, args ...string) (string, error) {
	cmd := exec.Command("pre-commit", args...)
	cmd.Dir = r.Dir
	cmd.Env = append(os.Environ(), r.Env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}
