// Package schematest compiles a JSON Schema with a real draft 2020-12
// validator and checks YAML documents against it, for the tests of
// memlint's configuration schema (lint.ConfigSchema).
package schematest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"
)

// Compile checks that schema is a valid draft 2020-12 schema, against the
// metaschema the validator embeds, and compiles it.
func Compile(t testing.TB, schema []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatalf("the schema is not JSON: %v", err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	meta, err := c.Compile("https://json-schema.org/draft/2020-12/schema")
	if err != nil {
		t.Fatalf("compile the 2020-12 metaschema: %v", err)
	}
	if err := meta.Validate(doc); err != nil {
		t.Fatalf("the schema is not valid against the 2020-12 metaschema: %v", err)
	}
	const url = "memlint.schema.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatalf("compile the schema: %v", err)
	}
	return sch
}

// Validate reads src as YAML, as an editor's YAML language server would,
// and validates it against sch. An empty document validates: there is
// nothing to check.
func Validate(sch *jsonschema.Schema, src []byte) error {
	var v any
	if err := yaml.Unmarshal(src, &v); err != nil {
		return fmt.Errorf("read YAML: %w", err)
	}
	if v == nil {
		return nil
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("as JSON: %w", err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return err
	}
	return sch.Validate(doc)
}
