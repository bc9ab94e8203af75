package hooks_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/memlint/memlint/hooks"
)

// TestClaudeHookRefusesLinkedProjectSettings: a repository whose
// .claude/settings.json (or .claude folder) is a symbolic link to the
// user's own settings does not get memlint to rewrite them: install and
// uninstall refuse, naming the link, and the user's file is byte-identical.
func TestClaudeHookRefusesLinkedProjectSettings(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	const mine = `{"model":"opus","hooks":{"PostToolUse":[{"matcher":"Write","hooks":[{"type":"command","command":"memlint hooks run claude"}]}]}}`
	for _, tc := range []struct{ name string }{{"file"}, {"folder"}} {
		for _, scope := range []string{"project", "local"} {
			t.Run(tc.name+"/"+scope, func(t *testing.T) {
				o, _ := settingsOptions(t, scope)
				if err := os.MkdirAll(o.ClaudeHome, 0o755); err != nil {
					t.Fatal(err)
				}
				victim := filepath.Join(o.ClaudeHome, filepath.Base(settingsPath(o)))
				writeFile(t, victim, mine)
				to := victim
				if tc.name == "folder" {
					to = o.ClaudeHome
				} else if err := os.MkdirAll(filepath.Join(o.ProjectDir, ".claude"), 0o755); err != nil {
					t.Fatal(err)
				}
				link := settingsPath(o)
				if tc.name == "folder" {
					link = filepath.Dir(link)
				}
				if err := os.Symlink(to, link); err != nil {
					t.Fatal(err)
				}
				for name, call := range map[string]func(hooks.ClaudeHookOptions) error{
					"install": hooks.InstallClaudeHook, "uninstall": hooks.UninstallClaudeHook,
				} {
					err := call(o)
					if err == nil || !strings.HasPrefix(err.Error(), link+" is a symbolic link; memlint does not write") {
						t.Errorf("%s: error %v, want the link %s refused", name, err, link)
					}
					if got := readFile(t, victim); got != mine {
						t.Errorf("%s changed the user's settings:\n%s", name, got)
					}
				}
			})
		}
	}
}
