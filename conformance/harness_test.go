package conformance

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/memlint/memlint/internal/claudecode"
)

// TestCasesMaterialise checks every case file without Claude Code: it
// parses and its files can be placed, so a broken case fails everywhere,
// not only where the binary is installed.
func TestCasesMaterialise(t *testing.T) {
	for _, kind := range []string{"index", "manifest", "write"} {
		cases, err := loadCases(filepath.Join("testdata", kind))
		if err != nil {
			t.Fatal(err)
		}
		if len(cases) == 0 {
			t.Errorf("no %s cases", kind)
		}
		for _, c := range cases {
			root := t.TempDir()
			sb := &sandbox{Repo: filepath.Join(root, "repo"), Home: filepath.Join(root, "home"),
				MemDir: filepath.Join(root, "home", "mem")}
			if err := os.MkdirAll(sb.MemDir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := c.materialise(sb); err != nil {
				t.Errorf("%s/%s: %v", kind, c.Name, err)
			}
			if c.Doc == "" {
				t.Errorf("%s/%s: no '#' line says what the case is about", kind, c.Name)
			}
			if kind == "write" && len(c.Calls) == 0 {
				t.Errorf("%s/%s: no write or edit directive", kind, c.Name)
			}
		}
	}
}

func TestGenAndPad(t *testing.T) {
	sb := &sandbox{MemDir: t.TempDir()}
	c := &testCase{}
	if err := c.gen(sb, []string{"gen", "a.md", "lines=3", "width=4", "fill=😀", "eol=crlf", "final=0"}); err != nil {
		t.Fatal(err)
	}
	if err := c.pad(sb, []string{"pad", "b.md", "bytes=7", `fill=ab\n`}); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"a.md": "1😀x\r\n2😀x\r\n3😀x", "b.md": "ab\nab\na"} {
		got, err := os.ReadFile(filepath.Join(sb.MemDir, name))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
}

func TestUnescape(t *testing.T) {
	got, err := unescape([]byte(`a\n\r\t\0\s\\\xff\u00e9\U{1F600}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := "a\n\r\t\x00 \\\xffé😀"; string(got) != want {
		t.Errorf("unescape = %q, want %q", got, want)
	}
	for _, bad := range []string{`\`, `\q`, `\x4`, `\U{zz}`} {
		if _, err := unescape([]byte(bad)); err == nil {
			t.Errorf("unescape(%q) did not fail", bad)
		}
	}
}

func TestProjectKey(t *testing.T) {
	for in, want := range map[string]string{
		"/home/a/my_app": "-home-a-my-app",
		"/tmp/x😀y":       "-tmp-x--y",
		"/srv/café":      "-srv-caf-",
	} {
		if got := projectKey(in); got != want {
			t.Errorf("projectKey(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLoadedIndex(t *testing.T) {
	const dir = "/h/.claude/projects/-r/memory"
	req := func(blocks ...string) []*apiRequest {
		var content []map[string]string
		for _, b := range blocks {
			content = append(content, map[string]string{"type": "text", "text": b})
		}
		raw, _ := json.Marshal(content)
		return []*apiRequest{
			{Messages: []apiMessage{{Role: "user", Content: json.RawMessage(`"side query"`)}}},
			{Tools: []json.RawMessage{json.RawMessage(`{}`)}, Messages: []apiMessage{{Role: "user", Content: raw}}},
		}
	}
	text, ok, err := loadedIndex(req("<system-reminder>\nintro\n\nContents of "+dir+"/MEMORY.md"+indexMarker+"a\n\nb\n</system-reminder>", "hello"), dir)
	if err != nil || !ok || text != "a\n\nb" {
		t.Errorf("loadedIndex = %q, %v, %v", text, ok, err)
	}
	if _, ok, err := loadedIndex(req("<system-reminder>\nother\n</system-reminder>", "hello"), dir); ok || err != nil {
		t.Errorf("loadedIndex without an index = %v, %v", ok, err)
	}
	if _, _, err := loadedIndex(nil, dir); err == nil {
		t.Error("loadedIndex without requests did not fail")
	}
}

// TestCIRunsEveryModelledRelease: .ci/run installs every release memlint
// models, newest first, so that CI checks each of them.
func TestCIRunsEveryModelledRelease(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^for version in ([0-9. ]+); do$`).FindSubmatch(src)
	if m == nil {
		t.Fatal(".ci/run has no `for version in …; do` line installing Claude Code")
	}
	if got, want := strings.Fields(string(m[1])), claudeVersions; !slices.Equal(got, want) {
		t.Errorf(".ci/run installs Claude Code %v; memlint models %v", got, want)
	}
}

// TestOlderReleaseCases: the releases older than the newest two run only
// the cases olderReleaseCase picks, which cover the one Change between
// them and the release after (claudecode.LinkDefinitionsKept). A Change
// added there must widen the pick; this test says so.
func TestOlderReleaseCases(t *testing.T) {
	second := claudecode.Modelled[1]
	var changes []claudecode.Change
	for _, c := range claudecode.Changes {
		if !second.Less(c.Since) {
			changes = append(changes, c)
		}
	}
	if len(changes) != 1 || changes[0] != claudecode.LinkDefinitionsKept {
		t.Errorf("the releases before %s differ by %v: olderReleaseCase picks the cases of LinkDefinitionsKept alone", second, changes)
	}
	cases, err := loadCases(filepath.Join("testdata", "index"))
	if err != nil {
		t.Fatal(err)
	}
	picked := map[string]bool{}
	for _, c := range cases {
		picked[c.Name] = olderReleaseCase("index", c)
	}
	for _, name := range []string{"linkdef-comment", "linkdef-forms", "linkdef-containers", "linkdef-inline-comment", "crlf-linkdef-comment", "comment-4mib", "comment-top-level"} {
		if !picked[name] {
			t.Errorf("%s is not run against the older releases", name)
		}
	}
	if picked["plain"] || picked["linkdef-no-comment"] {
		t.Error("cases without a comment are run against the older releases")
	}
}
