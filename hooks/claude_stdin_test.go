package hooks_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/memlint/memlint/hooks"
	"github.com/memlint/memlint/lint/checker"
	"github.com/memlint/memlint/lint/memory"
	"github.com/memlint/memlint/rules"
)

// endless is a stdin that never ends: one JSON string that never closes.
type endless struct{ started bool }

func (e *endless) Read(p []byte) (int, error) {
	if !e.started {
		e.started = true
		return copy(p, `{"tool_input":{"file_path":"`), nil
	}
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

// TestClaudeHookStdinBounded: the hook's stdin is read with a deadline and
// a size cap. Half an event on a stdin that stays open ends with exit 1
// and a message once the deadline (5 s) passes, an endless one at the
// cap; a whole event on a stdin left open is read as before.
func TestClaudeHookStdinBounded(t *testing.T) {
	const limit = 6*memory.DefaultMaxFileSize + 1<<20
	cases := []struct {
		name   string
		stdin  func() io.Reader
		code   int
		stderr string
	}{
		{"half an event, stdin never closed", func() io.Reader {
			r, w := io.Pipe()
			go w.Write([]byte(`{"hook_event_name":"PostToolUse","tool_input":{`))
			t.Cleanup(func() { w.Close() })
			return r
		}, 1, "memlint: cannot read the Claude Code hook event on stdin: no complete event within 5s\n"},
		{"an endless event", func() io.Reader { return &endless{} },
			1, fmt.Sprintf("memlint: cannot read the Claude Code hook event on stdin: the event is larger than %d bytes\n", limit)},
		{"a whole event, stdin never closed", func() io.Reader {
			r, w := io.Pipe()
			go w.Write([]byte(`{"hook_event_name":"PostToolUse","tool_name":"Read","tool_input":{"file_path":"x.md"}}`))
			t.Cleanup(func() { w.Close() })
			return r
		}, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stderr bytes.Buffer
			done := make(chan int, 1)
			in := c.stdin()
			go func() {
				done <- hooks.RunClaudeHook(in, io.Discard, &stderr, checker.Request{Registry: rules.Registry(), Redact: rules.Redact, Getenv: func(string) string { return "" }})
			}()
			select {
			case code := <-done:
				if code != c.code || stderr.String() != c.stderr {
					t.Errorf("exit %d, stderr %q; want %d, %q", code, stderr.String(), c.code, c.stderr)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the hook still waits on stdin after 10s")
			}
			if strings.Contains(stderr.String(), "panic") {
				t.Error(stderr.String())
			}
		})
	}
}
