package lint

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/memlint/memlint/lint/memory"
)

// Option is a setting a rule reads from configuration. Its Default fixes
// its type: int, bool, string or []string. A built-in rule does not write
// Options by hand: OptionsOf derives them from a struct, which the rule
// then reads with OptionsFor.
type Option struct {
	Name    string
	Default any
	Doc     string
	// Choices, when set, are the values a string or list option accepts.
	Choices []string

	decl *optionsDecl // the struct the option is a field of, from OptionsOf
}

// optionsDecl is a rule's options struct: its type, its defaults and which
// field holds which option.
type optionsDecl struct {
	typ    reflect.Type
	def    reflect.Value
	fields []int // field index of each option, in Options order
}

// OptionsOf declares a rule's options from a struct value holding their
// defaults. Each exported field is one option, of type int, bool, string
// or []string, tagged with its name in configuration and its meaning:
//
//	type entryLengthOptions struct {
//		Max int `option:"max" doc:"longest entry, in characters"`
//	}
//	Options: lint.OptionsOf(entryLengthOptions{Max: 150}),
//
// A list option may give the values it accepts: `choices:"user,feedback"`.
// The rule reads the values configured for a file with OptionsFor, so a
// misspelt option is a compile error, not a silent zero. OptionsOf panics
// on a struct it cannot use: a programming error the tests catch.
func OptionsOf[T any](defaults T) []Option {
	v := reflect.ValueOf(defaults)
	t := v.Type()
	if t.Kind() != reflect.Struct {
		panic(fmt.Sprintf("lint.OptionsOf: %v is not a struct", t))
	}
	decl := &optionsDecl{typ: t, def: v}
	var opts []Option
	for i := range t.NumField() {
		f := t.Field(i)
		name := f.Tag.Get("option")
		if !f.IsExported() || name == "" {
			panic(fmt.Sprintf("lint.OptionsOf: %v.%s needs to be exported and tagged option:\"name\"", t, f.Name))
		}
		switch f.Type {
		case reflect.TypeFor[int](), reflect.TypeFor[bool](), reflect.TypeFor[string](), reflect.TypeFor[[]string]():
		default:
			panic(fmt.Sprintf("lint.OptionsOf: %v.%s has type %v (use int, bool, string or []string)", t, f.Name, f.Type))
		}
		def := v.Field(i).Interface()
		if list, ok := def.([]string); ok {
			def = append([]string{}, list...)
		}
		o := Option{Name: name, Default: def, Doc: f.Tag.Get("doc"), decl: decl}
		if c := f.Tag.Get("choices"); c != "" {
			o.Choices = strings.Split(c, ",")
		}
		decl.fields = append(decl.fields, i)
		opts = append(opts, o)
	}
	return opts
}

// OptionsFor returns the rule's options as configured for the file (or,
// with a nil file, for the dir), decoded into the struct the rule declared
// with OptionsOf. The value is worked out once per file and rule.
// OptionsFor panics when T is not that struct: a programming error that
// the rule's first run shows.
func OptionsFor[T any](p *Pass, f *memory.File) T {
	path := p.Dir.Path
	if f != nil {
		path = f.Path
	}
	// Files whose options resolve alike share one decoding: in a run
	// without overrides setting the rule's options, all of them.
	if p.linter != nil && p.options != nil {
		if k, ok := p.linter.Config.optionsKey(p.Rule, func() string { return p.linter.abs(path) }); ok {
			if v, ok := p.decodedByKey[k]; ok {
				return v.(T)
			}
			v := decodeOptions[T](p.Rule, p.options(p.Rule, path))
			if p.decodedByKey == nil {
				p.decodedByKey = map[uint64]any{}
			}
			p.decodedByKey[k] = v
			return v
		}
	}
	if v, ok := p.decoded[path]; ok {
		return v.(T)
	}
	var raw Options
	if p.options == nil {
		raw = defaultOptions(p.Rule)
	} else {
		raw = p.options(p.Rule, path)
	}
	v := decodeOptions[T](p.Rule, raw)
	if p.decoded == nil {
		p.decoded = map[string]any{}
	}
	p.decoded[path] = v
	return v
}

// decodeOptions fills the rule's options struct from resolved values.
func decodeOptions[T any](r *Rule, raw Options) T {
	var out T
	want := reflect.TypeFor[T]()
	if len(r.Options) == 0 || r.Options[0].decl == nil || r.Options[0].decl.typ != want {
		panic(fmt.Sprintf("rule %s reads options %v but does not declare them with lint.OptionsOf(%v{...})", r.ID, want, want))
	}
	decl := r.Options[0].decl
	v := reflect.New(want).Elem()
	v.Set(decl.def)
	for i, o := range r.Options {
		val, ok := raw[o.Name]
		if !ok {
			continue
		}
		field := v.Field(decl.fields[i])
		if list, isList := val.([]string); isList {
			val = append([]string{}, list...) // the rule may not change the config's list
		}
		field.Set(reflect.ValueOf(val))
	}
	reflect.ValueOf(&out).Elem().Set(v)
	return out
}

// Options holds the resolved option values of one rule for one file, by
// option name, as configuration gives them (Config.Resolve). Rules read
// their options typed, with OptionsFor.
type Options map[string]any

// Int returns an int option.
func (o Options) Int(name string) int { v, _ := o[name].(int); return v }

// Bool returns a bool option.
func (o Options) Bool(name string) bool { v, _ := o[name].(bool); return v }

// String returns a string option.
func (o Options) String(name string) string { v, _ := o[name].(string); return v }

// Strings returns a list option.
func (o Options) Strings(name string) []string { v, _ := o[name].([]string); return v }

// defaultOptions returns a rule's options at their defaults.
func defaultOptions(r *Rule) Options {
	o := make(Options, len(r.Options))
	for _, opt := range r.Options {
		o[opt.Name] = opt.Default
	}
	return o
}

// FormatOptionDefault writes an option's default the way .memlint.yaml
// spells it: 150, true, "text", [project, feedback].
func FormatOptionDefault(o Option) string {
	switch v := o.Default.(type) {
	case string:
		return fmt.Sprintf("%q", v)
	case []string:
		return "[" + strings.Join(v, ", ") + "]"
	}
	return fmt.Sprint(o.Default)
}
