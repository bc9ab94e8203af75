// Command docs writes, from the rule registry, the files that document
// it: docs/rules.md, docs/memlint.schema.json (what memlint config schema
// prints) and the table of rules in README.md. `go generate ./...` runs it
// in rules/, after allgo has written all.go; tests of packages rules and
// cmd/memlint fail when a file is stale.
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
)

func main() {
	if err := generate(".."); err != nil {
		fmt.Fprintf(os.Stderr, "docs: %v\n", err)
		os.Exit(1)
	}
}

// generate writes the files below the module's folder top.
func generate(top string) error {
	schema, err := lint.ConfigSchema(rules.Registry())
	if err != nil {
		return err
	}
	table, err := rules.ReadmeTable(rules.All())
	if err != nil {
		return err
	}
	readmeFile := filepath.Join(top, "README.md")
	readme, err := os.ReadFile(readmeFile)
	if err != nil {
		return err
	}
	if readme, err = rules.SpliceReadme(readme, table); err != nil {
		return fmt.Errorf("%s: %w", readmeFile, err)
	}
	for _, f := range []struct {
		name string
		data []byte
	}{
		{filepath.Join(top, "docs", "rules.md"), rules.Markdown(rules.All())},
		{filepath.Join(top, "docs", "memlint.schema.json"), schema},
		{readmeFile, readme},
	} {
		if old, err := os.ReadFile(f.name); err == nil && bytes.Equal(old, f.data) {
			continue
		}
		if err := os.WriteFile(f.name, f.data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
