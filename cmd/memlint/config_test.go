package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"gopkg.in/yaml.v3"

	"github.com/memlint/memlint/internal/schematest"
	"github.com/memlint/memlint/lint"
)

// schemaFile is the committed copy of memlint config schema.
const schemaFile = "../../docs/memlint.schema.json"

// TestConfigSchemaCommitted checks that docs/memlint.schema.json, the
// file editors and SchemaStore fetch, is what memlint config schema
// prints, and that it is a valid draft 2020-12 schema.
func TestConfigSchemaCommitted(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"config", "schema"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	schematest.Compile(t, stdout.Bytes())
	want, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatalf("%v (run go generate ./...)", err)
	}
	if !bytes.Equal(stdout.Bytes(), want) {
		t.Errorf("docs/memlint.schema.json is not what memlint config schema prints: run go generate ./...")
	}
	var again bytes.Buffer
	run([]string{"config", "schema"}, &again, &stderr)
	if !bytes.Equal(again.Bytes(), stdout.Bytes()) {
		t.Error("memlint config schema prints something else on a second run")
	}
}

// TestConfigSchemaCommand checks the config group's usage errors.
func TestConfigSchemaCommand(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"config"}, exitOK, "memlint config schema"},
		{[]string{"config", "shema"}, exitUsage, `unknown command "shema" for "memlint config" (did you mean "schema"?)`},
		{[]string{"config", "schema", "extra"}, exitUsage, "unknown command"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, &stdout, &stderr)
		if code != tc.code || !strings.Contains(stdout.String()+stderr.String(), tc.want) {
			t.Errorf("memlint %s: exit %d, want %d with %q:\n%s%s", strings.Join(tc.args, " "), code, tc.code, tc.want, stdout.String(), stderr.String())
		}
	}
}

// configKeys are the top-level keys of .memlint.yaml: a YAML block in the
// docs made of these only is an example configuration.
var configKeys = map[string]bool{"roots": true, "ignore": true, "claude-code": true, "rules": true, "overrides": true, "custom-rules": true}

// yamlBlock is a fenced YAML code block in Markdown.
var yamlBlock = regexp.MustCompile("(?ms)^```ya?ml\n(.*?)^```")

// TestConfigSchemaExamples checks that every example configuration in the
// repository memlint accepts, the schema accepts too: each .memlint.yaml
// in testdata, each one in a test script, and each YAML block of the docs
// that is a configuration (those memlint must accept as well).
func TestConfigSchemaExamples(t *testing.T) {
	out, err := lint.ConfigSchema(builtinRules())
	if err != nil {
		t.Fatal(err)
	}
	sch := schematest.Compile(t, out)
	type example struct {
		name string
		src  []byte
		doc  bool // from the docs: memlint must accept it
	}
	var examples []example
	files, err := exec.Command("git", "-C", "../..", "ls-files", "-z", "*.memlint.yaml", "*.txtar", "*.md").Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	for _, name := range strings.Split(strings.TrimSuffix(string(files), "\x00"), "\x00") {
		path := filepath.Join("../..", name)
		if info, err := os.Lstat(path); err != nil || !info.Mode().IsRegular() {
			continue // a fixture's symlink, dangling or not
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case strings.HasSuffix(name, ".memlint.yaml"):
			examples = append(examples, example{name: name, src: src})
		case strings.HasSuffix(name, ".txtar"):
			for _, f := range txtar.Parse(src).Files {
				if filepath.Base(f.Name) == lint.ConfigFileName {
					examples = append(examples, example{name: name + ": " + f.Name, src: f.Data})
				}
			}
		case strings.HasPrefix(name, "docs/") || name == "README.md":
			for i, m := range yamlBlock.FindAllSubmatch(src, -1) {
				if isConfigBlock(m[1]) {
					examples = append(examples, example{name: fmt.Sprintf("%s: YAML block %d", name, i+1), src: m[1], doc: true})
				}
			}
		}
	}
	var checked, docs int
	for _, ex := range examples {
		if _, err := lint.ParseConfig(ex.src, "/repo/.memlint.yaml", builtinRules()); err != nil {
			if ex.doc {
				t.Errorf("%s: memlint refuses the example: %v", ex.name, err)
			}
			continue // a test of a configuration error
		}
		checked++
		if ex.doc {
			docs++
		}
		if err := schematest.Validate(sch, ex.src); err != nil {
			t.Errorf("%s: memlint accepts it, the schema does not: %v\n%s", ex.name, err, ex.src)
		}
	}
	// The repository has about twenty examples, five in the docs: far
	// fewer means they are no longer found.
	if checked < 15 || docs < 4 {
		t.Errorf("checked %d example configurations, %d from the docs: the search is broken", checked, docs)
	}
}

// isConfigBlock reports whether a YAML block is a mapping of
// configuration keys only (not a pre-commit or workflow file).
func isConfigBlock(src []byte) bool {
	var m map[string]any
	if yaml.Unmarshal(src, &m) != nil || len(m) == 0 {
		return false
	}
	for k := range m {
		if !configKeys[k] {
			return false
		}
	}
	return true
}
