package source_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/memlint/memlint/internal/gittest"
	"github.com/memlint/memlint/source"
)

// stagedDirsRepo is a repository with n memory dirs side by side at its
// root, committed, then each changed and staged: a commit touching n
// memory dirs.
func stagedDirsRepo(t testing.TB, n int) *gitRepo {
	r := gittest.New(t)
	for i := range n {
		r.Write(fmt.Sprintf("p%04d/memory/MEMORY.md", i), goodIndex)
		r.Write(fmt.Sprintf("p%04d/memory/feedback_testing.md", i), goodFeedback)
	}
	r.Git("add", ".")
	r.Git("commit", "-q", "--no-verify", "-m", "first")
	for i := range n {
		r.Write(fmt.Sprintf("p%04d/memory/feedback_testing.md", i), strings.Replace(goodFeedback, "Use a real", fmt.Sprintf("Use a real (%d)", i), 1))
	}
	r.Git("add", ".")
	return r
}

// changedDirsAlloc opens the staged state of the repository at dir and
// finds the memory dirs with a change, and returns how many there are
// and the bytes allocated meanwhile.
func changedDirsAlloc(t *testing.T, dir string) (dirs int, bytes uint64) {
	t.Helper()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	s, err := source.OpenStaged(dir, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	changed, _, err := s.ChangedMemoryDirs(nil)
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	return len(changed), after.TotalAlloc - before.TotalAlloc
}

// TestStagedLinearInDirs: finding which of n staged memory dirs changed
// costs in proportion to n (issue 27: 0.33, 1.2 and 4.9 s of CPU at
// 1,000, 2,000 and 4,000 dirs: the index was read again for each dir, and
// the HEAD tree decoded again for each). Measured by what it allocates, 4
// times as many dirs at most 6 times as many bytes, never by the time it
// takes.
func TestStagedLinearInDirs(t *testing.T) {
	if testing.Short() {
		t.Skip("makes repositories of 1,000 memory dirs")
	}
	const small, large = 250, 1000
	rs, rl := stagedDirsRepo(t, small), stagedDirsRepo(t, large)
	changedDirsAlloc(t, rs.Dir) // warm: packages' first-use tables
	ns, bs := changedDirsAlloc(t, rs.Dir)
	nl, bl := changedDirsAlloc(t, rl.Dir)
	if ns != small || nl != large {
		t.Fatalf("changed dirs: %d and %d, want %d and %d", ns, nl, small, large)
	}
	t.Logf("%d dirs: %d bytes allocated (%d a dir); %d dirs: %d bytes (%d a dir)", small, bs, bs/small, large, bl, bl/large)
	if bl > 6*bs {
		t.Errorf("%d dirs allocate %d bytes, %d dirs %d: %.1f times as much for 4 times the dirs", small, bs, large, bl, float64(bl)/float64(bs))
	}
}
