package claudecode

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

var jsonDocs = []string{
	`{}`,
	`[]`,
	`{"a":{},"b":[],"c":[{}],"d":[[]]}`,
	`{"z":1,"a":2,"m":{"y":true,"b":false,"n":null}}`,
	`{"n":[0,-0,-0.000,1e10,1.5E-3,12345678901234567890,3.141592653589793238462643383279]}`,
	`{"s":"\u00e9t\u00e9 \/ \ud83d\ude00 \"q\" \\ \b\f\n\r\t","u":"日本語 😀","html":"<a href=\"x\">&amp;</a>"}`,
	`{"dup":1,"dup":2}`,
	"{\r\n\t\"a\" : [ 1 ,\n 2 ] }\n",
	`"top"`,
	`42`,
}

func TestJSONRoundTrip(t *testing.T) {
	for _, src := range jsonDocs {
		v, err := ParseJSON([]byte(src))
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		// Laid out again, every literal is the original's, byte for byte.
		var compact, want bytes.Buffer
		v.Compact(&compact)
		if err := json.Compact(&want, []byte(src)); err != nil {
			t.Fatal(err)
		}
		if compact.String() != want.String() {
			t.Errorf("compact:\n got %s\nwant %s", compact.String(), want.String())
		}
		formatted, err := v.Format("  ")
		if err != nil {
			t.Fatal(err)
		}
		compacted := want.String()
		want.Reset()
		if err := json.Indent(&want, []byte(compacted), "", "  "); err != nil {
			t.Fatal(err)
		}
		if string(formatted) != want.String() {
			t.Errorf("format:\n got %s\nwant %s", formatted, want.String())
		}
	}
}

func TestJSONEdit(t *testing.T) {
	v, err := ParseJSON([]byte(`{"a":1,"b":{"c":"x"},"a":3}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(v.Get("a").Raw); got != "3" {
		t.Errorf(`get("a") = %s, want the last one, 3`, got)
	}
	if s, ok := v.Get("b").Get("c").Text(); !ok || s != "x" {
		t.Errorf(`b.c = %q %v`, s, ok)
	}
	v.Add("cmd", NewJSONString("a && b <c> 'd' \"e\""))
	v.Remove("a")
	var buf bytes.Buffer
	v.Compact(&buf)
	if want := `{"b":{"c":"x"},"cmd":"a && b <c> 'd' \"e\""}`; buf.String() != want {
		t.Errorf("got %s, want %s", buf.String(), want)
	}
}

func TestJSONSyntaxErrors(t *testing.T) {
	for src, want := range map[string]string{
		"{\n  \"a\": 1,\n}":   "line 3, column 1",
		"{\"a\" 1}":           "line 1, column 6",
		"":                    "line 1, column 1",
		"{\"a\": 1}\n{}":      "line 2, column 1",
		"\xef\xbb\xbf{}":      "line 1, column 1",
		"{\"a\": \"\x01\"}":   "line 1, column 8",
		"{\n\n  \"a\": tru }": "line 3, column 11",
	} {
		_, err := ParseJSON([]byte(src))
		var se *JSONSyntaxError
		if !errors.As(err, &se) || !strings.HasPrefix(se.Error(), want) {
			t.Errorf("%q: error %v, want it at %s", src, err, want)
		}
	}
}

func TestDetectIndent(t *testing.T) {
	for src, want := range map[string]string{
		"{}":                        "  ",
		"{\n    \"a\": 1\n}":        "    ",
		"{\n\t\"a\": {\n\t\t}\n}":   "\t",
		"{\r\n  \"a\": 1\r\n}\r\n":  "  ",
		"{\n \t\"a\": 1\n}":         "  ",
		"{\n\n   \n    \"a\": 1\n}": "    ",
	} {
		if got := DetectIndent([]byte(src)); got != want {
			t.Errorf("%q: %q, want %q", src, got, want)
		}
	}
}

// FuzzParseJSON checks that no input makes the parser panic, that it
// accepts exactly what encoding/json accepts, and that what it accepts
// comes back byte for byte, apart from layout; and that Edit of an
// unchanged document gives the document back byte for byte.
func FuzzParseJSON(f *testing.F) {
	for _, src := range jsonDocs {
		f.Add([]byte(src))
	}
	f.Add([]byte(`{"a":`))
	f.Add([]byte(`[1,]`))
	f.Fuzz(func(t *testing.T, src []byte) {
		v, err := ParseJSON(src)
		if (err == nil) != json.Valid(src) {
			t.Fatalf("ParseJSON error %v, json.Valid %v", err, json.Valid(src))
		}
		if err != nil {
			return
		}
		var got, want bytes.Buffer
		v.Compact(&got)
		if err := json.Compact(&want, src); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("compact:\n got %q\nwant %q", got.Bytes(), want.Bytes())
		}
		if edited, err := v.Edit(src); err != nil || !bytes.Equal(edited, src) {
			t.Fatalf("Edit of an unchanged document: %q, %v", edited, err)
		}
	})
}
