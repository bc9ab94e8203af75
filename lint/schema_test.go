package lint

import (
	"testing"

	"github.com/memlint/memlint/internal/schematest"
)

// schemaCannotReject are the configuration error cases a JSON Schema
// cannot express, by the case's name (customRuleErrorCases) or wanted
// error (configErrorCases), with why. Every other case must be refused
// by the schema, so a new case is either refused or listed here.
var schemaCannotReject = map[string]string{
	// A YAML reader refuses these before any schema sees a value.
	"c.yaml:1: invalid YAML":                          "not YAML",
	"c.yaml:3: rules.entry-length: key appears twice": "a key twice is a YAML error",
	"c.yaml:1: claude-code.recall: key appears twice": "a key twice is a YAML error",
	"key twice":                          "a key twice is a YAML error",
	`c.yaml:1: ignore: invalid glob "["`: "glob syntax",
	"bad glob":                           "glob syntax",
	"bad pattern":                        "RE2 syntax",
	"lookahead":                          "RE2 syntax",
	"empty match":                        "what an RE2 pattern matches",
	"duplicate id":                       "IDs unique across list items",
	"unknown rule still unknown":         "which IDs custom-rules: defines",
}

// TestConfigSchemaRejects checks that the schema of a registry refuses
// the configurations ParseConfig refuses with it, where a schema can.
func TestConfigSchemaRejects(t *testing.T) {
	out, err := ConfigSchema(testRegistry(t))
	if err != nil {
		t.Fatal(err)
	}
	sch := schematest.Compile(t, out)
	named := map[string]bool{}
	check := func(name, src string) {
		t.Helper()
		named[name] = true
		if _, err := ParseConfig([]byte(src), "c.yaml", testRegistry(t)); err == nil {
			t.Errorf("%s: ParseConfig accepts %q", name, src)
		}
		err := schematest.Validate(sch, []byte(src))
		if why, skip := schemaCannotReject[name]; skip {
			t.Logf("%s: not for a schema (%s): %v", name, why, err)
			return
		}
		if err == nil {
			t.Errorf("%s: the schema accepts %q, which ParseConfig refuses", name, src)
		}
	}
	for _, tc := range configErrorCases {
		check(tc.want, tc.src)
	}
	for _, tc := range customRuleErrorCases {
		check(tc.name, tc.src)
	}
	for name := range schemaCannotReject {
		if !named[name] {
			t.Errorf("schemaCannotReject lists %q, which is no case", name)
		}
	}
}

// TestConfigSchemaAccepts checks that the schema accepts the forms
// ParseConfig accepts that the examples in the docs do not use: null
// values, a single string for a list, booleans for a rule, warn.
func TestConfigSchemaAccepts(t *testing.T) {
	out, err := ConfigSchema(testRegistry(t))
	if err != nil {
		t.Fatal(err)
	}
	sch := schematest.Compile(t, out)
	for _, src := range []string{
		"",
		"roots:\nignore:\nrules:\nclaude-code:\ncustom-rules:\n",
		"roots: team-memory\nignore: '**/archive/**'\n",
		"rules:\n  entry-length: false\n  secretish: true\n  relative-date: warn\n",
		"rules:\n  entry-length: {severity: off, max: 0}\n  relative-date: {types: user}\n",
		"rules:\n  relative-date: {types: }\n",
		"claude-code: {recall: on, guard: off}\n",
		"claude-code: {recall: true, guard: false}\n",
		"overrides:\n  - files: '**/team/**'\n  - files: [a, b]\n    rules: {secretish: off}\n",
		"custom-rules:\n  - id: no-hosts\n    message: m\n    words: x\n    scope: frontmatter.metadata.owner\n    types: project\n    files: '**'\n",
		"custom-rules:\n  - id: no-hosts2\n    message: m\n    pattern: 'a+'\n    scope: index\n    types: []\n    severity: error\n    suggestion: s\n" +
			"rules:\n  no-hosts2: info\noverrides:\n  - files: x\n    rules: {no-hosts2: off, entry-length: {max: 3}}\n",
	} {
		if _, err := ParseConfig([]byte(src), "c.yaml", testRegistry(t)); err != nil {
			t.Errorf("ParseConfig refuses %q: %v", src, err)
		}
		if err := schematest.Validate(sch, []byte(src)); err != nil {
			t.Errorf("the schema refuses %q, which ParseConfig accepts: %v", src, err)
		}
	}
}
