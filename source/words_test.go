package source

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRepoFilesHasWord: the words of tracked text files count, those of
// untracked, binary and memory files do not, and a large file is read
// only up to its first MiB.
func TestRepoFilesHasWord(t *testing.T) {
	root := t.TempDir()
	write := func(p, s string) {
		t.Helper()
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("src/a.go", "func trackedName() {}\n")
	write("src/bin.dat", "binaryName\x00\n")
	write("src/big.txt", strings.Repeat("x ", maxWordFile/2)+"pastTheCap\n")
	write("mem/MEMORY.md", "- memoryOnlyName\n")
	write("mem/topic.md", "topicOnlyName\n")
	write("docs/notes.md", "documentedName\n")
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", ".")
	write("src/untracked.go", "untrackedName\n")
	r, err := OpenRepoFiles(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	for w, want := range map[string]bool{
		"trackedName": true, "documentedName": true, "func": true,
		"binaryName": false, "pastTheCap": false, "memoryOnlyName": false, "topicOnlyName": false,
		"untrackedName": false, "tracked": false,
	} {
		if got := r.HasWord(w); got != want {
			t.Errorf("HasWord(%q) = %v, want %v", w, got, want)
		}
	}
}
