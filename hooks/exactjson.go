package hooks

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// decodeExact decodes the JSON object data into the struct v points to,
// matching each field's json tag exactly, as Claude Code (JavaScript)
// reads its own events. encoding/json matches keys regardless of case, so
// an event carrying both "content" and "Content" would be read by the
// guard from whichever came last while Claude Code writes "content": a
// secret could pass the guard behind a clean "Content". Keys that differ
// from a tag only in case are ignored, as Claude Code ignores them; a key
// given twice keeps its last value, as JSON.parse does. Struct fields,
// and slices of structs, are decoded the same way all the way down; other
// fields (strings, booleans, raw messages) by encoding/json.
func decodeExact(data []byte, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("decodeExact: %T is not a non-nil pointer", v)
	}
	return decodeExactValue(data, rv.Elem())
}

var rawMessageType = reflect.TypeFor[json.RawMessage]()

func decodeExactValue(data []byte, v reflect.Value) error {
	switch {
	case v.Type() == rawMessageType:
		v.SetBytes(append([]byte(nil), data...))
		return nil
	case v.Kind() == reflect.Struct:
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(data, &fields); err != nil {
			return err
		}
		t := v.Type()
		for i := range t.NumField() {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			raw, ok := fields[name]
			if !ok {
				continue
			}
			if err := decodeExactValue(raw, v.Field(i)); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		return nil
	case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Struct:
		var items []json.RawMessage
		if err := json.Unmarshal(data, &items); err != nil {
			return err
		}
		if items == nil {
			v.SetZero()
			return nil
		}
		s := reflect.MakeSlice(v.Type(), len(items), len(items))
		for i, raw := range items {
			if err := decodeExactValue(raw, s.Index(i)); err != nil {
				return fmt.Errorf("[%d]: %w", i, err)
			}
		}
		v.Set(s)
		return nil
	default:
		return json.Unmarshal(data, v.Addr().Interface())
	}
}
