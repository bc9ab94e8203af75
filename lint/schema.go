package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// SchemaID is where the JSON Schema of .memlint.yaml is published: the
// copy committed as docs/memlint.schema.json, which editors fetch through
// a "# yaml-language-server: $schema=" comment or SchemaStore.
const SchemaID = "https://raw.githubusercontent.com/memlint/memlint/main/docs/memlint.schema.json"

// schemaSeverities are the severities a rule setting accepts, as the docs
// spell them ("warn" is parseSeverity's alias of warning). parseSeverity
// also takes them in any case; the schema offers the lowercase ones.
var schemaSeverities = []any{"error", "warning", "warn", "info", "off"}

// schemaRecallModes and schemaGuardModes are the values of claude-code's
// keys, the booleans included: a YAML 1.1 reader takes an unquoted on or
// off for one (recallModes, guardModes).
var (
	schemaRecallModes = []any{"auto", "on", "off", true, false}
	schemaGuardModes  = []any{"on", "off", true, false}
)

// schemaScopes are the custom-rule scopes without a key path; the others
// are frontmatter.<key>[.<key>…] (customScope).
var schemaScopes = []any{"body", "description", "name", "index"}

// obj is a JSON object of the schema. encoding/json writes map keys
// sorted, so the output is the same on every run.
type obj = map[string]any

// ConfigSchema returns the JSON Schema (draft 2020-12) of .memlint.yaml
// for the rules of reg: what ParseConfig accepts, as far as a schema can
// say it. A schema cannot check an RE2 pattern or a glob, tell that two
// custom rules share an ID, or see which custom IDs a file defines: with
// custom-rules: present, rules: also accepts any ID of the custom shape.
func ConfigSchema(reg *Registry) ([]byte, error) {
	var ids []any
	ruleProps := obj{}
	for _, r := range reg.Rules() {
		ids = append(ids, r.ID)
		ruleProps[r.ID] = ruleSettingSchema(r)
	}
	builtinOnly := obj{"type": []any{"object", "null"}, "propertyNames": obj{"$ref": "#/$defs/builtinRuleID"}}
	schema := obj{
		"$schema":     "https://json-schema.org/draft/2020-12/schema",
		"$id":         SchemaID,
		"title":       "memlint configuration (.memlint.yaml)",
		"description": "Configuration of memlint, the linter for Claude Code auto-memory directories. Unknown keys and bad values are errors. See https://github.com/memlint/memlint/blob/main/docs/cli.md#configuration-lookup",
		"type":        "object",
		"properties": obj{
			"roots":        withDoc(obj{"$ref": "#/$defs/globs"}, "What to lint when no PATH is given: memory dirs, or folders to search for them (doublestar globs, relative to this file). Default: discovery."),
			"ignore":       withDoc(obj{"$ref": "#/$defs/globs"}, "Files and folders not to lint (doublestar globs, relative to this file); a folder's match excludes what is inside."),
			"preview":      obj{"description": "true runs the preview rules too (as --preview): those whose precision on real memory has not yet reached the bar to run by default. A preview rule named under rules: runs without it.", "type": "boolean", "default": false},
			"claude-code":  claudeCodeSchema(),
			"rules":        withDoc(obj{"$ref": "#/$defs/rules"}, "Rule settings by rule ID: a severity, off, or a mapping of severity and options."),
			"overrides":    overridesSchema(),
			"custom-rules": customRulesSchema(),
		},
		"additionalProperties": false,
		// Without custom rules, rules: and overrides[].rules: name built-in
		// rules only; with them, any ID of the custom shape too (a schema
		// cannot see which IDs custom-rules: defines).
		"if": obj{
			"required":   []any{"custom-rules"},
			"properties": obj{"custom-rules": obj{"type": "array", "minItems": 1}},
		},
		"else": obj{"properties": obj{
			"rules":     builtinOnly,
			"overrides": obj{"type": "array", "items": obj{"type": "object", "properties": obj{"rules": builtinOnly}}},
		}},
		"$defs": obj{
			"builtinRuleID": obj{"description": "The ID of a built-in rule (memlint rules lists them).", "enum": ids},
			"severity": obj{
				"description": "error, warning (or warn), info, or off to turn the rule off.",
				"enum":        schemaSeverities,
			},
			"globs": obj{
				"description": "A doublestar glob or a list of them.",
				"type":        []any{"string", "array", "null"},
				"items":       obj{"type": "string"},
			},
			"text":  obj{"type": "string", "pattern": `\S`},
			"onOff": obj{"type": "boolean", "description": "false turns the rule off; true leaves it at its default."},
			"rules": obj{
				"type":       []any{"object", "null"},
				"properties": ruleProps,
				// A built-in ID, or one of the custom shape, whose setting
				// has no options.
				"propertyNames": obj{"anyOf": []any{
					obj{"$ref": "#/$defs/builtinRuleID"},
					obj{"pattern": customRuleID.String(), "not": obj{"const": "all"}},
				}},
				"additionalProperties": ruleSettingAnyOf(nil),
			},
		},
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // descriptions keep their <, > and &
	enc.SetIndent("", "  ")
	if err := enc.Encode(schema); err != nil {
		return nil, fmt.Errorf("config schema: %w", err)
	}
	return b.Bytes(), nil
}

func withDoc(s obj, doc string) obj {
	s["description"] = doc
	return s
}

// ruleSettingSchema is what rules: accepts for one rule.
func ruleSettingSchema(r *Rule) obj {
	props := obj{}
	for _, o := range r.Options {
		props[o.Name] = optionSchema(o)
	}
	s := ruleSettingAnyOf(props)
	doc := r.Summary
	if r.Severity != SeverityDefault {
		doc += fmt.Sprintf(" (default severity: %s)", r.Severity)
	}
	s["description"] = doc
	return s
}

// ruleSettingAnyOf is a rule setting: a severity, a boolean (false is
// off), or a mapping of severity and the rule's options.
func ruleSettingAnyOf(options obj) obj {
	props := obj{"severity": obj{"$ref": "#/$defs/severity"}}
	for k, v := range options {
		props[k] = v
	}
	return obj{"anyOf": []any{
		obj{"$ref": "#/$defs/severity"},
		obj{"$ref": "#/$defs/onOff"},
		obj{"type": "object", "properties": props, "additionalProperties": false},
	}}
}

// optionSchema is the schema of one rule option, typed by its default as
// optionValue reads it.
func optionSchema(o Option) obj {
	var s obj
	switch def := o.Default.(type) {
	case int:
		s = obj{"type": "integer", "minimum": 0}
	case bool:
		s = obj{"type": "boolean"}
	case string:
		s = obj{"type": "string"}
	case []string:
		item := obj{"type": "string"}
		if o.Choices != nil {
			item = obj{"enum": stringsAny(o.Choices)}
		}
		// A single value is a list of one; an empty value an empty list.
		s = obj{"anyOf": []any{item, obj{"type": "array", "items": item}, obj{"type": "null"}}}
		def = append([]string{}, def...) // never encode nil as null
		o.Default = def
	default:
		// optionValue refuses such an option too; OptionsOf never makes one.
		s = obj{}
	}
	s["default"] = o.Default
	if o.Doc != "" {
		s["description"] = o.Doc
	}
	return s
}

func stringsAny(list []string) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}

func claudeCodeSchema() obj {
	return obj{
		"description":          "What memlint should assume about the Claude Code that uses the memory.",
		"type":                 []any{"object", "null"},
		"additionalProperties": false,
		"properties": obj{
			"recall": obj{
				"description": "Whether Claude Code's recall mode applies: on, off, or auto (on when CLAUDE_MEMORY_STORES is set or Claude Code's state says the account has recall).",
				"enum":        schemaRecallModes,
				"default":     "auto",
			},
			"guard": obj{
				"description": "off turns off the Claude Code PreToolUse guard (memlint hooks run claude-guard): findings are then reported after a write only.",
				"enum":        schemaGuardModes,
				"default":     "on",
			},
			"version": obj{
				"description": "The Claude Code release whose behaviour memlint models, such as 2.1.332. Default: the version `claude --version` prints for the claude on PATH, else the newest release memlint models.",
				"type":        "string",
				"pattern":     `^[0-9]+\.[0-9]+\.[0-9]+$`,
			},
		},
	}
}

func overridesSchema() obj {
	return obj{
		"description": "Rule settings for the files matching globs, applied in order after rules:.",
		"type":        "array",
		"items": obj{
			"type":                 "object",
			"additionalProperties": false,
			"required":             []any{"files"},
			"properties": obj{
				"files": obj{
					"description": "The doublestar globs (relative to this file) the override applies to.",
					"anyOf": []any{
						obj{"type": "string"},
						obj{"type": "array", "items": obj{"type": "string"}, "minItems": 1},
					},
				},
				"rules": obj{"$ref": "#/$defs/rules"},
			},
		},
	}
}

// customRulesSchema is custom-rules:, checked as customRule checks it.
func customRulesSchema() obj {
	text := obj{"$ref": "#/$defs/text"}
	types := obj{"enum": stringsAny(memoryTypes)}
	return obj{
		"description": "Checks of your own: an RE2 pattern or a list of words, matched in one part of a memory.",
		"type":        []any{"array", "null"},
		"items": obj{
			"type":                 "object",
			"additionalProperties": false,
			"required":             []any{"id", "message"},
			"properties": obj{
				"id": obj{
					"description": "The rule ID: lowercase letters and digits in words joined by hyphens; not a built-in ID, not all.",
					"type":        "string",
					"pattern":     customRuleID.String(),
					"not":         obj{"anyOf": []any{obj{"const": "all"}, obj{"$ref": "#/$defs/builtinRuleID"}}},
				},
				"message":  withDoc(obj{"$ref": "#/$defs/text"}, "The finding's message; {match} stands for the matched text."),
				"severity": obj{"enum": []any{"error", "warning", "warn", "info"}, "default": "warning"},
				"pattern":  withDoc(obj{"$ref": "#/$defs/text"}, "An RE2 regular expression (Go syntax; no lookaround or backreferences) that must not match empty text."),
				"words": obj{
					"description": "Words or phrases, matched as whole words ignoring case.",
					"anyOf":       []any{text, obj{"type": "array", "items": text, "minItems": 1}},
				},
				"scope": obj{
					"description": "Where to look: body (default), index, name, description, or frontmatter.<key> with a dotted key path.",
					"anyOf": []any{
						obj{"enum": schemaScopes},
						obj{"type": "string", "pattern": `^\s*frontmatter(\.[^.]*[^.\s][^.]*)+\s*$`},
					},
					"default": "body",
				},
				"types": obj{
					"description": "Only memories of these types. Not with scope: index.",
					"anyOf":       []any{types, obj{"type": "array", "items": types}, obj{"type": "null"}},
				},
				"files":      withDoc(obj{"$ref": "#/$defs/globs"}, "Only files matching these doublestar globs, relative to this file; elsewhere the rule is off."),
				"suggestion": withDoc(obj{"$ref": "#/$defs/text"}, "How to fix it, shown under the finding; may use {match}."),
			},
			"oneOf": []any{obj{"required": []any{"pattern"}}, obj{"required": []any{"words"}}},
			"if": obj{
				"required":   []any{"scope"},
				"properties": obj{"scope": obj{"const": "index"}},
			},
			"then": obj{"properties": obj{"types": obj{"anyOf": []any{
				obj{"type": "null"}, obj{"type": "array", "maxItems": 0},
			}}}},
		},
	}
}
