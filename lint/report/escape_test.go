package report

import (
	"encoding/json"
	"testing"
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
	} {
		if got := EscapeText(in); got != want {
			t.Errorf("EscapeText(%q) = %q, want %q", in, got, want)
		}
	}
	if got, want := EscapeLines("a\tb\x1b\nc\u202e", true), "a\tb\\x1b\nc\\u202e"; got != want {
		t.Errorf("EscapeLines = %q, want %q", got, want)
	}
}

func TestEscapeJSON(t *testing.T) {
	in := "a \x7f \u0085 \u202e \U000E0041 é 👩‍💻 \"q\""
	enc, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	got := EscapeJSON(enc)
	want := `"a \u007f \u0085 \u202e \udb40\udc41 é 👩‍💻 \"q\""`
	if string(got) != want {
		t.Errorf("EscapeJSON = %s, want %s", got, want)
	}
	var back string
	if err := json.Unmarshal(got, &back); err != nil || back != in {
		t.Errorf("EscapeJSON changed the data: %q, %v", back, err)
	}
}
