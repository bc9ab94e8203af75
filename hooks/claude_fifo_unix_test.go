//go:build unix

package hooks_test

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memlint/memlint/hooks"
	"github.com/memlint/memlint/internal/hostiletest"
	"github.com/memlint/memlint/lint/checker"
	"github.com/memlint/memlint/rules"
)

// TestClaudeHookWrittenFileIsAFIFO: the event names a file of the memory
// dir that is a FIFO (swapped in after the write, or planted). The hook
// reads the file's current content to undo an Edit and lints the dir:
// neither may wait for a writer that never comes. The agent is told the
// file is not one memlint opens (exit 2), at once.
func TestClaudeHookWrittenFileIsAFIFO(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{"Edit", "MultiEdit", "Write"} {
		t.Run(tool, func(t *testing.T) {
			dir := project(t)
			file := filepath.Join(dir, ".claude", "memory", "notes.md")
			if err := syscall.Mkfifo(file, 0o644); err != nil {
				t.Fatal(err)
			}
			input := map[string]any{"file_path": file, "old_string": "a", "new_string": "b"}
			switch tool {
			case "MultiEdit":
				input = map[string]any{"file_path": file, "edits": []map[string]any{{"old_string": "a", "new_string": "b"}}}
			case "Write":
				input = map[string]any{"file_path": file, "content": "b"}
			}
			ev := event(t, dir, tool, input, nil)
			var stderr bytes.Buffer
			code := -1
			hostiletest.Within(t, 5*time.Second, func() {
				code = hooks.RunClaudeHook(strings.NewReader(ev), io.Discard, &stderr, checker.Request{Registry: rules.Registry(), Redact: rules.Redact, Getenv: func(string) string { return "" }})
			})
			const want = "memlint found problems in the memory you just wrote (.claude/memory/notes.md):\n" +
				"- notes.md: not a regular file (named pipe); memlint does not open it [file-unreadable]\n" +
				"Fix them now; rules: memlint rules file-unreadable\n"
			if code != 2 || stderr.String() != want {
				t.Errorf("exit %d, stderr %q; want 2, %q", code, stderr.String(), want)
			}
		})
	}
}
