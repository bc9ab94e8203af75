package source

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/internal/gittest"
)

// TestResolveRevision resolves revisions on go-git's plumbing as git
// rev-parse does: refs by their short names, tags (annotated ones peeled
// to their commit), whole and abbreviated hashes, ~N, ^N through a merge,
// ^{/regexp}, and the peeling suffixes; and refuses what it cannot read.
func TestResolveRevision(t *testing.T) {
	t.Parallel()
	r := gittest.New(t)
	commit := func(file, msg string) {
		r.Write(file, msg+"\n")
		r.Git("add", file)
		r.Git("commit", "-q", "-m", msg)
	}
	commit("a.md", "first commit")
	commit("b.md", "fix the nasty bug")
	r.Git("tag", "-a", "-m", "release", "v1")
	r.Git("tag", "light")
	r.Git("checkout", "-q", "-b", "side")
	commit("c.md", "side work")
	r.Git("checkout", "-q", "main")
	commit("d.md", "main work")
	r.Git("merge", "-q", "--no-ff", "-m", "merge side", "side")
	r.Git("update-ref", "refs/remotes/origin/main", "HEAD~1")
	objects, _, err := openObjects(repoLayout{workTree: r.Dir, gitDir: filepath.Join(r.Dir, ".git"), commonDir: filepath.Join(r.Dir, ".git"), indexFile: filepath.Join(r.Dir, ".git", "index")})
	if err != nil {
		t.Fatal(err)
	}
	defer objects.close()
	g, ok := objects.inner.(*goGitStore)
	if !ok {
		t.Fatal("go-git does not read the repository")
	}
	head := strings.TrimSpace(r.Git("rev-parse", "HEAD"))
	for _, rev := range []string{
		"HEAD", "main", "side", "refs/heads/side", "heads/side", "v1", "light", "refs/tags/v1", "origin/main",
		head, head[:7], head[:8], "HEAD~1", "HEAD~", "HEAD~~", "HEAD^", "HEAD^0", "HEAD^1", "HEAD^2", "HEAD^2~1",
		"main~2^", "v1~1", "HEAD^{commit}", "v1^{}", "HEAD^{/nasty}", "HEAD^{/!-work}", "side^{/first}",
	} {
		want := strings.TrimSpace(r.Git("rev-parse", "--verify", "-q", rev+"^{commit}"))
		got, err := resolveRevision(g.objects, rev)
		if err != nil || got.String() != want {
			t.Errorf("resolve %s = %s, %v; git says %s", rev, got, err, want)
		}
	}
	for _, rev := range []string{"", "no-such-ref", "HEAD~9", "HEAD^3", "HEAD^{/no such message}", "HEAD@{1}", "HEAD:a.md", "~1", "HEAD^{/!x}", "HEAD^{nonsense}", "HEAD^{"} {
		if got, err := resolveRevision(g.objects, rev); err == nil {
			t.Errorf("resolve %q = %s, want an error", rev, got)
		}
	}
}
