package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEscapeText(t *testing.T) {
	for in, want := range map[string]string{
		"plain text":      "plain text",
		"tab\there":       `tab\there`,
		"esc \x1b[31mred": `esc \x1b[31mred`,
		"c1 \u0085\u009b": `c1 \x85\x9b`,
		"del \x7f":        `del \x7f`,
		"bad \xff":        `bad \xff`,
		"bidi \u202Eevil": `bidi \u202eevil`,
		"isolate \u2066x": `isolate \u2066x`,
		"zero\u200Bwidth": `zero\u200bwidth`,
		"two\nlines\r":    `two\nlines\r`,
		"sep \u2028":      `sep \u2028`,
		"emoji 👩‍💻 ❤️ 中文": "emoji 👩‍💻 ❤️ 中文",
		"tag \U000E0041":  `tag \U000e0041`,
		"private \uE000":  `private \ue000`,
		// What the GitHub Actions runner reads as a workflow command.
		"::error file=x::forged":     `\x3a:error file=x::forged`,
		"  \u00a0::stop-commands::t": "  \u00a0\\x3a:stop-commands::t",
		"\t::error::x":               `\t\x3a:error::x`,
		"a ::error:: mid-line":       "a ::error:: mid-line",
		": not a command":            ": not a command",
		"x ##[error]y ###[group]":    `x ##\x5berror]y ###\x5bgroup]`,
		"# [heading] #[tag] ## [x]":  "# [heading] #[tag] ## [x]",
	} {
		if got := EscapeText(in); got != want {
			t.Errorf("EscapeText(%q) = %q, want %q", in, got, want)
		}
	}
	if got, want := EscapeLines("a\tb\x1b\nc\u202e", true), "a\tb\\x1b\nc\\u202e"; got != want {
		t.Errorf("EscapeLines = %q, want %q", got, want)
	}
	// Every line of several is a line of the output: none opens a command.
	if got, want := EscapeLines("fix it\n::error file=x::forged\n\t::warning::y", true), "fix it\n\\x3a:error file=x::forged\n\t\\x3a:warning::y"; got != want {
		t.Errorf("EscapeLines = %q, want %q", got, want)
	}
}

func TestEscapeJSON(t *testing.T) {
	in := "a \x7f \u0085 \u202e \U000E0041 é 👩‍💻 \"q\" ##[error]x"
	enc, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	got := EscapeJSON(enc)
	want := `"a \u007f \u0085 \u202e \udb40\udc41 é 👩‍💻 \"q\" ##\u005berror]x"`
	if string(got) != want {
		t.Errorf("EscapeJSON = %s, want %s", got, want)
	}
	var back string
	if err := json.Unmarshal(got, &back); err != nil || back != in {
		t.Errorf("EscapeJSON changed the data: %q, %v", back, err)
	}
}

// TestEscapeDiff: --diff as text shows a memory's lines escaped, its tabs
// and CRLF line ends kept, and no context line that the GitHub Actions
// runner would read as a workflow command; the JSON form keeps the bytes.
func TestEscapeDiff(t *testing.T) {
	before := "keep\r\n::error file=x::forged\n\tin \x1b[31mred\n"
	after := "keep\r\n::error file=x::forged\n\tin \x1b[31mred\nadded \u202e\n"
	var text, doc bytes.Buffer
	files := []FileDiff{{Path: "mem/MEMORY.md", Before: []byte(before), After: []byte(after)}}
	if err := WriteDiff(&text, "text", files, func(s string) string { return s }); err != nil {
		t.Fatal(err)
	}
	want := "--- a/mem/MEMORY.md\n+++ b/mem/MEMORY.md\n@@ -1,3 +1,4 @@\n keep\r\n \\x3a:error file=x::forged\n \tin \\x1b[31mred\n+added \\u202e\n"
	if text.String() != want {
		t.Errorf("text diff:\n%q\nwant\n%q", text.String(), want)
	}
	if err := WriteDiff(&doc, "json", files, func(s string) string { return s }); err != nil {
		t.Fatal(err)
	}
	var got struct{ Files []struct{ Diff string } }
	if err := json.Unmarshal(doc.Bytes(), &got); err != nil || len(got.Files) != 1 || got.Files[0].Diff != UnifiedDiff("mem/MEMORY.md", []byte(before), []byte(after)) {
		t.Errorf("JSON diff does not keep the bytes (%v): %s", err, doc.String())
	}
}

// TestLineWriter: each line written is escaped, tabs and line breaks kept.
func TestLineWriter(t *testing.T) {
	var b bytes.Buffer
	w := LineWriter(&b)
	for _, line := range []string{"hooks dir:\t/r/\x1b[31mhooks\n", "::error file=x::forged\n", "ok ##[error]x\n"} {
		if n, err := w.Write([]byte(line)); err != nil || n != len(line) {
			t.Fatalf("Write(%q) = %d, %v", line, n, err)
		}
	}
	if want := "hooks dir:\t/r/\\x1b[31mhooks\n\\x3a:error file=x::forged\nok ##\\x5berror]x\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

// FuzzEscapeText: whatever the text, EscapeText gives valid UTF-8 with no
// unsafe character and nothing the GitHub Actions runner reads as a
// workflow command, and escaping again changes nothing; EscapeJSON of its
// JSON encoding is the same data, with neither either.
func FuzzEscapeText(f *testing.F) {
	for _, s := range []string{"plain", "::error file=x::y", " \u00a0::stop-commands::t", "a ##[error]b ###[", "\x1b[31m\u202e\xff", "#", "##", "::", "\t::x\n::y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := EscapeText(s)
		if !utf8.ValidString(got) || strings.Contains(got, "##[") || commandLead(got) >= 0 {
			t.Fatalf("EscapeText(%q) = %q", s, got)
		}
		for _, r := range got {
			if UnsafeRune(r) {
				t.Fatalf("EscapeText(%q) = %q holds %U", s, got, r)
			}
		}
		if again := EscapeText(got); again != got {
			t.Fatalf("EscapeText is not idempotent: %q -> %q -> %q", s, got, again)
		}
		enc, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		esc := EscapeJSON(enc)
		var want, back string
		if err := json.Unmarshal(enc, &want); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(esc, &back); err != nil || back != want || bytes.Contains(esc, []byte("##[")) {
			t.Fatalf("EscapeJSON(%s) = %s (%v)", enc, esc, err)
		}
	})
}
