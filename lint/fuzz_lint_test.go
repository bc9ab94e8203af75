package lint_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"path"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"time"
	"unicode/utf16"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/rules"
)

// FuzzLint runs every rule over a memory dir whose index and one topic
// file are fuzzed, and checks what users and tools rely on: no panic or
// error, positions inside the files, the same findings on a second run,
// fixes whose edits fit their files, and --fix reaching a state it no
// longer changes instead of rewriting the same text forever.
func FuzzLint(f *testing.F) {
	f.Add("- [Topic](topic.md) — a topic\n- [Other](other.md) — another\n",
		"---\nname: topic\ndescription: what the topic is about, in a sentence\ntype: feedback\n---\nDo it.\n\n**Why:** because\n**How to apply:** always\n")
	f.Add("# Memory\n\n* [t](topic.md)\n<!-- memlint-disable index-entry-format -->\n[[other]]\n",
		"---\nname: Topic\ntype: project\ndescription: next Thursday we ship\n---\nShip it next Thursday in `src/main.go`.\n")
	f.Add(strings.Repeat("- [x](x.md) — x\n", 210), "---\nname: a: b\n---\n")
	f.Add("", "no frontmatter [[missing]] [a](../../etc/passwd)\n```\nunclosed")
	f.Add("\ufeff- [T](topic.md)\r\n", "\ufeff---\r\nname: topic\r\ndescription: x\r\ntype: user\r\n---\r\n")
	f.Add("- [T](./topic.md#x) — t\n  - [O](other.md)\n", "---\nname: topic\ndescription: d\ntype: reference\nmodified: 2026-13-45\n---\n")
	f.Add("- Always run the whole suite before pushing, not only the package you changed.\n- [T](topic.md) — t\n",
		"---\nname: topic\ndescription: the suite\ntype: project\nmodified: 2026-03-02\n---\nAlways run the whole suite before pushing, not only the package you changed. Status as of 2026-03-02: deploy pending; shipped 2026-03-01 ✅。完成（2026-03-05）\n")
	// A template's placeholders (lint/memory/template.go) and a document's frontmatter of another format.
	f.Add("- [T](topic.md) — t\n", "---\nname: <slug>\ndescription: {{description}}\ntype: <user | Feedback>\ncreated: YYYY-MM-DD\n---\n<!-- AI: fill -->\n")
	f.Add("# Notes\n", "---\nended: 2026-05-01\nscope: a # b\n---\n# REPORT 2026-05-01\n")
	reg := rules.Registry()
	f.Fuzz(func(t *testing.T, index, topic string) { checkLint(t, reg, index, topic) })
}

// checkLint is the body of FuzzLint: the checks, over any testing.TB, so
// that a test can show they fail on a rule that fails.
func checkLint(t testing.TB, reg *lint.Registry, index, topic string) {
	files := map[string]string{
		"MEMORY.md": index,
		"topic.md":  topic,
		"other.md":  "---\nname: other\ndescription: a second memory the index links to\ntype: user\n---\nThe user likes tea.\n",
	}
	first := fuzzLint(t, reg, files)
	checkFindings(t, files, first)
	if again := fuzzLint(t, reg, files); !reflect.DeepEqual(first.Diagnostics, again.Diagnostics) {
		t.Fatalf("a second run found something else:\n%v\n%v", first.Diagnostics, again.Diagnostics)
	}
	// Apply every fix, unsafe ones too, until none applies; a chain of
	// fixes is short, so more rounds than rules means a loop.
	res := first
	for round := 0; ; round++ {
		changed := applyAllFixes(files, res)
		if changed == nil {
			break
		}
		if round == 10 {
			t.Fatalf("--fix still changes the files after %d rounds: %q", round, changed)
		}
		files = changed
		res = fuzzLint(t, reg, files)
		checkFindings(t, files, res)
	}
}

// fuzzLint lints files as one memory dir with every rule and fails the
// test when a rule failed: a panic is a bug, never a finding.
func fuzzLint(t testing.TB, reg *lint.Registry, files map[string]string) *lint.Result {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, content := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(content), Mode: 0o644}
	}
	l := &lint.Linter{Setup: lint.Setup{Registry: reg, Now: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)}, Config: withPreview()}
	res, err := l.Lint(fsys, []string{"."})
	if err != nil {
		t.Fatalf("Lint: %v", err)
	}
	failIfRuleFailed(t, res)
	return res
}

// failIfRuleFailed fails the test on any rule that failed, with its
// stack.
func failIfRuleFailed(t testing.TB, res *lint.Result) {
	t.Helper()
	for _, e := range res.Errors {
		t.Errorf("%v\n%s", e, e.Stack)
	}
	if len(res.Errors) > 0 {
		t.FailNow()
	}
}

// checkFindings checks that every finding points into its file and every
// fix edits text that exists.
func checkFindings(t testing.TB, files map[string]string, res *lint.Result) {
	t.Helper()
	for _, d := range append(res.Diagnostics, res.Suppressed...) {
		if err := checkFinding(files, d); err != nil {
			t.Fatalf("%s: %v: %+v", d.Rule, err, d)
		}
	}
}

func checkFinding(files map[string]string, d lint.Diagnostic) error {
	if d.Path == "." {
		if d.Start.IsValid() {
			return fmt.Errorf("a finding about the dir has a position")
		}
		return nil
	}
	src, ok := files[path.Clean(d.Path)]
	if !ok {
		return fmt.Errorf("unknown path %q", d.Path)
	}
	lines := strings.Count(src, "\n") + 1
	for _, p := range []markdown.Pos{d.Start, d.End} {
		if p.Line < 0 || p.Line > lines || (p.Line > 0 && p.Col < 1) {
			return fmt.Errorf("position %v outside a file of %d lines", p, lines)
		}
	}
	if d.End.IsValid() && d.End.Before(d.Start) {
		return fmt.Errorf("ends before it starts")
	}
	if d.Message == "" {
		return fmt.Errorf("no message")
	}
	for _, e := range d.Fix.EditsOf() {
		target, ok := files[e.Path]
		if !ok || e.Start < 0 || e.End < e.Start || e.End > len(target) {
			return fmt.Errorf("fix edit %+v does not fit %q (%d bytes)", e, e.Path, len(target))
		}
	}
	return nil
}

// applyAllFixes returns the files with every fix of res applied, or nil
// when no fix changes anything.
func applyAllFixes(files map[string]string, res *lint.Result) map[string]string {
	var fixes []*lint.Fix
	for _, d := range res.Diagnostics {
		if d.Fix != nil {
			fixes = append(fixes, d.Fix)
		}
	}
	contents := map[string][]byte{}
	for name, content := range files {
		contents[name] = []byte(content)
	}
	out, _ := lint.ApplyFixes(contents, fixes)
	changed := false
	next := map[string]string{}
	for name, content := range files {
		next[name] = content
		if b, ok := out[name]; ok && !bytes.Equal(b, contents[name]) {
			next[name] = string(b)
			changed = true
		}
	}
	if !changed {
		return nil
	}
	return next
}

// FuzzParseConfig feeds .memlint.yaml arbitrary text: it must be accepted
// or rejected with a ConfigError that names the file and a line in it,
// and a configuration it accepts (custom rules, globs, overrides) must lint
// without error.
func FuzzParseConfig(f *testing.F) {
	for _, src := range []string{
		"",
		"roots: ['**/memory']\nignore: ['**/draft-*.md']\n",
		"rules:\n  index-entry-length: {severity: error, max: 120}\n  relative-date: off\n",
		"overrides:\n  - files: ['logs/**']\n    rules: {code-content: off}\n",
		"custom-rules:\n  - id: no-hosts\n    message: internal host\n    pattern: '\\bcorp\\.example\\b'\n    scope: body\n    files: ['*.md']\n",
		"custom-rules:\n  - id: no-words\n    message: m\n    words: [foo, 'bar baz']\n    scope: frontmatter.metadata.x\n    types: [project]\n    severity: info\n",
		"rules: [a]\n",
		"a: &a [*a]\n",
		"rules:\n  all: off\n  secret: error\n",
	} {
		f.Add(src)
	}
	base := rules.Registry()
	f.Fuzz(func(t *testing.T, src string) {
		const file = "/repo/.memlint.yaml"
		cfg, err := lint.ParseConfig([]byte(src), file, base)
		if err != nil {
			var ce *lint.ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			if ce.Path != file || ce.Line < 0 || ce.Line > yamlLines(src) || ce.Msg == "" {
				t.Fatalf("error does not place itself in the file: %+v", ce)
			}
			return
		}
		fsys := fstest.MapFS{
			"repo/memory/MEMORY.md": {Data: []byte("- [a](a.md) — about a\n")},
			"repo/memory/a.md":      {Data: []byte("---\nname: a\ndescription: about a corp.example foo\ntype: project\nmetadata: {x: foo}\n---\nfoo bar baz\n")},
		}
		l := &lint.Linter{Setup: lint.Setup{Registry: cfg.Registry(base), Now: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)}, Config: cfg, Root: "/"}
		res, err := l.Lint(fsys, []string{"repo/memory"})
		if err != nil {
			t.Fatalf("Lint with an accepted configuration: %v", err)
		}
		failIfRuleFailed(t, res)
	})
}

// yamlLines counts lines as YAML 1.1 (and yaml.v3) does: LF, CRLF, a lone
// CR, NEL, and the Unicode line and paragraph separators end a line, in
// text that a byte order mark may declare UTF-16.
func yamlLines(src string) int {
	if len(src) >= 2 && (src[:2] == "\xfe\xff" || src[:2] == "\xff\xfe") {
		order := binary.ByteOrder(binary.BigEndian)
		if src[0] == 0xff {
			order = binary.LittleEndian
		}
		units := make([]uint16, 0, len(src)/2)
		for i := 2; i+1 < len(src); i += 2 {
			units = append(units, order.Uint16([]byte(src[i:i+2])))
		}
		src = string(utf16.Decode(units))
	}
	src = strings.ReplaceAll(src, "\r\n", "\n")
	return 1 + strings.Count(src, "\n") + strings.Count(src, "\r") + strings.Count(src, "\u0085") +
		strings.Count(src, "\u2028") + strings.Count(src, "\u2029")
}
