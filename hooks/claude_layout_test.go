package hooks_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memlint/memlint/hooks"
)

// The hooks install adds, on one line with the separators of a compact
// file: compact* with ":" and ",", spaced* with ": " and ", ".
const (
	compactHook  = `{"type":"command","command":"memlint hooks run claude","timeout":30}`
	compactGrp   = `{"matcher":"Write|Edit|Bash","hooks":[` + compactHook + `]}`
	compactOther = `"PreToolUse":[{"matcher":"Write|Edit|Bash","hooks":[{"type":"command","command":"memlint hooks run claude-guard","timeout":30}]}],` +
		`"SessionStart":[{"hooks":[{"type":"command","command":"memlint hooks run claude-session","timeout":30}]}],` +
		`"PostToolUseFailure":[{"matcher":"Bash","hooks":[` + compactHook + `]}]`
	compactLists = `"PostToolUse":[` + compactGrp + `],` + compactOther
	spacedHook   = `{"type": "command", "command": "memlint hooks run claude", "timeout": 30}`
	spacedGrp    = `{"matcher": "Write|Edit|Bash", "hooks": [` + spacedHook + `]}`
	spacedLists  = `"PostToolUse": [` + spacedGrp + `], "PreToolUse": [{"matcher": "Write|Edit|Bash", "hooks": [{"type": "command", "command": "memlint hooks run claude-guard", "timeout": 30}]}], ` +
		`"SessionStart": [{"hooks": [{"type": "command", "command": "memlint hooks run claude-session", "timeout": 30}]}], ` +
		`"PostToolUseFailure": [{"matcher": "Bash", "hooks": [` + spacedHook + `]}]`
)

// indentedOther is the PreToolUse, SessionStart and PostToolUseFailure
// lists install adds after PostToolUse in a file indented by two spaces,
// one level in.
const indentedOther = `    "PreToolUse": [
      {
        "matcher": "Write|Edit|Bash",
        "hooks": [
          {
            "type": "command",
            "command": "memlint hooks run claude-guard",
            "timeout": 30
          }
        ]
      }
    ],
    "SessionStart": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "memlint hooks run claude-session",
            "timeout": 30
          }
        ]
      }
    ],
    "PostToolUseFailure": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "memlint hooks run claude",
            "timeout": 30
          }
        ]
      }
    ]
`

// indentedHooks is the "hooks" member install adds to an indented object
// at one level: freshSettings's, laid out with unit and nl.
func indentedHooks(unit, nl string) string {
	inner := strings.TrimSuffix(strings.TrimPrefix(freshSettings, "{\n  "), "\n}\n")
	lines := strings.Split(inner, "\n")
	for i, line := range lines {
		body := strings.TrimLeft(line, " ")
		lines[i] = strings.Repeat(unit, (len(line)-len(body))/2) + body
	}
	return strings.Join(lines, nl)
}

// layoutCases are settings files and what install makes of them, byte for
// byte. Uninstall gives the input back unless uninstalled says otherwise.
var layoutCases = []struct {
	name, src, installed string
	uninstalled          *string // nil: the input
}{
	{"compact", `{"model":"opus"}`,
		`{"model":"opus","hooks":{` + compactLists + `}}`, nil},
	{"compact with spaces and a newline", "{\"model\": \"opus\", \"a\": [1, 2]}\n",
		"{\"model\": \"opus\", \"a\": [1, 2], \"hooks\": {" + spacedLists + "}}\n", nil},
	{"empty object", `{}`,
		`{"hooks":{` + compactLists + `}}`, nil},
	{"two spaces", "{\n  \"model\": \"opus\"\n}\n",
		"{\n  \"model\": \"opus\",\n  " + indentedHooks("  ", "\n") + "\n}\n", nil},
	{"four spaces, no final newline", "{\n    \"model\": \"opus\",\n    \"x\": {\"a\":1}\n}",
		"{\n    \"model\": \"opus\",\n    \"x\": {\"a\":1},\n    " + indentedHooks("    ", "\n") + "\n}", nil},
	{"tabs", "{\n\t\"model\": \"opus\"\n}\n",
		"{\n\t\"model\": \"opus\",\n\t" + indentedHooks("\t", "\n") + "\n}\n", nil},
	{"CRLF", "{\r\n  \"model\": \"opus\"\r\n}\r\n",
		"{\r\n  \"model\": \"opus\",\r\n  " + indentedHooks("  ", "\r\n") + "\r\n}\r\n", nil},
	{"odd spacing kept", "  {  \"a\" : 1 ,\n\n  \"b\":2 }  \n",
		"  {  \"a\" : 1 ,\n\n  \"b\":2 ,\n\n  \"hooks\" : {\n    \"PostToolUse\" : [\n      {\n        \"matcher\" : \"Write|Edit|Bash\",\n" +
			"        \"hooks\" : [\n          {\n            \"type\" : \"command\",\n            \"command\" : \"memlint hooks run claude\",\n" +
			"            \"timeout\" : 30\n          }\n        ]\n      }\n    ],\n" + strings.ReplaceAll(indentedOther, "\": ", "\" : ") + "  } }  \n", nil},
	{"inline hooks in an indented file", "{\n  \"hooks\": {\"Stop\": []}\n}\n",
		"{\n  \"hooks\": {\"Stop\": [], " + spacedLists + "}\n}\n", nil},
	{"other matchers", "{\n  \"hooks\": {\n    \"PostToolUse\": [\n      {\"matcher\": \"Bash\", \"hooks\": []}\n    ]\n  }\n}\n",
		"{\n  \"hooks\": {\n    \"PostToolUse\": [\n      {\"matcher\": \"Bash\", \"hooks\": []},\n      {\n        \"matcher\": \"Write|Edit|Bash\",\n" +
			"        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"memlint hooks run claude\",\n" +
			"            \"timeout\": 30\n          }\n        ]\n      }\n    ],\n" + indentedOther + "  }\n}\n", nil},
	{"memlint's matcher with another hook", `{"hooks":{"PostToolUse":[{"matcher":"Write|Edit|Bash","hooks":[{"type":"command","command":"x"}]}]}}`,
		`{"hooks":{"PostToolUse":[{"matcher":"Write|Edit|Bash","hooks":[{"type":"command","command":"x"},` + compactHook + `]}],` + compactOther + `}}`, nil},
	{"an earlier matcher with another hook: a group of memlint's own", `{"hooks":{"PostToolUse":[{"matcher":"Write|Edit","hooks":[{"type":"command","command":"x"}]}]}}`,
		`{"hooks":{"PostToolUse":[{"matcher":"Write|Edit","hooks":[{"type":"command","command":"x"}]},` + compactGrp + `],` + compactOther + `}}`, nil},
	{"an old matcher with another hook: a group of memlint's own", `{"hooks":{"PostToolUse":[{"matcher":"Write|Edit|MultiEdit","hooks":[{"type":"command","command":"x"}]}]}}`,
		`{"hooks":{"PostToolUse":[{"matcher":"Write|Edit|MultiEdit","hooks":[{"type":"command","command":"x"}]},` + compactGrp + `],` + compactOther + `}}`, nil},
	{"empty file", "", freshSettings, ptr("{}\n")},
	{"blank file", " \r\n\n", freshSettings, ptr("{}\n")},
}

func ptr(s string) *string { return &s }

func TestClaudeSettingsLayout(t *testing.T) {
	t.Parallel()
	for _, tc := range layoutCases {
		t.Run(tc.name, func(t *testing.T) {
			o, _ := settingsOptions(t, "project")
			file := settingsPath(o)
			writeFile(t, file, tc.src)
			if err := hooks.InstallClaudeHook(o); err != nil {
				t.Fatal(err)
			}
			if got := readFile(t, file); got != tc.installed {
				t.Fatalf("install:\n got %q\nwant %q", got, tc.installed)
			}
			if !json.Valid([]byte(tc.installed)) {
				t.Fatalf("the expected result is not JSON")
			}
			if err := hooks.UninstallClaudeHook(o); err != nil {
				t.Fatal(err)
			}
			want := tc.src
			if tc.uninstalled != nil {
				want = *tc.uninstalled
			}
			if got := readFile(t, file); got != want {
				t.Fatalf("uninstall:\n got %q\nwant %q", got, want)
			}
		})
	}
}

// TestUninstallClaudeHookNothingToRemove: a file without memlint's hook is
// left byte-identical and not rewritten, whatever its layout; an empty
// file stays empty.
func TestUninstallClaudeHookNothingToRemove(t *testing.T) {
	t.Parallel()
	for _, src := range []string{"", " \n", "{}", "{\"model\":\"opus\"}", "{\r\n\t\"hooks\": {\"PostToolUse\": []}\r\n}"} {
		o, out := settingsOptions(t, "project")
		file := settingsPath(o)
		writeFile(t, file, src)
		before, err := os.Stat(file)
		if err != nil {
			t.Fatal(err)
		}
		if err := hooks.UninstallClaudeHook(o); err != nil {
			t.Fatal(err)
		}
		after, err := os.Stat(file)
		if err != nil || !os.SameFile(before, after) || readFile(t, file) != src {
			t.Errorf("%q: rewritten, or now %q", src, readFile(t, file))
		}
		if !strings.Contains(out.String(), "nothing to remove") {
			t.Errorf("%q: output %q", src, out)
		}
	}
}

// TestUninstallClaudeHookCompact removes memlint's hook from the middle of
// a compact file and keeps every other byte.
func TestUninstallClaudeHookCompact(t *testing.T) {
	t.Parallel()
	o, _ := settingsOptions(t, "project")
	file := settingsPath(o)
	writeFile(t, file, `{"hooks":{"PostToolUse":[{"matcher":"Write","hooks":[{"type":"command","command":"memlint hooks run claude"}, {"type":"command","command":"x"}]},{"matcher":"Bash","hooks":[]}]},"a":1}`)
	if err := hooks.UninstallClaudeHook(o); err != nil {
		t.Fatal(err)
	}
	want := `{"hooks":{"PostToolUse":[{"matcher":"Write","hooks":[{"type":"command","command":"x"}]},{"matcher":"Bash","hooks":[]}]},"a":1}`
	if got := readFile(t, file); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// FuzzClaudeSettingsRoundTrip: for any settings file install accepts and
// that holds no memlint hook, uninstall after install gives the file back
// byte for byte — unless install filled a container that was empty (the
// top-level object, an empty "hooks", PostToolUse or matcher list), which
// uninstall empties or removes once memlint's hook is gone.
func FuzzClaudeSettingsRoundTrip(f *testing.F) {
	for _, tc := range layoutCases {
		f.Add(tc.src)
	}
	f.Add(existingSettings)
	f.Fuzz(func(t *testing.T, src string) {
		if !roundTrips(src) {
			return
		}
		dir := t.TempDir()
		o := hooks.ClaudeHookOptions{ProjectDir: dir, Scope: "project", Memlint: "memlint"}
		file := filepath.Join(dir, ".claude", "settings.json")
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if hooks.InstallClaudeHook(o) != nil {
			return // not a settings object install edits
		}
		installed, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !json.Valid(installed) {
			t.Fatalf("install wrote invalid JSON: %q", installed)
		}
		if err := hooks.UninstallClaudeHook(o); err != nil {
			t.Fatalf("uninstall: %v", err)
		}
		if got, _ := os.ReadFile(file); string(got) != src {
			t.Fatalf("round trip:\n got %q\nwant %q", got, src)
		}
	})
}

// roundTrips reports whether install then uninstall should give src back:
// it is an object with members, holding no "memlint" (in any spelling) and no
// empty container install would fill.
func roundTrips(src string) bool {
	var doc map[string]any
	if json.Unmarshal([]byte(src), &doc) != nil || len(doc) == 0 {
		return false // not an object, or an empty one install fills
	}
	if plain, err := json.Marshal(doc); err != nil || strings.Contains(string(plain), "memlint") {
		return false
	}
	h, ok := doc["hooks"].(map[string]any)
	if !ok {
		return true // absent, or refused by install
	}
	if len(h) == 0 {
		return false
	}
	groups, ok := h["PostToolUse"].([]any)
	if !ok {
		return true
	}
	if len(groups) == 0 {
		return false
	}
	for _, g := range groups {
		g, _ := g.(map[string]any)
		// install puts its hook into a group of its own matcher (or of
		// the older one, which it renames): an empty one it fills.
		if list, ok := g["hooks"].([]any); ok && len(list) == 0 && (g["matcher"] == "Write|Edit" || g["matcher"] == "Write|Edit|MultiEdit") {
			return false
		}
	}
	return true
}
