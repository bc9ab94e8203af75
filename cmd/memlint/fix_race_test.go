package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/checker"
)

const raceTopic = "---\nname: user-role\ndescription: The user is a senior Go engineer who is new to React\ntype: User\n---\n\nExplain frontend concepts with Go analogies.\n"

// lintForFix lints a memory dir whose topic has a safe fix (type: User),
// as --fix --preview does (memory-type is a preview rule), and returns the
// dir, the topic's path and the run.
func lintForFix(t *testing.T) (string, string, *checker.Result, []lint.Diagnostic, []string) {
	t.Helper()
	dir := t.TempDir()
	mem := filepath.Join(dir, "mem")
	if err := os.Mkdir(mem, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mem, "MEMORY.md"), []byte("- [User role](user_role.md) — senior Go engineer, new to React\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	topic := filepath.Join(mem, "user_role.md")
	if err := os.WriteFile(topic, []byte(raceTopic), 0o644); err != nil {
		t.Fatal(err)
	}
	o, err := checker.Check(checker.Request{Cwd: dir, Paths: []string{"mem"}, Stderr: io.Discard, Fix: checker.Fix, Preview: true, Formats: []string{"text"}, Registry: builtinRules()})
	if err != nil {
		t.Fatal(err)
	}
	return dir, topic, o, o.Report.Diagnostics, o.Report.MemoryDirs
}

// swapForLink replaces path with a link to a file outside the repository
// holding the same bytes, and returns that file.
func swapForLink(t *testing.T, path string, content []byte) string {
	t.Helper()
	victim := filepath.Join(t.TempDir(), "victim.md")
	if err := os.WriteFile(victim, content, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, path); err != nil {
		t.Skip("cannot make symbolic links here:", err)
	}
	return victim
}

func assertContent(t *testing.T, path, want string) {
	t.Helper()
	if got, err := os.ReadFile(path); err != nil || string(got) != want {
		t.Errorf("%s holds %q (%v), want %q", path, got, err, want)
	}
}

// TestPlanFixesRefusesAFileChangedSinceLinted: a file edited, or swapped
// for a link, between the lint and the fix planning is refused with the
// reason, and no fix of it is planned.
func TestPlanFixesRefusesAFileChangedSinceLinted(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, why string
		change    func(t *testing.T, topic string) (victim string)
	}{
		{"edited", "it changed since it was linted (run memlint again)", func(t *testing.T, topic string) string {
			if err := os.WriteFile(topic, []byte("new text\n"+raceTopic), 0o644); err != nil {
				t.Fatal(err)
			}
			return ""
		}},
		{"link", "it is now a symbolic link; not followed", func(t *testing.T, topic string) string {
			return swapForLink(t, topic, []byte(raceTopic))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, topic, o, ds, dirs := lintForFix(t)
			victim := tc.change(t, topic)
			fx := lint.PlanFixes(ds, dirs, lint.FixOptions{Linted: o.Linted})
			p := filepath.ToSlash(topic)
			if got := fx.Refused[p]; got != tc.why {
				t.Errorf("refused %q, want %q", got, tc.why)
			}
			if _, planned := fx.After[p]; planned {
				t.Errorf("a fix of %s was planned", p)
			}
			if victim != "" {
				assertContent(t, victim, raceTopic)
			}
		})
	}
}

// TestWriteFixesRefusesAFileChangedSincePlanned: between the planning and
// the write, a file edited keeps its new text and a file swapped for a
// link leaves the link and its target as they were; the error names the
// file. Unchanged, the fix is written.
func TestWriteFixesRefusesAFileChangedSincePlanned(t *testing.T) {
	t.Parallel()
	fixed := strings.Replace(raceTopic, "type: User", "type: user", 1)
	for _, tc := range []struct {
		name, err string
		change    func(t *testing.T, topic string) (victim string)
	}{
		{"unchanged", "", func(*testing.T, string) string { return "" }},
		{"edited", "fix mem/user_role.md: changed since it was read; not written", func(t *testing.T, topic string) string {
			if err := os.WriteFile(topic, []byte(raceTopic+"more\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			return ""
		}},
		{"link", "fix mem/user_role.md: is a symbolic link; not followed", func(t *testing.T, topic string) string {
			return swapForLink(t, topic, []byte(raceTopic))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, topic, o, ds, dirs := lintForFix(t)
			fx := lint.PlanFixes(ds, dirs, lint.FixOptions{Linted: o.Linted})
			if got := string(fx.After[filepath.ToSlash(topic)]); got != fixed {
				t.Fatalf("planned %q, want %q (refused: %v)", got, fixed, fx.Refused)
			}
			victim := tc.change(t, topic)
			err := writeFixes(dir, fx)
			switch {
			case tc.err == "" && err != nil:
				t.Fatal(err)
			case tc.err == "":
				assertContent(t, topic, fixed)
				return
			case err == nil || err.Error() != tc.err:
				t.Errorf("error %v, want %q", err, tc.err)
			}
			if victim == "" {
				assertContent(t, topic, raceTopic+"more\n")
				return
			}
			assertContent(t, victim, raceTopic)
			if info, err := os.Lstat(topic); err != nil || info.Mode()&fs.ModeSymlink == 0 {
				t.Errorf("the link was replaced: %v, %v", info, err)
			}
		})
	}
}
