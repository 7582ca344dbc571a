package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
)

// Schema is a parsed schema.
type Schema struct {
	root map[string]any
}

// Load reads a schema from a file.
func Load(path string) (*Schema, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	v, err := decode(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	root, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: a schema is an object", path)
	}
	return &Schema{root: root}, nil
}

// decode decodes JSON with numbers kept as json.Number, so that integers
// are told from other numbers and keep every digit.
func decode(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return v, nil
}

// Validate decodes doc and checks it against the schema; the error says
// where it fails.
func (s *Schema) Validate(doc []byte) (any, error) {
	v, err := decode(doc)
	if err != nil {
		return nil, err
	}
	return v, s.check(s.root, v, "$")
}

func (s *Schema) check(sch map[string]any, v any, at string) error {
	if ref, ok := sch["$ref"].(string); ok {
		name, ok := strings.CutPrefix(ref, "#/$defs/")
		def, _ := s.root["$defs"].(map[string]any)[name].(map[string]any)
		if !ok || def == nil {
			return fmt.Errorf("%s: unknown $ref %s", at, ref)
		}
		if err := s.check(def, v, at); err != nil {
			return err
		}
	}
	if t, ok := sch["type"].(string); ok && !isType(v, t) {
		return fmt.Errorf("%s: %s is not of type %s", at, show(v), t)
	}
	if c, ok := sch["const"]; ok && !equal(c, v) {
		return fmt.Errorf("%s: %s is not %s", at, show(v), show(c))
	}
	if e, ok := sch["enum"].([]any); ok && !slices.ContainsFunc(e, func(c any) bool { return equal(c, v) }) {
		return fmt.Errorf("%s: %s is not one of %s", at, show(v), show(e))
	}
	if p, ok := sch["pattern"].(string); ok {
		str, _ := v.(string)
		if !regexp.MustCompile(p).MatchString(str) {
			return fmt.Errorf("%s: %s does not match %s", at, show(v), p)
		}
	}
	if obj, ok := v.(map[string]any); ok {
		for _, r := range list(sch["required"]) {
			if _, ok := obj[r.(string)]; !ok {
				return fmt.Errorf("%s: lacks %q", at, r)
			}
		}
		props, _ := sch["properties"].(map[string]any)
		for name, p := range props {
			if m, ok := obj[name]; ok {
				if err := s.check(p.(map[string]any), m, at+"."+name); err != nil {
					return err
				}
			}
		}
	}
	if arr, ok := v.([]any); ok {
		if items, ok := sch["items"].(map[string]any); ok {
			for i, e := range arr {
				if err := s.check(items, e, fmt.Sprintf("%s[%d]", at, i)); err != nil {
					return err
				}
			}
		}
	}
	if one := list(sch["oneOf"]); one != nil {
		var match int
		var errs []string
		for _, o := range one {
			if err := s.check(o.(map[string]any), v, at); err != nil {
				errs = append(errs, err.Error())
			} else {
				match++
			}
		}
		if match != 1 {
			return fmt.Errorf("%s: %s matches %d of oneOf, want 1: %s", at, show(v), match, strings.Join(errs, "; "))
		}
	}
	return nil
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

func isType(v any, t string) bool {
	switch v := v.(type) {
	case map[string]any:
		return t == "object"
	case []any:
		return t == "array"
	case string:
		return t == "string"
	case bool:
		return t == "boolean"
	case nil:
		return t == "null"
	case json.Number:
		return t == "number" || t == "integer" && !strings.ContainsAny(v.String(), ".eE")
	}
	return false
}

func equal(a, b any) bool { return reflect.DeepEqual(a, b) }

func show(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 80 {
		b = append(b[:77], "..."...)
	}
	return string(b)
}

// ValidateLines checks each line of JSON lines text against the schema and
// returns the decoded lines; the error names the first line that fails.
func (s *Schema) ValidateLines(text []byte) ([]any, error) {
	var out []any
	for i, line := range bytes.Split(bytes.TrimSuffix(text, []byte("\n")), []byte("\n")) {
		if len(line) == 0 && len(text) == 0 {
			break
		}
		v, err := s.Validate(line)
		if err != nil {
			return out, fmt.Errorf("line %d: %s\n%w", i+1, line, err)
		}
		out = append(out, v)
	}
	return out, nil
}
