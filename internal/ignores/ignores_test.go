package ignores

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// TestIgnored reads what git's ignore files say of paths: patterns of
// each folder's .gitignore apply below it, a later and deeper pattern
// wins, an excluded folder hides everything below it, and whether a path
// is a file or a folder is not known.
func TestIgnored(t *testing.T) {
	files := map[string]string{
		"":           "# build output\n/dist\ndata/*.csv\n!data/keep.csv\n*.log\r\nsecrets/\n\n   \n",
		"src/packs":  "macros/\n",
		"app":        "generated\n!generated/README.md\n",
		"docs/\\#x":  "",
		"vendor/lib": "*\n",
	}
	var reads []string
	r := New(func(folder string) []byte {
		reads = append(reads, folder)
		if s, ok := files[folder]; ok {
			return []byte(s)
		}
		return nil
	}, func() []gitignore.Pattern { return Parse([]byte(".claude/worktrees/\n"), nil) })
	for _, c := range []struct {
		path string
		want bool
	}{
		{"dist/app.js", true},
		{"dist", true},
		{"src/dist/app.js", false}, // anchored at the top
		{"data/train.csv", true},
		{"data/keep.csv", false}, // brought back by a later pattern
		{"data/raw/train.csv", false},
		{"logs/today.log", true},
		{"src/secrets/key.txt", true}, // a folder anywhere
		{"src/secrets", true},         // a folder, or a file of that name: either
		{"src/packs/macros/a.js", true},
		{"src/packs/macros", true},
		{"src/macros/a.js", false},        // src/packs/.gitignore applies below src/packs only
		{"app/generated/README.md", true}, // inside an excluded folder: git never looks
		{".claude/worktrees/x/a.go", true},
		{"src/main.go", false},
		{"", false},
	} {
		if got := r.Ignored(c.path); got != c.want {
			t.Errorf("Ignored(%q) = %v, want %v", c.path, got, c.want)
		}
	}
	// Each folder's file is read once.
	seen := map[string]int{}
	for _, f := range reads {
		seen[f]++
		if seen[f] > 1 {
			t.Errorf("the .gitignore of %q was read %d times", f, seen[f])
		}
	}
	var none *Rules
	if none.Ignored("dist/a.js") {
		t.Error("nil Rules ignore a path")
	}
}

// TestIgnoredReadsLazily: a Rules asked nothing reads nothing, and one
// asked about a path reads only the folders on its way.
func TestIgnoredReadsLazily(t *testing.T) {
	var reads []string
	baseRead := 0
	r := New(func(folder string) []byte { reads = append(reads, folder); return nil },
		func() []gitignore.Pattern { baseRead++; return nil })
	if len(reads) != 0 || baseRead != 0 {
		t.Fatalf("read before any question: %v, base %d", reads, baseRead)
	}
	r.Ignored("a/b/c.txt")
	if want := []string{"", "a", "a/b"}; !equal(reads, want) || baseRead != 1 {
		t.Errorf("reads = %v, base %d; want %v, base 1", reads, baseRead, want)
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestExcludesFile finds core.excludesFile where git does: the
// repository's config first, then the global one, else the default in
// XDG_CONFIG_HOME or ~/.config.
func TestExcludesFile(t *testing.T) {
	home := t.TempDir()
	common := filepath.Join(t.TempDir(), ".git")
	work := filepath.Dir(common)
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": home, "GIT_CONFIG_NOSYSTEM": "1"}
	getenv := func(k string) string { return env[k] }

	if got, want := ExcludesFile(common, work, getenv), filepath.Join(home, ".config", "git", "ignore"); got != want {
		t.Errorf("default = %q, want %q", got, want)
	}
	env["XDG_CONFIG_HOME"] = filepath.Join(home, "xdg")
	if got, want := ExcludesFile(common, work, getenv), filepath.Join(home, "xdg", "git", "ignore"); got != want {
		t.Errorf("with XDG_CONFIG_HOME = %q, want %q", got, want)
	}
	write(filepath.Join(home, "xdg", "git", "config"), "[core]\n\texcludesFile = /etc/xdg-ignore\n")
	if got := ExcludesFile(common, work, getenv); got != "/etc/xdg-ignore" {
		t.Errorf("from the XDG config = %q", got)
	}
	write(filepath.Join(home, ".gitconfig"), "[user]\n\tname = x\n[Core]\n\tExcludesfile = ~/.gitignore_global ; comment\n")
	if got, want := ExcludesFile(common, work, getenv), filepath.Join(home, ".gitignore_global"); got != want {
		t.Errorf("from ~/.gitconfig = %q, want %q", got, want)
	}
	write(filepath.Join(common, "config"), "[core]\n\tbare = false\n\texcludesfile = ignore-here\n")
	if got, want := ExcludesFile(common, work, getenv), filepath.Join(work, "ignore-here"); got != want {
		t.Errorf("from the repository's config = %q, want %q", got, want)
	}
	if got, want := ExcludesFile(common, work, nil), filepath.Join(work, "ignore-here"); got != want {
		t.Errorf("without an environment = %q, want %q (the repository's config only)", got, want)
	}
	write(filepath.Join(common, "config"), "[core\n") // damaged: as if it set nothing
	if got, want := ExcludesFile(common, work, getenv), filepath.Join(home, ".gitignore_global"); got != want {
		t.Errorf("past a damaged config = %q, want %q", got, want)
	}
	if got := ExcludesFile(common, work, nil); got != "" {
		t.Errorf("without an environment or a setting = %q, want none", got)
	}
}

// TestBase reads the global excludes file and info/exclude, the
// repository's own taking priority.
func TestBase(t *testing.T) {
	home := t.TempDir()
	common := filepath.Join(t.TempDir(), ".git")
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(home, ".config", "git", "ignore"), "*.local.md\nnotes/\n")
	write(filepath.Join(common, "info", "exclude"), "scratch/\n!notes/\n")
	getenv := func(k string) string { return map[string]string{"HOME": home, "GIT_CONFIG_NOSYSTEM": "1"}[k] }
	r := New(nil, func() []gitignore.Pattern { return Base(common, filepath.Dir(common), getenv) })
	for _, c := range []struct {
		path string
		want bool
	}{
		{"docs/plan.local.md", true},
		{"scratch/a.txt", true},
		{"notes/a.md", false}, // info/exclude brings it back
		{"docs/plan.md", false},
	} {
		if got := r.Ignored(c.path); got != c.want {
			t.Errorf("Ignored(%q) = %v, want %v", c.path, got, c.want)
		}
	}
}
