package claude

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/hostiletest"
	"github.com/memlint/memlint/lint/memory"
)

// The releases the tests model: 2.1.328 drops link reference definitions
// beside a comment; 2.1.332 keeps them and quotes nothing.
var (
	release328 = Release{Model: claudecode.ModelOf(claudecode.Oldest)}
	release332 = Release{Model: claudecode.ModelOf(claudecode.Version{Major: 2, Minor: 1, Patch: 332})}
)

// indexLines returns n index entries "- [eI](eI.md) — xxxxxxxxxx".
func indexLines(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "- [e%d](e%d.md) — xxxxxxxxxx\n", i, i)
	}
	return b.String()
}

// indexUnits returns entries of 116 units each, padded with "z" to exactly
// n UTF-16 units.
func indexUnits(n int) string {
	var b strings.Builder
	for i := 0; ; i++ {
		l := fmt.Sprintf("- [n%d](n%d.md) %s\n", i, i, strings.Repeat("y", 100))
		if b.Len()+len(l) > n {
			break
		}
		b.WriteString(l)
	}
	return b.String() + strings.Repeat("z", n-b.Len())
}

// longEntries returns n entries "- [nI](nI.md) " followed by width "q".
func longEntries(n, width int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "- [n%d](n%d.md) %s\n", i, i, strings.Repeat("q", width))
	}
	return b.String()
}

// sizedIndex returns entries of width units each (newline included), the
// last one padded with "w" so that the whole is exactly total units.
func sizedIndex(total, width int) string {
	var b strings.Builder
	for i := 0; b.Len()+width < total; i++ {
		l := fmt.Sprintf("- [s%d](s%d.md) ", i, i)
		b.WriteString(l + strings.Repeat("v", width-1-len(l)) + "\n")
	}
	return b.String() + strings.Repeat("w", total-b.Len())
}

// cjkEntries and emojiEntries are n entries of wide and astral text.
func cjkEntries(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "- [记忆%d](m%d.md) — 这是一个很长的中文描述，用于测试宽字符的计数方式。\n", i, i)
	}
	return b.String()
}

func emojiEntries(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "- [e%d](e%d.md) — %s\n", i, i, strings.Repeat("😀", 20))
	}
	return b.String()
}

const warnTail = ". Keep index entries to one line under ~200 chars; move detail into topic files."

// The expectations below were checked against Claude Code 2.1.328 (what
// it injected for the same bytes, through a loopback mock of the API).
func TestLoadIndexLimits(t *testing.T) {
	for _, tc := range []struct {
		name         string
		src          string
		lines, units int
		cut          bool
		warning      string // after "\n\n> WARNING: ", without warnTail
		keptLines    int
	}{
		{name: "199 lines", src: indexLines(199), lines: 199, units: 5952, keptLines: 199},
		{name: "200 lines", src: indexLines(200), lines: 200, units: 5983, keptLines: 200},
		{name: "201 lines", src: indexLines(201), lines: 201, units: 6014, cut: true, keptLines: 200,
			warning: `MEMORY.md is 201 lines (limit: 200). Only part of it was loaded: 1 of 201 lines were cut off, starting at line 201 ("- [e201](e201.md) — xxxxxxxxxx")`},
		{name: "24,999 units", src: indexUnits(24999), lines: 212, units: 24999, cut: true, keptLines: 200,
			warning: `MEMORY.md is 212 lines (limit: 200). Only part of it was loaded: 12 of 212 lines were cut off, starting at line 201 ("- [n200](n200.md) yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…")`},
		{name: "25,001 units", src: indexUnits(25001), lines: 212, units: 25001, cut: true, keptLines: 200,
			warning: `MEMORY.md is 212 lines and 24.4KB. Only part of it was loaded: 12 of 212 lines were cut off, starting at line 201 ("- [n200](n200.md) yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…")`},
		{name: "25,856 units round half up", src: indexUnits(25856), lines: 220, units: 25856, cut: true, keptLines: 200,
			warning: `MEMORY.md is 220 lines and 25.3KB. Only part of it was loaded: 20 of 220 lines were cut off, starting at line 201 ("- [n200](n200.md) yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…")`},
		{name: "25,600 units is 25KB", src: indexUnits(25600), lines: 217, units: 25600, cut: true, keptLines: 200,
			warning: `MEMORY.md is 217 lines and 25KB. Only part of it was loaded: 17 of 217 lines were cut off, starting at line 201 ("- [n200](n200.md) yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…")`},
		{name: "both limits, size cut first", src: longEntries(260, 150), lines: 260, units: 43719, cut: true, keptLines: 149,
			warning: `MEMORY.md is 260 lines and 42.7KB. Only part of it was loaded: 111 of 260 lines were cut off, starting at line 150 ("- [n149](n149.md) qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq…")`},
		{name: "24,999 units, under 200 lines", src: sizedIndex(24999, 250), lines: 100, units: 24999, keptLines: 100},
		{name: "25,000 units load whole", src: sizedIndex(25000, 250), lines: 100, units: 25000, keptLines: 100},
		{name: "25,001 units, under 200 lines", src: sizedIndex(25001, 250), lines: 101, units: 25001, cut: true, keptLines: 100,
			warning: `MEMORY.md is 24.4KB (limit: 24.4KB) — index entries are too long. Only part of it was loaded: 1 of 101 lines were cut off, starting at line 101 ("w")`},
		{name: "CJK", src: cjkEntries(700), lines: 700, units: 32679, cut: true, keptLines: 200,
			warning: `MEMORY.md is 700 lines and 31.9KB. Only part of it was loaded: 500 of 700 lines were cut off, starting at line 201 ("- [记忆200](m200.md) — 这是一个很长的中文描述，用于测试宽字符的计数方式。")`},
		{name: "astral emoji count two units", src: emojiEntries(600), lines: 600, units: 36379, cut: true, keptLines: 200,
			warning: `MEMORY.md is 600 lines and 35.5KB. Only part of it was loaded: 400 of 600 lines were cut off, starting at line 201 ("- [e200](e200.md) — ` + strings.Repeat("😀", 20) + `")`},
		{name: "one line over the size", src: strings.Repeat("w", 25010), lines: 1, units: 25010, cut: true, keptLines: 1,
			warning: `MEMORY.md is 24.4KB (limit: 24.4KB) — index entries are too long. Only part of it was loaded: everything after the first 25000 characters of line 1 was cut off`},
		{name: "surrogate pair split", src: strings.Repeat("a", 24999) + "😀" + strings.Repeat("b", 10), lines: 1, units: 25011, cut: true, keptLines: 1,
			warning: `MEMORY.md is 24.4KB (limit: 24.4KB) — index entries are too long. Only part of it was loaded: everything after the first 25000 characters of line 1 was cut off`},
		{name: "CRLF counts its CR", src: strings.Repeat("- a\r\n- b\r\n", 150), lines: 300, units: 1498, cut: true, keptLines: 200,
			warning: `MEMORY.md is 300 lines (limit: 200). Only part of it was loaded: 100 of 300 lines were cut off, starting at line 201 ("- a")`},
		{name: "lone CR is no line break", src: strings.Repeat("- a\r- b\r", 150), lines: 1, units: 1199, keptLines: 1},
		{name: "lone CR with a comment is", src: strings.Repeat("- x <!-- y -->\r- a\r- b\r", 150), lines: 450, units: 3449, cut: true, keptLines: 200,
			warning: `MEMORY.md is 450 lines (limit: 200). Only part of it was loaded: 250 of 450 lines were cut off, starting at line 201 ("- b")`},
		{name: "quoted line of 80 kept whole", src: indexLines(200) + strings.Repeat("q", 80) + "\n", lines: 201, units: 6064, cut: true, keptLines: 200,
			warning: `MEMORY.md is 201 lines (limit: 200). Only part of it was loaded: 1 of 201 lines were cut off, starting at line 201 ("` + strings.Repeat("q", 80) + `")`},
		{name: "quoted line of 81 shortened", src: indexLines(200) + strings.Repeat("q", 81) + "\n", lines: 201, units: 6065, cut: true, keptLines: 200,
			warning: `MEMORY.md is 201 lines (limit: 200). Only part of it was loaded: 1 of 201 lines were cut off, starting at line 201 ("` + strings.Repeat("q", 79) + `…")`},
		{name: "quoted line cut at a space", src: indexLines(200) + "- " + strings.Repeat("word ", 30) + "\n", lines: 201, units: 6135, cut: true, keptLines: 200,
			warning: `MEMORY.md is 201 lines (limit: 200). Only part of it was loaded: 1 of 201 lines were cut off, starting at line 201 ("- ` + strings.TrimSpace(strings.Repeat("word ", 15)) + `…")`},
		{name: "quoted line never splits a pair", src: indexLines(200) + strings.Repeat("q", 78) + "😀😀\n", lines: 201, units: 6066, cut: true, keptLines: 200,
			warning: `MEMORY.md is 201 lines (limit: 200). Only part of it was loaded: 1 of 201 lines were cut off, starting at line 201 ("` + strings.Repeat("q", 78) + `…")`},
		{name: "blank first lost line is not quoted", src: indexLines(200) + "\n\n- later\n", lines: 203, units: 5993, cut: true, keptLines: 200,
			warning: `MEMORY.md is 203 lines (limit: 200). Only part of it was loaded: 3 of 203 lines were cut off, starting at line 201`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			li := loadIndex([]byte(tc.src), release332)
			if !li.Loaded || li.Lines != tc.lines || li.Units != tc.units || li.Cut != tc.cut || li.KeptLines != tc.keptLines {
				t.Fatalf("loaded %v, %d lines, %d units, cut %v, kept %d lines; want %d lines, %d units, cut %v, kept %d",
					li.Loaded, li.Lines, li.Units, li.Cut, li.KeptLines, tc.lines, tc.units, tc.cut, tc.keptLines)
			}
			_, warning, found := strings.Cut(li.Text, "\n\n> WARNING: ")
			if found != tc.cut {
				t.Fatalf("warning present: %v", found)
			}
			if tc.cut && warning != tc.warning+warnTail {
				t.Errorf("warning\n got: %s\nwant: %s", warning, tc.warning+warnTail)
			}
			if !tc.cut && li.Text != strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(tc.src, "\r\n", "\n"), "\r", "\n")) {
				t.Errorf("text differs from the file")
			}
		})
	}
}

func TestLoadIndexText(t *testing.T) {
	an := "ant" + "ml"
	for _, tc := range []struct {
		name, src string
		want      string // "" with loaded false: nothing loaded
		loaded    bool
	}{
		{"plain", "- [a](a.md) — first\n", "- [a](a.md) — first", true},
		{"top-level comments go", "# T\n\n<!-- hidden -->\n- a\n<!-- x --> tail\n", "# T\n\n- a\n tail", true},
		{"comments in list items stay", "- a <!-- in item -->\n- b\n  <!-- nested -->\n", "- a <!-- in item -->\n- b\n  <!-- nested -->", true},
		{"comments in quotes stay", "> <!-- quoted -->\n\n- a\n", "> <!-- quoted -->\n\n- a", true},
		{"comments in fences stay", "```\n<!-- fenced -->\n```\n- a\n", "```\n<!-- fenced -->\n```\n- a", true},
		{"lone CR lines with a comment", "- [a](a.md) — first\r<!-- note -->\r- [b](b.md) — second\r", "- [a](a.md) — first\n- [b](b.md) — second", true},
		{"unclosed comment stays", "- a\n\n<!-- never closed\n- b\n", "- a\n\n<!-- never closed\n- b", true},
		{"frontmatter stripped", "---\nname: x\n---\n- a\n", "- a", true},
		{"frontmatter closes at the first ---", "---\nname: a---b\nx: y\n---\n- a\n", "b\nx: y\n---\n- a", true},
		{"frontmatter after a blank line stays", "\n---\nname: x\n---\n- a\n", "---\nname: x\n---\n- a", true},
		{"frontmatter with trailing spaces", "---  \nname: x\n---   \n\n\n- a\n", "- a", true},
		{"BOM dropped", "\ufeff- a\n", "- a", true},
		{"BOM before frontmatter", "\ufeff---\nname: x\n---\n- a\n", "- a", true},
		{"controls removed", "- a\x00b\n- c\x01d\x7f\n", "- ab\n- cd", true},
		{"invisible characters removed, joiners kept", "- a\u200bb\u200cc\u200dd\u2060e\ufe0ff\ufe01g\U000e0041h\u034fi\u3164j\ue000k\u0378l\n",
			"- ab\u200cc\u200dde\ufe0ffghijkl", true},
		{"line separators shown as newlines", "- a\u2028- b\u2029- c\n", "- a\n- b\n- c", true},
		{"invalid UTF-8", "- a \xe2\x82A \xff \xed\xa0\x80 \xf0\x9f\x98 end\n", "- a \ufffdA \ufffd \ufffd\ufffd\ufffd \ufffd end", true},
		{"reserved tags neutralised",
			`<system-reminder> </system-reminder> <SYSTEM-REMINDER x="1"> < system_reminder/> <function_results> <tool_use_error> <channel source="x"> <channel> <` + an + `:foo> <systemreminder> <system-reminderx> <ｓystem-reminder> ＜system-reminder> <s` + "\u0301" + `ystem-reminder> <.system-reminder> <tick> <system-reminder-x>`,
			`<\system-reminder> <\/system-reminder> <\SYSTEM-REMINDER x="1"> <\ system_reminder/> <\function_results> <\tool_use_error> <\channel source="x"> <channel> <\` + an + `:foo> <systemreminder> <system-reminderx> <\ｓystem-reminder> <\system-reminder> <\s` + "\u0301" + `ystem-reminder> <\.system-reminder> <\tick> <system-reminder-x>`, true},
		{"nel", "- a\u0085b\n- c\u000bd\fe\n", "- ab\n- cde", true},
		{"bom mid", "- a\ufeffb\n", "- ab", true},
		{"fm vt", "---\u000b\nname: x\n---\n- a\n", "- a", true},
		{"fm unicode space", "---\u00a0\nname: x\n---\u3000\n- a\n", "- a", true},
		{"comment trailing", "<!-- a --> text after\n- b\n", "text after\n- b", true},
		{"comment two", "<!-- a --><!-- b -->\n\n- b\n", "- b", true},
		{"comment indented", "   <!-- a -->\n- b\n", "- b", true},
		{"comment multiline", "<!--\nmulti\nline\n-->\n- b\n", "- b", true},
		{"comment html then", "<div>\n<!-- in html -->\n</div>\n- b\n", "<div>\n<!-- in html -->\n</div>\n- b", true},
		{"crlf bom fm", "\ufeff---\r\nname: x\r\n---\r\n- a\r\n<!-- c -->\r\n- b\r\n", "- a\n- b", true},
		{"comment bang", "<!-- odd --!> still -->\n- a\n", "- a", true},
		{"comment crlf mid", "- a\r\n<!-- c -->\r\n\r\n- b\r\n", "- a\n- b", true},
		{"comment details", "<details>\n<!-- inside details -->\n</details>\n\n- a\n", "<details>\n<!-- inside details -->\n</details>\n\n- a", true},
		{"comment empty", "<!---->\n- a\n", "- a", true},
		{"comment end of file", "- a\n<!-- last -->", "- a", true},
		{"comment fence tilde", "~~~\n<!-- fenced -->\n~~~\n<!-- real -->\n- a\n", "~~~\n<!-- fenced -->\n~~~\n- a", true},
		{"comment heading", "# Title\n<!-- under heading -->\n- a\n", "# Title\n- a", true},
		{"comment indent4", "- a\n\n    <!-- indented code -->\n\n- b\n", "- a\n\n    <!-- indented code -->\n\n- b", true},
		{"comment lazy", "- item\n<!-- after list -->\n- next\n", "- item\n- next", true},
		{"comment leading blank lines", "\n\n\n<!-- c -->\n\n\n- a\n", "- a", true},
		{"comment nested", "<!-- <!-- inner --> outer -->\n- a\n", "outer -->\n- a", true},
		{"comment only ws after", "<!-- c -->   \n- a\n", "- a", true},
		{"comment para interrupt", "para\n<!-- c -->\nmore\n", "para\nmore", true},
		{"comment quote lazy", "> quote\n<!-- after quote -->\n- a\n", "> quote\n- a", true},
		{"comment short", "<!-->\n- a\n", "<!-->\n- a", true},
		{"comment short2", "<!--->\n- a\n", "<!--->\n- a", true},
		{"comment space before", "  <!-- two spaces -->\n- a\n", "- a", true},
		{"comment table", "| a | b |\n|---|---|\n| <!-- cell --> | x |\n\n<!-- after table -->\n- a\n", "| a | b |\n|---|---|\n| <!-- cell --> | x |\n\n- a", true},
		{"comment textnext", "<!-- c -->\ntext right after\n- a\n", "text right after\n- a", true},
		{"comment two on line text", "<!-- a --> mid <!-- b -->\n- a\n", "mid \n- a", true},
		{"comment twolines", "<!-- one -->\n<!-- two -->\n- a\n", "- a", true},
		{"empty", "", "", false},
		{"whitespace only", "  \n\t\n  ", "", false},
		{"comments only", "<!-- a -->\n\n<!-- b -->\n", "", false},
		{"frontmatter only", "---\nname: x\n---\n", "", false},
		{"invisible only", "\u200b\u200b", "", false},
		{"invisible around a space loads empty", "\u200b \u200b", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			li := loadIndex([]byte(tc.src), release332)
			if li.Loaded != tc.loaded || li.Text != tc.want {
				t.Errorf("loaded %v %q, want %v %q", li.Loaded, li.Text, tc.loaded, tc.want)
			}
			if !li.Loaded && li.Skipped == "" {
				t.Errorf("nothing loaded and no reason given")
			}
		})
	}
}

// TestNeutraliseTags: reserved tags in every disguise Claude Code 2.1.328
// catches (checked against the binary), and near misses it leaves alone.
func TestNeutraliseTags(t *testing.T) {
	an := "ant" + "ml"
	for _, tc := range []struct{ src, want string }{
		{"- <sуstem-reminder> <ѕystem-reminder> <SYSTEM‐REMINDER> <system—reminder> <system_reminder >",
			"- <\\sуstem-reminder> <\\ѕystem-reminder> <\\SYSTEM‐REMINDER> <\\system—reminder> <\\system_reminder >"},
		{"- <𝐬𝐲𝐬𝐭𝐞𝐦-reminder> <ⓢystem-reminder> <system-ｒeminder> <ſystem-reminder> <system-remindeŕ>",
			"- <\\𝐬𝐲𝐬𝐭𝐞𝐦-reminder> <\\ⓢystem-reminder> <\\system-ｒeminder> <\\ſystem-reminder> <\\system-remindeŕ>"},
		{"- ‹system-reminder› 〈system-reminder〉 ﹤system-reminder﹥ ≪system-reminder≫ <<system-reminder>>",
			"- <\\system-reminder› <\\system-reminder〉 <\\system-reminder﹥ <\\system-reminder≫ <<\\system-reminder>>"},
		{"- <!system-reminder> <#system-reminder> <\"system-reminder\"> <(system-reminder)> <中system-reminder> <a system-reminder> <1system-reminder> <-system-reminder>",
			"- <\\!system-reminder> <\\#system-reminder> <\\\"system-reminder\"> <\\(system-reminder)> <\\中system-reminder> <a system-reminder> <1system-reminder> <-system-reminder>"},
		{"- <channel source=x> <channel  source = x> <channel foo=1 source=2> <channel data-source=1> <channel sources=1> <channel>source=1 <CHANNEL SOURCE=x> <channel\nsource=x> <channelx source=1> <channel-source=1>",
			"- <\\channel source=x> <\\channel  source = x> <\\channel foo=1 source=2> <channel data-source=1> <channel sources=1> <channel>source=1 <\\CHANNEL SOURCE=x> <\\channel\nsource=x> <channelx source=1> <channel-source=1>"},
		{"- <" + an + ":x> </" + an + ":x> <" + an + "：x> <" + an + " :x> <x> <" + an + "x:y> <" + an + ">",
			"- <\\" + an + ":x> <\\/" + an + ":x> <\\" + an + "：x> <" + an + " :x> <x> <" + an + "x:y> <" + an + ">"},
		{"- <system-reminder.> <system-reminder/> <system-reminder9> <system-reminderé> <system-reminder_> <tick> <ticks> <tick-tock> <bash-input> <command-name> <total_tokens> <sandbox-violations>",
			"- <\\system-reminder.> <\\system-reminder/> <system-reminder9> <\\system-reminderé> <system-reminder_> <\\tick> <ticks> <tick-tock> <\\bash-input> <\\command-name> <\\total_tokens> <\\sandbox-violations>"},
		{"- <s\u200Bystem-reminder> <s\u00ADystem-reminder> <sy\u0300\u0301stem-reminder> <s\u0007ystem-reminder>",
			"- <\\system-reminder> <\\system-reminder> <\\sỳ́stem-reminder> <\\system-reminder>"},
	} {
		if got := loadIndex([]byte(tc.src), release332).Text; got != tc.want {
			t.Errorf("%q\n got: %q\nwant: %q", tc.src, got, tc.want)
		}
	}
}

func TestLoadIndexSizeLimit(t *testing.T) {
	line := []byte("- [x](x.md) " + strings.Repeat("y", 100) + "\n")
	for _, tc := range []struct {
		size   int
		loaded bool
	}{{memory.IndexMaxBytes, true}, {memory.IndexMaxBytes + 1, false}} {
		src := bytes.Repeat(line, tc.size/len(line)+1)[:tc.size-1]
		src = append(src, '\n')
		li := loadIndex(src, release332)
		if li.Loaded != tc.loaded {
			t.Errorf("%d bytes: loaded %v, want %v (%s)", tc.size, li.Loaded, tc.loaded, li.Skipped)
		}
	}
}

func TestJSSize(t *testing.T) {
	for n, want := range map[int]string{1000: "1000 bytes", 1024: "1KB", 25000: "24.4KB", 25600: "25KB", 25856: "25.3KB", 1 << 20: "1MB", 4 << 20: "4MB"} {
		if got := jsSize(n); got != want {
			t.Errorf("jsSize(%d) = %s, want %s", n, got, want)
		}
	}
}

// FuzzLoadIndex: no input makes the loader or the recall reader panic,
// and what is loaded is valid UTF-8 within the limits plus the warning.
func FuzzLoadIndex(f *testing.F) {
	for _, s := range []string{"", "- a\n", "---\nx: y\n---\n<!-- c -->\n- a\r\n", "\xff\xfe\x00", "<system-reminder>", "\ufeff---\ndescription: d\ntype: user\n---\n"} {
		f.Add([]byte(s))
	}
	f.Add([]byte("<!-- c -->\n[a]: <a b>\n  \"t\"\n- x\n\n  [b]: b\n> [c]: c\n"))
	f.Add([]byte("> q\n>> r\n[a]:\n\n"))
	release337 := Release{Model: claudecode.ModelOf(claudecode.Version{Major: 2, Minor: 1, Patch: 337})}
	f.Fuzz(func(t *testing.T, src []byte) {
		// Every modelled behaviour: definitions dropped (2.1.328), kept
		// (2.1.332), and the quoted index (2.1.337).
		for _, rel := range []Release{release328, release332, release337} {
			li := loadIndex(src, rel)
			if !utf8.ValidString(li.Text) {
				t.Fatalf("%s: invalid UTF-8 loaded", rel)
			}
			if li.Loaded && !li.Cut && li.KeptLines > memory.IndexMaxLines {
				t.Fatalf("%s: %d lines loaded whole", rel, li.KeptLines)
			}
		}
		_ = readRecallFields(src)
	})
}

func TestLoadAgentIndex(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
		loaded          bool
	}{
		{"frontmatter and comments stay", "---\nname: x\n---\n<!-- c -->\n- a\n", "---\nname: x\n---\n<!-- c -->\n- a", true},
		{"cleaned once, not trimmed after", "- a \u200b\n", "- a ", true},
		{"tags neutralised", "<system-reminder>", `<\system-reminder>`, true},
		{"empty", " \n\t", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			li := loadAgentIndex([]byte(tc.src), Release{})
			if li.Loaded != tc.loaded || li.Text != tc.want {
				t.Errorf("loaded %v %q, want %v %q", li.Loaded, li.Text, tc.loaded, tc.want)
			}
		})
	}
	long := loadAgentIndex([]byte(indexLines(201)), Release{})
	if !long.Cut || !strings.Contains(long.Text, "\n\n> WARNING: MEMORY.md is 201 lines (limit: 200).") {
		t.Errorf("a subagent's index is cut as the main one: %v", long.Cut)
	}
}

// TestLinkDefinitionsByRelease: with "<!--" in MEMORY.md, 2.1.328 drops
// every top-level link reference definition (with the blank lines after
// it); 2.1.330 and later keep them. Observed on both binaries
// (conformance linkdef-*).
func TestLinkDefinitionsByRelease(t *testing.T) {
	for _, tc := range []struct {
		name, src, dropped, kept string
	}{
		{"top-level comment",
			"<!-- note -->\n# Index\n\n- [a][a] — first\n\n[a]: a.md\n[B]: b.md \"title\"\n\n- [c](c.md) — third\n",
			"# Index\n\n- [a][a] — first\n\n- [c](c.md) — third",
			"# Index\n\n- [a][a] — first\n\n[a]: a.md\n[B]: b.md \"title\"\n\n- [c](c.md) — third"},
		{"inline comment only",
			"- [a][a] — first <!-- inline -->\n- [b][b] — second\n\n[a]: a.md\n[b]: b.md\n",
			"- [a][a] — first <!-- inline -->\n- [b][b] — second",
			"- [a][a] — first <!-- inline -->\n- [b][b] — second\n\n[a]: a.md\n[b]: b.md"},
		{"no comment",
			"- [a][a] — first\n\n[a]: a.md\n",
			"- [a][a] — first\n\n[a]: a.md",
			"- [a][a] — first\n\n[a]: a.md"},
		{"forms",
			"<!--\nc\n-->\n# Index\n[p]: p.md\n\n[a]: <a b.md>\n[e]: e.md\n  \"next line\"\n[f]:\n  f.md\n   [g]: g.md\n    [h]: h.md\n\n[i]: i.md \"unclosed\ntext after\n\n- item\n  [j]: j.md\n> [k]: k.md\n\n[l]: l.md\n\n\n\n- last <!-- x -->\n",
			"# Index\n    [h]: h.md\n\n[i]: i.md \"unclosed\ntext after\n\n- item\n  [j]: j.md\n> [k]: k.md\n\n- last <!-- x -->",
			"# Index\n[p]: p.md\n\n[a]: <a b.md>\n[e]: e.md\n  \"next line\"\n[f]:\n  f.md\n   [g]: g.md\n    [h]: h.md\n\n[i]: i.md \"unclosed\ntext after\n\n- item\n  [j]: j.md\n> [k]: k.md\n\n[l]: l.md\n\n\n\n- last <!-- x -->"},
		{"containers",
			"<!-- c -->\n- item one\n\n  [a]: a.md\n- item two\n  - nested\n\n    [b]: b.md\n\n[c]: c.md\n> quote\n\n[d]: d.md\nTitle\n=====\n[e]: e.md\n[f\ng]: fg.md\n[h]: h.md 'one\ntwo'\n[i]: <>\n[j]: j.md   \ntext\n1. ordered\n\n   [k]: k.md\n",
			"- item one\n\n  [a]: a.md\n- item two\n  - nested\n\n    [b]: b.md\n\n> quote\n\nTitle\n=====\ntext\n1. ordered\n\n   [k]: k.md",
			""},
		{"crlf",
			"<!-- c -->\r\n- [a][a] — first\r\n\r\n[a]: a.md\r\n",
			"- [a][a] — first",
			"- [a][a] — first\n\n[a]: a.md"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := loadIndex([]byte(tc.src), release328).Text; got != tc.dropped {
				t.Errorf("2.1.328 loads\n%q\nwant\n%q", got, tc.dropped)
			}
			if tc.kept == "" {
				return
			}
			if got := loadIndex([]byte(tc.src), release332).Text; got != tc.kept {
				t.Errorf("2.1.332 loads\n%q\nwant\n%q", got, tc.kept)
			}
		})
	}
}

// TestLinkDefinitionsAreLinear: the definitions 2.1.328 drops are found in
// one pass, however many there are, and a title that never closes is read
// at most once per definition window.
func TestLinkDefinitionsAreLinear(t *testing.T) {
	var many strings.Builder
	many.WriteString("<!-- c -->\n")
	for i := 0; many.Len() < 3<<20; i++ {
		fmt.Fprintf(&many, "[a%d]: a%d.md\n\n", i, i)
	}
	unclosed := "<!-- c -->\n" + strings.Repeat("[a]: a.md\n\"\n\n", 250_000)
	for name, src := range map[string]string{"many": many.String() + "- last\n", "unclosed titles": unclosed} {
		hostiletest.Within(t, 60*time.Second, func() {
			li := loadIndex([]byte(src), release328)
			if name == "many" && li.Text != "- last" {
				t.Errorf("%s: loaded %.80q…", name, li.Text)
			}
		})
	}
}

// TestIndexQuoted: 2.1.337 puts its preamble before the loaded index and
// quotes each line, folding a line's own leading "> " into the quote; the
// cut and its warning are as before; an index of invisible characters is
// loaded as "> ". Observed on the binary (the 2.1.332 -> 2.1.337 release
// diff: every index case that loads anything).
func TestIndexQuoted(t *testing.T) {
	rel := Release{Model: claudecode.ModelOf(claudecode.Version{Major: 2, Minor: 1, Patch: 337})}
	for _, tc := range []struct{ name, src, want string }{
		{"plain", "# Memory index\n\n- [a](a.md) — first\n", "> # Memory index\n> \n> - [a](a.md) — first"},
		{"quotes fold", "> <!-- c -->\n> quoted text\n\n> > nested\n- [a](a.md) — first\n", "> <!-- c -->\n> quoted text\n> \n> nested\n> - [a](a.md) — first"},
		{"invisible only", "\u200B\u200B\u2060\n\u200E\n", "> "},
		{"line separators", "- [a](a.md) — one\u2028two\r\nthree\n", "> - [a](a.md) — one\n> two\n> three"},
		{"cut", indexLines(201), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			li := loadIndex([]byte(tc.src), rel)
			if !li.Loaded || li.Preamble != indexPreamble || !strings.HasPrefix(li.Text, indexPreamble+"\n\n") {
				t.Fatalf("not loaded after the preamble: %+v", li)
			}
			got := strings.TrimPrefix(li.Text, indexPreamble+"\n\n")
			if tc.want == "" {
				want := quoteIndexLines(loadIndex([]byte(tc.src), release332).Text)
				if got != want || !strings.Contains(got, "\n> \n> WARNING: MEMORY.md is 201 lines") {
					t.Errorf("got\n%q\nwant\n%q", got, want)
				}
				return
			}
			if got != tc.want {
				t.Errorf("got\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
	if li := loadIndex([]byte("<!-- only a comment -->\n"), rel); li.Loaded {
		t.Errorf("an index empty once comments go is loaded: %q", li.Text)
	}
}
