package jsonschema

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.json")
	schema := `{"oneOf": [{"$ref": "#/$defs/a"}, {"$ref": "#/$defs/b"}], "$defs": {
		"a": {"type": "object", "required": ["type", "n"], "properties": {"type": {"const": "a"}, "n": {"type": "integer"}}},
		"b": {"type": "object", "required": ["type", "xs"], "properties": {"type": {"const": "b"},
			"xs": {"type": "array", "items": {"enum": ["x", "y"]}}, "h": {"type": "string", "pattern": "^0x[0-9a-f]+$"}}}}}`
	if err := os.WriteFile(path, []byte(schema), 0o666); err != nil {
		t.Fatal(err)
	}
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ doc, err string }{
		{`{"type": "a", "n": 18446744073709551615}`, ""},
		{`{"type": "b", "xs": ["x", "y"], "h": "0xff"}`, ""},
		{`{"type": "a", "n": 1.5}`, "not of type integer"},
		{`{"type": "a"}`, `lacks "n"`},
		{`{"type": "c", "n": 1}`, "matches 0 of oneOf"},
		{`{"type": "b", "xs": ["z"]}`, "is not one of"},
		{`{"type": "b", "xs": [], "h": "ff"}`, "does not match"},
		{`{"type": "a", "n": 1} {}`, "more than one"},
	} {
		_, err := s.Validate([]byte(tc.doc))
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("Validate(%s) = %v, want %q", tc.doc, err, tc.err)
		}
	}
}

func TestValidateLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(path, []byte(`{"type": "object", "required": ["a"]}`), 0o666); err != nil {
		t.Fatal(err)
	}
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := s.ValidateLines([]byte("{\"a\": 1}\n{\"a\": 2}\n")); err != nil || len(v) != 2 {
		t.Errorf("two good lines: %v, %v", v, err)
	}
	if v, err := s.ValidateLines(nil); err != nil || len(v) != 0 {
		t.Errorf("no lines: %v, %v", v, err)
	}
	if _, err := s.ValidateLines([]byte("{\"a\": 1}\n{}\n")); err == nil || !strings.HasPrefix(err.Error(), "line 2: {}") {
		t.Errorf("bad second line: %v", err)
	}
}
