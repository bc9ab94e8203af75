package claude

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/memlint/memlint/lint/memory"
)

func fmFile(yaml string) string { return "---\n" + yaml + "---\nbody\n" }

// The expectations were checked against Claude Code 2.1.328's manifest
// (the selector request of recall mode, through a loopback mock).
func TestReadRecallFields(t *testing.T) {
	utf16le := func(s string) string {
		b := []byte{0xFF, 0xFE}
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u), byte(u>>8))
		}
		return string(b)
	}
	keys := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "k%d: v\n", i)
		}
		return b.String()
	}
	for _, tc := range []struct {
		name, src, typ, desc string
	}{
		{"flat", fmFile("name: flat\ndescription: a flat memory\ntype: user\n"), "user", "a flat memory"},
		{"nested", fmFile("name: n\ndescription: nested\nmetadata:\n  node_type: memory\n  type: feedback\n"), "feedback", "nested"},
		{"metadata.type wins", fmFile("description: d\ntype: user\nmetadata:\n  type: project\n"), "project", "d"},
		{"metadata.type wins when invalid", fmFile("description: d\ntype: user\nmetadata:\n  type: Project\n"), "", "d"},
		{"metadata.type wins when null", fmFile("description: d\ntype: user\nmetadata:\n  type:\n"), "", "d"},
		{"types are case-sensitive", fmFile("description: d\ntype: Feedback\n"), "", "d"},
		{"quoted values", fmFile("description: \"quoted: value # not a comment\"\ntype: 'reference'\n"), "reference", "quoted: value # not a comment"},
		{"comment truncates", fmFile("description: use C# here # and a comment\ntype: project\n"), "project", "use C# here"},
		{"--- closes inside a value", fmFile("description: before---after\ntype: user\n"), "", "before"},
		{"closing on line 30 is read", "---\ndescription: d\ntype: user\n" + keys(26) + "---\n", "user", "d"},
		{"closing on line 31 is not", "---\ndescription: d\ntype: user\n" + keys(27) + "---\n", "", ""},
		{"retry quotes every special value", fmFile("description: note: this has a colon\ntype: feedback # note\n"), "", "note: this has a colon"},
		{"retry reads indicators", fmFile("description: Use [x] *here* & there\ntype: user\n"), "user", "Use [x] *here* & there"},
		// Checked against 2.1.328 and 2.1.332 (conformance
		// backfill-lenient-flow): a value that starts with "[" and ends
		// with "]" but is not one list is quoted by the retry.
		{"retry quotes a bracketed word and more", fmFile("description: [WIP] fix the [x]\ntype: project\n"), "project", "[WIP] fix the [x]"},
		{"retry quotes two lists", fmFile("description: [a] [b]\ntype: project\n"), "project", "[a] [b]"},
		{"a list then a comment parses the first time", fmFile("description: [a] # c]\ntype: project\n"), "project", ""},
		{"indented colon loses everything", fmFile("description: lost\nmetadata:\n  type: user\n  note: a: b\n"), "", ""},
		{"raw control passes", fmFile("description: has \x01 control\ntype: user\n"), "user", "has \x01 control"},
		{"raw NUL fails", fmFile("description: has \x00 nul\ntype: user\n"), "", ""},
		{"plain continuation folds", fmFile("description: first line\n  continues here\ntype: user\n"), "user", "first line continues here"},
		{"literal block keeps newlines", fmFile("description: |\n  line one\n  line two\ntype: user\n"), "user", "line one\nline two\n"},
		{"folded block", fmFile("description: >\n  folded\n  text\ntype: reference\n"), "reference", "folded text\n"},
		{"a number is no string", fmFile("description: 42\ntype: user\n"), "user", ""},
		{"a float is no string", fmFile("description: 1e3\ntype: user\n"), "user", ""},
		{"a date is a string", fmFile("description: 2026-03-01\ntype: user\n"), "user", "2026-03-01"},
		{"yes is a string", fmFile("description: yes\ntype: user\n"), "user", "yes"},
		{"1_000 is a string", fmFile("description: 1_000\ntype: user\n"), "user", "1_000"},
		{"a placeholder is a mapping", fmFile("description: {{placeholder}}\ntype: user\n"), "user", ""},
		{"a list is no string", fmFile("description: [a, b]\ntype: user\n"), "user", ""},
		{"null", fmFile("description: null\ntype: user\n"), "user", ""},
		{"tilde", fmFile("description: ~\ntype: user\n"), "user", ""},
		{"empty", fmFile("description:\ntype: user\n"), "user", ""},
		{"empty string", fmFile("description: \"\"\ntype: user\n"), "user", ""},
		{"anchor", fmFile("description: &a anchored value\ntype: user\n"), "user", "anchored value"},
		{"local tag", fmFile("description: !note tagged value\ntype: user\n"), "user", "tagged value"},
		{"duplicates keep the last", fmFile("description: first\ndescription: last wins\ntype: user\ntype: project\n"), "project", "last wins"},
		{"leading tabs retried as spaces", fmFile("description: tabbed\nmetadata:\n\ttype: user\n"), "user", "tabbed"},
		{"a tab before a top-level key fails the retry too", fmFile("\tdescription: tabbed key\ntype: user\n"), "", ""},
		{"an indented first key fails", fmFile("  description: indented\ntype: user\n"), "", ""},
		{"no frontmatter", "just a body\n", "", ""},
		{"BOM", "\ufeff" + fmFile("description: with bom\ntype: user\n"), "user", "with bom"},
		{"CRLF", strings.ReplaceAll(fmFile("description: crlf file\ntype: user\n"), "\n", "\r\n"), "user", "crlf file"},
		{"UTF-16LE", utf16le(fmFile("description: utf16 file\ntype: user\n")), "user", "utf16 file"},
		{"surrounding spaces", fmFile("description:    spaced out   \ntype: user\n"), "user", "spaced out"},
		{"a line over 64 KB ends the window", fmFile("description: " + strings.Repeat("w", 70000) + "\ntype: user\n"), "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := readRecallFields([]byte(tc.src))
			if got.Type != tc.typ || got.Description != tc.desc {
				t.Errorf("type %q, description %q; want %q, %q", got.Type, got.Description, tc.typ, tc.desc)
			}
		})
	}
}

// TestReadRecallFieldsYAML: more YAML as Bun reads it, checked against the
// binary.
func TestReadRecallFieldsYAML(t *testing.T) {
	for _, tc := range []struct{ name, src, typ, desc string }{
		{"crlf retry", "---\ndescription: a: b\r\ntype: user\r\n---\nbody\n", "user", "a: b"},
		{"force side", "---\ndescription: x & y\ntype: feedback # note\n---\nbody\n", "feedback", "x & y"},
		{"bom2", "\ufeff\ufeff---\ndescription: two boms\ntype: user\n---\nbody\n", "user", "two boms"},
		{"nel", "---\ndescription: a\u0085b\ntype: user\n---\nbody\n", "user", "a\u0085b"},
		{"lsep", "---\ndescription: a\u2028b\ntype: user\n---\nbody\n", "user", "a\u2028b"},
		{"quotedkey", "---\n\"description\": quoted key\n'type': user\n---\nbody\n", "user", "quoted key"},
		{"mdspace", "---\ndescription: metadata with trailing space\nmetadata: \n  type: project\n---\nbody\n", "project", "metadata with trailing space"},
		{"mdflow", "---\ndescription: flow metadata\nmetadata: {type: reference}\n---\nbody\n", "reference", "flow metadata"},
		{"mdcomment", "---\ndescription: commented\nmetadata:\n  # a comment\n  type: user # inline\n---\nbody\n", "user", "commented"},
		{"alias", "---\nt: &t user\ndescription: aliased type\ntype: *t\n---\nbody\n", "user", "aliased type"},
		{"merge", "---\nbase: &b\n  type: project\ndescription: merged\nmetadata:\n  <<: *b\n---\nbody\n", "project", "merged"},
		{"docend", "---\ndescription: with doc end\ntype: user\n...\n---\nbody\n", "user", "with doc end"},
		{"directive", "---\n%YAML 1.2\ndescription: directive\ntype: user\n---\nbody\n", "", ""},
		{"complexkey", "---\n? description\n: complex key\ntype: user\n---\nbody\n", "user", "complex key"},
		{"typelist", "---\ndescription: type list\ntype: [user]\n---\nbody\n", "", "type list"},
		{"typequoted", "---\ndescription: type quoted\ntype: \"feedback\"\n---\nbody\n", "feedback", "type quoted"},
		{"typespace", "---\ndescription: type spaced\ntype: \"user \"\n---\nbody\n", "", "type spaced"},
		{"descmap", "---\ndescription:\n  a: b\ntype: user\n---\nbody\n", "user", ""},
		{"desc tab", "---\ndescription:\ttab separated\ntype: user\n---\nbody\n", "user", "tab separated"},
		{"emptyfm", "---\n---\nbody\n", "", ""},
		{"onlyopen", "---\ndescription: never closed\ntype: user\n", "", ""},
		{"dashes4", "----\ndescription: four dashes\ntype: user\n---\n", "", ""},
		{"spaceopen", "--- \ndescription: space after opener\ntype: user\n---\n", "user", "space after opener"},
		{"blankfirst", "\n---\ndescription: blank first\ntype: user\n---\n", "", ""},
		{"sameline", "---description: same line\ntype: user\n---\n", "", ""},
		{"boolish", "---\ndescription: true\ntype: user\n---\nbody\n", "user", ""},
		{"octal", "---\ndescription: 0o17\ntype: user\n---\nbody\n", "user", ""},
		{"hex", "---\ndescription: 0x1F\ntype: user\n---\nbody\n", "user", ""},
		{"inf", "---\ndescription: .inf\ntype: user\n---\nbody\n", "user", ""},
		{"plus", "---\ndescription: +12\ntype: user\n---\nbody\n", "user", ""},
		{"strtag", "---\ndescription: !!str 42\ntype: user\n---\nbody\n", "user", "42"},
		{"inttag", "---\ndescription: !!int \"42\"\ntype: user\n---\nbody\n", "user", "42"},
		{"nbsp", "---\ndescription:\u00a0nbsp value\ntype: user\n---\nbody\n", "", ""},
		{"escapes", "---\ndescription: \"tab\\there \\u00e9\"\ntype: user\n---\nbody\n", "user", "tab\there \u00e9"},
		{"single", "---\ndescription: 'it''s quoted'\ntype: user\n---\nbody\n", "user", "it's quoted"},
		{"longline31", "---\nk0: v\nk1: v\nk2: v\nk3: v\nk4: v\nk5: v\nk6: v\nk7: v\nk8: v\nk9: v\nk10: v\nk11: v\nk12: v\nk13: v\nk14: v\nk15: v\nk16: v\nk17: v\nk18: v\nk19: v\nk20: v\nk21: v\nk22: v\nk23: v\nk24: v\nk25: v\nk26: v\nk27: v\ndescription: line 30\ntype: user\n---\n", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := readRecallFields([]byte(tc.src))
			if got.Type != tc.typ || got.Description != tc.desc {
				t.Errorf("type %q, description %q; want %q, %q", got.Type, got.Description, tc.typ, tc.desc)
			}
		})
	}
}

func TestRecallListed(t *testing.T) {
	for rel, want := range map[string]bool{
		"top.md": true, "sub/x.md": true, "a/b/c/d.md": true, "logs.md": true, "logsx/y.md": true,
		"team/t.md": true, "team/.dot.md": true, "Team/cap.md": true,
		"MEMORY.md": false, "sub/MEMORY.md": false, "team/sub/deep.md": false,
		"logs/2026/01/02.md": false, "sessions/s.md": false, "Proposals/p.md": false, "logs./x.md": false,
		".hidden/h.md": false, "sub/.dot/d.md": false, "notes.txt": false, "UPPER.MD": false,
	} {
		if got := recallListed(rel); got != want {
			t.Errorf("RecallListed(%q) = %v, want %v", rel, got, want)
		}
	}
}

func TestJSISOString(t *testing.T) {
	base := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for ns, want := range map[int]string{
		999999999: "2026-01-02T03:04:06.000Z", // the float sum rounds up
		999500000: "2026-01-02T03:04:05.999Z",
		999999:    "2026-01-02T03:04:05.001Z", // so does 0.999999 ms at this magnitude
		1:         "2026-01-02T03:04:05.000Z",
		123456789: "2026-01-02T03:04:05.123Z",
	} {
		if got := jsISOString(base.Add(time.Duration(ns))); got != want {
			t.Errorf("%d ns: %s, want %s", ns, got, want)
		}
	}
}

func TestManifestLine(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 500e6, time.UTC)
	for _, tc := range []struct {
		f    RecallFields
		want string
	}{
		{RecallFields{"user", "d"}, "- [user] x.md (2026-01-02T03:04:05.500Z): d"},
		{RecallFields{"", "d"}, "- x.md (2026-01-02T03:04:05.500Z): d"},
		{RecallFields{"user", ""}, "- [user] x.md (2026-01-02T03:04:05.500Z)"},
		{RecallFields{}, "- x.md (2026-01-02T03:04:05.500Z)"},
	} {
		if got := manifestLine("x.md", at, tc.f); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

func writeMemory(t *testing.T, dir, rel, content string, mtime time.Time) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, mtime, mtime); err != nil {
		t.Fatal(err)
	}
}

func TestScanManifest(t *testing.T) {
	outside := t.TempDir()
	dir := t.TempDir()
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for i, rel := range []string{"old.md", "team/t.md", "team/sub/deep.md", "logs/2026/01/02.md", ".git/x.md", "sub/x.md", "MEMORY.md", "new.md"} {
		writeMemory(t, dir, rel, fmFile(fmt.Sprintf("description: file %d\ntype: user\n", i)), t0.Add(time.Duration(i)*time.Second))
	}
	writeMemory(t, outside, "secret.md", fmFile("description: outside\ntype: user\n"), t0)
	for link, target := range map[string]string{
		"link.md": "old.md", "linkdir": "sub", "out.md": filepath.Join(outside, "secret.md"), "gone.md": "nowhere.md",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skip("symbolic links unavailable:", err)
		}
	}
	m, err := scanManifestDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range m.Entries {
		got = append(got, e.Line)
	}
	want := []string{
		"- [user] new.md (2026-01-02T03:04:12.000Z): file 7",
		"- [user] sub/x.md (2026-01-02T03:04:10.000Z): file 5",
		"- [user] team/t.md (2026-01-02T03:04:06.000Z): file 1",
		"- [user] old.md (2026-01-02T03:04:05.000Z): file 0",
		"- [user] link.md (2026-01-02T03:04:05.000Z): file 0", // found through a link: after its tie
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("manifest\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(m.Skipped) != 1 || m.Skipped[0].Path != "out.md" {
		t.Errorf("skipped %+v, want the link out of the dir", m.Skipped)
	}
}

func TestScanManifestCap(t *testing.T) {
	dir := t.TempDir()
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for i := 0; i < RecallMaxFiles+5; i++ {
		writeMemory(t, dir, fmt.Sprintf("m%03d.md", i), fmFile("description: d\ntype: project\n"), t0.Add(time.Duration(i)*time.Minute))
	}
	m, err := scanManifestDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Total != RecallMaxFiles+5 || len(m.Entries) != RecallMaxFiles {
		t.Fatalf("total %d, entries %d", m.Total, len(m.Entries))
	}
	if m.Entries[0].Path != "m204.md" || m.Entries[RecallMaxFiles-1].Path != "m005.md" {
		t.Errorf("newest %s, oldest kept %s", m.Entries[0].Path, m.Entries[RecallMaxFiles-1].Path)
	}
}

func TestPreviewDirBackfill(t *testing.T) {
	dir := t.TempDir()
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	writeMemory(t, dir, "user_role.md", fmFile("description: the user's role\ntype: user\n"), t0)
	writeMemory(t, dir, "feedback_long.md", fmFile("description: "+strings.Repeat("word ", 40)+"\ntype: feedback\n"), t0.Add(time.Second))
	writeMemory(t, dir, "team/shared.md", fmFile("description: shared\ntype: project\n"), t0.Add(2*time.Second))
	writeMemory(t, dir, "odd[name].md", fmFile("description: not linkable\ntype: user\n"), t0.Add(3*time.Second))
	p, err := PreviewDir(dir, PreviewOptions{Release: release332})
	if err != nil {
		t.Fatal(err)
	}
	want := "- [feedback_long](feedback_long.md) — " + strings.TrimSpace(strings.Repeat("word ", 22)) + "…\n" +
		"- [user_role](user_role.md) — the user's role\n"
	if !p.Index.Backfill || p.Index.BackfillText != want {
		t.Fatalf("backfill %v %q, want %q", p.Index.Backfill, p.Index.BackfillText, want)
	}
	if !p.Index.Loaded || p.Index.Text != strings.TrimSpace(want) {
		t.Errorf("loaded %v %q", p.Index.Loaded, p.Index.Text)
	}
	if len(p.Manifest.Entries) != 4 {
		t.Errorf("manifest has %d entries, want 4", len(p.Manifest.Entries))
	}
}

func TestPreviewDirIndex(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "MEMORY.md"), []byte("- secret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		setup  func(dir string) error
		exists bool
		loaded bool
	}{
		{"missing, empty dir", func(string) error { return nil }, false, false},
		{"file", func(d string) error {
			return os.WriteFile(filepath.Join(d, memory.IndexName), []byte("- [a](a.md)\n"), 0o644)
		}, true, true},
		{"folder", func(d string) error { return os.Mkdir(filepath.Join(d, memory.IndexName), 0o755) }, true, false},
		{"link inside", func(d string) error {
			if err := os.WriteFile(filepath.Join(d, "real.txt"), []byte("- [a](a.md)\n"), 0o644); err != nil {
				return err
			}
			return os.Symlink("real.txt", filepath.Join(d, memory.IndexName))
		}, true, true},
		{"link to nothing", func(d string) error { return os.Symlink("nowhere", filepath.Join(d, memory.IndexName)) }, true, false},
		{"link out of the dir is not read", func(d string) error {
			return os.Symlink(filepath.Join(outside, "MEMORY.md"), filepath.Join(d, memory.IndexName))
		}, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := tc.setup(dir); err != nil {
				t.Skip(err)
			}
			p, err := PreviewDir(dir, PreviewOptions{Release: release332})
			if err != nil {
				t.Fatal(err)
			}
			if p.Index.Exists != tc.exists || p.Index.Loaded != tc.loaded || p.Index.Backfill {
				t.Errorf("exists %v, loaded %v, backfill %v (%s)", p.Index.Exists, p.Index.Loaded, p.Index.Backfill, p.Index.Skipped)
			}
			if !p.Index.Loaded && p.Index.Skipped == "" {
				t.Error("no reason given")
			}
		})
	}
}
