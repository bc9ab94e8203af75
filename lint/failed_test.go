package lint_test

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
)

// failingRules returns the built-in rules plus one that fails as fail
// says, over every dir.
func failingRules(t *testing.T, fail func(*lint.Pass)) *lint.Registry {
	t.Helper()
	reg, err := rules.Registry().With(&lint.Rule{ID: "test-failing", Severity: lint.Error, Summary: "fails, for tests", Run: fail})
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// TestRuleFailureIsAnError shows a rule that panics, or gives Pass.Fail an
// error, lands in Result.Errors with the rule and the dir (and, for a
// panic, the stack), never among the findings, which the other rules
// still report.
func TestRuleFailureIsAnError(t *testing.T) {
	fsys := fstest.MapFS{"mem/MEMORY.md": {Data: []byte("- [Gone](gone.md) — a memory that is gone\n")}}
	for _, c := range []struct {
		name      string
		fail      func(*lint.Pass)
		wantErr   string
		wantStack bool
	}{
		{"panic", func(*lint.Pass) { panic("boom") }, "panic: boom", true},
		{"error", func(p *lint.Pass) { p.Fail(errors.New("cannot check")) }, "cannot check", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := &lint.Linter{Setup: lint.Setup{Registry: failingRules(t, c.fail)}, Config: withPreview()}
			res, err := l.Lint(fsys, []string{"mem"})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Errors) != 1 {
				t.Fatalf("Errors = %+v, want one", res.Errors)
			}
			e := res.Errors[0]
			if e.Rule != "test-failing" || e.Dir != "mem" || e.Err.Error() != c.wantErr || (e.Stack != nil) != c.wantStack {
				t.Errorf("error = %+v (stack %d bytes), want rule test-failing, dir mem, %q, stack %v", e, len(e.Stack), c.wantErr, c.wantStack)
			}
			var rules []string
			for _, d := range append(res.Diagnostics, res.Suppressed...) {
				rules = append(rules, d.Rule)
			}
			if got := strings.Join(rules, " "); strings.Contains(got, "test-failing") || !strings.Contains(got, "index-dangling-link") {
				t.Errorf("findings of rules %q: want index-dangling-link and not the failure", got)
			}
		})
	}
}

// TestFuzzLintFailsOnRuleFailure runs FuzzLint's body with a rule that
// panics: the fuzz target must fail, where it once saw a finding.
func TestFuzzLintFailsOnRuleFailure(t *testing.T) {
	const index, topic = "- [Topic](topic.md) — a topic\n", "---\nname: topic\ndescription: what the topic is about\ntype: user\n---\nTea.\n"
	// The check passes without the failing rule, so what fails below is
	// the rule and nothing else.
	if r := observe(func(tb testing.TB) { checkLint(tb, rules.Registry(), index, topic) }); r.failed {
		t.Fatalf("the fuzz body fails on a sound rule set: %s", r.log)
	}
	reg := failingRules(t, func(*lint.Pass) { panic("boom") })
	r := observe(func(tb testing.TB) { checkLint(tb, reg, index, topic) })
	if !r.failed || !strings.Contains(r.log, "rule test-failing failed on .: panic: boom") || !strings.Contains(r.log, "goroutine ") {
		t.Errorf("the fuzz body does not fail on a panicking rule: failed %v, log:\n%s", r.failed, r.log)
	}
}

// observed is what a test body did to the testing.TB it was given.
type observed struct {
	failed bool
	log    string
}

// observe runs body with a testing.TB that records failures instead of
// failing the calling test. FailNow ends body's goroutine, as in a test.
func observe(body func(testing.TB)) observed {
	tb := &recordingTB{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		body(tb)
	}()
	wg.Wait()
	return observed{failed: tb.failed, log: tb.log.String()}
}

// recordingTB is a testing.TB that records what the methods the fuzz body
// calls report. The embedded TB is nil: any other method panics, which
// shows the body needs it.
type recordingTB struct {
	testing.TB
	mu     sync.Mutex
	failed bool
	log    strings.Builder
}

func (r *recordingTB) Helper() {}

func (r *recordingTB) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed = true
	fmt.Fprintf(&r.log, format+"\n", args...)
}

func (r *recordingTB) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	r.FailNow()
}

func (r *recordingTB) FailNow() {
	r.mu.Lock()
	r.failed = true
	r.mu.Unlock()
	runtime.Goexit()
}
