package checker_test

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/memlint/memlint/internal/cputime"
	"github.com/memlint/memlint/internal/gittest"
	"github.com/memlint/memlint/lint/checker"
	"github.com/memlint/memlint/rules"
)

// BenchmarkStaged measures `memlint --staged` (checker.Check in Staged
// mode, every preview rule, the JSON report built) on a commit that
// changes every one of n memory dirs side by side, from 100 to 4,000
// dirs, reporting the CPU it takes per dir: flat when --staged is linear
// in the dirs of a commit (issue 27: 0.33, 1.2 and 4.9 s at 1,000, 2,000
// and 4,000 dirs on main). The repositories are made before the clock
// starts.
//
//	go test -run '^$' -bench Staged -benchtime 3x ./lint/checker/
func BenchmarkStaged(b *testing.B) {
	for _, n := range []int{100, 500, 1000, 2000, 4000} {
		b.Run(fmt.Sprintf("dirs=%d", n), func(b *testing.B) {
			r := gittest.New(b)
			for i := range n {
				r.Write(fmt.Sprintf("p%04d/memory/MEMORY.md", i), gittest.GoodIndex)
				r.Write(fmt.Sprintf("p%04d/memory/feedback_testing.md", i), gittest.GoodFeedback)
			}
			r.Git("add", ".")
			r.Git("commit", "-q", "--no-verify", "-m", "first")
			for i := range n {
				r.Write(fmt.Sprintf("p%04d/memory/feedback_testing.md", i), strings.Replace(gittest.GoodFeedback, "Use a real", fmt.Sprintf("Use a real (%d)", i), 1))
			}
			r.Git("add", ".")
			b.ReportAllocs()
			cpu0 := cputime.Used()
			for b.Loop() {
				out, err := checker.Check(checker.Request{Mode: checker.Staged, Cwd: r.Dir, Preview: true, Registry: rules.Registry(), Redact: rules.Redact, Stderr: io.Discard, Formats: []string{"json"}, Getenv: func(string) string { return "" }})
				if err != nil {
					b.Fatal(err)
				}
				if got := len(out.Lint.Dirs); got != n {
					b.Fatalf("%d dirs linted, want %d", got, n)
				}
				out.Close()
			}
			dirs := float64(n * b.N)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/dirs, "ns/dir")
			if cpu := cputime.Used() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/dirs, "cpu-ns/dir")
			}
		})
	}
}
