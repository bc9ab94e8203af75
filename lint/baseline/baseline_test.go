package baseline

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
)

// finding returns a diagnostic about root/rel (rel with "/"), with its
// path in a report's form: absolute, "/" separators.
func finding(root, rel, rule string, line, col int, text string) lint.Diagnostic {
	return lint.Diagnostic{
		Rule:     rule,
		Severity: lint.Error,
		Path:     filepath.ToSlash(filepath.Join(root, filepath.FromSlash(rel))),
		Start:    markdown.Pos{Line: line, Col: col},
		Message:  "message about " + text,
		Text:     text,
	}
}

func TestRoundTrip(t *testing.T) {
	root := t.TempDir()
	ds := []lint.Diagnostic{
		finding(root, "mem/plan.md", "relative-date", 6, 21, "next   week"),
		finding(root, "mem/plan.md", "relative-date", 8, 3, "Thursday"),
		finding(root, "mem/notes.md", "frontmatter-missing", 1, 1, "just <notes> & more"),
		{Rule: "orphan-memory", Severity: lint.Warning, Path: filepath.ToSlash(filepath.Join(root, "mem", "notes.md")), Message: "memory is not listed in MEMORY.md (2 dirs)"},
	}
	b := New(Entries(ds, root, nil))
	data, err := b.marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := parse(data, "b.json")
	if err != nil {
		t.Fatalf("Parse(Marshal()): %v\n%s", err, data)
	}
	if !reflect.DeepEqual(back, b) {
		t.Errorf("round trip changed the baseline:\n%+v\n%+v", b, back)
	}
	again, err := back.marshal()
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(data) {
		t.Errorf("Marshal is not deterministic:\n%s\n%s", data, again)
	}

	// One entry per line, sorted by path, rule, text; <, > and & as they are;
	// whole-file findings described by their message with numbers blanked.
	lines := strings.Split(string(data), "\n")
	want := []string{
		"{",
		`  "version": 1,`,
		`  "entries": [`,
		`    {"rule":"frontmatter-missing","path":"mem/notes.md","fingerprint":"` + b.Entries[0].Fingerprint + `","occurrence":0,"text":"just <notes> & more"},`,
		`    {"rule":"orphan-memory","path":"mem/notes.md","fingerprint":"` + b.Entries[1].Fingerprint + `","occurrence":0,"text":"memory is not listed in MEMORY.md (# dirs)"},`,
		`    {"rule":"relative-date","path":"mem/plan.md","fingerprint":"` + b.Entries[2].Fingerprint + `","occurrence":0,"text":"Thursday"},`,
		`    {"rule":"relative-date","path":"mem/plan.md","fingerprint":"` + b.Entries[3].Fingerprint + `","occurrence":0,"text":"next week"}`,
		"  ]",
		"}",
		"",
	}
	if !reflect.DeepEqual(lines, want) {
		t.Errorf("file:\n%s\nwant:\n%s", data, strings.Join(want, "\n"))
	}
}

func TestEmptyBaseline(t *testing.T) {
	data, err := New(nil).marshal()
	if err != nil {
		t.Fatal(err)
	}
	if want := "{\n  \"version\": 1,\n  \"entries\": []\n}\n"; string(data) != want {
		t.Errorf("empty baseline:\n%s\nwant:\n%s", data, want)
	}
	b, err := parse(data, "b.json")
	if err != nil || len(b.Entries) != 0 {
		t.Errorf("Parse(empty) = %+v, %v", b, err)
	}
}

func TestNewSortsAndRemovesDuplicates(t *testing.T) {
	root := t.TempDir()
	ds := []lint.Diagnostic{
		finding(root, "b.md", "x", 1, 1, "b"),
		finding(root, "a.md", "y", 1, 1, "a"),
		finding(root, "a.md", "x", 9, 1, "z"),
		finding(root, "a.md", "x", 2, 1, "a"),
	}
	es := Entries(ds, root, nil)
	forward := New(es)
	reversed := make([]Entry, 0, 2*len(es))
	for i := len(es) - 1; i >= 0; i-- {
		reversed = append(reversed, es[i], es[i]) // each twice, as a bad merge might leave it
	}
	backward := New(reversed)
	if !reflect.DeepEqual(forward, backward) {
		t.Errorf("New depends on input order or keeps duplicates:\n%+v\n%+v", forward, backward)
	}
	var got []string
	for _, e := range forward.Entries {
		got = append(got, e.Path+" "+e.Rule+" "+e.Text)
	}
	want := []string{"a.md x a", "a.md x z", "a.md y a", "b.md x b"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("order = %q, want %q", got, want)
	}
}

func TestPathsAreRelativeToTheBaselineFolder(t *testing.T) {
	root := filepath.Join(t.TempDir(), "repo")
	d := finding(root, "mem/plan.md", "relative-date", 6, 21, "next week")

	es := Entries([]lint.Diagnostic{d}, root, nil)
	if es[0].Path != "mem/plan.md" {
		t.Errorf("path = %q, want mem/plan.md", es[0].Path)
	}
	rel := d
	rel.Path = "mem/plan.md"
	if want := lint.Fingerprint(rel, "mem/plan.md", 0); es[0].Fingerprint != want {
		t.Errorf("fingerprint = %s, want lint.Fingerprint with the relative path: %s", es[0].Fingerprint, want)
	}

	// A baseline in a subfolder reaches the file with "..".
	sub := Entries([]lint.Diagnostic{d}, filepath.Join(root, "ci"), nil)
	if sub[0].Path != "../mem/plan.md" {
		t.Errorf("path from ci/ = %q, want ../mem/plan.md", sub[0].Path)
	}

	// Moving the repository keeps the fingerprint.
	root2 := filepath.Join(t.TempDir(), "elsewhere", "repo2")
	moved := finding(root2, "mem/plan.md", "relative-date", 6, 21, "next week")
	movedEs := Entries([]lint.Diagnostic{moved}, root2, nil)
	if movedEs[0].Fingerprint != es[0].Fingerprint {
		t.Errorf("moving the repository changed the fingerprint: %s, %s", movedEs[0].Fingerprint, es[0].Fingerprint)
	}
}

func TestOccurrencesFollowFileOrder(t *testing.T) {
	root := t.TempDir()
	first := finding(root, "a.md", "relative-date", 3, 1, "tomorrow")
	second := finding(root, "a.md", "relative-date", 9, 1, "tomorrow")
	other := finding(root, "b.md", "relative-date", 1, 1, "tomorrow")

	es := Entries([]lint.Diagnostic{second, other, first}, root, nil)
	if es[0].Occurrence != 1 || es[1].Occurrence != 0 || es[2].Occurrence != 0 {
		t.Errorf("occurrences = %d %d %d, want 1 0 0 (counted per file, in file order)", es[0].Occurrence, es[1].Occurrence, es[2].Occurrence)
	}
	if es[0].Fingerprint == es[2].Fingerprint {
		t.Errorf("two occurrences of one text share a fingerprint")
	}

	// Accepting one "tomorrow" accepts the first; a second one added later
	// in the file is new.
	b := New(Entries([]lint.Diagnostic{first}, root, nil))
	fresh, matched, unmatched := b.filter([]lint.Diagnostic{second, first}, root, nil)
	if matched != 1 || len(unmatched) != 0 || len(fresh) != 1 || fresh[0].Start.Line != 9 {
		t.Errorf("Filter = %+v, %d, %+v; want the one on line 9 reported", fresh, matched, unmatched)
	}
}

func TestFilter(t *testing.T) {
	root := t.TempDir()
	accepted := []lint.Diagnostic{
		finding(root, "mem/plan.md", "relative-date", 6, 21, "next week"),
		finding(root, "mem/plan.md", "feedback-structure", 6, 1, "We ship next week."),
		finding(root, "mem/gone.md", "relative-date", 2, 1, "yesterday"),
	}
	b := New(Entries(accepted, root, nil))

	// Lines inserted above move every finding; whitespace changes inside
	// the flagged text do not matter.
	moved := finding(root, "mem/plan.md", "relative-date", 16, 21, "next\tweek")
	// A new problem on an accepted line flags other text.
	sameLine := finding(root, "mem/plan.md", "relative-date", 16, 40, "tomorrow")
	// The same text in another file is another finding.
	otherFile := finding(root, "mem/other.md", "relative-date", 6, 21, "next week")
	ds := []lint.Diagnostic{sameLine, otherFile, moved}

	fresh, matched, unmatched := b.filter(ds, root, nil)
	if matched != 1 {
		t.Errorf("matched = %d, want 1", matched)
	}
	if !reflect.DeepEqual(fresh, []lint.Diagnostic{sameLine, otherFile}) {
		t.Errorf("fresh = %+v, want the new finding on the same line and the one in another file, in their order", fresh)
	}
	var stale []string
	for _, e := range unmatched {
		stale = append(stale, e.Rule+" "+e.Path)
	}
	if want := []string{"relative-date mem/gone.md", "feedback-structure mem/plan.md"}; !reflect.DeepEqual(stale, want) {
		t.Errorf("unmatched = %q, want %q", stale, want)
	}
}

func TestEntryText(t *testing.T) {
	root := t.TempDir()
	long := strings.Repeat("ab ", 60)
	ds := []lint.Diagnostic{
		finding(root, "a.md", "code-content", 1, 1, long),
		finding(root, "a.md", "hidden-unicode", 2, 1, "ok\u202Eevil\u200B"),
		finding(root, "a.md", "secret", 3, 1, "sk-ant-api03-secretvalue"),
		finding(root, "a.md", "x", 4, 1, "bad \xff byte"),
	}
	es := Entries(ds, root, nil)
	if got := es[0].Text; utf8.RuneCountInString(got) != maxText+1 || !strings.HasSuffix(got, "…") || !strings.HasPrefix(got, "ab ab") {
		t.Errorf("long text kept as %q (%d characters), want %d characters and …", got, utf8.RuneCountInString(got), maxText)
	}
	if got, want := es[1].Text, "ok<U+202E>evil<U+200B>"; got != want {
		t.Errorf("invisible characters: text = %q, want %q", got, want)
	}
	if es[2].Text != "" {
		t.Errorf("a secret's text was written down: %q", es[2].Text)
	}
	if got, want := es[3].Text, "bad \uFFFD byte"; got != want {
		t.Errorf("invalid UTF-8: text = %q, want %q", got, want)
	}
}

func TestParseErrors(t *testing.T) {
	const fp = `"fingerprint":"0123456789abcdef0123456789abcdef"`
	for _, tc := range []struct{ name, src, want string }{
		{"syntax", "{\n  \"version\": 1,\n  \"entries\": [}\n", `b.json:3: invalid baseline: invalid character '}' looking for beginning of value`},
		{"merge conflict", "{\n<<<<<<< HEAD\n", `b.json:2: invalid baseline: invalid character '<' looking for beginning of object key string`},
		{"empty", " \n", `b.json: invalid baseline: the file is empty`},
		{"not an object", "[]", `b.json:1: invalid baseline: the document is an array, want an object`},
		{"no version", `{"entries":[]}`, `b.json: invalid baseline: no version (want 1)`},
		{"other version", `{"version":2,"entries":[]}`, `b.json: baseline version 2 is not supported (this memlint reads version 1)`},
		{"wrong type", `{"version":1,"entries":[{"rule":"x","path":"a.md",` + fp + `,"occurrence":"0"}]}`, `b.json:1: invalid baseline: entries.occurrence is a string, want a whole number`},
		{"fractional version", `{"version":1.5,"entries":[]}`, `b.json:1: invalid baseline: version is a number 1.5, want a whole number`},
		{"entries not a list", `{"version":1,"entries":{}}`, `b.json:1: invalid baseline: entries is an object, want an array`},
		{"no rule", `{"version":1,"entries":[{"path":"a.md",` + fp + `}]}`, `b.json: invalid baseline: entries[0]: no rule`},
		{"no path", `{"version":1,"entries":[{"rule":"x",` + fp + `}]}`, `b.json: invalid baseline: entries[0]: no path`},
		{"bad fingerprint", `{"version":1,"entries":[{"rule":"x","path":"a.md","fingerprint":"ABC"}]}`, `b.json: invalid baseline: entries[0]: fingerprint "ABC" is not 32 lowercase hexadecimal digits`},
		{"negative occurrence", `{"version":1,"entries":[{"rule":"x","path":"a.md",` + fp + `,"occurrence":-1}]}`, `b.json: invalid baseline: entries[0]: occurrence -1 is negative`},
		{"trailing data", `{"version":1,"entries":[]} {}`, `b.json:1: invalid baseline: invalid character '{' after top-level value`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parse([]byte(tc.src), "b.json")
			if err == nil {
				t.Fatalf("Parse(%q) succeeded", tc.src)
			}
			if err.Error() != tc.want {
				t.Errorf("error = %q\nwant    %q", err, tc.want)
			}
		})
	}
}

func TestParseAcceptsUnknownFields(t *testing.T) {
	src := `{"version":1,"tool":"x","entries":[{"rule":"x","path":"a.md","fingerprint":"0123456789abcdef0123456789abcdef","note":"later"}]}`
	b, err := parse([]byte(src), "b.json")
	if err != nil || len(b.Entries) != 1 {
		t.Fatalf("Parse = %+v, %v", b, err)
	}
}

func TestStale(t *testing.T) {
	file := "/repo/.memlint-baseline.json"
	for _, tc := range []struct {
		e    Entry
		want string
	}{
		{Entry{Rule: "relative-date", Path: "mem/a.md", Text: "next week"}, "baseline entry for relative-date in mem/a.md (“next week”) matches nothing any more: run memlint baseline to drop it"},
		{Entry{Rule: "relative-date", Path: "mem/a.md", Text: "next week", Occurrence: 2}, "baseline entry for relative-date in mem/a.md (“next week”, occurrence 2) matches nothing any more: run memlint baseline to drop it"},
		{Entry{Rule: "secret", Path: "mem/a.md"}, "baseline entry for secret in mem/a.md matches nothing any more: run memlint baseline to drop it"},
	} {
		d := stale(tc.e, file)
		if d.Message != tc.want {
			t.Errorf("message = %q\nwant      %q", d.Message, tc.want)
		}
		if d.Rule != staleRule || d.Severity != lint.Info || d.Path != file || d.Start.IsValid() {
			t.Errorf("finding = %+v, want an info of %s about the baseline file, without position", d, staleRule)
		}
	}
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	b := New([]Entry{{Rule: "x", Path: "a.md", Fingerprint: "0123456789abcdef0123456789abcdef", Text: "t"}})
	if err := b.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	want, _ := b.marshal()
	if got, err := os.ReadFile(path); err != nil || string(got) != string(want) {
		t.Fatalf("file = %q, %v; want %q", got, err, want)
	}
	if runtime.GOOS != "windows" {
		if err := os.Chmod(path, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := New(nil).WriteFile(path); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(got), `"entries": []`) {
		t.Errorf("overwritten file = %q, %v", got, err)
	}
	if runtime.GOOS != "windows" {
		if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
			t.Errorf("permissions after rewrite: %v, %v; want 0600 kept", info.Mode(), err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Errorf("folder holds %v, %v; want only the baseline (no temporary files)", entries, err)
	}

	if err := b.WriteFile(filepath.Join(dir, "missing", FileName)); err == nil {
		t.Errorf("writing into a missing folder succeeded")
	}
}
