package claudecode

import (
	"strings"
	"testing"
)

// TestProjectKeyMatchesClaudeCode holds keys the real Claude Code 2.1.328
// created under ~/.claude/projects/ when run in these folders (SPEC §1.1):
// one "-" per UTF-16 code unit that is not an ASCII letter or digit (an
// emoji gives two), and past 200 characters a cut plus "-" and the
// base-36 absolute value of the Java-style hash of the path.
func TestProjectKeyMatchesClaudeCode(t *testing.T) {
	dirs := func(n int) string {
		return "/tmp/pk/" + strings.Repeat("d", n) + "/" + strings.Repeat("é", 30) + "/😀-proj_x"
	}
	key := func(n int) string {
		return "-tmp-pk-" + strings.Repeat("d", n) + "-" + strings.Repeat("-", 30) + "-" + "--" + "-proj-x"
	}
	for _, tc := range []struct{ root, want string }{
		{"/home/a/my_app", "-home-a-my-app"},
		{dirs(120), key(120)}, // 169 characters
		{dirs(150), key(150)}, // 199 characters: no cut yet
		{dirs(170), key(170)[:200] + "-rqioj1"},
	} {
		if got := ProjectKey(tc.root); got != tc.want {
			t.Errorf("ProjectKey(%q)\n got %q\nwant %q", tc.root, got, tc.want)
		}
	}
}

func TestProjectKey(t *testing.T) {
	for _, tc := range []struct{ root, want string }{
		{"/home/a/my_app", "-home-a-my-app"},
		{`C:\Dev\app`, "C--Dev-app"},
		{"/home/a/проект", "-home-a-------"},
		{"/x/😀", "-x---"},
	} {
		if got := ProjectKey(tc.root); got != tc.want {
			t.Errorf("ProjectKey(%q) = %q, want %q", tc.root, got, tc.want)
		}
	}
	long := "/" + strings.Repeat("a", 250)
	key := ProjectKey(long)
	if !strings.HasPrefix(key, "-"+strings.Repeat("a", 199)+"-") || len(key) <= 201 {
		t.Errorf("long key = %q", key)
	}
	// The hash is JavaScript's ((h<<5)-h+c)|0 over UTF-16 units, abs, base 36.
	// h: 97 → 97*31+98 = 3105 → 3105*31+99 = 96354, which is "22ci" in base 36.
	if got := javaHashBase36("abc"); got != "22ci" {
		t.Errorf("javaHashBase36(abc) = %q", got)
	}
}
