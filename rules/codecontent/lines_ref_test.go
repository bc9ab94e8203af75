package codecontent

import (
	"bytes"
	"regexp/syntax"
	"strings"
	"testing"

	"github.com/memlint/memlint/rules/internal/rulebench"
)

// TestPlaceholderStarts proves the prefilter of ccProseLine: every match
// of rePlaceholder holds a byte of placeholderStarts.
func TestPlaceholderStarts(t *testing.T) {
	re, err := syntax.Parse(rePlaceholder.String(), syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	var holds func(re *syntax.Regexp) bool
	holds = func(re *syntax.Regexp) bool {
		switch re.Op {
		case syntax.OpLiteral:
			return strings.ContainsAny(string(re.Rune), placeholderStarts)
		case syntax.OpConcat:
			for _, sub := range re.Sub {
				if holds(sub) {
					return true
				}
			}
		case syntax.OpAlternate:
			for _, sub := range re.Sub {
				if !holds(sub) {
					return false
				}
			}
			return len(re.Sub) > 0
		case syntax.OpCapture, syntax.OpPlus:
			return holds(re.Sub[0])
		case syntax.OpRepeat:
			return re.Min >= 1 && holds(re.Sub[0])
		}
		return false
	}
	if !holds(re.Simplify()) {
		t.Errorf("rePlaceholder %s can match text without any of %q", rePlaceholder, placeholderStarts)
	}
}

// lineTests are the inputs the line tests are compared on: every line of
// the texts, with and without its indentation.
func lineTests(tb testing.TB) [][]byte {
	var out [][]byte
	for _, text := range rulebench.Texts(tb) {
		for _, line := range bytes.Split(text, []byte("\n")) {
			out = append(out, line, bytes.TrimSpace(line))
		}
	}
	return out
}

func sameLineTests(t *testing.T, line []byte) {
	t.Helper()
	if got, want := ccProseLine(line), refProseLine(line); got != want {
		t.Fatalf("ccProseLine(%q) = %v, the reference %v", line, got, want)
	}
	gk, gl := classifyFrame(line)
	wk, wl := refClassifyFrame(line)
	if gk != wk || gl != wl {
		t.Fatalf("classifyFrame(%q) = %v %q, the reference %v %q", line, gk, gl, wk, wl)
	}
}

func TestLineTestsReference(t *testing.T) {
	prose, frames := 0, 0
	for _, line := range lineTests(t) {
		sameLineTests(t, line)
		if ccProseLine(line) {
			prose++
		}
		if k, _ := classifyFrame(line); k != notFrame {
			frames++
		}
	}
	if prose < 100 || frames < 10 {
		t.Errorf("%d prose lines and %d frames: too few to compare the tests with their references", prose, frames)
	}
}

func FuzzLineTestsReference(f *testing.F) {
	for _, s := range []string{
		"Hi {name}, your order <id> ships on %s today", "main.go:42 +0x1d", "  /src/x.go:12 +0x2f ", "a+0x b +0x",
		"goroutine 1 [running]:", "at Foo (x.js:1:2)", "- Fixed the login bug in the new flow",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(sameLineTests)
}
